//! The move of the stacking family: a route, compared as the position it
//! leads to.

use crate::board::Bitboard;
use std::fmt;

/// The most jumps in one capture: each jump takes the top of a different
/// enemy column, and a side has at most 12 pieces.
pub const MAX_JUMPS: usize = 12;

/// A move: the column on `from` goes to `to`, jumping the columns on
/// `jumped[..len]` in that order (bits of the board layout), and its top
/// piece is crowned when `promote` is set.
///
/// The jump order is the **route**: two captures with the same start, end
/// and sequence of jumped squares are one route, however a flying officer
/// touched down between two jumps. Routes are compared with `same_route`.
///
/// `==` compares **moves**: two routes are the same move when they lead to
/// the same position (notation.md). Each jump slides the jumped top piece
/// under the capturing column, so the resulting position is fixed by the
/// start, the end, the crowning, the set of jumped squares and the ranks
/// of the captured pieces in the order they were taken (their colour is
/// always the opponent's); `officers` keeps those ranks. Different jump
/// orders that take pieces of the same ranks in the same sequence are one
/// move; otherwise the prisoners lie in a different order and the moves
/// differ.
#[derive(Clone, Copy)]
pub struct Move {
    pub from: u8,
    pub to: u8,
    pub promote: bool,
    len: u8,
    /// Bit `i` is set when the `i`-th captured piece is an officer.
    officers: u16,
    /// The jumped bits in order; unused entries are 0.
    jumped: [u8; MAX_JUMPS],
}

impl Move {
    /// A quiet move.
    pub(super) const fn quiet(from: u8, to: u8, promote: bool) -> Move {
        Move {
            from,
            to,
            promote,
            len: 0,
            officers: 0,
            jumped: [0; MAX_JUMPS],
        }
    }

    /// A capture jumping `jumped` in order, where bit `i` of `officers`
    /// tells whether the `i`-th piece taken is an officer. Jumps past
    /// `MAX_JUMPS` are dropped (no position has that many).
    pub(super) fn capture(from: u8, to: u8, promote: bool, jumped: &[u8], officers: u16) -> Move {
        let len = jumped.len().min(MAX_JUMPS);
        let mut mv = Move {
            from,
            to,
            promote,
            len: len as u8,
            officers: officers & ((1u32 << len) - 1) as u16,
            jumped: [0; MAX_JUMPS],
        };
        mv.jumped[..len].copy_from_slice(&jumped[..len]);
        mv
    }

    /// The jumped bits, in jump order.
    #[inline(always)]
    pub fn jumped(&self) -> &[u8] {
        &self.jumped[..self.len as usize]
    }

    /// The number of pieces captured.
    #[inline(always)]
    pub fn jumps(&self) -> u32 {
        self.len as u32
    }

    /// The set of jumped squares.
    #[inline]
    pub fn captured(&self) -> Bitboard {
        self.jumped().iter().fold(0, |bb, &b| bb | 1 << b)
    }

    /// Whether `other` takes the same route: same start, end and jump
    /// order.
    #[inline]
    pub fn same_route(&self, other: &Move) -> bool {
        self.from == other.from
            && self.to == other.to
            && self.len == other.len
            && self.jumped == other.jumped
    }
}

impl PartialEq for Move {
    #[inline]
    fn eq(&self, other: &Move) -> bool {
        self.from == other.from
            && self.to == other.to
            && self.promote == other.promote
            && self.len == other.len
            && self.officers == other.officers
            && self.captured() == other.captured()
    }
}

impl Eq for Move {}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}", self.from)?;
        if self.len == 0 {
            write!(f, "-{}", self.to)?;
        }
        for (i, b) in self.jumped().iter().enumerate() {
            let rank = if self.officers >> i & 1 != 0 { "O" } else { "" };
            write!(f, "x{rank}{b}")?;
        }
        if self.len > 0 {
            write!(f, ">{}", self.to)?;
        }
        if self.promote {
            write!(f, "+")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_positions_and_routes_are_orders() {
        let a = Move::capture(10, 20, false, &[11, 15], 0b00);
        let b = Move::capture(10, 20, false, &[15, 11], 0b00);
        // same ranks in the same sequence: one move, two routes
        assert_eq!(a, b);
        assert!(!a.same_route(&b));
        // an officer taken first, then a soldier, against the reverse
        let c = Move::capture(10, 20, false, &[11, 15], 0b01);
        let d = Move::capture(10, 20, false, &[15, 11], 0b10);
        assert_ne!(c, d);
        assert_ne!(a, Move::capture(10, 20, true, &[11, 15], 0));
        assert_ne!(Move::quiet(1, 2, false), Move::quiet(1, 3, false));
        assert_eq!(format!("{d:?}"), "10x15xO11>20");
    }
}
