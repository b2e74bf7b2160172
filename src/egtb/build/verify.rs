//! `verify`: every database file of a variant found in a directory is
//! checked for its name, size and header, its checksum, and then its
//! values. A `.dtb` value is derived again from its successors' stored
//! values (the retrograde invariant, distances saturated as stored). A
//! `.wdl` value must agree with the `.dtb` beside it; without one, it is
//! derived from its successors' win, draw or loss (won if a move leads
//! to a loss for the other side, lost if every move leads to a win for
//! it, else drawn). That check is weaker than the `.dtb`'s: without
//! distances, a cycle of positions wrongly marked won and lost in turn
//! would pass it. A position whose side to move must capture has no
//! stored value: only its presence is checked, and a successor of that
//! kind is valued from its captures.

use super::solve::{solve, wdl_agrees};
use crate::egtb::format::{HEADER, Value, checksum, read_value};
use crate::egtb::index::HalfTurn;
use crate::egtb::index::Indexer;
use crate::egtb::signature::{MAX_PIECES, Signature};
use crate::egtb::tables::{Tables, file_path, position, wdl_path};
use crate::egtb::verified;
use crate::rules::Game;
use crate::rules::removal::Rules;
use rayon::prelude::*;
use std::path::Path;
use std::time::Instant;

/// Whether the stored checksum of `sig`'s loaded `.dtb` file holds.
pub fn checksum_ok(tables: &Tables, sig: Signature) -> bool {
    tables.file(sig).is_some_and(|(_, bytes, _)| {
        let stored = u64::from_le_bytes(bytes[48..56].try_into().unwrap_or_default());
        checksum(&bytes[HEADER..]) == stored
    })
}

/// What `verify` found.
#[derive(Debug, Default)]
pub struct Report {
    /// Files checked, and their positions (of both kinds).
    pub files: usize,
    pub positions: u64,
    pub bytes: u64,
    /// Of these, the `.wdl` files.
    pub wdl_files: usize,
    pub wdl_bytes: u64,
    /// One line per problem.
    pub problems: Vec<String>,
    /// Jobs skipped: recorded verified before, their files unchanged.
    pub skipped: usize,
}

/// The indices of `ix` below its size for which `bad` holds, on every
/// core.
fn bad_indices(ix: &Indexer, bad: impl Fn(u64) -> bool + Sync) -> Vec<u64> {
    (0..ix.size() as usize)
        .into_par_iter()
        .with_min_len(1024)
        .with_max_len(1 << 16)
        .map(|i| i as u64)
        .filter(|&i| bad(i))
        .collect()
}

/// Verify every file of `R`'s variant under `dir` (the values only of the
/// job `only`, when given), job by job in plan order, and record each job
/// found right (`verified`). Without `only` the jobs recorded before whose
/// files are unchanged are skipped, unless `again`. `progress` is told
/// each job before its values are checked, with the positions checked so
/// far, of how many, and the time left at the rate so far.
pub fn verify<R: Rules>(
    dir: &Path,
    only: Option<Signature>,
    again: bool,
    mut progress: impl FnMut(&str),
) -> Report {
    let mut report = Report::default();
    let mut tables = Tables::empty(R::VARIANT, R::GEO, dir);
    let (mut dtbs, mut wdls) = (Vec::new(), Vec::new());
    for job in Signature::plan(MAX_PIECES, R::MEN) {
        for sig in [job, job.mirror()] {
            let path = file_path(dir, R::VARIANT, sig);
            if path.exists() && !dtbs.contains(&sig) {
                dtbs.push(sig);
                match tables.load(sig) {
                    Err(e) => report.problems.push(e),
                    Ok(()) if !checksum_ok(&tables, sig) => report
                        .problems
                        .push(format!("{}: checksum mismatch", path.display())),
                    Ok(()) => {}
                }
            }
            if wdl_path(dir, R::VARIANT, sig).exists() && !wdls.contains(&sig) {
                wdls.push(sig);
                if let Err(e) = tables.load_wdl(sig) {
                    report.problems.push(e);
                }
            }
        }
    }
    if let Ok(entries) = std::fs::read_dir(dir.join(R::VARIANT.to_string())) {
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().to_string();
            let known = |ext: &str, found: &[Signature]| {
                name.strip_suffix(ext)
                    .and_then(|s| Signature::parse(s).ok())
                    .is_some_and(|s| found.contains(&s))
            };
            if !known(".dtb", &dtbs) && !known(".wdl", &wdls) && !name.starts_with('.') {
                report
                    .problems
                    .push(format!("{}: not a database name", e.path().display()));
            }
        }
    }
    let turn = tables.half_turn().clone();
    // every job with a file, in plan order; a whole-directory run skips
    // the jobs recorded verified whose files are unchanged and whole
    let recorded = match only {
        None if !again => verified::verified(dir, R::VARIANT),
        _ => Default::default(),
    };
    let mut jobs: Vec<Signature> = Signature::plan(MAX_PIECES, R::MEN)
        .into_iter()
        .filter(|job| only.is_none_or(|j| j.job() == *job))
        .filter(|job| {
            [*job, job.mirror()]
                .iter()
                .any(|s| dtbs.contains(s) || wdls.contains(s))
        })
        .collect();
    jobs.retain(|job| {
        let skip = recorded.contains(job) && loaded(&tables, *job);
        if skip {
            report.skipped += 1;
        }
        !skip
    });
    let sides = |job: Signature| {
        let mut s = vec![job, job.mirror()];
        s.dedup();
        s
    };
    let total: u64 = jobs
        .iter()
        .flat_map(|&job| sides(job))
        .map(|s| tables.positions(s))
        .sum();
    let (start, mut done) = (Instant::now(), 0u64);
    for job in jobs {
        let left = match done {
            0 => String::new(),
            _ => {
                let rate = start.elapsed().as_secs_f64() / done as f64;
                format!(", {} left", eta((total - done) as f64 * rate))
            }
        };
        progress(&format!(
            "{job}: {:.2e} of {:.2e} positions checked{left}",
            done as f64, total as f64
        ));
        let problems = report.problems.len();
        for sig in sides(job) {
            done += tables.positions(sig);
            if dtbs.contains(&sig) {
                check_dtb::<R>(&tables, &turn, sig, &mut report);
            }
        }
        let mut decoded = false;
        for sig in sides(job).into_iter().filter(|s| wdls.contains(s)) {
            if !decoded && tables.file(sig).is_none() {
                // the values its successors read, decoded into memory: the
                // job's own files and its dependencies'
                super::generate::decode_dependencies(&mut tables, job, true);
                for side in sides(job) {
                    // a side left out (one .wdl a job): its values once,
                    // from the file kept, for the kept file's quiet moves
                    tables.compute_derived::<R>(side);
                }
                decoded = true;
            }
            check_wdl::<R>(&tables, &turn, sig, &mut report);
        }
        if report.problems.len() == problems && loaded(&tables, job) {
            verified::record(dir, R::VARIANT, job);
        }
    }
    report
}

/// Whether every file of `job` on disk (both signatures) opened whole.
fn loaded(tables: &Tables, job: Signature) -> bool {
    let (dir, v) = (tables.dir(), tables.variant());
    [job, job.mirror()].into_iter().all(|sig| {
        (!file_path(dir, v, sig).exists() || tables.file(sig).is_some())
            && (!wdl_path(dir, v, sig).exists() || tables.wdl_file(sig).is_some())
    })
}

/// Check every value of `sig`'s loaded `.dtb` against its successors'.
fn check_dtb<R: Rules>(tables: &Tables, turn: &HalfTurn, sig: Signature, report: &mut Report) {
    let Some((ix, bytes, blocks)) = tables.file(sig) else {
        return;
    };
    report.files += 1;
    report.positions += ix.size();
    report.bytes += bytes.len() as u64;
    let bad = bad_indices(ix, |i| {
        let stored = read_value(bytes, blocks, i);
        let pos = position::<R>(&ix.unrank(i));
        if stored.is_some() && pos.must_capture() {
            return false;
        }
        let derived = solve::<R>(&pos, turn, |q, _| tables.probe_resolved::<R>(q));
        stored.is_none() || derived.map(Value::encode) != stored
    });
    if let Some(first) = bad.first() {
        report.problems.push(format!(
            "{sig}: {} position(s) disagree with their successors (first: index {first})",
            bad.len()
        ));
    }
}

/// Check every value of `sig`'s loaded `.wdl` against the `.dtb` beside
/// it, or without one against its successors'.
fn check_wdl<R: Rules>(tables: &Tables, turn: &HalfTurn, sig: Signature, report: &mut Report) {
    let Some((ix, bytes, layout)) = tables.wdl_file(sig) else {
        return;
    };
    let own = tables.decoded(sig);
    report.files += 1;
    report.wdl_files += 1;
    report.positions += ix.size();
    report.bytes += bytes.len() as u64;
    report.wdl_bytes += bytes.len() as u64;
    let dtb = tables.file(sig).filter(|_| checksum_ok(tables, sig));
    let bad = bad_indices(ix, |i| {
        let stored = match own {
            Some(d) => d.get(i),
            None => layout.value(bytes, i),
        };
        let pos = position::<R>(&ix.unrank(i));
        if stored.is_some() && pos.must_capture() {
            return false;
        }
        let Some(stored) = stored else {
            return true;
        };
        match dtb {
            Some((_, dtb, blocks)) => {
                read_value(dtb, blocks, i).map(|b| Value::decode(b).wdl) != Some(stored)
            }
            None => !wdl_agrees::<R, _>(
                stored,
                &pos,
                turn,
                |next, q| match next.must_capture() {
                    false => tables.fetch_decoded(q),
                    true => None,
                },
                |q, slot| match slot {
                    Some((d, j)) => d.get(j),
                    None => tables.probe_resolved_wdl::<R>(q),
                },
            ),
        }
    });
    if let Some(first) = bad.first() {
        let against = if dtb.is_some() {
            "the .dtb"
        } else {
            "their successors"
        };
        report.problems.push(format!(
            "{sig}.wdl: {} position(s) disagree with {against} (first: index {first})",
            bad.len()
        ));
    }
}

/// A duration to come, in hours and minutes.
fn eta(secs: f64) -> String {
    let m = (secs / 60.0).round() as u64;
    match m {
        0 => "under a minute".into(),
        _ if m < 60 => format!("{m} min"),
        _ => format!("{} h {} min", m / 60, m % 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::egtb::build::build;
    use crate::egtb::{Wdl, wdl};
    use crate::rules::Game;
    use crate::rules::removal::English;

    type R = <English as crate::egtb::RulesOf>::R;

    /// The value of index `i` of `sig`'s loaded `.wdl`.
    fn value_of(tables: &Tables, sig: Signature, i: u64) -> Option<Wdl> {
        let (_, bytes, layout) = tables.wdl_file(sig)?;
        layout.value(bytes, i)
    }

    /// Re-encode `sig`'s `.wdl` with the value of its first position
    /// without a capture pending changed; gives that index.
    fn plant_wrong_value(tables: &Tables, dir: &Path, sig: Signature) -> u64 {
        let (ix, _, _) = tables.wdl_file(sig).expect("loaded");
        let victim = (0..ix.size())
            .find(|&i| !position::<R>(&ix.unrank(i)).must_capture())
            .expect("a quiet position");
        let runs = wdl::runs(ix.size(), |start, out| {
            for (k, v) in out.iter_mut().enumerate() {
                let i = start + k as u64;
                let w = value_of(tables, sig, i).expect("reads");
                *v = Some(match (i == victim, w) {
                    (true, Wdl::Draw) => Wdl::Win,
                    (true, _) => Wdl::Draw,
                    (false, w) => w,
                });
            }
        });
        let mut bytes = wdl::encode_file(R::VARIANT, sig, &runs);
        if tables.wdl_file(sig).is_some_and(|f| f.2.mirror_left_out) {
            wdl::mark_mirror_left_out(&mut bytes);
        }
        std::fs::write(wdl_path(dir, R::VARIANT, sig), bytes).expect("write");
        victim
    }

    /// A job packed to one `.wdl` without its `.dtb`: verify computes
    /// the side left out and finds a wrong value planted in the file kept.
    #[test]
    fn a_wrong_value_in_a_packed_job_is_reported() {
        let dir = tempfile::tempdir().expect("scratch");
        let slice = crate::egtb::build::SLICE_POSITIONS;
        crate::egtb::build::build_in_slices::<R>(dir.path(), 3, true, slice, 2).expect("built");
        // three men: no other 3-piece job reads it
        let job = Signature::new(1, 0, 2, 0);
        for s in [job, job.mirror()] {
            std::fs::remove_file(file_path(dir.path(), R::VARIANT, s)).expect("rm");
        }
        let kept = [job, job.mirror()]
            .into_iter()
            .find(|&s| wdl_path(dir.path(), R::VARIANT, s).exists())
            .expect("one file kept");
        assert!(!wdl_path(dir.path(), R::VARIANT, kept.mirror()).exists());
        let clean = verify::<R>(dir.path(), None, false, |_| {});
        assert!(clean.problems.is_empty(), "{:?}", clean.problems);
        let tables = Tables::open(R::VARIANT, R::GEO, dir.path(), 3, R::MEN).0;
        let victim = plant_wrong_value(&tables, dir.path(), kept);
        let text = verify::<R>(dir.path(), None, false, |_| {})
            .problems
            .join("\n");
        let want = format!("{kept}.wdl: 1 position(s) disagree with their successors");
        assert!(
            text.contains(&format!("{want} (first: index {victim})")),
            "{text}"
        );
    }

    #[test]
    fn a_wrong_wdl_value_is_reported_with_and_without_its_dtb() {
        let dir = tempfile::tempdir().expect("scratch");
        build::<R>(dir.path(), 3, true).expect("built");
        let clean = verify::<R>(dir.path(), None, false, |_| {});
        assert!(clean.problems.is_empty(), "{:?}", clean.problems);
        assert!(clean.wdl_files > 0 && clean.wdl_files * 2 == clean.files);
        // 0111 keeps its .dtb; the job 0102/0201 loses both of its .dtb
        let (checked, alone) = (Signature::new(0, 1, 1, 1), Signature::new(0, 1, 0, 2));
        let tables = Tables::open(R::VARIANT, R::GEO, dir.path(), 3, R::MEN).0;
        let a = plant_wrong_value(&tables, dir.path(), checked);
        let b = plant_wrong_value(&tables, dir.path(), alone);
        for s in [alone, alone.mirror()] {
            std::fs::remove_file(file_path(dir.path(), R::VARIANT, s)).expect("rm");
        }
        let report = verify::<R>(dir.path(), None, false, |_| {});
        let text = report.problems.join("\n");
        assert!(
            text.contains(&format!(
                "0111.wdl: 1 position(s) disagree with the .dtb (first: index {a})"
            )),
            "{text}"
        );
        // the victim's predecessors in 0201 may disagree too
        assert!(
            text.contains(&format!(
                "0102.wdl: 1 position(s) disagree with their successors (first: index {b})"
            )),
            "{text}"
        );
        // one job's values only: the other job's wrong value goes unseen
        // (its predecessors in this job may disagree)
        let one = verify::<R>(dir.path(), Some(checked.mirror()), false, |_| {});
        let text = one.problems.join("\n");
        assert!(text.contains("0111.wdl: 1 position(s) disagree"), "{text}");
        assert!(!text.contains("0102.wdl"), "{text}");
    }
}
