//! One DXP game in progress: the start, the moves played, the record for
//! the rules, our colour and clock, take-backs, and how it ended.

use super::message::{BackReq, EndReason};
use super::player::{ClockState, GameStart};
use crate::rules::record::Record;
use crate::rules::{Color, Game, Outcome};
use std::time::Duration;

/// The time for each move of a game whose GAMEREQ gives no time.
const UNTIMED_MOVE: Duration = Duration::from_secs(1);

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReport<G: Game> {
    pub start: G,
    pub moves: Vec<G::Move>,
    /// The colour dam played.
    pub ours: Color,
    /// The result, when the rules or the GAMEEND reason gave one.
    pub outcome: Option<Outcome>,
    /// Why the game ended, for the log and the PDN Termination tag.
    pub reason: String,
}

/// A game being played.
#[derive(Clone, Debug)]
pub struct Play<G: Game> {
    start: G,
    moves: Vec<G::Move>,
    record: Record<G>,
    /// The hashes of the positions of the game, the current one last.
    history: Vec<u64>,
    ours: Color,
    minutes: u16,
    /// The moves the minutes are for (0: the whole game); past them the
    /// time left is for the rest of the game.
    clock_moves: u16,
    used: Duration,
    /// The time the peer took for its turns, messages between moves
    /// included.
    peer_used: Duration,
}

impl<G: Game> Play<G> {
    pub fn new(start: G, ours: Color, minutes: u16, clock_moves: u16) -> Play<G> {
        Play {
            start,
            moves: Vec::new(),
            record: Record::new(start),
            history: vec![start.hash()],
            ours,
            minutes,
            clock_moves,
            used: Duration::ZERO,
            peer_used: Duration::ZERO,
        }
    }

    /// What the player is told when the game starts.
    pub fn game_start(&self) -> GameStart<G> {
        GameStart {
            start: self.start,
            ours: self.ours,
            minutes: self.minutes,
            moves: self.clock_moves,
        }
    }

    pub fn record(&self) -> &Record<G> {
        &self.record
    }

    pub fn history(&self) -> &[u64] {
        &self.history
    }

    pub fn position(&self) -> &G {
        self.record.position()
    }

    pub fn our_turn(&self) -> bool {
        self.position().side_to_move() == self.ours
    }

    /// Play a legal move; `thought` is our thinking time for our moves.
    pub fn play(&mut self, mv: &G::Move, thought: Duration) {
        self.record.play(mv);
        self.history.push(self.position().hash());
        self.moves.push(*mv);
        self.used += thought;
    }

    /// Each player's thinking time for the whole game.
    pub fn game_time(&self) -> Duration {
        Duration::from_secs(u64::from(self.minutes) * 60)
    }

    /// Our clock: the time left for the game (for the moves left of the
    /// clock's count, if any), or a second a move when the game request
    /// gave no time.
    pub fn clock(&self) -> ClockState {
        if self.minutes == 0 {
            return ClockState::PerMove(UNTIMED_MOVE);
        }
        let total = self.game_time();
        let ours_played = self.moves_of(self.ours);
        ClockState::Game {
            remaining: total.saturating_sub(self.used),
            moves_to_go: (self.clock_moves > 0)
                .then(|| u32::from(self.clock_moves).saturating_sub(ours_played))
                .filter(|&n| n > 0),
        }
    }

    /// Charge the peer for time spent waiting on it.
    pub fn charge_peer(&mut self, waited: Duration) {
        self.peer_used += waited;
    }

    /// How long the peer may still take in this game: its game time plus
    /// `grace`, less what its turns took (without game time: `grace` for
    /// the whole game). Messages between moves and dam's moves do not
    /// give any back.
    pub fn peer_time_left(&self, grace: Duration) -> Duration {
        (self.game_time() + grace).saturating_sub(self.peer_used)
    }

    /// The moves `color` has played.
    fn moves_of(&self, color: Color) -> u32 {
        let plies = self.moves.len() as u32;
        let first = u32::from(self.start.side_to_move() == color);
        (plies + first) / 2
    }

    /// Go back to the position of a BACKREQ; false if it is not in this game.
    pub fn take_back(&mut self, req: &BackReq) -> bool {
        // Move 1 is the first move of the game; Black's first move in a
        // game that White starts is move 1 too, White's next is move 2.
        let black_first = usize::from(self.start.side_to_move() == Color::Black);
        let Some(ply) = (2 * (usize::from(req.move_number.max(1)) - 1)
            + usize::from(req.side == Color::Black))
        .checked_sub(black_first) else {
            return false;
        };
        if ply > self.moves.len() {
            return false;
        }
        self.moves.truncate(ply);
        self.record = Record::new(self.start);
        self.history.truncate(1);
        for mv in &self.moves {
            self.record.play(mv);
            self.history.push(self.record.position().hash());
        }
        true
    }

    /// The GAMEEND reason we send for a game the rules ended.
    pub fn reason_for(&self, outcome: Outcome) -> EndReason {
        match outcome {
            Outcome::Draw => EndReason::Draw,
            Outcome::Win(c) if c == self.ours => EndReason::IWin,
            Outcome::Win(_) => EndReason::ILose,
        }
    }

    /// The result a GAMEEND reason (from our point of view) names, else
    /// what the rules say.
    pub fn outcome_of(&self, ours: EndReason) -> Option<Outcome> {
        match ours {
            EndReason::IWin => Some(Outcome::Win(self.ours)),
            EndReason::ILose => Some(Outcome::Win(self.ours.flip())),
            EndReason::Draw => Some(Outcome::Draw),
            EndReason::Unknown => self.record.game_end().map(|e| e.outcome),
        }
    }

    /// The finished game.
    pub fn report(self, outcome: Option<Outcome>, reason: String) -> GameReport<G> {
        GameReport {
            start: self.start,
            moves: self.moves,
            ours: self.ours,
            outcome,
            reason,
        }
    }
}
