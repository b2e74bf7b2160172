//! The transposition table shared by every search thread: one array of
//! atomics, two words per entry (the key xor the data, and the data), so
//! a torn write is detected as a key mismatch and no lock is needed.
//! Entries come in buckets of two; a bucket keeps the deeper or the more
//! recent result.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};

/// The kind of bound a stored score is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Upper = 1,
    Lower = 2,
    Exact = 3,
}

/// What a probe finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
    /// The index of the best move in the position's generated move list.
    pub mv: Option<u16>,
}

const NO_MOVE: u64 = 0x3ff;

/// The shared table.
pub struct Table {
    words: Vec<AtomicU64>,
    /// Buckets minus one (a power of two).
    mask: usize,
    generation: AtomicU8,
}

impl Table {
    /// The smallest and largest sizes, as log2 of the number of entries.
    pub const MIN_BITS: u32 = 10;
    pub const MAX_BITS: u32 = 30;

    /// A table of `2^bits` entries (16 bytes each), `bits` clamped to
    /// `MIN_BITS..=MAX_BITS`, or the largest smaller one the machine can
    /// allocate (see `bits`).
    pub fn new(bits: u32) -> Table {
        let mut bits = bits.clamp(Self::MIN_BITS, Self::MAX_BITS);
        let mut words: Vec<AtomicU64> = Vec::new();
        while words.try_reserve_exact(2 << bits).is_err() && bits > Self::MIN_BITS {
            bits -= 1;
        }
        let entries = 1usize << bits;
        words.resize_with(entries * 2, || AtomicU64::new(0));
        Table {
            words,
            mask: entries / 2 - 1,
            generation: AtomicU8::new(0),
        }
    }

    /// The table's size, as log2 of its entries.
    pub fn bits(&self) -> u32 {
        (self.words.len() / 2).trailing_zeros()
    }

    /// Forget everything.
    pub fn clear(&self) {
        for w in &self.words {
            w.store(0, Relaxed);
        }
    }

    /// Start a new search: older entries become the first to be replaced.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> usize {
        ((key >> 32) as usize & self.mask) * 4
    }

    /// Start loading the bucket of `key` into the cache, so that a probe a
    /// little later does not wait for memory.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let ptr = self.words[self.bucket(key)..].as_ptr() as *const i8;
            // SAFETY: a prefetch is only a hint; `ptr` points into `words`.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(ptr) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        (0..2).find_map(|i| {
            let data = self.words[b + 2 * i + 1].load(Relaxed);
            let check = self.words[b + 2 * i].load(Relaxed);
            (data != 0 && check ^ data == key).then(|| unpack(data))
        })
    }

    /// Store a result for `key`.
    #[inline]
    pub fn store(&self, key: u64, entry: Entry) {
        let b = self.bucket(key);
        let generation = self.generation.load(Relaxed);
        let data = pack(entry, generation);
        let worth = |i: usize| {
            let d = self.words[b + 2 * i + 1].load(Relaxed);
            let k = self.words[b + 2 * i].load(Relaxed) ^ d;
            if d == 0 || k == key {
                return i32::MIN;
            }
            let age = generation.wrapping_sub((d >> 36) as u8) as i32;
            (d >> 16 & 0xff) as i32 - 4 * age
        };
        let slot = if worth(0) <= worth(1) { 0 } else { 1 };
        self.words[b + 2 * slot].store(key ^ data, Relaxed);
        self.words[b + 2 * slot + 1].store(data, Relaxed);
    }
}

fn pack(e: Entry, generation: u8) -> u64 {
    (e.score as i16 as u16 as u64)
        | (e.depth.clamp(0, 255) as u64) << 16
        | (e.bound as u64) << 24
        | e.mv.map_or(NO_MOVE, |m| (m as u64).min(NO_MOVE - 1)) << 26
        | (generation as u64) << 36
}

fn unpack(d: u64) -> Entry {
    let bound = match d >> 24 & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        _ => Bound::Exact,
    };
    let mv = d >> 26 & NO_MOVE;
    Entry {
        score: d as u16 as i16 as i32,
        depth: (d >> 16 & 0xff) as i32,
        bound,
        mv: (mv != NO_MOVE).then_some(mv as u16),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_by_key() {
        let t = Table::new(12);
        let e = Entry {
            score: -29_990,
            depth: 7,
            bound: Bound::Lower,
            mv: Some(13),
        };
        t.store(0xdead_beef_1234_5678, e);
        assert_eq!(t.probe(0xdead_beef_1234_5678), Some(e));
        assert_eq!(t.probe(0xdead_beef_1234_5679), None);
        t.clear();
        assert_eq!(t.probe(0xdead_beef_1234_5678), None);
    }
}
