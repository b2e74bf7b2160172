//! A 20-game match through the match runner between a local test player
//! and a remote DXP peer (dam's own server, in process) over loopback: no
//! protocol error, and the PDN log replays legally game by game.

mod dxp_common;

use dam::matches::pdn_log::{MatchTags, game_text};
use dam::matches::remote::DxpRemote;
use dam::matches::{MatchSettings, play_match};
use dam::notation::fen::parse_fen;
use dam::notation::movetext::parse_move;
use dam::protocol::dxp::server::serve;
use dam::protocol::dxp::{ClockState, GameStart, Player, Role, Settings};
use dam::rules::record::Record;
use dam::rules::removal::International;
use dam::rules::{Game, MoveList};
use std::net::TcpListener;
use std::thread;
use std::time::Duration;

/// Plays the legal move at an index that moves on every ply.
struct Cycle(usize);

impl<G: Game> Player<G> for Cycle {
    fn new_game(&mut self, _: &GameStart<G>) {}
    fn choose(&mut self, record: &Record<G>, _: &[u64], _: ClockState) -> Option<G::Move> {
        let mut moves = MoveList::new();
        record.position().generate(&mut moves);
        self.0 += 1;
        moves.get(self.0 * 7 % moves.len().max(1)).copied()
    }
}

#[test]
fn twenty_games_against_a_remote_peer_replay_from_the_log() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let settings = Settings::<International> {
        name: "remote".into(),
        role: Role::Follower,
        games: 1,
        minutes: 2,
        moves: 75,
        start: None,
        timeout: Duration::from_secs(10),
    };
    thread::spawn(move || serve(listener, || Cycle(3), settings));

    let start = International::start();
    let mut openings = vec![start];
    let mut first = MoveList::new();
    start.generate(&mut first);
    for mv in &first {
        let pos = start.play(mv);
        let mut replies = MoveList::new();
        pos.generate(&mut replies);
        openings.push(pos.play(&replies[0]));
    }
    assert_eq!(openings.len(), 10);

    let mut local = Cycle(0);
    let mut remote = DxpRemote::<International>::new(&addr, "match", Duration::from_secs(10));
    let settings = MatchSettings {
        minutes: 2,
        moves: 0,
        move_time: None,
        max_plies: 200,
    };
    let tags = MatchTags {
        event: "loopback".into(),
        names: ["local".into(), "remote".into()],
        time_control: "120".into(),
    };
    let mut log = String::new();
    let mut games = 0;
    let tally = play_match(
        &mut [&mut local, &mut remote],
        &openings,
        &settings,
        |g, _| {
            assert!(
                !g.termination.contains("gave no move") && !g.termination.contains("illegal"),
                "game {}: {}",
                g.round,
                g.termination
            );
            log.push_str(&game_text(g, &tags));
            games += 1;
            true
        },
    );
    assert_eq!((games, tally.games()), (20, 20));
    // Re-read the log: every game replays legally from its start.
    let mut replayed = 0;
    for game in log.split("[Event ").skip(1) {
        let fen = game.lines().find_map(|l| {
            l.strip_prefix("[FEN \"")
                .and_then(|f| f.strip_suffix("\"]"))
        });
        let mut pos: International = fen.map_or(start, |f| parse_fen(f).unwrap());
        let body = game.split("\n\n").nth(1).unwrap();
        for word in body.split_whitespace() {
            if word.ends_with('.') || word.contains('/') || word == "1-0" || word == "0-1" {
                continue;
            }
            let mv = parse_move(&pos, word).unwrap_or_else(|e| panic!("{word}: {e}"));
            pos = pos.play(&mv);
        }
        replayed += 1;
    }
    assert_eq!(replayed, 20);
}
