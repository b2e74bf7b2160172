//! The key of the history table (move ordering): a move named by the bits
//! it starts and ends on, for one side.

use crate::rules::Game;

/// How many distinct `move_key` values there are.
pub const MOVE_KEYS: usize = 64 * 64;

/// A number below `MOVE_KEYS` naming `mv` by its start and end.
#[inline(always)]
pub fn move_key<G: Game>(mv: &G::Move) -> usize {
    let (from, to) = G::move_bits(mv);
    (from as usize & 63) << 6 | (to as usize & 63)
}
