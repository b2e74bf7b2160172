//! `dam dxp` and `dam match` refuse bad command lines with exit code 2 and
//! a message on stderr, before touching the network.

use std::process::{Command, Stdio};

/// Run dam with `args`; its exit code and stderr.
fn dam(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dam"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run dam");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

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
        let (code, err) = dam(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
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
        let (code, err) = dam(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(expected), "{args:?}: {err}");
    }
}
