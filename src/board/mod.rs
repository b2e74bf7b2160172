//! Board geometry: square numbering, the bit layout with ghost squares, and
//! the four diagonal directions as shifts.
//!
//! Every board is laid out row by row from the top (the row White moves
//! toward) in a `u64`. A row of the 10x10 board holds 5 playing squares, a
//! row of the 8x8 board 4; after every two rows one ghost bit is left out,
//! so that the four diagonal steps are the same shift on every square and a
//! step off the left or right edge lands on a ghost bit (or outside the
//! board) instead of wrapping around. With `H` playing squares a row:
//! up-left is `-(H + 1)`, up-right `-H`, down-left `+H`, down-right
//! `+(H + 1)` bits.
//!
//! The Damath board numbers its squares in mirror image (its a1 is not a
//! playing square) and Lasca plays on 7x7; both reuse the 8x8 layout: Damath
//! with each row's numbering reversed, Lasca with the top row and the h-file
//! left out of the board mask.

/// A set of squares, one bit per square of the internal layout.
pub type Bitboard = u64;

/// One of the four diagonal directions, as seen by White (up = toward
/// square 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    UpLeft = 0,
    UpRight = 1,
    DownLeft = 2,
    DownRight = 3,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::UpLeft, Dir::UpRight, Dir::DownLeft, Dir::DownRight];

    /// The direction pointing back the way this one came.
    pub const fn reverse(self) -> Dir {
        match self {
            Dir::UpLeft => Dir::DownRight,
            Dir::UpRight => Dir::DownLeft,
            Dir::DownLeft => Dir::UpRight,
            Dir::DownRight => Dir::UpLeft,
        }
    }

    /// The direction as an index 0..4.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether this direction moves toward square 1 (White's forward).
    pub const fn is_up(self) -> bool {
        matches!(self, Dir::UpLeft | Dir::UpRight)
    }
}

/// The shape of one board: how many playing squares, where each square's
/// bit is, which bits are on the board, and its algebraic coordinates.
#[derive(Debug)]
pub struct Geometry {
    /// Human name, e.g. "10x10".
    pub name: &'static str,
    /// Number of files (columns) shown, 7, 8 or 10.
    pub files: u8,
    /// Number of ranks (rows) shown, 7, 8 or 10.
    pub ranks: u8,
    /// Playing squares per full row of the internal layout (4 or 5).
    pub half: u8,
    /// Number of playing squares; squares are numbered 1..=squares.
    pub squares: u8,
    /// Bits that are playing squares.
    pub mask: Bitboard,
    /// The bits of the top row (where White's men promote).
    pub top_row: Bitboard,
    /// The bits of the bottom row (where Black's men promote).
    pub bottom_row: Bitboard,
    /// `square_bit[n - 1]` is the bit of square `n`.
    pub square_bit: [u8; 50],
    /// `bit_square[b]` is the square number on bit `b`, or 0 off the board.
    pub bit_square: [u8; 64],
    /// `bit_xy[b]` is the (file, rank) of bit `b`, (0, 0) at White's
    /// bottom left, when `b` is on the board.
    pub bit_xy: [(u8, u8); 64],
    /// Whether the 8x8 algebraic names (a1..h8) may be used for squares.
    pub algebraic: bool,
    /// `rays[b][d]`: the board squares beyond bit `b` in direction `d`,
    /// up to the edge (flying kings look along them).
    pub rays: [[Bitboard; 4]; 64],
}

/// Which numbering scheme a board uses.
#[derive(Clone, Copy)]
enum Layout {
    /// Square 1 is the second square of the top row (b8, b10).
    Standard,
    /// Square 1 is the top-left corner (Damath).
    Mirrored,
    /// 7x7 with a1 and a7 playing squares (Lasca).
    Seven,
}

const fn build(name: &'static str, size: u8, layout: Layout) -> Geometry {
    let half: u8 = match layout {
        Layout::Seven => 4,
        _ => size / 2,
    };
    // rows in the internal layout (Lasca sits in the lower 7 rows of 8x8)
    let rows: u8 = match layout {
        Layout::Seven => 8,
        _ => size,
    };
    let mut g = Geometry {
        name,
        files: size,
        ranks: size,
        half,
        squares: 0,
        mask: 0,
        top_row: 0,
        bottom_row: 0,
        square_bit: [0; 50],
        bit_square: [0; 64],
        bit_xy: [(0, 0); 64],
        algebraic: matches!(layout, Layout::Standard) && size == 8
            || matches!(layout, Layout::Seven),
        rays: [[0; 4]; 64],
    };
    let mut numbered: u8 = 0;
    let mut row: u8 = 0;
    while row < rows {
        let mut i: u8 = 0;
        while i < half {
            // internal slot and its standard (x, y): rank counted from the bottom
            let slot = row * half + i;
            let bit = slot + slot / (2 * half);
            let y = rows - 1 - row;
            let x = if row.is_multiple_of(2) {
                2 * i + 1
            } else {
                2 * i
            };
            let on_board = match layout {
                Layout::Seven => y < 7 && x < 7,
                _ => true,
            };
            if on_board {
                // the number this square gets in the variant's own numbering
                let number = match layout {
                    Layout::Mirrored => row * half + (half - 1 - i) + 1,
                    _ => {
                        numbered += 1;
                        numbered
                    }
                };
                let shown_x = match layout {
                    Layout::Mirrored => size - 1 - x,
                    _ => x,
                };
                g.square_bit[(number - 1) as usize] = bit;
                g.bit_square[bit as usize] = number;
                g.bit_xy[bit as usize] = (shown_x, y);
                g.mask |= 1 << bit;
                g.squares += 1;
                let top = match layout {
                    Layout::Seven => 6,
                    _ => size - 1,
                };
                if y == top {
                    g.top_row |= 1 << bit;
                }
                if y == 0 {
                    g.bottom_row |= 1 << bit;
                }
            }
            i += 1;
        }
        row += 1;
    }
    if let Layout::Seven = layout {
        g.files = 7;
        g.ranks = 7;
    }
    let mut b = 0;
    while b < 64 {
        let mut d = 0;
        while d < 4 {
            let mut sq = g.shift(1 << b, Dir::ALL[d]);
            while g.mask >> b & 1 != 0 && sq != 0 {
                g.rays[b][d] |= sq;
                sq = g.shift(sq, Dir::ALL[d]);
            }
            d += 1;
        }
        b += 1;
    }
    g
}

/// International draughts, squares 1..50.
pub const TEN: Geometry = build("10x10", 10, Layout::Standard);
/// The 8x8 board of english, brazilian, russian, dama and damasca.
pub const EIGHT: Geometry = build("8x8", 8, Layout::Standard);
/// The Damath board: 8x8 numbered in mirror image.
pub const DAMATH: Geometry = build("8x8 damath", 8, Layout::Mirrored);
/// The Lasca board: 7x7, 25 squares.
pub const SEVEN: Geometry = build("7x7", 7, Layout::Seven);

impl Geometry {
    /// Shift a set of squares one step in `dir`, dropping what leaves the
    /// board.
    #[inline(always)]
    pub const fn shift(&self, bb: Bitboard, dir: Dir) -> Bitboard {
        self.shift_raw(bb, dir) & self.mask
    }

    /// The first square from bit `from` in `dir` that is not `empty`, or
    /// 0 when the ray reaches the edge first: the piece a flying king on
    /// `from` meets.
    #[inline(always)]
    pub fn first_blocker(&self, from: u32, dir: Dir, empty: Bitboard) -> Bitboard {
        let hit = self.rays[from as usize][dir.index()] & !empty;
        if !dir.is_up() {
            hit & hit.wrapping_neg()
        } else if hit != 0 {
            1 << (63 - hit.leading_zeros())
        } else {
            0
        }
    }

    /// The empty squares from bit `from` in `dir` up to the first that is
    /// not empty or the edge: where a flying king on `from` may stop.
    #[inline(always)]
    pub fn open_ray(&self, from: u32, dir: Dir, empty: Bitboard) -> Bitboard {
        let ray = self.rays[from as usize][dir.index()];
        match self.first_blocker(from, dir, empty) {
            0 => ray,
            blocker => ray & !blocker & !self.rays[blocker.trailing_zeros() as usize][dir.index()],
        }
    }

    /// Shift a set of squares one step in `dir` without dropping what
    /// lands on ghost bits: only for results that are then intersected
    /// with a set of board squares.
    #[inline(always)]
    pub const fn shift_raw(&self, bb: Bitboard, dir: Dir) -> Bitboard {
        let h = self.half as u32;
        match dir {
            Dir::UpLeft => bb >> (h + 1),
            Dir::UpRight => bb >> h,
            Dir::DownLeft => bb << h,
            Dir::DownRight => bb << (h + 1),
        }
    }

    /// How many bits one step in `dir` moves, up being negative.
    #[inline(always)]
    pub const fn delta(&self, dir: Dir) -> i32 {
        let h = self.half as i32;
        match dir {
            Dir::UpLeft => -(h + 1),
            Dir::UpRight => -h,
            Dir::DownLeft => h,
            Dir::DownRight => h + 1,
        }
    }

    /// The bit one step from `bit` in `dir`, if it is on the board.
    #[inline(always)]
    pub fn step(&self, bit: u8, dir: Dir) -> Option<u8> {
        let to = bit as i32 + self.delta(dir);
        if (0..64).contains(&to) && self.mask >> to & 1 != 0 {
            Some(to as u8)
        } else {
            None
        }
    }

    /// The bit of square number `n`, if `n` is a square of this board.
    pub fn bit_of(&self, n: u32) -> Option<u8> {
        if n >= 1 && n <= self.squares as u32 {
            Some(self.square_bit[n as usize - 1])
        } else {
            None
        }
    }

    /// The square number of an on-board bit.
    #[inline]
    pub fn square_of(&self, bit: u8) -> u8 {
        self.bit_square[bit as usize]
    }

    /// The algebraic name (e.g. `c3`) of an on-board bit.
    pub fn algebraic_of(&self, bit: u8) -> String {
        let (x, y) = self.bit_xy[bit as usize];
        format!("{}{}", (b'a' + x) as char, y + 1)
    }

    /// The bit named by an algebraic square (`a1`..`h8`), where the board
    /// allows algebraic names.
    pub fn bit_of_algebraic(&self, name: &str) -> Option<u8> {
        let b = name.as_bytes();
        if !self.algebraic || b.len() < 2 {
            return None;
        }
        let x = b[0].to_ascii_lowercase().checked_sub(b'a')?;
        let y: u8 = name[1..].parse::<u8>().ok()?.checked_sub(1)?;
        (0..64u8).find(|&bit| self.mask >> bit & 1 != 0 && self.bit_xy[bit as usize] == (x, y))
    }

    /// Iterate over the bits set in `bb`, lowest first.
    #[inline]
    pub fn bits(bb: Bitboard) -> Bits {
        Bits(bb)
    }
}

/// Iterator over the set bits of a bitboard.
pub struct Bits(pub Bitboard);

impl Iterator for Bits {
    type Item = u8;
    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            let b = self.0.trailing_zeros() as u8;
            self.0 &= self.0 - 1;
            Some(b)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_numbering(g: &Geometry) {
        for n in 1..=g.squares as u32 {
            let bit = g.bit_of(n).unwrap();
            assert_eq!(g.square_of(bit) as u32, n, "{} square {n}", g.name);
            let (x, y) = g.bit_xy[bit as usize];
            assert!(x < g.files && y < g.ranks);
        }
        assert_eq!(g.mask.count_ones(), g.squares as u32);
    }

    #[test]
    fn numbering_round_trips() {
        for g in [&TEN, &EIGHT, &DAMATH, &SEVEN] {
            check_numbering(g);
        }
        assert_eq!(
            (TEN.squares, EIGHT.squares, DAMATH.squares, SEVEN.squares),
            (50, 32, 32, 25)
        );
    }

    #[test]
    fn squares_sit_where_notation_md_says() {
        let name = |g: &Geometry, n| g.algebraic_of(g.bit_of(n).unwrap());
        assert_eq!(name(&TEN, 1), "b10");
        assert_eq!(name(&TEN, 46), "a1");
        assert_eq!(name(&EIGHT, 1), "b8");
        assert_eq!(name(&EIGHT, 29), "a1");
        assert_eq!(name(&SEVEN, 1), "a7");
        assert_eq!(name(&SEVEN, 5), "b6");
        assert_eq!(name(&SEVEN, 22), "a1");
        assert_eq!(name(&SEVEN, 25), "g1");
        // Damath: 1 = (0,7), 5 = (1,6), 29 = (1,0), 32 = (7,0)
        let xy = |n| DAMATH.bit_xy[DAMATH.bit_of(n).unwrap() as usize];
        assert_eq!(
            (xy(1), xy(4), xy(5), xy(29), xy(32)),
            ((0, 7), (6, 7), (1, 6), (1, 0), (7, 0))
        );
    }

    #[test]
    fn steps_match_coordinates() {
        for g in [&TEN, &EIGHT, &DAMATH, &SEVEN] {
            for bit in Geometry::bits(g.mask) {
                for dir in Dir::ALL {
                    let (x, y) = g.bit_xy[bit as usize];
                    // Damath is mirrored: its "left" is the shown right
                    let flip = g.name == DAMATH.name;
                    let dx: i32 = match (dir, flip) {
                        (Dir::UpLeft | Dir::DownLeft, false)
                        | (Dir::UpRight | Dir::DownRight, true) => -1,
                        _ => 1,
                    };
                    let dy: i32 = if dir.is_up() { 1 } else { -1 };
                    let want = (x as i32 + dx, y as i32 + dy);
                    let got = g.step(bit, dir).map(|b| g.bit_xy[b as usize]);
                    let inside = want.0 >= 0
                        && want.1 >= 0
                        && want.0 < g.files as i32
                        && want.1 < g.ranks as i32;
                    assert_eq!(
                        got,
                        inside.then_some((want.0 as u8, want.1 as u8)),
                        "{} bit {bit} {dir:?}",
                        g.name
                    );
                    let shifted = g.shift(1 << bit, dir);
                    assert_eq!(shifted, g.step(bit, dir).map_or(0, |b| 1 << b));
                }
            }
        }
    }

    #[test]
    fn algebraic_names_parse_back() {
        for g in [&EIGHT, &SEVEN] {
            for bit in Geometry::bits(g.mask) {
                assert_eq!(g.bit_of_algebraic(&g.algebraic_of(bit)), Some(bit));
            }
        }
        assert_eq!(TEN.bit_of_algebraic("a1"), None);
    }
}
