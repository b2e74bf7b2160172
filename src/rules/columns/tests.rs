//! Hand-built positions for every stacking rule, with the counts worked
//! out by hand, and random playouts checked against the hash and against a
//! slow reference generator (`reference`).
//!
//! 8x8 squares (x, y from White's bottom left): 1..4 = b8 d8 f8 h8,
//! 5..8 = a7 c7 e7 g7, 9..12 = b6 d6 f6 h6, 13..16 = a5 c5 e5 g5,
//! 17..20 = b4 d4 f4 h4, 21..24 = a3 c3 e3 g3, 25..28 = b2 d2 f2 h2,
//! 29..32 = a1 c1 e1 g1. 7x7 (lasca): 1..4 = a7 c7 e7 g7, 5..7 = b6 d6 f6,
//! 8..11 = a5 c5 e5 g5, 12..14 = b4 d4 f4, 15..18 = a3 c3 e3 g3,
//! 19..21 = b2 d2 f2, 22..25 = a1 c1 e1 g1.

mod reference;

use super::{Damasca, DamascaInternational, Lasca, Move, Position, Rules};
use crate::perft::{Counting, perft};
use crate::rules::{Color, Game, MoveList, Outcome, Piece, Setup, SetupError};
use std::collections::BTreeSet;

/// A setup with `side` to move and columns written top first (`w`, `b`
/// soldiers, `W`, `B` officers).
pub(super) fn setup<G: Game>(side: Color, columns: &[(usize, &str)]) -> Setup {
    let mut s = Setup::empty(G::geometry().squares as usize);
    s.side = side;
    for &(square, letters) in columns {
        s.squares[square - 1] = letters
            .chars()
            .map(|c| Piece {
                color: if c.eq_ignore_ascii_case(&'w') {
                    Color::White
                } else {
                    Color::Black
                },
                king: c.is_ascii_uppercase(),
            })
            .collect();
    }
    s
}

/// The position of `setup`.
fn build<G: Game>(side: Color, columns: &[(usize, &str)]) -> G {
    G::from_setup(&setup::<G>(side, columns)).expect("a legal test position")
}

/// Perft counts (unique, every route) for depths 1..=counts.len().
fn perfts<G: Game>(pos: &G, depth: u32) -> Vec<(u64, u64)> {
    (1..=depth)
        .map(|d| {
            (
                perft(pos, d, Counting::Unique),
                perft(pos, d, Counting::Duplicates),
            )
        })
        .collect()
}

/// The column on `square` after `mv`, written top first.
fn column_after<G: Game>(pos: &G, mv: &G::Move, square: usize) -> String {
    pos.play(mv).to_setup().squares[square - 1]
        .iter()
        .map(|p| match (p.color, p.king) {
            (Color::White, false) => 'w',
            (Color::White, true) => 'W',
            (Color::Black, false) => 'b',
            (Color::Black, true) => 'B',
        })
        .collect()
}

fn moves<G: Game>(pos: &G) -> MoveList<G::Move> {
    let mut list = MoveList::new();
    pos.generate(&mut list);
    list
}

#[test]
fn start_positions_open_like_plain_draughts() {
    // no capture is possible in the first four plies, so damasca moves as
    // brazilian does (7, 49, 302, 1469); lasca's White has 6 opening moves
    // (a3, c3, e3 and g3 to b4, d4, f4) and each leaves Black one capture
    let d = perfts(&Damasca::start(), 4);
    assert_eq!(d, vec![(7, 7), (49, 49), (302, 302), (1469, 1469)]);
    assert_eq!(perfts(&DamascaInternational::start(), 4), d);
    assert_eq!(perfts(&Lasca::start(), 2), vec![(6, 6), (6, 6)]);
}

#[test]
fn a_jumped_column_can_change_hands() {
    // White soldier c3 (22) jumps the column d4 (18) = black soldier on a
    // white soldier and lands on e5 (15): the black soldier goes under the
    // capturer, and d4 is left with its white soldier on top, so White
    // now owns it. No further jump from e5: one move. Black answers with
    // b8 (1) to a7 or c7: two moves.
    let pos: Damasca = build(Color::White, &[(22, "w"), (18, "bw"), (1, "b")]);
    let list = moves(&pos);
    assert_eq!(list.len(), 1);
    assert_eq!(column_after(&pos, &list[0], 15), "wb");
    assert_eq!(column_after(&pos, &list[0], 18), "w");
    assert_eq!(column_after(&pos, &list[0], 22), "");
    assert_eq!(perfts(&pos, 2), vec![(1, 1), (2, 2)]);
}

#[test]
fn a_square_is_never_jumped_twice() {
    // A damasca officer on c3 (22) circles round the columns d4 (18, two
    // black soldiers), f4 (19), f2 (27) and d2 (26): c3-e5-g3-e1-c3 or the
    // other way round, four jumps, back on its own (empty) start square.
    // d4 still has a black soldier on top, and e5 is empty again, but d4
    // may not be jumped a second time: the chain stops at four. Both
    // routes take four soldiers: one move, two routes.
    let pos: Damasca = build(
        Color::White,
        &[(22, "W"), (18, "bb"), (19, "b"), (27, "b"), (26, "b")],
    );
    let list = moves(&pos);
    assert_eq!(list.len(), 1);
    let g = Damasca::geometry();
    let (from, to) = (g.square_of(list[0].from), g.square_of(list[0].to));
    assert_eq!((from, to, list[0].jumps()), (22, 22, 4));
    assert_eq!(column_after(&pos, &list[0], 22), "Wbbbb");
    assert_eq!(column_after(&pos, &list[0], 18), "b");
    // Black's last soldier d4 then must take the officer off c3 (landing on
    // b2), which hands the four prisoners' column to Black: by both routes
    // of the first move. White then owns no column and has no move.
    assert_eq!(perfts(&pos, 3), vec![(1, 2), (1, 2), (0, 0)]);
}

#[test]
fn jump_orders_that_take_different_ranks_are_different_moves() {
    // As above, with an officer on f4 (19): one route takes soldier,
    // officer, soldier, soldier; the other soldier, soldier, officer,
    // soldier. The prisoners lie in a different order: two moves.
    let pos: Damasca = build(
        Color::White,
        &[(22, "W"), (18, "bb"), (19, "B"), (27, "b"), (26, "b")],
    );
    let list = moves(&pos);
    assert_eq!(list.len(), 2);
    let mut columns: Vec<String> = list.iter().map(|m| column_after(&pos, m, 22)).collect();
    columns.sort();
    assert_eq!(columns, vec!["WbBbb", "WbbBb"]);
    assert_eq!(perfts(&pos, 1), vec![(2, 2)]);
}

#[test]
fn flying_officers_never_turn_back() {
    // A damasca-international officer on c3 (22) between a black soldier
    // on b2 (25) and one on e5 (15), all on the long diagonal. Taking one
    // and flying back over the start square to take the other would be a
    // 180° turn: forbidden. So four one-jump moves: to a1, or over e5 to
    // f6, g7 or h8. Black then has two moves each time (e5 to d4 or f4;
    // b2 to a1 or c1, crowning).
    let pos: DamascaInternational = build(Color::White, &[(22, "W"), (25, "b"), (15, "b")]);
    assert_eq!(perfts(&pos, 2), vec![(4, 4), (8, 8)]);
    assert!(moves(&pos).iter().all(|m| m.jumps() == 1));
}

#[test]
fn a_soldier_that_touched_the_far_row_is_crowned_when_the_chain_ends() {
    // Damasca: the soldier on d6 (10) jumps e7 (7) to f8 (3), the far row,
    // then goes on as a soldier, backward, over g7 (8) to h6 (12) and over
    // g5 (16) to f4 (19). It is crowned there. Black's h2 (28) then goes to
    // g1 (crowning); the white officer on f4 has four one-step moves.
    let pos: Damasca = build(
        Color::White,
        &[(10, "w"), (7, "b"), (8, "b"), (16, "b"), (28, "b")],
    );
    let list = moves(&pos);
    assert_eq!(list.len(), 1);
    assert!(list[0].promote);
    assert_eq!(column_after(&pos, &list[0], 19), "Wbbb");
    assert_eq!(perfts(&pos, 3), vec![(1, 1), (1, 1), (4, 4)]);
}

#[test]
fn a_soldier_has_no_officer_powers_during_its_chain() {
    // Damasca-international: the soldier on b6 (9) jumps c7 (6) to d8 (2).
    // A flying officer there could go on over e7 and take f6 (11); the
    // soldier cannot, so the move ends, and it is crowned. Black's f6 then
    // steps to e5 or g5.
    let pos: DamascaInternational = build(Color::White, &[(9, "w"), (6, "b"), (11, "b")]);
    let list = moves(&pos);
    assert_eq!(list.len(), 1);
    assert_eq!((list[0].jumps(), list[0].promote), (1, true));
    assert_eq!(perfts(&pos, 2), vec![(1, 1), (2, 2)]);
}

#[test]
fn lasca_crowning_ends_the_move() {
    // Lasca: the soldier on c5 (9) jumps d6 (6) to e7 (3) and is crowned;
    // the move ends there, though an officer on e7 could take f6 (7).
    // Black's f6 then steps to e5 or g5 (Black's soldiers capture forward
    // only, so it cannot take back); the new officer then has two steps.
    let pos: Lasca = build(Color::White, &[(9, "w"), (6, "b"), (7, "b")]);
    let list = moves(&pos);
    assert_eq!(list.len(), 1);
    assert_eq!((list[0].jumps(), list[0].promote), (1, true));
    assert_eq!(column_after(&pos, &list[0], 3), "Wb");
    assert_eq!(perfts(&pos, 3), vec![(1, 1), (2, 2), (4, 4)]);
}

#[test]
fn damasca_takes_the_most_lasca_chooses_freely() {
    // Damasca: c1 (30) can take d2 (26) alone; a5 (13) can take b6 (9) and
    // then d6 (10). Only the double capture may be played.
    let pos: Damasca = build(
        Color::White,
        &[(30, "w"), (26, "b"), (13, "w"), (9, "b"), (10, "b")],
    );
    let list = moves(&pos);
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].jumps(), 2);
    // Lasca: a1 (22) takes b2 (19) and d4 (13), ending on e5 (10); e1 (24)
    // takes f2 (21) alone. Both may be played, but a chain once begun must
    // be finished: a1 may not stop on c3. Two moves.
    let pos: Lasca = build(
        Color::White,
        &[(22, "w"), (19, "b"), (13, "b"), (24, "w"), (21, "b")],
    );
    let mut jumps: Vec<u32> = moves(&pos).iter().map(Move::jumps).collect();
    jumps.sort();
    assert_eq!(jumps, vec![1, 2]);
}

#[test]
fn lasca_soldiers_capture_forward_only() {
    // A white soldier on d4 (13) with a black soldier behind it on c3 (16)
    // and b2 empty: no capture; its two forward steps are its moves.
    let pos: Lasca = build(Color::White, &[(13, "w"), (16, "b")]);
    assert_eq!(perfts(&pos, 1), vec![(2, 2)]);
    // The same in damasca (d4 = 18, c3 = 22): the soldier takes backward.
    let pos: Damasca = build(Color::White, &[(18, "w"), (22, "b")]);
    assert_eq!(
        moves(&pos).iter().map(Move::jumps).collect::<Vec<_>>(),
        vec![1]
    );
}

#[test]
fn setups_are_checked_and_round_trip() {
    let too_many: Vec<(usize, &str)> = (1..=13).map(|s| (s + 8, "b")).collect();
    assert_eq!(
        Damasca::from_setup(&setup::<Damasca>(Color::White, &too_many)),
        Err(SetupError::TooManyPieces {
            color: Color::Black,
            count: 13,
            max: 12
        })
    );
    // twelve black pieces in one column are fine
    let tall = "bbbbbbbbbbbb";
    assert!(Lasca::from_setup(&setup::<Lasca>(Color::White, &[(12, tall)])).is_err());
    let pos: Damasca = build(Color::Black, &[(12, tall), (13, "wwW")]);
    assert_eq!(Damasca::from_setup(&pos.to_setup()), Ok(pos));
    // a soldier on its promotion row on top is an error; buried, it is not
    assert_eq!(
        Damasca::from_setup(&setup::<Damasca>(Color::White, &[(2, "wb")])),
        Err(SetupError::ManOnPromotionRow {
            color: Color::White,
            square: 2
        })
    );
    assert!(Damasca::from_setup(&setup::<Damasca>(Color::White, &[(2, "Bw")])).is_ok());
    let mut s = setup::<Lasca>(Color::White, &[]);
    s.squares.push(Vec::new());
    assert_eq!(Lasca::from_setup(&s), Err(SetupError::NoSuchSquare(26)));
}

#[test]
fn no_move_loses_and_dead_play_is_adjudicated() {
    // Black's only column, a3 (21), is blocked by b2 (25), which it cannot
    // take as c1 (30) is taken: White wins.
    let pos: Damasca = build(Color::Black, &[(30, "w"), (25, "w"), (21, "b")]);
    assert_eq!(
        pos.game_end().map(|e| e.outcome),
        Some(Outcome::Win(Color::White))
    );
    // Two officers shuffle in their corners (b8-a7, g1-h2): after 30
    // officer plies the game is adjudicated. One top each; Black's column
    // holds more pieces, so Black wins.
    let mut pos: Damasca = build(Color::White, &[(1, "W"), (32, "Bw")]);
    let g = Damasca::geometry();
    for ply in 0..30 {
        assert_eq!(pos.game_end(), None, "ply {ply}");
        let list = moves(&pos);
        let mv = list
            .iter()
            .find(|m| [1, 5, 32, 28].contains(&g.square_of(m.to)))
            .expect("a shuffle");
        pos = pos.play(mv);
    }
    assert_eq!(pos.counters()[1].1, 30);
    assert_eq!(
        pos.game_end().map(|e| e.outcome),
        Some(Outcome::Win(Color::Black))
    );
    let even: Damasca = build(Color::White, &[(1, "Wb"), (32, "Bw")]);
    assert_eq!(even.adjudicate(), Outcome::Draw);
    let more_tops: Damasca = build(Color::White, &[(1, "W"), (5, "W"), (32, "Bwb")]);
    assert_eq!(more_tops.adjudicate(), Outcome::Win(Color::White));
}

#[test]
fn soldier_moves_and_captures_reset_the_counters() {
    // an officer on b8 (1), a soldier on c3 (22)
    let pos: Damasca = build(Color::White, &[(1, "W"), (32, "B"), (22, "w")]);
    let g = Damasca::geometry();
    let counters = |m: &Move| {
        pos.play(m)
            .counters()
            .iter()
            .map(|c| c.1)
            .collect::<Vec<_>>()
    };
    let list = moves(&pos);
    let (soldier, officer): (Vec<Move>, Vec<Move>) =
        list.iter().partition(|m| g.square_of(m.from) == 22);
    assert_eq!((soldier.len(), officer.len()), (2, 2));
    assert_eq!(counters(&officer[0]), [1, 1]);
    assert_eq!(counters(&soldier[0]), [0, 0]);
}

/// A small deterministic generator (xorshift64*) for random positions.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) % n
    }
}

/// A random legal position: columns of one to four pieces of both colours
/// on about a third of the squares.
fn random_position<R: Rules>(rng: &mut Rng) -> Position<R> {
    let g = R::GEO;
    let mut s = Setup::empty(g.squares as usize);
    s.side = if rng.below(2) == 0 {
        Color::White
    } else {
        Color::Black
    };
    let mut left = [R::MEN, R::MEN];
    for (i, column) in s.squares.iter_mut().enumerate() {
        if rng.below(3) != 0 {
            continue;
        }
        let height = [1, 1, 1, 2, 2, 3, 4][rng.below(7) as usize];
        for _ in 0..height {
            let mut color = if rng.below(2) == 0 {
                Color::White
            } else {
                Color::Black
            };
            if left[color.index()] == 0 {
                color = color.flip();
            }
            if left[color.index()] > 0 {
                left[color.index()] -= 1;
                column.push(Piece {
                    color,
                    king: rng.below(4) == 0,
                });
            }
        }
        let bit = g.square_bit[i];
        if let Some(top) = column.first_mut() {
            let row = match top.color {
                Color::White => g.top_row,
                Color::Black => g.bottom_row,
            };
            top.king |= row >> bit & 1 != 0;
        }
    }
    Position::from_setup(&s).expect("a legal random position")
}

/// Random games from random positions and from the start, `check` called
/// on every position met.
fn playouts<R: Rules>(games: u32, plies: u32, mut check: impl FnMut(&Position<R>)) {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for game in 0..games {
        let mut pos = if game % 4 == 0 {
            Position::<R>::start()
        } else {
            random_position::<R>(&mut rng)
        };
        for _ in 0..plies {
            check(&pos);
            let list = moves(&pos);
            if list.is_empty() {
                break;
            }
            pos = pos.play(&list[rng.below(list.len() as u64) as usize]);
        }
    }
}

fn hash_stays_right<R: Rules>() {
    playouts::<R>(200, 60, |pos| {
        assert_eq!(pos.hash(), pos.compute_hash(), "{pos:?}")
    });
}

#[test]
fn play_keeps_the_hash_in_step() {
    hash_stays_right::<super::variants::DamascaRules>();
    hash_stays_right::<super::variants::DamascaInternationalRules>();
    hash_stays_right::<super::variants::LascaRules>();
}

/// The generator against the reference on one position: the same
/// positions reached, each once; the same routes, each once.
fn agrees_with_reference<R: Rules>(pos: &Position<R>) {
    let g = R::GEO;
    let want = reference::expected(pos);
    let reached: Vec<String> = moves(pos)
        .iter()
        .map(|m| reference::key(&pos.play(m).to_setup()))
        .collect();
    let unique: BTreeSet<String> = reached.iter().cloned().collect();
    assert_eq!(unique.len(), reached.len(), "a position twice: {pos:?}");
    assert_eq!(unique, want.positions, "{pos:?}");
    let route = |m: &Move| {
        let jumped = m.jumped().iter().map(|&b| g.square_of(b)).collect();
        (g.square_of(m.from), g.square_of(m.to), jumped)
    };
    let mut list = MoveList::new();
    pos.generate_routes(&mut list);
    let routes: BTreeSet<reference::Route> = list.iter().map(route).collect();
    assert_eq!(routes.len(), list.len(), "a route twice: {pos:?}");
    assert_eq!(routes, want.routes, "{pos:?}");
    assert_eq!(pos.count_moves(), unique.len() as u64);
    assert_eq!(pos.count_routes(), routes.len() as u64);
    let listed = moves(pos);
    let infos = pos.routes();
    for (mv, info) in &infos {
        assert!(listed.contains(mv), "{mv:?} in {pos:?}");
        assert_eq!(route(mv), (info.from, info.to, info.captured.clone()));
        assert_eq!(info.path.last(), Some(&info.to));
    }
    let info_routes: BTreeSet<reference::Route> = infos.iter().map(|(m, _)| route(m)).collect();
    assert_eq!(info_routes, want.routes);
}

#[test]
fn generator_agrees_with_the_reference_on_random_positions() {
    playouts::<super::variants::DamascaRules>(300, 40, agrees_with_reference);
    playouts::<super::variants::DamascaInternationalRules>(300, 40, agrees_with_reference);
    playouts::<super::variants::LascaRules>(300, 40, agrees_with_reference);
}
