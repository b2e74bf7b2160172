//! Zobrist keys for what Damath adds to a plain position: the number of
//! the chip on each square and the two scores. Colours and Damas are
//! hashed by the removal family's `PIECE` keys; these are xored on top.

use crate::rules::zobrist::key;

/// The stream of chip keys, clear of the removal family's streams.
const CHIP: u64 = 1 << 44;

/// One salt per side for the score keys.
const SCORE: [u64; 2] = [key(1 << 45), key((1 << 45) + 1)];

/// The key of a chip numbered `number` on `bit`.
#[inline(always)]
pub fn chip(bit: u8, number: i32) -> u64 {
    key(CHIP | (bit as u64) << 32 | number as u32 as u64)
}

/// The key of `side`'s (0 Red, 1 Blue) accumulated score `hundredths`.
#[inline(always)]
pub fn score(side: usize, hundredths: i64) -> u64 {
    key(SCORE[side & 1] ^ hundredths as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_tell_squares_numbers_and_sides_apart() {
        let mut all = vec![chip(3, 0), chip(3, -1), chip(4, 0), chip(3, 1)];
        all.extend([score(0, 0), score(1, 0), score(0, 100), score(0, -100)]);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
