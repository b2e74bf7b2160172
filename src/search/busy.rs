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

use crate::rules::MAX_MOVES;
use arrayvec::ArrayVec;
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

/// The order a node's moves take when threads split it: the moves from
/// `first` on in turn, then those deferred because another thread was on
/// them, each once. Only a fresh move after the first may be deferred.
pub struct Turns {
    next: usize,
    len: usize,
    first: usize,
    split: bool,
    deferred: ArrayVec<u16, MAX_MOVES>,
    waited: usize,
}

/// A move's turn: its index, and whether it comes in order (not a
/// deferred one coming back).
pub struct Turn {
    pub n: usize,
    pub fresh: bool,
}

impl Turns {
    /// The turns of `len` moves from `first`; with `split` false nothing
    /// is ever deferred.
    pub fn new(first: usize, len: usize, split: bool) -> Turns {
        Turns {
            next: first,
            len,
            first,
            split,
            deferred: ArrayVec::new(),
            waited: 0,
        }
    }

    /// Whether the move of `turn` may wait for another thread.
    #[inline(always)]
    pub fn may_wait(&self, turn: &Turn) -> bool {
        self.split && turn.fresh && turn.n > self.first
    }

    /// Put off the move of `turn` until the moves in order are done.
    #[inline(always)]
    pub fn defer(&mut self, turn: Turn) {
        self.deferred.push(turn.n as u16);
    }
}

impl Turns {
    /// The next move's turn, or `None` when every move has had one.
    #[inline(always)]
    pub fn next_turn(&mut self) -> Option<Turn> {
        if self.next < self.len {
            self.next += 1;
            Some(Turn {
                n: self.next - 1,
                fresh: true,
            })
        } else if self.waited < self.deferred.len() {
            self.waited += 1;
            Some(Turn {
                n: self.deferred[self.waited - 1] as usize,
                fresh: false,
            })
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deferred_moves_come_back_once_after_the_rest() {
        let mut turns = Turns::new(1, 5, true);
        let mut order = Vec::new();
        while let Some(t) = turns.next_turn() {
            let n = t.n;
            if turns.may_wait(&t) && (n == 2 || n == 3) {
                turns.defer(t);
                continue;
            }
            order.push(n);
        }
        assert_eq!(order, [1, 4, 2, 3]);
        let first = Turns::new(0, 3, true).next_turn().unwrap();
        assert!(
            !Turns::new(0, 3, true).may_wait(&first),
            "the first move never waits"
        );
        let mut alone = Turns::new(0, 3, false);
        alone.next_turn();
        let second = alone.next_turn().unwrap();
        assert!(!alone.may_wait(&second), "one thread never defers");
    }

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
