//! A 20-game match through the match runner between a local test player
//! and a remote DXP peer (dam's own server, in process) over loopback: no
//! protocol error, and the PDN log re-reads and replays strictly game by
//! game.

use dam::matches::pdn_log::{MatchTags, game_text};
use dam::matches::remote::DxpRemote;
use dam::matches::{MatchSettings, play_match};
use dam::pdn::parse::parse_game;
use dam::pdn::replay::{Options, replay};
use dam::pdn::split::Splitter;
use dam::protocol::dxp::server::serve;
use dam::protocol::dxp::{ClockState, GameStart, Player, Role, Settings};
use dam::rules::record::Record;
use dam::rules::removal::International;
use dam::rules::{Game, MoveList};
use dam::variant::Variant;
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
        max_minutes: 120,
        announce: false,
        start: None,
        timeout: Duration::from_secs(10),
        adjudicator: None,
    };
    thread::spawn(move || serve(listener, Cycle(3), settings, 1));

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
        by_material: false,
        adjudicator: None,
    };
    let tags = MatchTags {
        event: "loopback".into(),
        names: ["local".into(), "remote".into()],
        time_control: "120".into(),
    };
    let mut log = String::new();
    let mut games = 0;
    let end = play_match(
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
    assert_eq!((games, end.tally.games()), (20, 20));
    assert!(end.aborted.is_none());
    // Re-read the log with the PDN reader: every game replays strictly.
    let mut replayed = 0;
    for span in Splitter::new(log.as_bytes()) {
        let mut game = parse_game(&log[span.start..span.end]).unwrap();
        let strict = Options {
            strict: true,
            ..Options::default()
        };
        let done = replay(&mut game, Variant::International, strict).unwrap();
        assert!(done.plies > 0 && done.lenient == 0);
        replayed += 1;
    }
    assert_eq!(replayed, 20);
}
