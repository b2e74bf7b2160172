//! The plain draughts family: one piece per square, kept in bitboards.
//! International, english, brazilian, russian, dama and dama-international
//! differ only in the constants of their `Rules` type; the move generator
//! is compiled once per variant with those constants folded in.

mod bulk;
mod captures;
mod quiet;
mod variants;

pub use variants::{Brazilian, Dama, DamaInternational, English, International, Russian};

use super::zobrist::{BLACK_TO_MOVE, PIECE};
use super::{Color, Game, GameEnd, MoveInfo, MoveList, Outcome, Piece, Setup, SetupError, Side};
use crate::board::{Bitboard, Dir, Geometry};
use crate::variant::Variant;
use captures::{CaptureSearch, InfoSink};
pub(crate) use captures::{Sink, Unique};
use std::fmt;
use std::marker::PhantomData;

/// When a man that reaches the far row during a capture is crowned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Promotion {
    /// Only if the move ends there (international, brazilian).
    EndsThere,
    /// At once, and the move ends there (english).
    StopsMove,
    /// At once, and the capture goes on with king powers (russian).
    ContinuesAsKing,
    /// When the chain ends, if the man touched the far row at any point;
    /// no king powers during the chain (dama, dama-international).
    Touched,
}

/// The rules of one variant of the family, as constants.
pub trait Rules: Copy + Send + Sync + fmt::Debug + PartialEq + 'static {
    const VARIANT: Variant;
    const GEO: &'static Geometry;
    /// Men per side at the start (and the most a side may have).
    const MEN: u32;
    /// Who moves first from the start position.
    const FIRST: Color;
    /// Men capture backward too.
    const MEN_CAPTURE_BACKWARD: bool;
    /// Kings move and capture at any distance.
    const FLYING_KINGS: bool;
    /// The sequence capturing the most pieces must be played.
    const MAJORITY: bool;
    /// Captured pieces leave the board as they are jumped.
    const IMMEDIATE_REMOVAL: bool;
    const PROMOTION: Promotion;
}

/// A position of a plain variant.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position<R: Rules> {
    /// Pieces of White and of Black.
    pieces: [Bitboard; 2],
    kings: Bitboard,
    side: Color,
    /// Plies since the last capture or man move.
    reversible: u16,
    /// Plies since the material last changed (capture or promotion).
    since_material: u16,
    hash: u64,
    rules: PhantomData<R>,
}

/// A move of the removal family: where the piece starts and ends, what it
/// captures and whether it is crowned. Capture routes with all four equal
/// are the same move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: u8,
    pub to: u8,
    pub promote: bool,
    pub captured: Bitboard,
}

impl<R: Rules> Position<R> {
    /// The pieces of White and of Black, and the kings: the evaluation
    /// reads them directly.
    #[inline(always)]
    pub(crate) fn bitboards(&self) -> ([Bitboard; 2], Bitboard) {
        (self.pieces, self.kings)
    }

    /// The position with these pieces, `side` to move and fresh counters:
    /// the endgame databases build positions from their index. The caller
    /// keeps the pieces on board squares, disjoint, and men off their
    /// promotion rows.
    pub(crate) fn from_bitboards(pieces: [Bitboard; 2], kings: Bitboard, side: Color) -> Self {
        let mut pos = Position {
            pieces,
            kings,
            side,
            reversible: 0,
            since_material: 0,
            hash: 0,
            rules: PhantomData,
        };
        pos.hash = pos.compute_hash();
        pos
    }

    #[inline(always)]
    fn shift(bb: Bitboard, dir: Dir) -> Bitboard {
        R::GEO.shift(bb, dir)
    }

    /// A shift whose result must be intersected with board squares.
    #[inline(always)]
    fn raw(bb: Bitboard, dir: Dir) -> Bitboard {
        R::GEO.shift_raw(bb, dir)
    }

    /// The forward directions of White's (or Black's) men.
    #[inline(always)]
    const fn forward(white: bool) -> [Dir; 2] {
        if white {
            [Dir::UpLeft, Dir::UpRight]
        } else {
            [Dir::DownLeft, Dir::DownRight]
        }
    }

    /// The directions White's (or Black's) men capture in.
    #[inline(always)]
    const fn man_capture_dirs(white: bool) -> &'static [Dir] {
        match (R::MEN_CAPTURE_BACKWARD, white) {
            (true, _) => &Dir::ALL,
            (false, true) => &[Dir::UpLeft, Dir::UpRight],
            (false, false) => &[Dir::DownLeft, Dir::DownRight],
        }
    }

    /// The row where White's (or Black's) men are crowned.
    #[inline(always)]
    const fn promotion_row(white: bool) -> Bitboard {
        if white {
            R::GEO.top_row
        } else {
            R::GEO.bottom_row
        }
    }

    #[inline(always)]
    fn empty(&self) -> Bitboard {
        R::GEO.mask & !(self.pieces[0] | self.pieces[1])
    }

    /// Send every capture sequence of the side to move to `sink`.
    pub(crate) fn captures<S: Sink>(&self, sink: &mut S) {
        let me = self.side.index();
        let own = self.pieces[me];
        let (opp, empty) = (self.pieces[me ^ 1], self.empty());
        let (men, kings) = (own & !self.kings, own & self.kings);
        match self.side {
            Color::White => CaptureSearch::<R, true> {
                opp,
                empty,
                rules: PhantomData,
            }
            .run(men, kings, sink),
            Color::Black => CaptureSearch::<R, false> {
                opp,
                empty,
                rules: PhantomData,
            }
            .run(men, kings, sink),
        }
    }

    /// The same board with the other side to move, for looking at what
    /// that side could do; its hash and counters are not updated.
    pub(crate) fn passed(&self) -> Self {
        Position {
            side: self.side.flip(),
            ..*self
        }
    }

    /// The pieces of `color`.
    #[inline(always)]
    pub(crate) fn pieces(&self, color: Color) -> Bitboard {
        self.pieces[color.index()]
    }

    /// The kings of both sides.
    #[inline(always)]
    pub(crate) fn kings(&self) -> Bitboard {
        self.kings
    }

    /// Plies since the last capture or man move.
    pub(crate) fn reversible(&self) -> u16 {
        self.reversible
    }

    fn piece_on(&self, bit: u8) -> Option<Piece> {
        let b = 1u64 << bit;
        let color = if self.pieces[0] & b != 0 {
            Color::White
        } else if self.pieces[1] & b != 0 {
            Color::Black
        } else {
            return None;
        };
        Some(Piece {
            color,
            king: self.kings & b != 0,
        })
    }

    fn material(&self, color: Color) -> (u32, u32) {
        let p = self.pieces[color.index()];
        (
            (p & !self.kings).count_ones(),
            (p & self.kings).count_ones(),
        )
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
        let n = g.squares as u32;
        let rows =
            |from: u32, to: u32| (from..=to).fold(0, |bb, s| bb | 1u64 << g.bit_of(s).unwrap_or(0));
        let mut setup = Setup::empty(n as usize);
        setup.side = R::FIRST;
        let black = rows(1, R::MEN);
        let white = rows(n - R::MEN + 1, n);
        for bit in Geometry::bits(black | white) {
            let color = if black >> bit & 1 != 0 {
                Color::Black
            } else {
                Color::White
            };
            setup.squares[g.square_of(bit) as usize - 1] = vec![Piece { color, king: false }];
        }
        Self::from_setup(&setup).expect("the start position is legal")
    }

    fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        let g = R::GEO;
        if setup.squares.len() > g.squares as usize {
            return Err(SetupError::NoSuchSquare(setup.squares.len()));
        }
        let mut pos = Position {
            pieces: [0; 2],
            kings: 0,
            side: setup.side,
            reversible: 0,
            since_material: 0,
            hash: 0,
            rules: PhantomData,
        };
        for (i, column) in setup.squares.iter().enumerate() {
            let square = i + 1;
            let bit = g.square_bit[i];
            match column.as_slice() {
                [] => {}
                [piece] => {
                    let promo = match piece.color {
                        Color::White => g.top_row,
                        Color::Black => g.bottom_row,
                    };
                    if !piece.king && promo >> bit & 1 != 0 {
                        return Err(SetupError::ManOnPromotionRow {
                            color: piece.color,
                            square,
                        });
                    }
                    pos.pieces[piece.color.index()] |= 1 << bit;
                    if piece.king {
                        pos.kings |= 1 << bit;
                    }
                }
                _ => return Err(SetupError::StackNotAllowed(square)),
            }
        }
        for color in [Color::White, Color::Black] {
            let count = pos.pieces[color.index()].count_ones() as usize;
            if count > R::MEN as usize {
                return Err(SetupError::TooManyPieces {
                    color,
                    count,
                    max: R::MEN as usize,
                });
            }
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    fn to_setup(&self) -> Setup {
        let g = R::GEO;
        let mut setup = Setup::empty(g.squares as usize);
        setup.side = self.side;
        for bit in Geometry::bits(self.pieces[0] | self.pieces[1]) {
            setup.squares[g.square_of(bit) as usize - 1] = self.piece_on(bit).into_iter().collect();
        }
        setup
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn generate(&self, moves: &mut MoveList<Move>) {
        self.generate_with::<false>(moves);
    }

    fn generate_routes(&self, moves: &mut MoveList<Move>) {
        self.generate_with::<true>(moves);
    }

    #[inline(always)]
    fn count_moves(&self) -> u64 {
        self.count::<false>()
    }

    #[inline(always)]
    fn count_routes(&self) -> u64 {
        self.count::<true>()
    }

    #[inline(always)]
    fn play(&self, mv: &Move) -> Self {
        let me = self.side.index();
        let from = 1u64 << mv.from;
        let to = 1u64 << mv.to;
        let was_king = self.kings & from != 0;
        let is_king = was_king || mv.promote;
        let mut next = *self;
        let mut hash = self.hash ^ BLACK_TO_MOVE;
        hash ^= PIECE[me][was_king as usize][(mv.from & 63) as usize]
            ^ PIECE[me][is_king as usize][(mv.to & 63) as usize];
        // captured squares go first: in dama a king may end its capture on
        // a square it jumped, whose piece left the board on the way
        next.pieces[me] = self.pieces[me] & !from | to;
        next.kings = self.kings & !from & !mv.captured;
        if is_king {
            next.kings |= to;
        }
        if mv.captured != 0 {
            let opp = me ^ 1;
            for bit in Geometry::bits(mv.captured) {
                hash ^= PIECE[opp][(self.kings >> bit & 1) as usize][(bit & 63) as usize];
            }
            next.pieces[opp] &= !mv.captured;
            next.reversible = 0;
            next.since_material = 0;
        } else {
            next.reversible = if was_king {
                self.reversible.saturating_add(1)
            } else {
                0
            };
            next.since_material = if is_king != was_king {
                0
            } else {
                self.since_material.saturating_add(1)
            };
        }
        next.side = self.side.flip();
        next.hash = hash;
        next
    }

    fn count_two_plies(&self, routes: bool) -> u64 {
        if routes {
            self.count_two::<true>()
        } else {
            self.count_two::<false>()
        }
    }

    #[inline(always)]
    fn play_unhashed(&self, mv: &Move) -> Self {
        let me = self.side.index();
        let from = 1u64 << mv.from;
        let is_king = self.kings & from != 0 || mv.promote;
        let mut next = *self;
        next.pieces[me] = self.pieces[me] & !from | 1 << mv.to;
        next.pieces[me ^ 1] &= !mv.captured;
        next.kings = (self.kings & !from & !mv.captured) | (is_king as u64) << mv.to;
        next.side = self.side.flip();
        next
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn compute_hash(&self) -> u64 {
        let mut h = if self.side == Color::Black {
            BLACK_TO_MOVE
        } else {
            0
        };
        for color in [Color::White, Color::Black] {
            for bit in Geometry::bits(self.pieces[color.index()]) {
                h ^= PIECE[color.index()][(self.kings >> bit & 1) as usize][bit as usize];
            }
        }
        h
    }

    fn routes(&self) -> Vec<(Move, MoveInfo)> {
        let g = R::GEO;
        let mut sink = InfoSink::<R>::default();
        self.captures(&mut sink);
        if sink.found.is_empty() {
            let mut list = MoveList::<Move>::new();
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
        mv.captured != 0
    }

    #[inline(always)]
    fn move_bits(mv: &Move) -> (u8, u8) {
        (mv.from, mv.to)
    }

    #[inline(always)]
    fn has_reversible_moves(&self) -> bool {
        self.kings != 0
    }

    #[inline(always)]
    fn side_view(&self, color: Color) -> Option<(Side, Bitboard, Bitboard)> {
        Some(Side::view(
            R::GEO,
            color,
            self.pieces,
            self.kings,
            R::MEN_CAPTURE_BACKWARD,
            R::FLYING_KINGS,
        ))
    }

    fn counters(&self) -> Vec<(&'static str, u32)> {
        vec![
            ("plies without capture or man move", self.reversible as u32),
            ("plies since material changed", self.since_material as u32),
        ]
    }

    fn game_end(&self) -> Option<GameEnd> {
        if self.count_moves() == 0 {
            return Some(GameEnd {
                outcome: Outcome::Win(self.side.flip()),
                reason: format!("{:?} has no legal move", self.side),
            });
        }
        let draw = |reason: &str| {
            Some(GameEnd {
                outcome: Outcome::Draw,
                reason: reason.to_string(),
            })
        };
        let (wm, wk) = self.material(Color::White);
        let (bm, bk) = self.material(Color::Black);
        // (men, kings) of the stronger side when the other has a lone king
        let against_lone_king = match ((wm, wk), (bm, bk)) {
            ((0, 1), strong) | (strong, (0, 1)) => Some(strong),
            _ => None,
        };
        let (reversible, since_material) = (self.reversible as u32, self.since_material as u32);
        match R::VARIANT {
            Variant::International => {
                if reversible >= 50 {
                    return draw("25 moves each with only king moves and no capture");
                }
                match against_lone_king {
                    Some((m, k)) if k >= 1 && m + k == 3 && since_material >= 32 => {
                        return draw("16 moves each against a lone king");
                    }
                    Some((m, k)) if k >= 1 && m + k == 2 && since_material >= 10 => {
                        return draw("5 moves each against a lone king");
                    }
                    _ => {}
                }
            }
            Variant::English => {
                if reversible >= 80 {
                    return draw("40 moves each without a capture or a man move");
                }
            }
            Variant::Russian | Variant::Brazilian => {
                if reversible >= 30 {
                    return draw("15 moves of kings only without a capture");
                }
                if against_lone_king == Some((0, 3)) && since_material >= 30 {
                    return draw("3 kings against 1 king not won within 15 moves");
                }
            }
            Variant::Dama | Variant::DamaInternational => {
                if reversible >= 40 {
                    return draw("40 plies without a capture or a man move");
                }
            }
            // other families have rules types of their own
            Variant::Damasca | Variant::DamascaInternational | Variant::Lasca | Variant::Damath => {
            }
        }
        None
    }
}

impl<R: Rules> fmt::Debug for Position<R> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}[", R::VARIANT)?;
        for bit in Geometry::bits(self.pieces[0] | self.pieces[1]) {
            let p = self.piece_on(bit).expect("occupied");
            let c = match (p.color, p.king) {
                (Color::White, false) => 'w',
                (Color::White, true) => 'W',
                (Color::Black, false) => 'b',
                (Color::Black, true) => 'B',
            };
            write!(f, "{c}{} ", R::GEO.square_of(bit))?;
        }
        write!(f, "{:?} to move]", self.side)
    }
}
