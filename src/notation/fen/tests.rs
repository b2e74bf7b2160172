//! Unit tests of the FEN reader and writer: every construct of notation.md
//! and every error.

use super::*;
use crate::board::{DAMATH, EIGHT, Geometry, SEVEN, TEN};
use crate::rules::removal::{Brazilian, Dama, English, International, Russian};
use crate::rules::{Color, Piece, Setup};

const W: Piece = Piece {
    color: Color::White,
    king: false,
};
const WK: Piece = Piece {
    color: Color::White,
    king: true,
};
const B: Piece = Piece {
    color: Color::Black,
    king: false,
};
const BK: Piece = Piece {
    color: Color::Black,
    king: true,
};

const DAMATH_START: &str = "W:W9@21,6@22,1@23,4@24,0@25,3@26,10@27,7@28,11@29,8@30,5@31,2@32:B2@1,5@2,8@3,11@4,7@5,10@6,3@7,0@8,4@9,1@10,6@11,9@12";

fn ten(text: &str) -> Result<Setup, FenError> {
    parse_setup(text, Variant::International, &TEN)
}

fn problem(result: Result<Setup, FenError>) -> TokenProblem {
    match result {
        Err(FenError::Token { problem, .. }) => problem,
        other => panic!("expected a token error, got {other:?}"),
    }
}

fn on(setup: &Setup, square: usize) -> &[Piece] {
    &setup.squares[square - 1]
}

#[test]
fn start_positions_read_as_the_start() {
    assert_eq!(
        parse_fen::<International>("W:W31-50:B1-20").unwrap(),
        International::start()
    );
    assert_eq!(
        parse_fen::<English>("B:W21-32:B1-12").unwrap(),
        English::start()
    );
    assert_eq!(
        parse_fen::<Brazilian>("W:W21-32:B1-12").unwrap(),
        Brazilian::start()
    );
    assert_eq!(
        parse_fen::<Russian>("W:B1-12:W21-32").unwrap(),
        Russian::start()
    );
}

#[test]
fn writer_is_canonical() {
    let start = write_fen(&International::start());
    let white: Vec<String> = (31..=50).map(|n| n.to_string()).collect();
    let black: Vec<String> = (1..=20).map(|n| n.to_string()).collect();
    assert_eq!(
        start,
        format!("W:W{}:B{}", white.join(","), black.join(","))
    );
    let pos: Dama = parse_fen("B:BK29,5:W  K4, 22,21").unwrap();
    assert_eq!(write_fen(&pos), "B:WK4,21,22:B5,K29");
}

#[test]
fn kings_ranges_and_king_ranges() {
    let s = ten("W:WK1-3,47:BK48-50,7").unwrap();
    for n in 1..=3 {
        assert_eq!(on(&s, n), [WK]);
    }
    for n in 48..=50 {
        assert_eq!(on(&s, n), [BK]);
    }
    assert_eq!(
        (on(&s, 47), on(&s, 7), on(&s, 4)),
        (&[W][..], &[B][..], &[][..])
    );
}

#[test]
fn tolerant_forms() {
    let plain = ten("W:W31,32:B5").unwrap();
    for text in [
        "W:W31,32:B5.",
        " W : W 31 , 32 : B 05 ",
        "W:W031,0032:B5:H0:F1",
        "W:B5:W31-32",
        "w:w31,32:b5",
        "W:W31,,32,:B5",
    ] {
        assert_eq!(ten(text).unwrap(), plain, "{text}");
    }
    let empty = ten("B:W:B5").unwrap();
    assert_eq!((empty.side, on(&empty, 5)), (Color::Black, &[B][..]));
    assert_eq!(ten("W").unwrap(), Setup::empty(50));
}

#[test]
fn counters_that_are_not_numbers_are_refused() {
    for junk in [
        "W:W31:B5:Hx",
        "W:W31:B5:Fjunk",
        "W:W31:B5:H5junk",
        "W:W31:B5:H",
    ] {
        assert!(
            matches!(ten(junk), Err(FenError::Field(_))),
            "{junk}: {:?}",
            ten(junk)
        );
    }
}

#[test]
fn algebraic_squares_where_the_board_has_them() {
    let s = parse_setup("W:WKd2:Bf6,c5,e5,e3:H0:F1", Variant::Russian, &EIGHT).unwrap();
    let square = |name| EIGHT.square_of(EIGHT.bit_of_algebraic(name).unwrap()) as usize;
    assert_eq!(on(&s, square("d2")), [WK]);
    for name in ["f6", "c5", "e5", "e3"] {
        assert_eq!(on(&s, square(name)), [B]);
    }
    assert_eq!(square("a1"), 29);
    let lasca = parse_setup("W:Wa1:B", Variant::Lasca, &SEVEN).unwrap();
    assert_eq!(on(&lasca, 22), [W]);
    assert_eq!(
        problem(ten("W:Wa1:B")),
        TokenProblem::NoAlgebraic("a1".into())
    );
    assert_eq!(
        problem(parse_setup("W:Wb1:B", Variant::Russian, &EIGHT)),
        TokenProblem::NotPlaying("b1".into())
    );
    assert_eq!(
        problem(parse_setup("W:Wc3:B", Variant::Damath, &DAMATH)),
        TokenProblem::ChipWithoutNumber
    );
}

#[test]
fn stacks_top_first() {
    let s = parse_setup("W:W[wbB]23,K9:B[b]1,[bW]2", Variant::Lasca, &SEVEN).unwrap();
    assert_eq!(on(&s, 23), [W, B, BK]);
    assert_eq!(on(&s, 9), [WK]);
    assert_eq!(on(&s, 1), [B]);
    assert_eq!(on(&s, 2), [B, WK]);
    assert_eq!(write_setup(&s), "W:WK9,[wbB]23:B1,[bW]2");
    let d = parse_setup("W:W[ Ww ]21:B", Variant::Damasca, &EIGHT).unwrap();
    assert_eq!(on(&d, 21), [WK, W]);
    assert!(parse_setup("W:W[wb]21:B", Variant::DamascaInternational, &EIGHT).is_ok());
}

#[test]
fn stack_errors() {
    let lasca = |t| parse_setup(t, Variant::Lasca, &SEVEN);
    assert_eq!(problem(lasca("W:W[bw]23")), TokenProblem::StackTop('b'));
    assert_eq!(problem(lasca("W:B[Wb]3")), TokenProblem::StackTop('W'));
    assert_eq!(problem(lasca("W:W[wx]23")), TokenProblem::StackLetter('x'));
    assert_eq!(problem(lasca("W:W[]23")), TokenProblem::EmptyStack);
    assert_eq!(problem(lasca("W:W[wb23")), TokenProblem::UnclosedStack);
    assert_eq!(problem(lasca("W:WK[wb]23")), TokenProblem::StackShape);
    assert_eq!(problem(lasca("W:W[wb]20-23")), TokenProblem::StackShape);
    assert_eq!(
        problem(lasca("W:W[wb]26")),
        TokenProblem::OutOfRange(26, 25)
    );
    assert_eq!(problem(lasca("W:W[wb]23,23")), TokenProblem::Twice(23));
    assert_eq!(
        problem(ten("W:W[wb]23")),
        TokenProblem::StacksNotAllowed(Variant::International)
    );
    assert_eq!(
        problem(parse_setup("W:W[wb]23", Variant::Dama, &EIGHT)),
        TokenProblem::StacksNotAllowed(Variant::Dama)
    );
}

#[test]
fn a_stacked_man_may_stand_on_its_promotion_row() {
    let s = parse_setup("W:W1:B", Variant::Lasca, &SEVEN).unwrap();
    assert_eq!(on(&s, 1), [W]);
}

#[test]
fn damath_chips_and_score() {
    let s = parse_setup(DAMATH_START, Variant::Damath, &DAMATH).unwrap();
    assert_eq!(
        (s.numbers[20], s.numbers[31], s.numbers[0]),
        (Some(9), Some(2), Some(2))
    );
    assert_eq!((on(&s, 21), on(&s, 1)), (&[W][..], &[B][..]));
    assert_eq!(s.numbers.iter().flatten().count(), 24);
    assert_eq!(s.score, [0, 0]);
    assert_eq!(write_setup(&s), DAMATH_START);

    let s = parse_setup(
        "B:WK-3@7,0@21:B-11@14:S12.50,-3.00",
        Variant::Damath,
        &DAMATH,
    )
    .unwrap();
    assert_eq!((on(&s, 7), s.numbers[6]), (&[WK][..], Some(-3)));
    assert_eq!((on(&s, 14), s.numbers[13]), (&[B][..], Some(-11)));
    assert_eq!(s.score, [1250, -300]);
    assert_eq!(write_setup(&s), "B:WK-3@7,0@21:B-11@14:S12.50,-3.00");
    let score =
        |t: &str| parse_setup(&format!("W:W:B:S{t}"), Variant::Damath, &DAMATH).map(|s| s.score);
    assert_eq!(score("12,-0.5"), Ok([1200, -50]));
    assert_eq!(score(" +1.05 , 7. "), Ok([105, 700]));
    assert_eq!(score("0,0"), Ok([0, 0]));
    let only_blue = Setup {
        score: [0, -5],
        ..Setup::empty(32)
    };
    assert_eq!(write_setup(&only_blue), "W:W:B:S0.00,-0.05");
}

#[test]
fn damath_errors() {
    let damath = |t| parse_setup(t, Variant::Damath, &DAMATH);
    assert_eq!(problem(damath("W:W21")), TokenProblem::ChipWithoutNumber);
    assert_eq!(problem(damath("W:W@21")), TokenProblem::ChipWithoutNumber);
    assert_eq!(problem(damath("W:WK@21")), TokenProblem::ChipWithoutNumber);
    assert_eq!(
        problem(damath("W:Wx@21")),
        TokenProblem::ChipNumber("x".into())
    );
    assert_eq!(problem(damath("W:W3@33")), TokenProblem::OutOfRange(33, 32));
    assert_eq!(problem(damath("W:W3@2")), TokenProblem::ManOnPromotionRow);
    assert_eq!(problem(damath("W:W3@21,4@21")), TokenProblem::Twice(21));
    assert_eq!(
        problem(damath("W:W[wb]21")),
        TokenProblem::StacksNotAllowed(Variant::Damath)
    );
    assert_eq!(problem(ten("W:W3@31")), TokenProblem::ChipsNotAllowed);
    assert_eq!(ten("W:W31:B:S1,2"), Err(FenError::ScoreNotAllowed));
    for bad in [
        "W:W:B:S1",
        "W:W:B:S1.234,0",
        "W:W:B:Sx,0",
        "W:W:B:S1,-",
        "W:W:B:S.5,0",
    ] {
        let err = damath(bad).unwrap_err();
        assert!(matches!(err, FenError::Score(..)), "{bad}: {err:?}");
        assert!(err.to_string().starts_with("FEN score field"), "{err}");
    }
}

#[test]
fn field_errors() {
    assert_eq!(ten(""), Err(FenError::Empty));
    assert_eq!(ten(" . "), Err(FenError::Empty));
    assert_eq!(ten("X:W31:B1"), Err(FenError::Side("X".into())));
    assert_eq!(ten("W31:B1"), Err(FenError::Side("W31".into())));
    assert_eq!(ten("W:W31:Q1"), Err(FenError::Field("Q1".into())));
    assert_eq!(ten("W:W31:W32"), Err(FenError::SectionTwice('W')));
    assert_eq!(ten("W:B1:W31:b2"), Err(FenError::SectionTwice('B')));
}

#[test]
fn square_errors() {
    assert_eq!(problem(ten("W:W51")), TokenProblem::OutOfRange(51, 50));
    assert_eq!(problem(ten("W:W0")), TokenProblem::OutOfRange(0, 50));
    assert_eq!(problem(ten("W:W45-51")), TokenProblem::OutOfRange(51, 50));
    assert_eq!(
        problem(ten("W:W99999999999999999999999")),
        TokenProblem::NotASquare("99999999999999999999999".into())
    );
    assert_eq!(problem(ten("W:W31,31")), TokenProblem::Twice(31));
    assert_eq!(problem(ten("W:W31-35:B33")), TokenProblem::Twice(33));
    assert_eq!(problem(ten("W:W40-31")), TokenProblem::BackwardRange);
    assert_eq!(problem(ten("W:W3")), TokenProblem::ManOnPromotionRow);
    assert_eq!(problem(ten("W:B47")), TokenProblem::ManOnPromotionRow);
    assert!(ten("W:WK3:BK47").is_ok());
    assert_eq!(problem(ten("W:W3?")), TokenProblem::NotASquare("3?".into()));
    assert_eq!(problem(ten("W:WK")), TokenProblem::NotASquare("".into()));
    assert_eq!(problem(ten("W:W-5")), TokenProblem::NotASquare("".into()));
    assert_eq!(problem(ten("W:Wé5")), TokenProblem::NotASquare("é5".into()));
}

#[test]
fn errors_name_field_token_and_reason() {
    let msg = |t: &str| ten(t).unwrap_err().to_string();
    assert_eq!(
        msg("W:W31:B1,51"),
        "FEN B section, token '51': square 51 is out of range (squares are 1..50)"
    );
    assert_eq!(
        msg("W:W31,K31"),
        "FEN W section, token 'K31': square 31 is given twice"
    );
    assert_eq!(msg("Z:W31"), "FEN side to move: expected W or B, found 'Z'");
    assert!(msg("W:W31:X").starts_with("FEN field 'X'"));
    let too_many = parse_fen::<English>("W:W13-25").unwrap_err();
    assert!(matches!(too_many, FenError::Position(_)), "{too_many:?}");
}

#[test]
fn every_board_round_trips_a_full_setup() {
    let boards: [(&Geometry, Variant); 4] = [
        (&TEN, Variant::International),
        (&EIGHT, Variant::Damasca),
        (&SEVEN, Variant::Lasca),
        (&DAMATH, Variant::Damath),
    ];
    for (geo, variant) in boards {
        let mut setup = Setup::empty(geo.squares as usize);
        setup.side = Color::Black;
        for i in 0..geo.squares as usize {
            let piece = [W, B, WK, BK][i % 4];
            setup.squares[i] = match variant {
                Variant::Damasca | Variant::Lasca if i % 3 == 0 => vec![piece, B, W, BK],
                _ if piece.king => vec![piece],
                _ => Vec::new(),
            };
            if variant == Variant::Damath && piece.king {
                setup.numbers[i] = Some(i as i32 - 10);
            }
        }
        if variant == Variant::Damath {
            setup.score = [-1, 123_456];
        }
        let text = write_setup(&setup);
        assert_eq!(parse_setup(&text, variant, geo), Ok(setup), "{text}");
    }
}
