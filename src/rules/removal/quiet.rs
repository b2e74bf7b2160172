//! Quiet (non-capturing) moves of the plain family: listed one by one for
//! play, and counted with population counts for perft's last ply.

use super::{Move, Position, Rules};
use crate::board::{Dir, Geometry};
use crate::rules::{Color, MoveList};

impl<R: Rules> Position<R> {
    /// List the quiet moves of the side to move, as `M` (the move type of
    /// a family built on this one, or `Move` itself).
    pub(crate) fn quiet_moves<M: From<Move>>(&self, moves: &mut MoveList<M>) {
        let own = self.pieces[self.side.index()];
        let empty = self.empty();
        let men = own & !self.kings;
        let white = self.side == Color::White;
        let promo = Self::promotion_row(white);
        for dir in Self::forward(white) {
            let back = dir.reverse();
            for to in Geometry::bits(Self::shift(men, dir) & empty) {
                let from = R::GEO.step(to, back).unwrap_or(to);
                let _ = moves.try_push(
                    Move {
                        from,
                        to,
                        promote: promo >> to & 1 != 0,
                        captured: 0,
                    }
                    .into(),
                );
            }
        }
        for from in Geometry::bits(own & self.kings) {
            for dir in Dir::ALL {
                let mut to = Self::shift(1 << from, dir) & empty;
                while to != 0 {
                    let _ = moves.try_push(
                        Move {
                            from,
                            to: to.trailing_zeros() as u8,
                            promote: false,
                            captured: 0,
                        }
                        .into(),
                    );
                    if !R::FLYING_KINGS {
                        break;
                    }
                    to = Self::shift(to, dir) & empty;
                }
            }
        }
    }
}
