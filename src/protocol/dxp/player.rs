//! The engine side of a game, as DXP sessions and `dam match` drive it:
//! told when a game starts, asked for moves on a clock, told when it ends.

use crate::rules::record::Record;
use crate::rules::{Color, Game, Outcome};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// A game about to start, from the player's seat.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameStart<G: Game> {
    pub start: G,
    /// The colour the player plays.
    pub ours: Color,
    /// Thinking time per player, in minutes (as DXP carries it), for this
    /// many moves (0: the whole game); past them what is left is for the
    /// rest of the game.
    pub minutes: u16,
    pub moves: u16,
}

/// The player's side of the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockState {
    /// A fixed time for this move (a match's time a move, an untimed DXP
    /// game), to be searched whole.
    PerMove(Duration),
    /// A game clock: the thinking time left for the rest of the game, and
    /// the player's moves left before it runs out, if known.
    Game {
        remaining: Duration,
        moves_to_go: Option<u32>,
    },
}

impl ClockState {
    /// The time the player may still think: for this move, or for the
    /// rest of the game.
    pub fn remaining(&self) -> Duration {
        match *self {
            ClockState::PerMove(t) | ClockState::Game { remaining: t, .. } => t,
        }
    }
}

/// One side of a game.
pub trait Player<G: Game> {
    /// A new game starts: forget what belongs to the last one.
    fn new_game(&mut self, game: &GameStart<G>);
    /// The move to play in the record's position (not over by the rules),
    /// or `None` if there is none or the player cannot go on. `history`
    /// holds the hashes of the game's positions, oldest first, the current
    /// one last.
    fn choose(&mut self, record: &Record<G>, history: &[u64], clock: ClockState)
    -> Option<G::Move>;
    /// The game is over (the record holds its last position).
    fn game_over(&mut self, _record: &Record<G>, _outcome: Option<Outcome>) {}
    /// Why the player cannot go on (an engine or peer that is gone or
    /// silent), if so: a match stops instead of scoring forfeits.
    fn failure(&self) -> Option<String> {
        None
    }
    /// The player ended the game itself instead of moving (a DXP peer's
    /// GAMEEND): the result that leaves, if any, and why. Asked once after
    /// `choose` gave no move.
    fn ended_game(&mut self) -> Option<(Option<Outcome>, String)> {
        None
    }
    /// Whether the player keeps the game clock when the match gives the
    /// other side a time a move (a DXP peer: GAMEREQ carries only a
    /// clock).
    fn keeps_game_clock(&self) -> bool {
        false
    }
    /// From now on, stop thinking as soon as `abandoned` is set (the peer
    /// of a DXP game has left): the move given then is not played.
    fn abandon_on(&mut self, _abandoned: Arc<AtomicBool>) {}
}

impl<G: Game, P: Player<G> + ?Sized> Player<G> for Box<P> {
    fn new_game(&mut self, game: &GameStart<G>) {
        (**self).new_game(game)
    }
    fn choose(
        &mut self,
        record: &Record<G>,
        history: &[u64],
        clock: ClockState,
    ) -> Option<G::Move> {
        (**self).choose(record, history, clock)
    }
    fn game_over(&mut self, record: &Record<G>, outcome: Option<Outcome>) {
        (**self).game_over(record, outcome)
    }
    fn failure(&self) -> Option<String> {
        (**self).failure()
    }
    fn ended_game(&mut self) -> Option<(Option<Outcome>, String)> {
        (**self).ended_game()
    }
    fn keeps_game_clock(&self) -> bool {
        (**self).keeps_game_clock()
    }
    fn abandon_on(&mut self, abandoned: Arc<AtomicBool>) {
        (**self).abandon_on(abandoned)
    }
}
