//! A small per-thread cache of static evaluations, keyed by the position's
//! hash: draughts positions transpose so often that the same leaf is
//! scored many times in one search. A hit returns exactly what
//! `evaluate` would, so the search (and `dam bench`'s node count) does not
//! change, only its speed.

/// Entries: 2^15 of 8 bytes, 256 KiB, beside the pattern weights in L2.
const BITS: u32 = 15;

/// One entry: the upper 32 bits of the hash with the lowest bit forced to
/// 1 (so that an empty entry never matches), then the score.
pub struct EvalCache {
    entries: Vec<u64>,
}

impl EvalCache {
    pub fn new() -> Self {
        EvalCache {
            entries: vec![0; 1 << BITS],
        }
    }

    /// The cached score of the position with hash `key`, or `score()`,
    /// remembered.
    #[inline(always)]
    pub fn get_or(&mut self, key: u64, score: impl FnOnce() -> i32) -> i32 {
        let check = (key >> 32) | 1;
        let slot = &mut self.entries[key as usize & ((1 << BITS) - 1)];
        if *slot >> 32 == check {
            return *slot as u32 as i32;
        }
        let s = score();
        *slot = check << 32 | s as u32 as u64;
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hit_returns_the_stored_score_and_a_miss_computes() {
        let mut c = EvalCache::new();
        assert_eq!(c.get_or(0x1234_5678_0000_0042, || -17), -17);
        assert_eq!(c.get_or(0x1234_5678_0000_0042, || unreachable!()), -17);
        // Same slot, other check bits: a miss that replaces the entry.
        assert_eq!(c.get_or(0x9999_0000_0000_0042, || 5), 5);
        assert_eq!(c.get_or(0x1234_5678_0000_0042, || 8), 8);
    }

    #[test]
    fn an_empty_entry_never_matches() {
        let mut c = EvalCache::new();
        assert_eq!(c.get_or(0, || 3), 3);
        assert_eq!(c.get_or(1 << 40, || 4), 4);
    }
}
