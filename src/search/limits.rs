//! What bounds a search (depth, nodes, a fixed time, a game clock, or
//! nothing until `stop`) and the time manager that turns a clock into a
//! soft limit (do not start another iteration) and a hard one (stop now).

use std::time::Duration;

/// A game clock: the time left, the increment added before every move, and
/// the moves left to the next time control (0: the rest of the game).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Clock {
    pub time: Duration,
    pub increment: Duration,
    pub moves: u32,
}

/// The limits of one search; the first one reached ends it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Limits {
    pub depth: Option<i32>,
    pub nodes: Option<u64>,
    pub move_time: Option<Duration>,
    pub clock: Option<Clock>,
    /// Search until stopped (analysis, or pondering before `ponder-hit`).
    pub infinite: bool,
}

/// The time a search may use.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Past this, do not start a new iteration.
    pub soft: Option<Duration>,
    /// Past this, stop at once.
    pub hard: Option<Duration>,
}

/// Time kept in hand for the protocol round trip.
const OVERHEAD: Duration = Duration::from_millis(30);

/// The most of a fixed time a move kept in hand: a tenth, so that a short
/// fixed time (0.02 s, 0.05 s) is mostly searched rather than spent on the
/// flat `OVERHEAD` (which left 0.02 s a move 1 ms of search).
const MOVE_TIME_HAND: u32 = 10;

/// The moves a sudden-death clock (no move count) is shared over.
const SUDDEN_DEATH_MOVES: u32 = 30;

impl Limits {
    /// The time budget of these limits.
    pub fn budget(&self) -> Budget {
        if self.infinite {
            return Budget {
                soft: None,
                hard: None,
            };
        }
        let mut soft: Option<Duration> = None;
        let mut hard: Option<Duration> = None;
        if let Some(t) = self.move_time {
            let hand = OVERHEAD.min(t / MOVE_TIME_HAND);
            let t = t.saturating_sub(hand).max(Duration::from_millis(1));
            soft = Some(t);
            hard = Some(t);
        }
        if let Some(c) = self.clock {
            let left = c.time.saturating_sub(OVERHEAD);
            let moves = if c.moves == 0 {
                SUDDEN_DEATH_MOVES
            } else {
                c.moves
            };
            let share = left / moves + c.increment.mul_f64(0.8);
            let cap = left.mul_f64(if c.moves == 1 { 0.9 } else { 0.4 });
            let s = share.min(cap).max(Duration::from_millis(1));
            let h = (share * 4).min(cap).max(s);
            soft = Some(soft.map_or(s, |x| x.min(s)));
            hard = Some(hard.map_or(h, |x| x.min(h)));
        }
        Budget { soft, hard }
    }
}

/// How much of its soft limit a search on a game clock spends: more
/// while the best move changes from one iteration to the next or the score
/// falls, less once it has stayed the same for a while. The hard limit is
/// never moved, so the clock cannot run out.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pace {
    /// Changes of the best move, each halved at every iteration.
    changes: f64,
    iterations: u32,
    last_score: Option<i32>,
}

impl Pace {
    /// Take a completed iteration into account (whether its best move
    /// differs from the one before, and its score); the factor the soft
    /// limit is multiplied by, 0.5 to 2.5.
    pub fn update(&mut self, best_changed: bool, score: i32) -> f64 {
        self.iterations += 1;
        self.changes = self.changes * 0.5 + f64::from(u8::from(best_changed));
        let fall = self
            .last_score
            .map_or(0, |last| (last - score).clamp(0, 150));
        self.last_score = Some(score);
        let settled = self.changes < 0.1 && self.iterations >= 8;
        let factor = (1.0 + self.changes) * (1.0 + f64::from(fall) / 300.0);
        (factor * if settled { 0.6 } else { 1.0 }).clamp(0.5, 2.5)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Limits of a clock of `secs` seconds for `moves` moves, no increment.
    fn clock(secs: u64, moves: u32) -> Limits {
        Limits {
            clock: Some(Clock {
                time: Duration::from_secs(secs),
                increment: Duration::ZERO,
                moves,
            }),
            ..Limits::default()
        }
    }

    #[test]
    fn clock_budget_stays_within_the_time_left() {
        let b = clock(10, 0).budget();
        let (soft, hard) = (b.soft.unwrap(), b.hard.unwrap());
        assert!(soft <= hard && hard <= Duration::from_secs(4));
        assert!(soft >= Duration::from_millis(300));
        assert_eq!(Limits::default().budget().hard, None);
    }

    #[test]
    fn a_fixed_time_is_mostly_searched() {
        let budget = |ms| {
            Limits {
                move_time: Some(Duration::from_millis(ms)),
                ..Limits::default()
            }
            .budget()
            .hard
            .unwrap()
        };
        assert_eq!(budget(20), Duration::from_millis(18));
        assert_eq!(budget(100), Duration::from_millis(90));
        assert_eq!(budget(750), Duration::from_millis(720));
    }

    #[test]
    fn a_move_count_shares_the_clock_evenly() {
        // 1 minute for 75 moves: the first move gets a 75th, not a 30th
        let soft = clock(60, 75).budget().soft.unwrap();
        assert!(soft > Duration::from_millis(700) && soft < Duration::from_millis(850));
    }

    #[test]
    fn an_unsettled_search_spends_more_a_settled_one_less() {
        let mut steady = Pace::default();
        let factors: Vec<f64> = (0..10).map(|_| steady.update(false, 20)).collect();
        assert_eq!(factors[0], 1.0);
        assert!(
            factors[9] < 1.0,
            "a best move kept 10 iterations: {factors:?}"
        );
        let mut torn = Pace::default();
        torn.update(false, 20);
        let changed = torn.update(true, 20);
        assert!(changed > 1.4);
        let falling = torn.update(true, -130);
        assert!(falling > changed && falling <= 2.5);
    }
}
