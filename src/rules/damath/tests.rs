//! Damath rules on hand-built positions. Squares are Damath's numbers
//! (notation.md); their (x, y) and operators, rows from the top:
//!
//! ```text
//! y=7   1 (0,7) ×   2 (2,7) ÷   3 (4,7) −   4 (6,7) +
//! y=6   5 (1,6) ÷   6 (3,6) ×   7 (5,6) +   8 (7,6) −
//! y=5   9 (0,5) −  10 (2,5) +  11 (4,5) ×  12 (6,5) ÷
//! y=4  13 (1,4) +  14 (3,4) −  15 (5,4) ÷  16 (7,4) ×
//! y=3  17 (0,3) ×  18 (2,3) ÷  19 (4,3) −  20 (6,3) +
//! y=2  21 (1,2) ÷  22 (3,2) ×  23 (5,2) +  24 (7,2) −
//! y=1  25 (0,1) −  26 (2,1) +  27 (4,1) ×  28 (6,1) ÷
//! y=0  29 (1,0) +  30 (3,0) −  31 (5,0) ÷  32 (7,0) ×
//! ```
//!
//! Scores are in hundredths.

use super::*;
use crate::rules::Piece;

/// Red and Blue chips and Damas, as (colour, Dama).
const R: (Color, bool) = (Color::White, false);
const RD: (Color, bool) = (Color::White, true);
const B: (Color, bool) = (Color::Black, false);
const BD: (Color, bool) = (Color::Black, true);
const RED: Color = Color::White;
const BLUE: Color = Color::Black;

/// A position from (kind, number, square) chips.
fn position(side: Color, chips: &[((Color, bool), i32, usize)]) -> Damath {
    let mut setup = Setup::empty(32);
    setup.side = side;
    for &((color, king), number, square) in chips {
        setup.squares[square - 1] = vec![Piece { color, king }];
        setup.numbers[square - 1] = Some(number);
    }
    Damath::from_setup(&setup).unwrap()
}

/// The legal moves as (from, to, score), squares numbered, sorted.
fn listed(pos: &Damath) -> Vec<(u8, u8, i64)> {
    let mut list = MoveList::new();
    pos.generate(&mut list);
    let sq = |bit| DAMATH.square_of(bit);
    let mut out: Vec<_> = list
        .iter()
        .map(|m| (sq(m.from), sq(m.to), m.score))
        .collect();
    out.sort_unstable();
    out
}

/// The one legal move from `from` to `to` with `score`.
fn find(pos: &Damath, from: u8, to: u8, score: i64) -> Move {
    let mut list = MoveList::new();
    pos.generate(&mut list);
    let found: Vec<Move> = list
        .into_iter()
        .filter(|m| {
            DAMATH.square_of(m.from) == from && DAMATH.square_of(m.to) == to && m.score == score
        })
        .collect();
    assert_eq!(found.len(), 1, "{from}-{to} scoring {score} in {pos:?}");
    found[0]
}

#[test]
fn division_rounds_to_hundredths_half_away_from_zero() {
    // 25 jumps 21 and lands on 18 (÷): 7 ÷ 3 = 2.333… → 2.33
    let pos = position(RED, &[(R, 7, 25), (B, 3, 21)]);
    assert_eq!(listed(&pos), [(25, 18, 233)]);
    assert_eq!(pos.play(&find(&pos, 25, 18, 233)).scores(), [233, 0]);
    // the same with −7: −2.333… → −2.33
    let pos = position(RED, &[(R, -7, 25), (B, 3, 21)]);
    assert_eq!(listed(&pos), [(25, 18, -233)]);
    // Blue 14 jumps 18 and lands on 21 (÷): 1 ÷ 8 = 0.125 → 0.13 (half a
    // hundredth goes away from zero), for Blue
    let pos = position(BLUE, &[(R, 8, 18), (B, 1, 14)]);
    assert_eq!(listed(&pos), [(14, 21, 13)]);
    assert_eq!(pos.play(&find(&pos, 14, 21, 13)).scores(), [0, 13]);
    // −1 ÷ 8 = −0.125 → −0.13
    let pos = position(BLUE, &[(R, 8, 18), (B, -1, 14)]);
    assert_eq!(listed(&pos), [(14, 21, -13)]);
}

#[test]
fn division_by_zero_scores_nothing() {
    // 25x18 lands on ÷: 9 ÷ 0 scores 0, and the capture still stands
    let pos = position(RED, &[(R, 9, 25), (B, 0, 21), (B, 5, 1)]);
    assert_eq!(listed(&pos), [(25, 18, 0)]);
    let next = pos.play(&find(&pos, 25, 18, 0));
    assert_eq!(next.scores(), [0, 0]);
    assert_eq!(next.to_setup().numbers[20], None);
}

#[test]
fn a_dama_doubles_and_two_damas_quadruple() {
    // Red Dama 7 on 29 flies over the empty 26, jumps Blue 3 on 22 and may
    // land on 19 (−), 15 (÷), 12 (÷) or 8 (−): 7 − 3 = 4 → ×2 = 8.00;
    // 7 ÷ 3 = 2.33 first, then ×2 = 4.66 (not 4.67)
    let pos = position(RED, &[(RD, 7, 29), (B, 3, 22)]);
    assert_eq!(
        listed(&pos),
        [(29, 8, 800), (29, 12, 466), (29, 15, 466), (29, 19, 800)]
    );
    // both Damas: ×4, so 16.00 and 9.32
    let pos = position(RED, &[(RD, 7, 29), (BD, 3, 22)]);
    assert_eq!(
        listed(&pos),
        [(29, 8, 1600), (29, 12, 932), (29, 15, 932), (29, 19, 1600)]
    );
    // an ordinary chip taking a Dama: ×2; 26x19 lands on −: (6 − 4) × 2
    let pos = position(RED, &[(R, 6, 26), (BD, 4, 22)]);
    assert_eq!(listed(&pos), [(26, 19, 400)]);
}

#[test]
fn later_jumps_score_the_capturer_on_their_own_landing_square() {
    // 25x18 (÷): 5 ÷ 3 = 1.67; then 18x11 (×): the capturer's 5 is still
    // the left operand, on 11's ×: 5 × 2 = 10.00; total 11.67. (Using the
    // chip taken first, 3 × 2, or 18's ÷ again, 5 ÷ 2, would differ.)
    let pos = position(RED, &[(R, 5, 25), (B, 3, 21), (B, 2, 14)]);
    assert_eq!(listed(&pos), [(25, 11, 1167)]);
    let next = pos.play(&find(&pos, 25, 11, 1167));
    assert_eq!(next.scores(), [1167, 0]);
    assert_eq!(next.final_totals(), [1167 + 500, 0]);
}

#[test]
fn eat_more_first() {
    // 27x20 takes one chip for 10 + 9 = 19.00; 25x18x11 takes two for
    // 1 ÷ 0 = 0 and 1 × 1 = 1.00: the longer capture must be played
    let pos = position(
        RED,
        &[(R, 10, 27), (B, 9, 23), (R, 1, 25), (B, 0, 21), (B, 1, 14)],
    );
    assert_eq!(listed(&pos), [(25, 11, 100)]);
    // and more chips beat a Dama: the Dama on 29 could take one (19)
    let pos = position(
        RED,
        &[(RD, 2, 29), (B, 5, 19), (R, 1, 25), (B, 0, 21), (B, 1, 14)],
    );
    assert_eq!(listed(&pos), [(25, 11, 100)]);
}

#[test]
fn dama_eat_first() {
    // one chip each: the chip 27x20 (11 + 3 = 14.00) gives way to the Dama
    // on 29 jumping 19 and landing on 15 or 12 (÷: 2 ÷ 5 = 0.40, ×2 =
    // 0.80) or 8 (−: 2 − 5 = −3, ×2 = −6.00)
    let pos = position(RED, &[(RD, 2, 29), (B, 5, 19), (R, 11, 27), (B, 3, 23)]);
    assert_eq!(listed(&pos), [(29, 8, -600), (29, 12, 80), (29, 15, 80)]);
}

#[test]
fn passing_the_far_row_mid_chain_does_not_crown() {
    // 10x3 lands on the far row (−: 4 − 6 = −2), then as a chip 3x12
    // jumps back down (÷: 4 ÷ 7 = 0.57): −1.43, and no Dama
    let pos = position(RED, &[(R, 4, 10), (B, 6, 6), (B, 7, 7)]);
    assert_eq!(listed(&pos), [(10, 12, -143)]);
    let mv = find(&pos, 10, 12, -143);
    assert!(!mv.promote);
    let piece = pos.play(&mv).to_setup().squares[11][0];
    assert_eq!(
        piece,
        Piece {
            color: RED,
            king: false
        }
    );
    // ending there crowns, after the jump scored as an ordinary chip's
    let pos = position(RED, &[(R, 4, 10), (B, 6, 6)]);
    let mv = find(&pos, 10, 3, -200);
    assert!(mv.promote);
    assert!(pos.play(&mv).to_setup().squares[2][0].king);
}

#[test]
fn same_squares_different_scores_are_two_moves() {
    // Chip 2 on 26 goes round four Blue chips and comes back to 26, either
    // way round, landing on the same squares and taking the same chips:
    // 22 (on 19, −), 14 (10, +), 13 (17, ×), 21 (26, +):
    //   2 − 5 + 2 + 1 + 2 × 3 + 2 + 7 = −3 + 3 + 6 + 9 = 15.00
    // 21 (17, ×), 13 (10, +), 14 (19, −), 22 (26, +):
    //   2 × 7 + 2 + 3 + 2 − 1 + 2 + 5 = 14 + 5 + 1 + 7 = 27.00
    let chips = [(R, 2, 26), (B, 5, 22), (B, 1, 14), (B, 3, 13), (B, 7, 21)];
    let pos = position(RED, &chips);
    assert_eq!(listed(&pos), [(26, 26, 1500), (26, 26, 2700)]);
    assert_eq!((pos.count_moves(), pos.count_routes()), (2, 2));
    let next = pos.play(&find(&pos, 26, 26, 2700));
    assert_eq!(next.scores(), [2700, 0]);
    assert_eq!(next.final_totals(), [2900, 0]);
    // with every Blue chip a 1 both ways score 9.00: one move, two routes
    let ones = chips.map(|(kind, n, sq)| (kind, if kind == B { 1 } else { n }, sq));
    let pos = position(RED, &ones);
    assert_eq!(listed(&pos), [(26, 26, 900)]);
    assert_eq!((pos.count_moves(), pos.count_routes()), (1, 2));
    assert_eq!(pos.routes().len(), 2);
}

#[test]
fn a_dama_touching_down_on_another_operator_makes_another_move() {
    // Dama 3 on 29 jumps 26 and may touch down on 22 (×), 19 (−) or 15 (÷)
    // before flying on over 12 to 8 (−). Jump one, ×2 for the Dama: 3 × 2
    // = 6 → 12.00, 3 − 2 = 1 → 2.00, 3 ÷ 2 = 1.50 → 3.00; jump two: 3 − 4
    // = −1 → −2.00. Same chips in the same order, three moves.
    let pos = position(RED, &[(RD, 3, 29), (B, 2, 26), (B, 4, 12)]);
    assert_eq!(listed(&pos), [(29, 8, 0), (29, 8, 100), (29, 8, 1000)]);
    assert_eq!(pos.count_routes(), 3);
    // with 0 on 29 and 26 every touch-down scores 0: one move, one route
    // (0 × 0, 0 − 0 and 0 ÷ 0 all score 0), though routes() lists all
    // three paths for notation
    let pos = position(RED, &[(RD, 0, 29), (B, 0, 26), (B, 4, 12)]);
    assert_eq!(listed(&pos), [(29, 8, -800)]);
    assert_eq!(pos.count_routes(), 1);
    let mut paths: Vec<Vec<u8>> = pos.routes().into_iter().map(|(_, i)| i.path).collect();
    paths.sort();
    assert_eq!(paths, [vec![15, 8], vec![19, 8], vec![22, 8]]);
}

#[test]
fn routes_give_landing_and_captured_squares_in_order() {
    let pos = position(RED, &[(R, 5, 25), (B, 3, 21), (B, 2, 14)]);
    let routes = pos.routes();
    assert_eq!(routes.len(), 1);
    let (mv, info) = &routes[0];
    assert_eq!(mv.score, 1167);
    assert_eq!((info.from, info.to), (25, 11));
    assert_eq!(info.path, [18, 11]);
    assert_eq!(info.captured, [21, 14]);
}

#[test]
fn start_position_and_chip_sets() {
    let fen_order = |pos: &Damath| pos.to_setup().numbers;
    let whole = fen_order(&Damath::start());
    // notation.md's start FEN, squares 1..=32
    let want = [
        2, 5, 8, 11, 7, 10, 3, 0, 4, 1, 6, 9, 9, 6, 1, 4, 0, 3, 10, 7, 11, 8, 5, 2,
    ];
    let (blue, red): (Vec<_>, Vec<_>) = (whole[..12].to_vec(), whole[20..].to_vec());
    assert_eq!(
        blue,
        want[..12].iter().map(|&n| Some(n)).collect::<Vec<_>>()
    );
    assert_eq!(red, want[12..].iter().map(|&n| Some(n)).collect::<Vec<_>>());
    assert!(whole[12..20].iter().all(Option::is_none));
    let counting = fen_order(&Damath::start_with(ChipSet::Counting));
    let integers = fen_order(&Damath::start_with(ChipSet::Integers));
    for i in 0..32 {
        assert_eq!(counting[i], whole[i].map(|n| n + 1));
        assert_eq!(integers[i].map(i32::abs), whole[i]);
    }
    // rules.md: Red's row 2 reads −9 6 −1 4; Blue is Red turned 180°
    assert_eq!(integers[20..24], [Some(-9), Some(6), Some(-1), Some(4)]);
    assert_eq!(integers[8..12], [Some(4), Some(-1), Some(6), Some(-9)]);
}

#[test]
fn setups_are_checked() {
    let mut setup = Damath::start().to_setup();
    assert_eq!(Damath::from_setup(&setup), Ok(Damath::start()));
    setup.numbers[0] = None;
    assert!(matches!(
        Damath::from_setup(&setup),
        Err(SetupError::Invalid(1, _))
    ));
    setup.numbers[0] = Some(2);
    setup.numbers[16] = Some(3);
    assert!(matches!(
        Damath::from_setup(&setup),
        Err(SetupError::Invalid(17, _))
    ));
    setup.numbers[16] = None;
    setup.squares[16] = vec![Piece {
        color: RED,
        king: false,
    }];
    setup.numbers[16] = Some(3);
    assert!(matches!(
        Damath::from_setup(&setup),
        Err(SetupError::TooManyPieces { count: 13, .. })
    ));
    // a Red chip on Red's promotion row (1..=4), a Blue one on 29..=32
    let mut setup = Setup::empty(32);
    setup.squares[1] = vec![Piece {
        color: RED,
        king: false,
    }];
    setup.numbers[1] = Some(1);
    assert!(matches!(
        Damath::from_setup(&setup),
        Err(SetupError::ManOnPromotionRow { square: 2, .. })
    ));
    setup.squares[1][0].king = true;
    setup.squares[30] = vec![Piece {
        color: BLUE,
        king: false,
    }];
    setup.numbers[30] = Some(1);
    assert!(matches!(
        Damath::from_setup(&setup),
        Err(SetupError::ManOnPromotionRow { square: 31, .. })
    ));
    setup.squares[30][0].king = true;
    setup.score = [1250, -300];
    let pos = Damath::from_setup(&setup).unwrap();
    assert_eq!(pos.to_setup(), setup);
    assert_eq!(pos.final_totals(), [1250 + 200, -300 + 200]);
    let mut too_big = Setup::empty(33);
    too_big.numbers = vec![None; 33];
    assert!(Damath::from_setup(&too_big).is_err());
}

#[test]
fn the_final_totals_decide_the_end() {
    // Red to move has no chip: the game is over, and Red's 15.00 beats
    // Blue's 0.00 plus its Dama 5 counted double
    let mut setup = Setup::empty(32);
    setup.squares[9] = vec![Piece {
        color: BLUE,
        king: true,
    }];
    setup.numbers[9] = Some(5);
    setup.score = [1500, 0];
    let end = Damath::from_setup(&setup).unwrap().game_end().unwrap();
    assert_eq!(end.outcome, Outcome::Win(RED));
    setup.score = [1000, 0];
    let end = Damath::from_setup(&setup).unwrap().game_end().unwrap();
    assert_eq!(end.outcome, Outcome::Draw);
    assert_eq!(
        end.reason,
        "Red has no legal move; final totals Red 10.00 Blue 10.00"
    );
}

#[test]
fn forty_quiet_plies_end_the_game_on_the_totals() {
    // two Damas that never meet: Red 29-25-29…, Blue 4-8-4…
    let mut pos = position(RED, &[(RD, 5, 29), (BD, 7, 4)]);
    let shuttle = [(29, 25), (4, 8), (25, 29), (8, 4)];
    for ply in 0..40 {
        assert_eq!(pos.game_end(), None, "ply {ply}");
        let (from, to) = shuttle[ply % 4];
        pos = pos.play(&find(&pos, from, to, 0));
    }
    assert_eq!(pos.counters()[0], ("plies without capture", 40));
    let end = pos.game_end().unwrap();
    assert_eq!(end.outcome, Outcome::Win(BLUE));
}

#[test]
fn notation_md_start_fen_is_the_start() {
    use crate::notation::fen::{parse_fen, write_fen};
    let fen = "W:W9@21,6@22,1@23,4@24,0@25,3@26,10@27,7@28,11@29,8@30,5@31,2@32:B2@1,5@2,8@3,11@4,7@5,10@6,3@7,0@8,4@9,1@10,6@11,9@12";
    assert_eq!(parse_fen::<Damath>(fen), Ok(Damath::start()));
    assert_eq!(write_fen(&Damath::start()), fen);
    // a chip with no number, or a man on its promotion row, is refused
    assert!(parse_fen::<Damath>("W:W21:B1@12").is_err());
    assert!(parse_fen::<Damath>("W:W5@2:B1@12").is_err());
}

#[test]
fn a_dama_ending_on_a_square_it_took_keeps_its_number_and_hash() {
    // The dama position W:WK22:B6,7,12,14,18 on the mirrored Damath board:
    // the Dama on 23 takes 19, 6, 7 and 15 and may end on 19 itself, whose
    // chip left the board on the way.
    let pos: Damath = crate::notation::fen::parse_fen("W:WK5@23:B1@7,2@6,3@9,4@15,6@19").unwrap();
    let mut list = MoveList::new();
    pos.generate(&mut list);
    let g = Damath::geometry();
    let mut ended_on_a_taken_square = false;
    for mv in &list {
        let next = pos.play(mv);
        assert_eq!(next.hash(), next.compute_hash(), "{mv:?}");
        let setup = next.to_setup();
        let to = g.square_of(mv.to) as usize;
        assert_eq!(setup.numbers[to - 1], Some(5), "{mv:?}");
        assert!(setup.squares[to - 1][0].king, "{mv:?}");
        ended_on_a_taken_square |= mv.captured >> mv.to & 1 != 0;
    }
    assert!(ended_on_a_taken_square);
}

#[test]
fn the_threat_is_the_opponents_best_capture_gain() {
    // Red to move has no capture (the jump 14x5 is blocked by Blue's 5);
    // Blue threatens 10x19 over Red's 2 on 14: 19 is a minus square, so
    // 6 - 2 = 4 points, and Red's total loses the chip's 2: 6.00 in all.
    let pos: Damath = crate::notation::fen::parse_fen("W:W2@14,1@32:B6@10,3@5").unwrap();
    assert_eq!(pos.threat(), 600);
    // Blue to move in the same position threatens nothing from Red.
    let blue: Damath = crate::notation::fen::parse_fen("B:W2@14,1@32:B6@10,3@5").unwrap();
    let mut list = MoveList::new();
    blue.generate(&mut list);
    assert!(list.iter().all(|m| m.captured != 0), "Blue must capture");
    assert_eq!(blue.threat(), 0);
}
