//! The entropy code of the `.wdl` files: a canonical Huffman code over at
//! most 256 symbols (a run's choice bit and length bucket), its lengths
//! limited to `MAX_LEN` bits so that one table lookup of `MAX_LEN` bits
//! decodes a symbol, and the bit stream it is written to: least significant
//! bit first, codes stored bit-reversed (as deflate does), so a reader
//! peeks one little-endian `u64` and masks.

/// The most symbols a code may have (a table entry holds one in a byte).
pub const MAX_SYMBOLS: usize = 256;
/// The longest code, in bits.
pub const MAX_LEN: u32 = 11;

/// Code lengths for the symbol counts `freq` (0 for an unused symbol),
/// none above `MAX_LEN`; a lone used symbol gets one bit.
pub fn lengths(freq: &[u64]) -> Vec<u8> {
    let mut freq = freq.to_vec();
    loop {
        let lens = unlimited(&freq);
        if lens.iter().all(|&l| l as u32 <= MAX_LEN) {
            return lens;
        }
        // flatten the distribution until the deepest code fits
        for f in freq.iter_mut().filter(|f| **f > 0) {
            *f = (*f >> 1) | 1;
        }
    }
}

/// Huffman code lengths without a limit.
fn unlimited(freq: &[u64]) -> Vec<u8> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let mut lens = vec![0u8; freq.len()];
    // nodes: leaves 0..freq.len(), then inner nodes; parent links for depths
    let mut parent = vec![usize::MAX; freq.len()];
    let mut heap: BinaryHeap<Reverse<(u64, usize)>> = freq
        .iter()
        .enumerate()
        .filter(|(_, f)| **f > 0)
        .map(|(s, &f)| Reverse((f, s)))
        .collect();
    if heap.len() == 1 {
        let Reverse((_, s)) = heap.pop().unwrap_or(Reverse((0, 0)));
        lens[s] = 1;
        return lens;
    }
    while let (Some(Reverse((fa, a))), Some(Reverse((fb, b)))) = (heap.pop(), heap.pop()) {
        let node = parent.len();
        parent.push(usize::MAX);
        parent[a] = node;
        parent[b] = node;
        heap.push(Reverse((fa + fb, node)));
    }
    for (s, len) in lens.iter_mut().enumerate().filter(|(s, _)| freq[*s] > 0) {
        let (mut n, mut depth) = (s, 0u8);
        while parent[n] != usize::MAX {
            n = parent[n];
            depth = depth.saturating_add(1);
        }
        *len = depth;
    }
    lens
}

/// The canonical codes of `lens`, bit-reversed for an LSB-first stream:
/// `(code, length)` per symbol.
pub fn codes(lens: &[u8]) -> Vec<(u32, u8)> {
    let mut out = vec![(0, 0); lens.len()];
    let mut code = 0u32;
    for len in 1..=MAX_LEN as u8 {
        for s in (0..lens.len()).filter(|&s| lens[s] == len) {
            out[s] = (code.reverse_bits() >> (32 - len as u32), len);
            code += 1;
        }
        code <<= 1;
    }
    out
}

/// One-lookup decoding of one or more codes (contexts) in one table:
/// entry `context << MAX_LEN | bits & (2^MAX_LEN - 1)` is the symbol and
/// its length (`len << 8 | symbol`, 0 for a code that does not exist).
pub struct Decoder {
    table: Box<[u16]>,
}

impl Decoder {
    /// The decoder of the codes whose lengths are `lens`, `symbols` per
    /// code, or `None` when one is no prefix code or `symbols` is above
    /// `MAX_SYMBOLS`.
    pub fn new(lens: &[u8], symbols: usize) -> Option<Decoder> {
        if symbols == 0 || symbols > MAX_SYMBOLS || lens.iter().any(|&l| l as u32 > MAX_LEN) {
            return None;
        }
        let mut table = vec![0u16; lens.len().div_ceil(symbols) << MAX_LEN].into_boxed_slice();
        for (c, lens) in lens.chunks(symbols).enumerate() {
            let kraft: u64 = lens
                .iter()
                .filter(|&&l| l > 0)
                .map(|&l| 1u64 << (MAX_LEN - l as u32))
                .sum();
            if kraft > 1 << MAX_LEN {
                return None;
            }
            let base = (c as u32) << MAX_LEN;
            for (s, (code, len)) in codes(lens).into_iter().enumerate() {
                if len == 0 {
                    continue;
                }
                for high in 0..1u32 << (MAX_LEN - len as u32) {
                    table[(base | code | high << len) as usize] = (len as u16) << 8 | s as u16;
                }
            }
        }
        Some(Decoder { table })
    }

    /// The symbol and code length of code `context` at the low bits of
    /// `bits`, `None` for a code that does not exist (a damaged file).
    #[inline(always)]
    pub fn decode(&self, context: u64, bits: u64) -> Option<(u32, u32)> {
        let at = context << MAX_LEN | (bits & ((1 << MAX_LEN) - 1));
        let e = *self.table.get(at as usize)?;
        (e != 0).then_some(((e & 0xff) as u32, (e >> 8) as u32))
    }
}

/// An LSB-first bit stream being written.
#[derive(Default)]
pub struct BitWriter {
    pub bytes: Vec<u8>,
    acc: u64,
    used: u32,
}

impl BitWriter {
    /// Bits written so far.
    pub fn position(&self) -> u64 {
        self.bytes.len() as u64 * 8 + self.used as u64
    }

    /// Append the low `n` bits of `value` (`n` up to 56).
    pub fn put(&mut self, value: u64, n: u32) {
        debug_assert!(n <= 56);
        self.acc |= (value & ((1u64 << n) - 1)) << self.used;
        self.used += n;
        while self.used >= 8 {
            self.bytes.push(self.acc as u8);
            self.acc >>= 8;
            self.used -= 8;
        }
    }

    /// The stream, padded with 8 zero bytes so that a reader may always
    /// load a whole `u64` at any bit it wrote.
    pub fn finish(mut self) -> Vec<u8> {
        if self.used > 0 {
            self.bytes.push(self.acc as u8);
        }
        self.bytes.extend_from_slice(&[0; 8]);
        self.bytes
    }
}

/// At least 57 bits of `bytes` from bit `at` on, low bit first, or `None`
/// past the end.
#[inline(always)]
pub fn peek(bytes: &[u8], at: u64) -> Option<u64> {
    let i = (at / 8) as usize;
    let word = bytes.get(i..i.checked_add(8)?)?;
    Some(u64::from_le_bytes(word.try_into().ok()?) >> (at % 8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_prefix_free_and_decode() {
        let mut freq = [0u64; 64];
        for (s, f) in freq.iter_mut().enumerate().take(40) {
            *f = 1 + (1u64 << (s % 30));
        }
        let lens = lengths(&freq);
        assert!(lens.iter().all(|&l| l as u32 <= MAX_LEN));
        let dec = Decoder::new(&lens, 64).expect("a prefix code");
        let mut w = BitWriter::default();
        let codes = codes(&lens);
        let symbols: Vec<usize> = (0..1000).map(|i| (i * 7) % 40).collect();
        for &s in &symbols {
            w.put(codes[s].0 as u64, codes[s].1 as u32);
            w.put(s as u64, 6);
        }
        let bytes = w.finish();
        let mut at = 0;
        for &s in &symbols {
            let (sym, len) = dec.decode(0, peek(&bytes, at).unwrap()).unwrap();
            assert_eq!(sym as usize, s);
            at += len as u64;
            assert_eq!(peek(&bytes, at).unwrap() & 63, s as u64);
            at += 6;
        }
    }

    #[test]
    fn a_lone_symbol_takes_one_bit_and_bad_lengths_are_refused() {
        let mut freq = [0u64; 64];
        freq[5] = 9;
        let lens = lengths(&freq);
        assert_eq!(lens[5], 1);
        let dec = Decoder::new(&lens, 64).unwrap();
        assert_eq!(dec.decode(0, 0), Some((5, 1)));
        assert_eq!(dec.decode(0, 1), None);
        assert_eq!(dec.decode(1, 0), None);
        let mut bad = [0u8; 64];
        bad[..3].fill(1);
        assert!(Decoder::new(&bad, 64).is_none());
        bad[..3].fill(12);
        assert!(Decoder::new(&bad, 64).is_none());
    }
}
