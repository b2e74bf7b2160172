//! Damath as a whole: perft from the start against brazilian's numbers,
//! the positions of `tests/perft/damath.perft` built from `Setup` (kept
//! in step with that file by hand until FEN can read them), and random
//! playouts checking the incremental hash and the move lists.

use super::tests::{B, BD, BLUE, R, RD, RED, position};
use super::*;
use crate::perft::{Counting, perft};

#[test]
fn perft_from_the_start_equals_brazilian_for_seven_plies() {
    // perft.md: brazilian's unique (and route) counts, plies 1..=7
    let brazilian = [7, 49, 302, 1469, 7473, 37628, 187302];
    let start = Damath::start();
    for (depth, &want) in (1..).zip(&brazilian) {
        assert_eq!(
            perft(&start, depth, Counting::Unique),
            want,
            "depth {depth}"
        );
        assert_eq!(
            perft(&start, depth, Counting::Duplicates),
            want,
            "depth {depth}"
        );
    }
}

/// (depth, unique moves, routes).
type Count = (u32, u64, u64);

#[test]
fn perft_suite_positions() {
    let loop_chips = [
        (R, 2, 26),
        (BD, 9, 1),
        (B, 3, 13),
        (B, 1, 14),
        (B, 7, 21),
        (B, 5, 22),
    ];
    let loop_ones = loop_chips.map(|(kind, n, sq)| (kind, if kind == B { 1 } else { n }, sq));
    let mut divides = position(BLUE, &[(R, 8, 18), (B, 1, 14)]).to_setup();
    divides.score = [1250, -300];
    let suite: [(&str, Damath, &[Count]); 12] = [
        ("start", Damath::start(), &[(8, 907836, 907836)]),
        (
            "start-integers",
            Damath::start_with(ChipSet::Integers),
            &[(8, 907836, 907836)],
        ),
        (
            "start-counting",
            Damath::start_with(ChipSet::Counting),
            &[(8, 907836, 907836)],
        ),
        (
            "eat-more-first",
            position(
                RED,
                &[(R, 1, 25), (R, 10, 27), (B, 1, 14), (B, 0, 21), (B, 9, 23)],
            ),
            &[(1, 1, 1), (2, 1, 1), (3, 2, 2), (4, 14, 14)],
        ),
        (
            "dama-eat-first",
            position(RED, &[(R, 11, 27), (RD, 2, 29), (B, 5, 19), (B, 3, 23)]),
            &[(1, 3, 3), (2, 3, 3), (3, 27, 27), (4, 167, 167)],
        ),
        (
            "dama-no-reverse",
            position(RED, &[(RD, 5, 15), (B, 3, 12), (B, 7, 19)]),
            &[(1, 4, 4)],
        ),
        (
            "far-row-pass",
            position(RED, &[(R, 4, 10), (B, 6, 6), (B, 7, 7), (BD, 1, 32)]),
            &[(1, 1, 1), (2, 7, 7), (3, 14, 14)],
        ),
        (
            "loop-two-scores",
            position(RED, &loop_chips),
            &[(1, 2, 2), (2, 14, 14), (3, 28, 28)],
        ),
        (
            "loop-one-score",
            position(RED, &loop_ones),
            &[(1, 1, 2), (2, 7, 14), (3, 14, 28)],
        ),
        (
            "dama-touch-down",
            position(RED, &[(RD, 3, 29), (B, 2, 26), (B, 4, 12)]),
            &[(1, 3, 3)],
        ),
        (
            "dama-touch-down-equal",
            position(RED, &[(RD, 0, 29), (B, 0, 26), (B, 4, 12)]),
            &[(1, 1, 1)],
        ),
        (
            "blue-divides",
            Damath::from_setup(&divides).unwrap(),
            &[(1, 1, 1), (2, 0, 0)],
        ),
    ];
    for (id, pos, counts) in suite {
        for &(depth, unique, routes) in counts {
            assert_eq!(perft(&pos, depth, Counting::Unique), unique, "{id} {depth}");
            assert_eq!(
                perft(&pos, depth, Counting::Duplicates),
                routes,
                "{id} {depth}"
            );
        }
    }
}

/// A small deterministic random number generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

#[test]
fn incremental_hash_matches_over_random_playouts() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut seen_captures = 0;
    for game in 0..200 {
        let set = [ChipSet::Whole, ChipSet::Counting, ChipSet::Integers][game % 3];
        let mut pos = Damath::start_with(set);
        for _ in 0..150 {
            assert_eq!(pos.hash(), pos.compute_hash(), "{pos:?}");
            let back = Damath::from_setup(&pos.to_setup()).unwrap();
            assert_eq!(back.hash(), pos.hash());
            let mut list = MoveList::new();
            pos.generate_routes(&mut list);
            if list.is_empty() {
                break;
            }
            let mv = list[rng.below(list.len())];
            seen_captures += Damath::is_capture(&mv) as u32;
            pos = pos.play(&mv);
        }
    }
    assert!(seen_captures > 1000);
}

#[test]
fn moves_are_listed_once_and_routes_cover_them() {
    let mut rng = Rng(12345);
    for _ in 0..100 {
        let mut pos = Damath::start();
        for _ in 0..120 {
            let mut moves = MoveList::new();
            let mut routes = MoveList::new();
            pos.generate(&mut moves);
            pos.generate_routes(&mut routes);
            for (i, m) in moves.iter().enumerate() {
                assert!(!moves[..i].contains(m), "{m:?} twice in {pos:?}");
                assert!(routes.contains(m));
            }
            assert!(routes.iter().all(|r| moves.contains(r)));
            assert_eq!(pos.count_moves(), moves.len() as u64);
            assert_eq!(pos.count_routes(), routes.len() as u64);
            let infos = pos.routes();
            assert!(moves.iter().all(|m| infos.iter().any(|(r, _)| r == m)));
            if moves.is_empty() {
                break;
            }
            pos = pos.play(&moves[rng.below(moves.len())]);
        }
    }
}
