//! `dam play`: its arguments, handed to the terminal front end
//! (`crate::play`).

use super::CliError;
use crate::play::{self, Options};
use crate::variant::Variant;
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
    let options = Options {
        variant: args.variant,
        fen: args.fen.clone(),
        pdn: args.pdn.clone(),
        game: args.game,
        level: args.level.clone(),
        computer: args.computer.clone(),
        threads: args.threads,
        tt_size: args.tt_size,
        ascii: args.ascii,
    };
    play::run(&options).map_err(CliError)
}
