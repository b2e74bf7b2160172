//! Property tests of notation over random playouts from the start position
//! in every variant: FEN round-trips, every legal move's text (PDN short
//! and long, Hub, DXP, algebraic where the board has it) reads back to the
//! same move, and the incremental hash stays right. Generic over `Game`, so
//! the stacking and Damath families are covered as they land.

use dam::notation::fen::{parse_fen, write_fen};
use dam::notation::movetext::{
    DxpMove, MoveError, dxp_move, find_dxp_move, hub_move, parse_move, pdn_long_move, pdn_move,
};
use dam::rules::{Game, MoveInfo};
use dam::variant::Variant;
use dam::with_variant;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// The distinct legal moves of `pos`, each with its first route.
fn moves<G: Game>(pos: &G) -> Vec<(G::Move, MoveInfo)> {
    let mut out: Vec<(G::Move, MoveInfo)> = Vec::new();
    for (mv, info) in pos.routes() {
        if !out.iter().any(|(m, _)| *m == mv) {
            out.push((mv, info));
        }
    }
    out
}

/// How many distinct legal moves share this route's from, to and set of
/// captured squares (what Hub and DXP carry).
fn hub_namesakes<G: Game>(pos: &G, info: &MoveInfo) -> usize {
    let set = |i: &MoveInfo| {
        let mut c = i.captured.clone();
        c.sort_unstable();
        (i.from, i.to, c)
    };
    moves(pos)
        .iter()
        .filter(|(_, i)| set(i) == set(info))
        .count()
}

/// A route written with algebraic squares, PDN style.
fn algebraic<G: Game>(info: &MoveInfo) -> String {
    let geo = G::geometry();
    let name = |n: u8| geo.algebraic_of(geo.bit_of(n as u32).unwrap_or(0));
    let sep = if info.is_capture() { ":" } else { "-" };
    let squares: Vec<String> = std::iter::once(info.from)
        .chain(info.path.iter().copied())
        .map(name)
        .collect();
    squares.join(sep)
}

fn check_position<G: Game>(pos: &G) -> Result<(), TestCaseError> {
    prop_assert_eq!(pos.compute_hash(), pos.hash(), "{:?}", pos);
    let fen = write_fen(pos);
    let back: G = parse_fen(&fen).map_err(|e| TestCaseError::fail(format!("{fen}: {e}")))?;
    prop_assert_eq!(back.to_setup(), pos.to_setup(), "{}", fen);
    prop_assert_eq!(back.hash(), pos.hash(), "{}", fen);
    prop_assert_eq!(write_fen(&back), fen.clone());
    for (mv, info) in moves(pos) {
        for text in [pdn_move(pos, &mv), pdn_long_move(pos, &mv)] {
            prop_assert_eq!(parse_move(pos, &text), Ok(mv), "{} in {}", text, fen);
        }
        if G::geometry().algebraic {
            let text = algebraic::<G>(&info);
            prop_assert_eq!(parse_move(pos, &text), Ok(mv), "{} in {}", text, fen);
        }
        let hub = hub_move(pos, &mv);
        let fields = dxp_move(pos, &mv).ok_or_else(|| TestCaseError::fail("no DXP fields"))?;
        let wire: DxpMove = fields
            .to_string()
            .parse()
            .map_err(|e: MoveError| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&wire, &fields);
        if hub_namesakes(pos, &info) == 1 {
            prop_assert_eq!(parse_move(pos, &hub), Ok(mv), "{} in {}", hub, fen);
            prop_assert_eq!(find_dxp_move(pos, &wire), Ok(mv), "{} in {}", wire, fen);
        } else {
            // Hub and DXP cannot tell these moves apart (unless the Hub
            // text also reads as the long PDN form of this move)
            let hub_read = parse_move(pos, &hub);
            prop_assert!(
                matches!(hub_read, Err(MoveError::Ambiguous { .. })) || hub_read == Ok(mv),
                "{} in {}",
                hub,
                fen
            );
            prop_assert!(
                matches!(find_dxp_move(pos, &wire), Err(MoveError::Ambiguous { .. })),
                "{} in {}",
                wire,
                fen
            );
        }
    }
    Ok(())
}

/// Play a random game from the start, checking every position on the way.
fn playout<G: Game>(choices: &[u32]) -> Result<(), TestCaseError> {
    let mut pos = G::start();
    for &choice in choices {
        check_position(&pos)?;
        let legal = moves(&pos);
        if legal.is_empty() {
            break;
        }
        let (mv, _) = &legal[choice as usize % legal.len()];
        pos = pos.play(mv);
    }
    check_position(&pos)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn notation_round_trips_in_every_variant(choices in prop::collection::vec(any::<u32>(), 0..120)) {
        for variant in Variant::ALL {
            with_variant!(variant, G => playout::<G>(&choices))?;
        }
    }

    #[test]
    fn fen_reader_never_panics(text in "[WBKwbkHFS0-9:,.@\\[\\] -]{0,40}", junk in "\\PC{0,30}") {
        for variant in Variant::ALL {
            with_variant!(variant, G => {
                let _ = parse_fen::<G>(&text);
                let _ = parse_fen::<G>(&junk);
            });
        }
    }

    #[test]
    fn move_reader_never_panics(text in "[0-9a-hxX:!? -]{0,20}", junk in "\\PC{0,20}") {
        for variant in Variant::ALL {
            with_variant!(variant, G => {
                let pos = G::start();
                let _ = parse_move(&pos, &text);
                let _ = parse_move(&pos, &junk);
                let _ = junk.parse::<DxpMove>();
            });
        }
    }
}
