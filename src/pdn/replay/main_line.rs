//! The main line of a replayed game as positions and moves, for the jobs
//! that work on each move (`dam pdn analyze`).

use super::{GameError, find_move, first_ply, label, number_of, setup_position, start_position};
use crate::pdn::syntax::{Element, MoveNumber, PdnGame};
use crate::rules::Game;

/// One move of the main line.
#[derive(Clone, Copy, Debug)]
pub struct Ply<G: Game> {
    /// Its index in the game's body.
    pub element: usize,
    /// Its number (`17` or `17...`).
    pub number: MoveNumber,
    /// The position it is played from.
    pub before: G,
    pub mv: G::Move,
    /// The position it leads to.
    pub after: G,
    /// Whether `before` begins the game or follows a setup (the positions
    /// of earlier moves are then not in its history).
    pub fresh: bool,
}

/// The main-line moves of `game`, which `replay` has made canonical (every
/// move names exactly one legal move, split captures joined).
pub fn main_line<G: Game>(game: &PdnGame) -> Result<Vec<Ply<G>>, GameError> {
    let mut pos = start_position::<G>(game)?;
    let mut ply = first_ply(&pos);
    let mut fresh = true;
    let mut out = Vec::new();
    for (element, e) in game.body.iter().enumerate() {
        match e {
            Element::Move(m) => {
                let number = number_of(ply);
                let mv = find_move(&pos, &m.text, &game.body[element + 1..]).map_err(|reason| {
                    GameError {
                        offset: m.offset,
                        label: Some(label(number)),
                        reason,
                    }
                })?;
                let after = pos.play(&mv);
                out.push(Ply {
                    element,
                    number,
                    before: pos,
                    mv,
                    after,
                    fresh,
                });
                pos = after;
                ply += 1;
                fresh = false;
            }
            Element::Setup { text, offset } => {
                pos = setup_position::<G>(text).map_err(|reason| GameError {
                    offset: *offset,
                    label: Some(label(number_of(ply))),
                    reason,
                })?;
                ply += (ply + first_ply(&pos)) % 2;
                fresh = true;
            }
            _ => {}
        }
    }
    Ok(out)
}
