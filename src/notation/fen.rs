//! FEN positions, read and written (notation.md, "FEN").
//!
//! PDN FEN `W:W31-50:B1-20`, read tolerantly (ranges, `K` ranges, a
//! trailing `.`, empty sections, leading zeros, lidraughts' `:H`/`:F`
//! fields, whitespace, algebraic squares on boards that allow them), plus
//! dam's two extensions: stacks `[wbB]23` (damasca, damasca-international,
//! lasca) and Damath chips `K3@7` with the score field `:S12.50,-3.00`.
//!
//! The reader and writer work on the family-neutral `Setup`; `parse_fen`
//! and `write_fen` go through `Game::from_setup` / `Game::to_setup`.

mod read;
mod write;

pub use read::parse_setup;
pub use write::{points, write_setup};

use crate::rules::{Game, SetupError};
use crate::variant::{Family, Variant};

/// A FEN that could not be read: which field, which token, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    #[error("FEN is empty")]
    Empty,
    #[error("FEN side to move: expected W or B, found '{0}'")]
    Side(String),
    #[error("FEN field '{0}': expected a W or B section, :H/:F counters or (damath) an :S score")]
    Field(String),
    #[error("FEN {0} section given twice")]
    SectionTwice(char),
    #[error("FEN {section} section, token '{token}': {problem}")]
    Token {
        section: char,
        token: String,
        problem: TokenProblem,
    },
    #[error("FEN score field '{0}': {1}")]
    Score(String, String),
    #[error("FEN score field: only damath has a score")]
    ScoreNotAllowed,
    #[error("FEN position: {0}")]
    Position(#[from] SetupError),
}

/// What is wrong with one token of a FEN section.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TokenProblem {
    #[error("'{0}' is not a square")]
    NotASquare(String),
    #[error("'{0}' is not a playing square of this board")]
    NotPlaying(String),
    #[error("algebraic squares ('{0}') are not used on this board")]
    NoAlgebraic(String),
    #[error("square {0} is out of range (squares are 1..{1})")]
    OutOfRange(u64, u8),
    #[error("square {0} is given twice")]
    Twice(u8),
    #[error("the range runs backwards")]
    BackwardRange,
    #[error("stacks are only allowed in damasca, damasca-international and lasca, not {0}")]
    StacksNotAllowed(Variant),
    #[error("a stack needs ']' before its square")]
    UnclosedStack,
    #[error("a stack needs at least one piece letter")]
    EmptyStack,
    #[error("'{0}' is not a stack letter (w, b, W, B)")]
    StackLetter(char),
    #[error("the top letter '{0}' does not have the section's colour")]
    StackTop(char),
    #[error("a stack is a single square, not a range or a king")]
    StackShape,
    #[error("numbered chips ('@') are only allowed in damath")]
    ChipsNotAllowed,
    #[error("a damath chip needs a number: write [K]<number>@<square>")]
    ChipWithoutNumber,
    #[error("'{0}' is not a chip number")]
    ChipNumber(String),
    #[error("a man on its own promotion row")]
    ManOnPromotionRow,
}

/// Whether a variant plays with stacks.
pub fn has_stacks(variant: Variant) -> bool {
    variant.family() == Family::Columns
}

/// Read a FEN into a position of `G`.
pub fn parse_fen<G: Game>(text: &str) -> Result<G, FenError> {
    let setup = parse_setup(text, G::VARIANT, G::geometry())?;
    Ok(G::from_setup(&setup)?)
}

/// Write a position as canonical FEN.
pub fn write_fen<G: Game>(pos: &G) -> String {
    write_setup(&pos.to_setup())
}

#[cfg(test)]
mod tests;
