//! Static evaluation, one evaluator per rules family behind the
//! `Evaluate` trait; the facts about moves and positions the search also
//! reads (must capture, threatened, reversible moves) are rules, on
//! `Game`. A family (Damath, later) plugs in by implementing `Evaluate`;
//! `final_score` lets a variant whose goal is a score rather than a win
//! (Damath) value its final positions.
//!
//! Scores are in hundredths of a man, from the side to move's point of
//! view. The weights live in `weights`.

mod columns;
mod damath;
mod masks;
pub mod pattern;
mod removal;
pub mod weights;

use crate::rules::Game;

/// What the search needs of a variant besides its rules.
pub trait Evaluate: Game {
    /// The static evaluation, from the side to move's point of view.
    fn evaluate(&self) -> i32;

    /// Whether `hash` covers everything `evaluate` reads, so that the
    /// search may cache evaluations by hash.
    const HASH_COVERS_EVAL: bool = false;

    /// The value of this position if the game ends here (no legal move,
    /// or a rule ends it), from the side to move's point of view, for a
    /// variant that scores a finished game by points rather than as a
    /// win or loss (Damath). `None`: the usual win, loss or draw.
    fn final_score(&self) -> Option<i32> {
        None
    }
}

#[cfg(test)]
mod tests;
