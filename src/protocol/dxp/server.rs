//! `dam dxp --listen`: serve every connection, one game at a time. Each
//! connection has its own thread; it takes the game slot (the engine) only
//! when its GAMEREQ is accepted and gives it back when the game ends, so a
//! connected peer that sends nothing keeps no one else from playing. A
//! GAMEREQ that comes while another connection plays is refused with code 2
//! and the connection closed; a connection silent for `IDLE` (or the
//! session's `--timeout`, if shorter) outside a game is closed; bytes that
//! are not a valid message outside a game get `E00` before the close.
//! Whatever a peer does, the server logs it and goes on.

use super::link::{Event, Link};
use super::message::{AcceptCode, BackCode, EndReason, GameAcc, GameEnd, Message};
use super::player::Player;
use super::session::{Settings, answer};
use crate::rules::Game;
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, TryLockError};
use std::thread;
use std::time::Duration;

/// How long a connection may stay silent outside a game.
pub const IDLE: Duration = Duration::from_secs(30);
/// How many connections are served at once; more are closed at once.
const MAX_CONNECTIONS: usize = 64;
/// How many 10 ms steps a GAMEREQ waits for a game that is ending.
const GRACE_STEPS: u32 = 50;

/// Serve every connection of `listener`, forever, with `player`.
pub fn serve<G, P>(listener: TcpListener, player: P, settings: Settings<G>)
where
    G: Game,
    P: Player<G> + Send + 'static,
{
    let player = Arc::new(Mutex::new(player));
    let settings = Arc::new(settings);
    let open = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let stream = match stream {
            Ok(s) => s,
            Err(e) => {
                log::warn!("dxp: accept: {e}");
                continue;
            }
        };
        if open.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
            open.fetch_sub(1, Ordering::SeqCst);
            log::warn!("dxp: closing a connection: {MAX_CONNECTIONS} are open already");
            continue;
        }
        let (player, settings, open) = (player.clone(), settings.clone(), open.clone());
        thread::spawn(move || {
            connection(stream, &player, &settings);
            open.fetch_sub(1, Ordering::SeqCst);
        });
    }
}

/// Serve one connection until it closes, stops, breaks the protocol or
/// stays silent too long.
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
    loop {
        match link.recv(idle) {
            Event::Message(Message::GameReq(req)) => {
                let Some(mut player) = claim(player) else {
                    log::warn!("dxp: {peer}: refusing a game: another connection is playing one");
                    let name = settings.name.clone();
                    let code = AcceptCode::RefuseGame;
                    let _ = link.send(&Message::GameAcc(GameAcc { name, code }));
                    return;
                };
                match answer(&mut link, &mut *player, settings, &req) {
                    Ok(false) => {}
                    Ok(true) => return log::info!("dxp: {peer}: the peer stopped"),
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
                return log::info!("dxp: {peer}: silent for {} s, closing", idle.as_secs());
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
