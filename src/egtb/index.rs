//! The perfect index of a signature: a bijection between `0..size` and the
//! legal placements of its pieces, the side to move moving up the board.
//!
//! Scheme 1 (the file format names it): the side to move's men first,
//! split by how many stand on the bottom row (`j`), since that decides how
//! many squares the other side's men may use; then the other side's men
//! on the squares off the bottom row not taken; then the kings of the
//! side to move on the free squares, then the other kings. Each set is
//! ranked in the combinatorial number system over the squares open to it,
//! squeezed together with `pext` (BMI2 on x86-64-v3). No index is wasted
//! and every index is a legal placement.

use super::signature::Signature;
use crate::board::{Bitboard, Geometry};

/// `BINOMIAL[n][k]` = n choose k (0 when k > n), for n up to 64 and k up
/// to 8, the most pieces of one kind a signature has.
static BINOMIAL: [[u64; 9]; 65] = binomials();

const fn binomials() -> [[u64; 9]; 65] {
    let mut t = [[0u64; 9]; 65];
    let mut n = 0;
    while n <= 64 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n && k <= 8 {
            t[n][k] = t[n - 1][k - 1] + t[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    t
}

#[inline(always)]
fn choose(n: u32, k: u32) -> u64 {
    BINOMIAL[n as usize][k as usize]
}

/// Gather the bits of `x` selected by `mask` into the low bits.
#[inline(always)]
fn pext(x: u64, mask: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        // SAFETY: the BMI2 feature is enabled for this build.
        unsafe { std::arch::x86_64::_pext_u64(x, mask) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        let (mut out, mut bit, mut m) = (0, 0, mask);
        while m != 0 {
            let low = m & m.wrapping_neg();
            if x & low != 0 {
                out |= 1 << bit;
            }
            bit += 1;
            m &= m - 1;
        }
        out
    }
}

/// Scatter the low bits of `x` to the bits selected by `mask`.
#[inline(always)]
fn pdep(x: u64, mask: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        // SAFETY: the BMI2 feature is enabled for this build.
        unsafe { std::arch::x86_64::_pdep_u64(x, mask) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        let (mut out, mut bit, mut m) = (0, 0, mask);
        while m != 0 {
            let low = m & m.wrapping_neg();
            if x >> bit & 1 != 0 {
                out |= low;
            }
            bit += 1;
            m &= m - 1;
        }
        out
    }
}

/// The colex rank of a set of low bits.
#[inline(always)]
fn rank_set(mut set: u64) -> u64 {
    let mut r = 0;
    let mut i = 1;
    while set != 0 {
        r += choose(set.trailing_zeros(), i);
        set &= set - 1;
        i += 1;
    }
    r
}

/// The set after `set` in colex order: the next larger number with as
/// many bits (Gosper's hack), or a bit past every square when `set` is
/// empty or the last set below them, which the caller tests.
#[inline(always)]
fn next_set(set: u64) -> u64 {
    if set == 0 {
        return u64::MAX;
    }
    let t = set | (set - 1);
    (t + 1) | ((!t & (t + 1)) - 1) >> (set.trailing_zeros() + 1)
}

/// The set of `k` low bits (below `n`) of colex rank `r`.
#[inline(always)]
fn unrank_set(mut r: u64, k: u32, n: u32) -> u64 {
    let mut set = 0;
    let mut top = n;
    for i in (1..=k).rev() {
        // the largest p below `top` with choose(p, i) <= r, by a
        // branch-free binary search (choose(i - 1, i) = 0 always fits)
        let (mut p, mut len) = (i - 1, top + 1 - i);
        while len > 1 {
            let half = len / 2;
            if choose(p + half, i) <= r {
                p += half;
            }
            len -= half;
        }
        r -= choose(p, i);
        set |= 1 << p;
        top = p;
    }
    set
}

/// A placement of pieces: men and kings of the side to move (`mine`) and
/// of the other side, the side to move going up the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    pub men: Bitboard,
    pub kings: Bitboard,
    pub their_men: Bitboard,
    pub their_kings: Bitboard,
}

impl Placement {
    /// Its signature, if a database covers it (both sides have a piece,
    /// at most `MAX_PIECES` in all).
    #[inline(always)]
    pub fn signature(&self) -> Option<Signature> {
        Signature::of_counts(
            self.men.count_ones(),
            self.kings.count_ones(),
            self.their_men.count_ones(),
            self.their_kings.count_ones(),
        )
    }
}

/// The index of one signature on one board.
#[derive(Clone, Debug)]
pub struct Indexer {
    sig: Signature,
    all: Bitboard,
    bottom: Bitboard,
    middle: Bitboard,
    /// Squares of the top row (= of the bottom row).
    row: u32,
    /// Squares neither on the top nor on the bottom row.
    mid: u32,
    /// `offsets[j]`: the first index with `j` men of the side to move on
    /// the bottom row; `offsets[j + 1]` ends it.
    offsets: [u64; 10],
    /// The positions of one men configuration (see `split_rank`), and
    /// `offsets[j] / block`: the first configuration with `j` men below.
    block: u64,
    first_config: [u64; 10],
}

impl Indexer {
    pub fn new(geo: &Geometry, sig: Signature) -> Indexer {
        let all = geo.mask;
        let (top, bottom) = (geo.top_row, geo.bottom_row);
        let middle = all & !top & !bottom;
        let n = all.count_ones();
        let row = top.count_ones();
        let mid = middle.count_ones();
        let (m, k, om, ok) = (
            sig.men as u32,
            sig.kings as u32,
            sig.their_men as u32,
            sig.their_kings as u32,
        );
        let mut offsets = [0u64; 10];
        for j in 0..=m.min(8) {
            let count = choose(row, j)
                * choose(mid, m - j.min(m))
                * choose(n - row - (m - j), om)
                * choose(n - m - om, k)
                * choose(n - m - om - k, ok);
            offsets[j as usize + 1] = offsets[j as usize] + count;
        }
        for j in m.min(8) as usize + 2..10 {
            offsets[j] = offsets[j - 1];
        }
        let free = n - m - om;
        let block = choose(free, k) * choose(free - k, ok);
        let first_config = offsets.map(|o| o / block);
        Indexer {
            sig,
            all,
            bottom,
            middle,
            row,
            mid,
            offsets,
            block,
            first_config,
        }
    }

    pub fn signature(&self) -> Signature {
        self.sig
    }

    /// The number of positions.
    pub fn size(&self) -> u64 {
        self.offsets[9]
    }

    /// The positions of one men configuration: every placement of the
    /// kings beside the same men of both sides. The men are ranked before
    /// the kings, so configuration `c` holds the indices `c * block ..
    /// (c + 1) * block`.
    pub fn block(&self) -> u64 {
        self.block
    }

    /// The number of men configurations (`size / block`).
    pub fn configs(&self) -> u64 {
        self.size() / self.block
    }

    /// The index of a placement of this signature.
    #[inline(always)]
    pub fn rank(&self, p: &Placement) -> u64 {
        let (config, kings) = self.split_rank(p);
        config * self.block + kings
    }

    /// The index of a placement as its men configuration and the rank of
    /// its kings within it (`rank = config * block + kings`).
    #[inline(always)]
    pub fn split_rank(&self, p: &Placement) -> (u64, u64) {
        let s = &self.sig;
        let (m, om) = (s.men as u32, s.their_men as u32);
        let low = p.men & self.bottom;
        let j = low.count_ones();
        let mine = rank_set(pext(low, self.bottom)) * choose(self.mid, m - j)
            + rank_set(pext(p.men & self.middle, self.middle));
        let open = self.all & !self.bottom & !p.men;
        let theirs = rank_set(pext(p.their_men, open));
        let config = self.first_config[j as usize] + mine * choose(open.count_ones(), om) + theirs;
        (config, self.kings_rank(p))
    }

    /// The rank of a placement's kings within its men configuration.
    #[inline(always)]
    pub fn kings_rank(&self, p: &Placement) -> u64 {
        let free = self.all & !p.men & !p.their_men;
        let nf = free.count_ones();
        let kings = rank_set(pext(p.kings, free));
        let their_kings = rank_set(pext(p.their_kings, free & !p.kings));
        kings * choose(nf - self.sig.kings as u32, self.sig.their_kings as u32) + their_kings
    }

    /// The placement of the index after `p`'s, when that index holds the
    /// same men (it is not the first of a configuration): only the kings
    /// move on, the other side's fastest, each set to its next in colex
    /// order. A walk through a configuration costs a few bit operations a
    /// position where `unrank` costs two binary searches a set.
    #[inline(always)]
    pub fn next_kings(&self, p: &Placement) -> Placement {
        let free = self.all & !p.men & !p.their_men;
        let open = free & !p.kings;
        let their_kings = next_set(pext(p.their_kings, open));
        if their_kings >> open.count_ones() == 0 {
            return Placement {
                their_kings: pdep(their_kings, open),
                ..*p
            };
        }
        let kings = pdep(next_set(pext(p.kings, free)), free);
        let first = (1u64 << self.sig.their_kings) - 1;
        Placement {
            kings,
            their_kings: pdep(first, free & !kings),
            ..*p
        }
    }

    /// The men of both sides in configuration `c` (below `configs`).
    pub fn config_men(&self, c: u64) -> (Bitboard, Bitboard) {
        let p = self.unrank(c * self.block);
        (p.men, p.their_men)
    }

    /// The placement of index `i` (below `size`).
    #[inline(always)]
    pub fn unrank(&self, i: u64) -> Placement {
        let s = &self.sig;
        let (m, k, om, ok) = (
            s.men as u32,
            s.kings as u32,
            s.their_men as u32,
            s.their_kings as u32,
        );
        let mut j = 0;
        while self.offsets[j + 1] <= i {
            j += 1;
        }
        let mut r = i - self.offsets[j];
        let j = j as u32;
        let n = self.all.count_ones();
        let nf = n - m - om;
        let c_ok = choose(nf - k, ok);
        let their_kings_r = r % c_ok;
        r /= c_ok;
        let c_k = choose(nf, k);
        let kings_r = r % c_k;
        r /= c_k;
        let n_open = n - self.row - (m - j);
        let c_om = choose(n_open, om);
        let theirs_r = r % c_om;
        let mine_r = r / c_om;
        let c_mid = choose(self.mid, m - j);
        let men = pdep(unrank_set(mine_r / c_mid, j, self.row), self.bottom)
            | pdep(unrank_set(mine_r % c_mid, m - j, self.mid), self.middle);
        let open = self.all & !self.bottom & !men;
        let their_men = pdep(unrank_set(theirs_r, om, n_open), open);
        let free = self.all & !men & !their_men;
        let kings = pdep(unrank_set(kings_r, k, nf), free);
        let their_kings = pdep(unrank_set(their_kings_r, ok, nf - k), free & !kings);
        Placement {
            men,
            kings,
            their_men,
            their_kings,
        }
    }
}

/// The half turn of a board: bit `b` goes to `turn[b]`; it swaps the
/// rows, so the other side's point of view becomes the mover's.
#[derive(Clone, Debug)]
pub struct HalfTurn {
    turn: [u8; 64],
    /// `Some(k)` when bit `b` goes to `k - b` (the layouts of dam's boards
    /// are symmetric): then the turn is a bit reversal and a shift.
    mirror: Option<u32>,
}

impl HalfTurn {
    pub fn new(geo: &Geometry) -> HalfTurn {
        let mut turn = [0u8; 64];
        let n = geo.squares as u32;
        for bit in Geometry::bits(geo.mask) {
            let square = geo.square_of(bit) as u32;
            turn[bit as usize] = geo.bit_of(n + 1 - square).unwrap_or(bit);
        }
        let k = geo.mask.trailing_zeros() + 63 - geo.mask.leading_zeros();
        let mirror = Geometry::bits(geo.mask)
            .all(|b| b as u32 + turn[b as usize] as u32 == k)
            .then_some(k);
        HalfTurn { turn, mirror }
    }

    /// The squares of `bb` turned half a turn.
    #[inline(always)]
    pub fn apply(&self, bb: Bitboard) -> Bitboard {
        match self.mirror {
            Some(k) => bb.reverse_bits() >> (63 - k),
            None => Geometry::bits(bb).fold(0, |out, b| out | 1u64 << self.turn[b as usize]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{EIGHT, TEN};

    fn legal(geo: &Geometry, p: &Placement, sig: Signature) -> bool {
        let sets = [p.men, p.kings, p.their_men, p.their_kings];
        let disjoint = sets
            .iter()
            .try_fold(0u64, |a, s| (a & s == 0).then_some(a | s));
        disjoint.is_some()
            && sets.iter().all(|s| s & !geo.mask == 0)
            && p.men & geo.top_row == 0
            && p.their_men & geo.bottom_row == 0
            && [sig.men, sig.kings, sig.their_men, sig.their_kings]
                .iter()
                .zip(sets)
                .all(|(n, s)| s.count_ones() == *n as u32)
    }

    /// Every index maps to a legal placement and back, for every signature
    /// up to four pieces on both boards (the six variants share them).
    #[test]
    fn every_index_round_trips() {
        for geo in [&TEN, &EIGHT] {
            for job in Signature::plan(4, 20) {
                for sig in [job, job.mirror()] {
                    let ix = Indexer::new(geo, sig);
                    let step = (ix.size() / 20_000).max(1);
                    let mut i = 0;
                    while i < ix.size() {
                        let p = ix.unrank(i);
                        assert!(legal(geo, &p, sig), "{sig} index {i}: {p:?}");
                        assert_eq!(ix.rank(&p), i, "{sig} index {i}");
                        let (config, kings) = ix.split_rank(&p);
                        assert!(kings < ix.block() && config < ix.configs());
                        assert_eq!(ix.config_men(config), (p.men, p.their_men));
                        i += step;
                    }
                }
            }
        }
    }

    /// `next_kings` walks every configuration as `unrank` does, on both
    /// boards, with and without kings on either side.
    #[test]
    fn next_kings_follows_the_index() {
        for geo in [&TEN, &EIGHT] {
            for sig in [
                Signature::new(1, 2, 1, 1),
                Signature::new(0, 3, 1, 0),
                Signature::new(2, 0, 0, 2),
                Signature::new(1, 0, 2, 0),
                Signature::new(0, 1, 0, 4),
            ] {
                let ix = Indexer::new(geo, sig);
                let step = (ix.configs() / 50).max(1);
                for c in (0..ix.configs()).step_by(step as usize) {
                    let first = c * ix.block();
                    let mut p = ix.unrank(first);
                    for i in first + 1..first + ix.block() {
                        p = ix.next_kings(&p);
                        assert_eq!(p, ix.unrank(i), "{sig} index {i}");
                    }
                }
            }
        }
    }

    /// The size is the number of legal placements, counted another way.
    #[test]
    fn sizes_count_every_placement() {
        // a man each on 8x8: 28 squares for each, minus the placements on
        // one square, which only the middle rows allow
        let ix = Indexer::new(&EIGHT, Signature::new(1, 0, 1, 0));
        let shared = (EIGHT.mask & !EIGHT.top_row & !EIGHT.bottom_row).count_ones() as u64;
        assert_eq!(ix.size(), 28 * 28 - shared);
        let kk = Indexer::new(&TEN, Signature::new(0, 1, 0, 1));
        assert_eq!(kk.size(), 50 * 49);
    }

    #[test]
    fn half_turn_swaps_rows() {
        for geo in [&TEN, &EIGHT] {
            let t = HalfTurn::new(geo);
            assert!(t.mirror.is_some(), "{} layout is symmetric", geo.name);
            for bit in Geometry::bits(geo.mask) {
                let slow = HalfTurn {
                    mirror: None,
                    ..t.clone()
                };
                assert_eq!(t.apply(1 << bit), slow.apply(1 << bit));
            }
        }
        let t = HalfTurn::new(&TEN);
        assert_eq!(t.apply(TEN.top_row), TEN.bottom_row);
        assert_eq!(
            t.apply(t.apply(1 << TEN.square_bit[7])),
            1 << TEN.square_bit[7]
        );
    }
}
