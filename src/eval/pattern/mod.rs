//! The pattern evaluation of the removal family (Scan-style), learned as a
//! correction on top of the hand-set terms (`removal::hand_set`): with
//! the little self-play data one session makes, learning everything from
//! nothing played far weaker than the hand-set terms. The board is
//! covered by overlapping regions, every 4x4 block of squares whose corner
//! sits on an even file and rank (16 blocks on 10x10, 9 on 8x8), each
//! holding 8 dark squares. The men in a region (empty, own man, enemy man:
//! kings count as empty there and are valued apart) form a base-3 index
//! into that region's table of learned weights. Beside the patterns a few
//! learned scalar features: men, kings, tempo (men's advancement),
//! balance, mobility and runaway men, and the side to move. Every weight
//! has an opening and an ending value, blended by the material on the
//! board.
//!
//! Each side is scored as if its men moved up the board: Black's pieces
//! are read on the board turned half a turn (`Layout::turn`), with the
//! same tables, so that the evaluation of a position and of its mirror
//! with colours swapped are exact negatives.
//!
//! The region indices come from the bitboards without a loop over
//! squares: a block's row is two adjacent bits of the layout and its rows
//! sit at fixed distances, so a few shifts and masks pack a region's 8
//! squares into a byte, and a 256-entry table turns the byte of own men
//! and the byte of enemy men into the base-3 index.

mod active;
mod file;

pub use active::{active, install, install_file};
pub use file::{PatternWeights, WeightsError};

use super::masks::Masks;
pub use super::removal::{drawish, drawish_divisor, hand_set};
use crate::board::{Bitboard, Dir, Geometry};
use crate::rules::Color;
use crate::rules::removal::Rules;
use std::marker::PhantomData;

/// The most regions a board has (10x10).
pub const MAX_REGIONS: usize = 16;
/// Squares in a region.
pub const REGION_SQUARES: usize = 8;
/// Entries of one region's table: 3 states for each of its squares.
pub const REGION_ENTRIES: usize = 6561;
/// Scalar features, in weight order after the region tables.
pub const SCALARS: usize = 7;
/// Names of the scalar features, in order.
pub const SCALAR_NAMES: [&str; SCALARS] = [
    "man", "king", "tempo", "balance", "mobility", "runaway", "turn",
];
/// Weights are stored in this many parts of a hundredth of a man.
pub const UNIT: i32 = 16;

/// Index of the scalar features "man" and "king" among the scalars: the
/// trainer leaves them at their start (no correction to material).
pub const MAN: usize = 0;
pub const KING: usize = 1;
/// The side-to-move feature: +1 with White to move, -1 with Black.
pub const TURN: usize = 6;

/// Where the regions of one board sit in the bit layout.
pub struct Layout {
    /// How many regions the board has.
    pub regions: usize,
    /// `first[r]`: the lower bit of region `r`'s top row; the row's two
    /// squares are that bit and the next.
    pub first: [u8; MAX_REGIONS],
    /// Bits from a region's row to the row below it (rows 0 to 1, 2 to 3).
    pub row_step: u32,
    /// Bits from a region's row to the row two below it (0 to 2, 1 to 3).
    pub pair_step: u32,
    /// The bits of a region's 8 squares, relative to its `first` bit.
    pub region_mask: Bitboard,
    /// How many bits the layout spans, for the half turn.
    pub width: u32,
    /// The square sets of the board.
    pub masks: Masks,
    /// The squares of the far half, as White sees it.
    pub far_half: Bitboard,
}

impl Layout {
    /// The regions of `geo`.
    pub const fn of(geo: &'static Geometry) -> Layout {
        let masks = Masks::of(geo);
        let (ranks, half) = (geo.ranks as usize, geo.half as usize);
        let row_step = region_bit(half, 1, 0) - region_bit(half, 0, 0);
        let pair_step = region_bit(half, 2, 0) - region_bit(half, 0, 0);
        let mut l = Layout {
            regions: 0,
            first: [0; MAX_REGIONS],
            row_step: row_step as u32,
            pair_step: pair_step as u32,
            region_mask: 3 | 3 << row_step | 3 << pair_step | 3 << (pair_step + row_step),
            width: 0,
            far_half: 0,
            masks,
        };
        // `pack` needs row 1 above the low nibble, and rows 0 and 1 to
        // fall off when rows 2 and 3 are shifted down by `pair_step - 2`.
        assert!(row_step >= 4 && row_step + 3 < pair_step);
        let mut y0 = 0;
        while y0 + 4 <= ranks {
            let mut x0 = 0;
            while x0 + 4 <= geo.files as usize {
                let top = ranks - 4 - y0;
                let first = region_bit(half, top, x0);
                assert!(
                    region_bit(half, top + 1, x0) == first + row_step
                        && region_bit(half, top + 2, x0) == first + pair_step
                        && region_bit(half, top + 3, x0) == first + pair_step + row_step
                );
                l.first[l.regions] = first as u8;
                l.regions += 1;
                x0 += 2;
            }
            y0 += 2;
        }
        let last = geo.squares as usize - 1;
        l.width = (last + last / (2 * half) + 1) as u32;
        let mut y = ranks / 2;
        while y < ranks {
            l.far_half |= l.masks.rank[y];
            y += 1;
        }
        l
    }

    /// The board turned half a turn: square n becomes square N + 1 - n.
    #[inline(always)]
    pub const fn turn(&self, bb: Bitboard) -> Bitboard {
        bb.reverse_bits() >> (64 - self.width)
    }
}

/// The bit of the square in `row` (top row 0) and in the column pair that
/// starts at file `x0`, on a board with `half` dark squares a row: two rows
/// of squares and one spare bit per 2 * `half` bits.
const fn region_bit(half: usize, row: usize, x0: usize) -> usize {
    let slot = row * half + x0 / 2;
    slot + slot / (2 * half)
}

/// The layout of the board of `R`, built at compile time.
struct Board<R>(PhantomData<R>);

impl<R: Rules> Board<R> {
    const LAYOUT: Layout = Layout::of(R::GEO);
}

/// The layout of the board of `R`.
#[inline(always)]
pub fn layout<R: Rules>() -> &'static Layout {
    &Board::<R>::LAYOUT
}

/// The features of one position, from White's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// `patterns[0][r]`: region `r`'s index as White sees it;
    /// `patterns[1][r]`: as Black sees it (board turned, colours swapped).
    pub patterns: [[u16; MAX_REGIONS]; 2],
    /// White's scalar features minus Black's; `TURN` is the side to move.
    pub scalars: [i32; SCALARS],
    /// Pieces on the board, at most `phase_max`: the opening weight's
    /// share is `phase / phase_max`.
    pub phase: i32,
    pub phase_max: i32,
}

/// Where `pack` puts a region's squares: bit `b` of the packed byte is
/// square `PACKED_SQUARE[b]` of the region (row `k`, square `s` of the row
/// is square `2k + s`).
const PACKED_SQUARE: [u32; REGION_SQUARES] = [0, 1, 4, 5, 2, 3, 6, 7];

/// The base-3 value of a packed byte whose set bits hold a 1 digit, the
/// region's square `i` being the digit of `3^i`.
const BASE3: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut b = 0;
        while b < REGION_SQUARES {
            if byte >> b & 1 != 0 {
                t[byte] += 3u16.pow(PACKED_SQUARE[b]);
            }
            b += 1;
        }
        byte += 1;
    }
    t
};

/// The 8 squares of the region whose top row starts at bit `first`, as a
/// byte in `PACKED_SQUARE` order: rows 0 and 2 in the low nibble, rows 1
/// and 3 in the high one.
#[inline(always)]
fn pack(l: &Layout, bb: Bitboard, first: u8) -> usize {
    let g = bb >> first & l.region_mask;
    let h = g | g >> (l.pair_step - 2);
    (h & 0xF | h >> (l.row_step - 4) & 0xF0) as usize
}

/// The index of every region with `own` men moving up and `enemy` men:
/// each square's base-3 digit is 0 empty, 1 own man, 2 enemy man.
#[inline(always)]
fn region_indices(l: &Layout, own: Bitboard, enemy: Bitboard) -> [u16; MAX_REGIONS] {
    let mut out = [0u16; MAX_REGIONS];
    for (r, &first) in l.first[..l.regions].iter().enumerate() {
        out[r] = BASE3[pack(l, own, first)] + 2 * BASE3[pack(l, enemy, first)];
    }
    out
}

/// The scalar features of the side whose men move up.
#[inline(always)]
fn side_scalars(l: &Layout, geo: &Geometry, own: [Bitboard; 2], enemy: Bitboard) -> [i32; SCALARS] {
    let [men, kings] = own;
    let occupied = men | kings | enemy;
    let empty = geo.mask & !occupied;
    let m = &l.masks;
    let tempo: u32 = (1..geo.ranks as usize)
        .map(|y| (men & m.rank[y]).count_ones() * y as u32)
        .sum();
    let balance =
        ((men & m.wings[0]).count_ones() as i32 - (men & m.wings[1]).count_ones() as i32).abs();
    let steps = (geo.shift(men, Dir::UpLeft) & empty).count_ones()
        + (geo.shift(men, Dir::UpRight) & empty).count_ones();
    let king_steps: u32 = Dir::ALL
        .iter()
        .map(|&d| (geo.shift(kings, d) & empty).count_ones())
        .sum();
    let runaway = Geometry::bits(men & l.far_half)
        .filter(|&b| m.cone[0][b as usize] & occupied == 0)
        .count();
    [
        men.count_ones() as i32,
        kings.count_ones() as i32,
        tempo as i32,
        balance,
        (steps + king_steps) as i32,
        runaway as i32,
        0,
    ]
}

/// The features of a position of `R` given by its bitboards.
#[inline(always)]
pub fn extract<R: Rules>(pieces: [Bitboard; 2], kings: Bitboard, side: Color) -> Features {
    let l = layout::<R>();
    let geo = R::GEO;
    let men = [pieces[0] & !kings, pieces[1] & !kings];
    let black = [l.turn(men[1]), l.turn(pieces[1] & kings)];
    let white_enemy = l.turn(pieces[0]);
    let w = side_scalars(l, geo, [men[0], pieces[0] & kings], pieces[1]);
    let b = side_scalars(l, geo, black, white_enemy);
    let mut scalars = [0; SCALARS];
    for i in 0..SCALARS {
        scalars[i] = w[i] - b[i];
    }
    scalars[TURN] = match side {
        Color::White => 1,
        Color::Black => -1,
    };
    let phase_max = 2 * R::MEN as i32;
    Features {
        patterns: [
            region_indices(l, men[0], men[1]),
            region_indices(l, black[0], l.turn(men[0])),
        ],
        scalars,
        phase: ((pieces[0] | pieces[1]).count_ones() as i32).min(phase_max),
        phase_max,
    }
}

/// The score of `f` under `w`, from White's point of view, in hundredths
/// of a man.
#[inline(always)]
pub fn score(w: &PatternWeights, regions: usize, f: &Features) -> i32 {
    let (mut op, mut eg) = (0i32, 0i32);
    for r in 0..regions {
        let table = &w.weights[r * REGION_ENTRIES..(r + 1) * REGION_ENTRIES];
        let [a, b] = table[f.patterns[0][r] as usize];
        let [c, d] = table[f.patterns[1][r] as usize];
        op += a as i32 - c as i32;
        eg += b as i32 - d as i32;
    }
    let scalars = &w.weights[regions * REGION_ENTRIES..];
    for (x, [a, b]) in f.scalars.iter().zip(scalars) {
        op += x * *a as i32;
        eg += x * *b as i32;
    }
    (op * f.phase + eg * (f.phase_max - f.phase)) / (f.phase_max * UNIT)
}

/// The evaluation of a position of `R` with learned weights `w`, from
/// White's point of view: the hand-set terms plus the learned ones.
#[inline(always)]
pub fn white_score<R: Rules>(
    w: &PatternWeights,
    pieces: [Bitboard; 2],
    kings: Bitboard,
    side: Color,
) -> i32 {
    let learned = score(w, layout::<R>().regions, &extract::<R>(pieces, kings, side));
    hand_set::<R>(pieces, kings, side) + learned
}

#[cfg(test)]
mod tests;
