//! Damath as a whole: perft from the start against brazilian's numbers,
//! and random playouts checking the incremental hash and the move lists.
//! The hand-worked perft positions are in `tests/perft/damath.perft`.

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
