//! One search thread: principal variation search with a transposition
//! table (a node that fails low keeps the table move it found), move
//! ordering (table move, killers, history), late move reductions, reverse
//! futility and a ProbCut-like cut, single-reply extension, repetition
//! and draw rules, endgame database probes (a draw leaning toward the side
//! with more material), and a quiescence search that plays out forced
//! captures.

use super::busy::{Busy, Turns};
use super::evals::EvalCache;
use super::history::{MOVE_KEYS, move_key};
use super::reductions::late_reduction;
use super::score::{INFINITE, MATE, MATE_BOUND, from_table, lost_at, mate_plies, to_table};
use super::tt::{Bound, Entry, Table};
use super::{Control, Features, Limits, MAX_PLY};
use crate::egtb::{Tables, Wdl, material, search_score};
use crate::eval::Evaluate;
use crate::rules::{Color, Game, GameEnd, MAX_MOVES, MoveList, Outcome};
use arrayvec::ArrayVec;
use std::sync::Arc;
use std::sync::atomic::{AtomicI32, AtomicU64, Ordering::Relaxed};
use std::time::Duration;

/// A principal variation.
pub type Line<M> = ArrayVec<M, MAX_PLY>;

/// Nodes a thread searches between looks at the shared state.
const CHECK_EVERY: u64 = 1024;

/// The shallowest remaining depth at which threads split a node's moves
/// (see `busy`): below it a subtree is too small to be worth the marks.
const SPLIT_DEPTH: i32 = 5;

/// The shallowest remaining depth at which a non-PV node without kings
/// tries the ProbCut-like cut: a search at two fifths of the depth against
/// a bar `PROBCUT_MARGIN` a ply above beta.
const PROBCUT_DEPTH: i32 = 3;
const PROBCUT_MARGIN: i32 = 10;

/// Whether a king is on the board (as the side views show it; a family
/// without them, never): king play is long-winded tactics that the
/// ProbCut-like cut's shallow search misjudges.
#[inline(always)]
fn kings_on_board<G: Evaluate>(pos: &G) -> bool {
    [Color::White, Color::Black]
        .into_iter()
        .any(|c| pos.side_view(c).is_some_and(|(side, _, _)| side.kings != 0))
}

/// What every thread of one search shares.
pub struct Shared {
    pub tt: Arc<Table>,
    pub control: Control,
    pub limits: Limits,
    /// Past this, stop at once (`None`: no time limit).
    pub hard: Option<Duration>,
    /// Nodes searched by all threads, updated every `CHECK_EVERY`.
    pub nodes: AtomicU64,
    pub features: Features,
    /// Endgame databases of the searched variant, and their hits.
    pub tables: Option<Arc<Tables>>,
    /// The root's material when the databases hold its win (or loss)
    /// without a distance: positions of that material are searched, not
    /// probed, so that the search looks for the next conversion instead
    /// of scoring every move that keeps the win alike.
    pub progress: Option<u32>,
    /// With `progress`, the root's database win or loss: what the search
    /// reports for any score short of a win or loss it found itself (its
    /// own scores there are evaluations, which guide it to the next
    /// conversion but would hide what the databases know).
    pub known: Option<Wdl>,
    pub tbhits: AtomicU64,
    /// Whether more than one thread searches: then they split nodes' moves
    /// through `busy`.
    pub split: bool,
    pub busy: Arc<Busy>,
    /// The deepest iteration any thread has completed.
    pub finished: AtomicI32,
}

impl Shared {
    /// Stop every thread.
    fn stop(&self) {
        self.control.stop();
    }

    /// The score reported for a root line that scored `score`: the
    /// root's database win or loss (`known`) unless the search found a
    /// win or loss of its own.
    pub fn shown(&self, score: i32) -> i32 {
        match self.known {
            Some(w) if mate_plies(score).is_none() => search_score(w, 0),
            _ => score,
        }
    }
}

/// The state of one search thread.
pub struct Worker<'a, G: Evaluate> {
    pub shared: &'a Shared,
    /// The thread that watches the clock.
    pub main: bool,
    pub nodes: u64,
    unreported: u64,
    tbhits: u64,
    pub stopped: bool,
    pub seldepth: usize,
    /// The depth of the current iteration, to bound extensions.
    pub root_depth: i32,
    /// The deepest iteration this thread completed.
    pub completed: i32,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<i32>,
    /// Hashes of the game so far and of the current line, the current
    /// position last.
    pub path: Vec<u64>,
    pub pv: Vec<Line<G::Move>>,
    evals: EvalCache,
}

impl<'a, G: Evaluate> Worker<'a, G> {
    /// A thread for `shared`, the game's earlier positions in `history`
    /// (the root position last).
    pub fn new(shared: &'a Shared, main: bool, history: &[u64]) -> Self {
        let mut path = Vec::with_capacity(history.len() + MAX_PLY + 2);
        path.extend_from_slice(history);
        Worker {
            shared,
            main,
            nodes: 0,
            unreported: 0,
            tbhits: 0,
            stopped: false,
            seldepth: 0,
            root_depth: 1,
            completed: 0,
            killers: vec![[None; 2]; MAX_PLY + 2],
            history: vec![0; 2 * MOVE_KEYS],
            path,
            pv: vec![Line::new(); MAX_PLY + 2],
            evals: EvalCache::new(),
        }
    }

    /// The static evaluation of `pos`, through the cache where the hash
    /// names everything the evaluation reads.
    #[inline(always)]
    fn evaluate(&mut self, pos: &G) -> i32 {
        if G::HASH_COVERS_EVAL {
            self.evals.get_or(pos.hash(), || pos.evaluate())
        } else {
            pos.evaluate()
        }
    }

    /// Count a node; every `CHECK_EVERY` nodes, look at the limits.
    #[inline(always)]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        self.unreported += 1;
        if self.unreported >= CHECK_EVERY {
            self.flush();
        }
        self.stopped
    }

    /// Publish the node count and check the stop flag and the limits.
    pub fn flush(&mut self) {
        let s = self.shared;
        let total = s.nodes.fetch_add(self.unreported, Relaxed) + self.unreported;
        self.unreported = 0;
        s.tbhits
            .fetch_add(std::mem::take(&mut self.tbhits), Relaxed);
        // The first iteration always ends, so that even a tiny node or time
        // limit answers with a searched score; only `stop` cuts it short.
        let limited = self.root_depth > 1;
        if limited && s.limits.nodes.is_some_and(|n| total >= n) {
            s.stop();
        }
        if self.main
            && limited
            && !s.control.pondering()
            && s.hard.is_some_and(|h| s.control.clock_elapsed() >= h)
        {
            s.stop();
        }
        if s.control.stopped() {
            self.stopped = true;
        }
    }

    /// Whether the current position (last on the path) occurred before
    /// with the same side to move.
    fn repeated(&self) -> bool {
        let n = self.path.len();
        let Some(&now) = self.path.last() else {
            return false;
        };
        let oldest = n.saturating_sub(101);
        let mut i = n as isize - 3;
        while i >= oldest as isize {
            if self.path[i as usize] == now {
                return true;
            }
            i -= 2;
        }
        false
    }

    /// The score of a game ended by a rule, for the side to move.
    fn end_score(pos: &G, end: &GameEnd, ply: usize) -> i32 {
        if let Some(score) = pos.final_score() {
            return score;
        }
        match end.outcome {
            Outcome::Draw => 0,
            Outcome::Win(c) if c == pos.side_to_move() => MATE - ply as i32,
            Outcome::Win(_) => lost_at(ply),
        }
    }

    /// The endgame database's score of `pos` (no capture pending), if it
    /// covers it: win, draw or loss only (the root move filter, which
    /// reads distances, picks the fastest conversion), a draw leaning by
    /// material (`draw_lean`).
    #[inline]
    fn table_score(&mut self, pos: &G, ply: usize) -> Option<i32> {
        let tables = self.shared.tables.as_deref()?;
        if self.shared.progress.is_some() && material(pos) == self.shared.progress {
            return None;
        }
        let v = tables.probe_wdl(pos)?;
        self.tbhits += 1;
        Some(match v {
            Wdl::Draw => draw_lean(pos),
            _ => search_score(v, ply),
        })
    }

    /// Record `mv` followed by the line below it as the line at `ply`.
    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        let rest = &tail[0];
        let room = line.remaining_capacity().min(rest.len());
        line.extend(rest[..room].iter().copied());
    }

    /// The ordering key of a move: table move, killers, then history.
    fn order(&self, i: usize, mv: &G::Move, tt: Option<u16>, ply: usize, side: usize) -> i32 {
        if tt == Some(i as u16) {
            1 << 30
        } else if self.killers[ply][0] == Some(*mv) {
            1 << 22
        } else if self.killers[ply][1] == Some(*mv) {
            1 << 21
        } else {
            self.history[side * MOVE_KEYS + move_key::<G>(mv)]
        }
    }

    /// A quiet move caused a cut-off at `ply`.
    fn reward(&mut self, mv: G::Move, ply: usize, side: usize, depth: i32) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let h = &mut self.history[side * MOVE_KEYS + move_key::<G>(&mv)];
        *h += depth * depth;
        if *h > 1 << 20 {
            self.history.iter_mut().for_each(|x| *x /= 2);
        }
    }

    /// The alpha-beta search of `pos` (last on the path) at `ply`.
    pub fn search(
        &mut self,
        pos: &G,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        let reversible = pos.has_reversible_moves();
        if reversible && self.repeated() {
            self.pv[ply].clear();
            return 0;
        }
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply);
        }
        if self.tick() {
            return 0;
        }
        let key = pos.hash();
        self.shared.tt.prefetch(key);
        self.pv[ply].clear();
        self.seldepth = self.seldepth.max(ply);
        let mut moves = MoveList::new();
        pos.generate(&mut moves);
        if moves.is_empty() {
            return pos.final_score().unwrap_or(lost_at(ply));
        }
        if reversible && let Some(end) = pos.game_end() {
            return Self::end_score(pos, &end, ply);
        }
        if !G::is_capture(&moves[0])
            && let Some(s) = self.table_score(pos, ply)
        {
            return s;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
        }
        alpha = alpha.max(lost_at(ply));
        beta = beta.min(-lost_at(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        let features = self.shared.features;
        let mut tt_move = None;
        if let Some(e) = self.shared.tt.probe(key).filter(|_| features.table) {
            tt_move = e.mv.filter(|&i| (i as usize) < moves.len());
            if !pv_node && e.depth >= depth {
                let s = from_table(e.score, ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let captures = G::is_capture(&moves[0]);
        if moves.len() == 1 && (ply as i32) < 2 * self.root_depth + 4 {
            depth += 1;
        }
        if features.pruning && !pv_node && !captures && beta.abs() < MATE_BOUND {
            let eval = self.evaluate(pos);
            if depth <= 3 && eval - 90 * depth >= beta {
                return eval;
            }
            if depth >= PROBCUT_DEPTH && !kings_on_board(pos) {
                let bar = beta + PROBCUT_MARGIN * depth;
                let s = self.search(pos, (depth * 2 / 5).max(1), bar - 1, bar, ply, false);
                if self.stopped {
                    return 0;
                }
                if s >= bar {
                    return s;
                }
            }
        }
        let side = pos.side_to_move().index();
        let mut order: ArrayVec<(i32, u16), MAX_MOVES> = ArrayVec::new();
        for (i, m) in moves.iter().enumerate() {
            order.push((self.order(i, m, tt_move, ply, side), i as u16));
        }
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_index = 0u16;
        // Moves another thread is searching wait until the rest are done.
        let split = self.shared.split && depth >= SPLIT_DEPTH;
        let mut turns = Turns::new(0, order.len(), split);
        while let Some(turn) = turns.next_turn() {
            let n = turn.n;
            if turn.fresh {
                let pick = (n..order.len()).max_by_key(|&j| order[j].0).unwrap_or(n);
                order.swap(n, pick);
            }
            let index = order[n].1;
            let mv = moves[index as usize];
            let child = pos.play(&mv);
            let child_key = child.hash();
            if turns.may_wait(&turn) && self.shared.busy.searching(child_key) {
                turns.defer(turn);
                continue;
            }
            if split {
                self.shared.busy.enter(child_key);
            }
            self.path.push(child_key);
            let score = if n == 0 {
                -self.search(&child, depth - 1, -beta, -alpha, ply + 1, pv_node)
            } else {
                let r = if features.reductions && !captures {
                    late_reduction(depth, n, pv_node)
                } else {
                    0
                };
                let mut s = -self.search(&child, depth - 1 - r, -alpha - 1, -alpha, ply + 1, false);
                if s > alpha && r > 0 {
                    s = -self.search(&child, depth - 1, -alpha - 1, -alpha, ply + 1, false);
                }
                if s > alpha && s < beta && pv_node {
                    s = -self.search(&child, depth - 1, -beta, -alpha, ply + 1, true);
                }
                s
            };
            self.path.pop();
            if split {
                self.shared.busy.leave(child_key);
            }
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_index = index;
                if score > alpha {
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, mv);
                    }
                    if alpha >= beta {
                        if !captures {
                            self.reward(mv, ply, side, depth);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if features.table {
            self.shared.tt.store(
                key,
                Entry {
                    score: to_table(best, ply),
                    depth,
                    bound,
                    // A node that failed low has no best move (its
                    // highest upper bound is noise): the table move found
                    // before, where there is one, stays.
                    mv: match (bound, tt_move) {
                        (Bound::Upper, Some(old)) => Some(old),
                        _ => Some(best_index),
                    },
                },
            );
        }
        best
    }

    /// Play out forced captures; a position without a capture is scored
    /// as it stands, unless the opponent threatens one: then, once per
    /// line (`look`), every move is tried one ply further.
    pub fn quiesce(&mut self, pos: &G, alpha: i32, beta: i32, ply: usize) -> i32 {
        self.quiesce_with(pos, alpha, beta, ply, true)
    }

    fn quiesce_with(&mut self, pos: &G, mut alpha: i32, beta: i32, ply: usize, look: bool) -> i32 {
        if self.tick() {
            return 0;
        }
        self.pv[ply].clear();
        self.seldepth = self.seldepth.max(ply);
        let captures = pos.must_capture();
        if !captures && let Some(s) = self.table_score(pos, ply) {
            return s;
        }
        let extend = !captures && look && pos.threatened();
        if !captures && !extend {
            return if pos.can_step() {
                self.evaluate(pos)
            } else {
                pos.final_score().unwrap_or(lost_at(ply))
            };
        }
        let mut moves = MoveList::new();
        pos.generate(&mut moves);
        if moves.is_empty() {
            return pos.final_score().unwrap_or(lost_at(ply));
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
        }
        let mut best = -INFINITE;
        for mv in moves.iter() {
            let score = -self.quiesce_with(&pos.play(mv), -beta, -alpha, ply + 1, look && !extend);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, *mv);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// What a database draw scores per unit of material ahead (a man 1, a
/// king 3, as matches adjudicated by material count them).
const DRAW_LEAN: i32 = 5;

/// The most units of material the lean counts: a database draw scores
/// at most 0.30 either way.
const DRAW_LEAN_UNITS: i32 = 6;

/// The score of a database draw for the side to move: a lean toward the
/// side with more material, so that among drawn lines the search keeps
/// its men instead of giving them away (a draw that sheds material
/// leaves no winning chances, and a match adjudicated by material at a
/// move limit scores it as a loss). A family without a side view: 0.
fn draw_lean<G: Game>(pos: &G) -> i32 {
    let me = pos.side_to_move();
    let units = |c| pos.side_view(c).map_or(0, |(side, _, _)| side.units());
    DRAW_LEAN * (units(me) - units(me.flip())).clamp(-DRAW_LEAN_UNITS, DRAW_LEAN_UNITS)
}
