//! The game's clocks: each side's time for `x moves in y minutes`, or
//! Damath's game clock with its limit per move. The side to move's clock
//! runs from the start of its turn; the limits of the engine's next search
//! come from the level and the time left.

use super::level::{Level, learner};
use crate::rules::Color;
use crate::search::{Clock, Limits};
use std::time::{Duration, Instant};

/// The clocks of one game.
#[derive(Clone, Debug)]
pub struct Clocks {
    level: Level,
    /// Each side's time left (`Level::Clock`).
    left: [Duration; 2],
    /// The game clock's time left (`Level::Damath`).
    game_left: Duration,
    /// Moves made by each side, for the periods of `Level::Clock`.
    moved: [u32; 2],
    /// When the side to move's turn started; `None` while stopped.
    turn: Option<Instant>,
}

/// A clock that ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expiry {
    /// The side's own time is up: it loses.
    Flag,
    /// The Damath game clock is up: the final totals decide.
    GameOver,
    /// The Damath move limit is up: a random move is played.
    MoveTime,
}

impl Clocks {
    /// Clocks set for a new game at `level`, stopped.
    pub fn new(level: Level) -> Clocks {
        let (left, game_left) = match level {
            Level::Clock { period, .. } => (period, Duration::ZERO),
            Level::Damath { game, .. } => (Duration::ZERO, game),
            _ => (Duration::ZERO, Duration::ZERO),
        };
        Clocks {
            level,
            left: [left; 2],
            game_left,
            moved: [0; 2],
            turn: None,
        }
    }

    pub fn level(&self) -> Level {
        self.level
    }

    /// Start the side to move's clock (a no-op when it runs).
    pub fn start(&mut self) {
        self.turn.get_or_insert_with(Instant::now);
    }

    /// Stop the clock, `side` (to move) charged the turn's time (set-up,
    /// take back, the end of the game).
    pub fn stop(&mut self, side: Color) {
        self.charge(side);
        self.turn = None;
    }

    /// Take the turn's time so far off `side`'s clock (or the game clock).
    fn charge(&mut self, side: Color) {
        let used = self.this_turn();
        match self.level {
            Level::Clock { .. } => {
                let left = &mut self.left[side.index()];
                *left = left.saturating_sub(used);
            }
            Level::Damath { .. } => self.game_left = self.game_left.saturating_sub(used),
            _ => {}
        }
    }

    /// The time of the turn so far.
    fn this_turn(&self) -> Duration {
        self.turn.map_or(Duration::ZERO, |t| t.elapsed())
    }

    /// `side` moved: charge it the turn's time, add a new period when it
    /// completed one, and start the next turn.
    pub fn moved(&mut self, side: Color) {
        self.charge(side);
        let i = side.index();
        self.moved[i] += 1;
        if let Level::Clock { moves, period } = self.level
            && moves > 0
            && self.moved[i].is_multiple_of(moves)
        {
            self.left[i] += period;
        }
        self.turn = Some(Instant::now());
    }

    /// Which clock has run out for `side`, to move now.
    pub fn expired(&self, side: Color) -> Option<Expiry> {
        let used = self.this_turn();
        match self.level {
            Level::Clock { .. } if used >= self.left[side.index()] => Some(Expiry::Flag),
            Level::Damath { .. } if used >= self.game_left => Some(Expiry::GameOver),
            Level::Damath { per_move, .. } if used >= per_move => Some(Expiry::MoveTime),
            _ => None,
        }
    }

    /// The limits of the engine's search for `side`, to move now.
    pub fn limits(&self, side: Color) -> Limits {
        let used = self.this_turn();
        let mut limits = Limits::default();
        match self.level {
            Level::Learner(l) => limits.depth = Some(learner(l).0),
            Level::Depth(d) => limits.depth = Some(d),
            Level::Time(t) => limits.move_time = Some(t),
            Level::Clock { moves, .. } => {
                let i = side.index();
                limits.clock = Some(Clock {
                    time: self.left[i].saturating_sub(used),
                    increment: Duration::ZERO,
                    moves: if moves == 0 {
                        0
                    } else {
                        moves - self.moved[i] % moves
                    },
                });
            }
            Level::Damath { per_move, .. } => {
                // Well inside the limit per move, and the game clock.
                let game = self.game_left.saturating_sub(used) / 10;
                let t = (per_move / 10).min(game).max(Duration::from_millis(10));
                limits.move_time = Some(t);
            }
        }
        limits
    }

    /// The clocks as text, `None` at levels without a clock.
    pub fn text(&self, to_move: Color, names: [&str; 2]) -> Option<String> {
        let used = self.this_turn();
        match self.level {
            Level::Clock { .. } => {
                let shown = |c: Color| {
                    let running = if c == to_move { used } else { Duration::ZERO };
                    minutes(self.left[c.index()].saturating_sub(running))
                };
                Some(format!(
                    "clock: {} {}, {} {}",
                    names[0],
                    shown(Color::White),
                    names[1],
                    shown(Color::Black)
                ))
            }
            Level::Damath { per_move, .. } => Some(format!(
                "clock: game {}, this move {}",
                minutes(self.game_left.saturating_sub(used)),
                minutes(per_move.saturating_sub(used))
            )),
            _ => None,
        }
    }
}

/// `m:ss.t`.
fn minutes(d: Duration) -> String {
    let tenths = d.as_millis() / 100;
    format!("{}:{:02}.{}", tenths / 600, tenths / 10 % 60, tenths % 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn periods_come_back_and_flags_fall() {
        let mut c = Clocks::new(Level::Clock {
            moves: 2,
            period: Duration::from_millis(1),
        });
        c.start();
        std::thread::sleep(Duration::from_millis(3));
        assert_eq!(c.expired(Color::White), Some(Expiry::Flag));
        c.moved(Color::White);
        c.moved(Color::White);
        assert_eq!(c.left[0], Duration::from_millis(1), "a second period");
        assert_eq!(minutes(Duration::from_millis(61_250)), "1:01.2");
    }

    #[test]
    fn damath_clock_ends_the_game_before_the_move_limit() {
        let mut c = Clocks::new(Level::Damath {
            game: Duration::from_millis(1),
            per_move: Duration::from_secs(60),
        });
        assert_eq!(c.expired(Color::White), None, "stopped");
        c.start();
        std::thread::sleep(Duration::from_millis(3));
        assert_eq!(c.expired(Color::Black), Some(Expiry::GameOver));
        let limits = c.limits(Color::Black);
        assert_eq!(limits.move_time, Some(Duration::from_millis(10)));
    }
}
