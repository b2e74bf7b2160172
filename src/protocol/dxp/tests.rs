//! The codec against the example strings of the spec and of pydraughts,
//! and one error per malformed field.

use super::message::*;
use super::parse::{CodecError, parse};
use crate::notation::movetext::DxpMove;
use crate::rules::Color;

/// Parse, and check that writing gives the same bytes back.
fn round_trip(text: &str) -> Message {
    let msg = parse(text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(msg.to_string(), text);
    msg
}

fn error(text: &str) -> String {
    parse(text.as_bytes()).unwrap_err().to_string()
}

#[test]
fn spec_examples_round_trip() {
    assert_eq!(
        round_trip("CWhat do you think about move 35?"),
        Message::Chat("What do you think about move 35?".into())
    );
    let req = round_trip("R01Tornado voor Windows 4.0        W060065A");
    assert_eq!(
        req,
        Message::GameReq(GameReq {
            version: "01".into(),
            name: "Tornado voor Windows 4.0".into(),
            follower: Color::White,
            minutes: 60,
            moves: 65,
            start: None,
        })
    );
    round_trip("R01DXP Client                      Z100100A");
    assert_eq!(
        round_trip("ATornado voor Windows 4.0        0"),
        Message::GameAcc(GameAcc {
            name: "Tornado voor Windows 4.0".into(),
            code: AcceptCode::Accept
        })
    );
    assert_eq!(
        round_trip("M0012061100"),
        Message::Move(MoveMsg {
            seconds: 12,
            fields: DxpMove {
                from: 6,
                to: 11,
                captured: vec![]
            }
        })
    );
    let capture = round_trip("M001205250422122320");
    let Message::Move(m) = capture else {
        panic!("not a move")
    };
    assert_eq!(m.fields.captured, [22, 12, 23, 20]);
    assert_eq!(
        round_trip("E00"),
        Message::GameEnd(GameEnd {
            reason: EndReason::Unknown,
            stop: false
        })
    );
    assert_eq!(
        round_trip("B005Z"),
        Message::BackReq(BackReq {
            move_number: 5,
            side: Color::Black
        })
    );
    assert_eq!(round_trip("K1"), Message::BackAcc(BackCode::NotSupported));
}

#[test]
fn set_up_request_carries_side_and_board() {
    let text = format!(
        "R01DXP Client                      Z100100BW{}",
        "zzzzzzzzzzzzzzzzzzzzeeeeeeeeeewwwwwwwwwwwwwwwwwwww"
    );
    assert_eq!(text.len(), 94);
    let Message::GameReq(req) = round_trip(&text) else {
        panic!("not a GAMEREQ")
    };
    let start = req.start.unwrap();
    assert_eq!(start.side, Color::White);
    assert_eq!(start.board.len(), 50);
}

#[test]
fn names_are_padded_cut_and_cleaned() {
    assert_eq!(name_field("dam").len(), NAME_LEN);
    assert_eq!(name_field(&"x".repeat(40)), "x".repeat(32));
    assert!(name_field("  é").starts_with('?'));
}

/// A GAMEREQ from "Tornado" with `tail` after the name.
fn req(tail: &str) -> String {
    format!("R01{}{tail}", name_field("Tornado"))
}

#[test]
fn every_malformed_field_is_named() {
    let cases: [(String, &str); 23] = [
        ("".into(), "empty message"),
        ("X12".into(), "unknown message type 'X'"),
        ("M00120611".into(), "MOVE of 9 characters, expected 11"),
        ("M00x2061100".into(), "MOVE time '00x2'"),
        ("M0012a61100".into(), "MOVE from square 'a6'"),
        (
            "M0012000100".into(),
            "MOVE from square '00': squares start at 01",
        ),
        (
            "M001205250422".into(),
            "MOVE of 13 characters, expected 19 for 4",
        ),
        ("M00120525012x".into(), "MOVE captured square '2x'"),
        (req("X060065A"), "GAMEREQ follower colour 'X'"),
        (req("W0a0065A"), "GAMEREQ thinking time '0a0'"),
        (req("W060065C"), "GAMEREQ starting position flag 'C'"),
        (req("W060065AB"), "GAMEREQ of 44 characters"),
        (req("W060065B"), "GAMEREQ of 43 characters"),
        (
            format!("R01 {}W060065A", &name_field("Tornado")[1..]),
            "GAMEREQ name ' ornado",
        ),
        (
            "ATornado voor Windows 4.0        7".into(),
            "GAMEACC acceptance code '7'",
        ),
        ("ATornado".into(), "GAMEACC of 8 characters, expected 34"),
        ("E40".into(), "GAMEEND reason '4'"),
        ("E02".into(), "GAMEEND stop code '2'"),
        ("E0".into(), "GAMEEND of 2 characters"),
        ("B000W".into(), "BACKREQ move number '000'"),
        ("B005B".into(), "BACKREQ colour to move 'B'"),
        ("K3".into(), "BACKACC acceptance code '3'"),
        ("C".into(), "CHAT of 1 characters"),
    ];
    for (text, expected) in cases {
        let e = error(&text);
        assert!(e.starts_with(expected), "{text:?}: got '{e}'");
    }
    assert_eq!(
        parse(&[b'C', 0xC3]),
        Err(CodecError::NotAscii { pos: 1, byte: 0xC3 })
    );
    assert_eq!(parse(&[b'C'; 128]), Err(CodecError::TooLong(128)));
}

#[test]
fn written_messages_stay_within_127_characters() {
    let long = Message::Chat("x".repeat(126)).to_string();
    assert_eq!(long.len(), MAX_LEN);
    let req = Message::GameReq(GameReq {
        version: VERSION.into(),
        name: "a name that is much longer than thirty-two characters".into(),
        follower: Color::Black,
        minutes: 5000,
        moves: 75,
        start: None,
    });
    assert_eq!(
        req.to_string(),
        "R01a name that is much longer than Z999075A"
    );
}

proptest::proptest! {
    /// Any bytes: an error or a message, never a panic; a message read
    /// back from its text is the same message.
    #[test]
    fn any_bytes_parse_or_fail_cleanly(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..200)) {
        if let Ok(msg) = parse(&bytes) {
            proptest::prop_assert_eq!(parse(msg.to_string().as_bytes()), Ok(msg));
        }
    }

    /// Message-shaped text: the same, with the right first letters.
    #[test]
    fn message_like_text_round_trips(kind in "[CRAMEBK]", rest in "[0-9WZAB a-z]{0,100}") {
        let text = format!("{kind}{rest}");
        if let Ok(msg) = parse(text.as_bytes()) {
            proptest::prop_assert_eq!(parse(msg.to_string().as_bytes()), Ok(msg));
        }
    }
}
