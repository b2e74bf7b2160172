//! Opening books: the text format (`format`), the builder that grows a
//! book with the engine (`build`), and the prober the protocols ask once
//! per move, before any search.
//!
//! # Format
//!
//! A book is a text file, the same for every variant. `#` starts a
//! comment; blank lines are skipped. A comment `# variant: <id>` names the
//! variant the book is for (a book of another variant is refused). Every
//! other line is one position and its book moves:
//!
//! ```text
//! W:W31-50:B1-20 ; 32-28 +0.04 ; 33-28 +0.02 ; 34-29 -0.03
//! ```
//!
//! The position is a FEN (`notation::fen`), then, after each ` ; `, a book
//! move in PDN move text (`notation::movetext`) and its score: men, with
//! two decimals, from the point of view of the side to move in the line's
//! position. A line lists its moves best first; the file lists its lines
//! by ply, then by FEN. Loading reads each FEN into a position and keys it
//! by the position's hash, so a change of the hash keys never breaks a
//! book file.
//!
//! A position's *ply* is its distance from the variant's initial position
//! through book moves. Every line must be reached that way (the builder
//! grows the book from the initial position); the prober plays from a
//! position only while its ply is below a limit. Without captures and
//! kings the ply is fixed by the position itself (each move takes one man
//! one row forward), so it is the game's ply count however the game got
//! there.

pub mod ballots;
mod build;
mod format;

pub use build::{BuildSettings, build};
pub use format::{BookError, read_book, write_book};

use crate::rules::{Game, MoveList};
use crate::variant::Variant;
use std::collections::{HashMap, VecDeque};

/// One position of a book and its moves, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct Line<G: Game> {
    pub pos: G,
    /// Distance from the initial position through book moves.
    pub ply: u32,
    /// The book moves with their scores (hundredths of a man, the side to
    /// move's view), best first.
    pub moves: Vec<(G::Move, i32)>,
}

/// A book: its lines, and an index from position hash to line.
#[derive(Clone, Debug)]
pub struct Book<G: Game> {
    lines: Vec<Line<G>>,
    index: HashMap<u64, usize>,
}

/// A position with its book moves and their scores.
pub type Scored<G> = (G, Vec<(<G as Game>::Move, i32)>);

/// What is wrong with one of a set of book lines (lines are counted from
/// 0 in the order given).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum LineProblem {
    #[error("a position without book moves")]
    NoMoves,
    #[error("the position of line {} again", .0 + 1)]
    Twice(usize),
    #[error("not reached from the initial position through book moves")]
    Unreached,
}

impl<G: Game> Book<G> {
    /// A book of these positions and moves (any order; the moves of each
    /// are sorted best first, the lines by ply). Fails on a position given
    /// twice, a line without moves, or a line not reached from the initial
    /// position through book moves.
    pub fn new(positions: Vec<Scored<G>>) -> Result<Book<G>, (usize, LineProblem)> {
        let mut index = HashMap::with_capacity(positions.len());
        for (i, (pos, moves)) in positions.iter().enumerate() {
            if moves.is_empty() {
                return Err((i, LineProblem::NoMoves));
            }
            if let Some(first) = index.insert(pos.hash(), i) {
                return Err((i, LineProblem::Twice(first)));
            }
        }
        let plies = reach(&positions, &index);
        if let Some(i) = plies.iter().position(Option::is_none) {
            return Err((i, LineProblem::Unreached));
        }
        let mut lines: Vec<Line<G>> = positions
            .into_iter()
            .zip(plies)
            .map(|((pos, mut moves), ply)| {
                moves.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
                Line {
                    pos,
                    ply: ply.unwrap_or_default(),
                    moves,
                }
            })
            .collect();
        lines.sort_by_cached_key(|l| (l.ply, crate::notation::fen::write_fen(&l.pos)));
        let index = lines
            .iter()
            .enumerate()
            .map(|(i, l)| (l.pos.hash(), i))
            .collect();
        Ok(Book { lines, index })
    }

    /// The lines, by ply then FEN.
    pub fn lines(&self) -> &[Line<G>] {
        &self.lines
    }

    /// The book line of `pos`, if any.
    pub fn line(&self, pos: &G) -> Option<&Line<G>> {
        self.index.get(&pos.hash()).map(|&i| &self.lines[i])
    }

    /// A book move for `pos` when its ply is below `max_ply`: one of the
    /// moves whose score is at most `margin` (hundredths of a man) below
    /// the best, each as likely (`random` picks it), with its score.
    pub fn probe(&self, pos: &G, max_ply: u32, margin: i32, random: u64) -> Option<(G::Move, i32)> {
        let line = self.line(pos).filter(|l| l.ply < max_ply)?;
        let best = line.moves.first()?.1;
        let near = line
            .moves
            .iter()
            .take_while(|&&(_, s)| s >= best - margin.max(0))
            .count();
        let (mv, score) = line.moves[(random % near as u64) as usize];
        // a hash collision would name a move of another position
        let mut legal = MoveList::new();
        pos.generate(&mut legal);
        legal.contains(&mv).then_some((mv, score))
    }
}

/// The ply of every position: breadth first from the initial position
/// through book moves (`None`: never reached).
fn reach<G: Game>(positions: &[Scored<G>], index: &HashMap<u64, usize>) -> Vec<Option<u32>> {
    let mut plies = vec![None; positions.len()];
    let mut queue = VecDeque::new();
    if let Some(&root) = index.get(&G::start().hash()) {
        plies[root] = Some(0);
        queue.push_back(root);
    }
    while let Some(i) = queue.pop_front() {
        let (pos, moves) = &positions[i];
        let ply = plies[i].unwrap_or_default() + 1;
        for (mv, _) in moves {
            if let Some(&child) = index.get(&pos.play(mv).hash())
                && plies[child].is_none()
            {
                plies[child] = Some(ply);
                queue.push_back(child);
            }
        }
    }
    plies
}

/// A seed for `next_random` from the clock (never 0).
pub fn random_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64);
    nanos | 1
}

/// The next number of a xorshift sequence (the state must not be 0).
pub fn next_random(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// The book dam ships for `variant` (`book/<variant>.book`, built into
/// the binary), if there is one.
pub fn shipped(variant: Variant) -> Option<&'static str> {
    variant.facts().book
}

/// The book a protocol plays from: the file at `path`, or `G`'s shipped
/// book when `path` is empty (`None` when there is none). The error names
/// the file, and the line when the text does not read.
pub fn load<G: Game>(path: &str) -> Result<Option<Book<G>>, String> {
    if path.is_empty() {
        return Ok(load_shipped::<G>());
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    read_book::<G>(&text, path)
        .map(Some)
        .map_err(|e| e.to_string())
}

/// The shipped book of `G`, read; `None` when there is none or it does
/// not read (logged).
pub fn load_shipped<G: Game>() -> Option<Book<G>> {
    let text = shipped(G::VARIANT)?;
    let name = format!("book/{}.book", G::VARIANT);
    read_book::<G>(text, &name)
        .map_err(|e| log::error!("the shipped book: {e}"))
        .ok()
}

#[cfg(test)]
mod tests;
