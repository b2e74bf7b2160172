//! Retrograde analysis of one job (a signature and its mirror).
//!
//! A first pass looks at every position once: one without a move is lost
//! at distance 0; a conversion (capture or promotion, read from the
//! smaller databases already built) counts one ply, so a position with a
//! conversion into a loss for the other side is won at 1, and one whose
//! moves all convert into wins for the other side is lost at 1. Every
//! other position keeps, in place of its value, the count of its quiet
//! moves (within the job) not yet known to be won for the other side.
//!
//! Then the decided positions are taken distance by distance, from 0 up:
//! each one's predecessors (its quiet moves undone) hear of it once. A
//! predecessor of a lost position is won one ply further, unless decided
//! already (its first lost successor is its quickest); a predecessor of a
//! won position counts one successor fewer, and at zero it is lost one
//! ply further (its last successor to fall is its slowest). No position's
//! moves are generated twice. When a distance decides nothing, what is
//! left is a draw.
//!
//! Two counts mean more: 0 is a position that one of its conversions
//! draws (it can be won, never lost); `FROZEN` is one that every move
//! converts (decided in the first pass, or a draw that no quiet move can
//! change; a position whose side to move must capture is one, so the
//! quiet moves that `predecessors` finds into it, illegal there, are
//! ignored).
//!
//! A conversion into a position no loaded table values stops the build
//! with an error: taken for a draw, it would write wrong values.
//!
//! A conversion counts one ply whatever follows it, so the generator
//! needs only win, draw or loss of the smaller sets: a dependency may be
//! a `.wdl`-only set (above `DTC_PIECES` pieces), and every job is
//! solved with distances to conversion in memory; the files written are
//! the `.dtb` (up to `DTC_PIECES` pieces) and the `.wdl`.
//!
//! A job above `DTC_PIECES` pieces and a limit of positions is solved
//! in slices of men configurations (see `slices`): a man move out of the
//! slice leads into one solved before, read as a conversion is.
//!
//! Memory: two bytes per position plus two bits for the positions of one
//! slice (of both signatures), and three bits per position of the whole
//! job for the win, draw or loss of the slices solved and the mark of the
//! capture positions; the smaller databases are mapped.

use super::cells::Cells;
use super::scratch::{self, Scratch};
use super::slices::{self, Flags, Known, Slice};
use super::solve::turned;
use crate::board::{Bitboard, Dir, Geometry};
use crate::egtb::format::{
    BLOCK, MAX_DISTANCE, Value, Wdl, encode_file, fill_unused, write_atomic,
};
use crate::egtb::index::{HalfTurn, Indexer, Placement};
use crate::egtb::signature::Signature;
use crate::egtb::tables::{Tables, file_path, must_capture, position, wdl_path};
use crate::egtb::{DTC_PIECES, wdl};
use crate::notation::fen::write_fen;
use crate::rules::removal::Rules;
use crate::rules::{Game, MoveList};
use arrayvec::ArrayVec;
use indicatif::ProgressBar;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU16, AtomicU64, Ordering::Relaxed};

const WIN: u16 = 0x8000;
const LOSS: u16 = 0x4000;
const DISTANCE: u16 = 0x3fff;
/// The count of an undecided position that no quiet move can decide.
const FROZEN: u16 = DISTANCE;

/// The working state of one signature in one slice: its positions are
/// numbered locally, configuration by configuration (the whole
/// signature in index order when the slice is the whole job).
struct Work<'a> {
    ix: &'a Indexer,
    slice: &'a Slice,
    /// Which signature of the job (0 or 1), its configurations' slots in
    /// the slice (`NONE` outside it), and whether it holds them all.
    side: usize,
    slot: Vec<u32>,
    whole: bool,
    /// The positions of the whole signature whose side to move must
    /// capture, marked by the first look: the files store no value for
    /// them.
    captures: &'a Flags,
    /// A decided position: `WIN` or `LOSS` and its distance; an undecided
    /// one: its count (see the module documentation).
    values: Cells<AtomicU16>,
    /// The positions decided at the distance being taken, and at the next.
    now: Cells<AtomicU64>,
    next: Cells<AtomicU64>,
}

const NONE: u32 = u32::MAX;

impl<'a> Work<'a> {
    fn new(ix: &'a Indexer, slice: &'a Slice, side: usize, captures: &'a Flags) -> Work<'a> {
        let n = slice.len(side, ix.block()) as usize;
        let zeros = || Cells::new(n.div_ceil(64));
        let mut slot = vec![NONE; ix.configs() as usize];
        for (s, &c) in slice.configs[side].iter().enumerate() {
            slot[c as usize] = s as u32;
        }
        Work {
            values: Cells::new(n),
            now: zeros(),
            next: zeros(),
            whole: slice.configs[side].len() as u64 == ix.configs(),
            ix,
            slice,
            side,
            slot,
            captures,
        }
    }

    fn len(&self) -> u64 {
        self.values.len() as u64
    }

    /// The index in the signature of local position `l`.
    #[inline(always)]
    fn global(&self, l: u64) -> u64 {
        self.slice.global(self.side, l, self.ix.block())
    }

    /// The local number of `q`, if the slice holds it.
    #[inline(always)]
    fn local(&self, q: &Placement) -> Option<u64> {
        let (config, kings) = self.ix.split_rank(q);
        let slot = self.slot[config as usize];
        (slot != NONE).then(|| slot as u64 * self.ix.block() + kings)
    }

    /// The local number of the first position with these men, if the slice
    /// holds them.
    #[inline(always)]
    fn local_men(&self, men: Bitboard, their_men: Bitboard) -> Option<u64> {
        self.local(&Placement {
            men,
            kings: 0,
            their_men,
            their_kings: 0,
        })
    }

    /// The first look at local positions `64 * word ..`: their values or
    /// counts, and the decided ones in `now` (distance 0) or `next` (1).
    /// A man move out of the slice leads to a slice solved before, whose
    /// values `known` (of `other`'s signature) holds: it counts as a
    /// conversion. The positions are walked in index order (`next_kings`
    /// within a configuration). Returns how many it decided, or the index
    /// of a position with a move that nothing values.
    fn first_look<R: Rules>(
        &self,
        other: &Work,
        known: &Known,
        word: usize,
        tables: &Tables,
        turn: &HalfTurn,
    ) -> Result<u64, u64> {
        let first = word as u64 * 64;
        let last = (first + 64).min(self.len());
        let block = self.ix.block();
        let (mut now, mut next) = (0u64, 0u64);
        let mut p = self.ix.unrank(self.global(first));
        for l in first..last {
            if l > first {
                p = match l % block {
                    0 => self.ix.unrank(self.global(l)),
                    _ => self.ix.next_kings(&p),
                };
            }
            let code = if must_capture::<R>(&p) {
                self.captures.set(self.global(l));
                self.look_captures::<R>(&p, tables, turn)
            } else {
                self.look_quiet::<R>(&p, other, known, tables, turn)
            };
            let Some(code) = code else {
                return Err(self.global(l));
            };
            self.values[l as usize].store(code, Relaxed);
            if code & (WIN | LOSS) != 0 {
                let bit = 1 << (l - first);
                if code & DISTANCE == 0 {
                    now |= bit
                } else {
                    next |= bit
                }
            }
        }
        self.now[word].store(now, Relaxed);
        self.next[word].store(next, Relaxed);
        Ok((now | next).count_ones() as u64)
    }

    /// The code of a position whose side to move must capture: every move
    /// converts (one ply whatever follows), so it is won at 1 once a
    /// capture leads to a loss, else a draw (`FROZEN`: no quiet move can
    /// change it) or lost at 1. `None` when a capture leads where nothing
    /// values.
    fn look_captures<R: Rules>(
        &self,
        p: &Placement,
        tables: &Tables,
        turn: &HalfTurn,
    ) -> Option<u16> {
        let pos = position::<R>(p);
        let mut moves = MoveList::new();
        pos.generate(&mut moves);
        let mut draw = false;
        for mv in &moves {
            let v = match turned(&pos.play_unhashed(mv), turn) {
                None => Wdl::Loss,
                Some(q) => tables.probe_resolved_wdl::<R>(&q)?,
            };
            match v {
                Wdl::Loss => return Some(WIN | 1),
                Wdl::Draw => draw = true,
                Wdl::Win => {}
            }
        }
        Some(if draw { FROZEN } else { LOSS | 1 })
    }

    /// The code of a position whose side to move cannot capture, read
    /// from its bitboards as `solve` would give it: the king moves are
    /// counted, not made (each stays in the configuration, so in the
    /// slice); a man move is a promotion (a conversion), or leads within
    /// the slice, or into a slice solved before (valued by `known`, one
    /// ply as a conversion). `None` when a move leads where nothing
    /// values.
    #[inline(always)]
    fn look_quiet<R: Rules>(
        &self,
        p: &Placement,
        other: &Work,
        known: &Known,
        tables: &Tables,
        turn: &HalfTurn,
    ) -> Option<u16> {
        let geo = R::GEO;
        let empty = geo.mask & !(p.men | p.kings | p.their_men | p.their_kings);
        let mut quiet = king_moves::<R>(p.kings, empty);
        let (mut moves, mut win, mut draw) = (quiet > 0, false, false);
        // the successors seen from the other side: its pieces are ours
        let (men, kings) = (turn.apply(p.their_men), turn.apply(p.their_kings));
        for dir in [Dir::UpLeft, Dir::UpRight] {
            for to in Geometry::bits(geo.shift(p.men, dir) & empty) {
                moves = true;
                let from = geo.shift(1 << to, dir.reverse());
                let promoted = (1 << to) & geo.top_row != 0;
                let q = Placement {
                    men,
                    kings,
                    their_men: turn.apply(p.men ^ from ^ (!promoted as u64) << to),
                    their_kings: turn.apply(p.kings | (promoted as u64) << to),
                };
                let v = if promoted {
                    tables.probe_resolved_wdl::<R>(&q)
                } else if other.whole {
                    quiet += 1;
                    continue;
                } else {
                    let (config, kings) = other.ix.split_rank(&q);
                    if other.slot[config as usize] != NONE {
                        quiet += 1;
                        continue;
                    }
                    known.get(config * other.ix.block() + kings)
                };
                match v? {
                    Wdl::Loss => win = true,
                    Wdl::Draw => draw = true,
                    Wdl::Win => {}
                }
            }
        }
        Some(match () {
            _ if win => WIN | 1,
            _ if !moves => LOSS,
            _ if quiet > 0 && draw => 0,
            _ if quiet > 0 => quiet,
            _ if draw => FROZEN,
            _ => LOSS | 1,
        })
    }

    /// Ask for local position `j`'s cell to be brought into the cache.
    #[inline(always)]
    fn prefetch(&self, j: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let ptr = self.values[j as usize].as_ptr() as *const i8;
            // SAFETY: a prefetch is only a hint; `ptr` points into `values`.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(ptr) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = j;
    }

    /// Tell local position `j` that one of its successors is decided (lost
    /// when `lost`, else won), `d` plies from its own value; true when that
    /// decides `j`.
    #[inline(always)]
    fn hear(&self, j: u64, lost: bool, d: u16) -> bool {
        let cell = &self.values[j as usize];
        let mut v = cell.load(Relaxed);
        loop {
            let new = match v {
                _ if v & (WIN | LOSS) != 0 || v == FROZEN => return false,
                _ if lost => WIN | d,
                0 => return false,
                1 => LOSS | d,
                _ => v - 1,
            };
            match cell.compare_exchange_weak(v, new, Relaxed, Relaxed) {
                Ok(_) => {
                    let decided = new & (WIN | LOSS) != 0;
                    if decided {
                        self.next[(j / 64) as usize].fetch_or(1 << (j % 64), Relaxed);
                    }
                    return decided;
                }
                Err(seen) => v = seen,
            }
        }
    }

    /// The win, draw or loss of local position `l`.
    fn wdl(&self, l: u64) -> Wdl {
        match self.values[l as usize].load(Relaxed) & (WIN | LOSS) {
            WIN => Wdl::Win,
            LOSS => Wdl::Loss,
            _ => Wdl::Draw,
        }
    }

    /// The stored bytes of the whole signature (`whole` only): a position
    /// whose side to move must capture gets whatever value helps the
    /// compression of its block.
    fn bytes(&self) -> Vec<u8> {
        debug_assert!(self.whole);
        let mut bytes: Vec<u8> = self
            .values
            .iter()
            .map(|v| {
                let v = v.load(Relaxed);
                let d = (v & DISTANCE).min(MAX_DISTANCE);
                match v & (WIN | LOSS) {
                    WIN => Value::win(d),
                    LOSS => Value::loss(d),
                    _ => Value::DRAW,
                }
                .encode()
            })
            .collect();
        bytes
            .par_chunks_mut(BLOCK)
            .enumerate()
            .for_each(|(b, block)| {
                let first = (b * BLOCK) as u64;
                fill_unused(block, |i| self.captures.get(first + i as u64));
            });
        bytes
    }
}

/// The win, draw or loss of every position of `ix`'s signature in runs, a
/// position whose side to move must capture being a don't care.
fn wdl_runs(ix: &Indexer, known: &Known, captures: &Flags) -> wdl::Runs {
    wdl::runs(ix.size(), |start, out| {
        for (k, v) in out.iter_mut().enumerate() {
            let i = start + k as u64;
            *v = (!captures.get(i)).then(|| known.get(i).unwrap_or(Wdl::Draw));
        }
    })
}

/// The quiet moves of `kings` on `R`'s board with `empty` squares: one
/// step, or every empty square up to the first piece where kings fly.
/// Two kings never reach one square in one direction (the nearer blocks
/// the other), so the sets of squares reached are counted together.
#[inline(always)]
fn king_moves<R: Rules>(kings: Bitboard, empty: Bitboard) -> u16 {
    let mut n = 0;
    for dir in Dir::ALL {
        let mut ray = R::GEO.shift(kings, dir) & empty;
        while ray != 0 {
            n += ray.count_ones() as u16;
            if !R::FLYING_KINGS {
                break;
            }
            ray = R::GEO.shift(ray, dir) & empty;
        }
    }
    n
}

/// Call `f` with every position, seen from its side to move, that could
/// have reached `p` by a quiet move (not a promotion), and whether that
/// move was a king's; a position whose side to move must capture is among
/// them, though the move is illegal there.
#[inline(always)]
fn predecessors<R: Rules>(p: &Placement, turn: &HalfTurn, mut f: impl FnMut(&Placement, bool)) {
    let geo = R::GEO;
    // the position just after the move, from the mover's side
    let men = turn.apply(p.their_men);
    let kings = turn.apply(p.their_kings);
    let base = Placement {
        men,
        kings,
        their_men: turn.apply(p.men),
        their_kings: turn.apply(p.kings),
    };
    let empty = geo.mask & !(men | kings | base.their_men | base.their_kings);
    for from in Geometry::bits(kings) {
        for dir in Dir::ALL {
            let mut at = geo.shift(1 << from, dir) & empty;
            while at != 0 {
                f(
                    &Placement {
                        kings: kings & !(1 << from) | at,
                        ..base
                    },
                    true,
                );
                if !R::FLYING_KINGS {
                    break;
                }
                at = geo.shift(at, dir) & empty;
            }
        }
    }
    for from in Geometry::bits(men) {
        for dir in [Dir::DownLeft, Dir::DownRight] {
            let at = geo.shift(1 << from, dir) & empty;
            if at != 0 {
                f(
                    &Placement {
                        men: men & !(1 << from) | at,
                        ..base
                    },
                    false,
                );
            }
        }
    }
}

/// The most positions a slice of a job holds by default: about 2.4 GB of
/// working state (two bytes and two bits a position), beside the three
/// bits a position of the whole job kept for the slices solved.
pub const SLICE_POSITIONS: u64 = 1 << 30;

/// A job solved: the win, draw or loss of both signatures, their `.dtb`
/// bytes when solved whole with distances, and the slices read back from
/// a scratch file.
pub struct Solved {
    ixs: Vec<Indexer>,
    known: Vec<Known>,
    captures: Vec<Flags>,
    dtb: Option<Vec<Vec<u8>>>,
    pub resumed: u64,
}

/// The scratch file of `job` in `dir` (see `scratch`).
fn scratch_path(tables: &Tables, job: Signature) -> std::path::PathBuf {
    wdl_path(tables.dir(), tables.variant(), job).with_extension("slices")
}

/// Build the job `job` (its signature and mirror) of `R`'s variant and
/// write its files; `tables` holds every dependency and gets the new
/// files. A job of more than `limit` positions without a `.dtb` (above
/// `DTC_PIECES` pieces) is solved slice by slice, resumably. `bar`
/// advances by the positions decided.
pub fn build_job<R: Rules>(
    tables: &mut Tables,
    job: Signature,
    bar: &ProgressBar,
    limit: u64,
) -> Result<(), String> {
    for dep in job.needs() {
        for sig in [dep, dep.mirror()] {
            if !tables.covers(sig) {
                return Err(format!("{job} needs {sig}, which is not loaded"));
            }
        }
    }
    let limit = if job.pieces() <= DTC_PIECES {
        u64::MAX
    } else {
        limit
    };
    decode_dependencies(tables, job, false);
    let solved = solve_job::<R>(tables, job, bar, limit);
    tables.forget_decoded();
    let solved = solved?;
    if solved.resumed > 0 {
        log::info!("{job}: resumed after {} slices", solved.resumed);
    }
    write_job(tables, &solved)?;
    scratch::remove(&scratch_path(tables, job))
}

/// The most words (64 positions each) one task of a parallel loop over a
/// slice takes. Left to itself rayon splits a range only a few times per
/// thread, so the last large piece ran on one core: 7 s of job 1140's 74
/// on two cores.
const TASK_WORDS: usize = 1024;

/// The most men configurations (a block of king placements each) one
/// task takes.
const TASK_SLOTS: usize = 64;

/// The most bytes of dependencies' values a job decodes into memory.
pub const DECODED_BYTES: u64 = 3 << 29;

/// Decode the `.wdl` files of `job`'s direct dependencies (the sets its
/// captures and promotions lead into, which its first look probes) into
/// memory, smallest first, up to `DECODED_BYTES`. With `own` (`verify`),
/// the job's own files first, whatever their size (read for every quiet
/// move), and after the direct dependencies the rest of what it needs,
/// smallest first, in what is left of the budget: `verify` resolves a
/// capture answered by a capture through those.
pub(super) fn decode_dependencies(tables: &mut Tables, job: Signature, own: bool) {
    tables.forget_decoded();
    let (mut held, mut files) = (0, 0);
    if own {
        for sig in [job, job.mirror()] {
            held += tables.decode(sig);
            files += 1;
        }
    }
    let budget = held + DECODED_BYTES;
    let direct = job.dependencies();
    let rest = match own {
        true => job
            .needs()
            .into_iter()
            .filter(|s| !direct.contains(s))
            .collect(),
        false => Vec::new(),
    };
    for jobs in [direct, rest] {
        let mut sigs: Vec<Signature> = jobs
            .into_iter()
            .flat_map(|d| [d, d.mirror()])
            .filter(|&s| tables.has_wdl(s) && tables.decoded(s).is_none())
            .collect();
        sigs.sort_by_key(|&s| (tables.positions(s), s));
        sigs.dedup();
        for sig in sigs {
            let need = crate::egtb::dense::Dense::bytes(tables.positions(sig));
            if held + need > budget {
                break;
            }
            held += tables.decode(sig);
            files += 1;
        }
    }
    log::info!("{job}: {files} dependency files decoded into memory, {held} bytes");
}

/// Write the files of a solved job (atomically each) and load them.
fn write_job(tables: &mut Tables, solved: &Solved) -> Result<(), String> {
    let variant = tables.variant();
    for (s, ix) in solved.ixs.iter().enumerate() {
        let sig = ix.signature();
        if let Some(dtb) = &solved.dtb {
            let path = file_path(tables.dir(), variant, sig);
            let bytes = encode_file(variant, sig, &dtb[s]);
            write_atomic(&path, &bytes).map_err(|e| format!("{}: {e}", path.display()))?;
            tables.load(sig)?;
        }
        let path = wdl_path(tables.dir(), variant, sig);
        let runs = wdl_runs(ix, &solved.known[s], &solved.captures[s]);
        let bytes = wdl::encode_file(variant, sig, &runs);
        write_atomic(&path, &bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        tables.load_wdl(sig)?;
    }
    Ok(())
}

/// The record of slice `slice` in a scratch file: two bits a position of
/// each signature, in local order, each signature from a byte boundary.
fn pack(slice: &Slice, ixs: &[Indexer], known: &[Known]) -> Vec<u8> {
    let mut out = Vec::new();
    for (s, ix) in ixs.iter().enumerate() {
        let n = slice.len(s, ix.block());
        let mut bytes = vec![0u8; n.div_ceil(4) as usize];
        bytes.par_iter_mut().enumerate().for_each(|(b, byte)| {
            for l in b as u64 * 4..(b as u64 * 4 + 4).min(n) {
                let code = known[s].code(slice.global(s, l, ix.block()));
                *byte |= code << (2 * (l % 4));
            }
        });
        out.extend_from_slice(&bytes);
    }
    out
}

/// Read a record written by `pack` back into `known`.
fn unpack(slice: &Slice, ixs: &[Indexer], known: &[Known], record: &[u8]) {
    let mut at = 0;
    for (s, ix) in ixs.iter().enumerate() {
        let n = slice.len(s, ix.block());
        let bytes = &record[at..at + n.div_ceil(4) as usize];
        bytes.par_iter().enumerate().for_each(|(b, byte)| {
            for l in b as u64 * 4..(b as u64 * 4 + 4).min(n) {
                let code = byte >> (2 * (l % 4)) & 3;
                known[s].set_code(slice.global(s, l, ix.block()), code);
            }
        });
        at += bytes.len();
    }
}

/// Mark the positions of `slice` whose side to move must capture, as its
/// first look would have (for a slice read back from a scratch file).
fn mark_captures<R: Rules>(slice: &Slice, ixs: &[Indexer], captures: &[Flags]) {
    for (s, ix) in ixs.iter().enumerate() {
        let block = ix.block();
        slice.configs[s]
            .par_iter()
            .with_max_len(TASK_SLOTS)
            .for_each(|&c| {
                let mut p = ix.unrank(c * block);
                for k in 0..block {
                    if k > 0 {
                        p = ix.next_kings(&p);
                    }
                    if must_capture::<R>(&p) {
                        captures[s].set(c * block + k);
                    }
                }
            });
    }
}

/// Solve `job` slice by slice (one slice when it has at most `limit`
/// positions), picking up the slices a scratch file holds.
pub fn solve_job<R: Rules>(
    tables: &Tables,
    job: Signature,
    bar: &ProgressBar,
    limit: u64,
) -> Result<Solved, String> {
    let sigs: Vec<Signature> = if job == job.mirror() {
        vec![job]
    } else {
        vec![job, job.mirror()]
    };
    let started = std::time::Instant::now();
    let ixs: Vec<Indexer> = sigs.iter().map(|&s| Indexer::new(R::GEO, s)).collect();
    let turn = tables.half_turn().clone();
    let plan = slices::plan(R::GEO, &turn, &ixs, limit);
    let known: Vec<Known> = ixs.iter().map(|ix| Known::new(ix.size())).collect();
    let captures: Vec<Flags> = ixs.iter().map(|ix| Flags::new(ix.size())).collect();
    let slice_positions =
        |x: &Slice| -> u64 { (0..ixs.len()).map(|s| x.len(s, ixs[s].block())).sum() };
    let scratch = (plan.len() > 1).then(|| {
        let n = plan.len() as u64;
        Scratch::new(scratch_path(tables, job), tables.variant(), job, limit, n)
    });
    let mut resumed = 0;
    if let Some(scratch) = &scratch {
        let lens: Vec<u64> = plan.iter().map(|x| pack_len(x, &ixs)).collect();
        resumed = scratch.resume(&lens, |n, record| {
            unpack(&plan[n as usize], &ixs, &known, record);
            mark_captures::<R>(&plan[n as usize], &ixs, &captures);
            bar.dec_length(slice_positions(&plan[n as usize]));
        })?;
        log::info!(
            "{job}: {} slices of at most {limit} positions, {resumed} read from {}",
            plan.len(),
            scratch.path.display()
        );
    }
    let mut dtb = None;
    let mut longest = 0;
    for (n, slice) in plan.iter().enumerate().skip(resumed as usize) {
        let works: Vec<Work> = ixs
            .iter()
            .enumerate()
            .map(|(s, ix)| Work::new(ix, slice, s, &captures[s]))
            .collect();
        let label = if plan.len() > 1 {
            format!("{job} slice {}/{}", n + 1, plan.len())
        } else {
            job.to_string()
        };
        longest = longest.max(solve_slice::<R>(
            tables, &works, &known, &turn, bar, &label,
        )?);
        for (s, w) in works.iter().enumerate() {
            let block = w.ix.block();
            let decided: u64 = (0..slice.configs[s].len())
                .into_par_iter()
                .with_max_len(TASK_SLOTS)
                .map(|slot| {
                    let first = slot as u64 * block;
                    let mut decided = 0;
                    known[s].set_range(slice.configs[s][slot] * block, block, |k| {
                        let wdl = w.wdl(first + k);
                        decided += (wdl != Wdl::Draw) as u64;
                        wdl
                    });
                    decided
                })
                .sum();
            bar.inc(w.len() - decided);
        }
        if let Some(scratch) = &scratch {
            scratch.append(n as u64, &pack(slice, &ixs, &known))?;
        }
        if plan.len() == 1 && job.pieces() <= DTC_PIECES {
            dtb = Some(works.iter().map(|w| w.bytes()).collect());
        }
    }
    let positions: u64 = ixs.iter().map(|ix| ix.size()).sum();
    log::info!(
        "{job}: {positions} positions, longest distance {longest}, {:.1} s",
        started.elapsed().as_secs_f64()
    );
    Ok(Solved {
        ixs,
        known,
        captures,
        dtb,
        resumed,
    })
}

/// The bytes of slice `slice`'s record (see `pack`).
fn pack_len(slice: &Slice, ixs: &[Indexer]) -> u64 {
    (0..ixs.len())
        .map(|s| slice.len(s, ixs[s].block()).div_ceil(4))
        .sum()
}

/// Solve one slice (`works`, one per signature of the job) distance by
/// distance, the slices solved before in `known`; returns the longest
/// distance.
fn solve_slice<R: Rules>(
    tables: &Tables,
    works: &[Work],
    known: &[Known],
    turn: &HalfTurn,
    bar: &ProgressBar,
    label: &str,
) -> Result<u16, String> {
    for (t, w) in works.iter().enumerate() {
        let other = (t + 1) % works.len();
        let decided = (0..w.now.len())
            .into_par_iter()
            .with_min_len(16)
            .with_max_len(TASK_WORDS)
            .map(|word| w.first_look::<R>(&works[other], &known[other], word, tables, turn))
            .try_reduce(|| 0, |a, b| Ok(a + b))
            .map_err(|i| {
                let fen = write_fen(&position::<R>(&w.ix.unrank(i)));
                format!(
                    "{label}: a move from {fen} (index {i} of {}) leads where no value is known: a dependency is missing or damaged",
                    w.ix.signature()
                )
            })?;
        bar.inc(decided);
    }
    bar.set_message(format!("{label}: distance 0"));
    let mut d: u16 = 0;
    loop {
        let decided = AtomicU64::new(0);
        for (t, this) in works.iter().enumerate() {
            let other = &works[(t + 1) % works.len()];
            (0..this.now.len())
                .into_par_iter()
                .with_min_len(16)
                .with_max_len(TASK_WORDS)
                .for_each(|word| {
                    let mut bits = this.now[word].swap(0, Relaxed);
                    let mut count = 0;
                    while bits != 0 {
                        let l = word as u64 * 64 + bits.trailing_zeros() as u64;
                        bits &= bits - 1;
                        let lost = this.values[l as usize].load(Relaxed) & LOSS != 0;
                        let p = this.ix.unrank(this.global(l));
                        // a king move undone keeps the men: their
                        // configuration is ranked once
                        let men = (p.their_kings != 0)
                            .then(|| other.local_men(turn.apply(p.their_men), turn.apply(p.men)))
                            .flatten();
                        // the predecessors are listed and their cells
                        // fetched first: each is told with a locked
                        // instruction, which waits for the memory it needs
                        let mut heard = ArrayVec::<u64, 128>::new();
                        predecessors::<R>(&p, turn, |q, king| {
                            // a predecessor outside the slice is in one
                            // solved later, which reads this value then
                            let j = match king {
                                true => men.map(|first| first + other.ix.kings_rank(q)),
                                false => other.local(q),
                            };
                            if let Some(j) = j {
                                if heard.try_push(j).is_ok() {
                                    other.prefetch(j);
                                } else {
                                    count += other.hear(j, lost, d + 1) as u64;
                                }
                            }
                        });
                        for j in heard {
                            count += other.hear(j, lost, d + 1) as u64;
                        }
                    }
                    decided.fetch_add(count, Relaxed);
                });
        }
        bar.inc(decided.into_inner());
        d += 1;
        bar.set_message(format!("{label}: distance {d}"));
        let pending = works
            .iter()
            .any(|w| w.next.iter().any(|b| b.load(Relaxed) != 0));
        if !pending || d >= DISTANCE - 1 {
            break;
        }
        for w in works {
            for (now, next) in w.now.iter().zip(w.next.iter()) {
                now.store(next.swap(0, Relaxed), Relaxed);
            }
        }
    }
    Ok(d - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::egtb::RulesOf;

    type English = <crate::rules::removal::English as RulesOf>::R;

    /// Every english job of 2-3 pieces with men, solved in slices of at
    /// most 200 positions and stopped halfway through its scratch file,
    /// resumes and writes the `.wdl` files of the whole build byte for
    /// byte.
    #[test]
    fn slices_resume_and_write_the_files_of_the_whole_build() {
        let whole = tempfile::tempdir().expect("scratch");
        super::super::build::<English>(whole.path(), 3, true).expect("2-3 pieces");
        let sliced = tempfile::tempdir().expect("scratch");
        let bar = ProgressBar::hidden();
        for job in Signature::plan(3, English::MEN) {
            if job.all_men() == 0 {
                continue;
            }
            let mut tables = Tables::empty(English::VARIANT, English::GEO, sliced.path());
            for dep in job.needs() {
                for sig in [dep, dep.mirror()] {
                    let name = format!("{}/{sig}.wdl", English::VARIANT);
                    std::fs::create_dir_all(sliced.path().join(English::VARIANT.to_string()))
                        .expect("dir");
                    std::fs::copy(whole.path().join(&name), sliced.path().join(&name))
                        .expect("copy");
                    tables.load_wdl(sig).expect("a dependency");
                }
            }
            solve_job::<English>(&tables, job, &bar, 200).expect("solved");
            let path = scratch_path(&tables, job);
            let len = std::fs::metadata(&path).expect("a scratch file").len();
            let file = std::fs::OpenOptions::new().write(true).open(&path);
            file.and_then(|f| f.set_len(len / 2)).expect("cut");
            let solved = solve_job::<English>(&tables, job, &bar, 200).expect("resumed");
            assert!(solved.resumed > 0, "{job}: nothing resumed");
            write_job(&mut tables, &solved).expect("written");
            for sig in [job, job.mirror()] {
                let name = format!("{}/{sig}.wdl", English::VARIANT);
                let ours = std::fs::read(sliced.path().join(&name)).expect("written");
                let theirs = std::fs::read(whole.path().join(&name)).expect("built");
                assert!(ours == theirs, "{name}: as the whole build wrote it");
            }
        }
    }
}
