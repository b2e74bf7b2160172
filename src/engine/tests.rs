use super::*;
use crate::rules::Game;
use crate::rules::removal::{English, International};
use std::time::Duration;

fn depth(d: i32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

type Reports<G> = (
    Job<G>,
    Arc<Control>,
    crossbeam_channel::Receiver<Info<<G as Game>::Move>>,
    crossbeam_channel::Receiver<Outcome<<G as Game>::Move>>,
);

/// An infinite one-line search of `pos`, with its control and the
/// receivers of its reports and answer.
fn infinite_job<G: Evaluate>(pos: G) -> Reports<G> {
    let (info, infos) = crossbeam_channel::unbounded();
    let (done, dones) = crossbeam_channel::unbounded();
    let control = Arc::new(Control::new(false));
    let job = Job {
        pos,
        history: vec![],
        limits: Limits {
            infinite: true,
            ..Limits::default()
        },
        lines: 1,
        control: control.clone(),
        info,
        done,
    };
    (job, control, infos, dones)
}

#[test]
fn a_search_waits_for_its_answer_on_a_thread_of_its_own() {
    let engine = Engine::new(&Config::new(1, 16));
    let pos = International::start();
    let out = engine
        .search(&pos, &[], &depth(5), 1, &Control::new(false), None)
        .expect("the search ran");
    assert_eq!(out.depth, 5);
    assert!(out.best.is_some());
}

#[test]
fn a_background_search_sends_its_infos_then_its_answer() {
    let engine = Arc::new(Engine::new(&Config::new(2, 16)));
    let (job, control, infos, dones) = infinite_job(English::start());
    let (_, handle) = start(&engine, job).expect("the thread starts");
    infos
        .recv_timeout(Duration::from_secs(10))
        .expect("an info line while it searches");
    control.stop();
    let out = dones
        .recv_timeout(Duration::from_secs(10))
        .expect("the answer after stop");
    assert!(out.best.is_some());
    handle.join().unwrap();
}

#[test]
fn an_answer_taken_at_stop_is_not_sent_again_and_no_info_follows_it() {
    for threads in [1, 2] {
        let engine = Arc::new(Engine::new(&Config::new(threads, 16)));
        let (job, control, infos, dones) = infinite_job(International::start());
        let (answer, handle) = start(&engine, job).expect("the thread starts");
        infos
            .recv_timeout(Duration::from_secs(10))
            .expect("an info line while it searches");
        control.stop();
        let out = answer.take().expect("the answer, taken at once");
        assert!(out.best.is_some() && out.depth >= 1, "{threads} threads");
        while infos.try_recv().is_ok() {}
        handle.join().unwrap();
        assert!(answer.take().is_none(), "{threads} threads: taken twice");
        assert!(dones.try_recv().is_err(), "{threads} threads: sent as well");
        assert!(
            infos.try_recv().is_err(),
            "{threads} threads: info after the answer"
        );
    }
}

#[test]
fn a_pool_thread_searches_where_it_stands() {
    let pool = pool(Some(1), "dam-test").unwrap();
    let engine = Engine::new(&Config::new(1, 16));
    let out = pool.install(|| {
        engine.search_here(
            &International::start(),
            &[],
            &depth(6),
            1,
            &Control::new(false),
        )
    });
    assert_eq!(out.depth, 6);
}

#[test]
fn no_databases_below_two_pieces() {
    let settings = EgtbSettings {
        variant: Variant::Russian,
        dir: Some(std::env::temp_dir().join("dam-engine-no-such-dir")),
        pieces: 1,
        build_missing: true,
    };
    assert!(open_tables(&settings).is_none());
    let engine = Engine::new(&Config {
        egtb: Some(settings),
        ..Config::new(1, 10)
    });
    assert!(engine.tables().is_none());
}

#[test]
fn a_book_that_does_not_read_says_why_once() {
    let missing = Opening::<International>::new("/no/such/dir/dam.book");
    let start = International::start();
    assert!(missing.probe(&start, 20, 4, 1).is_err());
    assert_eq!(missing.probe(&start, 20, 4, 1), Ok(None));
    let shipped = Opening::<International>::new("");
    let (mv, _) = shipped
        .probe(&start, 20, 4, 1)
        .unwrap()
        .expect("a book move");
    assert!(start.count_moves() > 0 && start.play(&mv) != start);
}

#[test]
fn database_wins_print_as_wins_without_a_distance() {
    use crate::egtb::{Wdl, search_score};
    use crate::search::score::{MATE, lost_at};
    assert_eq!(score_text(MATE - 3), "win3");
    assert_eq!(score_text(lost_at(4)), "loss4");
    assert_eq!(score_text(search_score(Wdl::Win, 2)), "win");
    assert_eq!(score_text(search_score(Wdl::Loss, 9)), "loss");
    assert_eq!(score_text(search_score(Wdl::Draw, 9)), "0.00");
    assert_eq!(score_text(-125), "-1.25");
}
