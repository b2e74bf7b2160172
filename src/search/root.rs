//! The root of one thread's search: iterative deepening, aspiration
//! windows, multi-PV (each line searched with the better lines left out)
//! and the info report after each line.

use super::busy::Turns;
use super::limits::Pace;
use super::score::{INFINITE, MATE_BOUND, mate_plies};
use super::worker::{Line, Worker};
use super::{Info, MAX_PLY};
use crate::eval::Evaluate;
use crossbeam_channel::Sender;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// A legal move of the root with its latest score and line.
#[derive(Clone, Debug)]
pub struct RootMove<M> {
    pub mv: M,
    /// The score of the last search of this move (`-INFINITE`: not
    /// searched or no better than the window).
    pub score: i32,
    /// The score of the last completed iteration.
    pub last: i32,
    pub line: Line<M>,
}

/// What one thread's iterative deepening reached.
pub struct Reached {
    pub depth: i32,
}

/// A root move as the answer needs it.
#[derive(Clone, Copy, Debug)]
pub struct Choice<M> {
    pub mv: M,
    pub score: i32,
    pub last: i32,
    /// The expected reply.
    pub ponder: Option<M>,
}

/// Root moves, best first, after an iteration of `depth` plies.
pub struct Ranking<M> {
    pub depth: i32,
    pub choices: Vec<Choice<M>>,
}

impl<M: Copy> Ranking<M> {
    pub fn new() -> Ranking<M> {
        Ranking {
            depth: 0,
            choices: Vec::new(),
        }
    }

    /// Take the moves of `roots` as they stand, those from `skip` on
    /// ranked by their latest score (as a finished root search ranks
    /// them).
    pub fn set(&mut self, depth: i32, roots: &[RootMove<M>], skip: usize) {
        self.depth = depth;
        self.choices.clear();
        self.choices.extend(roots.iter().map(|r| Choice {
            mv: r.mv,
            score: r.score,
            last: r.last,
            ponder: r.line.get(1).copied(),
        }));
        let skip = skip.min(self.choices.len());
        self.choices[skip..].sort_by_key(|c| std::cmp::Reverse(c.score));
    }
}

/// What the threads of one search leave for its answer, and the way out
/// for their reports: once the answer is taken nothing more is reported,
/// so no `info` of a search follows its answer even while its threads
/// wind down.
pub struct Results<M> {
    /// The deepest iteration any thread completed (one line only).
    pub deepest: Mutex<Ranking<M>>,
    /// The main thread's root moves as they stand, with the depth it
    /// completed: the answer when the search is stopped at any moment.
    pub main: Mutex<Ranking<M>>,
    reports: Mutex<Option<Sender<Info<M>>>>,
    /// Whether a thread failed (panicked).
    pub failed: AtomicBool,
    /// Whether the answer was taken.
    taken: AtomicBool,
}

impl<M: Copy> Results<M> {
    pub fn new(info: Option<Sender<Info<M>>>) -> Results<M> {
        Results {
            deepest: Mutex::new(Ranking::new()),
            main: Mutex::new(Ranking::new()),
            reports: Mutex::new(info),
            failed: AtomicBool::new(false),
            taken: AtomicBool::new(false),
        }
    }

    /// Whether reports are still wanted.
    fn reporting(&self) -> bool {
        lock(&self.reports).is_some()
    }

    /// Send `info`, unless the answer was taken.
    fn report(&self, info: Info<M>) {
        if let Some(tx) = lock(&self.reports).as_ref() {
            let _ = tx.send(info);
        }
    }

    /// Take the answer: the main thread's ranking and the deepest any
    /// thread completed; `None` when it was taken already. No report
    /// follows.
    pub fn close(&self) -> Option<(Ranking<M>, Ranking<M>)> {
        lock(&self.reports).take();
        if self.taken.swap(true, Relaxed) {
            return None;
        }
        let main = std::mem::replace(&mut *lock(&self.main), Ranking::new());
        let deepest = std::mem::replace(&mut *lock(&self.deepest), Ranking::new());
        Some((main, deepest))
    }
}

/// A lock, whether or not a thread failed while holding it.
pub fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl<G: Evaluate> Worker<'_, G> {
    /// Search the root moves from `skip` on, best first afterwards; returns
    /// the best score found (the first move's score when all fail low).
    #[allow(clippy::too_many_arguments)]
    fn root(
        &mut self,
        pos: &G,
        roots: &mut [RootMove<G::Move>],
        out: &Results<G::Move>,
        skip: usize,
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.flush();
        roots[skip..].iter_mut().for_each(|r| r.score = -INFINITE);
        let mut best = -INFINITE;
        // As inside the tree, a move another thread is on waits its turn.
        let split = self.shared.split && depth >= 2;
        let mut turns = Turns::new(skip, roots.len(), split);
        while let Some(turn) = turns.next_turn() {
            let n = turn.n;
            let mv = roots[n].mv;
            let child = pos.play(&mv);
            let key = child.hash();
            if turns.may_wait(&turn) && self.shared.busy.searching(key) {
                turns.defer(turn);
                continue;
            }
            if split {
                self.shared.busy.enter(key);
            }
            self.path.push(key);
            let score = if n == skip {
                -self.search(&child, depth - 1, -beta, -alpha, 1, true)
            } else {
                let s = -self.search(&child, depth - 1, -alpha - 1, -alpha, 1, false);
                if s > alpha && s < beta {
                    -self.search(&child, depth - 1, -beta, -alpha, 1, true)
                } else {
                    s
                }
            };
            self.path.pop();
            if split {
                self.shared.busy.leave(key);
            }
            if self.stopped {
                break;
            }
            if n == skip || score > alpha {
                let r = &mut roots[n];
                r.score = score;
                r.line.clear();
                r.line.push(mv);
                let room = r.line.remaining_capacity().min(self.pv[1].len());
                r.line.extend(self.pv[1][..room].iter().copied());
                best = best.max(score);
                if self.main {
                    lock(&out.main).set(self.completed, roots, skip);
                }
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        roots[skip..].sort_by_key(|r| std::cmp::Reverse(r.score));
        best
    }

    /// Iterative deepening from `first` to `max` plies, `lines` principal
    /// lines. With one line, a thread goes on past the deepest iteration
    /// any thread completed, records its own completed iterations in
    /// `out.deepest` when they are the deepest yet, and reports those;
    /// with more lines only the main thread reports. The main thread keeps
    /// its root moves in `out.main` as they change.
    pub fn iterate(
        &mut self,
        pos: &G,
        roots: &mut [RootMove<G::Move>],
        (first, max): (i32, i32),
        lines: usize,
        out: &Results<G::Move>,
    ) -> Reached {
        let lines = lines.clamp(1, roots.len().max(1));
        let mut reached = Reached { depth: 0 };
        let soft = self.shared.limits.budget().soft;
        let last_depth = max.min(MAX_PLY as i32 - 2);
        let (mut pace, mut last_best) = (Pace::default(), None);
        let mut depth = first - 1;
        loop {
            depth += 1;
            if lines == 1 {
                depth = depth.max(self.shared.finished.load(Relaxed) + 1);
            }
            if depth > last_depth {
                break;
            }
            self.root_depth = depth;
            for k in 0..lines {
                let last = roots[k].last;
                let mut delta = 30;
                let aspire = depth >= 4 && last.abs() < MATE_BOUND;
                let (mut alpha, mut beta) = if aspire {
                    (last - delta, last + delta)
                } else {
                    (-INFINITE, INFINITE)
                };
                loop {
                    let s = self.root(pos, roots, out, k, depth, alpha, beta);
                    if self.stopped {
                        break;
                    }
                    delta *= 2;
                    if s <= alpha {
                        alpha = if delta > 400 { -INFINITE } else { s - delta };
                    } else if s >= beta {
                        beta = if delta > 400 { INFINITE } else { s + delta };
                    } else {
                        break;
                    }
                }
                if self.stopped {
                    break;
                }
                roots[k].last = roots[k].score;
                if k == 0 {
                    reached.depth = depth;
                    self.completed = depth;
                }
                if self.main {
                    lock(&out.main).set(self.completed, roots, roots.len());
                }
                let report = if lines == 1 {
                    self.publish(roots, depth, &out.deepest)
                } else {
                    self.main
                };
                if report && out.reporting() {
                    self.flush();
                    out.report(Info {
                        depth,
                        seldepth: self.seldepth,
                        line: k + 1,
                        score: self.shared.shown(roots[k].score),
                        nodes: self.shared.nodes.load(Relaxed),
                        time: self.shared.control.elapsed(),
                        pv: roots[k].line.to_vec(),
                        tbhits: self.shared.tbhits.load(Relaxed),
                    });
                }
            }
            if self.stopped {
                break;
            }
            for r in roots[lines..].iter_mut() {
                r.last = r.score;
            }
            if !self.main || self.shared.limits.infinite || self.shared.control.pondering() {
                continue;
            }
            // On a game clock, no new iteration past a share of the soft
            // limit that grows while the answer is unsettled; with a fixed
            // time a move, the whole time (the hard limit stops the search,
            // and a better move found in the last iteration is kept).
            let changed = last_best.is_some_and(|m| m != roots[0].mv);
            last_best = Some(roots[0].mv);
            let factor = pace.update(changed, roots[0].score);
            let clock = self.shared.control.clock_elapsed();
            let out_of_time = self.shared.limits.clock.is_some()
                && soft.is_some_and(|s| clock.as_secs_f64() > s.as_secs_f64() * 0.55 * factor);
            let mated = mate_plies(roots[0].score).is_some_and(|p| p.abs() <= depth);
            // A forced move is answered at once only when playing on a game
            // clock; a fixed depth, time or node count is searched in full.
            let forced = roots.len() == 1 && self.shared.limits.clock.is_some();
            if out_of_time || mated || forced {
                break;
            }
        }
        if self.main {
            lock(&out.main).set(self.completed, roots, roots.len());
        }
        reached
    }

    /// Record a completed iteration of one line when it is the deepest of
    /// any thread; whether it was.
    fn publish(
        &self,
        roots: &[RootMove<G::Move>],
        depth: i32,
        deepest: &Mutex<Ranking<G::Move>>,
    ) -> bool {
        if self.shared.finished.fetch_max(depth, Relaxed) >= depth {
            return false;
        }
        let mut d = lock(deepest);
        if d.depth < depth {
            d.set(depth, roots, roots.len());
        }
        true
    }
}
