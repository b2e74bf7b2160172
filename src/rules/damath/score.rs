//! Damath arithmetic: the operator on every square and the score of one
//! jump, kept in integer hundredths of a point (never floats).
//!
//! The score of a jump is `capturer OP captured`, OP being the operator of
//! the square the capturer lands on, the capturing chip always the left
//! operand; a division is rounded to hundredths, half away from zero, and
//! a division by zero scores 0; then ×2 if exactly one of the two chips is
//! a Dama, ×4 if both are (rules.md, section 3).

use crate::board::DAMATH;

/// An operator of the Damath board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
}

use Op::{Add, Div, Mul, Sub};

/// The operator of every square, by square number (notation.md): square
/// `n` is `OPERATORS[n - 1]`, four squares a row from the top (Blue's back
/// row) as Red sees the board, left to right. The one table of the rules.
pub const OPERATORS: [Op; 32] = [
    Mul, Div, Sub, Add, //  1– 4, row y = 7
    Div, Mul, Add, Sub, //  5– 8, row y = 6
    Sub, Add, Mul, Div, //  9–12, row y = 5
    Add, Sub, Div, Mul, // 13–16, row y = 4
    Mul, Div, Sub, Add, // 17–20, row y = 3
    Div, Mul, Add, Sub, // 21–24, row y = 2
    Sub, Add, Mul, Div, // 25–28, row y = 1
    Add, Sub, Div, Mul, // 29–32, row y = 0
];

/// `OPERATORS` by bit of the internal layout (ghost bits read `Add`).
const BY_BIT: [Op; 64] = {
    let mut t = [Add; 64];
    let mut i = 0;
    while i < OPERATORS.len() {
        t[DAMATH.square_bit[i] as usize] = OPERATORS[i];
        i += 1;
    }
    t
};

/// The operator on an on-board bit.
#[inline(always)]
pub fn op_at(bit: u8) -> Op {
    BY_BIT[bit as usize & 63]
}

/// `left OP right` in hundredths, before the Dama multiplier.
#[inline]
pub fn apply(op: Op, left: i32, right: i32) -> i128 {
    let (a, b) = (left as i128, right as i128);
    match op {
        Add => (a + b) * 100,
        Sub => (a - b) * 100,
        Mul => a * b * 100,
        Div => divide(a, b),
    }
}

/// `a / b` in hundredths, rounded half away from zero; 0 when `b` is 0.
fn divide(a: i128, b: i128) -> i128 {
    if b == 0 {
        return 0;
    }
    let (n, d) = ((a * 100).abs(), b.abs());
    let q = (2 * n + d) / (2 * d);
    if (a < 0) != (b < 0) { -q } else { q }
}

/// The Dama multiplier of a jump: ×1, ×2 if exactly one of the capturing
/// and the captured chip is a Dama, ×4 if both are.
#[inline(always)]
pub fn multiplier(capturer_dama: bool, captured_dama: bool) -> i128 {
    1 << (capturer_dama as u32 + captured_dama as u32)
}

/// A sum of hundredths brought into `i64`, saturating (chip numbers are
/// any `i32`, so a product can leave the range).
#[inline]
pub fn clamp(total: i128) -> i64 {
    total.clamp(i64::MIN as i128, i64::MAX as i128) as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operators_agree_with_rules_md_rows() {
        // rules.md: the four playing squares of rows y = 0..3, left to
        // right; rows 4..7 repeat them
        let rows = [
            [Add, Sub, Div, Mul],
            [Sub, Add, Mul, Div],
            [Div, Mul, Add, Sub],
            [Mul, Div, Sub, Add],
        ];
        for n in 1..=32u32 {
            let bit = DAMATH.bit_of(n).unwrap();
            let (x, y) = DAMATH.bit_xy[bit as usize];
            let want = rows[y as usize % 4][x as usize / 2];
            assert_eq!(OPERATORS[n as usize - 1], want, "square {n} at ({x}, {y})");
            assert_eq!(op_at(bit), want);
        }
    }

    #[test]
    fn division_rounds_half_away_from_zero() {
        // 7 / 3 = 2.333… → 2.33; the sign follows the operands
        assert_eq!(apply(Div, 7, 3), 233);
        assert_eq!(apply(Div, -7, 3), -233);
        assert_eq!(apply(Div, 7, -3), -233);
        assert_eq!(apply(Div, -7, -3), 233);
        // 1 / 8 = 0.125, exactly half a hundredth: away from zero
        assert_eq!(apply(Div, 1, 8), 13);
        assert_eq!(apply(Div, -1, 8), -13);
        // 2 / 3 = 0.666… → 0.67; 10 / 4 = 2.5 exactly
        assert_eq!(apply(Div, 2, 3), 67);
        assert_eq!(apply(Div, 10, 4), 250);
        // division by zero scores 0, whatever the left operand
        assert_eq!(apply(Div, 9, 0), 0);
        assert_eq!(apply(Div, 0, 0), 0);
    }

    #[test]
    fn the_other_operators_and_extremes() {
        assert_eq!(apply(Add, 9, -4), 500);
        assert_eq!(apply(Sub, 3, 10), -700);
        assert_eq!(apply(Mul, -6, 4), -2400);
        let huge = apply(Mul, i32::MIN, i32::MIN) * multiplier(true, true);
        assert_eq!(clamp(huge), i64::MAX);
        assert_eq!(clamp(-huge), i64::MIN);
        assert_eq!(
            (
                multiplier(false, false),
                multiplier(true, false),
                multiplier(false, true)
            ),
            (1, 2, 2)
        );
        assert_eq!(multiplier(true, true), 4);
    }
}
