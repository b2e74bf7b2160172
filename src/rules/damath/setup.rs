//! Damath positions to and from `Setup`, and the start position with each
//! chip set of rules.md.

use super::{BITS, Board, Damath, keys};
use crate::board::{DAMATH, Geometry};
use crate::rules::{Color, Game, Piece, Setup, SetupError};

/// The chip sets of rules.md: the numbers stand on the same squares in
/// each, and Blue's chips are always Red's turned 180°.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ChipSet {
    /// Whole numbers 0..=11 (the default).
    #[default]
    Whole,
    /// Counting numbers: each whole number + 1.
    Counting,
    /// Integers: the whole numbers with signs.
    Integers,
}

/// Red's whole-number chips on squares 21..=32 (rows y = 2, 1, 0).
const WHOLE: [i32; 12] = [9, 6, 1, 4, 0, 3, 10, 7, 11, 8, 5, 2];
/// Red's integer chips on squares 21..=32.
const INTEGERS: [i32; 12] = [-9, 6, -1, 4, 0, -3, 10, -7, -11, 8, -5, 2];

impl ChipSet {
    /// The number of Red's `i`-th chip (on square 21 + i).
    fn red(self, i: usize) -> i32 {
        match self {
            ChipSet::Whole => WHOLE[i],
            ChipSet::Counting => WHOLE[i] + 1,
            ChipSet::Integers => INTEGERS[i],
        }
    }
}

impl Damath {
    /// The start position with the chips of `set`, Red to move.
    pub fn start_with(set: ChipSet) -> Damath {
        let mut setup = Setup::empty(DAMATH.squares as usize);
        for i in 0..WHOLE.len() {
            let red = 21 + i;
            // square n turned 180° is square 33 - n
            for (square, color) in [(red, Color::White), (33 - red, Color::Black)] {
                setup.squares[square - 1] = vec![Piece { color, king: false }];
                setup.numbers[square - 1] = Some(set.red(i));
            }
        }
        Damath::build(&setup).expect("the start position is legal")
    }

    /// A position from a setup: the plain checks (board size, 12 chips a
    /// side, no man on its own promotion row, no stacks), then every chip
    /// must carry a number and no empty square may.
    pub(super) fn build(setup: &Setup) -> Result<Damath, SetupError> {
        let board = Board::from_setup(setup)?;
        if setup.numbers.len() > DAMATH.squares as usize {
            return Err(SetupError::NoSuchSquare(setup.numbers.len()));
        }
        let occupied = board.pieces(Color::White) | board.pieces(Color::Black);
        let mut numbers = [0; BITS];
        for i in 0..DAMATH.squares as usize {
            let bit = DAMATH.square_bit[i];
            let number = setup.numbers.get(i).copied().flatten();
            match (occupied >> bit & 1 != 0, number) {
                (true, Some(n)) => numbers[bit as usize] = n,
                (true, None) => {
                    return Err(SetupError::Invalid(i + 1, "a chip without a number".into()));
                }
                (false, Some(_)) => {
                    return Err(SetupError::Invalid(i + 1, "a number without a chip".into()));
                }
                (false, None) => {}
            }
        }
        let mut pos = Damath {
            board,
            numbers,
            score: setup.score,
            since_capture: 0,
            marks: 0,
        };
        pos.marks = pos.compute_marks();
        Ok(pos)
    }

    /// The setup of this position.
    pub(super) fn describe(&self) -> Setup {
        let mut setup = self.board.to_setup();
        let occupied = self.board.pieces(Color::White) | self.board.pieces(Color::Black);
        for bit in Geometry::bits(occupied) {
            setup.numbers[DAMATH.square_of(bit) as usize - 1] = Some(self.numbers[bit as usize]);
        }
        setup.score = self.score;
        setup
    }

    /// The hash of the chip numbers and the scores, from scratch.
    pub(super) fn compute_marks(&self) -> u64 {
        let occupied = self.board.pieces(Color::White) | self.board.pieces(Color::Black);
        Geometry::bits(occupied)
            .map(|bit| keys::chip(bit, self.numbers[bit as usize]))
            .fold(
                keys::score(0, self.score[0]) ^ keys::score(1, self.score[1]),
                |h, k| h ^ k,
            )
    }
}
