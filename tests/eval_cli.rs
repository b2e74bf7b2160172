//! The evaluation weights from the command line and Hub: `dam tune` names
//! a data file it cannot read, `--eval-file` and the `eval-file` parameter
//! name a weights file that does not read, and a good file is accepted.

use crate::common::{command, dam, file, stderr};
use std::io::Write;
use std::process::Stdio;

#[test]
fn tune_names_a_missing_data_file() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("none.dat").display().to_string();
    let out_file = dir.path().join("w.bin").display().to_string();
    let out = dam(&[
        "tune",
        "--variant",
        "english",
        "--data",
        &missing,
        "-o",
        &out_file,
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("none.dat"), "{}", stderr(&out));
    let out = dam(&[
        "tune",
        "--variant",
        "lasca",
        "--data",
        &missing,
        "-o",
        &out_file,
    ]);
    assert!(
        stderr(&out).contains("lasca has no pattern evaluation"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_bad_weights_file_is_named_on_the_command_line_and_in_hub() {
    let dir = tempfile::tempdir().unwrap();
    let bad = file(dir.path(), "bad.bin", b"DAMEVAL\0junk");
    let out = dam(&["analyze", "--depth", "1", "--eval-file", &bad]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("bad.bin"), "{}", stderr(&out));

    let mut child = command()
        .arg("hub")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let script = format!(
        "hub\nset-param name=eval-file value={bad}\nset-param name=eval-file value=\nquit\n"
    );
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let errors: Vec<&str> = text.lines().filter(|l| l.starts_with("error")).collect();
    assert_eq!(errors.len(), 1, "{text}");
    assert!(errors[0].contains("bad.bin"), "{text}");
    assert!(text.contains("name=eval-file"), "{text}");
}

#[test]
fn a_damaged_weights_file_or_one_of_another_variant_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let shipped = concat!(env!("CARGO_MANIFEST_DIR"), "/weights/english.bin");
    let mut bytes = std::fs::read(shipped).unwrap();
    let good = file(dir.path(), "english.bin", &bytes);
    let analyze = |variant: &str, file: &str| {
        dam(&[
            "analyze",
            "--variant",
            variant,
            "--depth",
            "1",
            "--eval-file",
            file,
        ])
    };
    let out = analyze("english", &good);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = analyze("international", &good);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("english weights, but this command plays international"),
        "{}",
        stderr(&out)
    );
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x10;
    let flipped = file(dir.path(), "flipped.bin", &bytes);
    let out = analyze("english", &flipped);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("flipped.bin: damaged"),
        "{}",
        stderr(&out)
    );
}
