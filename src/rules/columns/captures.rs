//! Capture sequences of the stacking family, found by a depth-first search
//! over the jumps of one column.
//!
//! A jump takes the top piece of the jumped column at once: a column of
//! one piece leaves an empty square behind, which the rest of the chain may
//! cross and land on; a taller column stays and blocks. Either way its
//! square cannot be jumped again in the same chain (anti-loop), so the
//! search only has to know which enemy tops are still jumpable, which
//! squares are empty, and which columns hold a single piece. The capturing
//! column's own start square is empty while it captures.
//!
//! Every finished sequence goes to a `Sink`, which applies the majority
//! rule and keeps either every route or every distinct move.

use super::moves::{MAX_JUMPS, Move};
use super::{Promotion, Rules};
use crate::board::{Bitboard, Dir, Geometry};
use crate::rules::{Best, Color, MoveInfo, MoveList};
use std::marker::PhantomData;

/// Where finished capture sequences go.
pub(super) trait Sink {
    /// Take one finished sequence; `path` holds the bits landed on.
    fn found(&mut self, mv: Move, majority: bool, path: &[u8]);
}

/// Collects moves in a move list: each distinct move once, or each route
/// once (`ROUTES`).
pub(super) struct ListSink<'a, const ROUTES: bool> {
    list: &'a mut MoveList<Move>,
    best: Best,
}

impl<'a, const ROUTES: bool> ListSink<'a, ROUTES> {
    pub(super) fn new(list: &'a mut MoveList<Move>) -> Self {
        ListSink {
            list,
            best: Best::default(),
        }
    }
}

impl<const ROUTES: bool> Sink for ListSink<'_, ROUTES> {
    #[inline]
    fn found(&mut self, mv: Move, majority: bool, _: &[u8]) {
        let list = &mut *self.list;
        if majority && !self.best.keep(mv.jumps(), || list.clear()) {
            return;
        }
        let seen = if ROUTES {
            list.iter().any(|m| m.same_route(&mv))
        } else {
            list.contains(&mv)
        };
        if !seen {
            let _ = list.try_push(mv);
        }
    }
}

/// Collects every capture path with its squares, for notation: a flying
/// officer's route appears once per choice of landing squares.
pub(super) struct InfoSink<R: Rules> {
    pub(super) found: Vec<(Move, MoveInfo)>,
    best: Best,
    rules: PhantomData<R>,
}

impl<R: Rules> Default for InfoSink<R> {
    fn default() -> Self {
        InfoSink {
            found: Vec::new(),
            best: Best::default(),
            rules: PhantomData,
        }
    }
}

impl<R: Rules> Sink for InfoSink<R> {
    fn found(&mut self, mv: Move, majority: bool, path: &[u8]) {
        let found = &mut self.found;
        if majority && !self.best.keep(mv.jumps(), || found.clear()) {
            return;
        }
        let g = R::GEO;
        let info = MoveInfo::from_bits(g, mv.from, path, mv.jumped());
        found.push((mv, info));
    }
}

/// The state of the search for the side to move's captures.
pub(super) struct CaptureSearch<R: Rules> {
    /// Enemy tops not jumped yet in this chain.
    pub(super) opp: Bitboard,
    /// Empty squares (the capturing column's start square among them).
    pub(super) empty: Bitboard,
    /// Squares whose top piece is an officer.
    pub(super) officers: Bitboard,
    /// Squares holding a column of one piece.
    pub(super) singles: Bitboard,
    pub(super) side: Color,
    pub(super) rules: PhantomData<R>,
}

/// The squares of the sequence being built.
struct Chain {
    from: u8,
    /// Bit `i` set: the `i`-th piece taken is an officer.
    officers: u16,
    path: [u8; MAX_JUMPS],
    jumped: [u8; MAX_JUMPS],
}

impl<R: Rules> CaptureSearch<R> {
    #[inline(always)]
    fn shift(bb: Bitboard, dir: Dir) -> Bitboard {
        R::GEO.shift(bb, dir)
    }

    /// Search the captures of every column of the side to move, by the rank
    /// of its top piece.
    pub(super) fn run<S: Sink>(mut self, soldiers: Bitboard, officers: Bitboard, sink: &mut S) {
        let mut chain = Chain {
            from: 0,
            officers: 0,
            path: [0; MAX_JUMPS],
            jumped: [0; MAX_JUMPS],
        };
        for from in Geometry::bits(soldiers) {
            chain.from = from;
            self.empty |= 1 << from;
            self.soldier(sink, &mut chain, 1 << from, 0, false);
            self.empty &= !(1 << from);
        }
        for from in Geometry::bits(officers) {
            chain.from = from;
            self.empty |= 1 << from;
            self.officer(sink, &mut chain, 1 << from, 0, None);
            self.empty &= !(1 << from);
        }
    }

    /// The directions a soldier of the side to move captures in.
    #[inline(always)]
    fn soldier_dirs(&self) -> &'static [Dir] {
        match (R::SOLDIERS_CAPTURE_BACKWARD, self.side) {
            (true, _) => &Dir::ALL,
            (false, Color::White) => &[Dir::UpLeft, Dir::UpRight],
            (false, Color::Black) => &[Dir::DownLeft, Dir::DownRight],
        }
    }

    #[inline(always)]
    fn promotion_row(&self) -> Bitboard {
        match self.side {
            Color::White => R::GEO.top_row,
            Color::Black => R::GEO.bottom_row,
        }
    }

    /// Jump the column on `mid`, or undo that jump (the change is its own
    /// inverse).
    #[inline(always)]
    fn toggle(&mut self, mid: Bitboard) {
        self.opp ^= mid;
        self.empty ^= mid & self.singles;
    }

    /// Note `mid` as the `n`-th jumped square.
    #[inline(always)]
    fn record(&self, chain: &mut Chain, n: usize, mid: Bitboard) {
        chain.jumped[n] = mid.trailing_zeros() as u8;
        let officer = (mid & self.officers != 0) as u16;
        chain.officers = chain.officers & !(1 << n) | officer << n;
    }

    #[inline(always)]
    fn finish<S: Sink>(sink: &mut S, chain: &Chain, at: Bitboard, n: usize, promote: bool) {
        let mv = Move::capture(
            chain.from,
            at.trailing_zeros() as u8,
            promote,
            &chain.jumped[..n],
            chain.officers,
        );
        sink.found(mv, R::MAJORITY, &chain.path[..n]);
    }

    /// Go on with a soldier on `at` after `n` jumps; `touched` is set once
    /// it has stood on its far row (Damasca crowns it when the chain ends).
    fn soldier<S: Sink>(
        &mut self,
        sink: &mut S,
        chain: &mut Chain,
        at: Bitboard,
        n: usize,
        touched: bool,
    ) {
        let mut any = false;
        if n < MAX_JUMPS {
            for &dir in self.soldier_dirs() {
                // jumping back the way it came would jump the same square
                // again, which the anti-loop rule already forbids
                let mid = Self::shift(at, dir) & self.opp;
                let land = Self::shift(mid, dir) & self.empty;
                if land == 0 {
                    continue;
                }
                any = true;
                chain.path[n] = land.trailing_zeros() as u8;
                self.record(chain, n, mid);
                self.toggle(mid);
                let crowned = land & self.promotion_row() != 0;
                match R::PROMOTION {
                    Promotion::StopsMove if crowned => Self::finish(sink, chain, land, n + 1, true),
                    _ => self.soldier(sink, chain, land, n + 1, touched || crowned),
                }
                self.toggle(mid);
            }
        }
        if !any && n > 0 {
            Self::finish(sink, chain, at, n, touched);
        }
    }

    /// The first non-empty square an officer on `at` meets in `dir` (the
    /// next square only, for one-step officers), or 0.
    #[inline(always)]
    fn first_column(&self, at: Bitboard, dir: Dir) -> Bitboard {
        let mut sq = Self::shift(at, dir);
        if R::FLYING_OFFICERS {
            while sq & self.empty != 0 {
                sq = Self::shift(sq, dir);
            }
        }
        sq
    }

    /// Go on with an officer on `at` after `n` jumps, the last one made in
    /// direction `came`: it may go straight on or turn 90°, never back.
    fn officer<S: Sink>(
        &mut self,
        sink: &mut S,
        chain: &mut Chain,
        at: Bitboard,
        n: usize,
        came: Option<Dir>,
    ) {
        let mut any = false;
        if n < MAX_JUMPS {
            for dir in Dir::ALL {
                if came == Some(dir.reverse()) {
                    continue;
                }
                let mid = self.first_column(at, dir) & self.opp;
                if mid == 0 {
                    continue;
                }
                self.record(chain, n, mid);
                self.toggle(mid);
                let mut land = Self::shift(mid, dir) & self.empty;
                any |= land != 0;
                while land != 0 {
                    chain.path[n] = land.trailing_zeros() as u8;
                    self.officer(sink, chain, land, n + 1, Some(dir));
                    if !R::FLYING_OFFICERS {
                        break;
                    }
                    land = Self::shift(land, dir) & self.empty;
                }
                self.toggle(mid);
            }
        }
        if !any && n > 0 {
            Self::finish(sink, chain, at, n, false);
        }
    }
}
