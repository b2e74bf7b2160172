//! Endgame databases for the plain family (international, english,
//! brazilian, russian, dama, dama-international): a perfect index per
//! material signature (`index`), retrograde generation on every core
//! (`generate`), a compact file format with a block index and a checksum
//! (`format`, documented in `egtb/README.md`), the memory-mapped probe
//! (`tables`) and `verify`. Beside each `.dtb` file (win, draw or loss
//! and distance to conversion) a compact `.wdl` file holds win, draw or
//! loss only (`wdl`, `huffman`; written from a `.dtb` by `convert`); the
//! sets above `DTC_PIECES` pieces get the `.wdl` only. The search reaches
//! them through `Tables::probe_wdl` (inside the tree) and the root move
//! filter (`moves::best_moves`).

pub mod adjudicate;
mod bench;
mod convert;
pub mod format;
mod generate;
mod huffman;
pub mod index;
pub mod moves;
pub mod shelf;
pub mod signature;
mod solve;
pub mod tables;
mod verify;
pub mod wdl;

pub use adjudicate::Adjudicator;
pub use bench::bench;
pub use format::{MAX_DISTANCE, Value, Wdl};
pub use shelf::Shelf;
pub use signature::Signature;
pub use tables::Tables;
pub use verify::verify;

use crate::rules::removal::{Position, Rules};
use crate::variant::Variant;
use indicatif::{ProgressBar, ProgressStyle};
use std::path::{Path, PathBuf};

/// The search score of a database win at distance 0: far above any
/// evaluation, below the scores of a win found by search (`MATE_BOUND`).
pub const TB_WIN: i32 = 20_000;

/// The distance a win or loss read from a `.wdl` is scored at in the
/// search: beyond every stored distance, so that a win whose distance is
/// known (the root, from the `.dtb`) scores higher.
const WDL_DISTANCE: i32 = MAX_DISTANCE as i32 + 1;

/// The search score of a database win, draw or loss at `ply`: a win
/// nearer the root scores higher.
#[inline(always)]
pub fn search_score(w: Wdl, ply: usize) -> i32 {
    let s = TB_WIN - ply as i32 - WDL_DISTANCE;
    match w {
        Wdl::Win => s,
        Wdl::Draw => 0,
        Wdl::Loss => -s,
    }
}

/// The sets stored with distances to conversion (`.dtb`, beside their
/// `.wdl`); larger sets are stored as `.wdl` only (a 6-piece `.dtb` set
/// would not fit on a disk the way its `.wdl` set does).
pub const DTC_PIECES: u32 = 5;

/// The sets built on first use, without asking.
pub const FIRST_USE_PIECES: u32 = 4;

/// Names the rules type of a plain position type.
pub trait Plain {
    type R: Rules;
}

impl<R: Rules> Plain for Position<R> {
    type R = R;
}

/// Run `$body` with `$r` the rules type of `$variant`, or give `None` for
/// a variant without databases.
#[macro_export]
macro_rules! with_rules {
    ($variant:expr, $r:ident => $body:expr) => {{
        use $crate::egtb::Plain;
        use $crate::rules::removal as plain;
        use $crate::variant::Variant as V;
        match $variant {
            V::International => {
                type $r = <plain::International as Plain>::R;
                Some($body)
            }
            V::English => {
                type $r = <plain::English as Plain>::R;
                Some($body)
            }
            V::Brazilian => {
                type $r = <plain::Brazilian as Plain>::R;
                Some($body)
            }
            V::Russian => {
                type $r = <plain::Russian as Plain>::R;
                Some($body)
            }
            V::Dama => {
                type $r = <plain::Dama as Plain>::R;
                Some($body)
            }
            V::DamaInternational => {
                type $r = <plain::DamaInternational as Plain>::R;
                Some($body)
            }
            _ => None,
        }
    }};
}

/// Why a variant has no databases.
pub fn unsupported(variant: Variant) -> String {
    format!(
        "{variant} has no endgame databases (only the plain family: international, english, brazilian, russian, dama, dama-international)"
    )
}

/// Where databases live unless told otherwise: `$DAM_EGTB_DIR`, else
/// `$XDG_CACHE_HOME/dam/egtb`, else `~/.cache/dam/egtb`, else
/// `./dam-egtb`.
pub fn default_dir() -> PathBuf {
    let env = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    env("DAM_EGTB_DIR")
        .or_else(|| env("XDG_CACHE_HOME").map(|d| d.join("dam").join("egtb")))
        .or_else(|| env("HOME").map(|d| d.join(".cache").join("dam").join("egtb")))
        .unwrap_or_else(|| PathBuf::from("dam-egtb"))
}

/// The open set of `R`'s variant for `pieces` pieces, nothing loaded yet.
fn empty<R: Rules>(dir: &Path) -> Tables {
    Tables::empty(R::VARIANT, R::GEO, dir)
}

/// Whether the `.dtb` of `sig` loads into `tables` and its checksum holds.
fn dtb_ok(tables: &mut Tables, sig: Signature) -> bool {
    tables.load(sig).is_ok() && verify::checksum_ok(tables, sig)
}

/// Whether the `.wdl` of `sig` loads into `tables` (which checks it
/// whole), once rewritten in the current format if it has the first.
fn wdl_ok(tables: &mut Tables, sig: Signature) -> bool {
    tables.load_wdl(sig).is_ok() || convert::upgrade_wdl(tables, sig).is_ok()
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
/// the `.wdl` of both signatures, and up to `DTC_PIECES` their `.dtb`.
fn job_valid(tables: &mut Tables, job: Signature) -> bool {
    sides(job)
        .into_iter()
        .all(|s| wdl_ok(tables, s) && (job.pieces() > DTC_PIECES || dtb_ok(tables, s)))
}

/// Whether a dependency's values can be read: a good `.wdl` or `.dtb` for
/// both its signatures (both are loaded when good).
fn job_usable(tables: &mut Tables, job: Signature) -> bool {
    sides(job)
        .into_iter()
        .all(|s| wdl_ok(tables, s) | dtb_ok(tables, s))
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
/// invalid under `dir`, smallest first, with a progress bar on stderr
/// (hidden when `quiet`): a job whose `.dtb` files are good but lack
/// their `.wdl` only gets the `.wdl` written from them. Returns the jobs
/// built.
pub fn build<R: Rules>(dir: &Path, pieces: u32, quiet: bool) -> Result<Vec<Signature>, String> {
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
            generate::build_job::<R>(&mut tables, job, &bar)?;
        }
    }
    bar.finish_and_clear();
    Ok(todo)
}

/// Build the one job `job` (every job it needs must be there: its
/// dependencies and theirs, see `Signature::needs`).
pub fn build_one<R: Rules>(dir: &Path, job: Signature) -> Result<(), String> {
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
    generate::build_job::<R>(&mut tables, job, &bar)?;
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

/// The databases of `variant` for the engine: up to `pieces` pieces from
/// `dir`; with `first_use`, the sets of up to `FIRST_USE_PIECES` pieces
/// are built first if missing. The problems found (missing or damaged
/// files) are logged once as one warning, and the set covers what is
/// there; `None` when it covers nothing.
pub fn open_for_engine(
    variant: Variant,
    dir: &Path,
    pieces: u32,
    first_use: bool,
) -> Option<Tables> {
    let opened = with_rules!(variant, R => {
        let small = pieces.min(FIRST_USE_PIECES);
        if first_use && let Err(e) = build::<R>(dir, small, true) {
            log::warn!("endgame databases: building the {small}-piece sets in {}: {e}", dir.display());
        }
        Tables::open(R::VARIANT, R::GEO, dir, pieces, R::MEN)
    });
    let Some((mut tables, problems)) = opened else {
        log::warn!("{}", unsupported(variant));
        return None;
    };
    if let Some(first) = problems.first() {
        log::warn!(
            "endgame databases: {} file(s) missing or damaged (first: {first}); using the {}-piece sets",
            problems.len(),
            tables.pieces()
        );
    }
    tables.limit(pieces);
    (tables.pieces() >= 2).then_some(tables)
}
