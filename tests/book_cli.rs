//! `dam book build` writes a book that reads back, and refuses bad
//! settings; `dam match` with `dam:book=true` opens with book moves.

use crate::common::dam;
use dam::book::{read_book, shipped};
use dam::notation::movetext::parse_move;
use dam::rules::Game;
use dam::rules::removal::International;
use dam::variant::Variant;

#[test]
fn a_built_book_reads_back_and_names_its_command() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("small.book");
    let file = path.to_str().unwrap();
    let args = [
        "book",
        "build",
        "--variant",
        "english",
        "--plies",
        "3",
        "--depth",
        "4",
        "--margin",
        "5",
        "--threads",
        "1",
        "--out",
        file,
    ];
    let out = dam(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("# dam book build --variant english --plies 3 --depth 4 --margin 5\n"));
    let book = read_book::<dam::rules::removal::English>(&text, file).unwrap();
    assert!(book.lines().iter().all(|l| l.ply < 3));
    assert_eq!(book.lines()[0].ply, 0);
    let bad = dam(&[
        "book", "build", "--plies", "2", "--depth", "0", "--margin", "5",
    ]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--depth"));
}

#[test]
fn a_match_with_the_book_opens_with_book_moves() {
    let dir = tempfile::tempdir().unwrap();
    let pdn = dir.path().join("match.pdn");
    // The initial position (without openings match plays the shipped ballots).
    let ballots = dir.path().join("start.txt");
    std::fs::write(&ballots, "W:W31-50:B1-20\n").unwrap();
    let out = dam(&[
        "match",
        "--ballots",
        ballots.to_str().unwrap(),
        "--engine",
        "dam:depth=1,book=true",
        "--engine",
        "dam:depth=1,book=true",
        "--games",
        "2",
        "--max-plies",
        "2",
        "--movetime",
        "0.05",
        "--pdn",
        pdn.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&pdn).unwrap();
    let book = read_book::<International>(shipped(Variant::International).unwrap(), "b").unwrap();
    let start = International::start();
    let root = book.line(&start).unwrap();
    let firsts: Vec<&str> = text
        .split("1. ")
        .skip(1)
        .filter_map(|rest| rest.split_whitespace().next())
        .collect();
    assert_eq!(firsts.len(), 2, "{text}");
    for first in firsts {
        let mv = parse_move(&start, first).unwrap();
        let score = root.moves.iter().find(|m| m.0 == mv).map(|m| m.1);
        assert!(score.is_some_and(|s| s >= root.moves[0].1 - 4), "{first}");
    }
}
