//! Opening ballot files (book/*.txt): one opening a line, either a FEN or
//! the moves from the variant's initial position (`32-28 18-23 37-32`,
//! move numbers allowed); `#` starts a comment, blank lines are skipped.
//! `openings` lists every opening of a number of plies, for the ballot
//! generator to judge. `read_game_set` takes the positions a PDN game set
//! ends in ("process game set").

use crate::notation::fen::parse_fen;
use crate::notation::movetext::{parse_move, pdn_move};
use crate::pdn::parse::parse_game;
use crate::pdn::replay::{Options, replay};
use crate::pdn::split::Splitter;
use crate::rules::{Game, MoveList};
use crate::variant::Variant;
use std::collections::HashSet;

/// The ballot file shipped for `variant` (book/), if there is one: what
/// `dam match` plays when given no openings.
pub fn shipped_ballots(variant: Variant) -> Option<&'static str> {
    variant.facts().match_ballots
}

/// A ballot line that names no position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("ballot line {line}: {why}")]
pub struct BallotError {
    pub line: usize,
    pub why: String,
}

/// The start positions of a ballot file's text.
pub fn read_ballots<G: Game>(text: &str) -> Result<Vec<G>, BallotError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let fail = |why: String| BallotError { line: i + 1, why };
        let pos = if line.starts_with(['W', 'B']) && line.contains(':') {
            parse_fen::<G>(line).map_err(|e| fail(e.to_string()))?
        } else {
            let mut pos = G::start();
            for word in line.split_whitespace() {
                let text = word.rsplit('.').next().unwrap_or(word);
                if text.is_empty() {
                    continue;
                }
                let mv = parse_move(&pos, text).map_err(|e| fail(e.to_string()))?;
                pos = pos.play(&mv);
            }
            pos
        };
        if pos.game_end().is_some() {
            return Err(fail("the game is over in this position".into()));
        }
        out.push(pos);
    }
    Ok(out)
}

/// The position each game of a PDN text ends in (after its main line,
/// from its FEN tag or the initial position), read as the variant `G`.
pub fn read_game_set<G: Game>(text: &str) -> Result<Vec<G>, BallotError> {
    let mut out = Vec::new();
    for span in Splitter::new(text.as_bytes()) {
        let fail = |why: String| BallotError {
            line: span.line,
            why,
        };
        let game_text = text.get(span.start..span.end).unwrap_or("");
        let mut game = parse_game(game_text).map_err(|e| fail(format!("{e:?}")))?;
        let options = Options {
            fens: true,
            ..Options::default()
        };
        let replayed = replay(&mut game, G::VARIANT, options).map_err(|e| fail(e.reason))?;
        let fen = replayed
            .fens
            .last()
            .ok_or_else(|| fail("no position".into()))?;
        let pos = parse_fen::<G>(fen).map_err(|e| fail(e.to_string()))?;
        if pos.game_end().is_some() {
            return Err(fail("the game is over in its last position".into()));
        }
        out.push(pos);
    }
    Ok(out)
}

/// Every opening of `plies` plies from the initial position where the
/// game goes on: its PDN moves and the position. Openings that reach the
/// same position (transpositions) are listed once, the first in move
/// generation order.
pub fn openings<G: Game>(plies: usize) -> Vec<(Vec<String>, G)> {
    let mut level = vec![(Vec::new(), G::start())];
    for _ in 0..plies {
        let mut seen = HashSet::new();
        let mut next = Vec::new();
        for (moves, pos) in &level {
            let mut list = MoveList::new();
            pos.generate(&mut list);
            for mv in &list {
                let after = pos.play(mv);
                if after.game_end().is_none() && seen.insert(after.hash()) {
                    let mut line: Vec<String> = moves.clone();
                    line.push(pdn_move(pos, mv));
                    next.push((line, after));
                }
            }
        }
        level = next;
    }
    level
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen::write_fen;
    use crate::rules::removal::{English, International};

    #[test]
    fn moves_fens_comments_and_errors() {
        let text = "# two openings\n1. 32-28 18-23\n\nW:W31-50:B1-20 # the start\n";
        let got = read_ballots::<International>(text).unwrap();
        assert_eq!(got.len(), 2);
        assert_eq!(got[1], International::start());
        assert_eq!(got[0].side_to_move(), crate::rules::Color::White);
        let english = read_ballots::<English>("9-14 22-17 11-15").unwrap();
        assert!(write_fen(&english[0]).starts_with("W:"));
        let bad = read_ballots::<International>("32-28\n32-26").unwrap_err();
        assert_eq!(bad.line, 2);
    }

    #[test]
    fn a_game_set_gives_its_last_positions() {
        let set = "[Event \"a\"]\n1. 32-28 18-23 *\n\n[FEN \"B:W28:B19\"]\n1... 19-23 *\n";
        let got = read_game_set::<International>(set).unwrap();
        let moves = read_ballots::<International>("32-28 18-23").unwrap();
        assert_eq!(write_fen(&got[0]), write_fen(&moves[0]));
        assert_eq!(write_fen(&got[1]), "W:W28:B23");
        assert!(read_game_set::<International>("1. 32-26 *").is_err());
    }

    #[test]
    fn the_shipped_ballots_read() {
        for (file, count) in [
            (include_str!("../../book/international-2move.txt"), 79),
            (include_str!("../../book/international-3move.txt"), 342),
        ] {
            assert_eq!(read_ballots::<International>(file).unwrap().len(), count);
        }
        let deck = read_ballots::<English>(include_str!("../../book/english-3move.txt")).unwrap();
        let distinct: HashSet<u64> = deck.iter().map(|pos| pos.hash()).collect();
        assert_eq!((deck.len(), distinct.len()), (156, 156));
        assert!(
            deck.iter()
                .all(|pos| pos.side_to_move() == crate::rules::Color::White)
        );
    }

    #[test]
    fn openings_are_distinct_and_read_back() {
        let two = openings::<International>(2);
        assert_eq!(two.len(), 81, "9 first moves, 9 replies each");
        let text: Vec<String> = two.iter().map(|(m, _)| m.join(" ")).collect();
        let back = read_ballots::<International>(&text.join("\n")).unwrap();
        assert_eq!(back, two.iter().map(|(_, p)| *p).collect::<Vec<_>>());
        let three = openings::<English>(3);
        assert!(three.len() > 100 && three.len() < 343);
    }
}
