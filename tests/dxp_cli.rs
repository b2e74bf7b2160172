//! `dam dxp` as a program: `--listen` against a scripted peer over
//! loopback TCP (a full game, a set-up position, a refused second
//! connection, broken peers followed by a good one), `--connect` as the
//! initiator, and `--stdio`.

use crate::common::dxp::{Peer, WAIT, accepted, drive, game_req, listen, survives_broken_peers};
use crate::common::{Dam, command, stdout};
use dam::notation::fen::parse_fen;
use dam::pdn::parse::parse_game;
use dam::pdn::replay::{Options, replay};
use dam::pdn::split::Splitter;
use dam::rules::removal::{English, International};
use dam::rules::{Color, Game};
use dam::variant::Variant;
use std::net::TcpListener;
use std::process::Stdio;
use std::time::Instant;

/// Engine settings that keep the tests fast.
const QUICK: &[&str] = &["--search", "depth=2"];

#[test]
fn listen_plays_a_game_a_set_up_game_and_refuses_a_second_connection() {
    let (_dam, addr) = listen(QUICK);
    let mut peer = Peer::connect(&addr);
    peer.send(&game_req(Color::Black, 0, None));
    accepted(&mut peer);
    let mut other = Peer::connect(&addr);
    other.send(&game_req(Color::White, 0, None));
    assert!(other.expect("A").ends_with('2'), "one game at a time");
    drive(&mut peer, International::start(), Color::Black, 60);
    // A set-up position on the same connection, dam White and to move.
    let board = format!("{}{}{}", "z".repeat(5), "e".repeat(40), "w".repeat(5));
    peer.send(&game_req(Color::White, 0, Some((Color::White, &board))));
    accepted(&mut peer);
    let start: International = parse_fen("W:W46-50:B1-5").unwrap();
    let driven = drive(&mut peer, start, Color::White, 30);
    // dam may win the set-up game before ply 30 (the peer plays blind).
    assert!(driven.plies >= 30 || driven.dam_ended || driven.over);
}

#[test]
fn a_silent_connection_neither_blocks_games_nor_stays_open() {
    let (_dam, addr) = listen(&["--search", "depth=2", "--timeout", "2"]);
    let mut silent = Peer::connect(&addr);
    let mut player = Peer::connect(&addr);
    player.send(&game_req(Color::Black, 0, None));
    accepted(&mut player);
    drive(&mut player, International::start(), Color::Black, 4);
    let started = Instant::now();
    assert!(silent.closed(), "a silent connection is closed");
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    // A malformed GAMEREQ is answered with E00 before the close.
    let mut broken = Peer::connect(&addr);
    broken.send("R01dam");
    assert_eq!(broken.recv().as_deref(), Some("E00"));
    assert!(broken.closed());
}

#[test]
fn listen_survives_broken_peers() {
    let (_dam, addr) = listen(QUICK);
    survives_broken_peers(&addr, 10);
}

#[test]
fn connect_initiates_the_games_and_stops_with_code_1() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let mut dam = Dam::spawn(
        command()
            .args(["dxp", "--connect", &addr, "--games", "2", "--time", "1"])
            .args(["--moves", "5", "--variant", "english"])
            .args(QUICK)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null()),
    );
    let (stream, _) = listener.accept().unwrap();
    let mut peer = Peer::from_stream(stream);
    for (game, dam_colour, follower) in [(1, Color::White, 'Z'), (2, Color::Black, 'W')] {
        let req = peer.expect("R");
        assert_eq!(&req[35..43], &format!("{follower}001005A"), "game {game}");
        peer.send(&format!("A{:<32}0", "peer"));
        let driven = drive(&mut peer, English::start(), dam_colour, 20);
        // --moves 5 is the clock's: the game goes on past it.
        assert!(driven.plies >= 20 || driven.over, "game {game}: {driven:?}");
    }
    assert!(peer.closed());
    let deadline = Instant::now() + WAIT;
    let status = loop {
        if let Some(status) = dam.child.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "dam did not exit");
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert!(status.success());
}

#[test]
fn stdio_speaks_one_message_a_line() {
    let mut dam = Dam::spawn(
        command()
            .args(["dxp", "--stdio"])
            .args(QUICK)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null()),
    );
    let stdin = dam.child.stdin.take().unwrap();
    let stdout = dam.child.stdout.take().unwrap();
    let mut peer = Peer::lines(stdout, stdin);
    peer.send("Chello");
    peer.send(&game_req(Color::Black, 0, None));
    accepted(&mut peer);
    drive(&mut peer, International::start(), Color::Black, 12);
    peer.send("E01");
    assert_eq!(peer.expect("E"), "E01");
    assert!(peer.closed());
}

#[test]
fn match_of_twenty_games_between_two_dam_servers() {
    let (_a, addr_a) = listen(QUICK);
    let (_b, addr_b) = listen(QUICK);
    let log = std::env::temp_dir().join(format!("dam-dxp-match-{}.pdn", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let mut dam = Dam::spawn(
        command()
            .args([
                "match",
                "--games",
                "20",
                "--time",
                "1",
                "--max-plies",
                "150",
            ])
            .args(["--engine", &format!("dxp://{addr_a}")])
            .args(["--engine", &format!("dxp://{addr_b}")])
            .args(["--pdn", log.to_str().unwrap()])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null()),
    );
    let deadline = Instant::now() + WAIT * 6;
    let status = loop {
        if let Some(status) = dam.child.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "the match did not end");
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    assert!(status.success());
    let text = std::fs::read_to_string(&log).unwrap();
    let _ = std::fs::remove_file(&log);
    let mut games = 0;
    for span in Splitter::new(text.as_bytes()) {
        let game_text = &text[span.start..span.end];
        assert!(!game_text.contains("gave no move"), "{game_text}");
        let mut game = parse_game(game_text).unwrap();
        let strict = Options {
            strict: true,
            ..Options::default()
        };
        replay(&mut game, Variant::International, strict).unwrap();
        games += 1;
    }
    assert_eq!(games, 20);
}

#[test]
fn match_against_a_hub_engine() {
    let log = std::env::temp_dir().join(format!("dam-hub-match-{}.pdn", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let hub = format!("{} hub", env!("CARGO_BIN_EXE_dam"));
    let out = command()
        .args(["match", "--engine", "dam:depth=2", "--engine", &hub])
        .args(["--games", "2", "--movetime", "0.05", "--max-plies", "200"])
        .args(["--pdn", log.to_str().unwrap()])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success());
    let summary = stdout(&out);
    assert!(summary.contains("games 2:"), "{summary}");
    let text = std::fs::read_to_string(&log).unwrap();
    let _ = std::fs::remove_file(&log);
    assert!(
        !text.contains("gave no move") && !text.contains("illegal"),
        "{text}"
    );
    assert_eq!(text.matches("[Event ").count(), 2);
}
