//! Capture sequences of the removal family, found by a depth-first search
//! over the jumps of one piece. The variant's constants decide which
//! directions men jump in, whether kings fly, when a man is crowned, and
//! whether jumped pieces leave at once or block until the move ends.
//!
//! Every finished sequence goes to a `Sink`, which applies the majority
//! rule and either keeps each route or merges routes into unique moves.

use super::{Move, Promotion, Rules};
use crate::board::{Bitboard, Dir, Geometry};
use crate::rules::{Best, MAX_MOVES, MoveInfo, MoveList};
use arrayvec::ArrayVec;
use std::marker::PhantomData;

/// The longest capture sequence: more than any side has pieces.
const MAX_CHAIN: usize = 32;

/// Where finished capture sequences go.
pub(crate) trait Sink {
    /// Whether `found` reads the squares of the sequence; the search
    /// skips recording them when it does not.
    const SQUARES: bool = true;

    /// Take one finished sequence of `count` jumps; `path` holds the bits
    /// landed on, `jumped` the bits jumped, in order.
    fn found(&mut self, mv: Move, count: u32, majority: bool, path: &[u8], jumped: &[u8]);
}

/// Fills a move list with each move once, or each route once (`ROUTES`).
/// A route is a move with the order its pieces were jumped in: routes that
/// differ only in where a flying king touched down between two jumps are
/// one route, as perft.md counts them.
pub(crate) struct Unique<'a, M, const ROUTES: bool> {
    list: &'a mut MoveList<M>,
    /// Whether one route can be found twice (only where a flying king may
    /// touch down on several squares between two jumps).
    repeats: bool,
    /// With `ROUTES`: a fingerprint of each listed move's jump order.
    orders: ArrayVec<u64, MAX_MOVES>,
}

impl<'a, M: PartialEq, const ROUTES: bool> Unique<'a, M, ROUTES> {
    pub(crate) fn new(list: &'a mut MoveList<M>, repeats: bool) -> Self {
        Unique {
            list,
            repeats,
            orders: ArrayVec::new(),
        }
    }

    /// Drop every move listed.
    #[inline(always)]
    pub(crate) fn clear(&mut self) {
        self.list.clear();
        self.orders.clear();
    }

    /// List `mv`, whose pieces were jumped on `jumped`, unless it (or with
    /// `ROUTES`, its route) is listed already.
    #[inline(always)]
    pub(crate) fn push(&mut self, mv: M, jumped: &[u8]) {
        if ROUTES && !self.repeats {
            let _ = self.list.try_push(mv);
        } else if ROUTES {
            let order = jump_order(jumped);
            let seen = self
                .list
                .iter()
                .zip(&self.orders)
                .any(|(m, &o)| *m == mv && o == order);
            if !seen && self.list.try_push(mv).is_ok() {
                self.orders.push(order);
            }
        } else if !self.list.contains(&mv) {
            let _ = self.list.try_push(mv);
        }
    }
}

/// Collects moves in a move list, each move or each route once.
pub(super) struct ListSink<'a, const ROUTES: bool> {
    moves: Unique<'a, Move, ROUTES>,
    best: Best,
}

impl<'a, const ROUTES: bool> ListSink<'a, ROUTES> {
    pub(super) fn new(list: &'a mut MoveList<Move>, flying_kings: bool) -> Self {
        ListSink {
            moves: Unique::new(list, flying_kings),
            best: Best::default(),
        }
    }
}

/// Counts every route, for variants where no route is found twice.
#[derive(Default)]
pub(super) struct CountSink {
    pub(super) count: u64,
    best: Best,
}

impl Sink for CountSink {
    const SQUARES: bool = false;

    #[inline]
    fn found(&mut self, _: Move, count: u32, majority: bool, _: &[u8], _: &[u8]) {
        if majority && !self.best.keep(count, || self.count = 0) {
            return;
        }
        self.count += 1;
    }
}

/// A fingerprint of the order of the jumped squares.
#[inline]
fn jump_order(jumped: &[u8]) -> u64 {
    jumped.iter().fold(0, |h: u64, &b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01B3).rotate_left(17)
    })
}

impl<const ROUTES: bool> Sink for ListSink<'_, ROUTES> {
    const SQUARES: bool = ROUTES;

    #[inline]
    fn found(&mut self, mv: Move, count: u32, majority: bool, _: &[u8], jumped: &[u8]) {
        if majority && !self.best.keep(count, || self.moves.clear()) {
            return;
        }
        self.moves.push(mv, jumped);
    }
}

/// Collects every route with its squares, for notation.
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
    fn found(&mut self, mv: Move, count: u32, majority: bool, path: &[u8], jumped: &[u8]) {
        if majority && !self.best.keep(count, || self.found.clear()) {
            return;
        }
        let g = R::GEO;
        let info = MoveInfo::from_bits(g, mv.from, path, jumped);
        self.found.push((mv, info));
    }
}

/// The state of the search for the captures of White (`WHITE`) or Black.
pub(super) struct CaptureSearch<R: Rules, const WHITE: bool> {
    /// Opponent pieces still on the board.
    pub(super) opp: Bitboard,
    /// Empty squares (the capturing piece's start square among them).
    pub(super) empty: Bitboard,
    pub(super) rules: PhantomData<R>,
}

/// The squares of the sequence being built.
struct Chain {
    from: u8,
    path: [u8; MAX_CHAIN],
    jumped: [u8; MAX_CHAIN],
}

impl<R: Rules, const WHITE: bool> CaptureSearch<R, WHITE> {
    const MAN_DIRS: &'static [Dir] = match (R::MEN_CAPTURE_BACKWARD, WHITE) {
        (true, _) => &Dir::ALL,
        (false, true) => &[Dir::UpLeft, Dir::UpRight],
        (false, false) => &[Dir::DownLeft, Dir::DownRight],
    };
    const PROMOTION_ROW: Bitboard = if WHITE {
        R::GEO.top_row
    } else {
        R::GEO.bottom_row
    };

    #[inline(always)]
    fn shift(bb: Bitboard, dir: Dir) -> Bitboard {
        R::GEO.shift(bb, dir)
    }

    /// Search the captures of every man and king of the side.
    pub(super) fn run<S: Sink>(mut self, men: Bitboard, kings: Bitboard, sink: &mut S) {
        let mut chain = Chain {
            from: 0,
            path: [0; MAX_CHAIN],
            jumped: [0; MAX_CHAIN],
        };
        // only the men with a first jump are searched: those two steps
        // back from an empty square over an opponent's piece
        let mut jumpers = 0;
        for &dir in Self::MAN_DIRS {
            let back = dir.reverse();
            jumpers |= R::GEO.shift_raw(R::GEO.shift_raw(self.empty, back) & self.opp, back);
        }
        for from in Geometry::bits(men & jumpers) {
            chain.from = from;
            self.empty |= 1 << from;
            self.man(sink, &mut chain, 1 << from, 0, 0, false);
            self.empty &= !(1 << from);
        }
        for from in Geometry::bits(kings) {
            chain.from = from;
            self.empty |= 1 << from;
            self.king(sink, &mut chain, 1 << from, 0, 0, None, false);
            self.empty &= !(1 << from);
        }
    }

    #[inline(always)]
    fn finish<S: Sink>(
        sink: &mut S,
        chain: &Chain,
        to: Bitboard,
        captured: Bitboard,
        n: usize,
        promote: bool,
    ) {
        let mv = Move {
            from: chain.from,
            to: to.trailing_zeros() as u8,
            promote,
            captured,
        };
        sink.found(
            mv,
            n as u32,
            R::MAJORITY,
            &chain.path[..n],
            &chain.jumped[..n],
        );
    }

    /// Go on with a man on `at` that has jumped `captured` (`n` jumps).
    /// A jump straight back is never possible: the piece just jumped still
    /// stands there, or (removed at once) leaves an empty square that no
    /// man can jump.
    fn man<S: Sink>(
        &mut self,
        sink: &mut S,
        chain: &mut Chain,
        at: Bitboard,
        captured: Bitboard,
        n: usize,
        touched: bool,
    ) {
        let mut any = false;
        if n < MAX_CHAIN {
            let opp = self.opp & !captured;
            for &dir in Self::MAN_DIRS {
                let mid = R::GEO.shift_raw(at, dir) & opp;
                let land = R::GEO.shift_raw(mid, dir) & self.empty;
                if land == 0 {
                    continue;
                }
                any = true;
                if S::SQUARES {
                    chain.path[n] = land.trailing_zeros() as u8;
                    chain.jumped[n] = mid.trailing_zeros() as u8;
                }
                if R::IMMEDIATE_REMOVAL {
                    self.opp ^= mid;
                    self.empty ^= mid;
                }
                let crowned = land & Self::PROMOTION_ROW != 0;
                match R::PROMOTION {
                    Promotion::StopsMove if crowned => {
                        Self::finish(sink, chain, land, captured | mid, n + 1, true)
                    }
                    Promotion::ContinuesAsKing if crowned => {
                        self.king(sink, chain, land, captured | mid, n + 1, Some(dir), true)
                    }
                    _ if !self.man_can_jump(land, captured | mid) => {
                        // the common end of a chain, without a call
                        let promote = match R::PROMOTION {
                            Promotion::Touched => touched || crowned,
                            _ => crowned,
                        };
                        Self::finish(sink, chain, land, captured | mid, n + 1, promote)
                    }
                    _ => self.man(sink, chain, land, captured | mid, n + 1, touched || crowned),
                }
                if R::IMMEDIATE_REMOVAL {
                    self.opp ^= mid;
                    self.empty ^= mid;
                }
            }
        }
        if !any && n > 0 {
            let promote = match R::PROMOTION {
                Promotion::Touched => touched || at & Self::PROMOTION_ROW != 0,
                _ => at & Self::PROMOTION_ROW != 0,
            };
            Self::finish(sink, chain, at, captured, n, promote);
        }
    }

    /// Whether a man on `at` that has jumped `captured` can jump again.
    #[inline(always)]
    fn man_can_jump(&self, at: Bitboard, captured: Bitboard) -> bool {
        let opp = self.opp & !captured;
        let mut land = 0;
        for &dir in Self::MAN_DIRS {
            land |= R::GEO.shift_raw(R::GEO.shift_raw(at, dir) & opp, dir);
        }
        land & self.empty != 0
    }

    /// The first piece a king on `at` meets in `dir`, or 0.
    #[inline(always)]
    fn first_piece(&self, at: Bitboard, dir: Dir) -> Bitboard {
        if R::FLYING_KINGS {
            R::GEO.first_blocker(at.trailing_zeros(), dir, self.empty)
        } else {
            Self::shift(at, dir)
        }
    }

    /// Whether a king may turn from `came` to `dir`: never straight back.
    /// Where jumped pieces stay until the move ends the piece just jumped
    /// blocks that way anyway; where they leave at once the rule forbids it.
    #[inline(always)]
    fn may_turn(came: Option<Dir>, dir: Dir) -> bool {
        !R::IMMEDIATE_REMOVAL || came != Some(dir.reverse())
    }

    /// Whether a king on `at`, having come in `came`, can jump again.
    fn king_can_jump(&self, at: Bitboard, captured: Bitboard, came: Dir) -> bool {
        Dir::ALL.iter().any(|&dir| {
            Self::may_turn(Some(came), dir) && {
                let mid = self.first_piece(at, dir) & self.opp & !captured;
                Self::shift(mid, dir) & self.empty != 0
            }
        })
    }

    /// Go on with a king on `at` that has jumped `captured` (`n` jumps).
    /// `promote` is set for a man crowned during this capture.
    #[allow(clippy::too_many_arguments)]
    fn king<S: Sink>(
        &mut self,
        sink: &mut S,
        chain: &mut Chain,
        at: Bitboard,
        captured: Bitboard,
        n: usize,
        came: Option<Dir>,
        promote: bool,
    ) {
        let mut any = false;
        if n < MAX_CHAIN {
            for dir in Dir::ALL {
                if !Self::may_turn(came, dir) {
                    continue;
                }
                let mid = self.first_piece(at, dir) & self.opp & !captured;
                let land = Self::shift(mid, dir) & self.empty;
                if land == 0 {
                    continue;
                }
                any = true;
                if S::SQUARES {
                    chain.jumped[n] = mid.trailing_zeros() as u8;
                }
                if R::IMMEDIATE_REMOVAL {
                    self.opp ^= mid;
                    self.empty ^= mid;
                }
                let now = captured | mid;
                if R::FLYING_KINGS {
                    // every empty square beyond; where some allow a further
                    // jump, the king must land on one of those
                    let lands = R::GEO.open_ray(mid.trailing_zeros(), dir, self.empty);
                    let mut go_on = 0;
                    for sq in Geometry::bits(lands) {
                        if self.king_can_jump(1 << sq, now, dir) {
                            go_on |= 1 << sq;
                        }
                    }
                    let targets = if go_on != 0 { go_on } else { lands };
                    for bit in Geometry::bits(targets) {
                        if S::SQUARES {
                            chain.path[n] = bit;
                        }
                        self.king(sink, chain, 1 << bit, now, n + 1, Some(dir), promote);
                    }
                } else {
                    if S::SQUARES {
                        chain.path[n] = land.trailing_zeros() as u8;
                    }
                    self.king(sink, chain, land, now, n + 1, Some(dir), promote);
                }
                if R::IMMEDIATE_REMOVAL {
                    self.opp ^= mid;
                    self.empty ^= mid;
                }
            }
        }
        if !any && n > 0 {
            Self::finish(sink, chain, at, captured, n, promote);
        }
    }
}
