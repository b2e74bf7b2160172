//! Square sets the evaluation needs, computed at compile time from a
//! board's geometry: ranks, the centre, the wings and each square's
//! forward cone.

use crate::board::{Bitboard, Geometry};

/// The square sets of one board.
pub struct Masks {
    /// `rank[y]`: the squares of rank `y`, counted from White's side.
    pub rank: [Bitboard; 10],
    /// The central squares.
    pub centre: Bitboard,
    /// The left and right halves of the board.
    pub wings: [Bitboard; 2],
    /// `cone[c][b]`: the squares a man of colour `c` on bit `b` passes on
    /// its way to the crown (White up, Black down), within one diagonal
    /// step of its path.
    pub cone: [[Bitboard; 64]; 2],
}

impl Masks {
    /// The masks of `geo`.
    pub const fn of(geo: &Geometry) -> Masks {
        let mut m = Masks {
            rank: [0; 10],
            centre: 0,
            wings: [0; 2],
            cone: [[0; 64]; 2],
        };
        let (files, ranks) = (geo.files as i32, geo.ranks as i32);
        let mut b = 0;
        while b < 64 {
            if geo.mask >> b & 1 != 0 {
                let (x, y) = geo.bit_xy[b];
                let (x, y) = (x as i32, y as i32);
                m.rank[y as usize] |= 1 << b;
                if 2 * x + 1 >= files / 2
                    && 2 * x < files + files / 2
                    && 2 * y + 1 >= ranks / 2
                    && 2 * y < ranks + ranks / 2
                {
                    m.centre |= 1 << b;
                }
                if 2 * x + 1 < files {
                    m.wings[0] |= 1 << b;
                } else {
                    m.wings[1] |= 1 << b;
                }
                let mut t = 0;
                while t < 64 {
                    if geo.mask >> t & 1 != 0 {
                        let (tx, ty) = geo.bit_xy[t];
                        let (tx, ty) = (tx as i32, ty as i32);
                        let dx = (tx - x).abs();
                        if ty > y && dx <= ty - y {
                            m.cone[0][b] |= 1 << t;
                        }
                        if ty < y && dx <= y - ty {
                            m.cone[1][b] |= 1 << t;
                        }
                    }
                    t += 1;
                }
            }
            b += 1;
        }
        m
    }
}
