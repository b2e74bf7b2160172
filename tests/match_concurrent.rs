//! `dam match --concurrency`: games in parallel still give every round
//! once in the PDN log; `--hub-param` reaches Hub engines; `--sprt` stops
//! a one-sided match early with its verdict.

use crate::common::{command, stdout};
use std::process::Stdio;

#[test]
fn concurrent_games_log_every_round_once() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("m.pdn");
    let ballots = dir.path().join("b.txt");
    std::fs::write(&ballots, "32-28 18-23\n33-28 17-21\n34-29 19-23\n").unwrap();
    let hub = format!("{} hub", env!("CARGO_BIN_EXE_dam"));
    let out = command()
        .args(["match", "--engine", "dam:depth=2", "--engine", &hub])
        .args(["--ballots", ballots.to_str().unwrap(), "--concurrency", "2"])
        .args(["--hub-param", "threads=1", "--movetime", "0.03"])
        .args(["--max-plies", "150", "--pdn", log.to_str().unwrap()])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout(&out).contains("games 6:"), "{}", stdout(&out));
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(!text.contains("gave no move"), "{text}");
    let mut rounds: Vec<u32> = text
        .lines()
        .filter_map(|l| l.strip_prefix("[Round \""))
        .map(|r| r.trim_end_matches("\"]").parse().unwrap())
        .collect();
    rounds.sort();
    assert_eq!(rounds, [1, 2, 3, 4, 5, 6]);
}

#[test]
fn sprt_stops_a_lopsided_match() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("m.pdn");
    let out = command()
        .args([
            "match",
            "--engine",
            "dam:depth=5",
            "--engine",
            "dam:depth=1",
        ])
        .args([
            "--ballots",
            "book/international-3move.txt",
            "--sprt",
            "0,50",
        ])
        .args(["--concurrency", "2", "--max-plies", "200"])
        .args(["--pdn", log.to_str().unwrap()])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("H1 accepted"), "{text}");
    let games: usize = text
        .split("games ")
        .nth(1)
        .and_then(|s| s.split(':').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!(games < 100, "{text}");
}
