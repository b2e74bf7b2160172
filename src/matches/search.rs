//! dam's own search as a player (`dam dxp`, the `dam` engine of `dam
//! match`): settings `depth=N,threads=N,hash=BITS,egtb=N,clock=1,time=P`; it
//! thinks on the clock it is given (`clock=1`: the match's game clock even
//! where the match gives the other side a time a move), probes the endgame
//! databases found (the largest set, as every front end), and stops early
//! when the game is abandoned (a DXP peer that leaves). Each search's
//! depth, score, nodes and time go to the debug log (`RUST_LOG=debug`),
//! named by the settings, to compare two players move by move.

use crate::egtb::MAX_PIECES;
use crate::engine::{Config, EgtbSettings, Engine};
use crate::eval::Evaluate;
use crate::protocol::dxp::{ClockState, GameStart, Player};
use crate::rules::record::Record;
use crate::search::{Clock, Control, Limits};
use crate::variant::Variant;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::Duration;

/// How often a search looks whether its game was abandoned.
const ABANDON_POLL: Duration = Duration::from_millis(10);

/// The search with its table, kept from move to move.
pub struct SearchPlayer {
    engine: Engine,
    depth: Option<i32>,
    /// Set when the game being played is abandoned.
    abandoned: Option<Arc<AtomicBool>>,
    /// Plays on the game clock even where the match gives a time a move.
    game_clock: bool,
    /// The share of a time a move it searches, in percent (time odds).
    time_percent: u32,
    /// The settings as given, naming the player in the debug log.
    settings: String,
}

impl SearchPlayer {
    /// A player of `variant` from settings `name=value` separated by
    /// commas: `depth` (plies, no limit by default), `threads` (1), `hash`
    /// (table of 2^hash entries, 20), `egtb` (the endgame databases of up
    /// to this many pieces found in `$DAM_EGTB_DIR` or the user's cache: 8,
    /// the largest set, by default; 0 none; 2-7 build the 2-4 sets first
    /// when missing), `clock` (1: the game clock even where the match
    /// gives a time a move, to measure clock play against a fixed time),
    /// `time` (percent of a time a move it searches, 100 by default: time
    /// odds, to weigh more threads against more time; a game clock is
    /// played as given).
    pub fn new(settings: &str, variant: Variant) -> Result<SearchPlayer, String> {
        let (mut depth, mut threads, mut hash, mut egtb) = (None, 1, 20, MAX_PIECES);
        let (mut game_clock, mut time_percent) = (false, 100);
        for item in settings.split(',').filter(|s| !s.trim().is_empty()) {
            let (name, value) = item
                .split_once('=')
                .ok_or_else(|| format!("search setting '{item}' is not name=value"))?;
            let number: u32 = value
                .trim()
                .parse()
                .map_err(|_| format!("search setting '{item}': not a whole number"))?;
            match name.trim() {
                "depth" => depth = Some(number.clamp(1, 100) as i32),
                "threads" => threads = number.clamp(1, 256) as usize,
                "hash" => hash = number.clamp(10, 30),
                "egtb" => egtb = number.min(MAX_PIECES),
                "clock" => game_clock = number != 0,
                "time" if (1..=10_000).contains(&number) => time_percent = number,
                "time" => return Err(format!("search setting '{item}': not 1-10000 percent")),
                other => {
                    return Err(format!(
                        "unknown search setting '{other}' (depth, threads, hash, egtb, clock, time)"
                    ));
                }
            }
        }
        let config = Config {
            egtb: Some(EgtbSettings::limited(variant, None, egtb)),
            ..Config::new(threads, hash)
        };
        Ok(SearchPlayer {
            engine: Engine::new(&config),
            depth,
            abandoned: None,
            game_clock,
            time_percent,
            settings: settings.to_string(),
        })
    }
}

impl<G: Evaluate> Player<G> for SearchPlayer {
    fn new_game(&mut self, _: &GameStart<G>) {
        self.engine.clear();
    }

    fn choose(
        &mut self,
        record: &Record<G>,
        history: &[u64],
        clock: ClockState,
    ) -> Option<G::Move> {
        // a time a move is searched whole (as Hub `level move-time`); a
        // clock is shared over the moves left
        let (move_time, clock) = match clock {
            ClockState::PerMove(t) => (Some(t * self.time_percent / 100), None),
            ClockState::Game {
                remaining,
                moves_to_go,
            } => (
                None,
                Some(Clock {
                    time: remaining,
                    increment: Duration::ZERO,
                    moves: moves_to_go.unwrap_or(0),
                }),
            ),
        };
        let limits = Limits {
            depth: self.depth,
            move_time,
            clock,
            ..Limits::default()
        };
        let pos = *record.position();
        let (engine, control) = (&self.engine, &Control::new(false));
        let (alive, ended) = mpsc::channel::<()>();
        thread::scope(|s| {
            if let Some(abandoned) = &self.abandoned {
                s.spawn(move || stop_if_abandoned(abandoned, &ended, control));
            }
            // the watcher ends when `alive` goes with the search
            let _alive = alive;
            engine.search(&pos, history, &limits, 1, control, None)
        })
        .and_then(|out| {
            log::debug!(
                "dam:{} position {}: depth {} score {} nodes {} time {} ms",
                self.settings,
                history.len(),
                out.depth,
                out.score,
                out.nodes,
                out.time.as_millis()
            );
            out.best
        })
    }

    fn abandon_on(&mut self, abandoned: Arc<AtomicBool>) {
        self.abandoned = Some(abandoned);
    }

    fn keeps_game_clock(&self) -> bool {
        self.game_clock
    }
}

/// Stop the search of `control` once `abandoned` is set; return when the
/// search ends (`ended` disconnects).
fn stop_if_abandoned(abandoned: &AtomicBool, ended: &Receiver<()>, control: &Control) {
    while let Err(RecvTimeoutError::Timeout) = ended.recv_timeout(ABANDON_POLL) {
        if abandoned.load(Ordering::Relaxed) {
            return control.stop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::removal::International;

    #[test]
    fn settings_name_the_databases_and_refuse_what_they_do_not_know() {
        let none = SearchPlayer::new("depth=3,egtb=0", Variant::International).expect("read");
        assert!(none.engine.tables().is_none() && none.depth == Some(3));
        assert!(!Player::<International>::keeps_game_clock(&none));
        let clock = SearchPlayer::new("egtb=0,clock=1", Variant::International).expect("read");
        assert!(Player::<International>::keeps_game_clock(&clock));
        let odds = SearchPlayer::new("egtb=0,time=200", Variant::International).expect("read");
        assert!(none.time_percent == 100 && odds.time_percent == 200);
        let err = SearchPlayer::new("egtb=0,time=0", Variant::International).err();
        assert!(err.is_some_and(|e| e.contains("'time=0'") && e.contains("percent")));
        let err = SearchPlayer::new("egtb=6,ponder=1", Variant::International).err();
        assert!(err.is_some_and(|e| e.contains("'ponder'") && e.contains("egtb")));
        let err = SearchPlayer::new("egtb=all", Variant::International).err();
        assert!(err.is_some_and(|e| e.contains("'egtb=all'")));
    }
}
