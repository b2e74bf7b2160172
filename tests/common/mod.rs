//! Shared by the integration tests: running the built `dam` binary (once
//! to its end, or as a child killed when dropped, with its output read
//! line by line), scratch files, and the scripted DXP peer in `dxp`.

pub mod dxp;

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output};
use std::sync::mpsc::{self, Receiver};

/// A command that runs the built `dam`, its default endgame database
/// directory one that holds none (so that no test depends on the user's
/// cache; a test that wants databases sets `DAM_EGTB_DIR` or passes a
/// directory).
pub fn command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_dam"));
    command.env(
        "DAM_EGTB_DIR",
        std::env::temp_dir().join("dam-test-no-egtb-here"),
    );
    command
}

/// Run `dam ARGS` to its end, stdin empty; its exit status and output.
pub fn dam(args: &[&str]) -> Output {
    command().args(args).output().expect("the dam binary runs")
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A `dam` child process, killed when dropped.
pub struct Dam {
    pub child: Child,
}

impl Dam {
    pub fn spawn(command: &mut Command) -> Dam {
        Dam {
            child: command.spawn().expect("dam starts"),
        }
    }
}

impl Drop for Dam {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The lines of `input`, read to its end on a thread of their own so that
/// a child writing them never blocks, even once nobody listens.
pub fn lines(input: impl Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(input).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    rx
}

/// A test's scratch directory, removed when the test ends; a failing test
/// (one that panics) leaves it behind to be looked at.
pub struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

/// A fresh directory for one test's files.
pub fn dir(name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("dam-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}

/// Write `bytes` to the file `name` in `dir`; its path.
pub fn file(dir: &Path, name: &str, bytes: impl AsRef<[u8]>) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.display().to_string()
}
