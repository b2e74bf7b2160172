//! The handle a caller keeps on a running search: stop it, or tell it the
//! ponder move was played (its clock starts then). Clones share one
//! search's state, so threads that outlive the caller's wait still see
//! the stop.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// Shared between the caller and the search threads.
#[derive(Clone, Debug)]
pub struct Control {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    stop: AtomicBool,
    /// The stop again, for a thread that sleeps until it comes.
    stopped: Mutex<bool>,
    wake: Condvar,
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
            inner: Arc::new(Inner {
                stop: AtomicBool::new(false),
                stopped: Mutex::new(false),
                wake: Condvar::new(),
                pondering: AtomicBool::new(pondering),
                base: Instant::now(),
                clock_start: AtomicU64::new(0),
            }),
        }
    }

    /// Ask the search to stop as soon as it can.
    pub fn stop(&self) {
        if !self.inner.stop.swap(true, Relaxed) {
            *self.inner.stopped.lock().unwrap_or_else(|e| e.into_inner()) = true;
            self.inner.wake.notify_all();
        }
    }

    /// Whether the search was asked to stop.
    #[inline(always)]
    pub fn stopped(&self) -> bool {
        self.inner.stop.load(Relaxed)
    }

    /// Sleep until the search is asked to stop.
    pub fn wait_stopped(&self) {
        let mut stopped = self.inner.stopped.lock().unwrap_or_else(|e| e.into_inner());
        while !*stopped {
            stopped = self
                .inner
                .wake
                .wait(stopped)
                .unwrap_or_else(|e| e.into_inner());
        }
    }

    /// The expected move was played: the clock starts now.
    pub fn ponder_hit(&self) {
        let now = self.inner.base.elapsed().as_micros() as u64;
        self.inner.clock_start.store(now, Relaxed);
        self.inner.pondering.store(false, Relaxed);
    }

    /// Whether the search is still pondering.
    pub fn pondering(&self) -> bool {
        self.inner.pondering.load(Relaxed)
    }

    /// The time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.inner.base.elapsed()
    }

    /// The time on the clock: since `ponder_hit`, or since the start.
    pub fn clock_elapsed(&self) -> Duration {
        let start = Duration::from_micros(self.inner.clock_start.load(Relaxed));
        self.inner.base.elapsed().saturating_sub(start)
    }
}

#[cfg(test)]
mod tests {
    use super::Control;

    #[test]
    fn a_stop_wakes_a_waiting_thread() {
        let control = Control::new(false);
        let waiter = {
            let control = control.clone();
            std::thread::spawn(move || control.wait_stopped())
        };
        control.stop();
        waiter.join().expect("the waiter wakes");
        assert!(control.stopped());
        // a later wait returns at once
        control.wait_stopped();
    }
}
