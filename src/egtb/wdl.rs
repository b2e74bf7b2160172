//! The `.wdl` file: only win, draw or loss of every position of one
//! signature (see `egtb/README.md`, "The .wdl file"). The values in index
//! order are cut into runs; a position whose side to move must capture
//! is a "don't care" (the probe values it from its captures) and joins
//! the run before it. Consecutive runs differ, so a run is one bit (which
//! of the two other values) and its length, coded as a canonical Huffman
//! code of its bucket `floor(log2 len)` and the bucket's extra bits
//! (`huffman`). Every `RUNS_PER_BLOCK` runs start a block; a two-level
//! index (the first position of every `GROUP`th block, then of every
//! block with its bit offset) finds the block of a position, and a probe
//! decodes at most that block. Reading never trusts the bytes: a bad file
//! is refused with the reason, a bad block reads as `None`, never a panic.

use super::format::{Wdl, checksum, variant_code};
use super::huffman::{self, BitWriter, Decoder, SYMBOLS, peek};
use super::signature::Signature;
use crate::variant::Variant;
use rayon::prelude::*;

pub const MAGIC: &[u8; 8] = b"DAMWDL\0\0";
pub const VERSION: u16 = 1;
pub const HEADER: usize = 64;
/// Runs per block.
pub const RUNS_PER_BLOCK: usize = 128;
/// Blocks per entry of the first index level.
pub const GROUP: u64 = 64;
/// Positions whose values one task of `runs` computes.
const CHUNK: u64 = 1 << 16;
/// Where the index levels start: after the header and the code lengths.
const LENGTHS: usize = HEADER;
const LEVEL1: usize = HEADER + SYMBOLS;

/// A run: a value and how many positions in a row have it.
pub type Run = (Wdl, u64);

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
pub fn merge(parts: impl IntoIterator<Item = (Option<Wdl>, u64)>) -> Vec<Run> {
    let mut runs: Vec<Run> = Vec::new();
    let mut lead = 0;
    for (v, len) in parts {
        match (v, runs.last_mut()) {
            (None, Some(last)) => last.1 += len,
            (None, None) => lead += len,
            (Some(w), Some(last)) if last.0 == w => last.1 += len,
            (Some(w), _) => runs.push((w, len)),
        }
    }
    match runs.first_mut() {
        Some(first) => first.1 += lead,
        None if lead > 0 => runs.push((Wdl::Draw, lead)),
        None => {}
    }
    runs
}

/// The runs of `positions` values, computed on every core: `values(start,
/// out)` fills `out` with the values from index `start` on.
pub fn runs(positions: u64, values: impl Fn(u64, &mut [Option<Wdl>]) + Sync) -> Vec<Run> {
    let parts: Vec<Vec<(Option<Wdl>, u64)>> = (0..positions.div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| {
            let start = c * CHUNK;
            let mut buf = vec![None; (positions - start).min(CHUNK) as usize];
            values(start, &mut buf);
            let mut out: Vec<(Option<Wdl>, u64)> = Vec::new();
            for v in buf {
                match out.last_mut() {
                    // a don't care joins the run before it here already,
                    // so that only runs of the file are held; `merge`
                    // places one that leads the chunk
                    Some((w, len)) if *w == v || v.is_none() => *len += 1,
                    _ => out.push((v, 1)),
                }
            }
            out
        })
        .collect();
    merge(parts.into_iter().flatten())
}

/// The bytes of the `.wdl` file of `sig` holding `runs` (from `merge` or
/// `runs`: consecutive runs differ, their lengths add up to the index
/// size).
pub fn encode_file(variant: Variant, sig: Signature, runs: &[Run]) -> Vec<u8> {
    let positions: u64 = runs.iter().map(|r| r.1).sum();
    let mut freq = [0u64; SYMBOLS];
    for r in runs {
        freq[bucket(r.1)] += 1;
    }
    let lens = huffman::lengths(&freq);
    let codes = huffman::codes(&lens);
    let mut w = BitWriter::default();
    let mut blocks: Vec<(u64, u64)> = Vec::with_capacity(runs.len().div_ceil(RUNS_PER_BLOCK));
    let (mut at, mut prev) = (0u64, 0u64);
    for (k, &(v, len)) in runs.iter().enumerate() {
        if k % RUNS_PER_BLOCK == 0 {
            blocks.push((at, w.position()));
            w.put(code(v), 2);
        } else {
            w.put((next(prev, 1) == code(v)) as u64, 1);
        }
        let b = bucket(len);
        w.put(codes[b].0 as u64, codes[b].1 as u32);
        w.put(len - (1 << b), b as u32);
        at += len;
        prev = code(v);
    }
    let payload = w.finish();
    let mut body = lens.to_vec();
    for g in blocks.iter().step_by(GROUP as usize) {
        body.extend_from_slice(&g.0.to_le_bytes());
    }
    for (first, bit) in &blocks {
        body.extend_from_slice(&first.to_le_bytes());
        body.extend_from_slice(&bit.to_le_bytes());
    }
    body.extend_from_slice(&payload);
    let mut out = Vec::with_capacity(HEADER + body.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.push(variant_code(variant));
    out.push(super::format::INDEX_SCHEME);
    out.extend_from_slice(&[sig.men, sig.kings, sig.their_men, sig.their_kings]);
    out.extend_from_slice(&(RUNS_PER_BLOCK as u16).to_le_bytes());
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

#[inline(always)]
fn u64_at(b: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(
        b.get(at..at.checked_add(8)?)?.try_into().ok()?,
    ))
}

/// Where the parts of a checked file are, and its decoder.
pub struct Layout {
    blocks: u64,
    groups: u64,
    level2: usize,
    payload: usize,
    decoder: Decoder,
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
    super::format::check_identity(bytes, (MAGIC, VERSION, "WDL"), variant, sig)?;
    let runs = u16::from_le_bytes([bytes[16], bytes[17]]) as usize;
    let group = u16::from_le_bytes([bytes[18], bytes[19]]) as u64;
    let field = |at| u64_at(bytes, at).unwrap_or(0);
    let (count, blocks, payload, sum) = (field(24), field(32), field(40), field(48));
    if runs != RUNS_PER_BLOCK || group != GROUP || count != positions {
        return Err(format!(
            "header gives {count} positions, {runs} runs a block, {group} blocks a group; expected {positions}, {RUNS_PER_BLOCK}, {GROUP}"
        ));
    }
    if blocks == 0 || blocks > positions || payload < 8 {
        return Err(format!(
            "header gives {blocks} blocks and {payload} payload bytes"
        ));
    }
    let groups = blocks.div_ceil(GROUP);
    let level2 = LEVEL1 as u64 + groups * 8;
    let size = level2 + blocks * 16 + payload;
    if bytes.len() as u64 != size {
        return Err(format!(
            "file is {} bytes, its header says {size}",
            bytes.len()
        ));
    }
    if checksum(&bytes[HEADER..]) != sum {
        return Err("checksum mismatch".into());
    }
    let lens: [u8; SYMBOLS] = bytes[LENGTHS..LEVEL1].try_into().unwrap_or([0; SYMBOLS]);
    let decoder = Decoder::new(&lens).ok_or("bad code lengths")?;
    Ok(Layout {
        blocks,
        groups,
        level2: level2 as usize,
        payload: (size - payload) as usize,
        decoder,
    })
}

/// The last `k` in `lo..hi` whose entry (`u64` at `base + stride * k`)
/// is at most `i`.
#[inline(always)]
fn last_at_most(bytes: &[u8], base: usize, stride: usize, lo: u64, hi: u64, i: u64) -> Option<u64> {
    let entry = |k: u64| u64_at(bytes, base + stride * k as usize);
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
        let g = last_at_most(bytes, LEVEL1, 8, 0, self.groups, i)?;
        let lo = g * GROUP;
        let b = last_at_most(bytes, self.level2, 16, lo, (lo + GROUP).min(self.blocks), i)?;
        let entry = self.level2 + 16 * b as usize;
        let at = i - u64_at(bytes, entry)?;
        let mut bit = u64_at(bytes, entry + 8)?;
        let payload = bytes.get(self.payload..)?;
        let mut v = peek(payload, bit)? & 3;
        bit += 2;
        let mut seen = 0u64;
        for k in 0..RUNS_PER_BLOCK {
            let mut w = peek(payload, bit)?;
            if k > 0 {
                v = next(v, w & 1);
                w >>= 1;
                bit += 1;
            }
            let (b, l) = self.decoder.decode(w)?;
            let extra = if b + l <= 56 {
                w >> l
            } else {
                peek(payload, bit + l as u64)?
            } & ((1u64 << b) - 1);
            seen = seen.checked_add((1u64 << b) + extra)?;
            bit += (l + b) as u64;
            if at < seen {
                return FROM_CODE.get(v as usize).copied();
            }
        }
        None
    }
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
        assert!(runs.windows(2).all(|w| w[0].0 != w[1].0));
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
