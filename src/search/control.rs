//! The handle a caller keeps on a running search: stop it, or tell it the
//! ponder move was played (its clock starts then).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// Shared between the caller and the search threads.
#[derive(Debug)]
pub struct Control {
    stop: AtomicBool,
    pondering: AtomicBool,
    base: Instant,
    /// When the clock started, in microseconds after `base`.
    clock_start: AtomicU64,
}

impl Control {
    /// A control for a search starting now; `pondering` keeps its clock
    /// from running until `ponder_hit`.
    pub fn new(pondering: bool) -> Control {
        Control {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(pondering),
            base: Instant::now(),
            clock_start: AtomicU64::new(0),
        }
    }

    /// Ask the search to stop as soon as it can.
    pub fn stop(&self) {
        self.stop.store(true, Relaxed);
    }

    /// Whether the search was asked to stop.
    pub fn stopped(&self) -> bool {
        self.stop.load(Relaxed)
    }

    /// The expected move was played: the clock starts now.
    pub fn ponder_hit(&self) {
        let now = self.base.elapsed().as_micros() as u64;
        self.clock_start.store(now, Relaxed);
        self.pondering.store(false, Relaxed);
    }

    /// Whether the search is still pondering.
    pub fn pondering(&self) -> bool {
        self.pondering.load(Relaxed)
    }

    /// The time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.base.elapsed()
    }

    /// The time on the clock: since `ponder_hit`, or since the start.
    pub fn clock_elapsed(&self) -> Duration {
        let start = Duration::from_micros(self.clock_start.load(Relaxed));
        self.base.elapsed().saturating_sub(start)
    }
}
