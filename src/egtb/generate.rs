//! Retrograde analysis of one job (a signature and its mirror).
//!
//! Every position starts unknown and dirty. Iteration `n` looks at the
//! dirty positions only: one with a losing successor (for the other side)
//! is won, one whose successors are all won for the other side is lost;
//! its distance is one more than the successor's (the quickest loss when
//! winning, the slowest win when losing), and a conversion — capture or
//! promotion, read from the smaller databases already built — counts one
//! ply. A position decided in iteration `n` has distance `n`, and values
//! of distance `n` or more are not trusted within iteration `n`, so the
//! threads may write in place. A decided position marks its predecessors
//! (quiet moves undone) dirty for the next iteration. When an iteration
//! decides nothing, what is left is a draw. A predecessor of a lost
//! position may now be won and is looked at in full; a predecessor of a
//! won position may only have become lost, which the first successor not
//! won for the other side rules out, so it is looked at in short.
//!
//! A conversion counts one ply whatever follows it, so the generator
//! needs only win, draw or loss of the smaller sets: a dependency may be
//! a `.wdl`-only set (above `DTC_PIECES` pieces), and every job is
//! solved with distances to conversion in memory; the files written are
//! the `.dtb` (up to `DTC_PIECES` pieces) and the `.wdl`.
//!
//! Memory: two bytes per position plus four dirty bits, for both
//! signatures of the job at once; the smaller databases are mapped.

use super::format::{BLOCK, MAX_DISTANCE, Value, Wdl, encode_file, fill_unused, write_atomic};
use super::index::{HalfTurn, Indexer, Placement};
use super::signature::Signature;
use super::solve::{position, solve};
use super::tables::{Tables, file_path, wdl_path};
use super::{DTC_PIECES, wdl};
use crate::board::{Dir, Geometry};
use crate::eval::Evaluate;
use crate::rules::removal::Rules;
use indicatif::ProgressBar;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU16, AtomicU64, Ordering::Relaxed};

const WIN: u16 = 0x8000;
const LOSS: u16 = 0x4000;
const DISTANCE: u16 = 0x3fff;

/// The working state of one signature.
struct Work {
    ix: Indexer,
    values: Vec<AtomicU16>,
    /// To look at in full, and in short (for a loss only), in this
    /// iteration and in the next.
    dirty: Vec<AtomicU64>,
    short: Vec<AtomicU64>,
    next: Vec<AtomicU64>,
    next_short: Vec<AtomicU64>,
}

impl Work {
    fn new(geo: &Geometry, sig: Signature) -> Work {
        let ix = Indexer::new(geo, sig);
        let n = ix.size() as usize;
        let words = n.div_ceil(64);
        let dirty = (0..words)
            .map(|w| {
                let left = n - w * 64;
                AtomicU64::new(if left >= 64 { !0 } else { (1 << left) - 1 })
            })
            .collect();
        let zeros = || (0..words).map(|_| AtomicU64::new(0)).collect();
        Work {
            values: (0..n).map(|_| AtomicU16::new(0)).collect(),
            dirty,
            short: zeros(),
            next: zeros(),
            next_short: zeros(),
            ix,
        }
    }

    /// The value of index `i` if decided before iteration `n`.
    #[inline(always)]
    fn known(&self, i: u64, n: u16) -> Option<Value> {
        let v = self.values[i as usize].load(Relaxed);
        let d = v & DISTANCE;
        match v & (WIN | LOSS) {
            WIN if d < n => Some(Value::win(d)),
            LOSS if d < n => Some(Value::loss(d)),
            _ => None,
        }
    }

    fn mark(&self, i: u64, short: bool) {
        let set = if short { &self.next_short } else { &self.next };
        set[(i / 64) as usize].fetch_or(1 << (i % 64), Relaxed);
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

/// Mark dirty, in `other`, every position whose side to move could have
/// reached `p` (decided, in the mirror signature) by a quiet move; `short`
/// when `p` is won.
fn mark_predecessors<R: Rules>(p: &Placement, turn: &HalfTurn, other: &Work, short: bool) {
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
                let q = Placement {
                    kings: kings & !(1 << from) | at,
                    ..base
                };
                other.mark(other.ix.rank(&q), short);
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
                let q = Placement {
                    men: men & !(1 << from) | at,
                    ..base
                };
                other.mark(other.ix.rank(&q), short);
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
    for dep in job.dependencies() {
        for sig in [dep, dep.mirror()] {
            if !tables.has(sig) && !tables.has_wdl(sig) {
                return Err(format!("{job} needs {sig}, which is not built"));
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
    let mut n: u16 = 1;
    loop {
        let decided = AtomicU64::new(0);
        for t in 0..works.len() {
            let (this, other) = (&works[t], &works[(t + 1) % works.len()]);
            let tables = &*tables;
            (0..this.dirty.len())
                .into_par_iter()
                .with_min_len(16)
                .for_each(|word| {
                    let full = this.dirty[word].swap(0, Relaxed);
                    let mut bits = full | this.short[word].swap(0, Relaxed);
                    while bits != 0 {
                        let i = word as u64 * 64 + bits.trailing_zeros() as u64;
                        let only_loss = full & bits & bits.wrapping_neg() == 0;
                        bits &= bits - 1;
                        if this.values[i as usize].load(Relaxed) != 0 {
                            continue;
                        }
                        let p = this.ix.unrank(i);
                        let value =
                            solve::<R>(&position::<R>(&p), &turn, only_loss, |q, converts| {
                                if converts {
                                    // one ply whatever the distance after
                                    tables
                                        .probe_resolved_wdl::<R>(q)
                                        .map(|wdl| Value { wdl, distance: 0 })
                                } else {
                                    other.known(other.ix.rank(q), n)
                                }
                            });
                        let (code, won) = match value {
                            Some(Value {
                                wdl: Wdl::Win,
                                distance,
                            }) => (WIN | distance, true),
                            Some(Value {
                                wdl: Wdl::Loss,
                                distance,
                            }) => (LOSS | distance, false),
                            _ => continue,
                        };
                        this.values[i as usize].store(code, Relaxed);
                        decided.fetch_add(1, Relaxed);
                        mark_predecessors::<R>(&p, &turn, other, won);
                    }
                });
        }
        let decided = decided.into_inner();
        bar.inc(decided);
        bar.set_message(format!("{job}: iteration {n}"));
        if decided == 0 || n >= DISTANCE - 1 {
            break;
        }
        for w in &mut works {
            std::mem::swap(&mut w.dirty, &mut w.next);
            std::mem::swap(&mut w.short, &mut w.next_short);
        }
        n += 1;
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
        "{job}: {positions} positions, {n} iterations, {:.1} s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The positions of `w` decided as won or lost.
fn decided_count(w: &Work) -> u64 {
    w.values.iter().filter(|v| v.load(Relaxed) != 0).count() as u64
}
