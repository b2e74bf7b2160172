//! One search's threads: what they share, the work each does, and the
//! count of threads still running. A search answers as soon as it is
//! stopped, from what its main thread has published; its threads wind
//! down in the background, and the next search (or a clear) waits for
//! them first. So `stop` is answered in the time a woken thread takes to
//! run, however many threads share the cores.

use super::root::{Results, RootMove, lock};
use super::score::INFINITE;
use super::worker::{Shared, Worker};
use super::{Control, Outcome};
use crate::eval::Evaluate;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Condvar, Mutex};

/// Everything the threads of one search read or leave behind.
pub struct Run<G: Evaluate> {
    pub shared: Shared,
    pub pos: G,
    /// The game's positions, the root last.
    pub path: Vec<u64>,
    /// The deepest iteration to search.
    pub max: i32,
    /// Principal lines the main thread searches.
    pub lines: usize,
    pub results: Results<G::Move>,
}

impl<G: Evaluate> Run<G> {
    /// One thread's iterative deepening on its own copy of the root moves.
    pub fn work(&self, main: bool, mut roots: Vec<RootMove<G::Move>>) {
        let _end = Ending {
            control: &self.shared.control,
            failed: &self.results.failed,
            main,
        };
        let mut w = Worker::<G>::new(&self.shared, main, &self.path);
        let lines = if main { self.lines } else { 1 };
        let reached = w.iterate(&self.pos, &mut roots, (1, self.max), lines, &self.results);
        w.flush();
        // a helper that completes the last depth ends the search
        if reached.depth >= self.max {
            self.shared.control.stop();
        }
    }
}

/// The answer of a started search, for whoever asks first once it is
/// stopped: the caller that waits, or a protocol's session that sent the
/// stop and answers at once, without a hand-over to another thread.
pub struct Answer<G: Evaluate>(Arc<Pending<G>>);

/// The root moves for a main thread that runs on a caller's thread, and
/// its place among the running, taken when the search starts.
pub type Here<M> = (Vec<RootMove<M>>, Token);

struct Pending<G: Evaluate> {
    run: Arc<Run<G>>,
    /// The root moves for the main thread, when it runs on a caller's
    /// thread (one search thread), and its place among the running.
    here: Mutex<Option<Here<G::Move>>>,
}

impl<G: Evaluate> Clone for Answer<G> {
    fn clone(&self) -> Self {
        Answer(self.0.clone())
    }
}

impl<G: Evaluate> Answer<G> {
    pub fn new(run: Arc<Run<G>>, here: Option<Here<G::Move>>) -> Self {
        Answer(Arc::new(Pending {
            run,
            here: Mutex::new(here),
        }))
    }

    /// Run the main search thread on this thread, when the search has one
    /// search thread (and no other thread ran it); otherwise nothing.
    pub fn run_here(&self) {
        let here = lock(&self.0.here).take();
        if let Some((roots, _token)) = here {
            self.0.run.work(true, roots);
        }
    }

    /// Wait until the search is stopped, then take its answer: `None` when
    /// it was taken already or a search thread failed. The main thread's
    /// root moves as they stand answer, or the deepest iteration any
    /// thread completed when it is deeper (one line).
    pub fn take(&self) -> Option<Outcome<G::Move>> {
        let run = &self.0.run;
        run.shared.control.wait_stopped();
        let (main, deepest) = run.results.close()?;
        if run.results.failed.load(Relaxed) {
            return None;
        }
        let ranking = if run.lines <= 1 && deepest.depth > main.depth {
            deepest
        } else {
            main
        };
        let best = ranking.choices.first();
        Some(Outcome {
            best: best.map(|c| c.mv),
            ponder: best.and_then(|c| c.ponder),
            score: best.map_or(0, |c| {
                run.shared
                    .shown(if c.last > -INFINITE { c.last } else { c.score })
            }),
            depth: ranking.depth,
            nodes: run.shared.nodes.load(Relaxed),
            time: run.shared.control.elapsed(),
            lines: ranking
                .choices
                .iter()
                .take(run.lines.max(1))
                .map(|c| (c.mv, run.shared.shown(c.last)))
                .collect(),
            tbhits: run.shared.tbhits.load(Relaxed),
        })
    }
}

/// Stops the search when the main thread ends, and when any thread fails
/// (marking the failure), so that a waiting caller always wakes.
struct Ending<'a> {
    control: &'a Control,
    failed: &'a AtomicBool,
    main: bool,
}

impl Drop for Ending<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.failed.store(true, Relaxed);
            self.control.stop();
        }
        if self.main {
            self.control.stop();
        }
    }
}

/// How many search threads are running.
#[derive(Default)]
pub struct Live {
    count: Mutex<usize>,
    idle: Condvar,
}

impl Live {
    /// A thread is about to start; it is counted until the token drops.
    pub fn enter(self: &Arc<Live>) -> Token {
        *self.count.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        Token(self.clone())
    }

    /// Sleep until no thread runs.
    pub fn wait_idle(&self) {
        let mut count = self.count.lock().unwrap_or_else(|e| e.into_inner());
        while *count > 0 {
            count = self.idle.wait(count).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// A running thread's place in `Live`.
pub struct Token(Arc<Live>);

impl Drop for Token {
    fn drop(&mut self) {
        let mut count = self.0.count.lock().unwrap_or_else(|e| e.into_inner());
        *count -= 1;
        if *count == 0 {
            self.0.idle.notify_all();
        }
    }
}

/// With as many search threads as cores or more, a thread that wakes to answer
/// (the one waiting for the stop, a protocol's reader) waits behind busy
/// search threads for its turn on a core, up to a time slice at each
/// hand-over. Search threads in that case run at a lower priority (nice
/// 5 more than the process, Linux only, where it is a thread's own), so
/// that a woken thread takes a core at once.
pub fn yield_to_waiters() {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: plain system calls on the calling thread; no memory is
        // passed.
        let now = unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) };
        let set = unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, (now + 5).min(19)) };
        if set != 0 {
            log::debug!("search thread priority unchanged");
        }
    }
}
