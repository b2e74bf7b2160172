//! A `.wdl` file decoded into memory, two bits a position, for the
//! generator: a job probes its dependencies for every capture and
//! promotion of its first look, and a probe of a compressed file (a
//! binary search of its index, a block decoded) costs several cache
//! misses where a read of the decoded values costs one. Held in
//! anonymous memory advised for huge pages, for the same reason as the
//! generator's cells: random reads across hundreds of megabytes.

use super::format::Wdl;
use super::wdl::{Layout, Runs};
use memmap2::{Mmap, MmapMut};

/// The 2-bit code of a value, and back (loss 0, draw 1, win 2).
const FROM_CODE: [Wdl; 4] = [Wdl::Loss, Wdl::Draw, Wdl::Win, Wdl::Draw];

/// The values of one signature, 32 a word.
pub struct Dense {
    map: Mmap,
}

impl Dense {
    /// The bytes `positions` values take.
    pub fn bytes(positions: u64) -> u64 {
        positions.div_ceil(32) * 8
    }

    /// The values of the checked file `bytes` (its layout `layout`) of
    /// `positions` positions; `None` when a block does not decode or the
    /// memory cannot be had.
    pub fn decode(bytes: &[u8], layout: &Layout, positions: u64) -> Option<Dense> {
        let runs = layout.runs(bytes)?;
        let mut map = MmapMut::map_anon(Dense::bytes(positions).max(8) as usize).ok()?;
        #[cfg(target_os = "linux")]
        if let Err(e) = map.advise(memmap2::Advice::HugePage) {
            log::debug!("no huge pages for decoded values: {e}");
        }
        fill(&mut map, &runs);
        Some(Dense {
            map: map.make_read_only().ok()?,
        })
    }

    /// The value of index `i` (below the positions).
    #[inline(always)]
    pub fn get(&self, i: u64) -> Option<Wdl> {
        let at = (i / 32 * 8) as usize;
        let word = u64::from_le_bytes(self.map.get(at..at + 8)?.try_into().ok()?);
        Some(FROM_CODE[(word >> (2 * (i % 32)) & 3) as usize])
    }

    /// The bytes held.
    pub fn held_bytes(&self) -> usize {
        self.map.len()
    }
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
    use crate::egtb::signature::Signature;
    use crate::egtb::wdl::{encode_file, merge, read_header};
    use crate::variant::Variant;

    /// Random runs of every length decode to the values the file reads.
    #[test]
    fn decoded_values_are_the_file_values() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut values = Vec::new();
        while values.len() < 200_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let v = [Wdl::Loss, Wdl::Draw, Wdl::Win][(seed % 3) as usize];
            let len = 1 + (seed >> 8) % (1 << ((seed >> 40) % 12));
            values.extend(std::iter::repeat_n(v, len as usize));
        }
        let sig = Signature::new(1, 1, 0, 1);
        let n = values.len() as u64;
        let file = encode_file(
            Variant::Brazilian,
            sig,
            &merge(values.iter().map(|&v| (Some(v), 1))),
        );
        let layout = read_header(&file, Variant::Brazilian, sig, n).expect("a good file");
        let dense = Dense::decode(&file, &layout, n).expect("decoded");
        assert!(dense.held_bytes() as u64 >= Dense::bytes(n));
        for (i, v) in values.iter().enumerate() {
            assert_eq!(dense.get(i as u64), Some(*v), "index {i}");
        }
    }
}
