//! The scratch file of a job built in slices, `DIR/<variant>/<job>.slices`:
//! the win, draw or loss of every slice solved so far, so that a stopped
//! build resumes at the slice in progress. It is removed once the job's
//! files are written.
//!
//! Layout (integers little-endian): magic `DAMSLICE`, then the variant
//! code, the job's signature (4 bytes), 3 zero bytes, the slice limit and
//! the number of slices (8 bytes each): 32 bytes that must match the
//! build's. Then one record per slice solved, in the plan's order: its
//! number and its byte count (8 bytes each), the bytes (two bits a
//! position, see `generate`), and their FNV-1a 64 checksum. A record cut
//! short or damaged (a stop while it was written) ends the file there.

use crate::egtb::format::checksum;
use crate::egtb::signature::Signature;
use crate::variant::Variant;
use std::fs::{File, OpenOptions};
use std::io::{BufReader, Read, Write};
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 8] = b"DAMSLICE";

pub struct Scratch {
    pub path: PathBuf,
    header: [u8; 32],
}

impl Scratch {
    pub fn new(path: PathBuf, variant: Variant, job: Signature, limit: u64, slices: u64) -> Self {
        let mut header = [0u8; 32];
        header[..8].copy_from_slice(MAGIC);
        header[8] = variant.facts().file_code;
        header[9..13].copy_from_slice(&[job.men, job.kings, job.their_men, job.their_kings]);
        header[16..24].copy_from_slice(&limit.to_le_bytes());
        header[24..32].copy_from_slice(&slices.to_le_bytes());
        Scratch { path, header }
    }

    /// Read the slices solved before into `apply(number, bytes)`, in
    /// order, slice `n`'s record being `lens[n]` bytes; returns how many.
    /// A file of another build is replaced, and a damaged tail cut off
    /// (each said on stderr).
    pub fn resume(&self, lens: &[u64], mut apply: impl FnMut(u64, &[u8])) -> Result<u64, String> {
        let err = |e: std::io::Error| format!("{}: {e}", self.path.display());
        let Ok(file) = File::open(&self.path) else {
            return self.start();
        };
        let mut r = BufReader::new(file);
        let mut header = [0u8; 32];
        if r.read_exact(&mut header).is_err() || header != self.header {
            log::warn!(
                "{}: not a scratch file of this build, started again",
                self.path.display()
            );
            return self.start();
        }
        let (mut done, mut good_end) = (0u64, 32u64);
        let mut bytes = Vec::new();
        loop {
            let mut head = [0u8; 16];
            if r.read_exact(&mut head).is_err() {
                break;
            }
            let number = u64::from_le_bytes(head[..8].try_into().unwrap_or_default());
            let len = u64::from_le_bytes(head[8..].try_into().unwrap_or_default());
            let mut sum = [0u8; 8];
            let expected = lens.get(done as usize) == Some(&len) && number == done;
            bytes.resize(if expected { len as usize } else { 0 }, 0);
            let whole = expected
                && r.read_exact(&mut bytes).is_ok()
                && r.read_exact(&mut sum).is_ok()
                && u64::from_le_bytes(sum) == checksum(&bytes);
            if !whole {
                log::warn!(
                    "{}: slice {number} cut short or damaged, solved again",
                    self.path.display()
                );
                break;
            }
            apply(number, &bytes);
            done += 1;
            good_end += 24 + len;
        }
        drop(r);
        let file = OpenOptions::new()
            .write(true)
            .open(&self.path)
            .map_err(err)?;
        file.set_len(good_end).map_err(err)?;
        Ok(done)
    }

    /// A new file holding the header only.
    fn start(&self) -> Result<u64, String> {
        std::fs::write(&self.path, self.header)
            .map_err(|e| format!("{}: {e}", self.path.display()))?;
        Ok(0)
    }

    /// Append slice `number`'s record, on disk before this returns.
    pub fn append(&self, number: u64, bytes: &[u8]) -> Result<(), String> {
        let err = |e: std::io::Error| format!("{}: {e}", self.path.display());
        let mut file = OpenOptions::new()
            .append(true)
            .open(&self.path)
            .map_err(err)?;
        let mut w = std::io::BufWriter::new(&mut file);
        w.write_all(&number.to_le_bytes()).map_err(err)?;
        w.write_all(&(bytes.len() as u64).to_le_bytes())
            .map_err(err)?;
        w.write_all(bytes).map_err(err)?;
        w.write_all(&checksum(bytes).to_le_bytes()).map_err(err)?;
        w.flush().map_err(err)?;
        drop(w);
        file.sync_data().map_err(err)
    }
}

/// Remove the scratch file at `path`, if there is one (the job's files are
/// written).
pub fn remove(path: &Path) -> Result<(), String> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            Err(format!("{}: {e}", path.display()))
        }
        _ => Ok(()),
    }
}
