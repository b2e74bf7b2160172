//! The database file: a 64-byte header, a block index and compressed
//! blocks of one byte per position (see `egtb/README.md`). Files are
//! written to a temporary file beside the target and renamed, so a file
//! is there whole or not at all. Reading never trusts the bytes: every
//! offset is checked, and a bad file reads as `None`, never a panic.

use super::signature::Signature;
use crate::variant::Variant;
use std::io::Write;
use std::path::Path;

pub const MAGIC: &[u8; 8] = b"DAMEGTB\0";
pub const VERSION: u16 = 2;
/// Index scheme 1: see `index.rs`.
pub const INDEX_SCHEME: u8 = 1;
/// Value encoding 2: one byte, `0` draw, `1..=127` a win with that many
/// plies to the next conversion, `128 + d` a loss with `d` plies; a
/// position whose side to move must capture holds any byte (unused).
pub const VALUE_ENCODING: u8 = 2;
/// Compression 1: per block raw, constant or run-length.
pub const COMPRESSION: u8 = 1;
pub const HEADER: usize = 64;
/// Positions per block.
pub const BLOCK: usize = 512;
/// The longest distance a byte holds; longer ones are stored as this.
pub const MAX_DISTANCE: u16 = 127;

const RAW: u8 = 0;
const CONSTANT: u8 = 1;
const RUNS: u8 = 2;

/// The value of a position for the side to move, worst first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Wdl {
    Loss,
    Draw,
    Win,
}

/// A database value: win, draw or loss, and for a win or loss the plies to
/// the next conversion (capture or promotion) or the game's end with best
/// play: the winner hurries, the loser delays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Value {
    pub wdl: Wdl,
    pub distance: u16,
}

impl Value {
    pub const DRAW: Value = Value {
        wdl: Wdl::Draw,
        distance: 0,
    };

    pub fn win(distance: u16) -> Value {
        Value {
            wdl: Wdl::Win,
            distance,
        }
    }

    pub fn loss(distance: u16) -> Value {
        Value {
            wdl: Wdl::Loss,
            distance,
        }
    }

    /// The stored byte (distances above `MAX_DISTANCE` saturate).
    pub fn encode(self) -> u8 {
        let d = self.distance.min(MAX_DISTANCE) as u8;
        match self.wdl {
            Wdl::Draw => 0,
            Wdl::Win => d.max(1),
            Wdl::Loss => 128 + d,
        }
    }

    #[inline(always)]
    pub fn decode(byte: u8) -> Value {
        match byte {
            0 => Value::DRAW,
            1..=127 => Value::win(byte as u16),
            _ => Value::loss(byte as u16 - 128),
        }
    }

    /// The value one ply earlier, for the side that moved into this one.
    pub fn back(self) -> Value {
        match self.wdl {
            Wdl::Draw => Value::DRAW,
            Wdl::Win => Value::loss(self.distance + 1),
            Wdl::Loss => Value::win(self.distance + 1),
        }
    }
}

/// `win`, `draw`, `loss`.
impl std::fmt::Display for Wdl {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(match self {
            Wdl::Win => "win",
            Wdl::Draw => "draw",
            Wdl::Loss => "loss",
        })
    }
}

/// `win 7`, `loss 6` (plies to the next conversion or the end), `draw`.
impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self.wdl {
            Wdl::Draw => write!(f, "{}", self.wdl),
            _ => write!(f, "{} {}", self.wdl, self.distance),
        }
    }
}

/// FNV-1a, 64 bits.
pub fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Give the unused positions of a block (`unused(i)`: a capture is
/// pending, the probe never reads it) the value of the last used one
/// before them, or of the block's first used one: runs grow and a block
/// whose used values agree becomes constant.
pub fn fill_unused(block: &mut [u8], unused: impl Fn(usize) -> bool) {
    let used: Vec<bool> = (0..block.len()).map(|i| !unused(i)).collect();
    let Some(first) = used.iter().position(|&u| u) else {
        block.fill(Value::DRAW.encode());
        return;
    };
    let mut last = block[first];
    for (b, &u) in block.iter_mut().zip(&used) {
        if u {
            last = *b;
        } else {
            *b = last;
        }
    }
}

/// Compress one block of values.
fn compress(block: &[u8], out: &mut Vec<u8>) {
    if block.iter().all(|&b| b == block[0]) {
        out.extend_from_slice(&[CONSTANT, block[0]]);
        return;
    }
    let mut runs = Vec::new();
    let mut i = 0;
    while i < block.len() {
        let mut len = 1;
        while i + len < block.len() && len < 256 && block[i + len] == block[i] {
            len += 1;
        }
        runs.extend_from_slice(&[(len - 1) as u8, block[i]]);
        i += len;
    }
    if runs.len() < block.len() {
        out.push(RUNS);
        out.extend_from_slice(&runs);
    } else {
        out.push(RAW);
        out.extend_from_slice(block);
    }
}

/// The bytes of a database file holding `values` (one byte per index).
pub fn encode_file(variant: Variant, sig: Signature, values: &[u8]) -> Vec<u8> {
    let blocks = values.len().div_ceil(BLOCK);
    let mut payload = Vec::new();
    let mut offsets = Vec::with_capacity(blocks + 1);
    for block in values.chunks(BLOCK) {
        offsets.push(payload.len() as u64);
        compress(block, &mut payload);
    }
    offsets.push(payload.len() as u64);
    let mut body = Vec::with_capacity(offsets.len() * 8 + payload.len());
    for o in &offsets {
        body.extend_from_slice(&o.to_le_bytes());
    }
    body.extend_from_slice(&payload);
    let mut out = Vec::with_capacity(HEADER + body.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.push(variant.facts().file_code);
    out.push(INDEX_SCHEME);
    out.extend_from_slice(&[sig.men, sig.kings, sig.their_men, sig.their_kings]);
    out.extend_from_slice(&[VALUE_ENCODING, COMPRESSION, 0, 0]);
    out.extend_from_slice(&(BLOCK as u32).to_le_bytes());
    out.extend_from_slice(&(values.len() as u64).to_le_bytes());
    out.extend_from_slice(&(blocks as u64).to_le_bytes());
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(&checksum(&body).to_le_bytes());
    out.extend_from_slice(&[0; 8]);
    debug_assert_eq!(out.len(), HEADER);
    out.extend_from_slice(&body);
    out
}

/// Write `bytes` to `path` whole or not at all.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    let mut perms = tmp.as_file().metadata()?.permissions();
    #[cfg(unix)]
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o644);
    tmp.as_file().set_permissions(perms)?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

fn u64_at(b: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(b.get(at..at + 8)?.try_into().ok()?))
}

/// What a file's header says, checked against what it should be.
#[derive(Clone, Copy, Debug)]
pub struct Header {
    pub positions: u64,
    pub blocks: u64,
    pub checksum: u64,
}

/// Check what the headers of both kinds of file (`.dtb`, `.wdl`) share:
/// at least `HEADER` bytes, then the kind's magic and format version
/// (`kind` names it in the errors), the variant, the index scheme and the
/// signature.
pub fn check_identity(
    bytes: &[u8],
    (magic, version, kind): (&[u8; 8], u16, &str),
    variant: Variant,
    sig: Signature,
) -> Result<(), String> {
    if bytes.len() < HEADER {
        return Err(format!(
            "file is {} bytes, shorter than a header",
            bytes.len()
        ));
    }
    if &bytes[..8] != magic {
        return Err(format!("not a dam {kind} file (bad magic)"));
    }
    let found = u16::from_le_bytes([bytes[8], bytes[9]]);
    if found != version {
        return Err(format!("{kind} format version {found}, expected {version}"));
    }
    if bytes[10] != variant.facts().file_code {
        return Err(format!("built for another variant (code {})", bytes[10]));
    }
    if bytes[11] != INDEX_SCHEME {
        return Err("unknown index scheme".into());
    }
    if bytes[12..16] != [sig.men, sig.kings, sig.their_men, sig.their_kings] {
        return Err(format!("holds another signature than {sig}"));
    }
    Ok(())
}

/// Read and check the header of a file of `variant` and `sig` with
/// `positions` positions; the error says what is wrong.
pub fn read_header(
    bytes: &[u8],
    variant: Variant,
    sig: Signature,
    positions: u64,
) -> Result<Header, String> {
    check_identity(bytes, (MAGIC, VERSION, "endgame database"), variant, sig)?;
    if bytes[16] != VALUE_ENCODING || bytes[17] != COMPRESSION {
        return Err("unknown value encoding or compression".into());
    }
    let block = u32::from_le_bytes(bytes[20..24].try_into().unwrap_or_default());
    let (count, blocks) = (u64_at(bytes, 24), u64_at(bytes, 32));
    let (payload, sum) = (u64_at(bytes, 40), u64_at(bytes, 48));
    let (Some(count), Some(blocks), Some(payload), Some(sum)) = (count, blocks, payload, sum)
    else {
        return Err("truncated header".into());
    };
    if block as usize != BLOCK || count != positions || blocks != positions.div_ceil(BLOCK as u64) {
        return Err(format!(
            "header gives {count} positions in blocks of {block}, expected {positions} in blocks of {BLOCK}"
        ));
    }
    let size = HEADER as u64 + (blocks + 1) * 8 + payload;
    if bytes.len() as u64 != size {
        return Err(format!(
            "file is {} bytes, its header says {size}",
            bytes.len()
        ));
    }
    Ok(Header {
        positions,
        blocks,
        checksum: sum,
    })
}

/// The value byte of index `i` in a checked file, `None` if the block is
/// damaged. No allocation: a run-length block is walked in place.
#[inline]
pub fn read_value(bytes: &[u8], blocks: u64, i: u64) -> Option<u8> {
    let b = i / BLOCK as u64;
    let start = HEADER + (blocks as usize + 1) * 8;
    let from = start + u64_at(bytes, HEADER + b as usize * 8)? as usize;
    let to = start + u64_at(bytes, HEADER + b as usize * 8 + 8)? as usize;
    let block = bytes.get(from..to)?;
    let at = (i % BLOCK as u64) as usize;
    match *block.first()? {
        RAW => block.get(1 + at).copied(),
        CONSTANT => block.get(1).copied(),
        RUNS => {
            let mut seen = 0;
            for pair in block[1..].chunks_exact(2) {
                seen += pair[0] as usize + 1;
                if at < seen {
                    return Some(pair[1]);
                }
            }
            None
        }
        _ => None,
    }
}

/// Decode block `b` of a checked file into `out`; the values it holds
/// (`BLOCK`, fewer in the last block), `None` if the block is damaged.
pub fn read_block(bytes: &[u8], blocks: u64, b: u64, out: &mut [u8; BLOCK]) -> Option<usize> {
    let start = HEADER + (blocks as usize + 1) * 8;
    let from = start + u64_at(bytes, HEADER + b as usize * 8)? as usize;
    let to = start + u64_at(bytes, HEADER + b as usize * 8 + 8)? as usize;
    let block = bytes.get(from..to)?;
    let body = block.get(1..)?;
    match *block.first()? {
        RAW if body.len() <= BLOCK => {
            out[..body.len()].copy_from_slice(body);
            Some(body.len())
        }
        CONSTANT => {
            out.fill(*body.first()?);
            Some(BLOCK)
        }
        RUNS => {
            let mut n = 0;
            for pair in body.chunks_exact(2) {
                let len = pair[0] as usize + 1;
                out.get_mut(n..n + len)?.fill(pair[1]);
                n += len;
            }
            Some(n)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip() {
        for byte in 0..=255u8 {
            assert_eq!(Value::decode(byte).encode(), byte);
        }
        assert_eq!(Value::win(400).encode(), 127);
    }

    #[test]
    fn unused_positions_take_their_neighbours_value() {
        let mut block = [9, 0, 5, 5, 0, 7, 0];
        fill_unused(&mut block, |i| [0, 1, 4, 6].contains(&i));
        assert_eq!(block, [5, 5, 5, 5, 5, 7, 7]);
        let mut none = [3, 4];
        fill_unused(&mut none, |_| true);
        assert_eq!(none, [0, 0]);
    }

    #[test]
    fn files_read_back_and_refuse_damage() {
        let sig = Signature::new(0, 1, 0, 1);
        let values: Vec<u8> = (0..2000u32)
            .map(|i| if i % 700 < 600 { 0 } else { (i % 7) as u8 })
            .collect();
        let bytes = encode_file(Variant::English, sig, &values);
        let h = read_header(&bytes, Variant::English, sig, 2000).expect("header");
        for (i, v) in values.iter().enumerate() {
            assert_eq!(read_value(&bytes, h.blocks, i as u64), Some(*v));
        }
        let mut block = [0; BLOCK];
        for (b, want) in values.chunks(BLOCK).enumerate() {
            let n = read_block(&bytes, h.blocks, b as u64, &mut block);
            assert!(n.is_some_and(|n| n >= want.len()), "block {b}");
            assert_eq!(&block[..want.len()], want, "block {b}");
        }
        assert!(read_header(&bytes, Variant::Russian, sig, 2000).is_err());
        assert!(read_header(&bytes[..bytes.len() - 1], Variant::English, sig, 2000).is_err());
        let mut bad = bytes.clone();
        bad[HEADER] = 0xff;
        assert!(read_value(&bad, h.blocks, 0).is_none());
    }
}
