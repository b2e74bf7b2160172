//! Opening ballot files (book/*.txt): one opening a line, either a FEN or
//! the moves from the variant's initial position (`32-28 18-23 37-32`,
//! move numbers allowed); `#` starts a comment, blank lines are skipped.

use crate::notation::fen::parse_fen;
use crate::notation::movetext::parse_move;
use crate::rules::Game;

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
}
