//! `dam match` as a program (issue 12, items 14-16): `--games` with
//! ballots, a peer that does not answer, and openings that repeat.

use crate::common::{dam, dir, file, stderr, stdout};

/// Quick engines and games.
const QUICK: [&str; 9] = [
    "match",
    "--engine",
    "dam:depth=1",
    "--engine",
    "dam:depth=2",
    "--movetime",
    "0.05",
    "--max-plies",
    "16",
];

#[test]
fn games_is_honoured_with_ballots() {
    let d = dir("match-ballots");
    let ballots = file(&d, "b.txt", "32-28 19-23\n33-28 18-23\n34-29 17-22\n");
    let log = d.join("m.pdn").display().to_string();
    let out = dam(&[
        &QUICK[..],
        &["--ballots", &ballots, "--games", "4", "--pdn", &log],
    ]
    .concat());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("games 4:"), "{}", stdout(&out));
    let written = std::fs::read_to_string(&log).unwrap();
    assert_eq!(written.matches("[Event ").count(), 4);
}

#[test]
fn a_peer_that_does_not_answer_aborts_the_match() {
    let d = dir("match-mute");
    let log = d.join("m.pdn").display().to_string();
    let out = dam(&[
        "match",
        "--engine",
        "dam:depth=1",
        "--engine",
        "dxp://127.0.0.1:1",
        "--pdn",
        &log,
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("match aborted at game 1"),
        "{}",
        stderr(&out)
    );
    // A Hub engine that never answers `go`.
    let mute = file(
        &d,
        "mute.sh",
        "while read -r l; do case $l in hub) echo wait;; init) echo ready;; esac; done\n",
    );
    let engine = format!("sh {mute}");
    let out = dam(&[
        &QUICK[..3],
        &["--engine", &engine, "--movetime", "0.05", "--pdn", &log],
    ]
    .concat());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("hub engine: the engine is silent"),
        "{}",
        stderr(&out)
    );
    assert!(!stdout(&out).contains("elo +1200"), "{}", stdout(&out));
}

#[test]
fn repeated_openings_are_warned_of() {
    let d = dir("match-repeat");
    let log = d.join("m.pdn").display().to_string();
    let args = [
        &QUICK[..],
        &["--variant", "russian", "--games", "4", "--pdn", &log],
    ]
    .concat();
    let out = dam(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("will play the same games again"),
        "{}",
        stderr(&out)
    );
    let out = dam(&[&QUICK[..], &["--games", "2", "--pdn", &log]].concat());
    assert!(
        !stderr(&out).contains("same games again"),
        "{}",
        stderr(&out)
    );
}

/// dam's own Hub mode as a match engine in the 8x8 variants whose Hub
/// text differs from their standard numbering (english positions turned,
/// russian and brazilian moves numbered from White's side): every game is
/// played out with legal moves, none forfeited.
#[test]
fn dam_hub_plays_the_8x8_variants_in_a_match() {
    let d = dir("match-hub-8x8");
    let hub = format!("{} hub", env!("CARGO_BIN_EXE_dam"));
    for variant in ["english", "russian", "brazilian"] {
        let log = d.join(format!("{variant}.pdn")).display().to_string();
        let out = dam(&[
            "match",
            "--variant",
            variant,
            "--engine",
            &hub,
            "--engine",
            "dam:depth=2",
            "--hub-param",
            "threads=1",
            "--movetime",
            "0.02",
            "--max-plies",
            "40",
            "--games",
            "2",
            "--pdn",
            &log,
        ]);
        assert_eq!(out.status.code(), Some(0), "{variant}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(
            !err.contains("gave no move") && !err.contains("not legal"),
            "{variant}: {err}"
        );
        assert!(
            stdout(&out).contains("games 2:"),
            "{variant}: {}",
            stdout(&out)
        );
    }
}
