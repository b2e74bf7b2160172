//! Damath (rules.md, section 3): `dama` played with numbered chips on the
//! mirrored board, where every capture scores arithmetic.
//!
//! Chips move and capture as in `dama` (men one step forward, capturing
//! forward and backward; a Dama flies for moves and captures and never
//! turns 180° within a chain; captured chips leave at once; a chain goes on
//! while it can), with two differences: a chip that reaches the far row
//! during a chain is crowned only if the chain ends there, and the capture
//! priority is "eat more first", then "Dama eat first". Every jump scores
//! `capturer OP captured` on the square it lands on (see `score`), for the
//! side that captured.
//!
//! The board part of a position (colours, Damas, side to move, the
//! capture-or-man-move counter and its hash) is a plain-family position
//! under those rules, so Damath shares the removal family's move search;
//! this module adds the chip numbers, the scores and their hash. Scores
//! are integer hundredths of a point throughout.
//!
//! The game ends when the side to move has no legal move (or no chip), and
//! also (an adjudication standing in for the game clock, as `dama`'s
//! 40-ply rule) after 40 plies without a capture or a man move; either way
//! the final totals decide (`Damath::final_totals`).

mod captures;
mod keys;
mod score;
mod setup;
#[cfg(test)]
mod suite;
#[cfg(test)]
mod tests;

pub use score::{OPERATORS, Op};
pub use setup::ChipSet;

use super::removal::{self, Promotion, Rules};
use super::{Color, Game, GameEnd, MoveInfo, MoveList, Outcome, Setup, SetupError};
use crate::board::{Bitboard, DAMATH, Geometry};
use crate::variant::Variant;
use captures::{InfoSink, ListSink};
use std::cmp::Ordering;
use std::fmt;

/// The movement Damath shares with the removal family: `dama` on the
/// mirrored board, a chip crowned only where its move ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct DamathRules;

impl Rules for DamathRules {
    const VARIANT: Variant = Variant::Damath;
    const GEO: &'static Geometry = &DAMATH;
    const MEN: u32 = 12;
    const FIRST: Color = Color::White;
    const MEN_CAPTURE_BACKWARD: bool = true;
    const FLYING_KINGS: bool = true;
    const MAJORITY: bool = true;
    const IMMEDIATE_REMOVAL: bool = true;
    const PROMOTION: Promotion = Promotion::EndsThere;
}

/// The board part of a Damath position.
type Board = removal::Position<DamathRules>;

/// Bits of the internal layout that can hold a chip.
const BITS: usize = 64 - DAMATH.mask.leading_zeros() as usize;

/// The forty-ply adjudication (see the module documentation).
const QUIET_PLIES: u16 = 40;

/// A Damath position. Red is `Color::White` (moves up, first by default),
/// Blue is `Color::Black`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Damath {
    board: Board,
    /// The number of the chip on each bit; 0 on empty bits.
    numbers: [i32; BITS],
    /// Accumulated scores of Red and Blue, in hundredths of a point.
    score: [i64; 2],
    /// Plies since the last capture.
    since_capture: u16,
    /// The hash of `numbers` and `score`; the board hashes the rest.
    marks: u64,
}

/// A Damath move: where the chip starts and ends (bits of the internal
/// layout), what it captures, whether it is crowned, and the hundredths it
/// scores for the side that plays it. Routes that agree on all five reach
/// the same position and are one move: `generate` lists it once.
/// `generate_routes` lists it once per route, a route being a distinct
/// order of jumped squares for the same from and to (where a flying Dama
/// touches down between jumps counts only through the score it makes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: u8,
    pub to: u8,
    pub promote: bool,
    pub captured: Bitboard,
    pub score: i64,
}

impl Move {
    /// The move without its score, as the board part plays it.
    fn base(&self) -> removal::Move {
        removal::Move {
            from: self.from,
            to: self.to,
            promote: self.promote,
            captured: self.captured,
        }
    }

    /// A sequence of the plain search with its score.
    fn scored(base: removal::Move, score: i64) -> Move {
        Move {
            from: base.from,
            to: base.to,
            promote: base.promote,
            captured: base.captured,
            score,
        }
    }
}

/// A quiet move of the removal family: it scores nothing.
impl From<removal::Move> for Move {
    fn from(base: removal::Move) -> Move {
        Move::scored(base, 0)
    }
}

/// Hundredths of a point shown as points, e.g. `-3.05`.
struct Points(i64);

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
    }
}

/// Damath's name of a side.
fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "Red",
        Color::Black => "Blue",
    }
}

impl Damath {
    /// The accumulated scores of Red and Blue, in hundredths.
    pub fn scores(&self) -> [i64; 2] {
        self.score
    }

    /// Count the captures by listing them, out of line as in the plain
    /// family, to keep the move list off the common path's stack frame.
    #[inline(never)]
    fn count_by_search<const ROUTES: bool>(&self) -> u64 {
        let mut list = MoveList::new();
        self.board
            .captures(&mut ListSink::<ROUTES>::new(self, &mut list));
        list.len() as u64
    }

    /// What the side not to move threatens, in hundredths: the most its
    /// best capture would gain if it were its turn (the capture's points
    /// plus the numbers of the chips it takes off the victim's total, a
    /// Dama's twice); 0 when it has no capture.
    pub fn threat(&self) -> i64 {
        let other = Damath {
            board: self.board.passed(),
            ..*self
        };
        let mut list = MoveList::new();
        other
            .board
            .captures(&mut ListSink::<false>::new(&other, &mut list));
        let taken = |mv: &Move| -> i64 {
            Geometry::bits(mv.captured)
                .map(|bit| {
                    let dama = self.board.kings() >> bit & 1 != 0;
                    self.numbers[bit as usize] as i64 * if dama { 200 } else { 100 }
                })
                .sum()
        };
        list.iter()
            .map(|mv| mv.score.saturating_add(taken(mv)))
            .max()
            .unwrap_or(0)
            .max(0)
    }

    /// The final totals of Red and Blue, in hundredths: the accumulated
    /// score plus the numbers of the side's chips on the board, a Dama's
    /// number counting double. The higher total wins the ended game.
    pub fn final_totals(&self) -> [i64; 2] {
        [Color::White, Color::Black].map(|color| {
            Geometry::bits(self.board.pieces(color)).fold(self.score[color.index()], |sum, bit| {
                let dama = self.board.kings() >> bit & 1 != 0;
                let value = self.numbers[bit as usize] as i64 * if dama { 200 } else { 100 };
                sum.saturating_add(value)
            })
        })
    }
}

impl Game for Damath {
    type Move = Move;
    const VARIANT: Variant = Variant::Damath;

    fn geometry() -> &'static Geometry {
        &DAMATH
    }

    fn start() -> Self {
        Damath::start_with(ChipSet::Whole)
    }

    fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        Damath::build(setup)
    }

    fn to_setup(&self) -> Setup {
        self.describe()
    }

    fn side_to_move(&self) -> Color {
        self.board.side_to_move()
    }

    fn generate(&self, moves: &mut MoveList<Move>) {
        self.board
            .captures(&mut ListSink::<false>::new(self, moves));
        if moves.is_empty() {
            self.board.quiet_moves(moves);
        }
    }

    fn generate_routes(&self, moves: &mut MoveList<Move>) {
        self.board.captures(&mut ListSink::<true>::new(self, moves));
        if moves.is_empty() {
            self.board.quiet_moves(moves);
        }
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        self.board
            .count_unsearched()
            .unwrap_or_else(|| self.count_by_search::<false>())
    }

    #[inline]
    fn count_routes(&self) -> u64 {
        self.board
            .count_unsearched()
            .unwrap_or_else(|| self.count_by_search::<true>())
    }

    #[inline]
    fn play(&self, mv: &Move) -> Self {
        let me = self.side_to_move().index();
        let mut next = self.play_unhashed(mv);
        next.board = self.board.play(&mv.base());
        let number = self.numbers[mv.from as usize];
        let mut marks = self.marks ^ keys::chip(mv.from, number) ^ keys::chip(mv.to, number);
        if mv.captured != 0 {
            for bit in Geometry::bits(mv.captured) {
                marks ^= keys::chip(bit, self.numbers[bit as usize]);
            }
            marks ^= keys::score(me, self.score[me]) ^ keys::score(me, next.score[me]);
            next.since_capture = 0;
        } else {
            next.since_capture = self.since_capture.saturating_add(1);
        }
        next.marks = marks;
        next
    }

    /// Moves the chips and adds the score; the hash and the counters are
    /// left stale.
    #[inline]
    fn play_unhashed(&self, mv: &Move) -> Self {
        let me = self.side_to_move().index();
        let mut next = *self;
        next.board = self.board.play_unhashed(&mv.base());
        let number = self.numbers[mv.from as usize];
        // `to` last: a Dama's chain may end where it started, or on a
        // square whose chip it took on the way
        next.numbers[mv.from as usize] = 0;
        if mv.captured != 0 {
            for bit in Geometry::bits(mv.captured) {
                next.numbers[bit as usize] = 0;
            }
            next.score[me] = self.score[me].saturating_add(mv.score);
        }
        next.numbers[mv.to as usize] = number;
        next
    }

    fn hash(&self) -> u64 {
        self.board.hash() ^ self.marks
    }

    fn compute_hash(&self) -> u64 {
        self.board.compute_hash() ^ self.compute_marks()
    }

    fn routes(&self) -> Vec<(Move, MoveInfo)> {
        let mut sink = InfoSink::new(self);
        self.board.captures(&mut sink);
        if sink.found.is_empty() {
            let mut list = MoveList::<Move>::new();
            self.board.quiet_moves(&mut list);
            for mv in list {
                sink.found
                    .push((mv, MoveInfo::from_bits(&DAMATH, mv.from, &[mv.to], &[])));
            }
        }
        sink.found
    }

    fn move_squares(&self, mv: &Move) -> (u8, u8) {
        (DAMATH.square_of(mv.from), DAMATH.square_of(mv.to))
    }

    fn is_capture(mv: &Move) -> bool {
        mv.captured != 0
    }

    #[inline(always)]
    fn move_bits(mv: &Move) -> (u8, u8) {
        (mv.from, mv.to)
    }

    /// Damas can move back and forth; the board is not read here, so the
    /// checks always run.
    fn has_reversible_moves(&self) -> bool {
        true
    }

    fn counters(&self) -> Vec<(&'static str, u32)> {
        vec![
            ("plies without capture", self.since_capture as u32),
            (
                "plies without capture or man move",
                self.board.reversible() as u32,
            ),
        ]
    }

    /// Whenever a Damath game ends, the final totals decide.
    fn repetition_outcome(&self) -> Outcome {
        let [red, blue] = self.final_totals();
        match red.cmp(&blue) {
            Ordering::Greater => Outcome::Win(Color::White),
            Ordering::Less => Outcome::Win(Color::Black),
            Ordering::Equal => Outcome::Draw,
        }
    }

    fn game_end(&self) -> Option<GameEnd> {
        let why = if self.count_moves() == 0 {
            format!("{} has no legal move", side_name(self.side_to_move()))
        } else if self.board.reversible() >= QUIET_PLIES {
            format!("{QUIET_PLIES} plies without a capture or a man move")
        } else {
            return None;
        };
        let [red, blue] = self.final_totals();
        Some(GameEnd {
            outcome: self.repetition_outcome(),
            reason: format!(
                "{why}; final totals Red {} Blue {}",
                Points(red),
                Points(blue)
            ),
        })
    }
}

impl fmt::Debug for Damath {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "damath[")?;
        for color in [Color::White, Color::Black] {
            for bit in Geometry::bits(self.board.pieces(color)) {
                let dama = self.board.kings() >> bit & 1 != 0;
                let c = match (color, dama) {
                    (Color::White, false) => 'r',
                    (Color::White, true) => 'R',
                    (Color::Black, false) => 'b',
                    (Color::Black, true) => 'B',
                };
                let n = self.numbers[bit as usize];
                write!(f, "{c}{n}@{} ", DAMATH.square_of(bit))?;
            }
        }
        write!(
            f,
            "{} to move, S {},{}]",
            side_name(self.side_to_move()),
            Points(self.score[0]),
            Points(self.score[1])
        )
    }
}
