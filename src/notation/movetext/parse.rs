//! Reading move text: PDN short and long form (`-`, `x` or `:`), Hub text
//! with captured squares, numeric or algebraic squares; the text must name
//! exactly one legal move.

use super::{distinct, long_text, pdn_text, route_of};
use crate::rules::{Game, MoveInfo};

/// Move text that names no legal move, or more than one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("move '{text}': {why}")]
    Syntax { text: String, why: String },
    #[error("move '{text}' is not legal here: {hint}")]
    Illegal { text: String, hint: String },
    #[error("move '{text}' is ambiguous: it can be {}", .moves.join(" or "))]
    Ambiguous { text: String, moves: Vec<String> },
}

/// The one legal move of `pos` that `text` names. Accepted: `32-28`,
/// `28x19`, `28:19`, the long form `47x38x24x13x36`, Hub `39x6x33x22x11`
/// (captured squares in any order), leading zeros, algebraic squares on
/// boards that have them (`c3-d4`, `c3:e5`), a trailing `!`/`?`.
///
/// Short form matches from, to and whether it captures; long form matches
/// a route's landing squares; Hub form matches from, to and the set of
/// captured squares. A capture text that is the exact long form of one
/// move names that move; otherwise every reading is tried (short for two
/// squares, long and Hub for more). Routes of one move are not an
/// ambiguity.
pub fn parse_move<G: Game>(pos: &G, text: &str) -> Result<G::Move, MoveError> {
    find::<G>(&pos.routes(), text)
}

/// `parse_move` among the routes of a position.
pub(super) fn find<G: Game>(
    routes: &[(G::Move, MoveInfo)],
    text: &str,
) -> Result<G::Move, MoveError> {
    let text = text.trim();
    let syntax = |why: String| MoveError::Syntax {
        text: text.to_string(),
        why,
    };
    let cleaned: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let cleaned = cleaned.trim_end_matches(['!', '?']);
    if cleaned.is_empty() {
        return Err(syntax("empty move".to_string()));
    }
    let mut squares: Vec<u8> = Vec::new();
    let mut separators = String::new();
    for part in cleaned.split_inclusive(['-', 'x', 'X', ':']) {
        let mut chars = part.chars();
        let square = match chars.next_back() {
            Some(c @ ('-' | 'x' | 'X' | ':')) => {
                separators.push(c);
                chars.as_str()
            }
            _ => part,
        };
        squares.push(square_number::<G>(square).map_err(&syntax)?);
    }
    if cleaned.ends_with(['-', 'x', 'X', ':']) {
        return Err(syntax("it ends with a separator".to_string()));
    }
    let quiet = !separators.is_empty() && separators.chars().all(|c| c == '-');
    let capture = !separators.is_empty() && !separators.contains('-');
    if !quiet && !capture {
        let why = if separators.is_empty() {
            "expected from-to, fromxto or a longer capture"
        } else {
            "'-' mixed with capture separators"
        };
        return Err(syntax(why.to_string()));
    }
    if quiet && squares.len() > 2 {
        return Err(syntax(
            "a quiet move names two squares; captures use x or :".to_string(),
        ));
    }
    let (from, second) = (squares[0], squares[1]);
    if quiet {
        let found = matching::<G>(routes, |i| {
            !i.is_capture() && i.from == from && i.to == second
        });
        return one::<G>(routes, text, from, found);
    }
    // The long form names a route exactly; it wins over the short and Hub
    // readings of the same text (`15:6` is the single jump 15:6, even when
    // a longer capture also goes from 15 to 6).
    let path = &squares[1..];
    let exact = matching::<G>(routes, |i| {
        i.is_capture() && i.from == from && i.path == path
    });
    if let [mv] = exact.as_slice() {
        return Ok(*mv);
    }
    let mut captured = squares[2..].to_vec();
    captured.sort_unstable();
    let found = matching::<G>(routes, |i| {
        let mut theirs = i.captured.clone();
        theirs.sort_unstable();
        let hub = squares.len() == 2 || theirs == captured;
        i.is_capture() && i.from == from && (i.path == path || i.to == second && hub)
    });
    one::<G>(routes, text, from, found)
}

/// A square number (leading zeros allowed) or an algebraic name.
fn square_number<G: Game>(text: &str) -> Result<u8, String> {
    let geo = G::geometry();
    if text.is_empty() {
        return Err("a square is missing".to_string());
    }
    if text.bytes().all(|b| b.is_ascii_digit()) {
        return match text.parse::<u32>() {
            Ok(n) if n >= 1 && n <= geo.squares as u32 => Ok(n as u8),
            _ => Err(format!(
                "square {text} is not on this board (squares are 1..{})",
                geo.squares
            )),
        };
    }
    let b = text.as_bytes();
    if !(b[0].is_ascii_alphabetic() && b.len() >= 2 && b[1..].iter().all(u8::is_ascii_digit)) {
        Err(format!("'{text}' is not a square"))
    } else if !geo.algebraic {
        Err(format!(
            "algebraic squares ('{text}') are not used on this board"
        ))
    } else {
        geo.bit_of_algebraic(text)
            .map(|bit| geo.square_of(bit))
            .ok_or_else(|| format!("'{text}' is not a playing square"))
    }
}

/// The distinct moves with a route that satisfies `pred`.
pub(super) fn matching<G: Game>(
    routes: &[(G::Move, MoveInfo)],
    pred: impl Fn(&MoveInfo) -> bool,
) -> Vec<G::Move> {
    distinct::<G>(routes.iter().filter(|(_, i)| pred(i)).map(|(m, _)| m))
}

/// The move if `found` holds exactly one; otherwise why not.
pub(super) fn one<G: Game>(
    routes: &[(G::Move, MoveInfo)],
    text: &str,
    from: u8,
    found: Vec<G::Move>,
) -> Result<G::Move, MoveError> {
    match found.as_slice() {
        [mv] => Ok(*mv),
        [] => Err(MoveError::Illegal {
            text: text.to_string(),
            hint: hint::<G>(routes, from),
        }),
        several => Err(MoveError::Ambiguous {
            text: text.to_string(),
            moves: several
                .iter()
                .filter_map(|mv| route_of::<G>(routes, mv))
                .map(long_text::<G>)
                .collect(),
        }),
    }
}

/// Which moves are legal from `from`, or at all.
fn hint<G: Game>(routes: &[(G::Move, MoveInfo)], from: u8) -> String {
    let texts = |only_from: bool| -> Vec<String> {
        let mut infos: Vec<&MoveInfo> = distinct::<G>(routes.iter().map(|(m, _)| m))
            .iter()
            .filter_map(|mv| route_of::<G>(routes, mv))
            .filter(|info| !only_from || info.from == from)
            .collect();
        infos.sort_by_key(|info| (info.from, info.to, &info.path));
        infos
            .iter()
            .map(|info| pdn_text::<G>(routes, info))
            .collect()
    };
    let from_here = texts(true);
    if !from_here.is_empty() {
        return format!("legal moves from {from}: {}", from_here.join(", "));
    }
    let all = texts(false);
    if all.is_empty() {
        "there is no legal move (the game is over)".to_string()
    } else {
        format!(
            "no legal move starts on {from}; legal moves: {}",
            all.join(", ")
        )
    }
}
