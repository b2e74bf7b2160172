//! Unit tests of move text: writing, reading, and every error.

use super::parse::find;
use super::*;
use crate::board::EIGHT;
use crate::notation::fen::parse_fen;
use crate::rules::removal::{Dama, English, International, Move, Russian};

fn mv<G: Game>(pos: &G, text: &str) -> G::Move {
    parse_move(pos, text).unwrap_or_else(|e| panic!("{e}"))
}

fn err<G: Game>(pos: &G, text: &str) -> MoveError {
    parse_move(pos, text).expect_err(text)
}

fn syntax<G: Game>(pos: &G, text: &str) -> String {
    match err(pos, text) {
        MoveError::Syntax { why, .. } => why,
        other => panic!("{text}: expected a syntax error, got {other:?}"),
    }
}

/// The king capture of pdn.md: `47x36` names two moves.
fn two_ways() -> International {
    parse_fen("W:WK47:B14,19,29,31,42").unwrap()
}

#[test]
fn quiet_moves_both_ways() {
    let pos = International::start();
    let m = mv(&pos, "32-28");
    assert_eq!(
        (
            pdn_move(&pos, &m),
            pdn_long_move(&pos, &m),
            hub_move(&pos, &m)
        ),
        ("32-28".into(), "32-28".into(), "32-28".into())
    );
    for text in ["32-28!", " 32 - 28 ", "032-028", "32-28?!"] {
        assert_eq!(mv(&pos, text), m, "{text}");
    }
    let fields = dxp_move(&pos, &m).unwrap();
    assert_eq!(fields.to_string(), "322800");
    assert_eq!(find_dxp_move(&pos, &fields), Ok(m));
}

#[test]
fn short_form_unless_ambiguous_then_long() {
    let pos = two_ways();
    let a = mv(&pos, "47x38x24x13x36");
    let b = mv(&pos, "47x38x20x9x36");
    assert_ne!(a, b);
    assert_eq!(pdn_move(&pos, &a), "47x38x24x13x36");
    assert_eq!(pdn_move(&pos, &b), "47x38x20x9x36");
    // a route PDN would not write, but one the king can take
    assert_eq!(mv(&pos, "47x33x24x13x36"), a);
    match err(&pos, "47x36") {
        MoveError::Ambiguous { moves, .. } => {
            assert_eq!(moves, ["47x38x20x9x36", "47x38x24x13x36"]);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        err(&pos, "47x36").to_string(),
        "move '47x36' is ambiguous: it can be 47x38x20x9x36 or 47x38x24x13x36"
    );
    // a route skipping landing squares names no route
    assert!(matches!(err(&pos, "47x24x36"), MoveError::Illegal { .. }));
}

#[test]
fn hub_text_has_captured_squares_in_jump_order() {
    let pos = two_ways();
    let a = mv(&pos, "47x38x24x13x36");
    assert_eq!(hub_move(&pos, &a), "47x36x42x29x19x31");
    assert_eq!(mv(&pos, "47x36x31x19x29x42"), a);
    assert_eq!(mv(&pos, "47X36X19X31X42X29"), a);
    let fields = dxp_move(&pos, &a).unwrap();
    assert_eq!(fields.to_string(), "47360442291931");
    let shuffled: DxpMove = "47360431194229".parse().unwrap();
    assert_eq!(find_dxp_move(&pos, &shuffled), Ok(a));
    let wrong: DxpMove = "473603311942".parse().unwrap();
    assert!(matches!(
        find_dxp_move(&pos, &wrong),
        Err(MoveError::Illegal { .. })
    ));
}

#[test]
fn russian_uses_colons_and_algebraic_squares() {
    let start = Russian::start();
    assert_eq!(mv(&start, "c3-d4"), mv(&start, "22-18"));
    assert_eq!(mv(&start, "C3-D4"), mv(&start, "22-18"));
    let pos: Russian = parse_fen("W:W22:B18").unwrap();
    let m = mv(&pos, "22:15");
    assert_eq!(pdn_move(&pos, &m), "22:15");
    assert_eq!(hub_move(&pos, &m), "22x15x18");
    for text in ["c3:e5", "22x15", "c3xe5", "22x15x18", "c3:e5:d4"] {
        assert_eq!(mv(&pos, text), m, "{text}");
    }
    assert_eq!(EIGHT.square_of(EIGHT.bit_of_algebraic("e5").unwrap()), 15);
}

#[test]
fn illegal_moves_say_what_is_legal() {
    let pos = International::start();
    assert_eq!(
        err(&pos, "32-29").to_string(),
        "move '32-29' is not legal here: legal moves from 32: 32-27, 32-28"
    );
    let hint = err(&pos, "50-45").to_string();
    assert!(
        hint.contains("no legal move starts on 50; legal moves: 31-26, 31-27"),
        "{hint}"
    );
    assert!(matches!(err(&pos, "32x28"), MoveError::Illegal { .. }));
    let capture: International = parse_fen("W:W32:B27,1").unwrap();
    assert_eq!(
        err(&capture, "32-28").to_string(),
        "move '32-28' is not legal here: legal moves from 32: 32x21"
    );
    let over: English = parse_fen("W:W:B1").unwrap();
    assert_eq!(
        err(&over, "1-5").to_string(),
        "move '1-5' is not legal here: there is no legal move (the game is over)"
    );
}

#[test]
fn syntax_errors() {
    let pos = International::start();
    assert_eq!(syntax(&pos, ""), "empty move");
    assert_eq!(syntax(&pos, " !"), "empty move");
    assert_eq!(
        syntax(&pos, "32"),
        "expected from-to, fromxto or a longer capture"
    );
    assert_eq!(syntax(&pos, "32-"), "it ends with a separator");
    assert_eq!(syntax(&pos, "-28"), "a square is missing");
    assert_eq!(syntax(&pos, "32--28"), "a square is missing");
    assert_eq!(
        syntax(&pos, "32-28-23"),
        "a quiet move names two squares; captures use x or :"
    );
    assert_eq!(
        syntax(&pos, "32x28-23"),
        "'-' mixed with capture separators"
    );
    assert_eq!(
        syntax(&pos, "51-46"),
        "square 51 is not on this board (squares are 1..50)"
    );
    assert_eq!(
        syntax(&pos, "0-5"),
        "square 0 is not on this board (squares are 1..50)"
    );
    assert_eq!(
        syntax(&pos, "99999999999-5"),
        "square 99999999999 is not on this board (squares are 1..50)"
    );
    assert_eq!(
        syntax(&pos, "c3-d4"),
        "algebraic squares ('c3') are not used on this board"
    );
    assert_eq!(syntax(&pos, "3é-28"), "'3é' is not a square");
    assert_eq!(syntax(&pos, "é3-28"), "'é3' is not a square");
    assert_eq!(
        syntax(&Russian::start(), "b3-c4"),
        "'b3' is not a playing square"
    );
    assert_eq!(
        err(&pos, "32").to_string(),
        "move '32': expected from-to, fromxto or a longer capture"
    );
}

#[test]
fn dxp_fields_read_and_write() {
    let spec: DxpMove = "05250422122320".parse().unwrap();
    assert_eq!(
        spec,
        DxpMove {
            from: 5,
            to: 25,
            captured: vec![22, 12, 23, 20]
        }
    );
    assert_eq!(spec.to_string(), "05250422122320");
    for bad in ["0611", "061100x", "06110", "06110212", "0611a0", ""] {
        let e = bad.parse::<DxpMove>().expect_err(bad);
        assert!(e.to_string().contains("DXP move fields"), "{e}");
    }
}

#[test]
fn writers_refuse_a_move_that_is_not_legal() {
    let pos = International::start();
    let elsewhere = mv(&two_ways(), "47x38x24x13x36");
    assert_eq!(pdn_move(&pos, &elsewhere), NOT_LEGAL);
    assert_eq!(pdn_long_move(&pos, &elsewhere), NOT_LEGAL);
    assert_eq!(hub_move(&pos, &elsewhere), NOT_LEGAL);
    assert_eq!(dxp_move(&pos, &elsewhere), None);
}

/// Two routes with the same start, end and captured set that are two
/// moves (a dama man crowned by touching the far row on one route only):
/// only the long form tells them apart.
#[test]
fn moves_only_the_long_form_separates() {
    let bit = |n: u32| EIGHT.bit_of(n).unwrap();
    let captured = 1u64 << bit(10) | 1u64 << bit(11);
    let touch = Move {
        from: bit(23),
        to: bit(23),
        promote: true,
        captured,
    };
    let plain = Move {
        promote: false,
        ..touch
    };
    let info = |path: Vec<u8>, captured: Vec<u8>| MoveInfo {
        from: 23,
        to: 23,
        path,
        captured,
    };
    let routes = vec![
        (touch, info(vec![3, 23], vec![10, 11])),
        (touch, info(vec![3, 23], vec![10, 11])),
        (plain, info(vec![14, 23], vec![11, 10])),
    ];
    assert_eq!(pdn_text::<Dama>(&routes, &routes[0].1), "23x3x23");
    assert_eq!(pdn_text::<Dama>(&routes, &routes[2].1), "23x14x23");
    assert_eq!(find::<Dama>(&routes, "23x3x23"), Ok(touch));
    assert_eq!(find::<Dama>(&routes, "23x14x23"), Ok(plain));
    for text in ["23x23", "23x23x10x11"] {
        match find::<Dama>(&routes, text) {
            Err(MoveError::Ambiguous { moves, .. }) => assert_eq!(moves, ["23x3x23", "23x14x23"]),
            other => panic!("{text}: {other:?}"),
        }
    }
    // two routes of one move are no ambiguity
    let one_move = &routes[..2];
    assert_eq!(pdn_text::<Dama>(one_move, &one_move[0].1), "23x23");
    assert_eq!(find::<Dama>(one_move, "23x23"), Ok(touch));
}

/// A russian man jumps 10 from 15 to 6, or goes round, crowned on 31,
/// and also ends on 6: `15:6` is the exact long form of the single jump.
#[test]
fn an_exact_long_form_beats_the_short_reading() {
    let pos: Russian = parse_fen("B:W10,18,19,26,27,29,30:B1,9,13,15").unwrap();
    let single = mv(&pos, "15:6");
    let round = mv(&pos, "15:22:31:24:15:6");
    assert_ne!(single, round);
    assert_eq!(pdn_move(&pos, &single), "15:6");
    assert_eq!(pdn_move(&pos, &round), "15:22:31:24:15:6");
    assert_eq!(hub_move(&pos, &single), "15x6x10");
    assert_eq!(mv(&pos, "15x6x10"), single);
    assert_eq!(mv(&pos, &hub_move(&pos, &round)), round);
}
