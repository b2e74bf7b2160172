//! The prober's margin and ply limit, and the shipped books.

use super::*;
use crate::notation::movetext::parse_move;
use crate::rules::removal::International;

const BOOK: &str = "# variant: international\n\
    W:W31-50:B1-20 ; 32-28 +0.04 ; 33-28 +0.02 ; 34-29 -0.03\n\
    B:W28,31,33-50:B1-20 ; 18-23 +0.01\n";

fn book() -> Book<International> {
    read_book(BOOK, "test.book").unwrap()
}

#[test]
fn the_prober_keeps_to_the_margin() {
    let book = book();
    let start = International::start();
    let text = |m: &<International as Game>::Move| crate::notation::movetext::pdn_move(&start, m);
    let picks = |margin: i32| {
        let mut seen: Vec<String> = (0..64)
            .filter_map(|r| book.probe(&start, 20, margin, r))
            .map(|(m, _)| text(&m))
            .collect();
        seen.sort();
        seen.dedup();
        seen
    };
    assert_eq!(picks(0), ["32-28"]);
    assert_eq!(picks(2), ["32-28", "33-28"]);
    assert_eq!(picks(7), ["32-28", "33-28", "34-29"]);
    assert_eq!(picks(-5), ["32-28"], "a negative margin is no margin");
    let (mv, score) = book.probe(&start, 20, 0, 7).unwrap();
    assert_eq!((mv, score), (parse_move(&start, "32-28").unwrap(), 4));
}

#[test]
fn the_prober_keeps_to_the_ply_limit() {
    let book = book();
    let start = International::start();
    let after = start.play(&parse_move(&start, "32-28").unwrap());
    assert!(book.probe(&start, 0, 0, 0).is_none());
    assert!(book.probe(&start, 1, 0, 0).is_some());
    assert!(book.probe(&after, 1, 0, 0).is_none());
    assert!(book.probe(&after, 2, 0, 0).is_some());
    let out = after.play(&parse_move(&after, "19-23").unwrap());
    assert!(book.probe(&out, 20, 100, 0).is_none(), "not in the book");
}

#[test]
fn every_move_of_the_shipped_books_is_legal() {
    for variant in Variant::ALL {
        let Some(text) = shipped(variant) else {
            continue;
        };
        crate::with_variant!(variant, G => {
            let book = read_book::<G>(text, &format!("book/{variant}.book")).unwrap();
            assert!(book.lines().len() > 100, "{variant}");
            assert_eq!(book.lines()[0].pos, G::start());
            for line in book.lines() {
                let mut legal = MoveList::new();
                line.pos.generate(&mut legal);
                assert!(line.moves.iter().all(|(m, _)| legal.contains(m)));
            }
        });
    }
    assert!(load_shipped::<International>().is_some());
}
