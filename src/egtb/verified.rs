//! What `dam egtb verify` found right, remembered beside the files: one
//! line a job in `<variant>/.verified`, the job's signature and a stamp of
//! each of its files (name, size and the checksum its header stores,
//! which opening checks against the body). `status` says from it which
//! sets verify, and `verify` of a whole directory skips the jobs recorded
//! whose files are the same, so that a verify of a large set (hours)
//! goes on where it stopped. A file rebuilt or replaced changes its stamp
//! and its job counts as unverified again.

use super::signature::Signature;
use super::tables::{file_path, wdl_path};
use crate::variant::Variant;
use std::collections::HashSet;
use std::fs::OpenOptions;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// The record's name in a variant's directory.
pub const RECORD: &str = ".verified";

/// Where the header stores the checksum of the body, in `.dtb` and
/// `.wdl` files alike.
const CHECKSUM_AT: usize = 48;

/// The record of `variant` under `dir`.
fn record_path(dir: &Path, variant: Variant) -> PathBuf {
    dir.join(variant.to_string()).join(RECORD)
}

/// The stamp of one file: `NAME:SIZE:CHECKSUM` (hexadecimal), or `None`
/// when it cannot be read.
fn stamp(path: &Path) -> Option<String> {
    let mut head = [0u8; CHECKSUM_AT + 8];
    let mut file = std::fs::File::open(path).ok()?;
    let size = file.metadata().ok()?.len();
    file.read_exact(&mut head).ok()?;
    let sum = u64::from_le_bytes(head[CHECKSUM_AT..].try_into().ok()?);
    let name = path.file_name()?.to_string_lossy();
    Some(format!("{name}:{size}:{sum:016x}"))
}

/// The stamps of the files `job` has under `dir` (the `.dtb` and `.wdl`
/// of both signatures, those that exist), in a fixed order.
fn job_stamps(dir: &Path, variant: Variant, job: Signature) -> Vec<String> {
    let mut sigs = vec![job, job.mirror()];
    sigs.dedup();
    sigs.iter()
        .flat_map(|&s| [file_path(dir, variant, s), wdl_path(dir, variant, s)])
        .filter_map(|p| stamp(&p))
        .collect()
}

/// The jobs of `variant` under `dir` recorded as verified whose files are
/// still those that were verified.
pub fn verified(dir: &Path, variant: Variant) -> HashSet<Signature> {
    let Ok(text) = std::fs::read_to_string(record_path(dir, variant)) else {
        return HashSet::new();
    };
    // a line still being written (no newline yet) does not count
    let complete = text.rfind('\n').map_or("", |end| &text[..end]);
    complete
        .lines()
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            let job = Signature::parse(words.next()?).ok()?;
            let stamps: Vec<&str> = words.collect();
            let now = job_stamps(dir, variant, job);
            (!now.is_empty() && now == stamps).then_some(job)
        })
        .collect()
}

/// Record that `job`'s files verified. A directory that cannot be
/// written (a shared, read-only set) loses the record, not the check.
pub fn record(dir: &Path, variant: Variant, job: Signature) {
    let path = record_path(dir, variant);
    let line = format!("{job} {}\n", job_stamps(dir, variant, job).join(" "));
    let written = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .and_then(|mut f| f.write_all(line.as_bytes()));
    if let Err(e) = written {
        log::warn!("{}: the verify result is not recorded: {e}", path.display());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file with `sum` where the header stores the checksum.
    fn write_file(path: &Path, sum: u64, len: usize) {
        let mut bytes = vec![0u8; len];
        bytes[CHECKSUM_AT..CHECKSUM_AT + 8].copy_from_slice(&sum.to_le_bytes());
        std::fs::write(path, bytes).expect("write");
    }

    #[test]
    fn a_recorded_job_counts_until_one_of_its_files_changes() {
        let dir = tempfile::tempdir().expect("scratch");
        let v = Variant::English;
        std::fs::create_dir_all(dir.path().join(v.to_string())).expect("dir");
        let (job, other) = (Signature::new(0, 1, 0, 2), Signature::new(1, 0, 0, 1));
        write_file(&wdl_path(dir.path(), v, job), 7, 100);
        write_file(&wdl_path(dir.path(), v, job.mirror()), 8, 90);
        write_file(&wdl_path(dir.path(), v, other), 9, 80);
        assert!(verified(dir.path(), v).is_empty());
        record(dir.path(), v, job);
        record(dir.path(), v, other);
        assert_eq!(verified(dir.path(), v), HashSet::from([job, other]));
        // rebuilt: another checksum; then a half-written line
        write_file(&wdl_path(dir.path(), v, job.mirror()), 10, 90);
        let mut f = OpenOptions::new()
            .append(true)
            .open(record_path(dir.path(), v))
            .expect("open");
        f.write_all(b"0102 0102.wdl:100:").expect("write");
        assert_eq!(verified(dir.path(), v), HashSet::from([other]));
        // a file gone
        std::fs::remove_file(wdl_path(dir.path(), v, other)).expect("rm");
        assert!(verified(dir.path(), v).is_empty());
    }
}
