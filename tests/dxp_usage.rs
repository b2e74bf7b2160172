//! `dam dxp` and `dam match` refuse bad command lines with exit code 2 and
//! a message on stderr, before touching the network.

use crate::common::{dam, stderr};

#[test]
fn dxp_command_lines() {
    let cases: [(&[&str], &str); 5] = [
        (&["dxp"], "--listen"),
        (
            &["dxp", "--listen", "--connect", "127.0.0.1:1"],
            "cannot be used",
        ),
        (
            &["dxp", "--stdio", "--initiator", "--follower"],
            "cannot be used",
        ),
        (&["dxp", "--stdio", "--fen", "X:W1"], "FEN"),
        (
            &["dxp", "--stdio", "--variant", "frisian"],
            "unknown variant",
        ),
    ];
    for (args, expected) in cases {
        let out = dam(args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(expected), "{args:?}: {err}");
    }
}

#[test]
fn match_command_lines() {
    let cases: [(&[&str], &str); 5] = [
        (&["match", "--engine", "dxp://127.0.0.1:1"], "exactly two"),
        (
            &["match", "--engine", "dam:book=yes", "--engine", "dam"],
            "true or false",
        ),
        (
            &[
                "match",
                "--variant",
                "lasca",
                "--engine",
                "dam:depth=2,book=true",
                "--engine",
                "dam",
            ],
            "no opening book for lasca",
        ),
        (
            &["match", "--engine", "a", "--engine", "b", "--movetime", "0"],
            "--movetime",
        ),
        (
            &[
                "match",
                "--engine",
                "a",
                "--engine",
                "b",
                "--ballots",
                "/nonexistent/x",
            ],
            "cannot read",
        ),
    ];
    for (args, expected) in cases {
        let out = dam(args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(expected), "{args:?}: {err}");
    }
}
