//! Score conventions: hundredths of a man, wins and losses as `MATE`
//! minus the distance in plies (so the fastest win scores highest), and
//! the conversions a table entry needs to keep mate distances relative.
//! A win the endgame databases prove scores between `egtb::TB_BOUND` and
//! `egtb::TB_WIN`: a win, its distance to the game's end unknown.

use crate::egtb::TB_BOUND;

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

/// What a score says: an evaluation in hundredths of a man, or a win or a
/// loss for the side it belongs to, with the plies to the game's end where
/// the search found that end (`None`: the endgame databases prove it and
/// do not know the distance).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    Eval(i32),
    Win(Option<i32>),
    Loss(Option<i32>),
}

/// What `score` says.
pub fn standing(score: i32) -> Standing {
    match mate_plies(score) {
        Some(p) if p >= 0 => Standing::Win(Some(p)),
        Some(p) => Standing::Loss(Some(-p)),
        None if score >= TB_BOUND => Standing::Win(None),
        None if score <= -TB_BOUND => Standing::Loss(None),
        None => Standing::Eval(score),
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

    #[test]
    fn database_scores_are_wins_without_a_distance() {
        use crate::egtb::{Wdl, search_score};
        assert_eq!(standing(MATE - 7), Standing::Win(Some(7)));
        assert_eq!(standing(lost_at(4)), Standing::Loss(Some(4)));
        for ply in [0, 1, 127] {
            assert_eq!(standing(search_score(Wdl::Win, ply)), Standing::Win(None));
            assert_eq!(standing(search_score(Wdl::Loss, ply)), Standing::Loss(None));
        }
        assert_eq!(standing(search_score(Wdl::Draw, 3)), Standing::Eval(0));
        assert_eq!(standing(-250), Standing::Eval(-250));
    }
}
