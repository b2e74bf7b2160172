//! Static evaluation, one evaluator per rules family behind the
//! `Evaluate` trait, which also carries the few facts about moves and
//! positions the search needs beyond `Game`. A family (Damath, later)
//! plugs in by implementing `Evaluate`; `final_score` lets a variant
//! whose goal is a score rather than a win (Damath) value its final
//! positions.
//!
//! Scores are in hundredths of a man, from the side to move's point of
//! view. The weights live in `weights`.

mod columns;
mod damath;
mod masks;
pub mod pattern;
mod removal;
pub mod weights;

use crate::board::Bitboard;
use crate::rules::{Color, Game, MoveList, Side};

/// How many distinct `move_key` values there are.
pub const MOVE_KEYS: usize = 64 * 64;

/// What the search needs of a variant besides its rules.
pub trait Evaluate: Game {
    /// The static evaluation, from the side to move's point of view.
    fn evaluate(&self) -> i32;

    /// Whether `hash` covers everything `evaluate` reads, so that the
    /// search may cache evaluations by hash.
    const HASH_COVERS_EVAL: bool = false;

    /// A number below `MOVE_KEYS` naming a move by its start and end, for
    /// the history table.
    fn move_key(mv: &Self::Move) -> usize;

    /// Whether a piece that can move back and forth is on the board, so
    /// that repetition and the counter-based draw rules can apply. When it
    /// is false the search skips those checks.
    fn has_reversible_moves(&self) -> bool;

    /// `color`'s pieces as men and kings, the other side's pieces, and the
    /// empty squares, for the capture tests below to read from bitboards
    /// (`threat`). A family without such a view keeps the default, `None`,
    /// and the tests generate moves instead.
    fn side_view(&self, _color: Color) -> Option<(Side, Bitboard, Bitboard)> {
        None
    }

    /// Whether the opponent could capture if it were its turn (the
    /// quiescence search then looks one ply further). Without a side view,
    /// never.
    #[inline]
    fn threatened(&self) -> bool {
        self.side_view(self.side_to_move().flip())
            .is_some_and(|(side, targets, empty)| {
                side.can_capture(Self::geometry(), targets, empty)
            })
    }

    /// Whether the side to move must capture.
    #[inline]
    fn must_capture(&self) -> bool {
        match self.side_view(self.side_to_move()) {
            Some((side, targets, empty)) => side.can_capture(Self::geometry(), targets, empty),
            None => {
                let mut moves = MoveList::new();
                self.generate(&mut moves);
                moves.first().is_some_and(Self::is_capture)
            }
        }
    }

    /// Whether the side to move has a move that is not a capture.
    #[inline]
    fn can_step(&self) -> bool {
        match self.side_view(self.side_to_move()) {
            Some((side, _, empty)) => side.can_step(Self::geometry(), empty),
            None => {
                let mut moves = MoveList::new();
                self.generate(&mut moves);
                moves.iter().any(|m| !Self::is_capture(m))
            }
        }
    }

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
