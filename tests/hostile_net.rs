//! Peers that abuse the DXP server over loopback (issue 32): one that
//! leaves during dam's search, one that asks for a huge clock, ones that
//! chat instead of moving or instead of starting a game, and one address
//! that opens more than its share of connections. After each, the server
//! must play again within a bound; it prints a line per game on stderr.

use crate::common::dxp::{Peer, Polled, accepted, drive, listen, listen_logged, timed_req};
use dam::notation::movetext::{dxp_move, find_dxp_move};
use dam::protocol::dxp::{Message, parse};
use dam::rules::removal::International;
use dam::rules::{Color, Game, MoveList};
use std::thread;
use std::time::{Duration, Instant};

/// The longest a server may take to free its game slot here.
const BOUND: Duration = Duration::from_secs(8);

/// Ask for a game until it is accepted (a refusal closes the connection);
/// how many requests it took, or `None` past `BOUND`.
fn play_again(addr: &str) -> Option<usize> {
    let started = Instant::now();
    for tries in 1.. {
        let mut peer = Peer::connect(addr);
        peer.send(&timed_req(Color::Black, 1, 0, None));
        if peer.expect("A").ends_with('0') {
            return Some(tries);
        }
        if started.elapsed() > BOUND {
            return None;
        }
        thread::sleep(Duration::from_millis(200));
    }
    None
}

#[test]
fn a_peer_that_leaves_ends_its_game_and_huge_clocks_are_refused() {
    let (_dam, addr) = listen(&["--search", "threads=1,hash=16", "--max-time", "120"]);
    let mut huge = Peer::connect(&addr);
    huge.send(&timed_req(Color::White, 999, 0, None));
    assert!(huge.expect("A").ends_with('2'), "999 minutes refused");
    // dam, White on a 30-minute clock, thinks about a minute on its first
    // move; the peer leaves at once.
    let mut leaver = Peer::connect(&addr);
    leaver.send(&timed_req(Color::White, 30, 0, None));
    accepted(&mut leaver);
    drop(leaver);
    let tries = play_again(&addr).expect("the slot is free within the bound");
    eprintln!("accepted at request {tries} after the peer left");
}

/// Send `CHAT`s every 300 ms, up to `most`, until dam answers; the
/// answer and the number of chats sent.
fn chat_until_answer(peer: &mut Peer, most: usize) -> (Polled, usize) {
    for sent in 1..=most {
        peer.send("Cstill thinking");
        match peer.poll(Duration::from_millis(300)) {
            Polled::Nothing => {}
            answer => return (answer, sent),
        }
    }
    (Polled::Nothing, most)
}

#[test]
fn a_peer_in_a_game_has_one_bound_for_the_whole_game() {
    let (_dam, addr) = listen(&["--search", "depth=1", "--timeout", "2"]);
    // Untimed: the peer has 2 s for the whole game. Chat does not add any.
    let mut chatty = Peer::connect(&addr);
    chatty.send(&timed_req(Color::Black, 0, 0, None));
    accepted(&mut chatty);
    let (answer, chats) = chat_until_answer(&mut chatty, 30);
    assert_eq!(answer, Polled::Message("E00".into()), "after {chats} chats");
    eprintln!("the chatting peer lost its game after {chats} chats");
    // Nor do dam's moves: 0.7 s a move, the third runs out.
    let mut slow = Peer::connect(&addr);
    slow.send(&timed_req(Color::Black, 0, 0, None));
    accepted(&mut slow);
    let mut pos = International::start();
    let mut moves = 0;
    let ended = loop {
        match slow.poll(Duration::from_millis(700)) {
            Polled::Nothing => {}
            other => break other,
        }
        assert!(moves < 10, "the slow peer kept its game for {moves} moves");
        let mut legal = MoveList::new();
        pos.generate(&mut legal);
        slow.send(&format!("M0001{}", dxp_move(&pos, &legal[0]).unwrap()));
        pos = pos.play(&legal[0]);
        moves += 1;
        let reply = slow.recv().expect("dam's move");
        match parse(reply.as_bytes()) {
            Ok(Message::Move(m)) => pos = pos.play(&find_dxp_move(&pos, &m.fields).unwrap()),
            _ => break Polled::Message(reply),
        }
    };
    assert_eq!(ended, Polled::Message("E00".into()), "after {moves} moves");
    assert!(moves <= 3, "{moves}");
    eprintln!("the slow peer lost its game after {moves} moves");
    assert_eq!(play_again(&addr), Some(1));
}

#[test]
fn chatting_connections_are_closed_and_one_address_gets_its_share() {
    let args: Vec<&str> = "--search depth=1 --timeout 2 --max-per-address 4"
        .split(' ')
        .collect();
    let (_dam, addr) = listen(&args);
    let started = Instant::now();
    let chatters: Vec<_> = (0..4)
        .map(|_| {
            let mut peer = Peer::connect(&addr);
            thread::spawn(move || chat_until_answer(&mut peer, 30))
        })
        .collect();
    thread::sleep(Duration::from_millis(100));
    let mut fifth = Peer::connect(&addr);
    assert_eq!(
        fifth.poll(Duration::from_secs(1)),
        Polled::Closed,
        "a fifth from one address"
    );
    let mut chats = 0;
    for chatter in chatters {
        let (answer, sent) = chatter.join().unwrap();
        assert_eq!(answer, Polled::Closed, "after {sent} chats");
        chats += sent;
    }
    assert!(started.elapsed() < BOUND, "{:?}", started.elapsed());
    eprintln!("5 connections, {chats} chats: all closed");
    assert_eq!(play_again(&addr), Some(1));
}

#[test]
fn the_listener_prints_a_line_per_game_started_and_ended() {
    let (_dam, addr, stderr) = listen_logged(&["--search", "depth=1"]);
    let mut peer = Peer::connect(&addr);
    peer.send(&timed_req(Color::Black, 1, 0, None));
    accepted(&mut peer);
    drive(&mut peer, International::start(), Color::Black, 4);
    let mut seen = Vec::new();
    while seen.len() < 2 {
        let line = stderr.recv_timeout(BOUND).expect("a line per game event");
        if line.contains(": game ") {
            seen.push(line);
        }
    }
    assert!(
        seen[0].contains(": game started against 'scripted peer'"),
        "{seen:?}"
    );
    assert!(
        seen[1].contains(": game ended after 4 plies: no result (the peer ended the game without claiming a result)"),
        "{seen:?}"
    );
}
