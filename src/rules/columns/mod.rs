//! The stacking family ("column" variants): damasca, damasca-international
//! and lasca (rules.md, section 2). A square holds a column of pieces of
//! either colour; its top piece owns it and decides how the whole column
//! moves. A capture takes only the top piece of each jumped column and
//! slides it under the capturing column.
//!
//! A position keeps one packed `Column` per square of the layout beside
//! bitboards of the tops (by colour, and which tops are officers), so the
//! generator works on bitboards like the removal family and only `play` and
//! the hash look inside the columns.

mod captures;
mod column;
mod end;
mod moves;
mod quiet;
#[cfg(test)]
mod tests;
mod variants;

pub use moves::Move;
pub use variants::{Damasca, DamascaInternational, Lasca};

use super::zobrist::BLACK_TO_MOVE;
use super::{Color, Game, GameEnd, MoveInfo, MoveList, Outcome, Piece, Setup, SetupError, Side};
use crate::board::{Bitboard, Dir, EIGHT, Geometry, SEVEN};
use crate::variant::Variant;
use captures::{CaptureSearch, InfoSink, ListSink};
use column::{Column, SLOTS, piece_key};
use std::fmt;
use std::marker::PhantomData;

const _: () = assert!(EIGHT.mask >> SLOTS == 0 && SEVEN.mask >> SLOTS == 0);

/// What happens to a soldier that reaches its far row during a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Promotion {
    /// It is crowned when the chain ends, if it stood on the far row at any
    /// point of it; no officer powers during the chain (damasca variants).
    Touched,
    /// It is crowned at once and the move ends there (lasca).
    StopsMove,
}

/// The rules of one variant of the family, as constants.
pub trait Rules: Copy + Send + Sync + fmt::Debug + PartialEq + 'static {
    const VARIANT: Variant;
    const GEO: &'static Geometry;
    /// Pieces per side at the start (and the most a side may have).
    const MEN: u32;
    /// Who moves first from the start position.
    const FIRST: Color;
    /// Soldiers capture backward too.
    const SOLDIERS_CAPTURE_BACKWARD: bool;
    /// Officers move any distance, and capture a column at any distance.
    const FLYING_OFFICERS: bool;
    /// The sequence with the most jumps must be played.
    const MAJORITY: bool;
    const PROMOTION: Promotion;
}

/// A position of a stacking variant. The hash xors one key per piece, by
/// (square, depth above the bottom of its column, colour, rank), so it
/// covers every column's composition and order (`column::piece_key`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position<R: Rules> {
    /// The column on each bit of the layout (`Column::EMPTY` elsewhere).
    columns: [Column; SLOTS],
    /// Squares whose top piece is White's, and Black's.
    tops: [Bitboard; 2],
    /// Squares whose top piece is an officer.
    officers: Bitboard,
    /// Squares holding more than one piece.
    tall: Bitboard,
    side: Color,
    /// Plies since the last capture, promotion or soldier move (rule b).
    quiet_plies: u16,
    /// Consecutive plies moved by officers (rule c).
    officer_plies: u16,
    hash: u64,
    rules: PhantomData<R>,
}

impl<R: Rules> Position<R> {
    /// The tops of White and of Black, the officer tops and the squares
    /// holding more than one piece: the evaluation reads them directly.
    #[inline(always)]
    pub(crate) fn tops_view(&self) -> ([Bitboard; 2], Bitboard, Bitboard) {
        (self.tops, self.officers, self.tall)
    }

    /// How many pieces of White and of Black the column on `bit` holds.
    pub(crate) fn column_colors(&self, bit: u8) -> [u32; 2] {
        let column = self.column(bit);
        let black = column.pieces().filter(|p| p.color == Color::Black).count() as u32;
        [column.height() - black, black]
    }

    #[inline(always)]
    fn shift(bb: Bitboard, dir: Dir) -> Bitboard {
        R::GEO.shift(bb, dir)
    }

    /// The forward directions of `side`'s soldiers.
    #[inline(always)]
    fn forward(side: Color) -> [Dir; 2] {
        match side {
            Color::White => [Dir::UpLeft, Dir::UpRight],
            Color::Black => [Dir::DownLeft, Dir::DownRight],
        }
    }

    /// The row where `side`'s soldiers are crowned.
    #[inline(always)]
    fn promotion_row(side: Color) -> Bitboard {
        match side {
            Color::White => R::GEO.top_row,
            Color::Black => R::GEO.bottom_row,
        }
    }

    #[inline(always)]
    fn empty(&self) -> Bitboard {
        R::GEO.mask & !(self.tops[0] | self.tops[1])
    }

    /// The column on `bit`.
    #[inline(always)]
    fn column(&self, bit: u8) -> Column {
        self.columns
            .get(bit as usize)
            .copied()
            .unwrap_or(Column::EMPTY)
    }

    /// Put `column` on `bit` and bring the bitboards in line with its top.
    #[inline(always)]
    fn set_column(&mut self, bit: u8, column: Column) {
        let Some(slot) = self.columns.get_mut(bit as usize) else {
            return;
        };
        *slot = column;
        let b = 1u64 << bit;
        self.tops[0] &= !b;
        self.tops[1] &= !b;
        self.officers &= !b;
        self.tall &= !b;
        if let Some(top) = column.top() {
            self.tops[top.color.index()] |= b;
            if top.king {
                self.officers |= b;
            }
            if column.height() > 1 {
                self.tall |= b;
            }
        }
    }

    /// Whether the side to move has a capture.
    #[inline]
    fn has_capture(&self) -> bool {
        let me = self.side.index();
        let own = self.tops[me];
        let opp = self.tops[me ^ 1];
        let empty = self.empty();
        let soldiers = own & !self.officers;
        let jump = |from: Bitboard, dir| Self::shift(Self::shift(from, dir) & opp, dir) & empty;
        let [f0, f1] = Self::forward(self.side);
        let mut hit = jump(soldiers, f0) | jump(soldiers, f1);
        if R::SOLDIERS_CAPTURE_BACKWARD {
            let [b0, b1] = Self::forward(self.side.flip());
            hit |= jump(soldiers, b0) | jump(soldiers, b1);
        }
        if hit != 0 {
            return true;
        }
        let officers = own & self.officers;
        if officers == 0 {
            return false;
        }
        Dir::ALL.into_iter().any(|dir| {
            let mut front = Self::shift(officers, dir);
            if R::FLYING_OFFICERS {
                let mut ray = front & empty;
                while ray != 0 {
                    ray = Self::shift(ray, dir);
                    front |= ray;
                    ray &= empty;
                }
            }
            Self::shift(front & opp, dir) & empty != 0
        })
    }

    fn captures<S: captures::Sink>(&self, sink: &mut S) {
        let me = self.side.index();
        let own = self.tops[me];
        let search = CaptureSearch::<R> {
            opp: self.tops[me ^ 1],
            empty: self.empty(),
            officers: self.officers,
            singles: (self.tops[0] | self.tops[1]) & !self.tall,
            side: self.side,
            rules: PhantomData,
        };
        search.run(own & !self.officers, own & self.officers, sink);
    }
}

impl<R: Rules> Game for Position<R> {
    type Move = Move;
    const VARIANT: Variant = R::VARIANT;

    fn geometry() -> &'static Geometry {
        R::GEO
    }

    fn start() -> Self {
        let g = R::GEO;
        let n = g.squares as usize;
        let men = R::MEN as usize;
        let mut setup = Setup::empty(n);
        setup.side = R::FIRST;
        for (i, column) in setup.squares.iter_mut().enumerate() {
            let color = match i {
                _ if i < men => Color::Black,
                _ if i >= n - men => Color::White,
                _ => continue,
            };
            column.push(Piece { color, king: false });
        }
        Self::from_setup(&setup).expect("the start position is legal")
    }

    fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        let g = R::GEO;
        if setup.squares.len() > g.squares as usize {
            return Err(SetupError::NoSuchSquare(setup.squares.len()));
        }
        for color in [Color::White, Color::Black] {
            let count = setup
                .squares
                .iter()
                .flatten()
                .filter(|p| p.color == color)
                .count();
            if count > R::MEN as usize {
                return Err(SetupError::TooManyPieces {
                    color,
                    count,
                    max: R::MEN as usize,
                });
            }
        }
        let mut pos = Position {
            columns: [Column::EMPTY; SLOTS],
            tops: [0; 2],
            officers: 0,
            tall: 0,
            side: setup.side,
            quiet_plies: 0,
            officer_plies: 0,
            hash: 0,
            rules: PhantomData,
        };
        for (i, pieces) in setup.squares.iter().enumerate() {
            let bit = g.square_bit[i];
            if let Some(top) = pieces.first()
                && !top.king
                && Self::promotion_row(top.color) >> bit & 1 != 0
            {
                return Err(SetupError::ManOnPromotionRow {
                    color: top.color,
                    square: i + 1,
                });
            }
            // written top first: each next piece goes under the others
            let column = pieces.iter().fold(Column::EMPTY, |c, &p| c.push_bottom(p));
            pos.set_column(bit, column);
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    fn to_setup(&self) -> Setup {
        let g = R::GEO;
        let mut setup = Setup::empty(g.squares as usize);
        setup.side = self.side;
        for (i, pieces) in setup.squares.iter_mut().enumerate() {
            *pieces = self.column(g.square_bit[i]).pieces().rev().collect();
        }
        setup
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn generate(&self, moves: &mut MoveList<Move>) {
        self.captures(&mut ListSink::<false>::new(moves));
        if moves.is_empty() {
            self.quiet_moves(moves);
        }
    }

    fn generate_routes(&self, moves: &mut MoveList<Move>) {
        self.captures(&mut ListSink::<true>::new(moves));
        if moves.is_empty() {
            self.quiet_moves(moves);
        }
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        if self.has_capture() {
            let mut list = MoveList::new();
            self.captures(&mut ListSink::<false>::new(&mut list));
            list.len() as u64
        } else {
            self.count_quiet()
        }
    }

    #[inline]
    fn count_routes(&self) -> u64 {
        if self.has_capture() {
            let mut list = MoveList::new();
            self.captures(&mut ListSink::<true>::new(&mut list));
            list.len() as u64
        } else {
            self.count_quiet()
        }
    }

    #[inline]
    fn play(&self, mv: &Move) -> Self {
        let mut next = *self;
        let mut moving = self.column(mv.from);
        let was_officer = moving.top().is_some_and(|p| p.king);
        let mut hash = self.hash ^ BLACK_TO_MOVE ^ moving.hash(mv.from);
        next.set_column(mv.from, Column::EMPTY);
        for &bit in mv.jumped() {
            if let Some((prisoner, rest)) = self.column(bit).pop_top() {
                hash ^= piece_key(bit, rest.height(), prisoner);
                next.set_column(bit, rest);
                moving = moving.push_bottom(prisoner);
            }
        }
        if mv.promote {
            moving = moving.crown_top();
        }
        hash ^= moving.hash(mv.to);
        next.set_column(mv.to, moving);
        let capture = mv.jumps() > 0;
        next.quiet_plies = if capture || mv.promote || !was_officer {
            0
        } else {
            self.quiet_plies.saturating_add(1)
        };
        next.officer_plies = if was_officer {
            self.officer_plies.saturating_add(1)
        } else {
            0
        };
        next.side = self.side.flip();
        next.hash = hash;
        next
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn compute_hash(&self) -> u64 {
        let side = if self.side == Color::Black {
            BLACK_TO_MOVE
        } else {
            0
        };
        Geometry::bits(self.tops[0] | self.tops[1])
            .fold(side, |h, bit| h ^ self.column(bit).hash(bit))
    }

    fn routes(&self) -> Vec<(Move, MoveInfo)> {
        let g = R::GEO;
        let mut sink = InfoSink::<R>::default();
        self.captures(&mut sink);
        if sink.found.is_empty() {
            let mut list = MoveList::new();
            self.quiet_moves(&mut list);
            for mv in list {
                sink.found
                    .push((mv, MoveInfo::from_bits(g, mv.from, &[mv.to], &[])));
            }
        }
        sink.found
    }

    fn move_squares(&self, mv: &Move) -> (u8, u8) {
        (R::GEO.square_of(mv.from), R::GEO.square_of(mv.to))
    }

    fn is_capture(mv: &Move) -> bool {
        mv.jumps() > 0
    }

    #[inline(always)]
    fn move_bits(mv: &Move) -> (u8, u8) {
        (mv.from, mv.to)
    }

    #[inline(always)]
    fn has_reversible_moves(&self) -> bool {
        self.tops_view().1 != 0
    }

    #[inline(always)]
    fn side_view(&self, color: Color) -> Option<(Side, Bitboard, Bitboard)> {
        let (tops, officers, _) = self.tops_view();
        Some(Side::view(
            R::GEO,
            color,
            tops,
            officers,
            R::SOLDIERS_CAPTURE_BACKWARD,
            R::FLYING_OFFICERS,
        ))
    }

    fn counters(&self) -> Vec<(&'static str, u32)> {
        self.counter_list()
    }

    fn game_end(&self) -> Option<GameEnd> {
        self.end()
    }

    /// A threefold repetition is adjudicated like the dead-play counters.
    fn repetition_outcome(&self) -> Outcome {
        self.adjudicate()
    }
}

impl<R: Rules> fmt::Debug for Position<R> {
    /// Columns as notation.md writes them: `w23`, or top first `[wbB]23`.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}[", R::VARIANT)?;
        for bit in Geometry::bits(self.tops[0] | self.tops[1]) {
            let column = self.column(bit);
            let letters: String = column
                .pieces()
                .map(|p| match (p.color, p.king) {
                    (Color::White, false) => 'w',
                    (Color::White, true) => 'W',
                    (Color::Black, false) => 'b',
                    (Color::Black, true) => 'B',
                })
                .rev()
                .collect();
            let square = R::GEO.square_of(bit);
            if column.height() > 1 {
                write!(f, "[{letters}]{square} ")?;
            } else {
                write!(f, "{letters}{square} ")?;
            }
        }
        write!(f, "{:?} to move]", self.side)
    }
}
