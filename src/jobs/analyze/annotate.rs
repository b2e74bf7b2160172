//! Putting the engine's notes into a game: after a move, its NAG, its
//! evaluation comment, the database comment of a move that throws a
//! database value away, and the better move as a variation; everything the
//! game already had stays where it was.

use crate::pdn::syntax::{Element, MoveNumber, MoveToken, PdnGame};
use crate::rules::Color;
use std::borrow::Cow;

/// What the engine says of one main-line move.
pub struct Note {
    /// The move's index in the game's body.
    pub element: usize,
    /// The side that played the move.
    pub mover: Color,
    /// `2` (mistake) or `4` (blunder).
    pub nag: Option<u16>,
    /// The evaluation after the move.
    pub eval: String,
    /// The database values before and after a move that throws one away.
    pub egtb: Option<String>,
    /// For a mistake: the move's number, the better move and the
    /// evaluation after it.
    pub better: Option<(MoveNumber, String, String)>,
}

/// `game` with `notes` (in body order) after their moves.
pub fn annotated<'a>(game: &PdnGame<'a>, notes: &'a [Note]) -> PdnGame<'a> {
    let mut body = Vec::with_capacity(game.body.len() + 3 * notes.len());
    let mut notes = notes.iter().peekable();
    for (i, e) in game.body.iter().enumerate() {
        body.push(e.clone());
        let Some(note) = notes.next_if(|n| n.element == i) else {
            continue;
        };
        body.extend(note.nag.map(Element::Nag));
        body.push(Element::Comment(&note.eval));
        body.extend(note.egtb.as_deref().map(Element::Comment));
        if let Some((number, mv, eval)) = &note.better {
            body.push(Element::Variation(vec![
                Element::Move(MoveToken {
                    offset: 0,
                    number: Some(*number),
                    text: Cow::Borrowed(mv),
                    strength: None,
                }),
                Element::Comment(eval),
            ]));
        }
    }
    PdnGame {
        header: game.header.clone(),
        body,
        terminator: game.terminator,
    }
}
