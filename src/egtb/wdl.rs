//! The `.wdl` file: only win, draw or loss of every position of one
//! signature (see `egtb/README.md`, "The .wdl file"). The values in index
//! order are cut into runs; a position whose side to move must capture
//! is a "don't care" (the probe values it from its captures) and joins
//! the run before it. Consecutive runs differ, so a run is one choice bit
//! (which of the two other values) and its length's bucket `floor(log2
//! len)`, the two coded together as one symbol of a canonical Huffman code
//! chosen by the value of the run before (`huffman`), then the bucket's
//! extra bits. Every `RUNS_PER_BLOCK` runs start a block; a two-level
//! index (the first position and bit of every `GROUP`th block, then of
//! every block within its group) finds the block of a position, and a
//! probe decodes at most that block. Reading never trusts the bytes: a bad
//! file is refused with the reason, a bad block reads as `None`, never a
//! panic. Files of the first format (`version1`) are read whole, to be
//! rewritten in this one.

use super::format::{Wdl, checksum};
use super::huffman::{self, BitWriter, Decoder, peek};
use super::signature::Signature;
use crate::variant::Variant;
use rayon::prelude::*;

pub const MAGIC: &[u8; 8] = b"DAMWDL\0\0";
pub const VERSION: u16 = 2;
pub const HEADER: usize = 64;
/// The header byte of flags (bytes 20-23 were reserved, 0, before the
/// flags: files written then have none).
const FLAGS: usize = 20;
/// Flag: the mirror signature's file is left out, its values derived
/// from this file by one move (`Tables::probe_wdl`).
const MIRROR_LEFT_OUT: u8 = 1;
/// Runs per block written: a probe decodes half a block on average.
/// International 6 pieces (36 files, `dam egtb bench`, 10^6 probes from a
/// warm mapping, two runs): 128 runs a block median 606/615 ns, 64
/// 519/474 ns and 11 % more bytes, 32 425/437 ns and 33 % more bytes.
pub const RUNS_PER_BLOCK: usize = 32;
/// Runs per block a file may have (files before 2026-11-28: 128).
const RUNS_READ: [usize; 3] = [32, 64, 128];
/// Blocks per entry of the first index level.
pub const GROUP: u64 = 64;
/// Positions whose values one task of `runs` computes.
const CHUNK: u64 = 1 << 16;
/// Symbols of a code: the choice bit times 64, plus the bucket.
const SYMBOLS: usize = 128;
/// One code per value of the run before.
const CONTEXTS: usize = 3;
/// Where the index levels start: after the header and the code lengths.
const LENGTHS: usize = HEADER;
const LEVEL1: usize = HEADER + CONTEXTS * SYMBOLS;
/// A level-2 entry holds its block's first position in its low bits and
/// the block's bit offset from its group's above them.
const POSITION_BITS: u32 = 44;
const POSITION_MASK: u64 = (1 << POSITION_BITS) - 1;

/// A run: a value and how many positions in a row have it.
pub type Run = (Wdl, u64);

/// Runs in a row, one word each (the length above the value's 2-bit
/// code), consecutive runs differing: the runs of a large file are
/// hundreds of millions (international 1122: some 10^8), so a writer
/// holds 8 bytes a run, not the 16 of a `Run`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Runs(Vec<u64>);

impl Runs {
    /// The runs in order.
    pub fn iter(&self) -> impl Iterator<Item = Run> + '_ {
        self.0
            .iter()
            .map(|&w| (FROM_CODE[(w & 3) as usize], w >> 2))
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Append a run of `v`, joined to the last one when it has `v` too.
    fn push(&mut self, v: Wdl, len: u64) {
        match self.0.last_mut() {
            Some(last) if *last & 3 == code(v) => *last += len << 2,
            _ => self.0.push(len << 2 | code(v)),
        }
    }
}

/// The 2-bit code of a value and back.
const FROM_CODE: [Wdl; 3] = [Wdl::Loss, Wdl::Draw, Wdl::Win];

fn code(w: Wdl) -> u64 {
    w as u64
}

/// The value after `prev` when the choice bit is `bit`.
#[inline(always)]
fn next(prev: u64, bit: u64) -> u64 {
    (prev + 1 + bit) % 3
}

/// The bucket of a run length: `floor(log2 len)`.
fn bucket(len: u64) -> usize {
    63 - len.leading_zeros() as usize
}

/// Runs of `parts` (values or don't cares, `None`, with their lengths):
/// a don't care joins the run before it (the first run when it leads),
/// equal neighbours merge; all don't care is one run of draws.
pub fn merge(parts: impl IntoIterator<Item = (Option<Wdl>, u64)>) -> Runs {
    let mut runs = Runs::default();
    let mut lead = 0;
    for (v, len) in parts {
        match (v, runs.0.last_mut()) {
            (None, Some(last)) => *last += len << 2,
            (None, None) => lead += len,
            (Some(w), _) => runs.push(w, len),
        }
    }
    match runs.0.first_mut() {
        Some(first) => *first += lead << 2,
        None if lead > 0 => runs.push(Wdl::Draw, lead),
        None => {}
    }
    runs
}

/// The runs of `positions` values, computed on every core: `values(start,
/// out)` fills `out` with the values from index `start` on.
pub fn runs(positions: u64, values: impl Fn(u64, &mut [Option<Wdl>]) + Sync) -> Runs {
    // each chunk's runs packed as `Runs` words, code 3 for a don't care
    let parts: Vec<Vec<u64>> = (0..positions.div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| {
            let start = c * CHUNK;
            let mut buf = vec![None; (positions - start).min(CHUNK) as usize];
            values(start, &mut buf);
            let mut out: Vec<u64> = Vec::new();
            for v in buf {
                let c = v.map_or(3, code);
                match out.last_mut() {
                    // a don't care joins the run before it here already,
                    // so that only runs of the file are held; `merge`
                    // places one that leads the chunk
                    Some(last) if *last & 3 == c || c == 3 => *last += 1 << 2,
                    _ => out.push(1 << 2 | c),
                }
            }
            out.shrink_to_fit();
            out
        })
        .collect();
    let unpack = |w: u64| (FROM_CODE.get((w & 3) as usize).copied(), w >> 2);
    let mut runs = merge(
        parts
            .into_iter()
            .flat_map(|part| part.into_iter().map(unpack)),
    );
    runs.0.shrink_to_fit();
    runs
}

/// The value before a file's first run `v`, so that its choice bit is 0.
fn before(v: u64) -> u64 {
    (v + 2) % 3
}

/// The symbol of a run of value `v` and length `len` after a run of value
/// `prev`.
fn symbol(prev: u64, v: u64, len: u64) -> usize {
    ((next(prev, 1) == v) as usize) << 6 | bucket(len)
}

/// The bytes of the `.wdl` file of `sig` holding `runs` (from `merge` or
/// `runs`: consecutive runs differ, their lengths add up to the index
/// size, below `2^44`).
pub fn encode_file(variant: Variant, sig: Signature, runs: &Runs) -> Vec<u8> {
    encode_blocks(variant, sig, runs, RUNS_PER_BLOCK)
}

/// `encode_file` with `per_block` runs a block (one of `RUNS_READ`).
fn encode_blocks(variant: Variant, sig: Signature, runs: &Runs, per_block: usize) -> Vec<u8> {
    let positions: u64 = runs.iter().map(|r| r.1).sum();
    debug_assert!(positions <= POSITION_MASK);
    let first = runs.iter().next().map_or(0, |r| code(r.0));
    let mut freq = [[0u64; SYMBOLS]; CONTEXTS];
    let mut prev = before(first);
    for (v, len) in runs.iter() {
        freq[prev as usize][symbol(prev, code(v), len)] += 1;
        prev = code(v);
    }
    let lens: Vec<Vec<u8>> = freq.iter().map(|f| huffman::lengths(f)).collect();
    let codes: Vec<_> = lens.iter().map(|l| huffman::codes(l)).collect();
    let mut w = BitWriter::default();
    let mut blocks: Vec<(u64, u64)> = Vec::with_capacity(runs.len().div_ceil(per_block));
    let (mut at, mut prev) = (0u64, before(first));
    for (k, (v, len)) in runs.iter().enumerate() {
        if k % per_block == 0 {
            blocks.push((at, w.position()));
            w.put(prev, 2);
        }
        let s = symbol(prev, code(v), len);
        let (c, l) = codes[prev as usize][s];
        w.put(c as u64, l as u32);
        let b = bucket(len);
        w.put(len - (1 << b), b as u32);
        at += len;
        prev = code(v);
    }
    let payload = w.finish();
    let mut body: Vec<u8> = lens.concat();
    for g in blocks.iter().step_by(GROUP as usize) {
        body.extend_from_slice(&g.0.to_le_bytes());
        body.extend_from_slice(&g.1.to_le_bytes());
    }
    for (k, (first, bit)) in blocks.iter().enumerate() {
        let group_bit = blocks[k - k % GROUP as usize].1;
        body.extend_from_slice(&(first | (bit - group_bit) << POSITION_BITS).to_le_bytes());
    }
    body.extend_from_slice(&payload);
    let mut out = Vec::with_capacity(HEADER + body.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.push(variant.facts().file_code);
    out.push(super::format::INDEX_SCHEME);
    out.extend_from_slice(&[sig.men, sig.kings, sig.their_men, sig.their_kings]);
    out.extend_from_slice(&(per_block as u16).to_le_bytes());
    out.extend_from_slice(&(GROUP as u16).to_le_bytes());
    out.extend_from_slice(&[0; 4]);
    out.extend_from_slice(&positions.to_le_bytes());
    out.extend_from_slice(&(blocks.len() as u64).to_le_bytes());
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(&checksum(&body).to_le_bytes());
    out.extend_from_slice(&[0; 8]);
    debug_assert_eq!(out.len(), HEADER);
    out.extend_from_slice(&body);
    out
}

/// Mark the bytes of a `.wdl` file as the one of its job kept: its
/// mirror's file is left out. The checksum does not cover the header.
pub fn mark_mirror_left_out(bytes: &mut [u8]) {
    bytes[FLAGS] |= MIRROR_LEFT_OUT;
}

#[inline(always)]
fn u64_at(b: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(
        b.get(at..at.checked_add(8)?)?.try_into().ok()?,
    ))
}

/// Where the parts of a checked file are, and its decoders.
pub struct Layout {
    /// Whether the file says its mirror's file is left out.
    pub mirror_left_out: bool,
    /// Runs a block (the last may have fewer).
    pub runs_per_block: usize,
    positions: u64,
    blocks: u64,
    groups: u64,
    level2: usize,
    payload: usize,
    decoder: Decoder,
    /// The group holding position `k << hint_shift`, for every `k` (and
    /// one past the end): a probe searches level 1 between two hints, a
    /// group or two, not all of it. Made when the file is opened (about
    /// 4 bytes a group).
    hints: Vec<u32>,
    hint_shift: u32,
}

/// The hints of `Layout` for a file of `positions` positions in
/// `groups` groups (level 1 of `bytes`): about one a group.
fn hints(bytes: &[u8], positions: u64, groups: u64) -> (Vec<u32>, u32) {
    let shift = (positions / groups.max(1)).max(1).ilog2();
    let first = |g: u64| u64_at(bytes, LEVEL1 + 16 * g as usize).unwrap_or(u64::MAX);
    let mut g = 0;
    let hints = (0..=(positions >> shift) + 1)
        .map(|k| {
            while g + 1 < groups && first(g + 1) <= k << shift {
                g += 1;
            }
            g as u32
        })
        .collect();
    (hints, shift)
}

/// The header fields of a `.wdl` file: positions, blocks, payload bytes,
/// checksum.
fn fields(bytes: &[u8]) -> [u64; 4] {
    [24, 32, 40, 48].map(|at| u64_at(bytes, at).unwrap_or(0))
}

/// Check a whole `.wdl` file of `variant` and `sig` with `positions`
/// positions (header, size, code, checksum); the error says what is
/// wrong.
pub fn read_header(
    bytes: &[u8],
    variant: Variant,
    sig: Signature,
    positions: u64,
) -> Result<Layout, String> {
    if bytes.len() >= HEADER && bytes[..8] == *MAGIC && bytes[8..10] == [1, 0] {
        return Err(
            "WDL format version 1, expected 2: `dam egtb build` rewrites it in place".into(),
        );
    }
    super::format::check_identity(bytes, (MAGIC, VERSION, "WDL"), variant, sig)?;
    let runs = u16::from_le_bytes([bytes[16], bytes[17]]) as usize;
    let group = u16::from_le_bytes([bytes[18], bytes[19]]) as u64;
    let [count, blocks, payload, sum] = fields(bytes);
    if !RUNS_READ.contains(&runs) || group != GROUP || count != positions || count > POSITION_MASK {
        return Err(format!(
            "header gives {count} positions, {runs} runs a block, {group} blocks a group; expected {positions}, one of {RUNS_READ:?}, {GROUP}"
        ));
    }
    if blocks == 0 || blocks > positions || payload < 8 {
        return Err(format!(
            "header gives {blocks} blocks and {payload} payload bytes"
        ));
    }
    let groups = blocks.div_ceil(GROUP);
    let level2 = LEVEL1 as u64 + groups * 16;
    let size = level2 + blocks * 8 + payload;
    if bytes.len() as u64 != size {
        return Err(format!(
            "file is {} bytes, its header says {size}",
            bytes.len()
        ));
    }
    if checksum(&bytes[HEADER..]) != sum {
        return Err("checksum mismatch".into());
    }
    let decoder = Decoder::new(&bytes[LENGTHS..LEVEL1], SYMBOLS).ok_or("bad code lengths")?;
    let (hints, hint_shift) = hints(bytes, count, groups);
    Ok(Layout {
        hints,
        hint_shift,
        mirror_left_out: bytes[FLAGS] & MIRROR_LEFT_OUT != 0,
        runs_per_block: runs,
        positions: count,
        blocks,
        groups,
        level2: level2 as usize,
        payload: (size - payload) as usize,
        decoder,
    })
}

/// The last `k` in `lo..hi` whose entry (the `u64` at `base + stride * k`,
/// masked by `mask`) is at most `i`.
#[inline(always)]
fn last_at_most(
    bytes: &[u8],
    (base, stride, mask): (usize, usize, u64),
    lo: u64,
    hi: u64,
    i: u64,
) -> Option<u64> {
    let entry = |k: u64| Some(u64_at(bytes, base + stride * k as usize)? & mask);
    let (mut lo, mut hi) = (lo, hi);
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if entry(mid)? <= i {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (lo < hi && entry(lo)? <= i).then_some(lo)
}

impl Layout {
    /// The value of index `i` (below the index size) of the checked file
    /// `bytes`, `None` when its block does not decode. Allocates nothing.
    #[inline]
    pub fn value(&self, bytes: &[u8], i: u64) -> Option<Wdl> {
        let k = (i >> self.hint_shift) as usize;
        let lo = *self.hints.get(k)? as u64;
        let hi = (*self.hints.get(k + 1)? as u64 + 1).min(self.groups);
        let g = last_at_most(bytes, (LEVEL1, 16, u64::MAX), lo, hi, i)?;
        let group_bit = u64_at(bytes, LEVEL1 + 16 * g as usize + 8)?;
        let lo = g * GROUP;
        let hi = (lo + GROUP).min(self.blocks);
        let b = last_at_most(bytes, (self.level2, 8, POSITION_MASK), lo, hi, i)?;
        let entry = u64_at(bytes, self.level2 + 8 * b as usize)?;
        let at = i - (entry & POSITION_MASK);
        let mut bit = group_bit.checked_add(entry >> POSITION_BITS)?;
        let payload = bytes.get(self.payload..)?;
        let mut prev = peek(payload, bit)? & 3;
        bit += 2;
        let mut seen = 0u64;
        for _ in 0..self.runs_per_block {
            let (v, len) = self.run(payload, &mut bit, &mut prev)?;
            seen = seen.checked_add(len)?;
            if at < seen {
                return Some(v);
            }
        }
        None
    }

    /// The run at `bit` of `payload` after a run of value `prev`; moves
    /// both on.
    #[inline(always)]
    fn run(&self, payload: &[u8], bit: &mut u64, prev: &mut u64) -> Option<Run> {
        let w = peek(payload, *bit)?;
        let (s, l) = self.decoder.decode(*prev, w)?;
        let b = s & 63;
        let extra = if b + l <= 56 {
            w >> l
        } else {
            peek(payload, *bit + l as u64)?
        } & ((1u64 << b) - 1);
        *bit += (l + b) as u64;
        *prev = next(*prev, (s >> 6) as u64);
        Some((*FROM_CODE.get(*prev as usize)?, (1u64 << b) + extra))
    }

    /// Every run of the checked file `bytes`, in order; `None` when a
    /// block does not decode.
    pub fn runs(&self, bytes: &[u8]) -> Option<Runs> {
        let payload = bytes.get(self.payload..)?;
        let (mut out, mut at) = (Runs::default(), 0u64);
        for b in 0..self.blocks {
            let g = b / GROUP;
            let group_bit = u64_at(bytes, LEVEL1 + 16 * g as usize + 8)?;
            let entry = u64_at(bytes, self.level2 + 8 * b as usize)?;
            let mut bit = group_bit.checked_add(entry >> POSITION_BITS)?;
            let mut prev = peek(payload, bit)? & 3;
            bit += 2;
            for _ in 0..self.runs_per_block {
                if at == self.positions {
                    break;
                }
                let (v, len) = self.run(payload, &mut bit, &mut prev)?;
                at = at.checked_add(len).filter(|&a| a <= self.positions)?;
                out.0.push(len << 2 | code(v));
            }
        }
        (at == self.positions).then_some(out)
    }
}

/// The file `bytes` (checked, its layout `layout`) written again with
/// `RUNS_PER_BLOCK` runs a block, its flags kept; `None` when it already
/// has them or a block does not decode.
pub fn reblocked(
    bytes: &[u8],
    layout: &Layout,
    variant: Variant,
    sig: Signature,
) -> Option<Vec<u8>> {
    if layout.runs_per_block == RUNS_PER_BLOCK {
        return None;
    }
    let mut out = encode_file(variant, sig, &layout.runs(bytes)?);
    out[FLAGS] = bytes[FLAGS];
    Some(out)
}

/// The runs of a whole file of the first WDL format (version 1: one code
/// of the length buckets alone, a choice bit before each run but a
/// block's first, 16-byte level-2 entries), checked against `variant`,
/// `sig` and `positions`; the error says what is wrong.
pub fn version1_runs(
    bytes: &[u8],
    variant: Variant,
    sig: Signature,
    positions: u64,
) -> Result<Runs, String> {
    super::format::check_identity(bytes, (MAGIC, 1, "WDL"), variant, sig)?;
    let [count, blocks, payload, sum] = fields(bytes);
    let level2 = (HEADER + 64) as u64 + blocks.div_ceil(GROUP) * 8;
    let size = level2
        .checked_add(blocks.saturating_mul(16))
        .and_then(|s| s.checked_add(payload));
    if count != positions || Some(bytes.len() as u64) != size || payload < 8 {
        return Err(format!(
            "header gives {count} positions and {payload} payload bytes in {} bytes; expected {positions} positions",
            bytes.len()
        ));
    }
    if checksum(&bytes[HEADER..]) != sum {
        return Err("checksum mismatch".into());
    }
    let decoder = Decoder::new(&bytes[HEADER..HEADER + 64], 64).ok_or("bad code lengths")?;
    let stream = &bytes[(level2 + blocks * 16) as usize..];
    let damaged = || "a damaged run".to_string();
    let (mut runs, mut bit, mut seen, mut v) = (Runs::default(), 0u64, 0u64, 0u64);
    while seen < positions {
        let mut w = peek(stream, bit).ok_or_else(damaged)?;
        if runs.len() % 128 == 0 {
            // version 1 had 128 runs a block
            v = w & 3;
            w >>= 2;
            bit += 2;
        } else {
            v = next(v, w & 1);
            w >>= 1;
            bit += 1;
        }
        let (b, l) = decoder.decode(0, w).ok_or_else(damaged)?;
        let extra = peek(stream, bit + l as u64).ok_or_else(damaged)? & ((1u64 << b) - 1);
        let len = (1u64 << b) + extra;
        bit += (l + b) as u64;
        seen = seen
            .checked_add(len)
            .filter(|&s| s <= positions)
            .ok_or_else(damaged)?;
        let value = FROM_CODE.get(v as usize).copied().ok_or_else(damaged)?;
        runs.0.push(len << 2 | code(value));
    }
    Ok(runs)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIG: Signature = Signature::new(1, 1, 0, 1);

    fn random(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    /// Encode `values` (one per position, `None`: don't care), check
    /// every value reads back, and give the file.
    fn round_trip(values: &[Option<Wdl>]) -> Vec<u8> {
        let runs = merge(values.iter().map(|&v| (v, 1)));
        assert!(runs.0.windows(2).all(|w| w[0] & 3 != w[1] & 3));
        let n = values.len() as u64;
        assert_eq!(
            runs,
            super::runs(n, |start, out| {
                out.copy_from_slice(&values[start as usize..start as usize + out.len()])
            })
        );
        let bytes = encode_file(Variant::Brazilian, SIG, &runs);
        let layout = read_header(&bytes, Variant::Brazilian, SIG, n).expect("a good file");
        for (i, v) in values.iter().enumerate() {
            let read = layout.value(&bytes, i as u64);
            assert!(read.is_some(), "index {i} reads");
            if v.is_some() {
                assert_eq!(read, *v, "index {i}");
            }
        }
        bytes
    }

    #[test]
    fn random_and_structured_values_read_back() {
        let mut seed = 0x1234_5678_9abc_def1u64;
        let pick =
            |r: u64| [None, Some(Wdl::Loss), Some(Wdl::Draw), Some(Wdl::Win)][r as usize % 4];
        // independent values: many short runs, many blocks
        let iid: Vec<_> = (0..200_000).map(|_| pick(random(&mut seed))).collect();
        round_trip(&iid);
        // runs of every scale, up to beyond one task of `runs`
        let mut long = Vec::new();
        while long.len() < 600_000 {
            let len = 1 + random(&mut seed) % (1 << (random(&mut seed) % 18));
            let v = pick(random(&mut seed));
            long.extend(std::iter::repeat_n(v, len as usize));
        }
        round_trip(&long);
        // one value, all don't care, a lone position, lengths at powers of two
        round_trip(&vec![Some(Wdl::Win); 70_000]);
        round_trip(&vec![None; 1000]);
        round_trip(&[Some(Wdl::Loss)]);
        let mut pow = Vec::new();
        for k in 0..17 {
            let v = [Wdl::Win, Wdl::Draw, Wdl::Loss][k % 3];
            pow.extend(std::iter::repeat_n(Some(v), 1 << k));
            pow.push(None);
        }
        round_trip(&pow);
    }

    /// A file of 128 runs a block (as written before 2026-11-28), marked
    /// as leaving out its mirror, reads the same values, gives back its
    /// runs, and is rewritten as `encode_file` writes those runs, the
    /// mark kept; a file of the current size is left alone.
    #[test]
    fn files_of_another_block_size_read_and_are_reblocked() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let values: Vec<_> = (0..300_000)
            .map(|i| match random(&mut seed) % 8 {
                0 if i % 5 == 0 => Wdl::Loss,
                1 | 2 => Wdl::Win,
                _ => Wdl::Draw,
            })
            .collect();
        let runs = merge(values.iter().map(|&v| (Some(v), 1)));
        let n = values.len() as u64;
        let mut old = encode_blocks(Variant::Brazilian, SIG, &runs, 128);
        mark_mirror_left_out(&mut old);
        let layout = read_header(&old, Variant::Brazilian, SIG, n).expect("a good file");
        assert!(layout.mirror_left_out && layout.runs_per_block == 128);
        for (i, v) in values.iter().enumerate().step_by(7) {
            assert_eq!(layout.value(&old, i as u64), Some(*v), "index {i}");
        }
        assert_eq!(layout.runs(&old), Some(runs.clone()));
        let new = reblocked(&old, &layout, Variant::Brazilian, SIG).expect("rewritten");
        let mut want = encode_file(Variant::Brazilian, SIG, &runs);
        mark_mirror_left_out(&mut want);
        assert!(new == want && new.len() > old.len());
        let again = read_header(&new, Variant::Brazilian, SIG, n).expect("a good file");
        assert!(reblocked(&new, &again, Variant::Brazilian, SIG).is_none());
    }

    /// A version-1 file (the fixture of `tests/egtb.rs`) reads into runs
    /// covering its positions; damaged, it is refused or read, never a
    /// panic.
    #[test]
    fn version1_files_read_and_damaged_ones_never_panic() {
        let file = include_bytes!("../../tests/data/wdl-v1/english/0220.wdl");
        let sig = Signature::new(0, 2, 2, 0);
        let positions = u64_at(file, 24).expect("a header");
        let runs = version1_runs(file, Variant::English, sig, positions).expect("reads");
        assert_eq!(runs.iter().map(|r| r.1).sum::<u64>(), positions);
        assert!(runs.0.windows(2).all(|w| w[0] & 3 != w[1] & 3));
        let upgraded = encode_file(Variant::English, sig, &runs);
        let layout = read_header(&upgraded, Variant::English, sig, positions).expect("good");
        let mut at = 0;
        for (v, len) in runs.iter() {
            assert_eq!(layout.value(&upgraded, at), Some(v));
            at += len;
        }
        assert!(
            read_header(file, Variant::English, sig, positions)
                .err()
                .is_some_and(|e| e.contains("version 1"))
        );
        for k in (HEADER..file.len()).step_by(7) {
            let mut bad = file.to_vec();
            bad[k] ^= 0x5a;
            assert!(version1_runs(&bad, Variant::English, sig, positions).is_err());
            // the checksum made right again: the runs are damaged, not the sum
            let sum = checksum(&bad[HEADER..]).to_le_bytes();
            bad[48..56].copy_from_slice(&sum);
            if let Ok(r) = version1_runs(&bad, Variant::English, sig, positions) {
                assert_eq!(r.iter().map(|r| r.1).sum::<u64>(), positions);
            }
        }
    }

    #[test]
    fn damaged_files_are_refused_with_the_reason() {
        let mut seed = 99u64;
        let values: Vec<_> = (0..50_000)
            .map(|i| Some([Wdl::Draw, Wdl::Win][(i / 300 + random(&mut seed) % 2) as usize % 2]))
            .collect();
        let bytes = round_trip(&values);
        let n = values.len() as u64;
        let err =
            |b: &[u8], v: Variant, n: u64| read_header(b, v, SIG, n).err().unwrap_or_default();
        let mut bad = bytes.clone();
        bad[0] = b'X';
        assert!(err(&bad, Variant::Brazilian, n).contains("bad magic"));
        assert!(err(&bytes[..bytes.len() - 1], Variant::Brazilian, n).contains("bytes"));
        assert!(err(&bytes[..10], Variant::Brazilian, n).contains("shorter"));
        assert!(err(&bytes, Variant::Russian, n).contains("another variant"));
        assert!(err(&bytes, Variant::Brazilian, n + 1).contains("positions"));
        let layout = read_header(&bytes, Variant::Brazilian, SIG, n).expect("good");
        for at in [HEADER, LEVEL1 + 3, bytes.len() - 20, bytes.len() / 2] {
            let mut bad = bytes.clone();
            bad[at] ^= 0x5a;
            assert!(
                err(&bad, Variant::Brazilian, n).contains("checksum"),
                "byte {at}"
            );
            // a damaged block read anyway answers something or None, never panics
            for i in (0..n).step_by(97) {
                let _ = layout.value(&bad, i);
            }
        }
    }
}
