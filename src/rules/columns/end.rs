//! The end of a game of the stacking family: no legal move, and the
//! dead-play adjudication of rules.md (seed, Damasca).
//!
//! The game ends and is adjudicated when (b) 40 plies pass with no
//! capture, no promotion and no soldier move (every soldier move is an
//! advance), or (c) 30 consecutive plies are moved by officers (captures
//! by officers included). Rule (a), the third occurrence of a position, is
//! `record::Record`'s: the hash covers every column's full composition and
//! order; `Record` calls it a draw, and a caller that wants the seed's
//! adjudication there too uses `adjudicate`. Lasca has no such rule of its
//! own; it uses the same counters, so that every game of the family ends.

use super::{Position, Rules};
use crate::board::Geometry;
use crate::rules::{Color, Game, GameEnd, Outcome};

/// Plies with no capture, promotion or soldier move that end the game.
const QUIET_PLIES: u16 = 40;
/// Consecutive plies moved by officers that end the game.
const OFFICER_PLIES: u16 = 30;

impl<R: Rules> Position<R> {
    /// The counters of the adjudication rules, for display.
    pub(super) fn counter_list(&self) -> Vec<(&'static str, u32)> {
        vec![
            (
                "plies without capture, promotion or soldier move",
                self.quiet_plies as u32,
            ),
            (
                "consecutive plies moved by officers",
                self.officer_plies as u32,
            ),
        ]
    }

    /// The result of an adjudicated game, from this position. The side
    /// whose pieces top more columns wins; with equal tops, the side whose
    /// columns hold more pieces (of both colours) wins; otherwise a draw.
    pub fn adjudicate(&self) -> Outcome {
        let tops = |c: Color| self.tops[c.index()].count_ones();
        let held = |c: Color| {
            Geometry::bits(self.tops[c.index()])
                .map(|bit| self.column(bit).height())
                .sum::<u32>()
        };
        let score = |c: Color| (tops(c), held(c));
        match score(Color::White).cmp(&score(Color::Black)) {
            std::cmp::Ordering::Greater => Outcome::Win(Color::White),
            std::cmp::Ordering::Less => Outcome::Win(Color::Black),
            std::cmp::Ordering::Equal => Outcome::Draw,
        }
    }

    /// No legal move loses; a counter run out is adjudicated.
    pub(super) fn end(&self) -> Option<GameEnd> {
        if self.count_moves() == 0 {
            return Some(GameEnd {
                outcome: Outcome::Win(self.side.flip()),
                reason: format!("{:?} has no legal move", self.side),
            });
        }
        let reason = if self.quiet_plies >= QUIET_PLIES {
            "40 plies without capture, promotion or soldier move"
        } else if self.officer_plies >= OFFICER_PLIES {
            "30 consecutive plies moved by officers"
        } else {
            return None;
        };
        Some(GameEnd {
            outcome: self.adjudicate(),
            reason: format!("{reason}: adjudicated on stack tops, then pieces held"),
        })
    }
}
