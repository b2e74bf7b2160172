//! The evaluation of the stacking family (damasca, damasca-international,
//! lasca): who controls the tops, what is buried under them, advancement,
//! centre and officer mobility.

use super::Evaluate;
use super::masks::Masks;
use super::weights::WEIGHTS;
use crate::board::{Dir, Geometry};
use crate::rules::columns::{Position, Rules};
use crate::rules::{Color, Game};
use std::marker::PhantomData;

/// The masks of the board of `R`, built at compile time.
struct Board<R>(PhantomData<R>);

impl<R: Rules> Board<R> {
    const MASKS: Masks = Masks::of(R::GEO);
}

impl<R: Rules> Evaluate for Position<R> {
    fn evaluate(&self) -> i32 {
        let m: &'static Masks = &Board::<R>::MASKS;
        let w = &WEIGHTS;
        let geo = R::GEO;
        let (tops, officers, tall) = self.tops_view();
        let empty = geo.mask & !(tops[0] | tops[1]);
        let officer_value = if R::FLYING_OFFICERS {
            w.flying_king
        } else {
            w.short_king
        };
        let ranks = geo.ranks as usize;
        let mut score = [0i32; 2];
        for color in [Color::White, Color::Black] {
            let c = color.index();
            let soldiers = tops[c] & !officers;
            let mine = tops[c] & officers;
            let s = &mut score[c];
            *s += soldiers.count_ones() as i32 * w.man + mine.count_ones() as i32 * officer_value;
            for y in 1..ranks {
                let rank = if color == Color::White {
                    y
                } else {
                    ranks - 1 - y
                };
                *s += (soldiers & m.rank[rank]).count_ones() as i32 * y as i32 * w.advance;
            }
            *s += (tops[c] & m.centre).count_ones() as i32 * w.centre;
            let moves: u32 = Dir::ALL
                .iter()
                .map(|&d| (geo.shift(mine, d) & empty).count_ones())
                .sum();
            *s += moves as i32 * w.king_mobility;
            for bit in Geometry::bits(tops[c] & tall) {
                let held = self.column_colors(bit);
                *s += (held[c] as i32 - 1) * w.own_below + held[c ^ 1] as i32 * w.prisoner;
            }
        }
        let white = score[0] - score[1];
        w.tempo
            + match self.side_to_move() {
                Color::White => white,
                Color::Black => -white,
            }
    }
}
