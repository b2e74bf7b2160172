//! Round trips of positions through records and files, and the errors a
//! damaged file gives.

use super::*;
use crate::notation::fen::parse_fen;
use crate::rules::columns::Damasca;
use crate::rules::removal::{English, International};

fn sample() -> Record {
    let pos = parse_fen::<International>("B:W31,K46,50:B1,K5,20").unwrap();
    Record::from_position(&pos, Outcome::Win(Color::White), 250, 37).unwrap()
}

#[test]
fn position_round_trips_with_square_numbering() {
    let r = sample();
    assert_eq!(r.white, 1 << 30 | 1 << 45 | 1 << 49);
    assert_eq!(r.black, 1 << 0 | 1 << 4 | 1 << 19);
    assert_eq!(r.kings, 1 << 45 | 1 << 4);
    assert_eq!(r.side, Color::Black);
    assert_eq!(r.score, -250, "Black's +250 is White's -250");
    assert_eq!(r.ply, 37);
    let back: International = r.position().unwrap();
    assert_eq!(
        back.to_setup(),
        parse_fen::<International>("B:W31,K46,50:B1,K5,20")
            .unwrap()
            .to_setup()
    );
    assert!(
        r.position::<English>().is_err(),
        "a record of another variant"
    );
}

#[test]
fn bytes_round_trip_and_scores_clamp() {
    let r = sample();
    assert_eq!(Record::decode(&r.encode()), Ok(r));
    let start = English::start();
    let r = Record::from_position(&start, Outcome::Draw, 29_000, 0).unwrap();
    assert_eq!(r.side, Color::Black, "Black starts in english");
    assert_eq!(r.score, -3000);
    let bytes = r.encode();
    assert_eq!(bytes[30], 1, "english is variant 1");
    assert_eq!(Record::decode(&bytes), Ok(r));
    let mut bad = bytes;
    bad[25] = 7;
    assert!(Record::decode(&bad).unwrap_err().contains("result 7"));
}

#[test]
fn stacks_do_not_fit() {
    let err = Record::from_position(&Damasca::start(), Outcome::Draw, 0, 0);
    assert!(matches!(err, Err(RecordError::Unsupported(_))));
}

#[test]
fn file_appends_and_cuts_a_partial_record() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.dat");
    let mut w = Writer::append(&path).unwrap();
    assert_eq!(w.existing(), 0);
    w.write(&sample()).unwrap();
    w.flush().unwrap();
    drop(w);
    // an interrupted run left half a record behind
    let mut f = OpenOptions::new().append(true).open(&path).unwrap();
    f.write_all(&[1, 2, 3]).unwrap();
    drop(f);
    let err = Reader::open(&path).unwrap().nth(1).unwrap().unwrap_err();
    assert!(
        err.to_string().contains("truncated record at byte 48"),
        "{err}"
    );
    let mut w = Writer::append(&path).unwrap();
    assert_eq!(w.existing(), 1);
    w.write(&sample()).unwrap();
    w.flush().unwrap();
    let all: Vec<Record> = Reader::open(&path).unwrap().map(Result::unwrap).collect();
    assert_eq!(all, vec![sample(), sample()]);
    assert_eq!(std::fs::metadata(&path).unwrap().len(), 16 + 64);
}

#[test]
fn foreign_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.dat");
    std::fs::write(&path, b"NOTDAM\0\0\x01\0\0\0\x20\0\0\0").unwrap();
    let err = Reader::open(&path).err().unwrap().to_string();
    assert!(err.contains("bad magic") && err.contains("x.dat"), "{err}");
    assert!(Writer::append(&path).is_err());
}
