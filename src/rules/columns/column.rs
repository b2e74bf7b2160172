//! One column (stack) of pieces packed in a `u64`, and the Zobrist keys
//! that hash a column piece by piece.
//!
//! Pieces are counted from the **bottom**: piece 0 is the bottom piece,
//! piece `height - 1` the top one, which owns the column. Bits 0..24 say
//! which pieces are Black, bits 24..48 which are officers, bits 48..56 hold
//! the height. A capture takes the top piece of one column (`pop_top`) and
//! slides it under another (`push_bottom`).

use crate::rules::zobrist::key;
use crate::rules::{Color, Piece};

/// The most pieces a column holds: every piece of both sides.
pub const MAX_HEIGHT: u32 = 24;

const OFFICER_SHIFT: u32 = 24;
const HEIGHT_SHIFT: u32 = 48;
const PIECE_MASK: u64 = (1 << MAX_HEIGHT) - 1;

/// A column of pieces, bottom piece first; `Column::EMPTY` on an empty
/// square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Column(u64);

impl Column {
    pub const EMPTY: Column = Column(0);

    /// How many pieces the column holds.
    #[inline(always)]
    pub const fn height(self) -> u32 {
        (self.0 >> HEIGHT_SHIFT) as u32
    }

    /// The piece `depth` places above the bottom, if there is one.
    #[inline(always)]
    pub const fn piece(self, depth: u32) -> Option<Piece> {
        if depth >= self.height() {
            return None;
        }
        let color = if self.0 >> depth & 1 != 0 {
            Color::Black
        } else {
            Color::White
        };
        let king = self.0 >> (OFFICER_SHIFT + depth) & 1 != 0;
        Some(Piece { color, king })
    }

    /// The top piece, which owns the column.
    #[inline(always)]
    pub const fn top(self) -> Option<Piece> {
        self.piece(self.height().wrapping_sub(1))
    }

    /// The column with `piece` slid under it. A full column is left as it
    /// is (no position of these variants fills one).
    #[inline(always)]
    pub const fn push_bottom(self, piece: Piece) -> Column {
        let h = self.height();
        if h >= MAX_HEIGHT {
            return self;
        }
        let black = (self.0 & PIECE_MASK) << 1 | piece.color as u64;
        let officers = (self.0 >> OFFICER_SHIFT & PIECE_MASK) << 1 | piece.king as u64;
        Column(black | officers << OFFICER_SHIFT | ((h + 1) as u64) << HEIGHT_SHIFT)
    }

    /// The top piece and the column left under it, if the column has one.
    #[inline(always)]
    pub const fn pop_top(self) -> Option<(Piece, Column)> {
        let h = self.height();
        match self.top() {
            None => None,
            Some(piece) => {
                let t = h - 1;
                let rest =
                    self.0 & !(1 << t) & !(1 << (OFFICER_SHIFT + t)) & !(0xFF << HEIGHT_SHIFT);
                Some((piece, Column(rest | (t as u64) << HEIGHT_SHIFT)))
            }
        }
    }

    /// The column with its top piece made an officer.
    #[inline(always)]
    pub const fn crown_top(self) -> Column {
        match self.height() {
            0 => self,
            h => Column(self.0 | 1 << (OFFICER_SHIFT + h - 1)),
        }
    }

    /// The pieces, bottom first.
    pub fn pieces(self) -> impl DoubleEndedIterator<Item = Piece> {
        (0..self.height()).filter_map(move |d| self.piece(d))
    }

    /// The Zobrist hash of this column standing on `bit`.
    #[inline]
    pub fn hash(self, bit: u8) -> u64 {
        let mut h = 0;
        for depth in 0..self.height() {
            if let Some(p) = self.piece(depth) {
                h ^= piece_key(bit, depth, p);
            }
        }
        h
    }
}

/// The layout bits a column can stand on (both boards use bits 0..35).
pub const SLOTS: usize = 36;

/// Keys per bit: one per (depth from the bottom, colour, officer).
const PER_BIT: usize = MAX_HEIGHT as usize * 4;

/// The first key of the stream, far from the removal family's streams.
const STREAM: u64 = 1 << 32;

const fn keys() -> [[u64; PER_BIT]; SLOTS] {
    let mut t = [[0; PER_BIT]; SLOTS];
    let mut bit = 0;
    while bit < SLOTS {
        let mut i = 0;
        while i < PER_BIT {
            t[bit][i] = key(STREAM + (bit * PER_BIT + i) as u64);
            i += 1;
        }
        bit += 1;
    }
    t
}

/// `KEYS[bit][depth * 4 + colour * 2 + officer]`.
static KEYS: [[u64; PER_BIT]; SLOTS] = keys();

/// The key of `piece` at `depth` above the bottom of the column on `bit`.
#[inline(always)]
pub fn piece_key(bit: u8, depth: u32, piece: Piece) -> u64 {
    let i = depth as usize * 4 + piece.color.index() * 2 + piece.king as usize;
    KEYS.get(bit as usize)
        .and_then(|k| k.get(i))
        .copied()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    const WS: Piece = Piece {
        color: Color::White,
        king: false,
    };
    const BO: Piece = Piece {
        color: Color::Black,
        king: true,
    };
    const BS: Piece = Piece {
        color: Color::Black,
        king: false,
    };

    #[test]
    fn push_and_pop_keep_the_order() {
        // built top first: white soldier on a black soldier on a black officer
        let c = Column::EMPTY
            .push_bottom(WS)
            .push_bottom(BS)
            .push_bottom(BO);
        assert_eq!(c.height(), 3);
        assert_eq!(c.top(), Some(WS));
        assert_eq!(c.pieces().collect::<Vec<_>>(), vec![BO, BS, WS]);
        let (p, rest) = c.pop_top().unwrap();
        assert_eq!((p, rest.top(), rest.height()), (WS, Some(BS), 2));
        // the prisoner goes to the bottom
        let d = rest.push_bottom(WS);
        assert_eq!(d.pieces().collect::<Vec<_>>(), vec![WS, BO, BS]);
        assert_eq!(d.crown_top().top(), Some(BO));
        assert_eq!(Column::EMPTY.pop_top(), None);
        assert_eq!(Column::EMPTY.crown_top(), Column::EMPTY);
    }

    #[test]
    fn full_columns_stay_full() {
        let mut c = Column::EMPTY;
        for _ in 0..30 {
            c = c.push_bottom(BS);
        }
        assert_eq!(c.height(), MAX_HEIGHT);
        assert_eq!(c.pieces().count(), MAX_HEIGHT as usize);
    }

    #[test]
    fn keys_are_distinct() {
        let mut all: Vec<u64> = KEYS.iter().flatten().copied().collect();
        all.extend(crate::rules::zobrist::PIECE.iter().flatten().flatten());
        all.push(crate::rules::zobrist::BLACK_TO_MOVE);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
