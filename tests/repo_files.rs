//! The repository tracks no build output: no Python bytecode caches
//! (`scripts/cluster/__pycache__` was committed once). Checked with `git
//! ls-files` where the sources are a git checkout, skipped elsewhere.

use std::process::Command;

#[test]
fn no_python_bytecode_is_tracked() {
    let Ok(out) = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
    else {
        eprintln!("no git: skipped");
        return;
    };
    if !out.status.success() {
        eprintln!("not a git checkout: skipped");
        return;
    }
    let files = String::from_utf8_lossy(&out.stdout);
    let bytecode: Vec<&str> = files
        .split('\0')
        .filter(|f| f.contains("__pycache__/") || f.ends_with(".pyc"))
        .collect();
    assert!(bytecode.is_empty(), "tracked bytecode: {bytecode:?}");
}
