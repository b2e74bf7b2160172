//! Replay: legal and illegal moves, settling ambiguous captures by the
//! later moves, setups, variations, wrong separators, canonical text.

use super::*;
use crate::pdn::parse::parse_game;

fn run(text: &str, variant: Variant, options: Options) -> Result<(Replayed, String), GameError> {
    let mut game = parse_game(text).unwrap();
    let out = replay(&mut game, variant, options)?;
    let moves: Vec<String> = game
        .body
        .iter()
        .filter_map(|e| match e {
            Element::Move(m) => Some(m.text.to_string()),
            _ => None,
        })
        .collect();
    Ok((out, moves.join(" ")))
}

const CANONICAL: Options = Options {
    strict: false,
    canonical: true,
    fens: true,
};

#[test]
fn a_game_replays_with_fens_and_canonical_text() {
    let (out, moves) = run(
        "1. 32-28 19-23 2. 28x19 14x23 *",
        Variant::International,
        CANONICAL,
    )
    .unwrap();
    assert_eq!(out.plies, 4);
    assert_eq!(out.fens.len(), 5);
    assert_eq!(moves, "32-28 19-23 28x19 14x23");
    assert_eq!(
        out.fens[0],
        write_fen(&crate::rules::removal::International::start())
    );
}

#[test]
fn an_illegal_move_is_reported_with_its_number_and_offset() {
    let text = "1. 32-28 19-23 2. 28-22 *";
    let e = run(text, Variant::International, Options::default()).unwrap_err();
    assert_eq!(e.label.as_deref(), Some("2"));
    assert_eq!(e.offset, text.find("28-22").unwrap());
    assert!(e.reason.contains("28x19"), "{}", e.reason);
}

#[test]
fn an_ambiguous_capture_is_settled_by_the_next_move() {
    // pdn.md's example: 47x36 goes by 20 and 9 (taking 14) or by 24 and
    // 13; only the second leaves the black man on 14 that Black then moves.
    let fen = "W:WK47,50:B14,19,29,31,42,5";
    let settled = format!("[FEN \"{fen}\"] 47x36 14-20 *");
    let (_, moves) = run(&settled, Variant::International, CANONICAL).unwrap();
    assert_eq!(moves, "47x38x24x13x36 14-20");
    let open = format!("[FEN \"{fen}\"] 47x36 5-10 *");
    let e = run(&open, Variant::International, CANONICAL).unwrap_err();
    assert!(e.reason.contains("do not settle"), "{}", e.reason);
}

#[test]
fn variations_setups_and_question_mark_sides() {
    let text = "32-28 19-23 (18-23 38-32 (37-32? 23-29!) 12-18) 28x19 \
                /FEN \"B:W33:B18\"/ 18-22 *";
    let (out, _) = run(text, Variant::International, Options::default()).unwrap();
    assert_eq!(out.plies, 4);
    let bad_variation = "32-28 19-23 (18-24) *";
    let e = run(bad_variation, Variant::International, Options::default()).unwrap_err();
    assert!(e.reason.contains("18-24"));
    let unknown_side = "[FEN \"?:W29,13,11:B22,4,2\"] 29-24 *";
    assert!(run(unknown_side, Variant::International, Options::default()).is_ok());
}

#[test]
fn wrong_separators_are_read_unless_strict() {
    let text = "1. 32x28 19-23 2. 28-19 *";
    let (out, moves) = run(text, Variant::International, CANONICAL).unwrap();
    assert_eq!((out.lenient, moves.as_str()), (2, "32-28 19-23 28x19"));
    let strict = Options {
        strict: true,
        ..Options::default()
    };
    assert!(run(text, Variant::International, strict).is_err());
}

#[test]
fn a_capture_split_over_several_moves_is_joined() {
    let text = "[FEN \"W:W28:B23,13,4\"] 1. 28x19 2. 19x8 3. 4-10 *";
    let (out, moves) = run(text, Variant::International, CANONICAL).unwrap();
    assert_eq!((out.lenient, moves.as_str()), (1, "28x8 4-10"));
}

#[test]
fn english_algebraic_squares_are_seen_from_black() {
    let (_, moves) = run(
        "1. c3-d4 b6-c5 2. d4xb6 a7xc5 0-1",
        Variant::English,
        CANONICAL,
    )
    .unwrap();
    assert_eq!(moves, "11-15 24-19 15x24 28x19");
}

#[test]
fn unknown_moves_stop_the_replay() {
    let e = run(
        "1. 32-28 - 2. 33-29 *",
        Variant::International,
        Options::default(),
    )
    .unwrap_err();
    assert!(e.reason.contains("unknown"));
}
