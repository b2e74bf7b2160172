//! Whether the side not to move could capture if it were its turn: the
//! quiescence search looks one ply further when it could. Read from
//! bitboards, for both families (men jumping in their directions, kings
//! one step or flying).

use crate::board::{Bitboard, Dir, Geometry};

/// The attacker's pieces and what they may do.
pub struct Attackers {
    pub men: Bitboard,
    pub kings: Bitboard,
    /// The attacker's men move up the board (White).
    pub up: bool,
    pub men_backward: bool,
    pub flying: bool,
}

/// Whether `a` can capture one of `targets`, `empty` being the empty
/// squares.
#[inline]
pub fn can_capture(geo: &Geometry, a: &Attackers, targets: Bitboard, empty: Bitboard) -> bool {
    let jump = |from: Bitboard, d: Dir| geo.shift(geo.shift(from, d) & targets, d) & empty != 0;
    for d in Dir::ALL {
        let men_may = a.men_backward || d.is_up() == a.up;
        if men_may && jump(a.men, d) {
            return true;
        }
        if a.kings == 0 {
            continue;
        }
        let reach = if a.flying {
            let mut ray = a.kings;
            let mut seen = 0;
            loop {
                ray = geo.shift(ray, d);
                seen |= ray;
                ray &= empty;
                if ray == 0 {
                    break;
                }
            }
            seen & targets
        } else {
            geo.shift(a.kings, d) & targets
        };
        if geo.shift(reach, d) & empty != 0 {
            return true;
        }
    }
    false
}
