//! The parser on every construct of the reading grammar, and its errors.

use super::*;

fn moves<'a>(g: &'a PdnGame) -> Vec<&'a str> {
    g.body
        .iter()
        .filter_map(|e| match e {
            Element::Move(m) => Some(m.text.as_ref()),
            _ => None,
        })
        .collect()
}

#[test]
fn tags_with_escapes_spaces_and_line_comments() {
    let g = parse_game("% top\n[White \"a \\\"b\\\" c\"] \n[ Event  \"x\" ]\r\n1-0").unwrap();
    assert_eq!(g.header.len(), 3);
    assert_eq!(g.header[0], HeaderItem::LineComment(" top"));
    assert_eq!(g.tag("white"), Some("a \"b\" c"));
    assert_eq!(g.tag("Event"), Some("x"));
    assert_eq!(g.terminator, Some("1-0"));
}

#[test]
fn move_numbers_strengths_nags_and_padding() {
    let g =
        parse_game("1.32-28!? 19-23(!?!!!) 2. 28x19 $4 14x23 ! 3... 1- 6 41. - - 1. ... 7-12 *")
            .unwrap();
    assert_eq!(
        moves(&g),
        ["32-28", "19-23", "28x19", "14x23", "1- 6", "7-12"]
    );
    let Element::Move(first) = &g.body[0] else {
        panic!("a move first")
    };
    assert_eq!(
        first.number,
        Some(MoveNumber {
            number: 1,
            second: false
        })
    );
    assert_eq!(first.strength, Some("!?"));
    assert!(g.body.contains(&Element::Nag(4)));
    assert_eq!(
        g.body
            .iter()
            .filter(|e| matches!(e, Element::Unknown { .. }))
            .count(),
        2
    );
    let numbers: Vec<_> = g
        .body
        .iter()
        .filter_map(|e| match e {
            Element::Move(m) => Some(m.number),
            _ => None,
        })
        .collect();
    assert_eq!(
        numbers[4],
        Some(MoveNumber {
            number: 3,
            second: true
        })
    );
    assert_eq!(
        numbers[5],
        Some(MoveNumber {
            number: 1,
            second: true
        })
    );
}

#[test]
fn variations_comments_setups_and_captures() {
    let text = "32-28 19-23 (18-23 38-32 (37-32? 23-29! { Black wins }) 12-18) 28x19 \
                /FEN \"W:W31-50:B1-20\"/ d4:b6 a3b4 26x17x10x1 % rest\n 2-0";
    let g = parse_game(text).unwrap();
    assert_eq!(
        moves(&g),
        ["32-28", "19-23", "28x19", "d4:b6", "a3-b4", "26x17x10x1"]
    );
    let Element::Variation(v) = &g.body[2] else {
        panic!("a variation third")
    };
    assert_eq!(v.len(), 4);
    assert!(matches!(&v[2], Element::Variation(inner) if inner.len() == 3));
    assert!(
        g.body
            .iter()
            .any(|e| matches!(e, Element::Setup { text, .. } if text.starts_with("FEN")))
    );
    assert!(g.body.contains(&Element::LineComment(" rest")));
    assert_eq!(g.terminator, Some("2-0"));
}

#[test]
fn errors_say_where() {
    let cases = [
        (
            "1. 33-29 19-23 2. 35-30 { nested { comment } } ",
            "'}' without '{'",
        ),
        ("1. 32-28 {never closed", "comment is never closed"),
        ("1. 32-28 (19-23", "variation is never closed"),
        ("[Event \"x\"\n1. 32-28", "expected ']'"),
        ("[Event x]", "quoted string"),
        ("1. 32-28 hello", "expected a move, found 'hello'"),
        ("1. 32-28a", "after the move"),
        ("1. 32-28 $x", "NAG"),
        ("! 32-28", "without a move"),
        (&"32-28 (".repeat(200), "nested too deeply"),
    ];
    for (text, message) in cases {
        let e = parse_game(text).unwrap_err();
        assert!(e.message.contains(message), "{text}: {e:?}");
    }
    let e = parse_game("1. 33-29 19-23 2. 35-30 { nested { comment } } ").unwrap_err();
    assert_eq!(e.offset, 45);
    assert_eq!(parse_game("1. 32-28 hello").unwrap_err().offset, 9);
}

#[test]
fn an_empty_game_and_a_game_without_terminator() {
    let g = parse_game("[Event \"e\"]\n1. 2-0").unwrap();
    assert!(g.body.is_empty());
    assert_eq!(g.terminator, Some("2-0"));
    let g = parse_game("1. 32-28 19-23").unwrap();
    assert_eq!(g.terminator, None);
}

#[test]
fn the_header_of_a_bad_game_still_names_it() {
    let text = "[White \"W\"]\n[Black \"B\"]\n1. 32-28 19-23 2. 28x19 what";
    let e = parse_game(text).unwrap_err();
    assert_eq!(
        e.number,
        Some(MoveNumber {
            number: 2,
            second: false
        })
    );
    assert_eq!(parse_header(text).players(), "W - B");
}
