//! `dam dxp --listen`: accept connections one game at a time. The session
//! runs on a worker thread; a connection that arrives while it is busy gets
//! its GAMEREQ refused with code 2 and is closed. Whatever a peer does, the
//! server logs it and goes on with the next connection.

use super::link::{Event, Link};
use super::message::{AcceptCode, GameAcc, Message};
use super::player::Player;
use super::session::{Settings, run};
use crate::rules::Game;
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

/// How long a refused connection may take to send its GAMEREQ.
const REFUSE_WAIT: Duration = Duration::from_secs(10);
/// How many 10 ms steps a new connection waits for a session to end.
const GRACE_STEPS: u32 = 50;

/// Serve every connection of `listener`, forever.
pub fn serve<G, P>(
    listener: TcpListener,
    make_player: impl FnOnce() -> P + Send + 'static,
    settings: Settings<G>,
) where
    G: Game,
    P: Player<G>,
{
    let busy = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<TcpStream>();
    let worker_busy = Arc::clone(&busy);
    let worker_settings = settings.clone();
    thread::spawn(move || {
        let mut player = make_player();
        for stream in rx {
            let peer = stream
                .peer_addr()
                .map(|a| a.to_string())
                .unwrap_or_default();
            let link = Link::tcp(stream);
            if let Ok(mut link) = link {
                log::info!("dxp: connection from {peer}");
                let summary = run(&mut link, &mut player, &worker_settings);
                match summary.error {
                    Some(e) => log::warn!("dxp: {peer}: {e}"),
                    None => log::info!("dxp: {peer}: session over"),
                }
                // Free before closing: a peer that saw the close and
                // connects again must find the server free.
                worker_busy.store(false, Ordering::SeqCst);
                drop(link);
            } else {
                worker_busy.store(false, Ordering::SeqCst);
            }
        }
    });
    for stream in listener.incoming() {
        let stream = match stream {
            Ok(s) => s,
            Err(e) => {
                log::warn!("dxp: accept: {e}");
                continue;
            }
        };
        if !claim(&busy) {
            let name = settings.name.clone();
            thread::spawn(move || refuse(stream, name));
        } else if tx.send(stream).is_err() {
            log::error!("dxp: the game thread is gone");
            return;
        }
    }
}

/// Mark the server busy, waiting a moment for a session that is ending
/// (a peer that drops a game and connects again at once); false if a game
/// is still running.
fn claim(busy: &AtomicBool) -> bool {
    for _ in 0..GRACE_STEPS {
        if !busy.swap(true, Ordering::SeqCst) {
            return true;
        }
        thread::sleep(Duration::from_millis(10));
    }
    false
}

/// Answer the GAMEREQ of a connection that came while a game runs with
/// code 2, then close it.
fn refuse(stream: TcpStream, name: String) {
    let Ok(mut link) = Link::tcp(stream) else {
        return;
    };
    loop {
        match link.recv(REFUSE_WAIT) {
            Event::Message(Message::GameReq(_)) => {
                log::warn!("dxp: refusing a game on a second connection: a game is running");
                let code = AcceptCode::RefuseGame;
                let _ = link.send(&Message::GameAcc(GameAcc { name, code }));
                return;
            }
            Event::Message(Message::Chat(_)) => {}
            _ => return,
        }
    }
}
