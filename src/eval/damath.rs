//! The evaluation of Damath, whose goal is the larger final total, not a
//! win: the static score is the difference of the totals the game would
//! end with now (accumulated points plus the chips on the board, a Dama's
//! number counting double), and every ended game is valued the same way.
//! Quiet positions also weigh the threat the side to move faces: what the
//! opponent's best capture would gain if it were its turn.

use super::Evaluate;
use super::weights::WEIGHTS;
use crate::rules::damath::Damath;
use crate::rules::{Color, Game};

/// Totals are in hundredths of a point; scores in tenths stay well inside
/// the search's range.
const SCALE: i64 = 10;
/// The largest score a Damath position is given, below the win scores.
const LIMIT: i64 = 20_000;

impl Evaluate for Damath {
    fn evaluate(&self) -> i32 {
        let threat = self.threat() * WEIGHTS.damath_threat as i64 / 100 / SCALE;
        self.final_score().unwrap_or(0) - threat as i32
    }

    fn final_score(&self) -> Option<i32> {
        let [red, blue] = self.final_totals();
        let diff = match self.side_to_move() {
            Color::White => red - blue,
            Color::Black => blue - red,
        };
        Some((diff / SCALE).clamp(-LIMIT, LIMIT) as i32)
    }
}
