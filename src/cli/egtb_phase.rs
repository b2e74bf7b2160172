//! `dam egtb phase`: a position's king phase (the positions its kings
//! reach before a capture, a promotion or a man's move ends it) solved
//! over the databases: its value, the plies to the phase's end with best
//! play, and each move's; with the 25-move rule this says whether a
//! database win can be won against best defence.

use super::CliError;
use crate::egtb::format::Wdl;
use crate::egtb::{phase, unsupported};
use crate::notation::fen::parse_fen;
use crate::notation::movetext::pdn_move;
use crate::rules::removal::{Position, Rules};
use crate::variant::Variant;
use crate::with_rules;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct PhaseArgs {
    /// The variant (international, english, brazilian, russian, dama,
    /// dama-international).
    #[arg(long, default_value = "international")]
    variant: Variant,
    /// The position, a FEN (`W:WK1,K24,29,47:BK10,36`).
    #[arg(long)]
    fen: String,
    /// The most positions the phase may have.
    #[arg(long, default_value_t = 2_000_000)]
    limit: usize,
    /// Database directory (default: $DAM_EGTB_DIR, else the user's cache).
    #[arg(long)]
    dir: Option<PathBuf>,
}

pub fn phase(args: &PhaseArgs) -> Result<i32, CliError> {
    with_rules!(args.variant, R => solve::<R>(args))
        .ok_or_else(|| CliError(unsupported(args.variant)))?
}

/// A value and the plies to the phase's end, as printed.
fn said((wdl, plies): (Wdl, Option<u32>)) -> String {
    match plies {
        Some(p) => format!("{wdl}, the phase ends within {p} plies"),
        None => wdl.to_string(),
    }
}

fn solve<R: Rules>(args: &PhaseArgs) -> Result<i32, CliError> {
    let pos: Position<R> = parse_fen(&args.fen).map_err(CliError::new)?;
    let tables = super::egtb_playout::found_tables(args.variant, &args.dir)?;
    let solved = phase::solve(&tables, pos, args.limit).map_err(CliError)?;
    println!(
        "phase {} positions: {}",
        solved.positions,
        said(solved.value)
    );
    if let Some(w) = tables.probe_wdl(&pos).filter(|&w| w != solved.value.0) {
        println!("the databases say {w}: the phase disagrees");
    }
    for (mv, wdl, plies) in &solved.moves {
        println!("move {} {}", pdn_move(&pos, mv), said((*wdl, *plies)));
    }
    Ok(0)
}
