//! A `.wdl` file decoded into memory, two bits a position, for the
//! generator: a job probes its dependencies for every capture and
//! promotion of its first look, and a probe of a compressed file (a
//! binary search of its index, a block decoded) costs several cache
//! misses where a read of the decoded values costs one. Held in
//! anonymous memory advised for huge pages, for the same reason as the
//! generator's cells: random reads across hundreds of megabytes.

use super::format::Wdl;
use super::index::Indexer;
use super::wdl::{Layout, Runs};
use memmap2::{Mmap, MmapMut};
use rayon::prelude::*;

/// The 2-bit code of a value, and back (loss 0, draw 1, win 2).
const FROM_CODE: [Wdl; 4] = [Wdl::Loss, Wdl::Draw, Wdl::Win, Wdl::Draw];

/// The values of one signature, 32 a word, with its index.
pub struct Dense {
    map: Mmap,
    pub ix: Indexer,
}

impl Dense {
    /// The bytes `positions` values take.
    pub fn bytes(positions: u64) -> u64 {
        positions.div_ceil(32) * 8
    }

    /// The values of the checked file `bytes` (its layout `layout`) of
    /// the signature of `ix`; `None` when a block does not decode or the
    /// memory cannot be had.
    pub fn decode(bytes: &[u8], layout: &Layout, ix: Indexer) -> Option<Dense> {
        let runs = layout.runs(bytes)?;
        let mut map = zeroed(ix.size())?;
        fill(&mut map, &runs);
        Some(Dense {
            map: map.make_read_only().ok()?,
            ix,
        })
    }

    /// The values `value(i)` of every index of `ix`, on every core;
    /// `None` when a value is unknown or the memory cannot be had.
    pub fn compute(ix: Indexer, value: impl Fn(u64) -> Option<Wdl> + Sync) -> Option<Dense> {
        let mut map = zeroed(ix.size())?;
        let size = ix.size();
        let ok = map.par_chunks_mut(8).enumerate().all(|(w, word)| {
            let mut bits = 0u64;
            for k in 0..32.min(size.saturating_sub(w as u64 * 32)) {
                match value(w as u64 * 32 + k) {
                    Some(v) => bits |= (v as u64) << (2 * k),
                    None => return false,
                }
            }
            word.copy_from_slice(&bits.to_le_bytes());
            true
        });
        Some(Dense {
            map: map.make_read_only().ok().filter(|_| ok)?,
            ix,
        })
    }

    /// The value of index `i` (below the positions).
    #[inline(always)]
    pub fn get(&self, i: u64) -> Option<Wdl> {
        let at = (i / 32 * 8) as usize;
        let word = u64::from_le_bytes(self.map.get(at..at + 8)?.try_into().ok()?);
        Some(FROM_CODE[(word >> (2 * (i % 32)) & 3) as usize])
    }

    /// Ask for the word of index `i` to be brought into the cache ahead
    /// of its `get`.
    #[inline(always)]
    pub fn prefetch(&self, i: u64) {
        #[cfg(target_arch = "x86_64")]
        if let Some(word) = self.map.get((i / 32 * 8) as usize) {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            // SAFETY: a prefetch is only a hint; `word` is in the map.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(word as *const u8 as *const i8) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = i;
    }

    /// The bytes held.
    pub fn held_bytes(&self) -> usize {
        self.map.len()
    }
}

/// Zeroed memory for `positions` values, advised for huge pages.
fn zeroed(positions: u64) -> Option<MmapMut> {
    let map = MmapMut::map_anon(Dense::bytes(positions).max(8) as usize).ok()?;
    #[cfg(target_os = "linux")]
    if let Err(e) = map.advise(memmap2::Advice::HugePage) {
        log::debug!("no huge pages for decoded values: {e}");
    }
    Some(map)
}

/// Write the 2-bit codes of `runs` into `out` (zeroed: loss), words of
/// 32 values, little-endian.
fn fill(out: &mut [u8], runs: &Runs) {
    let mut at = 0u64;
    for (v, len) in runs.iter() {
        let code = v as u64;
        if code != 0 {
            let pattern = code * 0x5555_5555_5555_5555;
            let (mut i, end) = (at, at + len);
            while i < end {
                let (word, shift) = ((i / 32 * 8) as usize, 2 * (i % 32));
                let n = (32 - i % 32).min(end - i);
                let mask = if n == 32 {
                    u64::MAX
                } else {
                    ((1u64 << (2 * n)) - 1) << shift
                };
                let mut w = u64::from_le_bytes(out[word..word + 8].try_into().expect("8 bytes"));
                w |= pattern & mask;
                out[word..word + 8].copy_from_slice(&w.to_le_bytes());
                i += n;
            }
        }
        at += len;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::egtb::RulesOf;
    use crate::egtb::signature::Signature;
    use crate::egtb::wdl::{encode_file, merge, read_header};
    use crate::rules::removal::Rules;
    use crate::variant::Variant;

    type R = <crate::rules::removal::Brazilian as RulesOf>::R;

    /// Random runs of every length decode to the values the file reads,
    /// and computed values are those computed.
    #[test]
    fn decoded_and_computed_values_read_back() {
        let sig = Signature::new(1, 2, 0, 1);
        let n = Indexer::new(R::GEO, sig).size();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut values = Vec::new();
        while (values.len() as u64) < n {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let v = [Wdl::Loss, Wdl::Draw, Wdl::Win][(seed % 3) as usize];
            let len = 1 + (seed >> 8) % (1 << ((seed >> 40) % 12));
            values.extend(std::iter::repeat_n(v, len as usize));
        }
        values.truncate(n as usize);
        let runs = merge(values.iter().map(|&v| (Some(v), 1)));
        let file = encode_file(Variant::Brazilian, sig, &runs);
        let layout = read_header(&file, Variant::Brazilian, sig, n).expect("a good file");
        let dense = Dense::decode(&file, &layout, Indexer::new(R::GEO, sig)).expect("decoded");
        let computed = Dense::compute(Indexer::new(R::GEO, sig), |i| Some(values[i as usize]));
        let computed = computed.expect("computed");
        assert!(dense.held_bytes() as u64 >= Dense::bytes(n));
        for (i, v) in values.iter().enumerate() {
            assert_eq!(dense.get(i as u64), Some(*v), "index {i}");
            assert_eq!(computed.get(i as u64), Some(*v), "index {i}");
        }
        assert!(
            Dense::compute(Indexer::new(R::GEO, sig), |i| (i != 77).then_some(Wdl::Win)).is_none()
        );
    }
}
