//! The bitboard shortcuts agree with the move generator in positions from
//! random play in every variant, and the evaluation is symmetric enough
//! to score the start positions near zero.

use super::Evaluate;
use crate::rules::MoveList;
use crate::variant::Variant;
use crate::with_variant;

fn check<G: Evaluate>(seed: u64) {
    let mut rng = seed | 1;
    for _ in 0..40 {
        let mut pos = G::start();
        assert!(pos.evaluate().abs() < 50, "{pos:?}");
        for _ in 0..200 {
            let mut moves = MoveList::new();
            pos.generate(&mut moves);
            let capture = moves.first().is_some_and(G::is_capture);
            assert_eq!(pos.must_capture(), capture, "{pos:?}");
            if !capture {
                assert_eq!(pos.can_step(), !moves.is_empty(), "{pos:?}");
            }
            if moves.is_empty() {
                break;
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            pos = pos.play(&moves[(rng % moves.len() as u64) as usize]);
        }
    }
}

#[test]
fn shortcuts_agree_with_the_generator_in_every_variant() {
    for (i, v) in Variant::ALL.into_iter().enumerate() {
        with_variant!(v, G => check::<G>(0x5eed + i as u64));
    }
}
