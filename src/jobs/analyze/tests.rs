//! Analysis of one game: the evaluation format, and the notes of a game
//! with a setup in its main line.

use super::*;
use crate::pdn::check::check;
use crate::pdn::replay::Options;
use crate::search::score::MATE;
use crate::variant::Variant;

const CANONICAL: Options = Options {
    strict: false,
    canonical: true,
    fens: false,
};

#[test]
fn evaluations_are_signed_men_or_plies_to_a_win() {
    assert_eq!(eval_text(35), "+0.35");
    assert_eq!(eval_text(-120), "-1.20");
    assert_eq!(eval_text(0), "0.00");
    assert_eq!(eval_text(MATE - 13), "#+13");
    assert_eq!(eval_text(-(MATE - 13)), "#-13");
    use crate::egtb::{Wdl, search_score};
    assert_eq!(eval_text(search_score(Wdl::Win, 4)), "#+");
    assert_eq!(eval_text(search_score(Wdl::Loss, 4)), "#-");
}

#[test]
fn a_setup_starts_a_new_history_and_every_move_is_noted() {
    let text = "1. 32-28 19-23 /FEN \"W:W32,33:B19,20\"/ 2. 33-29 20-24 *";
    let checked = check(text, Some(Variant::International), CANONICAL).unwrap();
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let out = analyze(&checked, &limits, None).unwrap();
    let evals = out.matches('{').count();
    let variations = out.matches('(').count();
    assert_eq!(evals - variations, 4, "{out}");
}
