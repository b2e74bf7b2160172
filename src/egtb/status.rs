//! `dam egtb status`: the sets of one variant found in a directory — the
//! piece counts whose every job is there, how many jobs of the next ones,
//! the files and their bytes — whether each file opens whole (header,
//! size and checksum, as opening checks them), and which jobs the full
//! retrograde check, `dam egtb verify`, found right (`verified`).

use super::DTC_PIECES;
use super::build::checksum_ok;
use super::signature::{MAX_PIECES, Signature};
use super::tables::{Tables, file_path, wdl_path};
use super::verified::verified;
use crate::rules::removal::Rules;
use std::path::Path;

/// The jobs of one piece count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jobs {
    pub pieces: u32,
    /// Jobs whose every file is there and whole.
    pub whole: usize,
    /// Of these, the jobs `verify` found right, their files unchanged.
    pub verified: usize,
    pub total: usize,
}

/// What `status` found for one variant.
#[derive(Debug, Default)]
pub struct Status {
    /// Every piece count with a file, smallest first.
    pub counts: Vec<Jobs>,
    /// Files found (`.dtb` and `.wdl`) and their bytes.
    pub files: usize,
    pub bytes: u64,
    /// One line per damaged file: its path and why.
    pub problems: Vec<String>,
}

impl Status {
    /// The piece counts as one phrase: `2-5 complete, 6: 12 of 37 jobs`,
    /// or `no files`.
    pub fn pieces(&self) -> String {
        match self.phrase(" complete", |c| c.whole, true) {
            None => "no files".into(),
            Some(p) => p,
        }
    }

    /// The jobs verified as one phrase: `verified: 2-5, 6: 3 of 37
    /// jobs`, or `verified: none`.
    pub fn verified(&self) -> String {
        match self.phrase("", |c| c.verified, false) {
            None => "verified: none".into(),
            Some(p) => format!("verified: {p}"),
        }
    }

    /// The piece counts from 2 up whose every job `done` counts, as a
    /// range followed by `whole` (`2-5 complete`), then the larger ones
    /// as `6: 12 of 37 jobs` (with `zero`, also where none is done).
    fn phrase(&self, whole: &str, done: impl Fn(&Jobs) -> usize, zero: bool) -> Option<String> {
        let all = self
            .counts
            .iter()
            .enumerate()
            .take_while(|(i, c)| c.pieces == *i as u32 + 2 && done(c) == c.total)
            .count() as u32;
        let mut parts = Vec::new();
        match all {
            0 => {}
            1 => parts.push(format!("2{whole}")),
            _ => parts.push(format!("2-{}{whole}", all + 1)),
        }
        parts.extend(
            self.counts
                .iter()
                .filter(|c| c.pieces > all + 1 && (zero || done(c) > 0))
                .map(|c| format!("{}: {} of {} jobs", c.pieces, done(c), c.total)),
        );
        (!parts.is_empty()).then(|| parts.join(", "))
    }
}

/// The files of `R`'s variant under `dir`, each checked whole as opening
/// checks it: header and size, and the checksum of every `.dtb` and `.wdl`.
pub fn status<R: Rules>(dir: &Path) -> Status {
    let mut tables = Tables::empty(R::VARIANT, R::GEO, dir);
    let mut status = Status::default();
    let verified = verified(dir, R::VARIANT);
    for n in 2..=MAX_PIECES {
        let files = status.files;
        let jobs: Vec<Signature> = Signature::plan(n, R::MEN)
            .into_iter()
            .filter(|job| job.pieces() == n)
            .collect();
        let whole: Vec<Signature> = jobs
            .iter()
            .copied()
            .filter(|&job| job_whole(&mut tables, &mut status, job))
            .collect();
        if status.files > files {
            status.counts.push(Jobs {
                pieces: n,
                whole: whole.len(),
                verified: whole.iter().filter(|j| verified.contains(j)).count(),
                total: jobs.len(),
            });
        }
    }
    status
}

/// Whether every file `job` should have is there and whole (the `.wdl` of
/// both signatures, or of one that leaves out the other, and up to
/// `DTC_PIECES` pieces their `.dtb`); each file found is counted in
/// `status`, and a damaged one listed with its reason.
fn job_whole(tables: &mut Tables, status: &mut Status, job: Signature) -> bool {
    let mut sigs = vec![job, job.mirror()];
    sigs.dedup();
    let mut whole = true;
    let mut missing = Vec::new();
    for &sig in &sigs {
        let (variant, dir) = (tables.variant(), tables.dir().to_path_buf());
        let files = [
            (wdl_path(&dir, variant, sig), true),
            (file_path(&dir, variant, sig), job.pieces() <= DTC_PIECES),
        ];
        for (path, needed) in files {
            let Ok(meta) = std::fs::metadata(&path) else {
                if needed {
                    missing.push((sig, path.extension().is_some_and(|e| e == "wdl")));
                }
                continue;
            };
            status.files += 1;
            status.bytes += meta.len();
            let checked = if path.extension().is_some_and(|e| e == "wdl") {
                tables.load_wdl(sig)
            } else {
                tables.load(sig).and_then(|()| {
                    checksum_ok(tables, sig)
                        .then_some(())
                        .ok_or_else(|| format!("{}: checksum mismatch", path.display()))
                })
            };
            if let Err(e) = checked {
                status.problems.push(e);
                whole = false;
            }
        }
    }
    whole && missing.iter().all(|&(sig, wdl)| wdl && tables.derived(sig))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jobs(pieces: u32, whole: usize, total: usize) -> Jobs {
        Jobs {
            pieces,
            whole,
            verified: 0,
            total,
        }
    }

    #[test]
    fn piece_counts_read_as_complete_then_jobs_found() {
        let mut s = Status::default();
        assert_eq!(s.pieces(), "no files");
        s.counts = vec![jobs(2, 2, 2), jobs(3, 4, 4), jobs(4, 3, 10)];
        assert_eq!(s.pieces(), "2-3 complete, 4: 3 of 10 jobs");
        s.counts = vec![jobs(2, 1, 2), jobs(3, 4, 4)];
        assert_eq!(s.pieces(), "2: 1 of 2 jobs, 3: 4 of 4 jobs");
        s.counts = vec![jobs(2, 2, 2), jobs(4, 1, 10)];
        assert_eq!(s.pieces(), "2 complete, 4: 1 of 10 jobs");
    }

    #[test]
    fn verified_jobs_read_as_piece_counts_then_jobs() {
        let mut s = Status {
            counts: vec![jobs(2, 2, 2), jobs(3, 4, 4), jobs(4, 10, 10)],
            ..Status::default()
        };
        assert_eq!(s.verified(), "verified: none");
        let done = [2, 4, 3];
        for (c, n) in s.counts.iter_mut().zip(done) {
            c.verified = n;
        }
        assert_eq!(s.verified(), "verified: 2-3, 4: 3 of 10 jobs");
        s.counts[0].verified = 1;
        assert_eq!(
            s.verified(),
            "verified: 2: 1 of 2 jobs, 3: 4 of 4 jobs, 4: 3 of 10 jobs"
        );
    }
}
