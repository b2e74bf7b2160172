//! The evaluation is symmetric enough to score the start positions near
//! zero in every variant; a lead against a flying king is scaled down as
//! `removal::drawish` says.

use super::Evaluate;
use crate::variant::Variant;
use crate::with_variant;

fn start_score<G: Evaluate>() -> i32 {
    G::start().evaluate()
}

#[test]
fn start_positions_score_near_zero_in_every_variant() {
    for v in Variant::ALL {
        let score = with_variant!(v, G => start_score::<G>());
        assert!(score.abs() < 50, "{v}: {score}");
    }
}

/// The bitboard of the 10x10 board holding `squares`.
fn bits(squares: &[u32]) -> u64 {
    use crate::board::TEN;
    squares
        .iter()
        .fold(0u64, |b, &s| b | 1 << TEN.bit_of(s).unwrap())
}

#[test]
fn an_outpost_is_a_square_held_from_both_squares_behind() {
    use super::removal::outposts;
    use crate::rules::Color;
    // White on 29 and 30 holds 24 (the squares behind 24 are 29 and 30)
    assert_eq!(
        outposts(&crate::board::TEN, Color::White, bits(&[29, 30])),
        bits(&[24])
    );
    // one supporter is not enough
    assert_eq!(
        outposts(&crate::board::TEN, Color::White, bits(&[29, 35])),
        0
    );
    // Black on 21 and 22 holds 27 from behind (Black moves down)
    assert_eq!(
        outposts(&crate::board::TEN, Color::Black, bits(&[21, 22])),
        bits(&[27])
    );
}

#[test]
fn a_lead_against_a_flying_king_is_scaled_down() {
    use super::removal::drawish;
    // three white kings against a black king: an eighth
    let (w, b) = (bits(&[1, 2, 3]), bits(&[28]));
    assert_eq!(drawish(640, [w, b], w | b), 80);
    // the same lead against a man only: untouched
    assert_eq!(drawish(640, [w, b], w), 640);
    // a man up with one king each: half, for either side ahead
    let (w, b) = (bits(&[1, 31, 32, 33, 34]), bits(&[50, 16, 17, 18]));
    let kings = bits(&[1, 50]);
    assert_eq!(drawish(100, [w, b], kings), 50);
    assert_eq!(drawish(-100, [b, w], kings), -50);
    // two men up: untouched
    let b = bits(&[50, 16, 17]);
    assert_eq!(drawish(200, [w, b], kings), 200);
}
