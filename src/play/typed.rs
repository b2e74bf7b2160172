//! Moves as people type them: everything `parse_move` reads (`33-28`,
//! `50x4`, a route `28x19x10`, algebraic squares on 8x8 boards), and a
//! single square (where the move starts, ends, or a piece it captures)
//! when it names one legal move, as in DAM 2.2. A refusal gives the reason
//! and the legal moves.

use crate::notation::movetext::{parse_move, pdn_move};
use crate::rules::{Game, MoveList};

/// The legal move `text` names, or why not (with the legal moves).
pub fn read_move<G: Game>(pos: &G, text: &str) -> Result<G::Move, String> {
    let found = match single_square::<G>(text) {
        Some(square) => one_square(pos, square),
        None => parse_move(pos, text).map_err(|e| e.to_string()),
    };
    found.map_err(|why| format!("{why}\nlegal moves: {}", legal_list(pos)))
}

/// The square `text` names when it is one square: a number, or an
/// algebraic name on a board that has them.
fn single_square<G: Game>(text: &str) -> Option<u8> {
    let geo = G::geometry();
    if text.bytes().all(|b| b.is_ascii_digit()) {
        return text.parse::<u8>().ok();
    }
    let b = text.as_bytes();
    let algebraic = geo.algebraic
        && b.len() >= 2
        && b[0].is_ascii_alphabetic()
        && b[1..].iter().all(u8::is_ascii_digit);
    algebraic
        .then(|| geo.bit_of_algebraic(text).map(|bit| geo.square_of(bit)))
        .flatten()
}

/// The one legal move that starts, ends or captures on `square`.
fn one_square<G: Game>(pos: &G, square: u8) -> Result<G::Move, String> {
    let mut found: Vec<G::Move> = Vec::new();
    for (mv, info) in pos.routes() {
        let touches = info.from == square || info.to == square || info.captured.contains(&square);
        if touches && !found.contains(&mv) {
            found.push(mv);
        }
    }
    match found.as_slice() {
        [mv] => Ok(*mv),
        [] => Err(format!(
            "no legal move starts, ends or captures on square {square}"
        )),
        several => {
            let texts: Vec<String> = several.iter().map(|m| pdn_move(pos, m)).collect();
            Err(format!(
                "square {square} names more than one move: {}",
                texts.join(", ")
            ))
        }
    }
}

/// The legal moves of `pos` as PDN text, by start and end square.
pub fn legal_list<G: Game>(pos: &G) -> String {
    let mut moves = MoveList::new();
    pos.generate(&mut moves);
    if moves.is_empty() {
        return "none".to_string();
    }
    let mut texts: Vec<((u8, u8), String)> = moves
        .iter()
        .map(|m| (pos.move_squares(m), pdn_move(pos, m)))
        .collect();
    texts.sort();
    let texts: Vec<String> = texts.into_iter().map(|(_, text)| text).collect();
    texts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen::parse_fen;
    use crate::rules::removal::International;

    #[test]
    fn one_square_names_one_move() {
        let start = International::start();
        let err = read_move(&start, "32").unwrap_err();
        assert!(
            err.starts_with("square 32 names more than one move: 32-27, 32-28"),
            "{err}"
        );
        assert!(
            err.contains("\nlegal moves: 31-26, 31-27, 32-27, 32-28"),
            "{err}"
        );
        let pos: International = parse_fen("W:W28:B23").unwrap();
        let mv = read_move(&pos, "23").unwrap();
        assert_eq!(pdn_move(&pos, &mv), "28x19", "the captured square");
        assert!(
            read_move(&pos, "40")
                .unwrap_err()
                .starts_with("no legal move")
        );
    }
}

#[cfg(test)]
mod robust {
    use super::read_move;
    use crate::play::command;
    use crate::play::setup::step;
    use crate::rules::Game;
    use crate::rules::columns::Lasca;
    use crate::rules::damath::Damath;
    use crate::rules::removal::{English, International};
    use proptest::prelude::*;

    /// Read `line` as a command, a move and a set-up line of `G`.
    fn every_reader<G: Game>(line: &str) {
        let _ = command::parse(line);
        let _ = read_move(&G::start(), line);
        let mut setup = G::start().to_setup();
        let _ = step::<G>(&mut setup, line);
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        #[test]
        fn no_line_breaks_the_readers(
            junk in "\\PC{0,30}",
            shaped in "[wbWB0-9x:@ -]{0,20}",
            word in "(level|goto|load|setup|fen|w|B|players|computer) [a-z0-9 .@-]{0,12}",
        ) {
            for line in [&junk, &shaped, &word] {
                every_reader::<International>(line);
                every_reader::<English>(line);
                every_reader::<Lasca>(line);
                every_reader::<Damath>(line);
            }
        }
    }
}
