//! The DXP dialogue (dxp.md, "Dialogue"), the same for TCP and stdio and
//! for both roles, whoever opened the connection. The initiator sends
//! GAMEREQ and plays `games` games, alternating colours, with stop code 1
//! on its last GAMEEND; the follower answers requests until the peer stops
//! or leaves. Moves are checked against the rules. A peer that breaks the
//! protocol (a malformed or unexpected message, an illegal move, silence,
//! a lost connection) ends the game: dam sends `E00` when it can, logs the
//! reason and ends the session.

use super::board::{self, BoardError};
use super::game::{GameReport, Play};
use super::link::{Event, Link};
use super::message::*;
use super::player::Player;
use crate::egtb::Adjudicator;
use crate::notation::movetext::{dxp_move, find_dxp_move};
use crate::rules::{Color, Game, GameEnd as RulesEnd, Outcome};
use std::io;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Who sends GAMEREQ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Initiator,
    Follower,
}

/// How a session plays.
#[derive(Clone, Debug)]
pub struct Settings<G: Game> {
    /// Our name in GAMEREQ / GAMEACC.
    pub name: String,
    pub role: Role,
    /// Initiator: the number of games.
    pub games: u32,
    /// Initiator: minutes per player, for `moves` moves (0: the whole
    /// game; past them the time left is for the rest of the game).
    pub minutes: u16,
    pub moves: u16,
    /// Follower: the most minutes a GAMEREQ may ask for; more are refused.
    pub max_minutes: u16,
    /// Print a line on stderr when a game starts and when it ends.
    pub announce: bool,
    /// Initiator: a set-up start position.
    pub start: Option<G>,
    /// The longest wait for the peer.
    pub timeout: Duration,
    /// Endgame databases that end a game, on dam's turn, once it reaches
    /// a position they cover, with their result.
    pub adjudicator: Option<Adjudicator>,
}

/// Why a session ended early.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error("the peer broke the protocol: {0}")]
    Peer(String),
    #[error("the peer closed the connection")]
    Closed,
    #[error("no message from the peer for {} s", .0.as_secs())]
    Silent(Duration),
    #[error("the peer used up its time for the game ({} s with the grace)", .0.as_secs())]
    OutOfTime(Duration),
    #[error("the peer refused the game ({0:?})")]
    Refused(AcceptCode),
    #[error("sending to the peer: {0}")]
    Io(#[from] io::Error),
    #[error("the start position: {0}")]
    Board(#[from] BoardError),
    #[error("the engine: {0}")]
    Engine(String),
}

/// What a session did: the games it finished and, if it ended early, why.
#[derive(Debug)]
pub struct Summary<G: Game> {
    pub games: Vec<GameReport<G>>,
    pub error: Option<SessionError>,
}

/// Run one session over `link`.
pub fn run<G: Game, P: Player<G>>(
    link: &mut Link,
    player: &mut P,
    settings: &Settings<G>,
) -> Summary<G> {
    let mut session = Session::new(link, player, settings);
    let result = match settings.role {
        Role::Initiator => session.initiate(),
        Role::Follower => session.follow(),
    };
    Summary {
        games: session.games,
        error: result.err(),
    }
}

/// How a GAMEREQ that came outside a game was answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answered {
    /// A game was accepted and played.
    pub played: bool,
    /// A stop code 1 was sent or received.
    pub stop: bool,
}

/// Answer one GAMEREQ that came outside a game and play the game if it is
/// accepted (the TCP server, which waits for requests itself).
pub fn answer<G: Game, P: Player<G>>(
    link: &mut Link,
    player: &mut P,
    settings: &Settings<G>,
    req: &GameReq,
) -> Result<Answered, SessionError> {
    let mut session = Session::new(link, player, settings);
    session.answer(req)?;
    Ok(Answered {
        played: !session.games.is_empty(),
        stop: session.stop,
    })
}

struct Session<'a, G: Game, P> {
    link: &'a mut Link,
    player: &'a mut P,
    settings: &'a Settings<G>,
    games: Vec<GameReport<G>>,
    /// A stop code 1 was sent or received.
    stop: bool,
    /// This is the initiator's last game.
    last: bool,
}

/// The message type's name, for logs.
fn kind(msg: &Message) -> &'static str {
    match msg {
        Message::Chat(_) => "CHAT",
        Message::GameReq(_) => "GAMEREQ",
        Message::GameAcc(_) => "GAMEACC",
        Message::Move(_) => "MOVE",
        Message::GameEnd(_) => "GAMEEND",
        Message::BackReq(_) => "BACKREQ",
        Message::BackAcc(_) => "BACKACC",
    }
}

fn unexpected(msg: &Message, when: &str) -> SessionError {
    SessionError::Peer(format!("unexpected {} {when}", kind(msg)))
}

impl<'a, G: Game, P: Player<G>> Session<'a, G, P> {
    fn new(link: &'a mut Link, player: &'a mut P, settings: &'a Settings<G>) -> Self {
        Session {
            link,
            player,
            settings,
            games: Vec::new(),
            stop: false,
            last: false,
        }
    }

    fn send(&mut self, msg: Message) -> Result<(), SessionError> {
        Ok(self.link.send(&msg)?)
    }

    fn accept_code(&mut self, code: AcceptCode) -> Result<(), SessionError> {
        let name = self.settings.name.clone();
        self.send(Message::GameAcc(GameAcc { name, code }))
    }

    /// The next message; faults, silence and a closed link are errors.
    fn next(&mut self) -> Result<Message, SessionError> {
        self.next_within(self.settings.timeout)
    }

    /// The next message by `deadline`.
    fn next_by(&mut self, deadline: Instant) -> Result<Message, SessionError> {
        self.next_within(deadline.saturating_duration_since(Instant::now()))
    }

    /// The next message within `wait`.
    fn next_within(&mut self, wait: Duration) -> Result<Message, SessionError> {
        match self.link.recv(wait) {
            Event::Message(Message::Chat(text)) => {
                log::info!("dxp chat from the peer: {text}");
                Ok(Message::Chat(text))
            }
            Event::Message(msg) => Ok(msg),
            Event::Fault(why) => Err(SessionError::Peer(why)),
            Event::Closed => Err(SessionError::Closed),
            Event::Timeout => Err(SessionError::Silent(wait)),
        }
    }

    /// The follower: answer requests and play until the peer stops.
    fn follow(&mut self) -> Result<(), SessionError> {
        while !self.stop {
            match self.next() {
                Err(SessionError::Closed) => return Ok(()),
                Err(e) => return Err(e),
                Ok(Message::GameReq(req)) => self.answer(&req)?,
                Ok(Message::Chat(_)) => {}
                Ok(Message::GameEnd(end)) => {
                    self.stop = end.stop;
                    self.send(Message::GameEnd(GameEnd {
                        reason: EndReason::Unknown,
                        stop: end.stop,
                    }))?;
                }
                Ok(Message::BackReq(_)) => self.send(Message::BackAcc(BackCode::Decline))?,
                Ok(msg) => return Err(unexpected(&msg, "outside a game")),
            }
        }
        Ok(())
    }

    /// Answer a GAMEREQ and play the game if it is accepted.
    fn answer(&mut self, req: &GameReq) -> Result<(), SessionError> {
        match self.accept(req)? {
            Some(play) => self.play_game(play),
            None => Ok(()),
        }
    }

    /// Answer a GAMEREQ; the game to play if it is accepted.
    fn accept(&mut self, req: &GameReq) -> Result<Option<Play<G>>, SessionError> {
        if req.version != VERSION {
            log::warn!("dxp: refusing protocol version '{}'", req.version);
            self.accept_code(AcceptCode::BadVersion)?;
            return Ok(None);
        }
        if req.minutes > self.settings.max_minutes {
            log::warn!(
                "dxp: {}: refusing a game of {} minutes (at most {})",
                self.link.peer(),
                req.minutes,
                self.settings.max_minutes
            );
            self.accept_code(AcceptCode::RefuseGame)?;
            return Ok(None);
        }
        let start = match &req.start {
            None => Ok(G::start()),
            Some(s) => board::decode::<G>(s.side, &s.board),
        };
        let start = match start {
            Ok(pos) if pos.game_end().is_none() => pos,
            Ok(_) => {
                log::warn!("dxp: refusing a start position where the game is over");
                self.accept_code(AcceptCode::RefuseGame)?;
                return Ok(None);
            }
            Err(e) => {
                log::warn!("dxp: refusing the game: {e}");
                self.accept_code(AcceptCode::RefuseGame)?;
                return Ok(None);
            }
        };
        self.accept_code(AcceptCode::Accept)?;
        let line = format!(
            "dam dxp: {}: game started against '{}', dam plays {:?}, {} min for {} moves",
            self.link.peer(),
            req.name,
            req.follower,
            req.minutes,
            req.moves
        );
        self.announce(line);
        Ok(Some(Play::new(start, req.follower, req.minutes, req.moves)))
    }

    /// The initiator: request and play the games.
    fn initiate(&mut self) -> Result<(), SessionError> {
        let s = self.settings;
        let start = s.start.unwrap_or_else(G::start);
        let board = match s.start {
            Some(pos) => Some(StartPos {
                side: pos.side_to_move(),
                board: board::encode(&pos)?,
            }),
            None => None,
        };
        for i in 0..s.games {
            self.last = i + 1 == s.games;
            let follower = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            self.send(Message::GameReq(GameReq {
                version: VERSION.to_string(),
                name: s.name.clone(),
                follower,
                minutes: s.minutes,
                moves: s.moves,
                start: board.clone(),
            }))?;
            let acc = loop {
                match self.next()? {
                    Message::GameAcc(acc) => break acc,
                    Message::Chat(_) => {}
                    msg => return Err(unexpected(&msg, "while waiting for GAMEACC")),
                }
            };
            if acc.code != AcceptCode::Accept {
                return Err(SessionError::Refused(acc.code));
            }
            log::info!("dxp: game {} against '{}'", i + 1, acc.name);
            self.play_game(Play::new(start, follower.flip(), s.minutes, s.moves))?;
            if self.stop {
                break;
            }
        }
        Ok(())
    }

    /// A line on stderr, if the settings ask for them, else in the log.
    fn announce(&self, line: String) {
        if self.settings.announce {
            eprintln!("{line}");
        } else {
            log::info!("{line}");
        }
    }

    /// Play one accepted game to its end; on a fault, end it with `E00`.
    fn play_game(&mut self, mut play: Play<G>) -> Result<(), SessionError> {
        self.player.abandon_on(self.link.gone());
        self.player.new_game(&play.game_start());
        let result = self.turns(&mut play);
        let plies = play.history().len() - 1;
        let ended = match &result {
            Ok((outcome, reason)) => format!("{} ({reason})", outcome_words(*outcome)),
            Err(e) => format!("aborted: {e}"),
        };
        let peer = self.link.peer();
        self.announce(format!(
            "dam dxp: {peer}: game ended after {plies} plies: {ended}"
        ));
        match result {
            Ok((outcome, reason)) => {
                self.player.game_over(play.record(), outcome);
                self.games.push(play.report(outcome, reason));
                Ok(())
            }
            Err(e) => {
                self.player.game_over(play.record(), None);
                let _ = self.link.send(&Message::GameEnd(GameEnd {
                    reason: EndReason::Unknown,
                    stop: false,
                }));
                self.games.push(play.report(None, e.to_string()));
                Err(e)
            }
        }
    }

    /// Moves until the game ends: its result and why. Only the side on
    /// move may send GAMEEND: when the rules end the game on the peer's
    /// turn, dam waits for the peer's GAMEEND, and ends the game itself if
    /// the peer moves instead. The move count of GAMEREQ is the clock's,
    /// not the game's. The peer's time for the whole game is bounded
    /// (`Play::peer_time_left`): chat and take-backs do not extend it.
    fn turns(&mut self, play: &mut Play<G>) -> Result<(Option<Outcome>, String), SessionError> {
        loop {
            let over = play.record().game_end();
            if play.our_turn()
                && let Some(end) = over
            {
                return self.finish(play, end);
            }
            let adjudicator = self.settings.adjudicator.as_ref();
            if play.our_turn()
                && let Some(end) = adjudicator.and_then(|a| a.verdict(play.position()))
            {
                self.end_game(play.reason_for(end.outcome))?;
                return Ok((Some(end.outcome), end.reason));
            }
            if play.our_turn() {
                self.our_move(play)?;
                continue;
            }
            let grace = self.settings.timeout;
            let (left, waited) = (play.peer_time_left(grace), Instant::now());
            let next = self.next_within(left);
            play.charge_peer(waited.elapsed());
            let next = next.map_err(|e| match e {
                SessionError::Silent(_) => SessionError::OutOfTime(play.game_time() + grace),
                e => e,
            });
            match next? {
                Message::Move(_) if let Some(end) = over => {
                    log::info!("dxp: the peer moved after the end of the game");
                    return self.finish(play, end);
                }
                Message::Move(m) => match find_dxp_move(play.position(), &m.fields) {
                    Ok(mv) => play.play(&mv, Duration::ZERO),
                    Err(e) => return Err(SessionError::Peer(format!("illegal move: {e}"))),
                },
                Message::GameEnd(end) => {
                    self.stop |= end.stop;
                    let stop = end.stop || self.last;
                    self.send(Message::GameEnd(GameEnd {
                        reason: EndReason::Unknown,
                        stop,
                    }))?;
                    let why = end.reason.peer_claim("dam");
                    return Ok((play.outcome_of(end.reason.inverted()), why));
                }
                Message::BackReq(req) => {
                    let code = if play.take_back(&req) {
                        log::info!("dxp: took back to move {} {:?}", req.move_number, req.side);
                        BackCode::Accept
                    } else {
                        BackCode::Decline
                    };
                    self.send(Message::BackAcc(code))?;
                }
                Message::Chat(_) => {}
                Message::GameReq(_) => {
                    log::warn!("dxp: refusing a second game while one is running");
                    self.accept_code(AcceptCode::RefuseGame)?;
                }
                msg => return Err(unexpected(&msg, "during a game")),
            }
        }
    }

    /// End a game that the rules ended.
    fn finish(
        &mut self,
        play: &Play<G>,
        end: RulesEnd,
    ) -> Result<(Option<Outcome>, String), SessionError> {
        self.end_game(play.reason_for(end.outcome))?;
        Ok((Some(end.outcome), end.reason))
    }

    /// Think and send our move.
    fn our_move(&mut self, play: &mut Play<G>) -> Result<(), SessionError> {
        let started = Instant::now();
        let pos = *play.position();
        let mv = self
            .player
            .choose(play.record(), play.history(), play.clock());
        if self.link.gone().load(Ordering::SeqCst) {
            return Err(SessionError::Closed);
        }
        let mv =
            mv.ok_or_else(|| SessionError::Engine("no move in a position with moves".into()))?;
        let fields = dxp_move(&pos, &mv)
            .ok_or_else(|| SessionError::Engine("it chose an illegal move".into()))?;
        let thought = started.elapsed();
        let seconds = thought.as_secs_f64().round().min(9999.0) as u16;
        self.send(Message::Move(MoveMsg { seconds, fields }))?;
        play.play(&mv, thought);
        Ok(())
    }

    /// Send our GAMEEND and wait for the peer's, at most the timeout.
    fn end_game(&mut self, reason: EndReason) -> Result<(), SessionError> {
        self.stop |= self.last;
        let stop = self.last;
        self.send(Message::GameEnd(GameEnd { reason, stop }))?;
        let deadline = Instant::now() + self.settings.timeout;
        loop {
            match self.next_by(deadline)? {
                Message::GameEnd(end) => {
                    self.stop |= end.stop;
                    return Ok(());
                }
                Message::Move(_) | Message::Chat(_) => {}
                Message::BackReq(_) => self.send(Message::BackAcc(BackCode::Decline))?,
                msg => return Err(unexpected(&msg, "while waiting for GAMEEND")),
            }
        }
    }
}

/// A game's result in words, for the listener's lines.
fn outcome_words(outcome: Option<Outcome>) -> String {
    match outcome {
        Some(Outcome::Win(c)) => format!("{c:?} wins"),
        Some(Outcome::Draw) => "a draw".to_string(),
        None => "no result".to_string(),
    }
}
