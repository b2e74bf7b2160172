//! Quiet (non-capturing) moves of the removal family: listed one by one for
//! play, and counted with population counts for perft's last ply.

use super::{Move, Position, Rules};
use crate::board::{Dir, Geometry};
use crate::rules::{Color, MoveList};

impl<R: Rules> Position<R> {
    /// List the quiet moves of the side to move, as `M` (the move type of
    /// a family built on this one, or `Move` itself).
    pub(crate) fn quiet_moves<M: From<Move>>(&self, moves: &mut MoveList<M>) {
        match self.side {
            Color::White => self.quiet_moves_for::<M, true>(moves),
            Color::Black => self.quiet_moves_for::<M, false>(moves),
        }
    }

    #[inline(always)]
    fn quiet_moves_for<M: From<Move>, const WHITE: bool>(&self, moves: &mut MoveList<M>) {
        let own = self.pieces[!WHITE as usize];
        let empty = self.empty();
        let men = own & !self.kings;
        let promo = Self::promotion_row(WHITE);
        for dir in Self::forward(WHITE) {
            let delta = R::GEO.delta(dir);
            for to in Geometry::bits(Self::raw(men, dir) & empty) {
                let from = (to as i32 - delta) as u8;
                let mv = Move {
                    from,
                    to,
                    promote: promo >> to & 1 != 0,
                    captured: 0,
                };
                let _ = moves.try_push(mv.into());
            }
        }
        for from in Geometry::bits(own & self.kings) {
            for dir in Dir::ALL {
                let mut to = Self::raw(1 << from, dir) & empty;
                while to != 0 {
                    let mv = Move {
                        from,
                        to: to.trailing_zeros() as u8,
                        promote: false,
                        captured: 0,
                    };
                    let _ = moves.try_push(mv.into());
                    if !R::FLYING_KINGS {
                        break;
                    }
                    to = Self::raw(to, dir) & empty;
                }
            }
        }
    }
}
