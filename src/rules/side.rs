//! What one side's pieces can do at a glance, read from bitboards for both
//! families (men stepping and jumping in their directions, kings one step
//! or flying): whether it can capture, and whether it has a quiet move.
//! The quiescence search uses it to score quiet positions without
//! generating their moves, and to look one ply further when the side not
//! to move threatens a capture.

use crate::board::{Bitboard, Dir, Geometry};

/// One side's pieces and what they may do.
pub struct Side {
    pub men: Bitboard,
    pub kings: Bitboard,
    /// The side's men move up the board (White).
    pub up: bool,
    pub men_backward: bool,
    pub flying: bool,
}

impl Side {
    /// Whether this side can capture one of `targets`, `empty` being the
    /// empty squares (every capture starts with such a jump).
    #[inline]
    pub fn can_capture(&self, geo: &Geometry, targets: Bitboard, empty: Bitboard) -> bool {
        let jump = |from: Bitboard, d: Dir| geo.shift(geo.shift(from, d) & targets, d) & empty != 0;
        for d in Dir::ALL {
            let men_may = self.men_backward || d.is_up() == self.up;
            if men_may && jump(self.men, d) {
                return true;
            }
            if self.kings == 0 {
                continue;
            }
            let reach = if self.flying {
                let mut ray = self.kings;
                let mut seen = 0;
                loop {
                    ray = geo.shift(ray, d);
                    seen |= ray;
                    ray &= empty;
                    if ray == 0 {
                        break;
                    }
                }
                seen & targets
            } else {
                geo.shift(self.kings, d) & targets
            };
            if geo.shift(reach, d) & empty != 0 {
                return true;
            }
        }
        false
    }

    /// Whether this side has a move that is not a capture.
    #[inline]
    pub fn can_step(&self, geo: &Geometry, empty: Bitboard) -> bool {
        Dir::ALL.iter().any(|&d| {
            let movers = if d.is_up() == self.up {
                self.men | self.kings
            } else {
                self.kings
            };
            geo.shift(movers, d) & empty != 0
        })
    }
}
