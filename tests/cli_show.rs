//! `dam show` run as a program: its output for start positions and after
//! moves, and exit code 2 with a message for every kind of bad input.

use crate::common::{dam, stderr, stdout};

#[test]
fn international_start() {
    let out = dam(&["show", "--variant", "international"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("variant: international\n"), "{text}");
    assert!(
        text.contains("10      1     2     3     4     5\n"),
        "{text}"
    );
    assert!(
        text.contains("\n 1  46    47    48    49    50\n"),
        "{text}"
    );
    assert!(text.contains("\nWhite to move\n"), "{text}");
    assert!(
        text.contains("plies without capture or man move: 0"),
        "{text}"
    );
    let fen = format!(
        "FEN: W:W{}:B{}\n",
        (31..=50)
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(","),
        (1..=20)
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(",")
    );
    assert!(text.ends_with(&fen), "{text}");
}

#[test]
fn every_variant_shows_its_start() {
    for variant in [
        "international",
        "english",
        "brazilian",
        "russian",
        "dama",
        "dama-international",
        "damasca",
        "damasca-international",
        "lasca",
        "damath",
    ] {
        let out = dam(&["show", "--variant", variant]);
        assert_eq!(out.status.code(), Some(0), "{variant}: {}", stderr(&out));
        assert!(stdout(&out).contains("FEN: "), "{variant}");
    }
}

#[test]
fn english_black_moves_first() {
    let out = dam(&["show", "--variant", "english"]);
    assert!(
        stdout(&out).contains("\nBlack to move\n"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn moves_in_any_notation_then_the_position() {
    let out = dam(&[
        "show",
        "--variant",
        "russian",
        "--moves",
        "1. c3-d4 f6-g5 2. 23-19?",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("moves: 22-18 11-16 23-19\n"), "{text}");
    assert!(text.contains("\nBlack to move\n"), "{text}");
}

#[test]
fn a_capture_and_the_game_end() {
    let out = dam(&[
        "show",
        "--variant",
        "international",
        "--fen",
        "W:W28:B23",
        "--moves",
        "28x19",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("moves: 28x19\n"), "{text}");
    assert!(
        text.contains("game over: White wins (Black has no legal move)"),
        "{text}"
    );
    assert!(text.ends_with("FEN: B:W19:B\n"), "{text}");
}

#[test]
fn malformed_fen_names_the_field() {
    let out = dam(&["show", "--fen", "W:W31-50:B1-20,51"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "dam: FEN B section, token '51': square 51 is out of range (squares are 1..50)\n"
    );
    assert!(stdout(&out).is_empty());
    let out = dam(&["show", "--fen", "X:W31"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with("dam: FEN side to move"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn unknown_variant() {
    let out = dam(&["show", "--variant", "frisian"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("unknown variant 'frisian'"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn illegal_and_ambiguous_moves() {
    let out = dam(&["show", "--moves", "32-28 18-24"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "dam: move 2: move '18-24' is not legal here: legal moves from 18: 18-22, 18-23\n"
    );
    let out = dam(&[
        "show",
        "--fen",
        "W:WK47:B14,19,29,31,42",
        "--moves",
        "47x36",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "dam: move 1: move '47x36' is ambiguous: it can be 47x38x20x9x36 or 47x38x24x13x36\n"
    );
    let out = dam(&["show", "--moves", "32-28-23"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with("dam: move 1: move '32-28-23'"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn results_comments_and_nags_in_moves_are_skipped_and_junk_counters_refused() {
    let out = dam(&["show", "--moves", "1. 32-28 {a fine {move} 19-23 $1 2-0"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("moves: 32-28 19-23\n"),
        "{}",
        stdout(&out)
    );
    let out = dam(&["show", "--fen", "W:W31:B19:Hjunk"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("Hjunk"), "{}", stderr(&out));
}

#[test]
fn help_names_every_subcommand() {
    let help = stdout(&dam(&["pdn", "--help"]));
    for sub in ["validate", "convert", "stats", "analyze"] {
        assert!(help.lines().next().unwrap().contains(sub), "{help}");
    }
}
