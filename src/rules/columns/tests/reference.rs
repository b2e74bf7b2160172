//! A slow, separate reading of rules.md section 2 on (x, y) coordinates and
//! `Setup` columns, with no bitboards, used to check the generator on
//! random positions: the positions its moves reach, and its routes.

use super::super::{Position, Promotion, Rules};
use crate::rules::{Color, Game, Piece, Setup};
use std::collections::BTreeSet;

/// One capture route or quiet move: from, to, jumped squares in order.
pub type Route = (u8, u8, Vec<u8>);

/// What the rules allow from a position: every route, and every position
/// reached (written as text to compare).
pub struct Expected {
    pub routes: BTreeSet<Route>,
    pub positions: BTreeSet<String>,
}

/// A position as comparable text.
pub fn key(setup: &Setup) -> String {
    format!("{:?} {:?}", setup.side, setup.squares)
}

struct Board<'a> {
    squares: Vec<Vec<Piece>>,
    /// Square number on (x, y), 0 off the board.
    at: &'a dyn Fn(i32, i32) -> u8,
    xy: &'a dyn Fn(u8) -> (i32, i32),
}

struct Search<'a, R: Rules> {
    board: Board<'a>,
    side: Color,
    from: u8,
    column: Vec<Piece>,
    jumped: Vec<u8>,
    prisoners: Vec<Piece>,
    found: Vec<(Route, Setup, usize)>,
    rules: std::marker::PhantomData<R>,
}

impl<R: Rules> Search<'_, R> {
    fn far_row(&self, sq: u8) -> bool {
        let (_, y) = (self.board.xy)(sq);
        match self.side {
            Color::White => y == R::GEO.ranks as i32 - 1,
            Color::Black => y == 0,
        }
    }

    fn finish(&mut self, to: u8, promote: bool) {
        let mut squares = self.board.squares.clone();
        let mut column = self.column.clone();
        column.extend(self.prisoners.iter().copied());
        if promote {
            column[0].king = true;
        }
        squares[to as usize - 1] = column;
        let setup = Setup {
            side: self.side.flip(),
            squares,
            ..Setup::empty(0)
        };
        let route = (self.from, to, self.jumped.clone());
        self.found.push((route, setup, self.jumped.len()));
    }

    fn dirs(&self, officer: bool) -> Vec<(i32, i32)> {
        let up = if self.side == Color::White { 1 } else { -1 };
        let mut dirs = vec![(-1, up), (1, up)];
        if officer || R::SOLDIERS_CAPTURE_BACKWARD {
            dirs.extend([(-1, -up), (1, -up)]);
        }
        dirs
    }

    fn empty(&self, sq: u8) -> bool {
        sq != 0 && self.board.squares[sq as usize - 1].is_empty()
    }

    fn chain(&mut self, at: u8, came: Option<(i32, i32)>, touched: bool) {
        let officer = self.column[0].king;
        let mut any = false;
        for (dx, dy) in self.dirs(officer) {
            if officer && came == Some((-dx, -dy)) {
                continue;
            }
            let (mut x, mut y) = (self.board.xy)(at);
            x += dx;
            y += dy;
            if officer && R::FLYING_OFFICERS {
                while self.empty((self.board.at)(x, y)) {
                    x += dx;
                    y += dy;
                }
            }
            let mid = (self.board.at)(x, y);
            let enemy = mid != 0
                && self.board.squares[mid as usize - 1]
                    .first()
                    .is_some_and(|p| p.color != self.side);
            if !enemy || self.jumped.contains(&mid) {
                continue;
            }
            let prisoner = self.board.squares[mid as usize - 1].remove(0);
            self.jumped.push(mid);
            self.prisoners.push(prisoner);
            let mut lands = Vec::new();
            let (mut lx, mut ly) = (x + dx, y + dy);
            while self.empty((self.board.at)(lx, ly)) {
                lands.push((self.board.at)(lx, ly));
                if !(officer && R::FLYING_OFFICERS) {
                    break;
                }
                lx += dx;
                ly += dy;
            }
            for land in lands {
                any = true;
                let crowned = !officer && self.far_row(land);
                if crowned && R::PROMOTION == Promotion::StopsMove {
                    self.finish(land, true);
                } else {
                    self.chain(land, Some((dx, dy)), touched || crowned);
                }
            }
            self.prisoners.pop();
            self.jumped.pop();
            self.board.squares[mid as usize - 1].insert(0, prisoner);
        }
        if !any && !self.jumped.is_empty() {
            self.finish(at, touched);
        }
    }
}

/// Everything the rules allow in `pos`.
pub fn expected<R: Rules>(pos: &Position<R>) -> Expected {
    let g = R::GEO;
    let setup = pos.to_setup();
    let at = |x: i32, y: i32| -> u8 {
        (1..=g.squares)
            .find(|&n| {
                let (sx, sy) = g.bit_xy[g.square_bit[n as usize - 1] as usize];
                (sx as i32, sy as i32) == (x, y)
            })
            .unwrap_or(0)
    };
    let xy = |n: u8| {
        let (x, y) = g.bit_xy[g.square_bit[n as usize - 1] as usize];
        (x as i32, y as i32)
    };
    let mut search = Search::<R> {
        board: Board {
            squares: setup.squares.clone(),
            at: &at,
            xy: &xy,
        },
        side: setup.side,
        from: 0,
        column: Vec::new(),
        jumped: Vec::new(),
        prisoners: Vec::new(),
        found: Vec::new(),
        rules: std::marker::PhantomData,
    };
    for from in 1..=g.squares {
        let column = setup.squares[from as usize - 1].clone();
        if column.first().is_none_or(|p| p.color != setup.side) {
            continue;
        }
        search.from = from;
        search.column = column;
        search.board.squares[from as usize - 1].clear();
        search.chain(from, None, false);
        search.board.squares[from as usize - 1] = search.column.clone();
    }
    let most = search.found.iter().map(|f| f.2).max().unwrap_or(0);
    let mut found: Vec<(Route, Setup)> = std::mem::take(&mut search.found)
        .into_iter()
        .filter(|f| !R::MAJORITY || f.2 == most)
        .map(|(r, s, _)| (r, s))
        .collect();
    if found.is_empty() {
        // quiet moves: one step onto an empty square, forward for soldiers;
        // any distance over empty squares for flying officers
        for from in 1..=g.squares {
            let column = &setup.squares[from as usize - 1];
            if column.first().is_none_or(|p| p.color != setup.side) {
                continue;
            }
            let officer = column[0].king;
            let up = if setup.side == Color::White { 1 } else { -1 };
            let mut dirs = vec![(-1, up), (1, up)];
            if officer {
                dirs.extend([(-1, -up), (1, -up)]);
            }
            for (dx, dy) in dirs {
                let (mut x, mut y) = xy(from);
                loop {
                    x += dx;
                    y += dy;
                    let to = at(x, y);
                    if !search.empty(to) {
                        break;
                    }
                    let mut after = setup.clone();
                    after.squares[from as usize - 1].clear();
                    let mut column = column.clone();
                    column[0].king |= search.far_row(to);
                    after.squares[to as usize - 1] = column;
                    after.side = setup.side.flip();
                    found.push(((from, to, Vec::new()), after));
                    if !(officer && R::FLYING_OFFICERS) {
                        break;
                    }
                }
            }
        }
    }
    Expected {
        routes: found.iter().map(|(r, _)| r.clone()).collect(),
        positions: found.iter().map(|(_, s)| key(s)).collect(),
    }
}
