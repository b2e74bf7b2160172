//! `dam analyze`, `dam bench` and `dam selfplay` run as programs: their
//! output, and exit code 2 with a message for bad input.

use crate::common::{dam, stdout};

#[test]
fn analyze_prints_info_lines_then_the_best_move() {
    let out = dam(&[
        "analyze",
        "--variant",
        "russian",
        "--depth",
        "4",
        "--threads",
        "1",
        "--multipv",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(text.contains("info multipv=2 depth=4 "), "{text}");
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("bestmove ") && last.contains(" depth 4 "),
        "{last}"
    );
}

#[test]
fn analyze_after_moves_and_from_a_fen() {
    let out = dam(&[
        "analyze",
        "--fen",
        "W:W18:B14",
        "--variant",
        "english",
        "--nodes",
        "5000",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stdout(&out).contains("bestmove 18x9 score win1"),
        "{}",
        stdout(&out)
    );
    let out = dam(&["analyze", "--moves", "32-28 19-23", "--time", "0.1"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("bestmove 28x19"), "{}", stdout(&out));
}

#[test]
fn analyze_rejects_bad_input() {
    for args in [
        &["analyze"][..],
        &["analyze", "--depth", "0"],
        &["analyze", "--time", "-1"],
        &["analyze", "--depth", "3", "--fen", "W:W99"],
        &["analyze", "--depth", "3", "--moves", "32-27 32-27"],
        &[
            "analyze",
            "--depth",
            "3",
            "--variant",
            "english",
            "--fen",
            "W:W1:B32",
        ],
    ] {
        let out = dam(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn bench_prints_the_totals() {
    let out = dam(&["bench", "--depth", "2"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(text.lines().count() >= 32, "{text}");
    assert!(
        text.contains("total: positions 40 depth 2 threads 1 nodes "),
        "{text}"
    );
    // one thread at a fixed depth: the same nodes every time
    let nodes = |text: &str| -> Vec<String> {
        text.lines()
            .map(|l| l.split(" time").next().unwrap_or("").to_string())
            .collect()
    };
    assert_eq!(
        nodes(&text),
        nodes(&stdout(&dam(&["bench", "--depth", "2"])))
    );
}

#[test]
fn selfplay_plays_pairs_of_games() {
    let out = dam(&[
        "selfplay",
        "--variant",
        "lasca",
        "--games",
        "2",
        "--time",
        "0.01",
        "--opponent-param",
        "table=false",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).starts_with("games 2: +"), "{}", stdout(&out));
    let bad = dam(&["selfplay", "--opponent-param", "speed=true"]);
    assert_eq!(bad.status.code(), Some(2));
}
