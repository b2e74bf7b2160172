//! What one side's pieces can do at a glance, read from bitboards for both
//! bitboard families (men stepping and jumping in their directions, kings
//! one step or flying): whether it can capture, and whether it has a quiet
//! move. `Game::must_capture`, `can_step` and `threatened` read it, so
//! that the quiescence search scores quiet positions without generating
//! their moves and looks one ply further when the side not to move
//! threatens a capture, and the endgame databases tell the positions they
//! store from those valued by their captures.

use super::Color;
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
    /// `color`'s side of a board holding `pieces` (White's, then
    /// Black's), `kings` being its kings (officers) of both colours; with
    /// the other side's pieces and the empty squares, as
    /// `Game::side_view` gives them.
    #[inline(always)]
    pub fn view(
        geo: &Geometry,
        color: Color,
        pieces: [Bitboard; 2],
        kings: Bitboard,
        men_backward: bool,
        flying: bool,
    ) -> (Side, Bitboard, Bitboard) {
        let own = pieces[color.index()];
        let side = Side {
            men: own & !kings,
            kings: own & kings,
            up: color == Color::White,
            men_backward,
            flying,
        };
        let empty = geo.mask & !(pieces[0] | pieces[1]);
        (side, pieces[color.index() ^ 1], empty)
    }

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
            if !self.flying && jump(self.kings, d) {
                return true;
            }
        }
        // a flying king captures the first piece it meets on a ray, if
        // that is a target with an empty square behind it
        self.flying
            && Geometry::bits(self.kings).any(|k| {
                Dir::ALL.iter().any(|&d| {
                    let first = geo.first_blocker(k as u32, d, empty);
                    first & targets != 0 && geo.shift(first, d) & empty != 0
                })
            })
    }

    /// This side's material in men, a king counting three (as matches
    /// adjudicated by material count it).
    #[inline]
    pub fn units(&self) -> i32 {
        (self.men.count_ones() + 3 * self.kings.count_ones()) as i32
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

#[cfg(test)]
mod tests {
    use crate::rules::{Game, MoveList};
    use crate::variant::Variant;
    use crate::with_variant;

    /// `must_capture` and `can_step` agree with the move generator along
    /// random games from the start position.
    fn check<G: Game>(seed: u64) {
        let mut rng = seed | 1;
        for _ in 0..40 {
            let mut pos = G::start();
            for _ in 0..200 {
                let mut moves = MoveList::new();
                pos.generate(&mut moves);
                let capture = moves.first().is_some_and(G::is_capture);
                assert_eq!(pos.must_capture(), capture, "{pos:?}");
                if !capture {
                    assert_eq!(pos.can_step(), !moves.is_empty(), "{pos:?}");
                }
                if moves.is_empty() {
                    break;
                }
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                pos = pos.play(&moves[(rng % moves.len() as u64) as usize]);
            }
        }
    }

    #[test]
    fn shortcuts_agree_with_the_generator_in_every_variant() {
        for (i, v) in Variant::ALL.into_iter().enumerate() {
            with_variant!(v, G => check::<G>(0x5eed + i as u64));
        }
    }
}
