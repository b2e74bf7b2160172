//! Where the batch jobs write: a temporary file beside the output, renamed
//! over it at the end (so the output is written whole or not at all), or
//! standard output.
//!
//! The temporary file is named `.OUT.XXXXXX.dam-tmp` and locked while it
//! is written (the kernel drops the lock however its writer ends): a run
//! that was killed leaves one behind, and the next run on the same output
//! removes every such file nobody holds.

use std::fs::TryLockError;
use std::io::{BufWriter, Stdout, Write};
use std::path::{Path, PathBuf};
use tempfile::NamedTempFile;

/// The end of a temporary file's name.
const TEMP_SUFFIX: &str = ".dam-tmp";

/// The start of the names of `name`'s temporary files.
fn temp_prefix(name: &std::ffi::OsStr) -> String {
    format!(".{}.", name.to_string_lossy())
}

/// Remove the temporary files of `path` in `dir` left by runs that ended
/// without finishing them (none holds its lock).
fn remove_leftovers(dir: &Path, path: &Path) {
    let Some(name) = path.file_name() else {
        return;
    };
    let prefix = temp_prefix(name);
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let text = file_name.to_string_lossy();
        if !(text.starts_with(&prefix) && text.ends_with(TEMP_SUFFIX)) {
            continue;
        }
        let Ok(file) = std::fs::File::open(entry.path()) else {
            continue;
        };
        if file.try_lock().is_ok() {
            log::info!(
                "{}: removed, left by a run that ended",
                entry.path().display()
            );
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// A locked temporary file for `path` in `dir`.
fn locked_temp(dir: &Path, path: &Path) -> Result<NamedTempFile, String> {
    let prefix = temp_prefix(path.file_name().unwrap_or_default());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(TEMP_SUFFIX);
    // The file is renamed into place: give it a usual file's mode, not
    // a temporary file's private one.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o644));
    loop {
        let temp = builder
            .tempfile_in(dir)
            .map_err(|e| format!("{}: {e}", dir.display()))?;
        match temp.as_file().try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => continue,
            Err(TryLockError::Error(e)) => return Err(format!("{}: {e}", temp.path().display())),
        }
        // Another run's clean-up may have removed it before it was locked.
        if super::resume::same_file(temp.as_file(), temp.path()).is_ok() {
            return Ok(temp);
        }
    }
}

/// An output being written.
pub enum Output {
    File {
        temp: BufWriter<NamedTempFile>,
        path: PathBuf,
    },
    Stdout(BufWriter<Stdout>),
}

impl Output {
    /// Start writing `path`, or standard output.
    pub fn new(path: Option<&Path>) -> Result<Output, String> {
        let Some(path) = path else {
            return Ok(Output::Stdout(BufWriter::new(std::io::stdout())));
        };
        let dir = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        remove_leftovers(dir, path);
        let temp = locked_temp(dir, path)?;
        Ok(Output::File {
            temp: BufWriter::new(temp),
            path: path.to_path_buf(),
        })
    }

    pub fn write(&mut self, text: &str) -> std::io::Result<()> {
        match self {
            Output::File { temp, .. } => temp.write_all(text.as_bytes()),
            Output::Stdout(out) => out.write_all(text.as_bytes()),
        }
    }

    /// Put the file in place (dropping an `Output` instead leaves nothing).
    pub fn finish(self) -> Result<(), String> {
        match self {
            Output::File { temp, path } => {
                let temp = temp.into_inner().map_err(|e| e.error().to_string())?;
                temp.as_file().sync_all().map_err(|e| e.to_string())?;
                temp.persist(&path)
                    .map_err(|e| format!("{}: {}", path.display(), e.error))?;
                Ok(())
            }
            Output::Stdout(mut out) => out.flush().map_err(|e| e.to_string()),
        }
    }
}
