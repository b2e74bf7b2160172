//! Tactical test set: positions with a winning shot (a sacrifice or a
//! quiet move that wins 2 to 5 men by force within a few plies), each with
//! the one move that wins. They were picked from random play where a deep
//! search (10 plies) finds that move at least a man better than any other
//! and a 2-ply search misses it; the comment gives the men won along the
//! main line. The search must find each at a small fixed depth (which in
//! a release build takes well under a second; `dam analyze --time 1`
//! finds them all).

use dam::eval::Evaluate;
use dam::notation::fen::parse_fen;
use dam::notation::movetext::{parse_move, pdn_move};
use dam::search::{Control, Limits, Searcher};
use dam::variant::Variant;
use dam::with_variant;

/// (variant, position, winning move, depth to search)
const SHOTS: &[(Variant, &str, &str, i32)] = &[
    // wins 4
    (
        Variant::International,
        "B:W31,32,33,34,35,36,38,39,40,41,42,43,44,45,46,47,50:B1,2,3,4,5,6,7,8,9,10,11,12,15,19,20,21,22,24",
        "21-27",
        8,
    ),
    // wins 3
    (
        Variant::International,
        "B:W14,25,33,38,40,42,44,46,48,49:B1,2,4,5,6,13,16,21,27,K47",
        "27-32",
        8,
    ),
    // wins 5
    (
        Variant::International,
        "W:W22,30,31,34,36,39,40,41,43,45,46,47,48,49,50:B1,2,4,5,6,7,8,9,10,12,19,20,21",
        "31-27",
        8,
    ),
    // wins 3
    (
        Variant::International,
        "W:W16,26,28,29,31,36,38,40,43,45,46,47,48,49,50:B1,2,4,5,6,7,8,10,11,13,15,17,18,19,20",
        "28-23",
        8,
    ),
    // wins 2
    (
        Variant::International,
        "B:W6,28,38,39,41,42,45,46,48,49:B1,2,5,7,8,10,14,19,21,31",
        "31-36",
        8,
    ),
    // wins 3
    (
        Variant::English,
        "B:W17,19,21,22,23,24,25,26,28,29,32:B1,3,4,6,7,8,10,11,12,14,16",
        "14-18",
        8,
    ),
    // wins 2
    (
        Variant::English,
        "B:W18,19,21,23,25,26,28,29,31,32:B2,3,4,5,8,9,10,12,14,16,22",
        "14-17",
        8,
    ),
    // wins 3
    (
        Variant::English,
        "W:W13,15,21,23,24,25,27,28,29,31,32:B1,2,4,5,6,7,8,9,14,16,20",
        "15-10",
        8,
    ),
    // wins 2
    (
        Variant::English,
        "W:WK1,5,24,25,27:B8,12,K26,28",
        "27-23",
        8,
    ),
    // wins 3
    (
        Variant::English,
        "W:W12,18,19,21,27,28,32:B3,4,8,9,10,20",
        "18-14",
        8,
    ),
    // wins 5
    (
        Variant::International,
        "W:W23,28,33,35,36,37,38,39,40,41,42,43,46,47,48,50:B1,2,4,5,6,7,8,10,13,14,15,16,17,19,20,25,27",
        "23-18",
        8,
    ),
    // wins 3
    (
        Variant::International,
        "W:W26,30,31,34,37,39,40,41,42,43,45,46,47,48,49,50:B1,2,4,5,6,7,8,9,10,11,12,13,15,16,19,20,22",
        "31-27",
        8,
    ),
    // wins 4
    (
        Variant::International,
        "B:W15,29,32,33,37,40,41,42,43,44,46,47,48:B1,2,4,5,6,7,9,10,12,14,19,21,22,36",
        "22-28",
        8,
    ),
    // wins 4
    (
        Variant::International,
        "B:W27,30,32,34,35,36,38,39,41,42,43,46,47,49:B2,4,6,8,9,10,12,13,14,15,16,17,18,19,24",
        "24-29",
        8,
    ),
    // wins 4
    (
        Variant::English,
        "B:W14,18,20,25,27,30,31,32:B1,2,4,5,7,8,11,12,23",
        "11-16",
        8,
    ),
    // wins 3
    (
        Variant::English,
        "B:W18,21,23,24,25,26,27,32:B1,5,6,7,8,9,12,14,16",
        "16-19",
        8,
    ),
    // wins 3
    (
        Variant::English,
        "B:W18,19,22,24,26,28,29,30,31,32:B1,2,3,4,8,9,11,12,13,15,21",
        "21-25",
        8,
    ),
    // wins 2
    (
        Variant::Brazilian,
        "W:W12,18,19,24,29,30,31:B2,3,5,6,8,11,21",
        "18-15",
        8,
    ),
    // wins 2
    (
        Variant::Brazilian,
        "W:W19,20,24,25,27,28,29,30,32:B1,3,4,9,11,12,K31",
        "19-16",
        8,
    ),
    // wins 2
    (
        Variant::Brazilian,
        "B:W14,19,21,25,26,29,32:B2,3,5,6,8,12,13",
        "12-16",
        8,
    ),
    // wins the game
    (Variant::English, "B:W16,20,21:B3,8,10,18", "10-14", 8),
];

/// The move the search picks at `depth`, in PDN.
fn found<G: Evaluate>(fen: &str, depth: i32) -> String {
    let pos: G = parse_fen(fen).expect("test position");
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let out = Searcher::new(1, 18).search(&pos, &[], &limits, 1, &Control::new(false), None);
    let best = out.best.expect("a move");
    pdn_move(&pos, &best)
}

#[test]
fn every_shot_is_found() {
    let mut missed = Vec::new();
    for &(variant, fen, want, depth) in SHOTS {
        let got = with_variant!(variant, G => {
            let pos: G = parse_fen(fen).expect("test position");
            let expected = parse_move(&pos, want).expect("the answer is legal");
            assert_eq!(pdn_move(&pos, &expected), want);
            found::<G>(fen, depth)
        });
        if got != want {
            missed.push(format!("{variant} {fen}: played {got}, the shot is {want}"));
        }
    }
    assert!(missed.is_empty(), "missed shots:\n{}", missed.join("\n"));
    assert!(SHOTS.len() >= 20, "the set has {} positions", SHOTS.len());
}
