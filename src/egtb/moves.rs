//! The database value of each legal move of a covered position, for the
//! root of the search, `dam egtb probe` and `dam pdn analyze`: from the
//! `.dtb` files (with distances) where they cover every move, else win,
//! draw or loss only. Generic over any `G: Game` whose variant has
//! databases.

use super::format::{Value, Wdl};
use super::tables::Tables;
use crate::rules::{Color, Game, MoveList};

/// Pieces and kings on the board, if the variant has a bitboard view.
fn material<G: Game>(pos: &G) -> Option<(u32, u32)> {
    let (w, black, _) = pos.side_view(Color::White)?;
    let (b, _, _) = pos.side_view(Color::Black)?;
    Some((
        (w.men | w.kings | black).count_ones(),
        (w.kings | b.kings).count_ones(),
    ))
}

/// The value of playing `mv` in `pos`, for the side playing it: a move
/// that converts (capture or promotion) counts one ply to the conversion.
pub fn move_value<G: Game>(tables: &Tables, pos: &G, mv: &G::Move) -> Option<Value> {
    let after = pos.play(mv);
    if after.count_moves() == 0 {
        return Some(Value::win(1));
    }
    let v = tables.probe(&after)?;
    let converts = material(pos) != material(&after);
    Some(match (v.wdl, converts) {
        (Wdl::Draw, _) => Value::DRAW,
        (Wdl::Win, true) => Value::loss(1),
        (Wdl::Loss, true) => Value::win(1),
        (_, false) => v.back(),
    })
}

/// Win, draw or loss of playing `mv` in `pos`, for the side playing it.
pub fn move_wdl<G: Game>(tables: &Tables, pos: &G, mv: &G::Move) -> Option<Wdl> {
    let after = pos.play(mv);
    if after.count_moves() == 0 {
        return Some(Wdl::Win);
    }
    Some(match tables.probe_wdl(&after)? {
        Wdl::Win => Wdl::Loss,
        Wdl::Draw => Wdl::Draw,
        Wdl::Loss => Wdl::Win,
    })
}

/// Every legal move of `pos` with its value, or `None` if a move's
/// successor is not covered by the `.dtb` files.
pub fn move_values<G: Game>(tables: &Tables, pos: &G) -> Option<Vec<(G::Move, Value)>> {
    let mut moves = MoveList::new();
    pos.generate(&mut moves);
    moves
        .iter()
        .map(|mv| move_value(tables, pos, mv).map(|v| (*mv, v)))
        .collect()
}

/// How good a value is for the side that has it: wins first (the quickest
/// first), then draws, then losses (the slowest first).
pub fn rank(v: Value) -> i32 {
    match v.wdl {
        Wdl::Win => 100_000 - v.distance as i32,
        Wdl::Draw => 0,
        Wdl::Loss => -100_000 + v.distance as i32,
    }
}

/// The moves of `pos` that keep its database value, the fastest
/// conversion first: for a win only the quickest winning moves, for a
/// loss only the slowest (every move that keeps the win, draw or loss,
/// at distance 0, where a successor has no `.dtb`). `None` when `pos` is
/// not covered.
pub fn best_moves<G: Game>(tables: &Tables, pos: &G) -> Option<Vec<(G::Move, Value)>> {
    let values = move_values(tables, pos).or_else(|| {
        let mut moves = MoveList::new();
        pos.generate(&mut moves);
        moves
            .iter()
            .map(|mv| move_wdl(tables, pos, mv).map(|wdl| (*mv, Value { wdl, distance: 0 })))
            .collect()
    })?;
    let best = values.iter().map(|(_, v)| rank(*v)).max()?;
    Some(
        values
            .into_iter()
            .filter(|(_, v)| rank(*v) == best)
            .collect(),
    )
}

/// The values of `pos` and of playing `mv` in it (both for the side
/// playing it) when `mv` throws the database value away: a win turned
/// into a draw or a loss, a draw into a loss. `None` when the move keeps
/// the value or `pos` is not covered.
pub fn thrown_away<G: Game>(tables: &Tables, pos: &G, mv: &G::Move) -> Option<(Value, Value)> {
    let before = tables.probe(pos)?;
    let after = move_value(tables, pos, mv)?;
    (after.wdl < before.wdl).then_some((before, after))
}
