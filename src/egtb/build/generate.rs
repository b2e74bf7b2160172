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
//! Memory: two bytes per position plus two bits, for both signatures of
//! the job at once; the smaller databases are mapped.

use super::solve::solve;
use crate::board::{Dir, Geometry};
use crate::egtb::format::{
    BLOCK, MAX_DISTANCE, Value, Wdl, encode_file, fill_unused, write_atomic,
};
use crate::egtb::index::{HalfTurn, Indexer, Placement};
use crate::egtb::signature::Signature;
use crate::egtb::tables::{Tables, file_path, position, wdl_path};
use crate::egtb::{DTC_PIECES, wdl};
use crate::notation::fen::write_fen;
use crate::rules::Game;
use crate::rules::removal::Rules;
use indicatif::ProgressBar;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU16, AtomicU64, Ordering::Relaxed};

const WIN: u16 = 0x8000;
const LOSS: u16 = 0x4000;
const DISTANCE: u16 = 0x3fff;
/// The count of an undecided position that no quiet move can decide.
const FROZEN: u16 = DISTANCE;

/// The working state of one signature.
struct Work {
    ix: Indexer,
    /// A decided position: `WIN` or `LOSS` and its distance; an undecided
    /// one: its count (see the module documentation).
    values: Vec<AtomicU16>,
    /// The positions decided at the distance being taken, and at the next.
    now: Vec<AtomicU64>,
    next: Vec<AtomicU64>,
}

impl Work {
    fn new(geo: &Geometry, sig: Signature) -> Work {
        let ix = Indexer::new(geo, sig);
        let n = ix.size() as usize;
        let zeros = || (0..n.div_ceil(64)).map(|_| AtomicU64::new(0)).collect();
        Work {
            values: (0..n).map(|_| AtomicU16::new(0)).collect(),
            now: zeros(),
            next: zeros(),
            ix,
        }
    }

    /// The first look at positions `64 * word ..`: their values or
    /// counts, and the decided ones in `now` (distance 0) or `next` (1).
    /// Returns how many it decided, or the index of a position with a
    /// conversion that no loaded table values.
    fn first_look<R: Rules>(
        &self,
        word: usize,
        tables: &Tables,
        turn: &HalfTurn,
    ) -> Result<u64, u64> {
        let first = word as u64 * 64;
        let last = (first + 64).min(self.ix.size());
        let (mut now, mut next) = (0u64, 0u64);
        for i in first..last {
            let (mut quiet, mut draw, mut unvalued) = (0u16, false, false);
            let p = self.ix.unrank(i);
            let value = solve::<R>(&position::<R>(&p), turn, |q, converts| {
                if !converts {
                    quiet += 1;
                    return None;
                }
                // one ply whatever the distance after
                let v = tables.probe_resolved_wdl::<R>(q);
                unvalued |= v.is_none();
                draw |= v == Some(Wdl::Draw);
                v.map(|wdl| Value { wdl, distance: 0 })
            });
            if unvalued {
                return Err(i);
            }
            let code = match value {
                Some(Value {
                    wdl: Wdl::Win,
                    distance,
                }) => WIN | distance,
                Some(Value {
                    wdl: Wdl::Loss,
                    distance,
                }) => LOSS | distance,
                // a draw: no quiet move can change it
                Some(_) => FROZEN,
                None if draw => 0,
                None => quiet,
            };
            self.values[i as usize].store(code, Relaxed);
            if code & (WIN | LOSS) != 0 {
                let bit = 1 << (i - first);
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

    /// Tell position `j` that one of its successors is decided (lost when
    /// `lost`, else won), `d` plies from its own value; true when that
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

    /// The win, draw or loss of every position in runs, a position whose
    /// side to move must capture being a don't care.
    fn wdl_runs<R: Rules>(&self) -> Vec<wdl::Run> {
        wdl::runs(self.ix.size(), |start, out| {
            for (k, v) in out.iter_mut().enumerate() {
                let i = start + k as u64;
                let quiet = !position::<R>(&self.ix.unrank(i)).must_capture();
                *v = quiet.then(
                    || match self.values[i as usize].load(Relaxed) & (WIN | LOSS) {
                        WIN => Wdl::Win,
                        LOSS => Wdl::Loss,
                        _ => Wdl::Draw,
                    },
                );
            }
        })
    }

    /// The stored bytes: a position whose side to move must capture gets
    /// whatever value helps the compression of its block.
    fn bytes<R: Rules>(&self) -> Vec<u8> {
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
                let unused =
                    |i: usize| position::<R>(&self.ix.unrank(first + i as u64)).must_capture();
                fill_unused(block, unused);
            });
        bytes
    }
}

/// Call `f` with every position, seen from its side to move, that could
/// have reached `p` by a quiet move (not a promotion); a position whose
/// side to move must capture is among them, though the move is illegal
/// there.
#[inline(always)]
fn predecessors<R: Rules>(p: &Placement, turn: &HalfTurn, mut f: impl FnMut(&Placement)) {
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
                f(&Placement {
                    kings: kings & !(1 << from) | at,
                    ..base
                });
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
                f(&Placement {
                    men: men & !(1 << from) | at,
                    ..base
                });
            }
        }
    }
}

/// Build the job `job` (its signature and mirror) of `R`'s variant and
/// write its files; `tables` holds every dependency and gets the new
/// files. `bar` advances by the positions decided.
pub fn build_job<R: Rules>(
    tables: &mut Tables,
    job: Signature,
    bar: &ProgressBar,
) -> Result<(), String> {
    for dep in job.needs() {
        for sig in [dep, dep.mirror()] {
            if !tables.has(sig) && !tables.has_wdl(sig) {
                return Err(format!("{job} needs {sig}, which is not loaded"));
            }
        }
    }
    let sigs: Vec<Signature> = if job == job.mirror() {
        vec![job]
    } else {
        vec![job, job.mirror()]
    };
    let started = std::time::Instant::now();
    let mut works: Vec<Work> = sigs.iter().map(|&s| Work::new(R::GEO, s)).collect();
    let turn = tables.half_turn().clone();
    for w in &works {
        let tables = &*tables;
        let decided = (0..w.now.len())
            .into_par_iter()
            .with_min_len(16)
            .map(|word| w.first_look::<R>(word, tables, &turn))
            .try_reduce(|| 0, |a, b| Ok(a + b))
            .map_err(|i| {
                let fen = write_fen(&position::<R>(&w.ix.unrank(i)));
                format!(
                    "{job}: a capture or promotion from {fen} (index {i} of {}) leads where no loaded table gives a value: a dependency is missing or damaged",
                    w.ix.signature()
                )
            })?;
        bar.inc(decided);
    }
    bar.set_message(format!("{job}: distance 0"));
    let mut d: u16 = 0;
    loop {
        let decided = AtomicU64::new(0);
        for t in 0..works.len() {
            let (this, other) = (&works[t], &works[(t + 1) % works.len()]);
            (0..this.now.len())
                .into_par_iter()
                .with_min_len(16)
                .for_each(|word| {
                    let mut bits = this.now[word].swap(0, Relaxed);
                    let mut count = 0;
                    while bits != 0 {
                        let i = word as u64 * 64 + bits.trailing_zeros() as u64;
                        bits &= bits - 1;
                        let lost = this.values[i as usize].load(Relaxed) & LOSS != 0;
                        predecessors::<R>(&this.ix.unrank(i), &turn, |q| {
                            count += other.hear(other.ix.rank(q), lost, d + 1) as u64;
                        });
                    }
                    decided.fetch_add(count, Relaxed);
                });
        }
        bar.inc(decided.into_inner());
        d += 1;
        bar.set_message(format!("{job}: distance {d}"));
        let pending = works
            .iter()
            .any(|w| w.next.iter().any(|b| b.load(Relaxed) != 0));
        if !pending || d >= DISTANCE - 1 {
            break;
        }
        for w in &mut works {
            std::mem::swap(&mut w.now, &mut w.next);
        }
    }
    let variant = tables.variant();
    for (w, &sig) in works.iter().zip(&sigs) {
        if job.pieces() <= DTC_PIECES {
            let path = file_path(tables.dir(), variant, sig);
            let bytes = encode_file(variant, sig, &w.bytes::<R>());
            write_atomic(&path, &bytes).map_err(|e| format!("{}: {e}", path.display()))?;
            tables.load(sig)?;
        }
        let path = wdl_path(tables.dir(), variant, sig);
        let bytes = wdl::encode_file(variant, sig, &w.wdl_runs::<R>());
        write_atomic(&path, &bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        tables.load_wdl(sig)?;
        bar.inc(w.ix.size() - decided_count(w));
    }
    let positions: u64 = works.iter().map(|w| w.ix.size()).sum();
    log::info!(
        "{job}: {positions} positions, longest distance {}, {:.1} s",
        d - 1,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The positions of `w` decided as won or lost.
fn decided_count(w: &Work) -> u64 {
    w.values
        .iter()
        .filter(|v| v.load(Relaxed) & (WIN | LOSS) != 0)
        .count() as u64
}
