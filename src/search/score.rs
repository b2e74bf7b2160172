//! Score conventions: hundredths of a man, wins and losses as `MATE`
//! minus the distance in plies (so the fastest win scores highest), and
//! the conversions a table entry needs to keep mate distances relative.

/// Larger than any score.
pub const INFINITE: i32 = 32_000;
/// The score of a win at the root; a win in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this are wins or losses.
pub const MATE_BOUND: i32 = MATE - 1_000;

/// The score of losing at `ply`.
#[inline(always)]
pub const fn lost_at(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// A score as stored in the table: mates relative to the node.
#[inline(always)]
pub const fn to_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score read back at `ply`.
#[inline(always)]
pub const fn from_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Plies to the end of the game when `score` is a win or a loss (negative
/// for a loss).
pub fn mate_plies(score: i32) -> Option<i32> {
    if score > MATE_BOUND {
        Some(MATE - score)
    } else if score < -MATE_BOUND {
        Some(-(MATE + score))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_round_trip_keeps_mate_distance() {
        let s = MATE - 7;
        assert_eq!(from_table(to_table(s, 3), 3), s);
        assert_eq!(from_table(to_table(-s, 5), 5), -s);
        assert_eq!(to_table(42, 9), 42);
        assert_eq!(mate_plies(MATE - 7), Some(7));
        assert_eq!(mate_plies(lost_at(4)), Some(-4));
        assert_eq!(mate_plies(100), None);
    }
}
