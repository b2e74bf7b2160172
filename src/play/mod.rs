//! `dam play`: a person plays the engine (or another person) at a
//! terminal, in every variant: a front end beside the protocols, driving
//! the engine room through its public interface. The board is redrawn in
//! place on a terminal and printed as plain lines otherwise, so scripts
//! and tests drive it through stdin and stdout. Commands: `help` in
//! `commands`.

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

use crate::variant::Variant;
use crate::with_variant;
use std::path::PathBuf;

/// How a game at the terminal starts.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The variant (default: international, or the game's from `pdn`).
    pub variant: Option<Variant>,
    /// Start from this position.
    pub fen: Option<String>,
    /// Open a game of this PDN file.
    pub pdn: Option<PathBuf>,
    /// Which game of the `pdn` file (1-based).
    pub game: usize,
    /// The engine's level, as the `level` command takes it.
    pub level: Option<String>,
    /// The sides the engine plays: white, black, both or none.
    pub computer: String,
    /// Search threads (default: every core).
    pub threads: Option<usize>,
    /// Transposition table size, log2 of its entries.
    pub tt_size: u32,
    /// Draw the pieces with ASCII letters instead of Unicode discs.
    pub ascii: bool,
}

/// Play until the person quits or the input ends; what went wrong setting
/// the game up.
pub fn run(options: &Options) -> Result<(), String> {
    let variant = match (options.variant, &options.pdn) {
        (Some(v), _) => v,
        (None, Some(path)) => files::variant_of(path, options.game)?,
        (None, None) => Variant::International,
    };
    with_variant!(variant, G => session::run::<G>(options))
}
