//! A remote DXP peer (`dxp://host:port`) as one side of a match: dam is
//! the initiator, sends a GAMEREQ per game with the peer's colour, the
//! clock and the start position, forwards the other side's moves and
//! reads the peer's. A peer that ends a game (GAMEEND) ends it with the
//! result it concedes (a loss or a draw; a win it claims is not scored)
//! and the match goes on. The peer plays on the game clock its GAMEREQ
//! carries even when the other side has a time a move. A peer that
//! breaks the protocol gives no move, the link is dropped and the match
//! stops.

use crate::notation::movetext::{dxp_move, find_dxp_move};
use crate::protocol::dxp::board::encode;
use crate::protocol::dxp::link::Event;
use crate::protocol::dxp::message::*;
use crate::protocol::dxp::{ClockState, GameStart, Link, Message, Player};
use crate::rules::record::Record;
use crate::rules::{Color, Game, MoveList, Outcome};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

/// A DXP peer at an address.
pub struct DxpRemote<G: Game> {
    addr: String,
    name: String,
    timeout: Duration,
    link: Option<Link>,
    /// The position the peer knows; `None` when no game runs.
    known: Option<G>,
    /// The peer's colour in the current game.
    colour: Color,
    /// Why the peer could not start a game or give a move.
    failure: Option<String>,
    /// The peer ended the current game: the result it leaves and why.
    ended: Option<(Option<Outcome>, String)>,
}

impl<G: Game> DxpRemote<G> {
    /// A peer at `addr` (`host:port`), our name for GAMEREQ, and the
    /// longest wait for one of its messages.
    pub fn new(addr: &str, name: &str, timeout: Duration) -> DxpRemote<G> {
        DxpRemote {
            addr: addr.to_string(),
            name: name.to_string(),
            timeout,
            link: None,
            known: None,
            colour: Color::White,
            failure: None,
            ended: None,
        }
    }

    fn fail(&mut self, why: &str) {
        log::warn!("dxp peer {}: {why}", self.addr);
        self.link = None;
        self.known = None;
    }

    fn connect(&self) -> Result<Link, String> {
        let addrs = self.addr.to_socket_addrs().map_err(|e| e.to_string())?;
        for a in addrs {
            if let Ok(stream) = TcpStream::connect_timeout(&a, self.timeout) {
                return Link::tcp(stream).map_err(|e| e.to_string());
            }
        }
        Err("cannot connect".to_string())
    }

    fn send(&mut self, msg: Message) -> Result<(), String> {
        let link = self.link.as_mut().ok_or("not connected")?;
        link.send(&msg).map_err(|e| e.to_string())
    }

    /// The next message other than CHAT.
    fn next(&mut self) -> Result<Message, String> {
        let timeout = self.timeout;
        let link = self.link.as_mut().ok_or("not connected")?;
        loop {
            match link.recv(timeout) {
                Event::Message(Message::Chat(_)) => {}
                Event::Message(msg) => return Ok(msg),
                other => return Err(format!("{other:?}")),
            }
        }
    }

    fn start(&mut self, game: &GameStart<G>) -> Result<(), String> {
        if self.link.is_none() {
            self.link = Some(self.connect()?);
        }
        let start = if game.start == G::start() {
            None
        } else {
            let board = encode(&game.start).map_err(|e| e.to_string())?;
            Some(StartPos {
                side: game.start.side_to_move(),
                board,
            })
        };
        self.send(Message::GameReq(GameReq {
            version: VERSION.to_string(),
            name: self.name.clone(),
            follower: game.ours,
            minutes: game.minutes,
            moves: game.moves,
            start,
        }))?;
        match self.next()? {
            Message::GameAcc(GameAcc {
                code: AcceptCode::Accept,
                ..
            }) => Ok(()),
            other => Err(format!("game not accepted: {other}")),
        }
    }

    /// Tell the peer the moves it has not seen (at most one ply: the other
    /// side's last move).
    fn catch_up(&mut self, record: &Record<G>) -> Result<(), String> {
        let known = self.known.ok_or("no game")?;
        let now = *record.position();
        if known.hash() == now.hash() {
            return Ok(());
        }
        let mut moves = MoveList::new();
        known.generate(&mut moves);
        let mv = moves
            .iter()
            .find(|m| known.play(m).hash() == now.hash())
            .ok_or("the game went more than one move past the peer")?;
        let fields = dxp_move(&known, mv).ok_or("an illegal move")?;
        self.send(Message::Move(MoveMsg { seconds: 0, fields }))?;
        self.known = Some(now);
        Ok(())
    }

    /// The peer's move, or `None` when it ended the game instead.
    fn reply(&mut self, record: &Record<G>) -> Result<Option<G::Move>, String> {
        self.catch_up(record)?;
        let pos = *record.position();
        loop {
            match self.next()? {
                Message::Move(m) => {
                    let mv = find_dxp_move(&pos, &m.fields).map_err(|e| e.to_string())?;
                    self.known = Some(pos.play(&mv));
                    return Ok(Some(mv));
                }
                Message::GameEnd(end) => {
                    self.send(Message::GameEnd(GameEnd {
                        reason: EndReason::Unknown,
                        stop: false,
                    }))?;
                    self.known = None;
                    let outcome = match end.reason {
                        EndReason::ILose => Some(Outcome::Win(self.colour.flip())),
                        EndReason::Draw => Some(Outcome::Draw),
                        EndReason::IWin | EndReason::Unknown => None,
                    };
                    self.ended = Some((outcome, end.reason.peer_claim("its opponent")));
                    return Ok(None);
                }
                Message::BackReq(_) => self.send(Message::BackAcc(BackCode::NotSupported))?,
                other => return Err(format!("unexpected {other}")),
            }
        }
    }

    fn end(&mut self, record: &Record<G>, outcome: Option<Outcome>) -> Result<(), String> {
        self.catch_up(record)?;
        self.known = None;
        // The reason is the sender's: dam plays against the peer.
        let reason = match outcome {
            Some(Outcome::Draw) => EndReason::Draw,
            Some(Outcome::Win(c)) if c == self.colour => EndReason::ILose,
            Some(Outcome::Win(_)) => EndReason::IWin,
            None => EndReason::Unknown,
        };
        self.send(Message::GameEnd(GameEnd {
            reason,
            stop: false,
        }))?;
        loop {
            match self.next()? {
                Message::GameEnd(_) => return Ok(()),
                Message::Move(_) => {}
                other => return Err(format!("unexpected {other}")),
            }
        }
    }
}

impl<G: Game> Player<G> for DxpRemote<G> {
    fn new_game(&mut self, game: &GameStart<G>) {
        self.colour = game.ours;
        self.ended = None;
        match self.start(game) {
            Ok(()) => self.known = Some(game.start),
            Err(e) => {
                self.fail(&e);
                self.failure = Some(format!("dxp peer {}: {e}", self.addr));
            }
        }
    }

    fn choose(&mut self, record: &Record<G>, _: &[u64], _: ClockState) -> Option<G::Move> {
        self.known?;
        match self.reply(record) {
            Ok(reply) => reply,
            Err(e) => {
                self.fail(&e);
                self.failure = Some(format!("dxp peer {}: {e}", self.addr));
                None
            }
        }
    }

    fn ended_game(&mut self) -> Option<(Option<Outcome>, String)> {
        self.ended.take()
    }

    fn failure(&self) -> Option<String> {
        self.failure.clone()
    }

    fn keeps_game_clock(&self) -> bool {
        true
    }

    fn game_over(&mut self, record: &Record<G>, outcome: Option<Outcome>) {
        if self.known.is_some()
            && let Err(e) = self.end(record, outcome)
        {
            self.fail(&e);
        }
    }
}
