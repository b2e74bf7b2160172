//! Perft: count the move paths of a given length, to check move generation
//! against published numbers and to measure its speed.

use crate::rules::{Game, MoveList};
use rayon::prelude::*;

/// How capture routes are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    /// Routes that reach the same position are one move.
    Unique,
    /// Every capture route counts.
    Duplicates,
}

/// List the legal moves of `pos` under `counting`.
#[inline(always)]
fn generate<G: Game>(pos: &G, counting: Counting, list: &mut MoveList<G::Move>) {
    match counting {
        Counting::Unique => pos.generate(list),
        Counting::Duplicates => pos.generate_routes(list),
    }
}

/// The number of legal moves of `pos` under `counting`.
#[inline(always)]
fn count<G: Game>(pos: &G, counting: Counting) -> u64 {
    match counting {
        Counting::Unique => pos.count_moves(),
        Counting::Duplicates => pos.count_routes(),
    }
}

/// Count the move paths of `depth` plies; the last ply is counted in bulk.
pub fn perft<G: Game>(pos: &G, depth: u32, counting: Counting) -> u64 {
    match depth {
        0 => 1,
        1 => count(pos, counting),
        2 => pos.count_two_plies(counting == Counting::Duplicates),
        _ => {
            let mut list = MoveList::new();
            generate(pos, counting, &mut list);
            list.iter()
                .map(|mv| perft(&pos.play(mv), depth - 1, counting))
                .sum()
        }
    }
}

/// Perft per root move, the work split over the current rayon pool.
pub fn divide<G: Game>(pos: &G, depth: u32, counting: Counting) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut list = MoveList::new();
    generate(pos, counting, &mut list);
    list.as_slice()
        .par_iter()
        .map(|mv| {
            (
                *mv,
                split(&pos.play(mv), depth - 1, counting, SPLIT_PLIES - 1),
            )
        })
        .collect()
}

/// How many plies from the root are spread over threads: enough small
/// pieces of work (about 80 in international) to keep two cores busy to
/// the end.
const SPLIT_PLIES: u32 = 2;

/// Perft with the first `plies` plies spread over the rayon pool.
fn split<G: Game>(pos: &G, depth: u32, counting: Counting, plies: u32) -> u64 {
    if plies == 0 || depth <= 3 {
        return perft(pos, depth, counting);
    }
    let mut list = MoveList::new();
    generate(pos, counting, &mut list);
    list.as_slice()
        .par_iter()
        .map(|mv| split(&pos.play(mv), depth - 1, counting, plies - 1))
        .sum()
}

/// Perft with the work split over the current rayon pool.
pub fn perft_parallel<G: Game>(pos: &G, depth: u32, counting: Counting) -> u64 {
    split(pos, depth, counting, SPLIT_PLIES)
}
