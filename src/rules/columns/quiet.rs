//! Quiet (non-capturing) moves of the stacking family: listed one by one
//! for play, and counted with population counts for perft's last ply. A
//! column moves as a whole, the way its top piece moves.

use super::moves::Move;
use super::{Position, Rules};
use crate::board::{Dir, Geometry};
use crate::rules::MoveList;

impl<R: Rules> Position<R> {
    /// List the quiet moves of the side to move.
    pub(super) fn quiet_moves(&self, moves: &mut MoveList<Move>) {
        let own = self.tops[self.side.index()];
        let empty = self.empty();
        let soldiers = own & !self.officers;
        let promo = Self::promotion_row(self.side);
        for dir in Self::forward(self.side) {
            let back = dir.reverse();
            for to in Geometry::bits(Self::shift(soldiers, dir) & empty) {
                let from = R::GEO.step(to, back).unwrap_or(to);
                let _ = moves.try_push(Move::quiet(from, to, promo >> to & 1 != 0));
            }
        }
        for from in Geometry::bits(own & self.officers) {
            for dir in Dir::ALL {
                let mut to = Self::shift(1 << from, dir) & empty;
                while to != 0 {
                    let _ = moves.try_push(Move::quiet(from, to.trailing_zeros() as u8, false));
                    if !R::FLYING_OFFICERS {
                        break;
                    }
                    to = Self::shift(to, dir) & empty;
                }
            }
        }
    }

    /// Count the quiet moves of the side to move.
    #[inline]
    pub(super) fn count_quiet(&self) -> u64 {
        let own = self.tops[self.side.index()];
        let empty = self.empty();
        let soldiers = own & !self.officers;
        let [f0, f1] = Self::forward(self.side);
        let mut n = (Self::shift(soldiers, f0) & empty).count_ones()
            + (Self::shift(soldiers, f1) & empty).count_ones();
        let officers = own & self.officers;
        if officers != 0 {
            for dir in Dir::ALL {
                let mut ray = Self::shift(officers, dir) & empty;
                while ray != 0 {
                    n += ray.count_ones();
                    if !R::FLYING_OFFICERS {
                        break;
                    }
                    ray = Self::shift(ray, dir) & empty;
                }
            }
        }
        n as u64
    }
}
