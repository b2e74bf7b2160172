//! The bitboard feature extraction agrees with a slow reference read square
//! by square from coordinates, on random positions of every plain variant;
//! the evaluation (hand-set plus learned) is exactly antisymmetric under
//! the half turn with colours swapped; weights files round-trip and bad
//! ones are named.

use super::*;
use crate::board::Geometry;
use crate::rules::Game;
use crate::rules::removal::{
    Brazilian, Dama, DamaInternational, English, International, Position, Russian,
};
use crate::variant::Variant;

/// A xorshift generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// A random position: each square empty, a man or a king of either side.
fn random_position(geo: &Geometry, rng: &mut Rng) -> ([Bitboard; 2], Bitboard, Color) {
    let density = rng.next() % 8 + 1;
    let (mut pieces, mut kings) = ([0u64; 2], 0u64);
    for n in 0..geo.squares as usize {
        let r = rng.next();
        if r % 10 >= density {
            continue;
        }
        let bit = 1u64 << geo.square_bit[n];
        pieces[(r >> 8 & 1) as usize] |= bit;
        if r >> 9 & 7 == 0 {
            kings |= bit;
        }
    }
    let side = if rng.next() & 1 == 0 {
        Color::White
    } else {
        Color::Black
    };
    (pieces, kings, side)
}

/// What stands on (x, y) seen from `view`'s side, its men moving up:
/// 0 empty, 1 own man, 2 enemy man, 3 own king, 4 enemy king, or `None`
/// off the dark squares.
fn square(
    geo: &Geometry,
    pos: &([Bitboard; 2], Bitboard),
    view: usize,
    x: i32,
    y: i32,
) -> Option<u8> {
    let (files, ranks) = (geo.files as i32, geo.ranks as i32);
    if !(0..files).contains(&x) || !(0..ranks).contains(&y) {
        return None;
    }
    let (x, y) = if view == 0 {
        (x, y)
    } else {
        (files - 1 - x, ranks - 1 - y)
    };
    let bit = (0..64).find(|&b| geo.mask >> b & 1 != 0 && geo.bit_xy[b] == (x as u8, y as u8))?;
    let (pieces, kings) = pos;
    let king = kings >> bit & 1 != 0;
    Some(if pieces[view] >> bit & 1 != 0 {
        if king { 3 } else { 1 }
    } else if pieces[view ^ 1] >> bit & 1 != 0 {
        if king { 4 } else { 2 }
    } else {
        0
    })
}

/// Region indices and scalar features of `view`'s side, square by square.
fn reference_side(
    geo: &Geometry,
    pos: &([Bitboard; 2], Bitboard),
    view: usize,
) -> (Vec<u16>, [i32; SCALARS]) {
    let (files, ranks) = (geo.files as i32, geo.ranks as i32);
    let at = |x, y| square(geo, pos, view, x, y);
    let mut regions = Vec::new();
    for y0 in (0..=ranks - 4).step_by(2) {
        for x0 in (0..=files - 4).step_by(2) {
            let mut digits = Vec::new();
            for y in (y0..y0 + 4).rev() {
                for x in x0..x0 + 4 {
                    if let Some(s) = at(x, y) {
                        digits.push(if s > 2 { 0 } else { s as u16 });
                    }
                }
            }
            assert_eq!(digits.len(), REGION_SQUARES);
            regions.push(digits.iter().rev().fold(0, |i, d| i * 3 + d));
        }
    }
    let mut s = [0; SCALARS];
    let (mut left, mut right) = (0i32, 0i32);
    for y in 0..ranks {
        for x in 0..files {
            match at(x, y) {
                Some(1) => {
                    s[MAN] += 1;
                    s[2] += y;
                    if x < files / 2 {
                        left += 1;
                    } else {
                        right += 1;
                    }
                    s[4] += [-1, 1]
                        .iter()
                        .filter(|&&dx| at(x + dx, y + 1) == Some(0))
                        .count() as i32;
                    let free = (y + 1..ranks).all(|ty| {
                        (x - (ty - y)..=x + (ty - y)).all(|tx| matches!(at(tx, ty), None | Some(0)))
                    });
                    if y >= ranks / 2 && free {
                        s[5] += 1;
                    }
                }
                Some(3) => {
                    s[KING] += 1;
                    for (dx, dy) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
                        s[4] += (at(x + dx, y + dy) == Some(0)) as i32;
                    }
                }
                _ => {}
            }
        }
    }
    s[3] = (left - right).abs();
    (regions, s)
}

fn check_features<R: Rules>(_: Position<R>, seed: u64) {
    let geo = R::GEO;
    let mut rng = Rng(seed);
    for _ in 0..300 {
        let (pieces, kings, side) = random_position(geo, &mut rng);
        let f = extract::<R>(pieces, kings, side);
        let (w_regions, w) = reference_side(geo, &(pieces, kings), 0);
        let (b_regions, b) = reference_side(geo, &(pieces, kings), 1);
        let n = layout::<R>().regions;
        assert_eq!(&f.patterns[0][..n], &w_regions[..], "{:?}", (pieces, kings));
        assert_eq!(&f.patterns[1][..n], &b_regions[..], "{:?}", (pieces, kings));
        let mut scalars = [0; SCALARS];
        for i in 0..SCALARS {
            scalars[i] = w[i] - b[i];
        }
        scalars[TURN] = if side == Color::White { 1 } else { -1 };
        assert_eq!(f.scalars, scalars, "{:?}", (pieces, kings));
        let count = (pieces[0] | pieces[1]).count_ones() as i32;
        assert_eq!(f.phase, count.min(2 * R::MEN as i32));
    }
}

#[test]
fn bitboard_features_agree_with_a_square_by_square_reference() {
    check_features(International::start(), 1);
    check_features(English::start(), 2);
    check_features(Brazilian::start(), 3);
    check_features(Russian::start(), 4);
    check_features(Dama::start(), 5);
    check_features(DamaInternational::start(), 6);
}

/// Weights drawn at random, to test the evaluation's shape, not its play.
fn random_weights(variant: Variant, rng: &mut Rng) -> PatternWeights {
    let mut w = PatternWeights::zero(variant).expect("a plain variant");
    for pair in w.weights.iter_mut() {
        *pair = [
            (rng.next() % 2001) as i16 - 1000,
            (rng.next() % 2001) as i16 - 1000,
        ];
    }
    w
}

fn check_symmetry<R: Rules>(_: Position<R>, seed: u64) {
    let mut rng = Rng(seed);
    let l = layout::<R>();
    let w = random_weights(R::VARIANT, &mut rng);
    for _ in 0..300 {
        let (pieces, kings, side) = random_position(R::GEO, &mut rng);
        let mirrored = [l.turn(pieces[1]), l.turn(pieces[0])];
        let own = white_score::<R>(&w, pieces, kings, side);
        let other = white_score::<R>(&w, mirrored, l.turn(kings), side.flip());
        assert_eq!(own, -other, "{:?}", (pieces, kings, side));
    }
}

#[test]
fn the_half_turn_with_colours_swapped_negates_the_score() {
    check_symmetry(International::start(), 7);
    check_symmetry(English::start(), 8);
    check_symmetry(Russian::start(), 9);
    check_symmetry(Brazilian::start(), 10);
}

#[test]
fn a_weights_file_round_trips_and_a_bad_one_is_named() {
    let w = random_weights(Variant::English, &mut Rng(11));
    let bytes = w.to_bytes();
    assert_eq!(PatternWeights::from_bytes(&bytes, "w.bin").unwrap(), w);
    let err = |b: &[u8]| {
        PatternWeights::from_bytes(b, "w.bin")
            .unwrap_err()
            .to_string()
    };
    assert!(err(&bytes[..bytes.len() - 1]).starts_with("w.bin: "));
    assert!(err(b"hello").contains("not a dam weights file"));
    let mut wrong = bytes.clone();
    wrong[12] = 0;
    assert!(err(&wrong).contains("bytes 13-15"), "{}", err(&wrong));
    wrong[12] = 8;
    assert!(err(&wrong).contains("lasca has no pattern evaluation"));
    wrong[12] = 10;
    assert!(err(&wrong).contains("no variant has the code 10"));
}

#[test]
fn a_flipped_bit_anywhere_in_a_weights_file_is_caught() {
    let bytes = random_weights(Variant::English, &mut Rng(12)).to_bytes();
    assert_eq!(bytes[12], 1, "english's file code, whatever the enum order");
    for at in [20, 21, bytes.len() / 2, bytes.len() - 5, bytes.len() - 1] {
        for bit in [0, 7] {
            let mut flipped = bytes.clone();
            flipped[at] ^= 1 << bit;
            let err = PatternWeights::from_bytes(&flipped, "w.bin").unwrap_err();
            assert!(err.to_string().contains("damaged"), "byte {at}: {err}");
        }
    }
}

#[test]
fn the_shipped_weights_read() {
    for v in Variant::ALL {
        install(v, None);
        if let Some(w) = active(v) {
            assert_eq!(w.variant, v);
        }
    }
}
