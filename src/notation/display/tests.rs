//! Unit tests of the board display.

use super::*;
use crate::board::{DAMATH, SEVEN, TEN};
use crate::notation::fen::{parse_fen, parse_setup};
use crate::rules::removal::{English, International};

const DAMATH_START: &str = "W:W9@21,6@22,1@23,4@24,0@25,3@26,10@27,7@28,11@29,8@30,5@31,2@32:B2@1,5@2,8@3,11@4,7@5,10@6,3@7,0@8,4@9,1@10,6@11,9@12";

#[test]
fn every_square_shows_its_number_and_content() {
    let setup = International::start().to_setup();
    let text = board_text(&setup, Variant::International, &TEN);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 21);
    assert_eq!(lines[0], "10      1     2     3     4     5");
    assert_eq!(lines[1], "        b     b     b     b     b");
    assert_eq!(lines[18], " 1  46    47    48    49    50");
    assert_eq!(lines[19], "     w     w     w     w     w");
    assert_eq!(lines[20], "     a  b  c  d  e  f  g  h  i  j");
    assert_eq!(lines[10], " 5  26    27    28    29    30");
    assert_eq!(lines[11], "     .     .     .     .     .");
}

#[test]
fn stacks_top_first_and_wider_cells() {
    let setup = parse_setup("W:W[wbB]22,K9:B[bW]1", Variant::Lasca, &SEVEN).unwrap();
    let text = board_text(&setup, Variant::Lasca, &SEVEN);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 15);
    assert_eq!(lines[0], " 7    1       2       3       4");
    assert_eq!(lines[1], "     bW       .       .       .");
    assert_eq!(lines[5], "      .       W       .       .");
    assert_eq!(lines[12], " 1   22      23      24      25");
    assert_eq!(lines[13], "    wbB       .       .       .");
    assert_eq!(lines[14], "      a   b   c   d   e   f   g");
}

#[test]
fn damath_shows_operators_and_chip_numbers() {
    let setup = parse_setup(DAMATH_START, Variant::Damath, &DAMATH).unwrap();
    let text = board_text(&setup, Variant::Damath, &DAMATH);
    let lines: Vec<&str> = text.lines().collect();
    // row 7: squares 1..4 on a8 c8 e8 g8 with × ÷ − +
    assert_eq!(lines[0], " 8   1×      2÷      3−      4+");
    assert_eq!(lines[1], "     b2      b5      b8     b11");
    // row 2: Red's 9 6 1 4 on 21..24 with ÷ × + −
    assert_eq!(lines[10], " 3      21÷     22×     23+     24−");
    assert_eq!(lines[11], "         w9      w6      w1      w4");
    // row 0: squares 29..32 on b1 d1 f1 h1 with + − ÷ ×
    assert_eq!(lines[14], " 1      29+     30−     31÷     32×");
    assert_eq!(lines[15], "        w11      w8      w5      w2");
}

#[test]
fn the_whole_description() {
    let pos = International::start();
    let text = show_position(&pos, None);
    assert!(text.contains("\nWhite to move\n"), "{text}");
    assert!(
        text.contains("plies without capture or man move: 0\n"),
        "{text}"
    );
    assert!(
        text.ends_with(&format!("FEN: {}\n", write_fen(&pos))),
        "{text}"
    );
    assert!(!text.contains("game over"));
    let over: English = parse_fen("W:W:B1").unwrap();
    let text = show_position(&over, over.game_end().as_ref());
    assert!(
        text.contains("game over: Black wins (White has no legal move)"),
        "{text}"
    );
}

#[test]
fn side_names() {
    assert_eq!(color_name(Variant::Damath, Color::White), "Red");
    assert_eq!(color_name(Variant::Damath, Color::Black), "Blue");
    assert_eq!(color_name(Variant::Lasca, Color::Black), "Black");
}
