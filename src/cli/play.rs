//! `dam play`: a person plays the engine (or another person) at a
//! terminal, in every variant. The board is redrawn in place on a
//! terminal and printed as plain lines otherwise, so scripts and tests
//! drive it through stdin and stdout. Commands: `help` in `commands`.

mod board;
mod clock;
mod command;
mod engine;
mod files;
mod history;
mod input;
mod level;
mod screen;
mod session;
mod setup;
mod typed;

use super::CliError;
use crate::variant::Variant;
use crate::with_variant;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// The variant (default: international, or the game's from --pdn).
    #[arg(long)]
    variant: Option<Variant>,
    /// Start from this position.
    #[arg(long, conflicts_with = "pdn")]
    fen: Option<String>,
    /// Open a game of this PDN file (continue it from any move).
    #[arg(long)]
    pdn: Option<PathBuf>,
    /// Which game of the --pdn file (1-based).
    #[arg(long, default_value_t = 1, requires = "pdn")]
    game: usize,
    /// The engine's level: A-D (learner), `time S`, `depth D`, `clock X Y`
    /// (X moves in Y minutes) or `damath [MIN SEC]`, as the `level` command
    /// takes it (default: 1 s a move; for damath its clock).
    #[arg(long)]
    level: Option<String>,
    /// The sides the engine plays: white, black, both or none.
    #[arg(long, default_value = "black")]
    computer: String,
    /// Search threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Transposition table size, log2 of its entries (16 bytes each).
    #[arg(long, default_value_t = 20)]
    tt_size: u32,
    /// Draw the pieces with ASCII letters instead of Unicode discs.
    #[arg(long)]
    ascii: bool,
}

pub fn run(args: &PlayArgs) -> Result<(), CliError> {
    let variant = match (args.variant, &args.pdn) {
        (Some(v), _) => v,
        (None, Some(path)) => files::variant_of(path, args.game).map_err(CliError)?,
        (None, None) => Variant::International,
    };
    with_variant!(variant, G => session::run::<G>(args))
}
