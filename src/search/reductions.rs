//! Late move reductions: how many plies less a quiet move is searched for
//! when it comes late in a node's move order. Scan 2.0's rule (a quiet
//! move after a non-PV node's first, a PV node's third, one ply; a non-PV
//! node's from its seventh, two), from depth 2, and at a non-PV node at
//! least `ln(depth) * ln(n) / 1.6` rounded, which grows with the depth and
//! the move's place (Stockfish's shape): three plies for the eleventh move
//! at depth 6, four at depth 14.

use std::sync::LazyLock;

/// The log-shaped part, by remaining depth and move index (both capped).
static LOG_SHAPED: LazyLock<[[u8; 64]; 64]> = LazyLock::new(|| {
    let mut t = [[0u8; 64]; 64];
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (n, r) in row.iter_mut().enumerate().skip(1) {
            *r = (0.5 + (d as f64).ln() * (n as f64).ln() / 1.6) as u8;
        }
    }
    t
});

/// The reduction of the quiet move at index `n` (0: the first searched)
/// of a node `depth` plies from the horizon; 0 where it is not reduced.
#[inline(always)]
pub fn late_reduction(depth: i32, n: usize, pv_node: bool) -> i32 {
    if depth < 2 || n < if pv_node { 3 } else { 1 } {
        return 0;
    }
    if pv_node {
        return 1;
    }
    let rule = 1 + (n >= 6) as i32;
    let shaped = LOG_SHAPED[depth.min(63) as usize][n.min(63)] as i32;
    rule.max(shaped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scan_rule_below_the_log_shape() {
        assert_eq!(late_reduction(1, 10, false), 0, "no reduction at depth 1");
        assert_eq!(
            late_reduction(2, 0, false),
            0,
            "the first move is never reduced"
        );
        assert_eq!(late_reduction(2, 1, false), 1);
        assert_eq!(late_reduction(2, 6, false), 2);
        assert_eq!(
            late_reduction(9, 2, true),
            0,
            "a PV node's first three are not"
        );
        assert_eq!(
            late_reduction(9, 30, true),
            1,
            "a PV node's later ones one ply"
        );
        assert_eq!(late_reduction(6, 10, false), 3);
        assert_eq!(late_reduction(14, 10, false), 4);
    }

    #[test]
    fn grows_with_depth_and_move_index() {
        for d in 1..80 {
            for n in 0..80 {
                for pv in [false, true] {
                    let r = late_reduction(d, n, pv);
                    assert!(r <= late_reduction(d + 1, n, pv), "depth {d} move {n}");
                    assert!(r <= late_reduction(d, n + 1, pv), "depth {d} move {n}");
                    assert!(!pv || r <= 1);
                }
            }
        }
    }
}
