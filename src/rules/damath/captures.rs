//! Damath's capture sequences. The removal family's search finds them with
//! `dama`'s movement (captured chips leave at once, flying Damas that never
//! turn 180°, men jumping both ways and crowned only where the move ends);
//! the sinks here score each sequence and apply Damath's priority: the most
//! chips captured first, then, among equals, a Dama's sequence before an
//! ordinary chip's.

use super::score::{apply, clamp, multiplier, op_at};
use super::{Damath, Move};
use crate::board::DAMATH;
use crate::rules::removal::{self, Sink, Unique};
use crate::rules::{Best, MoveInfo, MoveList};

/// Ranks and scores the sequences of one position.
struct Judge<'a> {
    pos: &'a Damath,
    /// The best rank so far: twice the chips captured, plus 1 for a Dama.
    best: Best,
}

impl<'a> Judge<'a> {
    fn new(pos: &'a Damath) -> Self {
        Judge {
            pos,
            best: Best::default(),
        }
    }

    /// Rank a sequence of `count` jumps and, if it may be played (after
    /// `drop` clears the sequences it outranks), score it.
    #[inline]
    fn judge(
        &mut self,
        mv: removal::Move,
        count: u32,
        path: &[u8],
        jumped: &[u8],
        drop: impl FnOnce(),
    ) -> Option<Move> {
        let dama = self.pos.board.kings() >> mv.from & 1 != 0;
        if !self.best.keep(2 * count + dama as u32, drop) {
            return None;
        }
        Some(Move::scored(mv, self.score(mv.from, dama, path, jumped)))
    }

    /// The score of a sequence: each jump is the capturing chip's number
    /// OP the captured chip's, OP on the square it lands on.
    fn score(&self, from: u8, dama: bool, path: &[u8], jumped: &[u8]) -> i64 {
        let numbers = &self.pos.numbers;
        let left = numbers[from as usize];
        let kings = self.pos.board.kings();
        let total = path
            .iter()
            .zip(jumped)
            .map(|(&land, &taken)| {
                apply(op_at(land), left, numbers[taken as usize])
                    * multiplier(dama, kings >> taken & 1 != 0)
            })
            .sum();
        clamp(total)
    }
}

/// Collects moves in a move list: each distinct result once, or every
/// route (`ROUTES`). A route is a distinct order of jumped squares for the
/// same move; where a flying Dama touches down between two jumps is part of
/// the route only through the score it makes (a different landing square
/// with a different operator gives a different move).
pub(super) struct ListSink<'a, const ROUTES: bool> {
    moves: Unique<'a, Move, ROUTES>,
    judge: Judge<'a>,
}

impl<'a, const ROUTES: bool> ListSink<'a, ROUTES> {
    pub(super) fn new(pos: &'a Damath, list: &'a mut MoveList<Move>) -> Self {
        ListSink {
            moves: Unique::new(list, true),
            judge: Judge::new(pos),
        }
    }
}

impl<const ROUTES: bool> Sink for ListSink<'_, ROUTES> {
    #[inline]
    fn found(&mut self, mv: removal::Move, count: u32, _: bool, path: &[u8], jumped: &[u8]) {
        let drop = || self.moves.clear();
        let Some(mv) = self.judge.judge(mv, count, path, jumped, drop) else {
            return;
        };
        self.moves.push(mv, jumped);
    }
}

/// Collects every route with its squares, for notation.
pub(super) struct InfoSink<'a> {
    pub(super) found: Vec<(Move, MoveInfo)>,
    judge: Judge<'a>,
}

impl<'a> InfoSink<'a> {
    pub(super) fn new(pos: &'a Damath) -> Self {
        InfoSink {
            found: Vec::new(),
            judge: Judge::new(pos),
        }
    }
}

impl Sink for InfoSink<'_> {
    fn found(&mut self, mv: removal::Move, count: u32, _: bool, path: &[u8], jumped: &[u8]) {
        let drop = || self.found.clear();
        let Some(mv) = self.judge.judge(mv, count, path, jumped, drop) else {
            return;
        };
        let g = &DAMATH;
        let info = MoveInfo::from_bits(g, mv.from, path, jumped);
        self.found.push((mv, info));
    }
}
