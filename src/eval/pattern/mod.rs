//! The pattern evaluation of the plain family (Scan-style), learned as a
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
//! The region indices come from the bitboards: a block's row is two
//! adjacent bits of the layout, so each region is four 2-bit reads and
//! four table lookups, without a loop over squares.

mod active;
mod file;

pub use active::{active, install, install_file};
pub use file::{PatternWeights, WeightsError};

use super::masks::Masks;
pub use super::removal::hand_set;
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
    /// `chunks[r][k]`: the lower bit of row `k` (top row first) of region
    /// `r`; the row's two squares are that bit and the next.
    pub chunks: [[u8; 4]; MAX_REGIONS],
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
        let mut l = Layout {
            regions: 0,
            chunks: [[0; 4]; MAX_REGIONS],
            width: 0,
            far_half: 0,
            masks,
        };
        let mut y0 = 0;
        while y0 + 4 <= ranks {
            let mut x0 = 0;
            while x0 + 4 <= geo.files as usize {
                let mut k = 0;
                while k < 4 {
                    let row = ranks - 4 - y0 + k;
                    let slot = row * half + x0 / 2;
                    l.chunks[l.regions][k] = (slot + slot / (2 * half)) as u8;
                    k += 1;
                }
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

/// The base-3 value of a row's two squares from two bits of own men (low)
/// and two bits of enemy men (high): empty 0, own 1, enemy 2; the lower
/// bit is the lower digit.
const ROW_DIGITS: [u16; 16] = {
    let mut t = [0u16; 16];
    let mut key = 0;
    while key < 16 {
        t[key] = digit(key, 0) + 3 * digit(key, 1);
        key += 1;
    }
    t
};

/// The state of square `bit` (0 or 1) of a row key: empty 0, own 1, enemy 2.
const fn digit(key: usize, bit: usize) -> u16 {
    if key >> bit & 1 != 0 {
        1
    } else if key >> (bit + 2) & 1 != 0 {
        2
    } else {
        0
    }
}

/// The index of every region with `own` men moving up and `enemy` men.
#[inline(always)]
fn region_indices(l: &Layout, own: Bitboard, enemy: Bitboard) -> [u16; MAX_REGIONS] {
    let mut out = [0u16; MAX_REGIONS];
    for (r, chunks) in l.chunks[..l.regions].iter().enumerate() {
        let mut index = 0u16;
        for &off in chunks.iter().rev() {
            let key = (own >> off & 3) | (enemy >> off & 3) << 2;
            index = index * 9 + ROW_DIGITS[key as usize];
        }
        out[r] = index;
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
