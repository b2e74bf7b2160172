//! Replaying a game against its variant's rules: every move of the main
//! line and of every variation must name exactly one legal move. A short
//! capture that names several is settled by the moves that follow it (only
//! one of the candidates lets them be played); otherwise it is reported.
//! Unless strict, two habits of real files are read leniently: a wrong
//! separator, and a capture split into one move per jump.

use super::syntax::{Element, MoveNumber, MoveToken, PdnGame};
use crate::notation::fen::{parse_fen, write_fen};
use crate::notation::movetext::{MoveError, parse_move, pdn_move};
use crate::rules::{Color, Game, MoveList};
use crate::variant::Variant;
use crate::with_variant;
use std::borrow::Cow;

/// How many later moves may be tried to settle an ambiguous capture.
const LOOKAHEAD: usize = 12;

/// What replay does besides checking.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Refuse a move that is not legal as written instead of reading it
    /// leniently: with the wrong separator (`10x15` for the quiet move
    /// 10-15, `30-39` for the capture 30x39) as the one legal move between
    /// its squares, or a capture split over several moves as one.
    pub strict: bool,
    /// Rewrite every move in canonical PDN (short, long where ambiguous)
    /// and set every move's number.
    pub canonical: bool,
    /// Keep the FEN of the start and after each main-line move.
    pub fens: bool,
}

/// A game replayed without error.
#[derive(Clone, Debug, Default)]
pub struct Replayed {
    /// Moves of the main line.
    pub plies: usize,
    /// Moves read leniently (see `Options::strict`).
    pub lenient: usize,
    /// With `Options::fens`: the start position, then one per main-line
    /// move.
    pub fens: Vec<String>,
    /// The men and kings of White and of Black at the end of the main
    /// line (in the stacking variants the columns each side commands,
    /// officers as kings); none in damath.
    pub end: Option<[Pieces; 2]>,
}

/// One side's pieces on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pieces {
    pub men: u32,
    pub kings: u32,
}

impl Pieces {
    /// A single king.
    pub fn lone_king(self) -> bool {
        self.men == 0 && self.kings == 1
    }

    pub fn count(self) -> u32 {
        self.men + self.kings
    }
}

/// `pos`'s men and kings of each side, where its family has them.
fn pieces_of<G: Game>(pos: &G) -> Option<[Pieces; 2]> {
    let of = |c| {
        pos.side_view(c).map(|(side, _, _)| Pieces {
            men: side.men.count_ones(),
            kings: side.kings.count_ones(),
        })
    };
    Some([of(Color::White)?, of(Color::Black)?])
}

/// Why a game does not replay: where (a byte offset in the game's text),
/// at which move (`17` or `17...`), and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameError {
    pub offset: usize,
    pub label: Option<String>,
    pub reason: String,
}

/// Replay `game` in `variant`.
pub fn replay(
    game: &mut PdnGame,
    variant: Variant,
    options: Options,
) -> Result<Replayed, GameError> {
    with_variant!(variant, G => replay_as::<G>(game, options))
}

fn replay_as<G: Game>(game: &mut PdnGame, options: Options) -> Result<Replayed, GameError> {
    let start = start_position::<G>(game)?;
    let mut out = Replayed::default();
    if options.fens {
        // One FEN per main-line move at most: no room to spare in a long game.
        let moves = game.body.iter().filter(|e| matches!(e, Element::Move(_)));
        out.fens.reserve_exact(moves.count() + 1);
        out.fens.push(write_fen(&start));
    }
    let mut lenient = 0;
    let ply = first_ply(&start);
    let end = line(
        &mut game.body,
        start,
        ply,
        options,
        Some(&mut out),
        &mut lenient,
    )?;
    out.lenient = lenient;
    out.end = pieces_of(&end);
    Ok(out)
}

/// The game's first position: its FEN tag's, or the variant's start.
fn start_position<G: Game>(game: &PdnGame) -> Result<G, GameError> {
    match game.find_tag("FEN") {
        Some(tag) => read_fen::<G>(&tag.value).map_err(|reason| GameError {
            offset: tag.offset,
            label: None,
            reason: format!("FEN tag: {reason}"),
        }),
        None => Ok(G::start()),
    }
}

/// A FEN, where `?` as the side to move means the variant's first mover.
fn read_fen<G: Game>(fen: &str) -> Result<G, String> {
    let fen = fen.trim();
    let known: Cow<str> = match fen.strip_prefix('?') {
        Some(rest) => {
            let side = if G::start().side_to_move() == crate::rules::Color::White {
                "W"
            } else {
                "B"
            };
            Cow::Owned(format!("{side}{rest}"))
        }
        None => Cow::Borrowed(fen),
    };
    parse_fen::<G>(&known).map_err(|e| e.to_string())
}

/// The first ply of a game starting at `pos`: even plies are the first
/// mover's.
fn first_ply<G: Game>(pos: &G) -> usize {
    usize::from(pos.side_to_move() != G::start().side_to_move())
}

/// `17` or `17...` for a ply.
fn number_of(ply: usize) -> MoveNumber {
    MoveNumber {
        number: (ply / 2 + 1) as u32,
        second: ply % 2 == 1,
    }
}

/// The label of a move number in messages.
pub fn label(n: MoveNumber) -> String {
    if n.second {
        format!("{}...", n.number)
    } else {
        n.number.to_string()
    }
}

/// Replay one line (the main line when `main` is given: it counts plies
/// and keeps FENs) from `pos`, the game's `ply`th position, to the
/// position at its end.
fn line<G: Game>(
    elements: &mut Vec<Element>,
    mut pos: G,
    mut ply: usize,
    options: Options,
    mut main: Option<&mut Replayed>,
    lenient: &mut usize,
) -> Result<G, GameError> {
    let mut before: Option<G> = None;
    let mut i = 0;
    while i < elements.len() {
        let (head, tail) = elements.split_at_mut(i + 1);
        match &mut head[i] {
            Element::Move(m) => {
                let (mv, joined) =
                    read_move(&pos, m, tail, options, lenient).map_err(|reason| GameError {
                        offset: m.offset,
                        label: Some(label(number_of(ply))),
                        reason,
                    })?;
                if options.canonical {
                    // Kept as written when canonical already: one allocation
                    // less per move of a long game.
                    let text = canonical_text(&pos, &mv);
                    if m.text != text {
                        m.text = Cow::Owned(text);
                    }
                    m.number = Some(number_of(ply));
                }
                elements.drain(i + 1..i + 1 + joined);
                before = Some(pos);
                pos = pos.play(&mv);
                ply += 1;
                if let Some(out) = main.as_deref_mut() {
                    out.plies += 1;
                    if options.fens {
                        out.fens.push(write_fen(&pos));
                    }
                }
            }
            Element::Variation(v) => {
                let Some(from) = before else {
                    return Err(GameError {
                        offset: first_offset(v).unwrap_or(0),
                        label: Some(label(number_of(ply))),
                        reason: "a variation before any move it could replace".to_string(),
                    });
                };
                line(v, from, ply - 1, options, None, lenient)?;
            }
            Element::Setup { text, offset } => {
                pos = setup_position::<G>(text).map_err(|reason| GameError {
                    offset: *offset,
                    label: Some(label(number_of(ply))),
                    reason,
                })?;
                // Numbering goes on, with the side to move the setup's.
                ply += (ply + first_ply(&pos)) % 2;
                before = None;
            }
            Element::Unknown { offset } => {
                return Err(GameError {
                    offset: *offset,
                    label: Some(label(number_of(ply))),
                    reason: "the move is written as unknown ('-'): the game cannot be replayed \
                             past it"
                        .to_string(),
                });
            }
            Element::Comment(_) | Element::LineComment(_) | Element::Nag(_) => {}
        }
        i += 1;
    }
    Ok(pos)
}

/// The move `m` names, and how many of the moves right after it were
/// joined to it. Unless `options.strict`, a move that is not legal as
/// written is read leniently (counted in `lenient`): with the other kind
/// of separator, or as the start of a capture that the next moves carry on
/// (PlayStrategy writes each jump of a multiple capture as a move).
fn read_move<G: Game>(
    pos: &G,
    m: &MoveToken,
    tail: &[Element],
    options: Options,
    lenient: &mut usize,
) -> Result<(G::Move, usize), String> {
    let error = match find_move(pos, &m.text, tail) {
        Ok(mv) => return Ok((mv, 0)),
        Err(e) if options.strict => return Err(e),
        Err(e) => e,
    };
    let other = other_separator(&m.text);
    if let Some(Ok(mv)) = other.map(|text| find_move(pos, &text, tail)) {
        *lenient += 1;
        return Ok((mv, 0));
    }
    let mut joined = m.text.to_string();
    for (k, next) in tail.iter().enumerate() {
        let Element::Move(next) = next else { break };
        let Some(rest) = continuation(&joined, &next.text) else {
            break;
        };
        joined.push_str(rest);
        if let Ok(mv) = find_move(pos, &joined, &tail[k + 1..]) {
            *lenient += 1;
            return Ok((mv, k + 1));
        }
    }
    Err(error)
}

/// When capture `next` starts where capture `text` ends, the part of
/// `next` after its first square (`xg3` for `g7xe5` then `e5xg3`).
fn continuation<'n>(text: &str, next: &'n str) -> Option<&'n str> {
    let is_sep = |c: char| matches!(c, 'x' | 'X' | ':');
    let last = &text[text.rfind(is_sep)? + 1..];
    let split = next.find(is_sep)?;
    (next[..split].trim_start_matches('0') == last.trim_start_matches('0')).then(|| &next[split..])
}

/// The PDN text of a legal move; a quiet move is never ambiguous, so only
/// captures need the routes `pdn_move` looks at.
fn canonical_text<G: Game>(pos: &G, mv: &G::Move) -> String {
    if G::is_capture(mv) {
        pdn_move(pos, mv)
    } else {
        let (from, to) = pos.move_squares(mv);
        format!("{from}-{to}")
    }
}

/// The byte offset of the first move of a line, for messages.
fn first_offset(elements: &[Element]) -> Option<usize> {
    elements.iter().find_map(|e| match e {
        Element::Move(m) => Some(m.offset),
        _ => None,
    })
}

/// The position of a `/FEN "..."/` setup.
fn setup_position<G: Game>(text: &str) -> Result<G, String> {
    let text = text.trim();
    let fen = text
        .strip_prefix("FEN")
        .map(|rest| rest.trim().trim_matches('"'))
        .ok_or_else(|| format!("setup '/{text}/': expected /FEN \"...\"/"))?;
    read_fen::<G>(fen).map_err(|e| format!("setup FEN: {e}"))
}

/// The texts of the moves after an ambiguous one, up to a setup or an
/// unknown move, for settling it.
fn later_moves<'e>(tail: &'e [Element]) -> Vec<&'e str> {
    tail.iter()
        .take_while(|e| !matches!(e, Element::Setup { .. } | Element::Unknown { .. }))
        .filter_map(|e| match e {
            Element::Move(m) => Some(m.text.as_ref()),
            _ => None,
        })
        .take(LOOKAHEAD)
        .collect()
}

/// A two-square move with the other kind of separator: `10x15` as
/// `10-15`, `30-39` as `30x39`.
fn other_separator(text: &str) -> Option<String> {
    let (sep, other) = if text.contains('-') {
        ('-', "x")
    } else {
        (text.chars().find(|c| matches!(c, 'x' | 'X' | ':'))?, "-")
    };
    (text.matches(sep).count() == 1).then(|| text.replace(sep, other))
}

/// English squares written algebraically (PlayStrategy) are seen from the
/// first mover's side, Black's: `c3` is square 11, not 22.
fn english_algebraic<G: Game>(text: &str) -> Option<String> {
    if !G::VARIANT.facts().quirks.pdn_algebraic_from_black
        || !text.bytes().any(|b| b.is_ascii_lowercase() && b != b'x')
    {
        return None;
    }
    let geo = G::geometry();
    let mut out = String::new();
    let mut square = String::new();
    for c in text.chars().chain(std::iter::once('-')) {
        if c.is_ascii_alphanumeric() && (c != 'x' || square.is_empty()) {
            square.push(c);
            continue;
        }
        if !square.is_empty() {
            let bit = geo.bit_of_algebraic(&square)?;
            out.push_str(&(geo.squares as u32 + 1 - geo.square_of(bit) as u32).to_string());
            out.push(c);
            square.clear();
        }
    }
    out.pop();
    Some(out)
}

/// The move `text` names; an ambiguous short capture is settled by the
/// later moves (from `tail`) when only one of its readings lets them all be
/// played.
fn find_move<G: Game>(pos: &G, text: &str, tail: &[Element]) -> Result<G::Move, String> {
    let numeric = english_algebraic::<G>(text);
    let text = numeric.as_deref().unwrap_or(text);
    if let Some(mv) = quick_move(pos, text) {
        return Ok(mv);
    }
    match parse_move(pos, text) {
        Ok(mv) => Ok(mv),
        Err(MoveError::Ambiguous { text, moves }) => {
            let later = later_moves(tail);
            let fitting: Vec<G::Move> = candidates(pos, &moves)
                .into_iter()
                .filter(|mv| fits(&pos.play(mv), &later))
                .collect();
            match fitting.as_slice() {
                [mv] => Ok(*mv),
                _ => Err(format!(
                    "move '{text}' is ambiguous and the later moves do not settle it: it can \
                     be {}",
                    moves.join(" or ")
                )),
            }
        }
        Err(e) => Err(e.to_string()),
    }
}

/// The one legal move a numeric short text (`32-28`, `28x19`, `1- 6`)
/// names, found without listing routes; `None` for anything else (longer
/// or algebraic text, no move, several moves), which `parse_move` then
/// reads and explains.
fn quick_move<G: Game>(pos: &G, text: &str) -> Option<G::Move> {
    let split = text.find(['-', 'x', 'X', ':'])?;
    let capture = !text[split..].starts_with('-');
    let number = |s: &str| -> Option<u8> {
        let s = s.trim();
        (!s.is_empty() && s.len() <= 3 && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    let (from, to) = (number(&text[..split])?, number(&text[split + 1..])?);
    let mut moves = MoveList::new();
    pos.generate(&mut moves);
    let mut found = None;
    for mv in &moves {
        if G::is_capture(mv) == capture && pos.move_squares(mv) == (from, to) {
            if found.is_some() {
                return None;
            }
            found = Some(*mv);
        }
    }
    found
}

/// The moves named by the long texts of an ambiguity.
fn candidates<G: Game>(pos: &G, long: &[String]) -> Vec<G::Move> {
    long.iter()
        .filter_map(|t| parse_move(pos, t).ok())
        .collect()
}

/// Whether the moves `later` can all be played from `pos`.
fn fits<G: Game>(pos: &G, later: &[&str]) -> bool {
    let Some((first, rest)) = later.split_first() else {
        return true;
    };
    let numeric = english_algebraic::<G>(first);
    match parse_move(pos, numeric.as_deref().unwrap_or(first)) {
        Ok(mv) => fits(&pos.play(&mv), rest),
        Err(MoveError::Ambiguous { moves, .. }) => candidates(pos, &moves)
            .iter()
            .any(|mv| fits(&pos.play(mv), rest)),
        Err(_) => false,
    }
}

mod main_line;
pub use main_line::{Ply, main_line};

#[cfg(test)]
mod tests;
