//! Reading and writing the book text (the format is described in the
//! module above): `FEN ; move score ; move score ...`, one position a
//! line, `#` comments, a `# variant: <id>` header.

use super::{Book, LineProblem, Scored};
use crate::notation::fen::{parse_fen, write_fen};
use crate::notation::movetext::{parse_move, pdn_move};
use crate::rules::Game;

/// A book text that does not read: the file, the line (1-based) and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: {why}")]
pub struct BookError {
    pub file: String,
    pub line: usize,
    pub why: String,
}

/// The comment that names the book's variant.
const VARIANT_TAG: &str = "variant:";

/// Read a book for `G` from `text`; `file` names it in errors.
pub fn read_book<G: Game>(text: &str, file: &str) -> Result<Book<G>, BookError> {
    let fail = |line: usize, why: String| BookError {
        file: file.to_string(),
        line,
        why,
    };
    let mut positions = Vec::new();
    let mut numbers = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let (body, comment) = raw.split_once('#').unwrap_or((raw, ""));
        if let Some(id) = comment.trim().strip_prefix(VARIANT_TAG) {
            let id = id.trim();
            if id != G::VARIANT.id() {
                return Err(fail(i + 1, format!("a book for {id}, not {}", G::VARIANT)));
            }
        }
        if body.trim().is_empty() {
            continue;
        }
        positions.push(read_line::<G>(body).map_err(|why| fail(i + 1, why))?);
        numbers.push(i + 1);
    }
    if positions.is_empty() {
        return Err(fail(
            1,
            "no book position in the file (an empty book)".into(),
        ));
    }
    Book::new(positions).map_err(|(i, problem)| {
        // name the file's lines, not the positions' places
        let problem = match problem {
            LineProblem::Twice(first) => LineProblem::Twice(numbers[first] - 1),
            other => other,
        };
        fail(numbers[i], problem.to_string())
    })
}

/// One position line.
fn read_line<G: Game>(body: &str) -> Result<Scored<G>, String> {
    let mut fields = body.split(';');
    let fen = fields.next().unwrap_or("").trim();
    let pos = parse_fen::<G>(fen).map_err(|e| format!("{e} (in '{fen}')"))?;
    if pos.game_end().is_some() {
        return Err("the game is over in this position".into());
    }
    let mut moves = Vec::new();
    for field in fields {
        let words: Vec<&str> = field.split_whitespace().collect();
        let [text, score] = words[..] else {
            return Err(format!(
                "'{}': expected a move and its score, like '32-28 +0.04'",
                field.trim()
            ));
        };
        let mv = parse_move(&pos, text).map_err(|e| e.to_string())?;
        if moves.iter().any(|&(m, _)| m == mv) {
            return Err(format!("move '{text}' is given twice"));
        }
        moves.push((mv, read_score(score)?));
    }
    Ok((pos, moves))
}

/// A score in men with up to two decimals (`+0.04`, `-1.5`, `0`), as
/// hundredths.
fn read_score(text: &str) -> Result<i32, String> {
    let bad = || format!("score '{text}': expected men with up to two decimals, like +0.04");
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    let plain = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !plain(whole) || !plain(fraction) || fraction.len() > 2 || whole.len() > 6 {
        return Err(bad());
    }
    let whole: i32 = whole.parse().map_err(|_| bad())?;
    let fraction: i32 = format!("{fraction:0<2}").parse().map_err(|_| bad())?;
    let value = whole * 100 + fraction;
    Ok(if negative { -value } else { value })
}

/// A score in hundredths as the book writes it: `+0.04`, `-1.25`.
fn write_score(score: i32) -> String {
    let sign = if score < 0 { '-' } else { '+' };
    let abs = score.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

/// The text of `book`: `header` (each line written as a comment), the
/// variant comment, then one line per position.
pub fn write_book<G: Game>(book: &Book<G>, header: &[String]) -> String {
    let mut out = String::new();
    for line in header {
        match line.as_str() {
            "" => out.push_str("#\n"),
            text => out.push_str(&format!("# {text}\n")),
        }
    }
    out.push_str(&format!("# {VARIANT_TAG} {}\n", G::VARIANT));
    for line in book.lines() {
        out.push_str(&write_fen(&line.pos));
        for (mv, score) in &line.moves {
            out.push_str(&format!(
                " ; {} {}",
                pdn_move(&line.pos, mv),
                write_score(*score)
            ));
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::removal::{English, International};

    const SMALL: &str = "# a test book\n# variant: international\n\
        W:W31-50:B1-20 ; 32-28 +0.04 ; 33-28 +0.02\n\
        B:W28,31,33-50:B1-20 ; 18-23 +0.01\n\
        \n\
        B:W28,31,32,34-50:B1-20 ; 19-23 -0.10 ; 18-22 -0.05  # a comment\n";

    #[test]
    fn scores_read_and_write() {
        for (text, value) in [("+0.04", 4), ("-1.25", -125), ("0", 0), ("-0.5", -50)] {
            assert_eq!(read_score(text), Ok(value), "{text}");
        }
        for bad in ["", "+", "1.234", "a", "--1", "0.-1", "1e3", "1234567"] {
            assert!(read_score(bad).is_err(), "{bad}");
        }
        for value in [0, 4, -4, 125, -125, 29_995, -100] {
            assert_eq!(read_score(&write_score(value)), Ok(value));
        }
    }

    #[test]
    fn a_book_reads_and_writes_back() {
        let book = read_book::<International>(SMALL, "small.book").unwrap();
        assert_eq!(book.lines().len(), 3);
        let plies: Vec<u32> = book.lines().iter().map(|l| l.ply).collect();
        assert_eq!(plies, [0, 1, 1]);
        let two = book
            .lines()
            .iter()
            .find(|l| l.moves.len() == 2 && l.ply == 1);
        assert_eq!(two.unwrap().moves[0].1, -5, "moves best first");
        let text = write_book(&book, &["header".to_string()]);
        assert!(text.starts_with("# header\n# variant: international\nW:W31,32,"));
        let again = read_book::<International>(&text, "again.book").unwrap();
        assert_eq!(again.lines(), book.lines());
        assert_eq!(write_book(&again, &["header".to_string()]), text);
    }

    #[test]
    fn malformed_lines_name_file_and_line() {
        let cases = [
            (
                "W:W31-50:B1-20 ; 32-28\n",
                1,
                "expected a move and its score",
            ),
            ("W:W31-50:B1-20 ; 32-28 x\n", 1, "score 'x'"),
            ("\nW:W31-50:B1-99 ; 32-28 +0.01\n", 2, "FEN"),
            ("W:W31-50:B1-20 ; 32-23 +0.01\n", 1, "32-23"),
            ("W:W31-50:B1-20 ; 32-28 +0.01 ; 32-28 +0.02\n", 1, "twice"),
            ("W:W31-50:B1-20\n", 1, "without book moves"),
            (
                "W:W31-50:B1-20 ; 32-28 0\n# a comment\nW:W31-50:B1-20 ; 33-28 0\n",
                3,
                "the position of line 1 again",
            ),
            (
                "W:W31-50:B1-20 ; 32-28 0\nB:W29,31-33,35-50:B1-20 ; 18-23 0\n",
                2,
                "not reached",
            ),
            ("# variant: english\n", 1, "a book for english"),
            ("", 1, "no book position"),
            ("# variant: international\n\n", 1, "no book position"),
            (
                "W:W31-50:B1-20 ; 32-28 0\nW:W:B20 ; 20-25 0\n",
                2,
                "game is over",
            ),
        ];
        for (text, line, why) in cases {
            let e = read_book::<International>(text, "bad.book").unwrap_err();
            assert_eq!((e.file.as_str(), e.line), ("bad.book", line), "{text}");
            assert!(e.to_string().contains(why), "{text}: {e}");
            assert!(e.to_string().starts_with(&format!("bad.book:{line}: ")));
        }
        assert!(read_book::<English>(SMALL, "small.book").is_err());
    }
}
