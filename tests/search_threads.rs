//! Threads keep the answer: on 50 international positions with a single
//! good move (tests/data/tactics-international.txt, made by
//! scripts/tactics_gen.py from dam's own games), a search to depth 10
//! finds that move with one thread and with two. A position qualifies
//! only when the move stands out at depths 10, 12 and 14 and the others
//! do not win: two threads search nondeterministically, and a position
//! with two winning moves (one such failed CI once) tests luck, not
//! threads.

use dam::notation::fen::parse_fen;
use dam::notation::movetext::pdn_move;
use dam::rules::removal::International;
use dam::search::{Control, Limits, Searcher};

const SET: &str = include_str!("data/tactics-international.txt");

fn best(searcher: &Searcher, pos: &International) -> String {
    let limits = Limits {
        depth: Some(10),
        ..Limits::default()
    };
    searcher.clear();
    let out = searcher.search(pos, &[], &limits, 1, &Control::new(false), None);
    pdn_move(pos, &out.best.expect("a move"))
}

#[test]
fn one_and_two_threads_find_the_single_good_move() {
    let (one, two) = (Searcher::new(1, 18), Searcher::new(2, 18));
    assert_eq!(two.threads(), 2);
    let mut positions = 0;
    let mut missed = Vec::new();
    for line in SET
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split(';').collect();
        let (fen, want) = (fields[0], fields[1]);
        let pos: International = parse_fen(fen).expect("test position");
        positions += 1;
        for (threads, searcher) in [(1, &one), (2, &two)] {
            let got = best(searcher, &pos);
            if got != want {
                missed.push(format!(
                    "{threads} threads, {fen}: played {got}, the move is {want}"
                ));
            }
        }
    }
    assert_eq!(positions, 50);
    assert!(missed.is_empty(), "{}", missed.join("\n"));
}
