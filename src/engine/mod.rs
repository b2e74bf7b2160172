//! The engine room: one configuration (threads, table size, endgame
//! databases, search features) turned into a searcher with its tables,
//! the evaluation file and opening book it plays with, and the one place
//! that starts search threads. Every front end (Hub, DXP,
//! `dam play`, `dam analyze`, `dam bench`, matches, PDN analysis, data
//! generation, book building) asks this module for its searches; none
//! spawns a search thread or wires databases into a search itself.

mod eval_file;
mod opening;
mod pool;

pub use eval_file::{use_eval_file, use_shipped_eval};
pub use opening::Opening;
pub use pool::{Pool, pool};

use crate::egtb::{Tables, builds_first, default_dir, open_for_engine};
use crate::eval::Evaluate;
use crate::search::score::{Standing, standing};
use crate::search::{Answer, Control, Features, Info, Limits, Outcome, STACK, Searcher};
use crate::variant::Variant;
use crossbeam_channel::Sender;
use std::path::PathBuf;
use std::sync::Arc;
use std::thread::{self, JoinHandle};

/// Which endgame databases an engine probes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EgtbSettings {
    /// The variant whose sets are opened.
    pub variant: Variant,
    /// Their directory; `None`: `$DAM_EGTB_DIR`, else the user's cache.
    pub dir: Option<PathBuf>,
    /// Sets of up to this many pieces (below 2: none; `MAX_PIECES`: the
    /// largest found).
    pub pieces: u32,
    /// Build the small sets (up to 4 pieces) first when they are missing.
    pub build_missing: bool,
}

impl EgtbSettings {
    /// The sets of `variant` in `dir` (`None`: the default directory) that
    /// a limit of `pieces` asks for: `MAX_PIECES` (the front ends'
    /// default) opens the largest set found and builds nothing; 2 to 7
    /// pieces build the small sets first where missing
    /// (`egtb::builds_first`); below 2, none.
    pub fn limited(variant: Variant, dir: Option<PathBuf>, pieces: u32) -> EgtbSettings {
        EgtbSettings {
            variant,
            dir,
            pieces,
            build_missing: builds_first(pieces),
        }
    }
}

/// What an engine is made of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Search threads (at least one).
    pub threads: usize,
    /// The transposition table holds `2^tt_bits` entries.
    pub tt_bits: u32,
    /// Endgame databases to probe, if any.
    pub egtb: Option<EgtbSettings>,
    /// Parts of the search switched on or off (`dam selfplay`).
    pub features: Features,
}

impl Config {
    /// `threads` threads and a table of `2^tt_bits` entries, no databases,
    /// every search feature on.
    pub fn new(threads: usize, tt_bits: u32) -> Config {
        Config {
            threads,
            tt_bits,
            egtb: None,
            features: Features::default(),
        }
    }
}

/// A searcher with its table, threads and databases, kept between
/// searches.
pub struct Engine {
    searcher: Searcher,
    tables: Option<Arc<Tables>>,
}

impl Engine {
    /// The engine `config` describes. Databases that cannot be opened are
    /// reported (logged once) and left out.
    pub fn new(config: &Config) -> Engine {
        let tables = config.egtb.as_ref().and_then(open_tables).map(Arc::new);
        Engine::with_tables(config, tables)
    }

    /// The engine `config` describes, probing `tables` (already opened and
    /// shared, as a batch job's shelf does) instead of `config.egtb`.
    pub fn with_tables(config: &Config, tables: Option<Arc<Tables>>) -> Engine {
        let mut searcher = Searcher::new(config.threads, config.tt_bits);
        searcher.set_features(config.features);
        searcher.set_tables(tables.clone());
        Engine { searcher, tables }
    }

    /// The databases this engine probes.
    pub fn tables(&self) -> Option<&Tables> {
        self.tables.as_deref()
    }

    /// The table's size, as log2 of its entries: below the size asked for
    /// when the machine could not allocate that much.
    pub fn table_bits(&self) -> u32 {
        self.searcher.table_bits()
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.searcher.threads()
    }

    /// Forget every stored result (a new game).
    pub fn clear(&self) {
        self.searcher.clear();
    }

    /// Search `pos` (reached through the positions hashed in `history`)
    /// and wait for the answer. One thread searches on a thread with the
    /// stack it needs (when no such thread can be had, a tight memory
    /// limit, on the calling thread, as a warning says); more search on
    /// the engine's pool. `None` when a search thread failed.
    pub fn search<G: Evaluate>(
        &self,
        pos: &G,
        history: &[u64],
        limits: &Limits,
        lines: usize,
        control: &Control,
        info: Option<&Sender<Info<G::Move>>>,
    ) -> Option<Outcome<G::Move>> {
        let searcher = &self.searcher;
        let run = move || searcher.search(pos, history, limits, lines, control, info);
        if searcher.threads() > 1 {
            // the threads are the pool's: this one only waits, and answers
            // without a hand-over to another thread
            return std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)).ok();
        }
        thread::scope(|s| {
            let spawned = thread::Builder::new()
                .name("dam-search".into())
                .stack_size(STACK)
                .spawn_scoped(s, run);
            match spawned {
                Ok(handle) => handle.join().ok(),
                Err(e) => {
                    log::warn!("no thread with a search stack ({e}): searching on this one");
                    Some(run())
                }
            }
        })
    }

    /// Search on the calling thread, which must have the stack a search
    /// needs (a thread of a `Pool`), and wait for the answer.
    pub fn search_here<G: Evaluate>(
        &self,
        pos: &G,
        history: &[u64],
        limits: &Limits,
        lines: usize,
        control: &Control,
    ) -> Outcome<G::Move> {
        self.searcher
            .search(pos, history, limits, lines, control, None)
    }
}

/// A search given to the background: `done` receives its answer.
pub struct Job<G: Evaluate> {
    pub pos: G,
    pub history: Vec<u64>,
    pub limits: Limits,
    pub lines: usize,
    pub control: Arc<Control>,
    pub info: Sender<Info<G::Move>>,
    pub done: Sender<Outcome<G::Move>>,
}

/// Start `job` on `engine` in the background and return at once, with
/// the search's answer to come (`Answer::take` once it is stopped, which
/// answers without waiting for any search thread) and the thread that
/// sends the answer on `job.done` unless it was taken (stop the search
/// early with `job.control`).
pub fn start<G: Evaluate>(
    engine: &Arc<Engine>,
    job: Job<G>,
) -> std::io::Result<(Answer<G>, JoinHandle<()>)> {
    let answer = engine.searcher.start(
        &job.pos,
        &job.history,
        &job.limits,
        job.lines,
        &job.control,
        Some(&job.info),
    );
    let waiter = answer.clone();
    let spawned = thread::Builder::new()
        .name("dam-search".into())
        .stack_size(STACK)
        .spawn(move || {
            waiter.run_here();
            if let Some(out) = waiter.take() {
                let _ = job.done.send(out);
            }
        });
    if spawned.is_err() {
        job.control.stop();
    }
    Ok((answer, spawned?))
}

/// A score as text: men with two decimals, a win/loss the search found
/// with its plies to the game's end (`win7`, `loss4`), or a win/loss the
/// endgame databases prove, its distance to the end unknown (`win`,
/// `loss`).
pub fn score_text(score: i32) -> String {
    match standing(score) {
        Standing::Win(Some(p)) => format!("win{p}"),
        Standing::Win(None) => "win".into(),
        Standing::Loss(Some(p)) => format!("loss{p}"),
        Standing::Loss(None) => "loss".into(),
        Standing::Eval(s) => format!("{:.2}", s as f64 / 100.0),
    }
}

/// The sets `settings` name, opened (and the small ones built first when
/// asked); `None` when they cover nothing. For a front end that shows
/// database values beside a search (`dam play`, `dam show`).
pub fn open_tables(settings: &EgtbSettings) -> Option<Tables> {
    if settings.pieces < 2 {
        return None;
    }
    let dir = settings.dir.clone().unwrap_or_else(default_dir);
    open_for_engine(
        settings.variant,
        &dir,
        settings.pieces,
        settings.build_missing,
    )
}

#[cfg(test)]
mod tests;
