//! Search behaviour: a move even when stopped at once, deterministic node
//! counts, limits, multi-PV and win scores that count plies.

use super::score::MATE;
use super::*;
use crate::notation::fen::parse_fen;
use crate::rules::Game;
use crate::rules::removal::{English, International};

fn depth(d: i32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

fn legal<G: Game>(pos: &G, mv: &G::Move) -> bool {
    let mut list = MoveList::new();
    pos.generate(&mut list);
    list.contains(mv)
}

#[test]
fn stopped_at_once_still_gives_a_legal_move() {
    let pos = International::start();
    let control = Control::new(false);
    control.stop();
    let out = Searcher::new(1, 16).search(&pos, &[], &depth(20), 1, &control, None);
    assert!(out.best.is_some_and(|m| legal(&pos, &m)));
}

#[test]
fn a_forced_move_is_searched_to_the_depth_asked() {
    let pos: International = parse_fen(
        "B:W19,27,29,31,33,34,36,37,38,39,40,43,44,45,47,48,49:B1,2,3,5,7,8,11,12,13,14,15,16,18,20,22,23,25",
    )
    .unwrap();
    assert_eq!(pos.count_moves(), 1);
    let out = Searcher::new(1, 16).search(&pos, &[], &depth(6), 1, &Control::new(false), None);
    assert_eq!(out.depth, 6);
}

#[test]
fn node_counts_are_deterministic_single_threaded() {
    let pos = International::start();
    let run = || {
        Searcher::new(1, 18)
            .search(&pos, &[], &depth(6), 1, &Control::new(false), None)
            .nodes
    };
    let first = run();
    assert!(first > 100);
    assert_eq!(first, run());
}

#[test]
fn node_limit_is_kept_and_threads_agree_on_legality() {
    let pos = International::start();
    let limits = Limits {
        nodes: Some(20_000),
        ..Limits::default()
    };
    for threads in [1, 2] {
        let out =
            Searcher::new(threads, 16).search(&pos, &[], &limits, 1, &Control::new(false), None);
        assert!(out.nodes < 20_000 + 2048 * threads as u64, "{}", out.nodes);
        assert!(out.best.is_some_and(|m| legal(&pos, &m)));
    }
}

#[test]
fn multipv_reports_distinct_first_moves() {
    let pos = English::start();
    let (tx, rx) = crossbeam_channel::unbounded();
    let out = Searcher::new(1, 16).search(&pos, &[], &depth(5), 3, &Control::new(false), Some(&tx));
    drop(tx);
    assert_eq!(out.lines.len(), 3);
    assert!(out.lines[0].0 != out.lines[1].0 && out.lines[1].0 != out.lines[2].0);
    assert!(out.lines[0].1 >= out.lines[1].1 && out.lines[1].1 >= out.lines[2].1);
    let infos: Vec<Info<_>> = rx.iter().collect();
    assert!(infos.iter().any(|i| i.line == 3 && i.depth == 5));
}

#[test]
fn a_win_scores_by_its_distance() {
    // White takes Black's last man: a win in one ply.
    let pos: English = parse_fen("W:W18:B14").unwrap();
    let out = Searcher::new(1, 16).search(&pos, &[], &depth(4), 1, &Control::new(false), None);
    assert_eq!(out.score, MATE - 1);
}

#[test]
fn a_short_time_limit_is_kept() {
    let pos = International::start();
    let limits = Limits {
        move_time: Some(Duration::from_millis(200)),
        ..Limits::default()
    };
    let out = Searcher::new(1, 16).search(&pos, &[], &limits, 1, &Control::new(false), None);
    assert!(out.time < Duration::from_millis(400), "{:?}", out.time);
    assert!(out.best.is_some());
}

#[test]
fn two_threads_report_each_depth_once_and_reach_the_limit() {
    let pos = International::start();
    let (tx, rx) = crossbeam_channel::unbounded();
    let searcher = Searcher::new(2, 18);
    assert_eq!(searcher.threads(), 2);
    let out = searcher.search(&pos, &[], &depth(9), 1, &Control::new(false), Some(&tx));
    assert_eq!(out.depth, 9);
    assert!(out.best.is_some_and(|m| legal(&pos, &m)));
    let mut depths: Vec<i32> = rx.try_iter().map(|i| i.depth).collect();
    depths.sort();
    let reported = depths.len();
    depths.dedup();
    assert_eq!(depths.len(), reported, "a depth reported twice");
    assert_eq!(depths.last(), Some(&9));
}
