//! The king phase of a position: the positions its kings reach before
//! anything else happens. A capture, a promotion or a man's move ends the
//! phase, and each of them starts international's 25-move rule afresh
//! (25 moves each with only kings moving and no capture draw). The phase
//! is solved by retrograde analysis over its positions, every move that
//! ends it valued by the databases: its win, draw or loss, and for a win
//! or a loss the plies to the end of the phase with best play (the winner
//! hurrying to end it with the win kept, the loser delaying). A database
//! win whose phase is longer than the rule allows cannot be won against
//! best defence; one within it can, by the quickest move of each turn.
//! For a position of kings only the phase ends at the next capture, and
//! its plies are the database's distance to conversion.

use super::Tables;
use super::format::Wdl;
use super::moves::move_wdl;
use crate::rules::{Game, MoveList};
use std::collections::HashMap;

/// A solved phase, from its first position.
#[derive(Debug)]
pub struct Phase<M> {
    /// The value of the first position for its side to move, and the
    /// plies to the end of the phase (`None` for a draw).
    pub value: (Wdl, Option<u32>),
    /// Positions in the phase (both sides to move).
    pub positions: usize,
    /// Every move of the first position with its value for the side
    /// playing it, as `value`.
    pub moves: Vec<(M, Wdl, Option<u32>)>,
}

/// Whether the move from `pos` to `next` ends the phase: a capture, a
/// promotion, or a man's move (the mover's men changed); `None` for a
/// variant without bitboards of men.
fn ends_phase<G: Game>(pos: &G, mv: &G::Move, next: &G) -> Option<bool> {
    let me = pos.side_to_move();
    let men = |p: &G| p.side_view(me).map(|(side, _, _)| side.men);
    Some(G::is_capture(mv) || men(pos)? != men(next)?)
}

/// The value of a move into a position valued `child` (for its side to
/// move), for the side playing it.
fn through((wdl, plies): (Wdl, Option<u32>)) -> (Wdl, Option<u32>) {
    let flipped = match wdl {
        Wdl::Win => Wdl::Loss,
        Wdl::Draw => Wdl::Draw,
        Wdl::Loss => Wdl::Win,
    };
    (flipped, plies.map(|p| p + 1))
}

/// Solve the phase of `root`, whose moves out of the phase the databases
/// of `tables` cover; an error when one is not covered or the phase has
/// more than `limit` positions.
pub fn solve<G: Game>(tables: &Tables, root: G, limit: usize) -> Result<Phase<G::Move>, String> {
    // the positions of the phase, each with the phase positions its
    // moves lead to and the best move out of it (for its side to move)
    let mut nodes = vec![root];
    let mut index: HashMap<u64, u32> = HashMap::from([(root.hash(), 0)]);
    let mut children: Vec<Vec<u32>> = Vec::new();
    let mut exit: Vec<Option<Wdl>> = Vec::new();
    while let Some(&pos) = nodes.get(children.len()) {
        let mut moves = MoveList::new();
        pos.generate(&mut moves);
        let (mut kids, mut best) = (Vec::new(), None::<Wdl>);
        for mv in &moves {
            let next = pos.play(mv);
            if ends_phase(&pos, mv, &next).ok_or("no king phase in this variant")? {
                let v = move_wdl(tables, &pos, mv).ok_or(
                    "a move out of the phase leads to a position the databases do not cover",
                )?;
                best = Some(best.map_or(v, |b| b.max(v)));
                continue;
            }
            let id = match index.get(&next.hash()) {
                Some(&i) => i,
                None if nodes.len() >= limit => {
                    return Err(format!("the phase has more than {limit} positions"));
                }
                None => {
                    let i = nodes.len() as u32;
                    index.insert(next.hash(), i);
                    nodes.push(next);
                    i
                }
            };
            kids.push(id);
        }
        children.push(kids);
        exit.push(best);
    }
    let values = retrograde(&children, &exit);
    let mut moves = MoveList::new();
    root.generate(&mut moves);
    let moves = moves
        .iter()
        .map(|mv| {
            let next = root.play(mv);
            let (wdl, plies) = match index.get(&next.hash()) {
                Some(&i) if ends_phase(&root, mv, &next) == Some(false) => {
                    through(values[i as usize])
                }
                _ => {
                    let w = move_wdl(tables, &root, mv).unwrap_or(Wdl::Draw);
                    (w, (w != Wdl::Draw).then_some(1))
                }
            };
            (*mv, wdl, plies)
        })
        .collect();
    Ok(Phase {
        value: values[0],
        positions: nodes.len(),
        moves,
    })
}

/// The moves of `root`, known `known` (a win or a loss) by the
/// databases, that end its phase the quickest with the win kept (a won
/// root) or the latest (a lost one); `None` when its phase has more than
/// `limit` positions or does not agree.
pub fn quickest<G: Game>(
    tables: &Tables,
    root: &G,
    known: Wdl,
    limit: usize,
) -> Option<Vec<G::Move>> {
    if bound(root)? > limit as f64 {
        return None;
    }
    let phase = solve(tables, *root, limit).ok()?;
    if known == Wdl::Draw || phase.value.0 != known {
        return None;
    }
    let keep: Vec<G::Move> = phase
        .moves
        .iter()
        .filter(|&&(_, w, p)| (w, p) == phase.value)
        .map(|&(m, _, _)| m)
        .collect();
    (!keep.is_empty()).then_some(keep)
}

/// The most positions the phase of `pos` can have: its kings on the
/// squares its men leave free, either side to move (asked before the
/// phase is walked, so that a search with a move's time does not walk
/// one it cannot afford).
fn bound<G: Game>(pos: &G) -> Option<f64> {
    let me = pos.side_to_move();
    let (mine, _, empty) = pos.side_view(me)?;
    let (other, _, _) = pos.side_view(me.flip())?;
    let (kings, their_kings) = (
        f64::from(mine.kings.count_ones()),
        f64::from(other.kings.count_ones()),
    );
    let free = f64::from(empty.count_ones()) + kings + their_kings;
    let choose =
        |n: f64, k: f64| (0..k as u32).fold(1.0, |c, i| c * (n - f64::from(i)) / f64::from(i + 1));
    Some(2.0 * choose(free, kings) * choose(free - kings, their_kings))
}

/// The value of every position of a phase given the positions each one's
/// moves lead to inside it and its best move out of it: positions decided
/// at distance d tell their predecessors, distance by distance.
fn retrograde(children: &[Vec<u32>], exit: &[Option<Wdl>]) -> Vec<(Wdl, Option<u32>)> {
    let n = children.len();
    let mut parents: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (i, kids) in children.iter().enumerate() {
        for &k in kids {
            parents[k as usize].push(i as u32);
        }
    }
    let mut value: Vec<Option<(Wdl, u32)>> = vec![None; n];
    let mut waiting: Vec<usize> = children.iter().map(Vec::len).collect();
    // the positions decided at each distance
    let mut decided: Vec<Vec<u32>> = vec![Vec::new(); 2];
    for i in 0..n {
        let v = match (exit[i], children[i].is_empty()) {
            (Some(Wdl::Win), _) => Some((Wdl::Win, 1)),
            (None, true) => Some((Wdl::Loss, 0)),
            (Some(Wdl::Loss), true) => Some((Wdl::Loss, 1)),
            _ => None,
        };
        if let Some((w, d)) = v {
            value[i] = Some((w, d));
            decided[d as usize].push(i as u32);
        }
    }
    let mut d = 0;
    while d < decided.len() {
        let now = std::mem::take(&mut decided[d]);
        let mut next = Vec::new();
        for i in now {
            let (wdl, _) = value[i as usize].expect("decided");
            for &p in &parents[i as usize] {
                let p = p as usize;
                if value[p].is_some() {
                    continue;
                }
                if wdl == Wdl::Loss {
                    value[p] = Some((Wdl::Win, d as u32 + 1));
                    next.push(p as u32);
                    continue;
                }
                waiting[p] -= 1;
                if waiting[p] == 0 && exit[p] != Some(Wdl::Draw) {
                    value[p] = Some((Wdl::Loss, d as u32 + 1));
                    next.push(p as u32);
                }
            }
        }
        if decided.len() <= d + 1 {
            decided.push(Vec::new());
        }
        decided[d + 1].extend(next);
        if decided[d + 1].is_empty() && decided[d + 2..].iter().all(Vec::is_empty) {
            break;
        }
        d += 1;
    }
    value
        .into_iter()
        .map(|v| v.map_or((Wdl::Draw, None), |(w, p)| (w, Some(p))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::egtb::RulesOf;
    use crate::egtb::build::build;
    use crate::notation::fen::parse_fen;
    use crate::rules::removal::{Position, Rules};

    type R = <crate::rules::removal::English as RulesOf>::R;

    /// A phase of kings only ends at a capture: its plies are the
    /// database's distance to conversion, for the position and each move.
    #[test]
    fn a_phase_of_kings_only_is_the_distance_to_conversion() {
        let dir = tempfile::tempdir().expect("scratch");
        build::<R>(dir.path(), 3, true).expect("built");
        let tables = Tables::open(R::VARIANT, R::GEO, dir.path(), 3, R::MEN).0;
        for fen in [
            "W:WK1,K5:BK20",
            "B:WK1,K5:BK20",
            "W:WK32:BK1,K2",
            "W:WK14:BK18",
        ] {
            let pos: Position<R> = parse_fen(fen).expect("fen");
            let phase = solve(&tables, pos, 1 << 20).expect("solved");
            assert!(
                bound(&pos).expect("bitboards") >= phase.positions as f64,
                "{fen}"
            );
            let stored = tables.probe(&pos).expect("covered");
            let plies = (stored.wdl != Wdl::Draw).then_some(stored.distance as u32);
            assert_eq!(phase.value, (stored.wdl, plies), "{fen}");
            for (mv, wdl, plies) in &phase.moves {
                let after = crate::egtb::moves::move_value(&tables, &pos, mv).expect("covered");
                let want = (after.wdl != Wdl::Draw).then_some(after.distance as u32);
                assert_eq!((*wdl, *plies), (after.wdl, want), "{fen} {mv:?}");
            }
        }
    }

    #[test]
    fn a_phase_larger_than_the_limit_is_refused() {
        let dir = tempfile::tempdir().expect("scratch");
        build::<R>(dir.path(), 3, true).expect("built");
        let tables = Tables::open(R::VARIANT, R::GEO, dir.path(), 3, R::MEN).0;
        let pos: Position<R> = parse_fen("W:WK1,K5:BK20").expect("fen");
        let err = solve(&tables, pos, 10).expect_err("too large");
        assert!(err.contains("more than 10 positions"), "{err}");
    }
}
