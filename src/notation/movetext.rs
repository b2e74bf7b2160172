//! Move text out and in (notation.md, "Moves"), all through
//! `Game::routes()`: PDN short and long form, Hub text, DXP move fields, and
//! `parse_move`, which reads any of them and finds the one legal move it
//! names.
//!
//! PDN writes `32-28` / `28x19` (Russian `28:19`) and the long form with
//! every landing square (`47x38x24x13x36`) only when the short form would
//! name more than one distinct legal move. Hub writes `from-to` and
//! `fromxtoxcap1xcap2...` (captured squares in jump order). DXP carries
//! from, to and the captured squares (dxp.md, message M).

mod dxp;
mod parse;

pub use dxp::{DxpMove, dxp_move, find_dxp_move};
pub use parse::{MoveError, parse_move};

use crate::board::Geometry;
use crate::rules::{Game, MoveInfo};

/// The text written for a move that is not legal in the position given
/// (a caller's mistake: the writers expect a legal move).
pub const NOT_LEGAL: &str = "(illegal)";

/// The PDN text of a legal move: short form, or the long form when the
/// short form is ambiguous.
pub fn pdn_move<G: Game>(pos: &G, mv: &G::Move) -> String {
    let routes = pos.routes();
    match route_of::<G>(&routes, mv) {
        Some(info) => pdn_text::<G>(&routes, info),
        None => NOT_LEGAL.to_string(),
    }
}

/// The long PDN form of a legal move: every landing square.
pub fn pdn_long_move<G: Game>(pos: &G, mv: &G::Move) -> String {
    let routes = pos.routes();
    route_of::<G>(&routes, mv).map_or_else(|| NOT_LEGAL.to_string(), long_text::<G>)
}

/// The Hub text of a legal move: `from-to`, or `fromxtoxcap1xcap2...` with
/// the captured squares in jump order.
pub fn hub_move<G: Game>(pos: &G, mv: &G::Move) -> String {
    let routes = pos.routes();
    route_of::<G>(&routes, mv).map_or_else(|| NOT_LEGAL.to_string(), hub_text)
}

/// The Hub text of one route.
fn hub_text(info: &MoveInfo) -> String {
    if !info.is_capture() {
        return format!("{}-{}", info.from, info.to);
    }
    let squares: Vec<String> = [info.from, info.to]
        .iter()
        .chain(&info.captured)
        .map(u8::to_string)
        .collect();
    squares.join("x")
}

/// The PDN capture separator of `G`: `:` in Russian, `x` elsewhere.
fn capture_separator<G: Game>() -> char {
    if G::VARIANT.facts().quirks.pdn_colon_captures {
        ':'
    } else {
        'x'
    }
}

/// The PDN text of one route among all the routes of its position.
fn pdn_text<G: Game>(routes: &[(G::Move, MoveInfo)], info: &MoveInfo) -> String {
    let same_short = |i: &MoveInfo| {
        i.from == info.from && i.to == info.to && i.is_capture() == info.is_capture()
    };
    let named = distinct::<G>(routes.iter().filter(|(_, i)| same_short(i)).map(|(m, _)| m));
    if named.len() > 1 {
        return long_text::<G>(info);
    }
    let sep = if info.is_capture() {
        capture_separator::<G>()
    } else {
        '-'
    };
    format!("{}{sep}{}", info.from, info.to)
}

/// The long PDN form of one route.
fn long_text<G: Game>(info: &MoveInfo) -> String {
    if !info.is_capture() {
        return format!("{}-{}", info.from, info.to);
    }
    let squares: Vec<String> = std::iter::once(&info.from)
        .chain(&info.path)
        .map(u8::to_string)
        .collect();
    squares.join(&capture_separator::<G>().to_string())
}

/// The distinct moves among `moves`, first occurrence first.
fn distinct<'a, G: Game>(moves: impl Iterator<Item = &'a G::Move>) -> Vec<G::Move> {
    let mut out: Vec<G::Move> = Vec::new();
    for mv in moves {
        if !out.contains(mv) {
            out.push(*mv);
        }
    }
    out
}

/// The route to write for `mv`: the one PDN calls canonical (each landing
/// square right behind the piece it jumped, unless the piece turns there),
/// else the first.
fn route_of<'a, G: Game>(routes: &'a [(G::Move, MoveInfo)], mv: &G::Move) -> Option<&'a MoveInfo> {
    let mut of_move = routes.iter().filter(|(m, _)| m == mv).map(|(_, i)| i);
    let first = of_move.next()?;
    let geo = G::geometry();
    std::iter::once(first)
        .chain(of_move)
        .find(|info| canonical(geo, info))
        .or(Some(first))
}

/// Whether every landing but the last is right behind the piece jumped to
/// reach it, or a turning point.
fn canonical(geo: &Geometry, info: &MoveInfo) -> bool {
    let xy = |n: u8| {
        geo.bit_of(n as u32)
            .map(|b| geo.bit_xy[b as usize])
            .map(|(x, y)| (x as i32, y as i32))
    };
    let step = |a: (i32, i32), b: (i32, i32)| ((b.0 - a.0).signum(), (b.1 - a.1).signum());
    let n = info.path.len();
    (0..n.saturating_sub(1)).all(|i| {
        let before = if i == 0 { info.from } else { info.path[i - 1] };
        let (Some(prev), Some(land), Some(next), Some(jumped)) = (
            xy(before),
            xy(info.path[i]),
            info.path.get(i + 1).and_then(|&s| xy(s)),
            info.captured.get(i).and_then(|&s| xy(s)),
        ) else {
            return true;
        };
        let adjacent = (land.0 - jumped.0).abs() == 1 && (land.1 - jumped.1).abs() == 1;
        adjacent || step(prev, land) != step(land, next)
    })
}

#[cfg(test)]
mod tests;
