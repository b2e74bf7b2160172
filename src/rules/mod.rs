//! The `Game` trait every variant implements, and the family-neutral types
//! that cross the rules boundary: colours, pieces, a position `Setup` for
//! notation, `MoveInfo` for move text, and game outcomes.
//!
//! Families: `removal` (plain bitboard draughts: international, english,
//! brazilian, russian, dama, dama-international), `columns` (stacks:
//! damasca, damasca-international, lasca) and `damath` (numbered chips and
//! scores). `record` keeps a game's history for repetition; `side` reads
//! what one side can do (capture, step) from bitboards.

pub mod columns;
pub mod damath;
mod majority;
pub mod record;
pub mod removal;
mod side;
pub mod zobrist;

pub(crate) use majority::Best;
pub use side::Side;

use crate::board::{Bitboard, Geometry};
use crate::variant::Variant;
use arrayvec::ArrayVec;
use std::fmt;

/// The most moves a move list holds. No legal position reaches it; a
/// generator that would overflow it drops the excess rather than panic.
pub const MAX_MOVES: usize = 512;

/// A fixed-capacity move list that lives on the stack.
pub type MoveList<M> = ArrayVec<M, MAX_MOVES>;

/// The two sides. White is also Light (dama, damasca) and Red (damath).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Color {
    #[default]
    White,
    Black,
}

impl Color {
    /// The other side.
    #[inline(always)]
    pub const fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// One piece: a man (soldier, chip) or a king (officer, Dama).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub king: bool,
}

/// A position spelled out square by square, as notation reads and writes
/// it. Every family converts to and from it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Setup {
    /// The side to move.
    pub side: Color,
    /// `squares[n - 1]` is the column on square `n`, top piece first; empty
    /// for an empty square. Outside the stacking variants a column holds at
    /// most one piece.
    pub squares: Vec<Vec<Piece>>,
    /// Damath: `numbers[n - 1]` is the number of the chip on square `n`.
    pub numbers: Vec<Option<i32>>,
    /// Damath: the accumulated scores of White (Red) and Black (Blue), in
    /// hundredths of a point.
    pub score: [i64; 2],
}

impl Setup {
    /// An empty board of `squares` squares with White to move.
    pub fn empty(squares: usize) -> Setup {
        Setup {
            side: Color::White,
            squares: vec![Vec::new(); squares],
            numbers: vec![None; squares],
            score: [0, 0],
        }
    }
}

/// A position that a variant cannot hold.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("square {0} does not exist on this board")]
    NoSuchSquare(usize),
    #[error("{color:?} has {count} pieces, more than the {max} this variant allows")]
    TooManyPieces {
        color: Color,
        count: usize,
        max: usize,
    },
    #[error("a {color:?} man on square {square}, its own promotion row")]
    ManOnPromotionRow { color: Color, square: usize },
    #[error("square {0} holds a stack, and this variant has no stacks")]
    StackNotAllowed(usize),
    #[error("square {0}: {1}")]
    Invalid(usize, String),
}

/// Everything notation needs to know of one capture route (or quiet move):
/// squares are the variant's square numbers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveInfo {
    pub from: u8,
    pub to: u8,
    /// The landing squares after `from`, the last one being `to`.
    pub path: Vec<u8>,
    /// The captured squares, in the order they were jumped.
    pub captured: Vec<u8>,
}

impl MoveInfo {
    /// A route given by bits of the board's layout: the start, the squares
    /// landed on and the squares jumped, in order.
    pub fn from_bits(g: &Geometry, from: u8, path: &[u8], jumped: &[u8]) -> MoveInfo {
        let to = path.last().map_or(from, |&b| b);
        MoveInfo {
            from: g.square_of(from),
            to: g.square_of(to),
            path: path.iter().map(|&b| g.square_of(b)).collect(),
            captured: jumped.iter().map(|&b| g.square_of(b)).collect(),
        }
    }

    /// Whether this is a capture.
    pub fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win(Color),
    Draw,
}

/// A rule of the variant that ended (or adjudicated) the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    pub outcome: Outcome,
    pub reason: String,
}

/// One variant: its positions, moves and rules. Positions are small `Copy`
/// values; `play` returns the position after a move (copy-make).
pub trait Game: Copy + Send + Sync + fmt::Debug + PartialEq + 'static {
    /// A legal move, compact enough to copy freely.
    type Move: Copy + PartialEq + Send + Sync + fmt::Debug + 'static;

    /// Which variant this is.
    const VARIANT: Variant;

    /// The board the variant is played on.
    fn geometry() -> &'static Geometry;

    /// The start position.
    fn start() -> Self;

    /// Build a position from a square-by-square description.
    fn from_setup(setup: &Setup) -> Result<Self, SetupError>;

    /// Describe this position square by square.
    fn to_setup(&self) -> Setup;

    /// The side to move.
    fn side_to_move(&self) -> Color;

    /// The legal moves, each once: capture routes that reach the same
    /// position are one move.
    fn generate(&self, moves: &mut MoveList<Self::Move>);

    /// The legal moves with every capture route listed separately.
    fn generate_routes(&self, moves: &mut MoveList<Self::Move>);

    /// The number of legal moves (as `generate` lists them).
    fn count_moves(&self) -> u64 {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list.len() as u64
    }

    /// The number of capture routes and quiet moves (as `generate_routes`).
    fn count_routes(&self) -> u64 {
        let mut list = MoveList::new();
        self.generate_routes(&mut list);
        list.len() as u64
    }

    /// The position after `mv`, which must be legal here.
    fn play(&self, mv: &Self::Move) -> Self;

    /// The number of move paths of two plies, capture routes counted
    /// separately with `routes`: perft's last two plies, which a variant
    /// may count faster than by listing the first ply.
    fn count_two_plies(&self, routes: bool) -> u64 {
        let mut list = MoveList::new();
        if routes {
            self.generate_routes(&mut list);
            list.iter()
                .map(|mv| self.play_unhashed(mv).count_routes())
                .sum()
        } else {
            self.generate(&mut list);
            list.iter()
                .map(|mv| self.play_unhashed(mv).count_moves())
                .sum()
        }
    }

    /// The position after `mv` for move generation only: its hash and
    /// draw counters may be stale. Perft uses it on the ply it counts.
    fn play_unhashed(&self, mv: &Self::Move) -> Self {
        self.play(mv)
    }

    /// The Zobrist hash, kept up to date by `play`.
    fn hash(&self) -> u64;

    /// The Zobrist hash computed from scratch (to check `hash`).
    fn compute_hash(&self) -> u64;

    /// Every route of every legal move, with the move it plays. A move with
    /// several routes appears once per route.
    fn routes(&self) -> Vec<(Self::Move, MoveInfo)>;

    /// Whether `mv` captures.
    fn is_capture(mv: &Self::Move) -> bool;

    /// The bits of the board's layout `mv` starts and ends on.
    fn move_bits(mv: &Self::Move) -> (u8, u8);

    /// Whether a piece that can move back and forth is on the board, so
    /// that repetition and the counter-based draw rules can apply. When it
    /// is false the search skips those checks.
    fn has_reversible_moves(&self) -> bool;

    /// `color`'s pieces as men and kings, the other side's pieces, and the
    /// empty squares, for the capture tests below to read from bitboards
    /// (`side`). A family without such a view keeps the default, `None`,
    /// and the tests generate moves instead.
    fn side_view(&self, _color: Color) -> Option<(Side, Bitboard, Bitboard)> {
        None
    }

    /// Whether the opponent could capture if it were its turn (the
    /// quiescence search then looks one ply further). Without a side view,
    /// never.
    #[inline]
    fn threatened(&self) -> bool {
        self.side_view(self.side_to_move().flip())
            .is_some_and(|(side, targets, empty)| {
                side.can_capture(Self::geometry(), targets, empty)
            })
    }

    /// Whether the side to move must capture.
    #[inline]
    fn must_capture(&self) -> bool {
        match self.side_view(self.side_to_move()) {
            Some((side, targets, empty)) => side.can_capture(Self::geometry(), targets, empty),
            None => {
                let mut moves = MoveList::new();
                self.generate(&mut moves);
                moves.first().is_some_and(Self::is_capture)
            }
        }
    }

    /// Whether the side to move has a move that is not a capture.
    #[inline]
    fn can_step(&self) -> bool {
        match self.side_view(self.side_to_move()) {
            Some((side, _, empty)) => side.can_step(Self::geometry(), empty),
            None => {
                let mut moves = MoveList::new();
                self.generate(&mut moves);
                moves.iter().any(|m| !Self::is_capture(m))
            }
        }
    }

    /// The square numbers a legal move of this position starts and ends
    /// on, as its routes give them. Reading short move text uses it to find
    /// a move without listing every route.
    fn move_squares(&self, mv: &Self::Move) -> (u8, u8) {
        self.routes()
            .into_iter()
            .find(|(m, _)| m == mv)
            .map_or((0, 0), |(_, info)| (info.from, info.to))
    }

    /// The variant's draw and adjudication counters, by name, for display.
    fn counters(&self) -> Vec<(&'static str, u32)>;

    /// The result when this position occurs for the third time: a draw,
    /// unless the variant adjudicates repetitions (stacks, Damath).
    fn repetition_outcome(&self) -> Outcome {
        Outcome::Draw
    }

    /// The end of the game by the position alone: no move left, or a
    /// counter of the variant's draw rules run out. Repetition needs the
    /// game's history: see `record::Record`.
    fn game_end(&self) -> Option<GameEnd>;
}
