//! Move text: PDN short form (`32-28`, `28x19`).

use crate::rules::Game;

/// The PDN text of a legal move.
pub fn pdn_move<G: Game>(pos: &G, mv: &G::Move) -> String {
    let routes = pos.routes();
    let info = &routes
        .iter()
        .find(|(m, _)| m == mv)
        .expect("a legal move")
        .1;
    let sep = if info.is_capture() { 'x' } else { '-' };
    format!("{}{}{}", info.from, sep, info.to)
}
