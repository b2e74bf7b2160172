//! The build side of the endgame databases, apart from the probe the
//! engine links: retrograde generation on every core (`generate`, by the
//! rule in `solve`), `verify`, the probe latency `bench`, `.wdl` files
//! written from `.dtb` files (`convert`), and the loops over a plan's jobs
//! below, with their progress bars.

mod bench;
mod cells;
mod convert;
mod generate;
mod pack;
pub mod plan;
mod scratch;
mod slices;
mod solve;
mod verify;

pub use bench::{Kind, bench};
pub use generate::SLICE_POSITIONS;
pub use verify::{checksum_ok, verify};

use super::signature::Signature;
use super::tables::{self, Tables};
use super::{BOTH_SIDES_PIECES, DTC_PIECES, index};
use crate::rules::removal::Rules;
use indicatif::{ProgressBar, ProgressStyle};
use std::path::Path;

/// The open set of `R`'s variant for `pieces` pieces, nothing loaded yet.
fn empty<R: Rules>(dir: &Path) -> Tables {
    Tables::empty(R::VARIANT, R::GEO, dir)
}

/// Whether the `.dtb` of `sig` loads into `tables` and its checksum holds.
fn dtb_ok(tables: &mut Tables, sig: Signature) -> bool {
    tables.load(sig).is_ok() && verify::checksum_ok(tables, sig)
}

/// Whether the `.wdl` of `sig` loads into `tables` (which checks it
/// whole), once rewritten in the current format and block size if it
/// has the first format or another size.
fn wdl_ok(tables: &mut Tables, sig: Signature) -> bool {
    (tables.load_wdl(sig).is_ok() || convert::upgrade_wdl(tables, sig).is_ok())
        && convert::reblock_wdl(tables, sig).is_ok()
}

/// The signatures of `job`: itself and its mirror, once if they are one.
fn sides(job: Signature) -> Vec<Signature> {
    if job == job.mirror() {
        vec![job]
    } else {
        vec![job, job.mirror()]
    }
}

/// Whether every file `job` should have is loaded into `tables` and whole:
/// the `.wdl` of both signatures (or of one that leaves out the other:
/// `pack`), and up to `DTC_PIECES` their `.dtb`.
fn job_valid(tables: &mut Tables, job: Signature) -> bool {
    let wdl: Vec<bool> = sides(job).into_iter().map(|s| wdl_ok(tables, s)).collect();
    sides(job).into_iter().zip(wdl).all(|(s, ok)| {
        (ok || tables.derived(s)) && (job.pieces() > DTC_PIECES || dtb_ok(tables, s))
    })
}

/// Whether a dependency's values can be read: a good `.wdl` or `.dtb` for
/// both its signatures, or one derived from the other's `.wdl` (the good
/// files are loaded).
fn job_usable(tables: &mut Tables, job: Signature) -> bool {
    let ok: Vec<bool> = sides(job)
        .into_iter()
        .map(|s| wdl_ok(tables, s) | dtb_ok(tables, s))
        .collect();
    sides(job)
        .into_iter()
        .zip(ok)
        .all(|(s, ok)| ok || tables.derived(s))
}

/// A progress bar over `total` positions on stderr (hidden when `quiet`).
fn progress(total: u64, quiet: bool) -> Result<ProgressBar, String> {
    let bar = if quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(total)
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{bar:40}] {human_pos}/{human_len} positions, eta {eta} {msg}",
        )
        .map_err(|e| e.to_string())?,
    );
    Ok(bar)
}

/// The positions of the signatures of `jobs`.
fn positions<R: Rules>(jobs: &[Signature]) -> u64 {
    jobs.iter()
        .flat_map(|&j| sides(j))
        .map(|s| index::Indexer::new(R::GEO, s).size())
        .sum()
}

/// Build every job of up to `pieces` pieces of `R`'s variant missing or
/// invalid under `dir`, as `build_in_slices` with slices of
/// `SLICE_POSITIONS`.
pub fn build<R: Rules>(dir: &Path, pieces: u32, quiet: bool) -> Result<Vec<Signature>, String> {
    build_in_slices::<R>(dir, pieces, quiet, SLICE_POSITIONS, BOTH_SIDES_PIECES)
}

/// Build every job of up to `pieces` pieces of `R`'s variant missing or
/// invalid under `dir`, smallest first, with a progress bar on stderr
/// (hidden when `quiet`): a job whose `.dtb` files are good but lack
/// their `.wdl` only gets the `.wdl` written from them; a job above
/// `DTC_PIECES` pieces and `slice` positions is solved in slices of at
/// most `slice` positions, and resumes at the slice it stopped in. Once
/// every job is there, each job of more than `both` pieces keeps one
/// `.wdl` (`pack`): not before, so that the generator reads both sides
/// of its dependencies from files. Returns the jobs built.
pub fn build_in_slices<R: Rules>(
    dir: &Path,
    pieces: u32,
    quiet: bool,
    slice: u64,
    both: u32,
) -> Result<Vec<Signature>, String> {
    let mut tables = empty::<R>(dir);
    let plan = Signature::plan(pieces, R::MEN);
    let todo: Vec<Signature> = plan
        .into_iter()
        .filter(|&job| !job_valid(&mut tables, job))
        .collect();
    let bar = progress(positions::<R>(&todo), quiet)?;
    for &job in &todo {
        let has_dtc = job.pieces() <= DTC_PIECES;
        if has_dtc && sides(job).into_iter().all(|s| dtb_ok(&mut tables, s)) {
            for s in sides(job) {
                convert::write_wdl::<R>(&mut tables, s)?;
                bar.inc(index::Indexer::new(R::GEO, s).size());
            }
        } else {
            generate::build_job::<R>(&mut tables, job, &bar, slice)?;
        }
    }
    bar.finish_and_clear();
    let mut packed = 0;
    for job in Signature::plan(pieces, R::MEN) {
        if job.pieces() > both {
            packed += pack::pack(&mut tables, job)? as usize;
        }
    }
    if packed > 0 {
        log::info!("{packed} jobs of more than {both} pieces now keep one .wdl file");
    }
    Ok(todo)
}

/// Build the one job `job` (every job it needs must be there: its
/// dependencies and theirs, see `Signature::needs`), in slices of at most
/// `slice` positions above `DTC_PIECES` pieces.
pub fn build_one<R: Rules>(dir: &Path, job: Signature, slice: u64) -> Result<(), String> {
    let job = job.job();
    let mut tables = empty::<R>(dir);
    for dep in job.needs() {
        if !job_usable(&mut tables, dep) {
            return Err(format!(
                "{job} needs {dep} (and its mirror {}) built and valid first: `dam egtb plan` lists what each job needs",
                dep.mirror()
            ));
        }
    }
    let bar = progress(positions::<R>(&[job]), false)?;
    generate::build_job::<R>(&mut tables, job, &bar, slice)?;
    bar.finish_and_clear();
    Ok(())
}

/// Write the missing or invalid `.wdl` files of the `.dtb` files of up to
/// `pieces` pieces of `R`'s variant under `dir`, with a progress bar on
/// stderr (hidden when `quiet`). Returns the signatures written.
pub fn write_wdls<R: Rules>(
    dir: &Path,
    pieces: u32,
    quiet: bool,
) -> Result<Vec<Signature>, String> {
    let mut tables = empty::<R>(dir);
    let mut todo = Vec::new();
    for job in Signature::plan(pieces, R::MEN) {
        for s in sides(job) {
            let path = tables::file_path(dir, R::VARIANT, s);
            if !path.exists() || wdl_ok(&mut tables, s) {
                continue;
            }
            if !dtb_ok(&mut tables, s) {
                return Err(format!(
                    "{}: damaged; rebuild it with dam egtb build",
                    path.display()
                ));
            }
            todo.push(s);
        }
    }
    let sizes: Vec<u64> = todo
        .iter()
        .map(|&s| index::Indexer::new(R::GEO, s).size())
        .collect();
    let bar = progress(sizes.iter().sum(), quiet)?;
    for (&s, size) in todo.iter().zip(sizes) {
        bar.set_message(s.to_string());
        convert::write_wdl::<R>(&mut tables, s)?;
        bar.inc(size);
    }
    bar.finish_and_clear();
    Ok(todo)
}
