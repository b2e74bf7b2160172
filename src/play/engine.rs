//! The engine at the player's side: its move at a level (learner levels
//! now and then play a worse move on purpose), every legal move ranked by
//! a search, live analysis and pondering that stop when the player types,
//! and its answer to a draw offer, all searched by the engine room.

use super::input::Input;
use super::level::{Level, learner};
use crate::book::{next_random, random_seed};
use crate::egtb::Value;
use crate::egtb::signature::MAX_PIECES;
use crate::engine::score_text;
use crate::engine::{self, Config, EgtbSettings};
use crate::eval::Evaluate;
use crate::notation::movetext::pdn_move;
use crate::search::{Control, Info, Limits, Outcome, line_text};
use crate::variant::Variant;
use crossbeam_channel::{Receiver, never, select, unbounded};
use std::thread;
use std::time::Duration;

/// How deep and how long `moves`, `hint` and a draw offer search.
const QUICK: Limits = Limits {
    depth: Some(8),
    nodes: None,
    move_time: Some(Duration::from_millis(700)),
    clock: None,
    infinite: false,
};

/// The engine's choice: the move, its score for the side that plays it,
/// and the depth searched.
#[derive(Clone, Copy, Debug)]
pub struct Choice<M> {
    pub mv: M,
    pub score: i32,
    pub depth: i32,
}

/// The search with its table and its endgame databases, and the learner
/// levels' dice.
pub struct Engine {
    engine: engine::Engine,
    dice: u64,
}

impl Engine {
    /// The search probes the largest endgame database set found in the
    /// default directory (`$DAM_EGTB_DIR`, else the user's cache), which
    /// the `moves` list shows too; nothing is built.
    pub fn new(variant: Variant, threads: usize, tt_bits: u32) -> Engine {
        let egtb = Variant::REMOVAL
            .contains(&variant)
            .then(|| EgtbSettings::limited(variant, None, MAX_PIECES));
        Engine {
            engine: engine::Engine::new(&Config {
                egtb,
                ..Config::new(threads, tt_bits)
            }),
            dice: random_seed(),
        }
    }

    /// The endgame database's value of `mv` for the side that plays it
    /// (`win 7`, `draw`, `loss 3`: plies to the next conversion), when the
    /// position after it is covered.
    pub fn database_value<G: Evaluate>(&self, pos: &G, mv: &G::Move) -> Option<Value> {
        let after = self.engine.tables()?.probe(&pos.play(mv))?;
        Some(after.back())
    }

    /// Forget the table (a new game).
    pub fn clear(&self) {
        self.engine.clear();
    }

    /// The engine's move at `level` within `limits`; `None` when there is
    /// no legal move.
    pub fn think<G: Evaluate>(
        &mut self,
        pos: &G,
        history: &[u64],
        limits: &Limits,
        level: Level,
    ) -> Option<Choice<G::Move>> {
        let control = Control::new(false);
        let Level::Learner(l) = level else {
            let out = self
                .engine
                .search(pos, history, limits, 1, &control, None)?;
            return out.best.map(|mv| Choice {
                mv,
                score: out.score,
                depth: out.depth,
            });
        };
        let all = pos.count_moves() as usize;
        let out = self
            .engine
            .search(pos, history, limits, all, &control, None)?;
        let (_, chance, margin) = learner(l);
        let &(best, top) = out.lines.first()?;
        let mut pick = (best, top);
        if next_random(&mut self.dice) % 100 < chance {
            let worse: Vec<&(G::Move, i32)> = out.lines[1..]
                .iter()
                .filter(|(_, s)| *s >= top - margin)
                .collect();
            if !worse.is_empty() {
                pick = *worse[(next_random(&mut self.dice) % worse.len() as u64) as usize];
            }
        }
        Some(Choice {
            mv: pick.0,
            score: pick.1,
            depth: out.depth,
        })
    }

    /// A short search of `pos` with `lines` principal lines (every
    /// legal move ranked when it is their number): `moves`, `hint` and the
    /// answer to a draw offer.
    pub fn quick<G: Evaluate>(
        &self,
        pos: &G,
        history: &[u64],
        lines: usize,
    ) -> Option<Outcome<G::Move>> {
        let control = Control::new(false);
        self.engine
            .search(pos, history, &QUICK, lines, &control, None)
    }

    /// Search `pos` without end, handing `say` an info line per finished
    /// line, until the next input, which is returned (the input that
    /// stopped the analysis).
    pub fn analyze<G: Evaluate>(
        &self,
        pos: &G,
        history: &[u64],
        input: &Receiver<Input>,
        mut say: impl FnMut(&str),
    ) -> Input {
        let (tx, infos) = unbounded::<Info<G::Move>>();
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        let control = Control::new(false);
        let mut stopped_by = None;
        let mut seen = false;
        let done = never();
        thread::scope(|s| {
            s.spawn(|| {
                // the search owns the sender: the infos end with it
                let tx = tx;
                self.engine
                    .search(pos, history, &limits, 1, &control, Some(&tx))
            });
            loop {
                // Input stops the search once it has said something; once
                // a line stopped it, later ones wait their turn.
                let watch = if seen && stopped_by.is_none() {
                    input
                } else {
                    &done
                };
                select! {
                    recv(infos) -> info => match info {
                        Ok(info) => {
                            seen = true;
                            say(&info_text(pos, &info));
                        }
                        Err(_) => break,
                    },
                    recv(watch) -> got => {
                        stopped_by = Some(got.unwrap_or(Input::End));
                        control.stop();
                    },
                }
            }
        });
        stopped_by.unwrap_or(Input::End)
    }

    /// Search `pos` (the player's turn) to fill the table while `wait`
    /// waits for the player; what `wait` returns.
    pub fn ponder<G: Evaluate, T>(&self, pos: &G, history: &[u64], wait: impl FnOnce() -> T) -> T {
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        let control = Control::new(true);
        thread::scope(|s| {
            s.spawn(|| self.engine.search(pos, history, &limits, 1, &control, None));
            let got = wait();
            control.stop();
            got
        })
    }
}

/// One info line of the analysis.
fn info_text<G: Evaluate>(pos: &G, info: &Info<G::Move>) -> String {
    let pv = line_text(pos, &info.pv, pdn_move::<G>).join(" ");
    format!(
        "depth {} score {} nodes {} time {:.1}s pv {pv}",
        info.depth,
        score_text(info.score),
        info.nodes,
        info.time.as_secs_f64()
    )
}
