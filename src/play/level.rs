//! How strongly and how fast the engine plays: learner levels A-D (a
//! shallow search that now and then plays a worse move on purpose), a
//! fixed depth, seconds per move, `x moves in y minutes` on a running
//! clock, or the Damath clock (a game clock and a limit per move).

use std::fmt;
use std::time::Duration;

/// The engine's level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Level {
    /// Learner level A (0) to D (3).
    Learner(u8),
    Depth(i32),
    /// Seconds per move.
    Time(Duration),
    /// `moves` moves in `period` for each side, the period added again
    /// after every `moves` moves (0: the whole game).
    Clock {
        moves: u32,
        period: Duration,
    },
    /// Damath's clock: the game lasts `game`, each move at most
    /// `per_move`; when the game clock runs out the final totals decide.
    Damath {
        game: Duration,
        per_move: Duration,
    },
}

/// The Damath seed's clock: 20 minutes a game, 60 seconds a move.
pub const DAMATH_CLOCK: Level = Level::Damath {
    game: Duration::from_secs(20 * 60),
    per_move: Duration::from_secs(60),
};

/// A learner level's depth, how often (in percent) it plays a worse move
/// on purpose, and how much worse (hundredths of a man) that move may be.
pub fn learner(level: u8) -> (i32, u64, i32) {
    match level {
        0 => (1, 50, 10_000),
        1 => (2, 35, 300),
        2 => (3, 20, 150),
        _ => (4, 10, 80),
    }
}

impl Level {
    /// Read a level from the words after `level`: `A`-`D`, `depth D`,
    /// `time S`, `clock X Y` (X moves in Y minutes, 0 X for the whole
    /// game), `damath [GAME-MINUTES MOVE-SECONDS]`.
    pub fn parse(words: &[&str]) -> Result<Level, String> {
        let number = |i: usize, what: &str| -> Result<f64, String> {
            let text = words.get(i).ok_or(format!("level: {what} is missing"))?;
            match text.parse::<f64>() {
                Ok(x) if (0.0..1e6).contains(&x) => Ok(x),
                _ => Err(format!("level: {what} '{text}' is not a number")),
            }
        };
        let positive = |x: f64, what: &str| {
            (x > 0.0)
                .then(|| Duration::from_secs_f64(x))
                .ok_or(format!("level: {what} must be above 0"))
        };
        let level = match words.first().map(|w| w.to_ascii_lowercase()).as_deref() {
            Some(l @ ("a" | "b" | "c" | "d")) => Level::Learner(l.as_bytes()[0] - b'a'),
            Some("depth") => {
                let d = number(1, "the depth")?;
                if !(1.0..=60.0).contains(&d) {
                    return Err("level: the depth must be 1 to 60".to_string());
                }
                Level::Depth(d as i32)
            }
            Some("time") => Level::Time(positive(number(1, "the seconds")?, "the time")?),
            Some("clock") => Level::Clock {
                moves: number(1, "the number of moves")? as u32,
                period: positive(number(2, "the minutes")? * 60.0, "the time")?,
            },
            Some("damath") if words.len() == 1 => DAMATH_CLOCK,
            Some("damath") => Level::Damath {
                game: positive(number(1, "the game minutes")? * 60.0, "the game time")?,
                per_move: positive(number(2, "the seconds per move")?, "the move time")?,
            },
            _ => {
                return Err(
                    "level: expected A-D, depth D, time S, clock X Y or damath [MIN SEC]"
                        .to_string(),
                );
            }
        };
        Ok(level)
    }

    /// The PDN TimeControl text of this level.
    pub fn time_control(&self) -> String {
        match *self {
            Level::Clock { moves, period } if moves > 0 => {
                format!("{moves}/{}", period.as_secs())
            }
            Level::Clock { period, .. } => period.as_secs().to_string(),
            Level::Damath { game, per_move } => {
                format!("{}+{}/move", game.as_secs(), per_move.as_secs())
            }
            _ => "-".to_string(),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match *self {
            Level::Learner(l) => write!(f, "learner {}", (b'A' + l) as char),
            Level::Depth(d) => write!(f, "depth {d}"),
            Level::Time(t) => write!(f, "{} s a move", t.as_secs_f64()),
            Level::Clock { moves: 0, period } => {
                write!(f, "{} min a game", period.as_secs_f64() / 60.0)
            }
            Level::Clock { moves, period } => {
                write!(f, "{moves} moves in {} min", period.as_secs_f64() / 60.0)
            }
            Level::Damath { game, per_move } => write!(
                f,
                "damath clock: {} min a game, {} s a move",
                game.as_secs_f64() / 60.0,
                per_move.as_secs_f64()
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_read_and_refuse() {
        assert_eq!(Level::parse(&["b"]), Ok(Level::Learner(1)));
        assert_eq!(Level::parse(&["depth", "4"]), Ok(Level::Depth(4)));
        assert_eq!(
            Level::parse(&["time", "0.5"]),
            Ok(Level::Time(Duration::from_millis(500)))
        );
        assert_eq!(
            Level::parse(&["clock", "40", "10"]),
            Ok(Level::Clock {
                moves: 40,
                period: Duration::from_secs(600)
            })
        );
        assert_eq!(Level::parse(&["damath"]), Ok(DAMATH_CLOCK));
        for bad in [
            &["e"][..],
            &["time"],
            &["time", "-1"],
            &["depth", "0"],
            &["clock", "x", "1"],
        ] {
            assert!(Level::parse(bad).is_err(), "{bad:?}");
        }
    }
}
