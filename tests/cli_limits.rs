//! Command-line values that used to panic or run away (issue 12, items
//! 11-13): huge times, a closed stdout, a table the machine cannot hold,
//! absurd thread counts and node limits of 0 or 1.

use crate::common::{command, dam, dir, file, stderr, stdout};
use std::process::Stdio;

#[test]
fn huge_times_are_refused_with_a_message() {
    let dir = dir("limits");
    let pdn = file(&dir, "g.pdn", "[GameType \"20\"]\n1. 32-28 19-23 *\n");
    let out = dir.join("out.pdn").display().to_string();
    for time in ["1e20", "1e308", "0", "-1", "nan"] {
        let (time, movetime) = (format!("--time={time}"), format!("--movetime={time}"));
        let runs: [Vec<&str>; 4] = [
            vec!["analyze", &time],
            vec!["selfplay", "--games", "2", &time],
            vec!["pdn", "analyze", &pdn, "-o", &out, &time],
            vec!["match", "--engine", "dam", "--engine", "dam", &movetime],
        ];
        for args in runs {
            let run = dam(&args);
            assert_eq!(run.status.code(), Some(2), "{args:?}");
            assert!(
                stderr(&run).contains("seconds"),
                "{args:?}: {}",
                stderr(&run)
            );
        }
    }
}

#[test]
fn a_closed_stdout_ends_output_commands_quietly() {
    let runs: [&[&str]; 3] = [
        &["show"],
        &["analyze", "--variant", "english", "--depth", "4"],
        &["perft", "--depth", "3"],
    ];
    for args in runs {
        let mut child = command()
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert_ne!(out.status.code(), Some(134), "{args:?}");
        assert!(
            !stderr(&out).contains("panicked"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn a_table_too_big_for_the_machine_falls_back_to_a_smaller_one() {
    let run = std::process::Command::new("sh")
        .args(["-c", "ulimit -v 600000 && exec \"$0\" \"$@\""])
        .arg(env!("CARGO_BIN_EXE_dam"))
        .args([
            "analyze",
            "--variant",
            "english",
            "--depth",
            "2",
            "--threads",
            "1",
        ])
        .args(["--tt-size", "30"])
        .output()
        .unwrap();
    assert!(run.status.success(), "{}", stderr(&run));
    assert!(stdout(&run).contains("bestmove"));
    assert!(
        stderr(&run).contains("cannot be allocated"),
        "{}",
        stderr(&run)
    );
}

#[test]
fn thread_counts_and_node_limits_are_checked() {
    let run = dam(&["perft", "--depth", "2", "--threads", "100000"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(stderr(&run).contains("1..=256"), "{}", stderr(&run));
    let run = dam(&["analyze", "--variant", "english", "--nodes", "0"]);
    assert_eq!(run.status.code(), Some(2));
    let run = dam(&["analyze", "--variant", "english", "--nodes", "1"]);
    let best = stdout(&run);
    let best = best.lines().last().unwrap();
    assert!(
        best.contains(" depth 1 ") && !best.contains("win"),
        "{best}"
    );
}
