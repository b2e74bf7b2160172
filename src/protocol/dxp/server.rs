//! `dam dxp --listen`: serve every connection, one game at a time. Each
//! connection has its own thread; it takes the game slot (the engine) only
//! when its GAMEREQ is accepted and gives it back when the game ends, so a
//! connected peer that sends nothing keeps no one else from playing. A
//! GAMEREQ that comes while another connection plays is refused with code 2
//! and the connection closed. A connection that has not started a game
//! within `IDLE` (or the session's `--timeout`, if shorter) of its opening
//! or of its last game's end is closed, whatever it sends meanwhile; bytes
//! that are not a valid message outside a game get `E00` before the close.
//! At most `MAX_CONNECTIONS` are served at once, and at most
//! `per_address` of them from one address. A peer that leaves during a
//! game ends it at once (dam's search included). Whatever a peer does, the
//! server logs it and goes on.

use super::link::{Event, Link};
use super::message::{AcceptCode, BackCode, EndReason, GameAcc, GameEnd, Message};
use super::player::Player;
use super::session::{Answered, Settings, answer};
use super::slots::Slots;
use crate::rules::Game;
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex, MutexGuard, TryLockError};
use std::thread;
use std::time::{Duration, Instant};

/// How long a connection may go without starting a game.
pub const IDLE: Duration = Duration::from_secs(30);
/// How many connections are served at once; more are closed at once.
pub const MAX_CONNECTIONS: usize = 64;
/// How many 10 ms steps a GAMEREQ waits for a game that is ending.
const GRACE_STEPS: u32 = 50;

/// Serve every connection of `listener`, forever, with `player`, at most
/// `per_address` at once from one address.
pub fn serve<G, P>(listener: TcpListener, player: P, settings: Settings<G>, per_address: usize)
where
    G: Game,
    P: Player<G> + Send + 'static,
{
    let player = Arc::new(Mutex::new(player));
    let settings = Arc::new(settings);
    let slots = Slots::new(MAX_CONNECTIONS, per_address);
    for stream in listener.incoming() {
        let stream = match stream {
            Ok(s) => s,
            Err(e) => {
                log::warn!("dxp: accept: {e}");
                continue;
            }
        };
        let slot = match stream.peer_addr().map(|a| slots.take(a.ip())) {
            Ok(Ok(slot)) => slot,
            Ok(Err(why)) => {
                log::warn!("dxp: closing a connection: {why}");
                continue;
            }
            Err(e) => {
                log::warn!("dxp: a connection without an address: {e}");
                continue;
            }
        };
        let (player, settings) = (player.clone(), settings.clone());
        thread::spawn(move || {
            connection(stream, &player, &settings);
            drop(slot);
        });
    }
}

/// Serve one connection until it closes, stops, breaks the protocol or
/// goes too long without a game.
fn connection<G: Game, P: Player<G>>(stream: TcpStream, player: &Mutex<P>, settings: &Settings<G>) {
    let peer = stream
        .peer_addr()
        .map(|a| a.to_string())
        .unwrap_or_default();
    let Ok(mut link) = Link::tcp(stream) else {
        return;
    };
    log::info!("dxp: connection from {peer}");
    let idle = settings.timeout.min(IDLE);
    let end = |stop| {
        Message::GameEnd(GameEnd {
            reason: EndReason::Unknown,
            stop,
        })
    };
    let mut deadline = Instant::now() + idle;
    loop {
        match link.recv(deadline.saturating_duration_since(Instant::now())) {
            Event::Message(Message::GameReq(req)) => {
                let Some(mut player) = claim(player) else {
                    log::warn!("dxp: {peer}: refusing a game: another connection is playing one");
                    let name = settings.name.clone();
                    let code = AcceptCode::RefuseGame;
                    let _ = link.send(&Message::GameAcc(GameAcc { name, code }));
                    return;
                };
                match answer(&mut link, &mut *player, settings, &req) {
                    Ok(Answered { stop: true, .. }) => {
                        return log::info!("dxp: {peer}: the peer stopped");
                    }
                    Ok(Answered { played, .. }) if played => deadline = Instant::now() + idle,
                    Ok(_) => {}
                    Err(e) => return log::warn!("dxp: {peer}: {e}"),
                }
            }
            Event::Message(Message::Chat(text)) => log::info!("dxp: {peer}: chat: {text}"),
            Event::Message(Message::GameEnd(e)) => {
                if link.send(&end(e.stop)).is_err() || e.stop {
                    return;
                }
            }
            Event::Message(Message::BackReq(_)) => {
                if link.send(&Message::BackAcc(BackCode::Decline)).is_err() {
                    return;
                }
            }
            Event::Message(msg) => {
                log::warn!("dxp: {peer}: unexpected message outside a game: {msg}");
                return drop(link.send(&end(false)));
            }
            Event::Fault(why) => {
                log::warn!("dxp: {peer}: {why}");
                return drop(link.send(&end(false)));
            }
            Event::Timeout => {
                let secs = idle.as_secs();
                return log::info!("dxp: {peer}: no game within {secs} s, closing");
            }
            Event::Closed => return log::info!("dxp: {peer}: closed"),
        }
    }
}

/// The engine, waiting a moment for a game that is ending (a peer that
/// drops a game and asks again at once); `None` while a game runs.
fn claim<P>(player: &Mutex<P>) -> Option<MutexGuard<'_, P>> {
    for _ in 0..GRACE_STEPS {
        match player.try_lock() {
            Ok(guard) => return Some(guard),
            Err(TryLockError::Poisoned(e)) => return Some(e.into_inner()),
            Err(TryLockError::WouldBlock) => thread::sleep(Duration::from_millis(10)),
        }
    }
    None
}
