//! Which positions some thread is searching right now, so that another
//! thread reaching the same position as a later move defers it and
//! searches its siblings first (simplified ABDADA): two threads at the
//! same depth split a node's moves instead of searching the same subtree
//! twice, and the deferred move is usually answered by the table when its
//! turn comes.
//!
//! One slot a key: a slot holds the hash of the position being searched,
//! or 0. A collision makes a thread defer a move it need not (or not defer
//! one it could), never a wrong score.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Slots, as log2.
const BITS: u32 = 14;

/// The positions being searched by some thread.
pub struct Busy {
    slots: Vec<AtomicU64>,
}

impl Busy {
    pub fn new() -> Busy {
        Busy {
            slots: (0..1usize << BITS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    #[inline(always)]
    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[(key as usize) & ((1 << BITS) - 1)]
    }

    /// Whether some thread is searching the position `key`.
    #[inline(always)]
    pub fn searching(&self, key: u64) -> bool {
        self.slot(key).load(Relaxed) == key
    }

    /// This thread starts searching `key`.
    #[inline(always)]
    pub fn enter(&self, key: u64) {
        self.slot(key).store(key, Relaxed);
    }

    /// This thread is done with `key` (the slot is freed unless another
    /// position took it since).
    #[inline(always)]
    pub fn leave(&self, key: u64) {
        let _ = self.slot(key).compare_exchange(key, 0, Relaxed, Relaxed);
    }

    /// Forget every mark (a new search).
    pub fn clear(&self) {
        self.slots.iter().for_each(|s| s.store(0, Relaxed));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_is_busy_from_enter_to_leave() {
        let b = Busy::new();
        let k = 0x1234_5678_9abc_def1;
        assert!(!b.searching(k));
        b.enter(k);
        assert!(b.searching(k));
        assert!(
            !b.searching(k ^ (1 << 40)),
            "another key in the slot is not busy"
        );
        b.leave(k);
        assert!(!b.searching(k));
        b.enter(k);
        b.clear();
        assert!(!b.searching(k));
    }
}
