//! Growing a book with the engine: breadth first from the initial
//! position, each position searched to a fixed depth over all its moves
//! (multi-PV, one thread, a fresh table, so the result does not depend on
//! the machine or the order), the moves within a margin of the best kept
//! and their positions expanded on the next ply; a position reached twice
//! is expanded once. The positions of one ply are searched in parallel.
//! At the end every score is backed up from the deepest book positions
//! (a move's score becomes minus the best score of the position it leads
//! to, when that position is in the book), as the deeper search says more.

use super::{Book, Scored};
use crate::engine::{Config, Engine, pool};
use crate::eval::Evaluate;
use crate::rules::Game;
use crate::search::{Control, Limits};
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};

/// What to build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildSettings {
    /// Positions at plies `0..plies` get book moves.
    pub plies: usize,
    /// The depth each position is searched to.
    pub depth: i32,
    /// Keep the moves at most this far below the best (hundredths of a man).
    pub margin: i32,
    /// Parallel searches (each one thread).
    pub threads: usize,
}

/// The table of each search: 2^20 entries.
const TABLE_BITS: u32 = 20;

/// Build a book. `progress(ply, positions)` is called as each ply starts,
/// `step()` after each position searched.
pub fn build<G: Evaluate>(
    settings: &BuildSettings,
    progress: impl Fn(usize, usize),
    step: impl Fn() + Sync,
) -> Result<Book<G>, String> {
    let pool = pool(Some(settings.threads), "dam-book").map_err(|e| e.to_string())?;
    let mut seen = HashSet::from([G::start().hash()]);
    let mut level = vec![G::start()];
    let mut scored: Vec<Scored<G>> = Vec::new();
    for ply in 0..settings.plies {
        if level.is_empty() {
            break;
        }
        progress(ply, level.len());
        let searched: Vec<Scored<G>> = pool.install(|| {
            level
                .par_iter()
                .map(|pos| {
                    let kept = (*pos, kept_moves(pos, settings));
                    step();
                    kept
                })
                .collect()
        });
        level = searched
            .iter()
            .flat_map(|(pos, moves)| moves.iter().map(|(mv, _)| pos.play(mv)))
            .filter(|child| child.game_end().is_none() && seen.insert(child.hash()))
            .collect();
        scored.extend(searched);
    }
    back_up(&mut scored);
    Book::new(scored).map_err(|(i, problem)| format!("position {}: {problem}", i + 1))
}

/// The moves of `pos` within the margin of the best, with their scores.
fn kept_moves<G: Evaluate>(pos: &G, settings: &BuildSettings) -> Vec<(G::Move, i32)> {
    let engine = Engine::new(&Config::new(1, TABLE_BITS));
    let limits = Limits {
        depth: Some(settings.depth.clamp(1, 60)),
        ..Limits::default()
    };
    let all = pos.count_moves() as usize;
    let out = engine.search_here(pos, &[pos.hash()], &limits, all, &Control::new(false));
    let best = out.lines.first().map_or(0, |&(_, s)| s);
    out.lines
        .into_iter()
        .filter(|&(_, s)| s >= best - settings.margin)
        .collect()
}

/// Replace each move's score by minus the best score of the position it
/// leads to, deepest positions first, where that position is in the book.
fn back_up<G: Game>(scored: &mut [Scored<G>]) {
    let index: HashMap<u64, usize> = scored
        .iter()
        .enumerate()
        .map(|(i, (pos, _))| (pos.hash(), i))
        .collect();
    for i in (0..scored.len()).rev() {
        let pos = scored[i].0;
        for k in 0..scored[i].1.len() {
            let mv = scored[i].1[k].0;
            if let Some(&child) = index.get(&pos.play(&mv).hash())
                && let Some(best) = scored[child].1.iter().map(|&(_, s)| s).max()
            {
                scored[i].1[k].1 = -best;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::removal::International;

    #[test]
    fn a_small_build_is_reproducible_and_backed_up() {
        let settings = BuildSettings {
            plies: 2,
            depth: 3,
            margin: 10,
            threads: 2,
        };
        let book = build::<International>(&settings, |_, _| {}, || {}).unwrap();
        let again = build::<International>(&settings, |_, _| {}, || {}).unwrap();
        assert_eq!(book.lines(), again.lines());
        let root = book.line(&International::start()).unwrap();
        assert_eq!(root.ply, 0);
        assert!(book.lines().iter().all(|l| l.ply < 2));
        for (mv, score) in &root.moves {
            let child = book.line(&root.pos.play(mv)).unwrap();
            assert_eq!(*score, -child.moves[0].1, "backed up");
        }
    }
}
