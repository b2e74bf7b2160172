//! The evaluation of the removal family (international, english,
//! brazilian, russian, dama, dama-international), read from the bitboards:
//! the hand-set terms below, plus the learned pattern evaluation
//! (`pattern`) where the variant has weights; with flying kings, a lead
//! that kings make hard to convert is scaled down (`drawish`).

use super::Evaluate;
use super::masks::Masks;
use super::pattern;
use super::weights::{WEIGHTS, Weights};
use crate::board::{Bitboard, Dir, Geometry};
use crate::rules::removal::{Position, Rules};
use crate::rules::{Color, Game};
use std::marker::PhantomData;

/// The masks of the board of `R`, built at compile time.
struct Board<R>(PhantomData<R>);

impl<R: Rules> Board<R> {
    const MASKS: Masks = Masks::of(R::GEO);
}

impl<R: Rules> Evaluate for Position<R> {
    /// The hash is of the pieces, the kings and the side to move: all
    /// that the evaluation reads.
    const HASH_COVERS_EVAL: bool = true;

    #[inline]
    fn evaluate(&self) -> i32 {
        let (pieces, kings) = self.bitboards();
        let side = self.side_to_move();
        let mut white = match pattern::active(R::VARIANT) {
            Some(w) => pattern::white_score::<R>(w, pieces, kings, side),
            None => hand_set::<R>(pieces, kings, side),
        };
        if R::FLYING_KINGS {
            white = drawish(white, pieces, kings);
        }
        match side {
            Color::White => white,
            Color::Black => -white,
        }
    }
}

/// A lead that flying kings make hard to convert, scaled down (as Scan
/// does in international): once the side behind has a king, a lead of at
/// most three pieces is worth an eighth of its score, and a lead of at
/// most one man with as many kings on both sides half. Measured with
/// `dam match` at 0.05 s a move, one thread each, 200 games: +31 +/- 33
/// in international, +24 +/- 32 in russian.
#[inline(always)]
pub fn drawish(white: i32, pieces: [Bitboard; 2], kings: Bitboard) -> i32 {
    match white {
        0 => 0,
        _ => white / drawish_divisor(if white > 0 { 0 } else { 1 }, pieces, kings),
    }
}

/// What `drawish` divides a lead of side `ahead` (0 White, 1 Black) by:
/// 1, 2 or 8. The trainer (`train::tune`) scales its predictions by it,
/// so that weights are fitted to the evaluation the search really uses.
#[inline(always)]
pub fn drawish_divisor(ahead: usize, pieces: [Bitboard; 2], kings: Bitboard) -> i32 {
    let behind = ahead ^ 1;
    if pieces[behind] & kings == 0 {
        return 1;
    }
    let count = |b: Bitboard| b.count_ones() as i32;
    let (ahead_kings, behind_kings) = (count(pieces[ahead] & kings), count(pieces[behind] & kings));
    let ahead_men = count(pieces[ahead]) - ahead_kings;
    let behind_men = count(pieces[behind]) - behind_kings;
    if ahead_men + ahead_kings <= 3 {
        8
    } else if ahead_kings == behind_kings && (ahead_men - behind_men).abs() <= 1 {
        2
    } else {
        1
    }
}

/// The hand-set evaluation from White's point of view, the side to move's
/// edge (`tempo`) included.
#[inline(always)]
pub fn hand_set<R: Rules>(pieces: [Bitboard; 2], kings: Bitboard, side: Color) -> i32 {
    let masks: &'static Masks = &Board::<R>::MASKS;
    let w = &WEIGHTS;
    let white = side_score::<R>(w, masks, Color::White, pieces, kings);
    let black = side_score::<R>(w, masks, Color::Black, pieces, kings);
    white - black
        + match side {
            Color::White => w.tempo,
            Color::Black => -w.tempo,
        }
}

/// The score of `color`'s pieces alone.
#[inline(always)]
fn side_score<R: Rules>(
    w: &Weights,
    m: &Masks,
    color: Color,
    pieces: [Bitboard; 2],
    kings: Bitboard,
) -> i32 {
    let geo = R::GEO;
    let own = pieces[color.index()];
    let opp = pieces[color.index() ^ 1];
    let men = own & !kings;
    let my_kings = own & kings;
    let empty = geo.mask & !(own | opp);
    let ranks = geo.ranks as usize;
    let king_value = if R::FLYING_KINGS {
        w.flying_king
    } else {
        w.short_king
    };
    let mut score = men.count_ones() as i32 * w.man + my_kings.count_ones() as i32 * king_value;
    // advancement, counted from the own side
    let mut advance = 0;
    for y in 1..ranks {
        let rank = if color == Color::White {
            y
        } else {
            ranks - 1 - y
        };
        advance += (men & m.rank[rank]).count_ones() as i32 * y as i32;
    }
    score += advance * w.advance;
    score += (men & m.centre).count_ones() as i32 * w.centre;
    let left = (men & m.wings[0]).count_ones() as i32;
    let right = (men & m.wings[1]).count_ones() as i32;
    score -= (left - right).abs() * w.balance;
    let back = if color == Color::White {
        geo.bottom_row
    } else {
        geo.top_row
    };
    if opp & kings == 0 {
        score += (men & back).count_ones() as i32 * w.back_rank;
    }
    // runaway men in the far half
    let far_half: Bitboard = if color == Color::White {
        m.rank[ranks / 2..ranks].iter().fold(0, |a, r| a | r)
    } else {
        m.rank[..ranks / 2].iter().fold(0, |a, r| a | r)
    };
    score += (outposts(geo, color, own) & men & far_half).count_ones() as i32 * w.outpost;
    let occupied = own | opp;
    for bit in Geometry::bits(men & far_half) {
        if m.cone[color.index()][bit as usize] & occupied == 0 {
            let (_, y) = geo.bit_xy[bit as usize];
            let advanced = if color == Color::White {
                y as i32
            } else {
                ranks as i32 - 1 - y as i32
            };
            score += w.runaway * advanced;
        }
    }
    if my_kings != 0 {
        let moves: u32 = Dir::ALL
            .iter()
            .map(|&d| (geo.shift(my_kings, d) & empty).count_ones())
            .sum();
        score += moves as i32 * w.king_mobility;
    }
    score
}

/// The squares whose two squares behind (as `color` sees it) hold pieces
/// of `own`: a man there is supported on both sides.
#[inline(always)]
pub(super) fn outposts(geo: &Geometry, color: Color, own: Bitboard) -> Bitboard {
    // shifting the supporters forward lands on the squares they support
    let [a, b] = match color {
        Color::White => [Dir::UpLeft, Dir::UpRight],
        Color::Black => [Dir::DownLeft, Dir::DownRight],
    };
    geo.shift(own, a) & geo.shift(own, b)
}
