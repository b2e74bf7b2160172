//! The DXP session and server as a library, over loopback TCP, with a
//! test player that plays the first legal move: the dialogue, the
//! follower's answers and its survival of broken peers.

use crate::common::dxp::{Driven, Peer, accepted, drive, game_req, survives_broken_peers};
use dam::protocol::dxp::server::serve;
use dam::protocol::dxp::{ClockState, GameStart, Player, Role, Settings};
use dam::rules::columns::Lasca;
use dam::rules::record::Record;
use dam::rules::removal::International;
use dam::rules::{Color, Game, MoveList};
use std::net::TcpListener;
use std::thread;
use std::time::Duration;

/// Plays the first legal move.
struct FirstMove;

impl<G: Game> Player<G> for FirstMove {
    fn new_game(&mut self, _: &GameStart<G>) {}
    fn choose(&mut self, record: &Record<G>, _: &[u64], _: ClockState) -> Option<G::Move> {
        let mut moves = MoveList::new();
        record.position().generate(&mut moves);
        moves.first().copied()
    }
}

/// A follower server on an ephemeral loopback port; its address.
fn server() -> String {
    server_for::<International>()
}

/// A follower server for the variant `G`.
fn server_for<G: Game>() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let settings = Settings::<G> {
        name: "dam test".into(),
        role: Role::Follower,
        games: 1,
        minutes: 2,
        moves: 75,
        max_minutes: 120,
        announce: false,
        start: None,
        timeout: Duration::from_secs(5),
        adjudicator: None,
    };
    thread::spawn(move || serve(listener, FirstMove, settings, 8));
    addr
}

#[test]
fn full_game_then_a_second_on_the_same_connection() {
    let addr = server();
    let mut peer = Peer::connect(&addr);
    peer.send(&game_req(Color::White, 0, None));
    assert_eq!(peer.expect("A"), format!("A{:<32}0", "dam test"));
    let first = drive(&mut peer, International::start(), Color::White, 1000);
    assert!(first.plies > 10);
    peer.send(&game_req(Color::Black, 0, None));
    accepted(&mut peer);
    let second = drive(&mut peer, International::start(), Color::Black, 6);
    assert_eq!(
        second,
        Driven {
            plies: 6,
            dam_ended: false,
            over: false
        }
    );
}

#[test]
fn broken_peers_end_their_game_and_the_next_connection_plays() {
    survives_broken_peers(&server(), 20);
}

#[test]
fn take_back_chat_and_a_second_request_during_a_game() {
    let addr = server();
    let mut peer = Peer::connect(&addr);
    peer.send("Chello");
    peer.send(&game_req(Color::White, 0, None));
    accepted(&mut peer);
    let first = peer.expect("M");
    peer.send("M0001192300");
    peer.expect("M");
    // Back to move 1 with White to move: dam plays its first move again.
    peer.send("B001W");
    assert_eq!(peer.expect("K"), "K0");
    assert_eq!(peer.expect("M"), first);
    peer.send("B099W");
    assert_eq!(peer.expect("K"), "K2");
    peer.send(&game_req(Color::White, 0, None));
    assert!(peer.expect("A").ends_with('2'));
    // A second connection is refused while this game runs.
    let mut other = Peer::connect(&addr);
    other.send(&game_req(Color::White, 0, None));
    assert!(other.expect("A").ends_with('2'));
    assert!(other.closed());
    peer.send("E01");
    assert_eq!(peer.expect("E"), "E01");
    assert!(peer.closed(), "stop code 1 ends the session");
}

#[test]
fn set_up_positions_versions_and_the_clock_moves() {
    let addr = server();
    let mut peer = Peer::connect(&addr);
    let mut req = game_req(Color::White, 0, None);
    req.replace_range(1..3, "02");
    peer.send(&req);
    assert!(peer.expect("A").ends_with('1'), "wrong version");
    // Five men each on their back rows, Black to move; dam is Black.
    let board = format!("{}{}{}", "z".repeat(5), "e".repeat(40), "w".repeat(5));
    peer.send(&game_req(
        Color::Black,
        0,
        Some((Color::Black, &board[..49])),
    ));
    assert!(peer.expect("A").ends_with('2'), "a board one square short");
    peer.send(&game_req(Color::Black, 3, Some((Color::Black, &board))));
    accepted(&mut peer);
    let start: International = dam::notation::fen::parse_fen("B:W46-50:B1-5").unwrap();
    let driven = drive(&mut peer, start, Color::Black, 12);
    // The request's 3 moves are the clock's: the game goes on past them.
    assert!(driven.plies >= 12 || driven.over, "{driven:?}");
}

#[test]
fn initiator_alternates_colours_and_stops_after_the_last_game() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let client = thread::spawn(move || {
        let stream = std::net::TcpStream::connect(addr).unwrap();
        let mut link = dam::protocol::dxp::Link::tcp(stream).unwrap();
        let settings = Settings::<International> {
            name: "dam init".into(),
            role: Role::Initiator,
            games: 2,
            minutes: 1,
            moves: 0,
            max_minutes: 120,
            announce: false,
            start: None,
            timeout: Duration::from_secs(5),
            adjudicator: None,
        };
        let summary = dam::protocol::dxp::run(&mut link, &mut FirstMove, &settings);
        (summary.games.len(), summary.error.map(|e| e.to_string()))
    });
    let (stream, _) = listener.accept().unwrap();
    let mut peer = Peer::from_stream(stream);
    let req = peer.expect("R");
    assert_eq!(&req[35..43], "Z001000A", "game 1, dam White: {req}");
    peer.send(&format!("A{:<32}0", "peer"));
    drive(&mut peer, International::start(), Color::White, 8);
    let req = peer.expect("R");
    assert_eq!(&req[35..43], "W001000A", "game 2, dam Black: {req}");
    peer.send(&format!("A{:<32}0", "peer"));
    peer.send("M0000322800");
    peer.expect("M");
    peer.send("E00");
    assert_eq!(peer.expect("E"), "E01", "the last game's GAMEEND stops");
    assert!(peer.closed());
    let (games, error) = client.join().unwrap();
    assert_eq!((games, error), (2, None));
}

#[test]
fn stacks_travel_in_the_board_field() {
    let addr = server_for::<Lasca>();
    let mut peer = Peer::connect(&addr);
    let start: Lasca = dam::notation::fen::parse_fen("W:W[wbB]13,[Wb]1:B[bw]20,3").unwrap();
    let board = dam::protocol::dxp::board::encode(&start).unwrap();
    assert_eq!(board, "Wezeeeeeeeeeweeeeeezeeeee01z13zZ20w");
    peer.send(&game_req(Color::White, 0, Some((Color::White, &board))));
    accepted(&mut peer);
    drive(&mut peer, start, Color::White, 30);
}
