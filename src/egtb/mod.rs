//! Endgame databases for the removal family (international, english,
//! brazilian, russian, dama, dama-international). The probe, which the
//! engine links, is here: a perfect index per material signature
//! (`index`), the file formats (`format`, documented in
//! `egtb/README.md`; `wdl` and `huffman` for the compact `.wdl` files
//! that hold win, draw or loss only beside each `.dtb` file of win, draw
//! or loss and distance to conversion), the memory-mapped probe
//! (`tables`), the values of a position's moves (`moves`), adjudication
//! and the sets a batch job opens (`shelf`). The sets above `DTC_PIECES`
//! pieces get the `.wdl` only. The search reaches them through
//! `Tables::probe_wdl` (inside the tree) and the root move filter
//! (`moves::best_moves`). Generating, verifying, benchmarking and
//! converting the files is the build side, in `build`; the engine reaches
//! it only to build the small sets on first use (`open_for_engine`).

pub mod adjudicate;
pub mod build;
pub mod dense;
pub mod format;
mod huffman;
pub mod index;
pub mod moves;
pub mod phase;
pub mod sample;
pub mod shelf;
pub mod signature;
pub mod status;
pub mod tables;
pub mod verified;
pub mod wdl;

pub use adjudicate::Adjudicator;
pub use format::{MAX_DISTANCE, Value, Wdl};
pub use shelf::Shelf;
pub use signature::{MAX_PIECES, Signature};
pub use tables::Tables;

use crate::rules::removal::{Position, Rules};
use crate::rules::{Color, Game};
use crate::variant::Variant;
use std::path::{Path, PathBuf};

/// The search score of a database win at distance 0: far above any
/// evaluation, below the scores of a win found by search (`MATE_BOUND`).
pub const TB_WIN: i32 = 20_000;

/// Scores from this up to `TB_WIN` (and their negatives) are database
/// wins (losses): the search reached a covered position whose distance to
/// the game's end is not known (`search::score::standing`).
pub const TB_BOUND: i32 = TB_WIN - 1_000;

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

/// The material of `pos`: the men and kings of White, then of Black,
/// one byte each; `None` for a family without bitboard sides (no
/// databases there).
#[inline]
pub fn material<G: Game>(pos: &G) -> Option<u32> {
    let (white, _, _) = pos.side_view(Color::White)?;
    let (black, _, _) = pos.side_view(Color::Black)?;
    Some(
        white.men.count_ones()
            | white.kings.count_ones() << 8
            | black.men.count_ones() << 16
            | black.kings.count_ones() << 24,
    )
}

/// The sets built with distances to conversion (`.dtb`, beside their
/// `.wdl`); larger sets are built as `.wdl` only. A 5-piece `.dtb` set
/// (480 MB for international, against a 0.8 GB goal for the whole 2-6
/// set) bought one conversion in 3153 won positions over win/draw/loss
/// alone once the search looked for conversions itself (`dam egtb
/// playout`, egtb/README.md); `.dtb` files of more pieces found in a
/// directory (built by dam before 2026-11-28) are still read.
pub const DTC_PIECES: u32 = 4;

/// The sets of up to this many pieces keep a `.wdl` file for both
/// signatures of a job; above, `dam egtb build` keeps the smaller of the
/// two and marks it so, and the probe values the other side by one move
/// (each quiet move leads into the file kept; `Tables::probe_wdl`), as
/// Moby Dam stores one side to move. The international 6-piece jobs'
/// two files differ up to twentyfold (1113 64 MB, 1311 30 MB).
pub const BOTH_SIDES_PIECES: u32 = 5;

/// The sets built on first use, without asking.
pub const FIRST_USE_PIECES: u32 = 4;

/// Whether a limit of `pieces` asks for the first-use build: the default,
/// `MAX_PIECES`, takes the largest set found and builds nothing, so that
/// a session starts at once; a smaller limit (2 or more) builds the sets
/// of up to `FIRST_USE_PIECES` pieces first where they are missing.
pub fn builds_first(pieces: u32) -> bool {
    (2..MAX_PIECES).contains(&pieces)
}

/// Names the rules type of a position type of the removal family.
pub trait RulesOf {
    type R: Rules;
}

impl<R: Rules> RulesOf for Position<R> {
    type R = R;
}

/// Run `$body` with `$r` the rules type of `$variant`, or give `None` for
/// a variant without databases.
#[macro_export]
macro_rules! with_rules {
    ($variant:expr, $r:ident => $body:expr) => {{
        use $crate::egtb::RulesOf;
        use $crate::rules::removal;
        use $crate::variant::Variant as V;
        match $variant {
            V::International => {
                type $r = <removal::International as RulesOf>::R;
                Some($body)
            }
            V::English => {
                type $r = <removal::English as RulesOf>::R;
                Some($body)
            }
            V::Brazilian => {
                type $r = <removal::Brazilian as RulesOf>::R;
                Some($body)
            }
            V::Russian => {
                type $r = <removal::Russian as RulesOf>::R;
                Some($body)
            }
            V::Dama => {
                type $r = <removal::Dama as RulesOf>::R;
                Some($body)
            }
            V::DamaInternational => {
                type $r = <removal::DamaInternational as RulesOf>::R;
                Some($body)
            }
            V::Damasca | V::DamascaInternational | V::Lasca | V::Damath => None,
        }
    }};
}

/// Why a variant has no databases.
pub fn unsupported(variant: Variant) -> String {
    format!(
        "{variant} has no endgame databases (only the removal family: international, english, brazilian, russian, dama, dama-international)"
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

/// The databases of `variant` for the engine: every set of up to
/// `pieces` pieces found in `dir` (the largest found when `pieces` is
/// `MAX_PIECES`). With `first_use`, the sets of up to `FIRST_USE_PIECES`
/// pieces (at most `pieces`) are built first when they are missing, as a
/// warning and a progress bar on stderr say; without it nothing is built,
/// so opening takes no longer than mapping the files. The problems found
/// (missing or damaged files) are logged once as one warning, and the set
/// covers what is there; `None` when it covers nothing (said once at info
/// level, with the command that builds them) or the variant has no
/// databases (a warning only with `first_use`).
pub fn open_for_engine(
    variant: Variant,
    dir: &Path,
    pieces: u32,
    first_use: bool,
) -> Option<Tables> {
    let opened = with_rules!(variant, R => {
        let small = pieces.min(FIRST_USE_PIECES);
        if first_use && small >= 2 {
            build_first_use::<R>(dir, small);
        }
        Tables::open(R::VARIANT, R::GEO, dir, pieces, R::MEN)
    });
    let Some((mut tables, problems)) = opened else {
        // only a limit asked for says so: by default a variant without
        // databases just plays without
        if first_use {
            log::warn!("{}", unsupported(variant));
        }
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
    if tables.pieces() < 2 {
        log::info!(
            "no {variant} endgame databases in {}: playing without them; `dam egtb build --variant {variant} --pieces 5` builds the 2-5 piece sets there",
            dir.display()
        );
        return None;
    }
    Some(tables)
}

/// Positions a second the first-use build solves on one core: the
/// international 2-4 piece sets, 42,786,345 positions, took 15.2 s of CPU
/// (egtb/README.md, "Where the files live").
const FIRST_USE_RATE: u64 = 2_800_000;

/// Build the sets of up to `pieces` pieces of `R`'s variant under `dir`
/// unless they open whole, saying first on stderr what is built, where,
/// and about how long it takes, and showing the build's progress bar.
fn build_first_use<R: Rules>(dir: &Path, pieces: u32) {
    let (found, _) = Tables::open(R::VARIANT, R::GEO, dir, pieces, R::MEN);
    if found.pieces() >= pieces {
        return;
    }
    let positions: u64 = Signature::plan(pieces, R::MEN)
        .into_iter()
        .flat_map(|job| [job, job.mirror()])
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .map(|sig| index::Indexer::new(R::GEO, sig).size())
        .sum();
    let cores = rayon::current_num_threads().max(1) as u64;
    let where_to = dir.join(R::VARIANT.to_string());
    log::warn!(
        "endgame databases: building the 2-{pieces} piece sets of {} into {} ({positions} positions, about {} s on {cores} core(s)); done once, later runs read them there",
        R::VARIANT,
        where_to.display(),
        positions.div_ceil(FIRST_USE_RATE * cores)
    );
    if let Err(e) = build::build::<R>(dir, pieces, false) {
        log::warn!(
            "endgame databases: building the {pieces}-piece sets in {}: {e}",
            dir.display()
        );
    }
}
