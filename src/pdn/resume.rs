//! An output written as it goes and kept across interruptions (`dam pdn
//! analyze`): games are appended to `OUT.partial` and flushed one by one,
//! and `OUT.done` records how many input games are finished and how long
//! the partial file was then. A run that finds both resumes after those
//! games (the partial file cut back to its recorded length); the last game
//! renames `OUT.partial` to `OUT` and removes `OUT.done`.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// An output being written, resumable.
pub struct Resumable {
    file: File,
    path: PathBuf,
    partial: PathBuf,
    record: PathBuf,
    /// Input games finished (written or left out) so far.
    pub done: usize,
    bytes: u64,
}

/// `path` with `suffix` added to its file name.
fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    path.with_file_name(name)
}

impl Resumable {
    /// Start writing `path`, or go on where an interrupted run stopped.
    pub fn open(path: &Path) -> Result<Resumable, String> {
        let (partial, record) = (beside(path, ".partial"), beside(path, ".done"));
        let at = |p: &Path, e: std::io::Error| format!("{}: {e}", p.display());
        let resumed = std::fs::read_to_string(&record).ok().and_then(|text| {
            let mut words = text.split_whitespace().map(str::parse::<u64>);
            match (words.next(), words.next()) {
                (Some(Ok(done)), Some(Ok(bytes))) => Some((done as usize, bytes)),
                _ => None,
            }
        });
        let (done, bytes) = match resumed {
            Some((done, bytes)) if partial.exists() => (done, bytes),
            _ => (0, 0),
        };
        let file = OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(false)
            .open(&partial)
            .map_err(|e| at(&partial, e))?;
        file.set_len(bytes).map_err(|e| at(&partial, e))?;
        let out = Resumable {
            file,
            path: path.to_path_buf(),
            partial,
            record,
            done,
            bytes,
        };
        out.save().map_err(|e| at(&out.record, e))?;
        Ok(out)
    }

    /// Record one more finished input game, with its text if it has one.
    pub fn write(&mut self, text: Option<&str>) -> std::io::Result<()> {
        use std::io::{Seek, SeekFrom};
        if let Some(text) = text {
            self.file.seek(SeekFrom::Start(self.bytes))?;
            self.file.write_all(text.as_bytes())?;
            self.file.flush()?;
            self.bytes += text.len() as u64;
        }
        self.done += 1;
        self.save()
    }

    fn save(&self) -> std::io::Result<()> {
        std::fs::write(&self.record, format!("{} {}\n", self.done, self.bytes))
    }

    /// Put the output in place.
    pub fn finish(self) -> Result<(), String> {
        self.file.sync_all().map_err(|e| e.to_string())?;
        std::fs::rename(&self.partial, &self.path)
            .map_err(|e| format!("{}: {e}", self.path.display()))?;
        let _ = std::fs::remove_file(&self.record);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_interrupted_output_resumes_after_its_finished_games() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.pdn");
        let mut out = Resumable::open(&path).unwrap();
        out.write(Some("game 1\n")).unwrap();
        out.write(None).unwrap();
        drop(out);
        let mut again = Resumable::open(&path).unwrap();
        assert_eq!(again.done, 2);
        again.write(Some("game 3\n")).unwrap();
        again.finish().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "game 1\ngame 3\n");
        assert!(!beside(&path, ".done").exists() && !beside(&path, ".partial").exists());
    }
}
