//! The search: iterative deepening PVS over any `G: Evaluate`, a shared
//! lock-free transposition table, Lazy SMP helpers on a dedicated rayon
//! pool (answering at `stop` without waiting for them: `run`), limits
//! and a time manager, and info reports on a crossbeam channel.
//!
//! With one thread and a depth limit the node count is deterministic
//! (the table is cleared by the caller between unrelated searches), which
//! makes `dam bench` a regression check.

mod busy;
mod control;
mod evals;
mod history;
mod limits;
mod reductions;
mod root;
mod run;
pub mod score;
mod tt;
mod worker;

pub use control::Control;
pub use limits::{Budget, Clock, Limits};
pub use tt::Table;

use crate::egtb::Tables;
use crate::egtb::moves::best_moves;
use crate::egtb::phase;
use crate::egtb::{Wdl, material};
use crate::eval::Evaluate;
use crate::rules::MoveList;
use busy::Busy;
use crossbeam_channel::Sender;
use root::{Results, RootMove, lock};
pub use run::Answer;
use run::{Live, Run};
use score::INFINITE;
use std::sync::Arc;
use std::sync::atomic::{AtomicI32, AtomicU64};
use std::time::Duration;
use worker::Shared;

/// The deepest line the search follows.
pub const MAX_PLY: usize = 128;

/// Stack for search threads: a move list per ply lives on it.
pub const STACK: usize = 64 << 20;

/// Positions of a king phase solved a second of the search's time: at
/// 2-3 µs a position (measured on the international 6-piece set), about
/// a third of it.
const PHASE_RATE: f64 = 100_000.0;

/// The most positions of a king phase solved without a time limit.
const PHASE_MOST: usize = 500_000;

/// How many positions the root's king phase may have for `limits`.
fn phase_limit(limits: &Limits) -> usize {
    match limits.budget().soft {
        Some(t) => ((t.as_secs_f64() * PHASE_RATE) as usize).min(PHASE_MOST),
        None => PHASE_MOST,
    }
}

/// One finished line of one iteration.
#[derive(Clone, Debug, PartialEq)]
pub struct Info<M> {
    pub depth: i32,
    pub seldepth: usize,
    /// 1 for the best line; higher in multi-PV.
    pub line: usize,
    pub score: i32,
    pub nodes: u64,
    pub time: Duration,
    pub pv: Vec<M>,
    /// Endgame database probes that gave a value.
    pub tbhits: u64,
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome<M> {
    /// The move to play; `None` only when there is no legal move.
    pub best: Option<M>,
    /// The expected reply.
    pub ponder: Option<M>,
    pub score: i32,
    pub depth: i32,
    pub nodes: u64,
    pub time: Duration,
    /// The best lines' first moves with their scores, best first (as many
    /// as multi-PV asked for).
    pub lines: Vec<(M, i32)>,
    /// Endgame database probes that gave a value.
    pub tbhits: u64,
}

/// Parts of the search that can be switched off, to measure what they
/// bring (`dam selfplay --opponent-param`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Reverse futility and the ProbCut-like cut.
    pub pruning: bool,
    /// Late move reductions.
    pub reductions: bool,
    /// The transposition table.
    pub table: bool,
}

impl Default for Features {
    fn default() -> Features {
        Features {
            pruning: true,
            reductions: true,
            table: true,
        }
    }
}

/// A search engine: the table and the helper threads, kept between
/// searches.
pub struct Searcher {
    tt: Arc<Table>,
    threads: usize,
    pool: Option<rayon::ThreadPool>,
    features: Features,
    tables: Option<Arc<Tables>>,
    /// The positions the threads are searching (used with more than one).
    busy: Arc<Busy>,
    /// The threads of the last search, still running after its answer.
    live: Arc<Live>,
}

impl Searcher {
    /// `threads` search threads (at least one) and a table of `2^tt_bits`
    /// entries.
    pub fn new(threads: usize, tt_bits: u32) -> Searcher {
        let threads = threads.clamp(1, 256);
        let crowded = threads >= default_threads();
        let pool = (threads > 1)
            .then(|| {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .stack_size(STACK)
                    .thread_name(|i| format!("dam-search-{i}"))
                    .start_handler(move |_| {
                        if crowded {
                            run::yield_to_waiters();
                        }
                    })
                    // the failure is marked in the search's results
                    .panic_handler(|_| log::error!("a search thread failed"))
                    .build()
                    .ok()
            })
            .flatten();
        let tt = Table::new(tt_bits);
        if tt.bits() < tt_bits {
            log::warn!(
                "a table of 2^{tt_bits} entries cannot be allocated; using 2^{}",
                tt.bits()
            );
        }
        Searcher {
            tt: Arc::new(tt),
            threads,
            pool,
            features: Features::default(),
            tables: None,
            busy: Arc::new(Busy::new()),
            live: Arc::new(Live::default()),
        }
    }

    /// Probe these endgame databases (used for positions of their variant).
    pub fn set_tables(&mut self, tables: Option<Arc<Tables>>) {
        self.tables = tables;
    }

    /// Switch parts of the search on or off.
    pub fn set_features(&mut self, features: Features) {
        self.features = features;
    }

    /// The table's size, as log2 of its entries: below the size asked for
    /// when the machine could not allocate that much.
    pub fn table_bits(&self) -> u32 {
        self.tt.bits()
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        if self.pool.is_some() { self.threads } else { 1 }
    }

    /// Forget every stored result (a new game).
    pub fn clear(&self) {
        self.live.wait_idle();
        self.tt.clear();
    }

    /// Search `pos`, whose game went through the positions hashed in
    /// `history` (oldest first, `pos` itself last or absent), within
    /// `limits`, reporting `lines` principal lines on `info`, and wait for
    /// the answer. With more than one thread the answer comes as soon as
    /// the search is stopped (by `control`, a limit or the main thread's
    /// end), while the threads wind down behind it.
    pub fn search<G: Evaluate>(
        &self,
        pos: &G,
        history: &[u64],
        limits: &Limits,
        lines: usize,
        control: &Control,
        info: Option<&Sender<Info<G::Move>>>,
    ) -> Outcome<G::Move> {
        let answer = self.start(pos, history, limits, lines, control, info);
        answer.run_here();
        answer.take().expect("a search thread failed")
    }

    /// Start a search as `search` does, and return its answer to come:
    /// with more than one thread the search runs on the pool; with one it
    /// runs when a thread calls `Answer::run_here`.
    pub fn start<G: Evaluate>(
        &self,
        pos: &G,
        history: &[u64],
        limits: &Limits,
        lines: usize,
        control: &Control,
        info: Option<&Sender<Info<G::Move>>>,
    ) -> Answer<G> {
        self.live.wait_idle();
        let mut path: Vec<u64> = history.to_vec();
        if path.last() != Some(&pos.hash()) {
            path.push(pos.hash());
        }
        let mut moves = MoveList::new();
        pos.generate(&mut moves);
        let tables = self.tables.clone().filter(|t| t.variant() == G::VARIANT);
        // a covered root keeps only the moves that keep its value, the
        // fastest conversion of a win
        let keep = tables.as_deref().and_then(|t| best_moves(t, pos));
        if let Some(keep) = &keep {
            moves.retain(|m| keep.iter().any(|(k, _)| k == m));
        }
        // a win or loss known without a distance (above the `.dtb` sets)
        let known = keep
            .filter(|k| k.iter().all(|(_, v)| v.distance == 0 && v.wdl != Wdl::Draw))
            .and_then(|k| k.first().map(|(_, v)| v.wdl));
        let progress = known.and_then(|_| material(pos));
        // such a root whose king phase (to the next capture, promotion or
        // man's move) is small enough for the time keeps the moves that
        // end it the quickest with the win (the slowest for a loss), so
        // that the 25-move rule cannot run out while the search circles
        if let (Some(t), Some(k)) = (tables.as_deref(), known)
            && let Some(keep) = phase::quickest(t, pos, k, phase_limit(limits))
        {
            moves.retain(|m| keep.contains(m));
        }
        let tt_move = self.tt.probe(pos.hash()).and_then(|e| e.mv);
        let mut roots: Vec<RootMove<G::Move>> = moves
            .iter()
            .map(|&mv| RootMove {
                mv,
                score: -INFINITE,
                last: -INFINITE,
                line: [mv].into_iter().collect(),
            })
            .collect();
        if let Some(i) = tt_move.filter(|&i| (i as usize) < roots.len()) {
            roots[..=i as usize].rotate_right(1);
        }
        self.tt.new_search();
        let split = self.threads() > 1;
        if split {
            self.busy.clear();
        }
        let results = Results::new(info.cloned());
        // stopped before any iteration ends, the search answers this order
        lock(&results.main).set(0, &roots, roots.len());
        let run = Arc::new(Run {
            shared: Shared {
                tt: self.tt.clone(),
                control: control.clone(),
                limits: *limits,
                hard: limits.budget().hard,
                nodes: AtomicU64::new(0),
                features: self.features,
                tables,
                progress,
                known: known.filter(|_| progress.is_some()),
                tbhits: AtomicU64::new(0),
                split,
                busy: self.busy.clone(),
                finished: AtomicI32::new(0),
            },
            pos: *pos,
            path,
            max: limits.depth.unwrap_or(MAX_PLY as i32).max(1),
            lines,
            results,
        });
        let mut here = None;
        if !roots.is_empty() {
            match &self.pool {
                Some(pool) => {
                    // the main thread first, then the helpers
                    for i in 0..self.threads {
                        let (run, roots, token) = (run.clone(), roots.clone(), self.live.enter());
                        pool.spawn(move || {
                            let _token = token;
                            run.work(i == 0, roots);
                        });
                    }
                }
                None => here = Some((roots, self.live.enter())),
            }
        } else {
            control.stop();
        }
        Answer::new(run, here)
    }
}

impl Drop for Searcher {
    /// No thread outlives its engine.
    fn drop(&mut self) {
        self.live.wait_idle();
    }
}

#[cfg(test)]
mod tests;

/// The text of each move of `line` played from `pos`, written by `write`
/// (PDN or Hub notation); stops at the first move that is not legal.
pub fn line_text<G: Evaluate>(
    pos: &G,
    line: &[G::Move],
    write: fn(&G, &G::Move) -> String,
) -> Vec<String> {
    let mut pos = *pos;
    let mut out = Vec::with_capacity(line.len());
    for mv in line {
        let mut legal = MoveList::new();
        pos.generate(&mut legal);
        if !legal.contains(mv) {
            break;
        }
        out.push(write(&pos, mv));
        pos = pos.play(mv);
    }
    out
}

/// The number of threads to use by default: every core.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
