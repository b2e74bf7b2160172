//! An output written as it goes and kept across interruptions (`dam pdn
//! analyze`): games are appended to `OUT.partial` and flushed one by one,
//! and `OUT.done` records how many input games are finished, how many of
//! them were written and how long the partial file was then (replaced
//! whole, never rewritten in place, so a full disk leaves the last record
//! intact). A run that finds both resumes after those games (the partial
//! file cut back to its recorded length); the last game renames
//! `OUT.partial` to `OUT` and removes `OUT.done`.
//!
//! A run holds a lock on `OUT.partial` (released by the kernel however the
//! run ends): a second run on the same output is refused. A record that
//! does not add up (more bytes than the partial file holds, more games
//! than the input has, a partial file without a record, a record that
//! cannot be read) is refused with a message, never repaired.

use std::fs::{File, OpenOptions, TryLockError};
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
    /// Of those, the games written.
    pub written: usize,
    bytes: u64,
    /// A write failed: nothing more is written (the record stays at the
    /// last game written whole).
    failed: bool,
}

/// `path` with `suffix` added to its file name.
fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    path.with_file_name(name)
}

/// What `OUT.done` says: games done, games written, bytes written.
type Record = (usize, usize, u64);

impl Resumable {
    /// Start writing `path`, or go on where an interrupted run stopped;
    /// `games`: how many games the input has.
    pub fn open(path: &Path, games: usize) -> Result<Resumable, String> {
        let (partial, record) = (beside(path, ".partial"), beside(path, ".done"));
        let at = |p: &Path, e: std::io::Error| format!("{}: {e}", p.display());
        let file = OpenOptions::new()
            .create(true)
            .read(true)
            .write(true)
            .truncate(false)
            .open(&partial)
            .map_err(|e| at(&partial, e))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                return Err(format!(
                    "{}: another run is writing this output ({} is locked); \
                     nothing done",
                    path.display(),
                    partial.display()
                ));
            }
            Err(TryLockError::Error(e)) => return Err(at(&partial, e)),
        }
        same_file(&file, &partial)?;
        let length = file.metadata().map_err(|e| at(&partial, e))?.len();
        let (done, written, bytes) = read_record(&record, &partial, length, games)?;
        file.set_len(bytes).map_err(|e| at(&partial, e))?;
        let out = Resumable {
            file,
            path: path.to_path_buf(),
            partial,
            record,
            done,
            written,
            bytes,
            failed: false,
        };
        out.save().map_err(|e| at(&out.record, e))?;
        Ok(out)
    }

    /// Record one more finished input game, with its text if it has one.
    /// After an error nothing more is written: the run must stop, and a
    /// run again resumes after the last game written whole.
    pub fn write(&mut self, text: Option<&str>) -> std::io::Result<()> {
        use std::io::{Seek, SeekFrom};
        if self.failed {
            return Err(std::io::Error::other("an earlier write failed"));
        }
        let result = (|| {
            if let Some(text) = text {
                self.file.seek(SeekFrom::Start(self.bytes))?;
                self.file.write_all(text.as_bytes())?;
                self.file.flush()?;
            }
            let (bytes, written) = match text {
                Some(text) => (self.bytes + text.len() as u64, self.written + 1),
                None => (self.bytes, self.written),
            };
            write_record(&self.record, (self.done + 1, written, bytes))?;
            self.done += 1;
            self.written = written;
            self.bytes = bytes;
            Ok(())
        })();
        self.failed = result.is_err();
        result
    }

    fn save(&self) -> std::io::Result<()> {
        write_record(&self.record, (self.done, self.written, self.bytes))
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

/// An error unless `file` (just locked) is still the file at `path`: a run
/// that finished meanwhile renamed it away.
pub(super) fn same_file(file: &File, path: &Path) -> Result<(), String> {
    use std::os::unix::fs::MetadataExt;
    let here = file
        .metadata()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    match std::fs::metadata(path) {
        Ok(there) if (there.dev(), there.ino()) == (here.dev(), here.ino()) => Ok(()),
        _ => Err(format!(
            "{}: another run finished this output while this one started; nothing done",
            path.display()
        )),
    }
}

/// The record at `record` of the partial file `partial` (`length` bytes
/// long) of an input of `games` games: nothing done when neither holds
/// anything, else what the record says if it adds up.
fn read_record(record: &Path, partial: &Path, length: u64, games: usize) -> Result<Record, String> {
    let start_over = format!(
        "remove {} and {} to start over",
        partial.display(),
        record.display()
    );
    let text = match std::fs::read_to_string(record) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && length == 0 => return Ok((0, 0, 0)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(format!(
                "{} holds {length} bytes but {} is missing, so which games they are is \
                 unknown; nothing done ({start_over})",
                partial.display(),
                record.display()
            ));
        }
        Err(e) => return Err(format!("{}: {e}", record.display())),
    };
    let numbers: Vec<Option<u64>> = text.split_whitespace().map(|w| w.parse().ok()).collect();
    let (done, written, bytes) = match numbers[..] {
        [Some(done), Some(written), Some(bytes)] => (done as usize, written as usize, bytes),
        _ => {
            return Err(format!(
                "{}: not a record of finished games (\"{}\"); nothing done ({start_over})",
                record.display(),
                text.trim()
            ));
        }
    };
    let wrong = if bytes > length {
        Some(format!(
            "says {bytes} bytes are written but {} holds {length}",
            partial.display()
        ))
    } else if done > games {
        Some(format!(
            "says {done} games are done but the input has {games}"
        ))
    } else if written > done || (written == 0) != (bytes == 0) {
        Some(format!(
            "says {written} games in {bytes} bytes of {done} done"
        ))
    } else {
        None
    };
    match wrong {
        Some(wrong) => Err(format!(
            "{} {wrong}: the state does not add up; nothing done ({start_over})",
            record.display()
        )),
        None => Ok((done, written, bytes)),
    }
}

/// Replace the record at `path` whole: written beside it, then renamed
/// over it, so a failed write leaves the last record as it was.
fn write_record(path: &Path, (done, written, bytes): Record) -> std::io::Result<()> {
    let next = beside(path, ".next");
    let result = std::fs::write(&next, format!("{done} {written} {bytes}\n"))
        .and_then(|()| std::fs::rename(&next, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&next);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_interrupted_output_resumes_after_its_finished_games() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.pdn");
        let mut out = Resumable::open(&path, 3).unwrap();
        out.write(Some("game 1\n")).unwrap();
        out.write(None).unwrap();
        drop(out);
        let mut again = Resumable::open(&path, 3).unwrap();
        assert_eq!((again.done, again.written), (2, 1));
        again.write(Some("game 3\n")).unwrap();
        again.finish().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "game 1\ngame 3\n");
        assert!(!beside(&path, ".done").exists() && !beside(&path, ".partial").exists());
    }

    #[test]
    fn a_second_run_on_the_same_output_is_refused_while_the_first_runs() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.pdn");
        let first = Resumable::open(&path, 3).unwrap();
        let second = Resumable::open(&path, 3).err().unwrap();
        assert!(
            second.contains("another run is writing this output"),
            "{second}"
        );
        drop(first);
        assert!(Resumable::open(&path, 3).is_ok());
    }

    #[test]
    fn a_record_that_does_not_add_up_is_refused_not_repaired() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.pdn");
        let (partial, record) = (beside(&path, ".partial"), beside(&path, ".done"));
        std::fs::write(&partial, "game 1\n").unwrap();
        for (text, says) in [
            ("1 1 100\n", "says 100 bytes are written but"),
            ("9 1 7\n", "says 9 games are done but the input has 3"),
            ("1 2 7\n", "says 2 games in 7 bytes of 1 done"),
            ("garbage\n", "not a record of finished games"),
        ] {
            std::fs::write(&record, text).unwrap();
            let refused = Resumable::open(&path, 3).err().unwrap();
            assert!(refused.contains(says), "{text}: {refused}");
            assert_eq!(
                std::fs::read(&partial).unwrap(),
                b"game 1\n",
                "left as it was"
            );
        }
        std::fs::remove_file(&record).unwrap();
        let refused = Resumable::open(&path, 3).err().unwrap();
        assert!(refused.contains("is missing"), "{refused}");
    }
}
