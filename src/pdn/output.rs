//! Where the batch jobs write: a temporary file beside the output, renamed
//! over it at the end (so the output is written whole or not at all), or
//! standard output.

use std::io::{BufWriter, Stdout, Write};
use std::path::{Path, PathBuf};
use tempfile::NamedTempFile;

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
        let mut builder = tempfile::Builder::new();
        // The file is renamed into place: give it a usual file's mode, not
        // a temporary file's private one.
        #[cfg(unix)]
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o644));
        let temp = builder
            .tempfile_in(dir)
            .map_err(|e| format!("{}: {e}", dir.display()))?;
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
