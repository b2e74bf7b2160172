//! `dam datagen` writes a training file that reads back, appends on a
//! second run (cutting a partial record an interrupt left), gives the same
//! file for the same seed, and refuses variants and files it cannot use.

use crate::common::{dam, stderr, stdout};
use dam::rules::Color;
use dam::rules::removal::International;
use dam::train::record::{Reader, Record};
use std::io::Write;

fn datagen(file: &str, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["datagen", "--variant", "international", "--games", "4"];
    args.extend_from_slice(extra);
    args.extend_from_slice(&["--depth", "2", "--threads", "2", "-o", file]);
    dam(&args)
}

fn records(path: &std::path::Path) -> Vec<Record> {
    Reader::open(path).unwrap().map(Result::unwrap).collect()
}

#[test]
fn games_are_written_resumed_and_repeatable() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("intl.dat");
    let file = path.to_str().unwrap();
    let out = datagen(file, &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("4 games"), "{}", stdout(&out));
    let first = records(&path);
    assert!(first.len() > 40, "only {} positions", first.len());
    for r in &first {
        assert!(r.ply >= 8, "a position before the skip: {r:?}");
        let pos: International = r.position().unwrap();
        let side = dam::rules::Game::side_to_move(&pos);
        assert!(side == Color::White || side == Color::Black);
    }
    // an interrupted run left part of a record
    std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .unwrap()
        .write_all(&[0; 7])
        .unwrap();
    let out = datagen(file, &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let both = records(&path);
    assert_eq!(both[..first.len()], first[..]);
    assert!(both.len() > first.len());
    let again = dir.path().join("again.dat");
    assert!(datagen(again.to_str().unwrap(), &[]).status.success());
    assert_eq!(records(&again), first, "the same seed plays the same games");
    let other = dir.path().join("other.dat");
    assert!(
        datagen(other.to_str().unwrap(), &["--seed", "9"])
            .status
            .success()
    );
    assert_ne!(records(&other), first, "another seed, other games");
}

#[test]
fn unusable_variants_and_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.dat");
    let file = path.to_str().unwrap();
    let out = dam(&[
        "datagen",
        "--variant",
        "lasca",
        "--games",
        "1",
        "--depth",
        "1",
        "-o",
        file,
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("lasca"), "{}", stderr(&out));
    assert!(!path.exists(), "no file for a variant that does not fit");
    std::fs::write(&path, "[Event \"not data\"]\n").unwrap();
    let out = datagen(file, &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("bad magic"), "{}", stderr(&out));
    let out = dam(&[
        "datagen",
        "--variant",
        "english",
        "--games",
        "1",
        "-o",
        file,
    ]);
    assert_eq!(out.status.code(), Some(2), "no depth or nodes");
}
