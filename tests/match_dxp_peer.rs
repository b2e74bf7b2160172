//! `dam match` against a DXP peer, binaries over loopback (issue 32): the
//! GAMEREQ move count is the clock's, so `dam dxp --listen` plays on past
//! it; a game the peer ends is recorded with its reason and the match goes
//! on; a match that aborts prints no score.

use crate::common::dxp::{Peer, listen};
use crate::common::{dam, dir, stderr, stdout};
use std::net::TcpListener;
use std::process::Output;
use std::thread;

#[test]
fn a_match_against_the_listener_plays_past_the_clock_moves() {
    let (_server, addr) = listen(&["--search", "depth=1"]);
    let d = dir("match-listener");
    let pdn = d.join("m.pdn").display().to_string();
    let peer = format!("dxp://{addr}");
    let args = [
        "match",
        "--engine",
        "dam:depth=1",
        "--engine",
        &peer,
        "--moves",
        "3",
    ];
    let run = dam(&[
        &args[..],
        &["--games", "2", "--max-plies", "30", "--pdn", &pdn],
    ]
    .concat());
    assert!(run.status.success(), "{}", stderr(&run));
    assert!(stdout(&run).contains("games 2:"), "{}", stdout(&run));
    let log = std::fs::read_to_string(&pdn).unwrap();
    assert_eq!(log.matches("[Event ").count(), 2, "{log}");
}

/// `dam match` of two games, dam at depth 1 against a scripted peer that
/// `script` plays on the first connection: the run and the PDN log.
fn against_script(name: &str, script: impl FnOnce(Peer) + Send + 'static) -> (Output, String) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let peer = thread::spawn(move || script(Peer::from_stream(listener.accept().unwrap().0)));
    let d = dir(name);
    let pdn = d.join("m.pdn").display().to_string();
    let remote = format!("dxp://{addr}");
    let args = ["match", "--engine", "dam:depth=1", "--engine", &remote];
    let run = dam(&[
        &args[..],
        &["--games", "2", "--timeout", "10", "--pdn", &pdn],
    ]
    .concat());
    peer.join().unwrap();
    let log = std::fs::read_to_string(&pdn).unwrap_or_default();
    (run, log)
}

#[test]
fn a_game_the_peer_ends_is_recorded_and_the_match_goes_on() {
    // The peer concedes each game on its first turn.
    let (run, log) = against_script("match-concede", |mut peer| {
        for _ in 0..2 {
            let req = peer.expect("R");
            peer.send(&format!("A{:<32}0", "conceding peer"));
            if &req[35..36] == "Z" {
                peer.expect("M");
            }
            peer.send("E10");
            peer.expect("E0");
        }
    });
    assert!(run.status.success(), "{}", stderr(&run));
    assert!(
        stdout(&run).contains("games 2: +2 =0 -0"),
        "{}",
        stdout(&run)
    );
    let claim = "the peer ended the game claiming a win for its opponent";
    assert_eq!(stderr(&run).matches(claim).count(), 2, "{}", stderr(&run));
    assert_eq!(log.matches(claim).count(), 2, "{log}");
}

#[test]
fn an_aborted_match_prints_no_score() {
    let (run, _) = against_script("match-refused", |mut peer| {
        peer.expect("R");
        peer.send(&format!("A{:<32}3", "refusing peer"));
    });
    assert!(!run.status.success());
    assert!(
        stderr(&run).contains("match aborted at game 1"),
        "{}",
        stderr(&run)
    );
    assert!(!stdout(&run).contains('%'), "{}", stdout(&run));
    assert!(
        stdout(&run).contains("aborted after 0 finished game(s)"),
        "{}",
        stdout(&run)
    );
}
