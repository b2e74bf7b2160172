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
            let t = t.saturating_sub(OVERHEAD).max(Duration::from_millis(1));
            soft = Some(t);
            hard = Some(t);
        }
        if let Some(c) = self.clock {
            let left = c.time.saturating_sub(OVERHEAD);
            let moves = if c.moves == 0 { 30 } else { c.moves.min(30) };
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_budget_stays_within_the_time_left() {
        let limits = Limits {
            clock: Some(Clock {
                time: Duration::from_secs(10),
                increment: Duration::ZERO,
                moves: 0,
            }),
            ..Limits::default()
        };
        let b = limits.budget();
        let (soft, hard) = (b.soft.unwrap(), b.hard.unwrap());
        assert!(soft <= hard && hard <= Duration::from_secs(4));
        assert!(soft >= Duration::from_millis(300));
        assert_eq!(Limits::default().budget().hard, None);
    }
}
