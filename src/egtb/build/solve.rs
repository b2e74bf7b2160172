//! The value of a position from the values of its successors: the rule
//! the generator applies backwards and `verify` checks forwards.

use crate::egtb::format::{Value, Wdl};
use crate::egtb::index::{HalfTurn, Placement};
use crate::egtb::tables::AHEAD;
use crate::rules::removal::{Position, Rules};
use crate::rules::{Game, MAX_MOVES, MoveList};
use arrayvec::ArrayVec;

/// The successor after `White` moved, seen from the side now to move, or
/// `None` if that side has no piece left.
#[inline(always)]
pub fn turned<R: Rules>(next: &Position<R>, turn: &HalfTurn) -> Option<Placement> {
    let ([white, black], kings) = next.bitboards();
    (black != 0).then(|| Placement {
        men: turn.apply(black & !kings),
        kings: turn.apply(black & kings),
        their_men: turn.apply(white & !kings),
        their_kings: turn.apply(white & kings),
    })
}

/// The value of `pos` (White to move) given `look`, which gives the value
/// of a successor for its side to move (`true` when the move converts: a
/// capture or a promotion), or `None` while it is unknown. A conversion
/// counts one ply whatever its successor's distance. The answer is `None`
/// when an unknown successor could still decide it.
#[inline]
pub fn solve<R: Rules>(
    pos: &Position<R>,
    turn: &HalfTurn,
    mut look: impl FnMut(&Placement, bool) -> Option<Value>,
) -> Option<Value> {
    let mut moves = MoveList::new();
    pos.generate(&mut moves);
    if moves.is_empty() {
        return Some(Value::loss(0));
    }
    let mut best_win: Option<u16> = None;
    let mut slowest_loss = 0;
    let (mut unknown, mut draw) = (false, false);
    for mv in &moves {
        let converts = mv.captured != 0 || mv.promote;
        let value = match turned(&pos.play_unhashed(mv), turn) {
            None => Some(Value::loss(0)),
            Some(p) => look(&p, converts),
        };
        let Some(v) = value else {
            unknown = true;
            continue;
        };
        let d = if converts { 1 } else { v.distance + 1 };
        match v.wdl {
            Wdl::Loss => best_win = Some(best_win.map_or(d, |b| b.min(d))),
            Wdl::Win => slowest_loss = slowest_loss.max(d),
            Wdl::Draw => draw = true,
        }
    }
    match (best_win, unknown, draw) {
        (Some(d), _, _) => Some(Value::win(d)),
        (None, true, _) => None,
        (None, false, true) => Some(Value::DRAW),
        (None, false, false) => Some(Value::loss(slowest_loss)),
    }
}

/// Whether `stored`, the win, draw or loss of `pos` (White to move),
/// agrees with its successors' (`look`, as in `solve`; `None` where
/// unknown, which never agrees): won if a move leads to a loss, lost if
/// every move leads to a win, else drawn. Each successor is given to
/// `ahead` (which may fetch its value into the cache; `look` receives its
/// answer) `AHEAD` successors before it is looked at. Stops as soon as it
/// knows: a win at its first losing successor, a loss or a draw at the
/// first successor that contradicts it.
#[inline]
pub fn wdl_agrees<R: Rules, A: Copy>(
    stored: Wdl,
    pos: &Position<R>,
    turn: &HalfTurn,
    mut ahead: impl FnMut(&Position<R>, &Placement) -> A,
    mut look: impl FnMut(&Placement, A) -> Option<Wdl>,
) -> bool {
    let mut moves = MoveList::new();
    pos.generate(&mut moves);
    let mut next: ArrayVec<Option<(Placement, A)>, MAX_MOVES> = ArrayVec::new();
    let mut draw = false;
    for k in 0..moves.len() {
        for mv in &moves[next.len()..moves.len().min(k + AHEAD)] {
            let q = pos.play_unhashed(mv);
            next.push(turned(&q, turn).map(|p| (p, ahead(&q, &p))));
        }
        let value = match next[k] {
            None => Some(Wdl::Loss),
            Some((p, a)) => look(&p, a),
        };
        match (stored, value) {
            (_, None) => return false,
            (Wdl::Win, Some(Wdl::Loss)) => return true,
            (Wdl::Loss, Some(Wdl::Loss | Wdl::Draw)) => return false,
            (Wdl::Draw, Some(Wdl::Loss)) => return false,
            (_, Some(Wdl::Draw)) => draw = true,
            (_, Some(Wdl::Win)) => {}
        }
    }
    match stored {
        Wdl::Win => false,
        Wdl::Loss => true,
        Wdl::Draw => draw,
    }
}
