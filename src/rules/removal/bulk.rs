//! The fast paths of the removal family: counting moves for perft's last ply
//! and listing moves, with the side to move as a compile-time constant so
//! every shift is by a fixed amount. Captures that are single jumps by men
//! (the common case) are found with bitboards alone; anything longer goes
//! to the capture search.

use super::captures::{CaptureSearch, CountSink, ListSink};
use super::{Move, Position, Promotion, Rules};
use crate::board::{Bitboard, Dir, Geometry};
use crate::rules::{Color, Game, MoveList};
use std::marker::PhantomData;

/// What a look at the bitboards tells of the captures.
enum CaptureKind {
    /// No capture: the quiet moves are legal.
    None,
    /// Only single jumps by men, no man can jump again, no king can jump.
    SingleJumps,
    /// Longer or king captures: search them.
    Search,
}

impl<R: Rules> Position<R> {
    /// The men that can jump in `dir`, per direction, and what kind of
    /// capture position this is.
    #[inline(always)]
    fn capture_kind<const WHITE: bool>(&self) -> (CaptureKind, [Bitboard; 4]) {
        let me = !WHITE as usize;
        let own = self.pieces[me];
        let opp = self.pieces[me ^ 1];
        let empty = self.empty();
        let men = own & !self.kings;
        let mut jumpers = [0; 4];
        let mut lands = 0;
        for &dir in Self::man_capture_dirs(WHITE) {
            let back = dir.reverse();
            let j = Self::raw(Self::raw(empty, back) & opp, back) & men;
            jumpers[dir.index()] = j;
            // two steps from a jumper is on the board
            lands |= Self::raw(Self::raw(j, dir), dir);
        }
        // Could some man jump again? A second jump back the way the man came
        // would land on its own start square, still occupied here, so every
        // landing square can be tested in every direction at once.
        let mut again = false;
        if lands != 0 {
            if R::PROMOTION == Promotion::ContinuesAsKing && lands & Self::promotion_row(WHITE) != 0
            {
                again = true;
            }
            for &dir in Self::man_capture_dirs(WHITE) {
                again |= Self::raw(Self::raw(lands, dir) & opp, dir) & empty != 0;
            }
        }
        let kind = if again || self.king_can_capture(own & self.kings, opp, empty) {
            CaptureKind::Search
        } else if lands != 0 {
            CaptureKind::SingleJumps
        } else {
            CaptureKind::None
        };
        (kind, jumpers)
    }

    /// Whether one of `kings` can capture.
    #[inline(always)]
    fn king_can_capture(&self, kings: Bitboard, opp: Bitboard, empty: Bitboard) -> bool {
        if kings == 0 {
            return false;
        }
        let mut hit = 0;
        for dir in Dir::ALL {
            let mut front = Self::raw(kings, dir);
            if R::FLYING_KINGS {
                let mut ray = front & empty;
                while ray != 0 {
                    ray = Self::raw(ray, dir);
                    front |= ray;
                    ray &= empty;
                }
            }
            hit |= Self::raw(front & opp, dir) & empty;
        }
        hit != 0
    }

    /// Count the legal moves (every route with `ROUTES`).
    #[inline(always)]
    pub(super) fn count<const ROUTES: bool>(&self) -> u64 {
        match self.side {
            Color::White => self.count_for::<ROUTES, true>(),
            Color::Black => self.count_for::<ROUTES, false>(),
        }
    }

    #[inline(always)]
    fn count_for<const ROUTES: bool, const WHITE: bool>(&self) -> u64 {
        self.count_unsearched_for::<WHITE>()
            .unwrap_or_else(|| self.count_by_search::<ROUTES, WHITE>())
    }

    /// The number of legal moves where the bitboards alone tell it: the
    /// quiet moves, or the single jumps of men (each one move and one
    /// route, also in a family built on this one, like damath); `None`
    /// when the captures must be searched.
    #[inline(always)]
    pub(crate) fn count_unsearched(&self) -> Option<u64> {
        match self.side {
            Color::White => self.count_unsearched_for::<true>(),
            Color::Black => self.count_unsearched_for::<false>(),
        }
    }

    #[inline(always)]
    fn count_unsearched_for<const WHITE: bool>(&self) -> Option<u64> {
        match self.capture_kind::<WHITE>() {
            (CaptureKind::None, _) => Some(self.count_quiet::<WHITE>()),
            (CaptureKind::SingleJumps, jumpers) => {
                Some(jumpers.iter().map(|j| j.count_ones() as u64).sum())
            }
            (CaptureKind::Search, _) => None,
        }
    }

    /// Count the captures by searching them; kept out of line so that its
    /// move list does not weigh on the common path's stack frame.
    #[inline(never)]
    fn count_by_search<const ROUTES: bool, const WHITE: bool>(&self) -> u64 {
        let me = !WHITE as usize;
        let own = self.pieces[me];
        let (men, kings) = (own & !self.kings, own & self.kings);
        let search = || CaptureSearch::<R, WHITE> {
            opp: self.pieces[me ^ 1],
            empty: self.empty(),
            rules: PhantomData,
        };
        let forward_only =
            !R::MEN_CAPTURE_BACKWARD && !R::MAJORITY && R::PROMOTION == Promotion::StopsMove;
        // Men that jump forward only never meet a piece they jumped nor the
        // square they left: each route of theirs is a move of its own and
        // they can be counted without the search.
        let (mut count, searched_men) = if forward_only {
            let (opp, empty) = (self.pieces[me ^ 1], self.empty());
            let mut jumpers = 0;
            for dir in Self::forward(WHITE) {
                let back = dir.reverse();
                jumpers |= Self::raw(Self::raw(empty, back) & opp, back);
            }
            let routes = Geometry::bits(men & jumpers)
                .map(|from| Self::forward_routes::<WHITE>(1 << from, opp, empty));
            (routes.sum(), 0)
        } else {
            (0, men)
        };
        if ROUTES && !R::FLYING_KINGS {
            let mut sink = CountSink::default();
            search().run(searched_men, kings, &mut sink);
            count += sink.count;
        } else {
            let mut list = MoveList::new();
            search().run(
                searched_men,
                kings,
                &mut ListSink::<ROUTES>::new(&mut list, R::FLYING_KINGS),
            );
            count += list.len() as u64;
        }
        count
    }

    /// The capture routes of a man on `at` that jumps forward only and is
    /// crowned where its move ends (english).
    fn forward_routes<const WHITE: bool>(at: Bitboard, opp: Bitboard, empty: Bitboard) -> u64 {
        let mut n = 0;
        for dir in Self::forward(WHITE) {
            let land = Self::raw(Self::raw(at, dir) & opp, dir) & empty;
            if land != 0 {
                n += if land & Self::promotion_row(WHITE) != 0 {
                    1
                } else {
                    Self::forward_routes::<WHITE>(land, opp, empty).max(1)
                };
            }
        }
        n
    }

    /// Count the quiet moves.
    #[inline(always)]
    fn count_quiet<const WHITE: bool>(&self) -> u64 {
        let own = self.pieces[!WHITE as usize];
        let empty = self.empty();
        let men = own & !self.kings;
        let [f0, f1] = Self::forward(WHITE);
        let mut n =
            (Self::raw(men, f0) & empty).count_ones() + (Self::raw(men, f1) & empty).count_ones();
        let kings = own & self.kings;
        if kings != 0 {
            for dir in Dir::ALL {
                let mut ray = Self::raw(kings, dir) & empty;
                while ray != 0 {
                    n += ray.count_ones();
                    if !R::FLYING_KINGS {
                        break;
                    }
                    ray = Self::raw(ray, dir) & empty;
                }
            }
        }
        n as u64
    }

    /// The number of move paths of two plies (every route with `ROUTES`):
    /// perft's last two plies. Quiet moves are applied to the bitboards
    /// directly, without a move list.
    #[inline]
    pub(super) fn count_two<const ROUTES: bool>(&self) -> u64 {
        match self.side {
            Color::White => self.count_two_for::<ROUTES, true>(),
            Color::Black => self.count_two_for::<ROUTES, false>(),
        }
    }

    #[inline(always)]
    fn count_two_for<const ROUTES: bool, const WHITE: bool>(&self) -> u64 {
        if !matches!(self.capture_kind::<WHITE>().0, CaptureKind::None) {
            let mut list = MoveList::new();
            self.generate_for::<ROUTES, WHITE>(&mut list);
            return list
                .iter()
                .map(|mv| self.play_unhashed(mv).count::<ROUTES>())
                .sum();
        }
        let me = !WHITE as usize;
        let own = self.pieces[me];
        let empty = self.empty();
        let men = own & !self.kings;
        let promo = Self::promotion_row(WHITE);
        let mut child = *self;
        child.side = self.side.flip();
        let mut total = 0;
        for dir in Self::forward(WHITE) {
            let delta = R::GEO.delta(dir);
            for to in Geometry::bits(Self::raw(men, dir) & empty) {
                let from = (to as i32 - delta) as u8;
                child.pieces[me] = own ^ (1 << from) ^ (1 << to);
                child.kings = self.kings | (promo & 1 << to);
                total += child.count::<ROUTES>();
            }
        }
        child.kings = self.kings;
        for from in Geometry::bits(own & self.kings) {
            for dir in Dir::ALL {
                let mut to = Self::raw(1 << from, dir) & empty;
                while to != 0 {
                    child.pieces[me] = own ^ (1 << from) ^ to;
                    child.kings = self.kings ^ (1 << from) ^ to;
                    total += child.count::<ROUTES>();
                    if !R::FLYING_KINGS {
                        break;
                    }
                    to = Self::raw(to, dir) & empty;
                }
            }
        }
        total
    }

    /// List the legal moves (every route with `ROUTES`).
    #[inline]
    pub(super) fn generate_with<const ROUTES: bool>(&self, moves: &mut MoveList<Move>) {
        match self.side {
            Color::White => self.generate_for::<ROUTES, true>(moves),
            Color::Black => self.generate_for::<ROUTES, false>(moves),
        }
    }

    #[inline(always)]
    fn generate_for<const ROUTES: bool, const WHITE: bool>(&self, moves: &mut MoveList<Move>) {
        match self.capture_kind::<WHITE>() {
            (CaptureKind::None, _) => self.quiet_moves(moves),
            (CaptureKind::SingleJumps, jumpers) => {
                let promo = Self::promotion_row(WHITE);
                for dir in Dir::ALL {
                    for from in Geometry::bits(jumpers[dir.index()]) {
                        let captured = Self::shift(1 << from, dir);
                        let to = Self::shift(captured, dir);
                        let mv = Move {
                            from,
                            to: to.trailing_zeros() as u8,
                            promote: to & promo != 0,
                            captured,
                        };
                        let _ = moves.try_push(mv);
                    }
                }
            }
            (CaptureKind::Search, _) => {
                self.captures(&mut ListSink::<ROUTES>::new(moves, R::FLYING_KINGS))
            }
        }
    }
}
