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
pub mod format;
mod huffman;
pub mod index;
pub mod moves;
pub mod shelf;
pub mod signature;
pub mod status;
pub mod tables;
pub mod wdl;

pub use adjudicate::Adjudicator;
pub use format::{MAX_DISTANCE, Value, Wdl};
pub use shelf::Shelf;
pub use signature::Signature;
pub use tables::Tables;

use crate::rules::removal::{Position, Rules};
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

/// The sets stored with distances to conversion (`.dtb`, beside their
/// `.wdl`); larger sets are stored as `.wdl` only (a 6-piece `.dtb` set
/// would not fit on a disk the way its `.wdl` set does).
pub const DTC_PIECES: u32 = 5;

/// The sets built on first use, without asking.
pub const FIRST_USE_PIECES: u32 = 4;

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
        if first_use && let Err(e) = build::build::<R>(dir, small, true) {
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
