//! `dam pdn analyze` and `convert` under abuse, on files written here: a
//! write that fails midway (a file size limit the kernel enforces, as a
//! full disk does) stops the run and a resume writes every game exactly
//! once; a second run on the same output is refused; output states that do
//! not add up are refused, never repaired; a collection of a variant dam
//! does not play is named as such and never counted as analysed; a convert
//! killed midway leaves no file once the next run is done.

use crate::common::{command, dam, dir, file, stderr, stdout};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::Output;

/// A short international game with `event` as its Event tag.
fn game(event: &str) -> String {
    format!("[Event \"{event}\"]\n[GameType \"20\"]\n\n1. 33-29 17-21 2. 39-33 21-26 *\n\n")
}

/// `n` games, the `big`-th of them with a long Event tag (bigger than the
/// others together), each named `g1`, `g2`, ...
fn games(n: usize, big: usize) -> String {
    (1..=n)
        .map(|i| match i {
            _ if i == big => game(&format!("g{i} {}", "long ".repeat(1200))),
            _ => game(&format!("g{i}")),
        })
        .collect()
}

/// How often the game named `g{i}` is in `text`, for `i` in `1..=n`.
fn counts(text: &str, n: usize) -> Vec<usize> {
    (1..=n)
        .map(|i| {
            text.matches(&format!("[Event \"g{i}\"]")).count()
                + text.matches(&format!("[Event \"g{i} ")).count()
        })
        .collect()
}

/// `dam pdn analyze FILE --depth 1 -o OUT`, files no bigger than `limit`
/// bytes if given (writing past it fails as on a full disk: EFBIG).
fn analyze(input: &str, out: &Path, limit: Option<u64>) -> Output {
    let mut cmd = command();
    cmd.args(["pdn", "analyze", input, "--depth", "1", "-o"])
        .arg(out);
    if let Some(limit) = limit {
        // SAFETY: only async-signal-safe calls between fork and exec.
        unsafe {
            cmd.pre_exec(move || {
                libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
                let rl = libc::rlimit {
                    rlim_cur: limit,
                    rlim_max: limit,
                };
                if libc::setrlimit(libc::RLIMIT_FSIZE, &rl) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    cmd.output().expect("dam runs")
}

#[test]
fn a_failed_write_stops_the_run_and_a_resume_writes_every_game_once() {
    let d = dir("full-disk");
    let n = 10;
    let input = file(&d, "games.pdn", games(n, 4));
    let out = d.join("out.pdn");
    let full = analyze(&input, &out, Some(4096));
    assert_eq!(full.status.code(), Some(2), "{}", stderr(&full));
    let said = stderr(&full);
    assert!(said.contains("run the same command again"), "{said}");
    assert!(!out.exists());
    let partial = std::fs::read_to_string(d.join("out.pdn.partial")).unwrap();
    assert_eq!(counts(&partial, 3), [1, 1, 1], "{partial}");
    let resumed = analyze(&input, &out, None);
    assert_eq!(resumed.status.code(), Some(0), "{}", stderr(&resumed));
    assert!(
        stderr(&resumed).contains("resuming"),
        "{}",
        stderr(&resumed)
    );
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(counts(&written, n), vec![1; n], "every game exactly once");
    let valid = dam(&["pdn", "validate", &out.display().to_string()]);
    assert_eq!(valid.status.code(), Some(0), "{}", stdout(&valid));
}

#[test]
fn a_second_run_on_a_locked_output_is_refused() {
    let d = dir("locked");
    let input = file(&d, "games.pdn", games(3, 0));
    let out = d.join("out.pdn");
    let holder = std::fs::File::create(d.join("out.pdn.partial")).unwrap();
    holder.lock().unwrap();
    let refused = analyze(&input, &out, None);
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
    assert!(
        stderr(&refused).contains("another run is writing this output"),
        "{}",
        stderr(&refused)
    );
    assert!(!out.exists());
    drop(holder);
    let ran = analyze(&input, &out, None);
    assert_eq!(ran.status.code(), Some(0), "{}", stderr(&ran));
}

#[test]
fn two_runs_at_once_on_one_output_write_every_game_once() {
    let d = dir("two-runs");
    let n = 12;
    let input = file(&d, "games.pdn", games(n, 0));
    let out = d.join("out.pdn");
    let spawn = || {
        command()
            .args(["pdn", "analyze", &input, "--depth", "3", "-o"])
            .arg(&out)
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("dam runs")
    };
    let (a, b) = (spawn(), spawn());
    for run in [a.wait_with_output().unwrap(), b.wait_with_output().unwrap()] {
        let said = stderr(&run);
        match run.status.code() {
            Some(0) => {}
            Some(2) => assert!(said.contains("another run"), "{said}"),
            code => panic!("exit {code:?}: {said}"),
        }
    }
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(counts(&written, n), vec![1; n], "{written}");
    assert!(!d.join("out.pdn.partial").exists() && !d.join("out.pdn.done").exists());
}

#[test]
fn output_states_that_do_not_add_up_are_refused() {
    let d = dir("bad-state");
    let input = file(&d, "games.pdn", games(3, 0));
    let out = d.join("out.pdn");
    let partial = d.join("out.pdn.partial");
    let record = d.join("out.pdn.done");
    let cases: [(&str, Option<&str>, &str); 4] = [
        (
            "one game\n",
            Some("1 1 500\n"),
            "says 500 bytes are written but",
        ),
        (
            "one game\n",
            Some("7 1 9\n"),
            "says 7 games are done but the input has 3",
        ),
        (
            "one game\n",
            Some("\0\0\0"),
            "not a record of finished games",
        ),
        ("one game\n", None, "is missing"),
    ];
    for (held, says, message) in cases {
        std::fs::write(&partial, held).unwrap();
        let _ = std::fs::remove_file(&record);
        if let Some(says) = says {
            std::fs::write(&record, says).unwrap();
        }
        let refused = analyze(&input, &out, None);
        assert_eq!(
            refused.status.code(),
            Some(2),
            "{message}: {}",
            stderr(&refused)
        );
        assert!(stderr(&refused).contains(message), "{}", stderr(&refused));
        assert!(!out.exists(), "{message}: an output was made");
        assert_eq!(std::fs::read_to_string(&partial).unwrap(), held);
    }
}

/// An Italian draughts collection as its files come: Italian tags, no
/// GameType, White moving up from 21-32.
const ITALIAN: &str = "[Bianco \"A\"]\n[Nero \"B\"]\n[Risultato \"1-0\"]\n\n\
                       1. 21-17 12-15 2. 23-19 11-14 3. 19x12 8x15 1-0\n\n\
                       [Bianco \"C\"]\n[Nero \"D\"]\n[Risultato \"1/2-1/2\"]\n\n\
                       1. 22-18 12-15 2. 18x11 7x14 1/2-1/2\n\n";

#[test]
fn a_collection_of_a_variant_dam_does_not_play_is_named_and_never_analysed() {
    let d = dir("italian");
    let input = file(&d, "italian.pdn", ITALIAN);
    let valid = dam(&["pdn", "validate", &input]);
    let report = stdout(&valid);
    assert_eq!(report.matches("Italian draughts").count(), 2, "{report}");
    assert!(!report.contains("is not legal"), "{report}");
    let out = d.join("out.pdn");
    let ran = analyze(&input, &out, None);
    assert_eq!(ran.status.code(), Some(1), "{}", stderr(&ran));
    let said = stderr(&ran);
    assert!(!said.contains("analysed 2/2"), "{said}");
    assert!(said.contains("analysed 0/2 games, 2 left out"), "{said}");
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_convert_killed_midway_leaves_nothing_after_the_next_run() {
    let d = dir("killed-convert");
    let input = file(&d, "games.pdn", games(40_000, 0));
    let out = d.join("out.pdn");
    let mut child = command()
        .args(["pdn", "convert", "--json", &input, "-o"])
        .arg(&out)
        .spawn()
        .expect("dam runs");
    let started = std::time::Instant::now();
    while names(&d).len() < 2 && started.elapsed().as_secs() < 30 {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let left = names(&d);
    assert!(!out.exists(), "finished before the kill: {left:?}");
    assert_eq!(left.len(), 2, "the killed run's temporary file: {left:?}");
    let again = dam(&["pdn", "convert", &input, "-o", &out.display().to_string()]);
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
    assert_eq!(names(&d), ["games.pdn", "out.pdn"]);
}
