//! The slices of a job: its men configurations in an order in which every
//! quiet move leads into the same slice or one solved before, cut into
//! parts of at most a given number of positions, so that a job larger
//! than memory is solved one part at a time (see egtb/README.md,
//! "Slices").
//!
//! A configuration is the men of both sides; index scheme 1 ranks the men
//! before the kings, so one configuration is one contiguous range of
//! `block` indices (`Indexer::split_rank`). A king move keeps the
//! configuration; a man move (not a promotion) takes one man one row
//! forward, and `progress` (the rows the men of both sides have come up)
//! grows by one. So the configurations are taken by decreasing progress:
//! every man move leads to a configuration taken before.

use super::cells::Cells;
use crate::board::{Bitboard, Dir, Geometry};
use crate::egtb::format::Wdl;
use crate::egtb::index::{HalfTurn, Indexer, Placement};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// The men configurations of one slice, for each signature of the job
/// (one when the job is its own mirror), in ascending order.
pub struct Slice {
    pub configs: Vec<Vec<u64>>,
}

impl Slice {
    /// The positions of the slice in signature `s`.
    pub fn len(&self, s: usize, block: u64) -> u64 {
        self.configs[s].len() as u64 * block
    }

    /// The index in signature `s` of the slice's position `l`.
    #[inline(always)]
    pub fn global(&self, s: usize, l: u64, block: u64) -> u64 {
        self.configs[s][(l / block) as usize] * block + l % block
    }
}

/// How many rows each square of `geo` lies above the bottom row.
fn rows(geo: &Geometry) -> [u32; 64] {
    let mut rows = [0; 64];
    let (mut row, mut r) = (geo.bottom_row, 0);
    while row != 0 {
        for b in Geometry::bits(row) {
            rows[b as usize] = r;
        }
        row = (geo.shift(row, Dir::UpLeft) | geo.shift(row, Dir::UpRight)) & geo.mask;
        r += 1;
    }
    rows
}

/// The slices of the job whose signatures `ixs` index (the signature and
/// its mirror, or one when they are the same), each of at most `limit`
/// positions where a configuration (with its mirror) is no larger. One
/// slice in index order when the whole job fits.
pub fn plan(geo: &Geometry, turn: &HalfTurn, ixs: &[Indexer], limit: u64) -> Vec<Slice> {
    let block = ixs[0].block();
    let total: u64 = ixs.iter().map(|ix| ix.size()).sum();
    if total <= limit {
        let configs = ixs.iter().map(|ix| (0..ix.configs()).collect()).collect();
        return vec![Slice { configs }];
    }
    let rows = rows(geo);
    let top = rows.iter().max().copied().unwrap_or(0);
    let sum = |bb: Bitboard, f: &dyn Fn(u32) -> u32| -> u32 {
        Geometry::bits(bb).map(|b| f(rows[b as usize])).sum()
    };
    let mirror = ixs.last().unwrap_or(&ixs[0]);
    // (progress, configuration, the same men in the mirror signature)
    let mut units: Vec<(u32, u64, u64)> = (0..ixs[0].configs())
        .map(|c| {
            let (men, their_men) = ixs[0].config_men(c);
            let progress = sum(men, &|r| r) + sum(their_men, &|r| top - r);
            let seen = Placement {
                men: turn.apply(their_men),
                kings: 0,
                their_men: turn.apply(men),
                their_kings: 0,
            };
            (progress, c, mirror.split_rank(&seen).0)
        })
        .filter(|&(_, c, m)| ixs.len() == 2 || c <= m)
        .collect();
    units.sort_by_key(|&(progress, c, _)| (std::cmp::Reverse(progress), c));
    let mut slices = Vec::new();
    let mut configs = vec![Vec::new(); ixs.len()];
    let mut held = 0;
    for (_, c, m) in units {
        let size = if ixs.len() == 2 || c != m {
            2 * block
        } else {
            block
        };
        if held > 0 && held + size > limit {
            slices.push(Slice::sorted(std::mem::replace(
                &mut configs,
                vec![Vec::new(); ixs.len()],
            )));
            held = 0;
        }
        configs[0].push(c);
        if ixs.len() == 2 || c != m {
            configs[ixs.len() - 1].push(m);
        }
        held += size;
    }
    slices.push(Slice::sorted(configs));
    slices
}

impl Slice {
    fn sorted(mut configs: Vec<Vec<u64>>) -> Slice {
        for c in &mut configs {
            c.sort_unstable();
        }
        Slice { configs }
    }
}

/// The win, draw or loss of every position of one signature solved so
/// far: two bits each, 0 while unknown.
pub struct Known {
    words: Cells<AtomicU64>,
}

impl Known {
    pub fn new(positions: u64) -> Known {
        Known {
            words: Cells::new(positions.div_ceil(32) as usize),
        }
    }

    /// The two bits of position `i`: 0 unknown, else 1 + the `Wdl`.
    #[inline(always)]
    pub fn code(&self, i: u64) -> u8 {
        (self.words[(i / 32) as usize].load(Relaxed) >> (2 * (i % 32)) & 3) as u8
    }

    #[inline(always)]
    pub fn get(&self, i: u64) -> Option<Wdl> {
        match self.code(i) {
            1 => Some(Wdl::Loss),
            2 => Some(Wdl::Draw),
            3 => Some(Wdl::Win),
            _ => None,
        }
    }

    /// Record position `i` (not recorded before) as `code` (see `code`).
    #[inline(always)]
    pub fn set_code(&self, i: u64, code: u8) {
        self.words[(i / 32) as usize].fetch_or((code as u64 & 3) << (2 * (i % 32)), Relaxed);
    }

    /// Record positions `first .. first + len` (not recorded before),
    /// position `first + k` as `wdl(k)`: one atomic write per 32.
    pub fn set_range(&self, first: u64, len: u64, mut wdl: impl FnMut(u64) -> Wdl) {
        let mut i = first;
        while i < first + len {
            let end = ((i / 32 + 1) * 32).min(first + len);
            let mut bits = 0;
            for j in i..end {
                bits |= (1 + wdl(j - first) as u64) << (2 * (j % 32));
            }
            self.words[(i / 32) as usize].fetch_or(bits, Relaxed);
            i = end;
        }
    }
}

/// One bit for every position of one signature, set by many threads.
pub struct Flags {
    words: Cells<AtomicU64>,
}

impl Flags {
    pub fn new(positions: u64) -> Flags {
        Flags {
            words: Cells::new(positions.div_ceil(64) as usize),
        }
    }

    #[inline(always)]
    pub fn get(&self, i: u64) -> bool {
        self.words[(i / 64) as usize].load(Relaxed) >> (i % 64) & 1 != 0
    }

    #[inline(always)]
    pub fn set(&self, i: u64) {
        self.words[(i / 64) as usize].fetch_or(1 << (i % 64), Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::TEN;
    use crate::egtb::signature::Signature;

    /// Every configuration is in one slice, with its mirror, and the
    /// slices are no larger than asked.
    #[test]
    fn slices_cover_each_configuration_once() {
        let turn = HalfTurn::new(&TEN);
        for sig in [Signature::new(1, 1, 2, 0), Signature::new(1, 0, 1, 1)] {
            let ixs: Vec<Indexer> = if sig == sig.mirror() {
                vec![Indexer::new(&TEN, sig)]
            } else {
                vec![Indexer::new(&TEN, sig), Indexer::new(&TEN, sig.mirror())]
            };
            let block = ixs[0].block();
            let limit = 40 * block;
            let slices = plan(&TEN, &turn, &ixs, limit);
            assert!(slices.len() > 2, "{sig}: {} slices", slices.len());
            for (s, ix) in ixs.iter().enumerate() {
                let mut all: Vec<u64> = slices.iter().flat_map(|x| x.configs[s].clone()).collect();
                all.sort_unstable();
                assert_eq!(all, (0..ix.configs()).collect::<Vec<_>>(), "{sig}");
            }
            for x in &slices {
                let held: u64 = (0..ixs.len()).map(|s| x.len(s, block)).sum();
                assert!(held <= limit, "{sig}: {held}");
            }
        }
    }

    #[test]
    fn known_keeps_two_bits_each() {
        let k = Known::new(100);
        k.set_range(3, 2, |j| [Wdl::Win, Wdl::Loss][j as usize]);
        k.set_code(63, 2);
        k.set_range(64, 33, |j| [Wdl::Loss, Wdl::Win][j as usize % 2]);
        assert_eq!(k.get(64), Some(Wdl::Loss));
        assert_eq!(k.get(96), Some(Wdl::Loss));
        assert_eq!(k.get(95), Some(Wdl::Win));
        assert_eq!(k.get(97), None);
        assert_eq!(k.get(3), Some(Wdl::Win));
        assert_eq!(k.get(4), Some(Wdl::Loss));
        assert_eq!(k.get(63), Some(Wdl::Draw));
        assert_eq!(k.get(5), None);
    }
}
