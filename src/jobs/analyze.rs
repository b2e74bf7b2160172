//! `dam pdn analyze` for one game: the engine searches every position of
//! the main line on one thread with its own small table, and the game is
//! written back with, after each move, its evaluation as a comment, `$2`
//! or `$4` for a mistake or a blunder, and then the engine's better move
//! as a variation with its own evaluation.
//!
//! Evaluations are from White's point of view, in men with two decimals
//! (`{+0.35}`, `{-1.20}`, `{0.00}`), or a forced win as `#` with the
//! winner's sign and the plies left (`{#+13}` White wins, `{#-13}` Black
//! wins), the plies left out where the endgame databases prove the win
//! without knowing its distance to the end (`{#+}`, `{#-}`). A move is a
//! mistake when it loses `MISTAKE` hundredths of a man or more against
//! the engine's choice, a blunder from `BLUNDER`.
//!
//! With endgame databases (a `Shelf`), the search probes them, and a move
//! that throws a covered position's database value away (a win to a draw
//! or a loss, a draw to a loss) is a mistake at least (a blunder from a
//! win to a loss) whatever the search says, with a comment naming both
//! values: `{egtb: win 7 -> draw}`.

mod annotate;

use crate::egtb::moves::thrown_away;
use crate::egtb::{Shelf, Value, Wdl};
use crate::engine::{Config, Engine};
use crate::eval::Evaluate;
use crate::notation::movetext::pdn_move;
use crate::pdn::check::Checked;
use crate::pdn::replay::{GameError, Ply, main_line};
use crate::pdn::write::write_game;
use crate::rules::{Color, Game};
use crate::search::score::{Standing, lost_at, standing};
use crate::search::{Control, Limits};
use crate::with_variant;
pub use annotate::Note;
use annotate::annotated;

/// A loss of this many hundredths of a man or more is a mistake (`$2`).
pub const MISTAKE: i32 = 50;
/// A loss of this many hundredths of a man or more is a blunder (`$4`).
pub const BLUNDER: i32 = 100;

/// The table of each game's engine: `2^TT_BITS` entries of 16 bytes.
pub const TT_BITS: u32 = 18;

/// The annotated game as PDN text (its moves canonical, as `check` with
/// `Options::canonical` leaves them), each position searched within
/// `limits`, with the endgame databases of `egtb` if given.
pub fn analyze(
    checked: &Checked,
    limits: &Limits,
    egtb: Option<&Shelf>,
) -> Result<String, GameError> {
    analysis(checked, limits, egtb).map(|a| a.text)
}

/// A game analysed: the annotated PDN text, and the note of each
/// main-line move, in order.
pub struct Analysis {
    pub text: String,
    pub notes: Vec<Note>,
}

/// The annotated game (as `analyze`) with its notes.
pub fn analysis(
    checked: &Checked,
    limits: &Limits,
    egtb: Option<&Shelf>,
) -> Result<Analysis, GameError> {
    let variant = checked.variant;
    let (notes, geo) =
        with_variant!(variant, G => (notes::<G>(checked, limits, egtb)?, G::geometry()));
    let mut text = String::new();
    write_game(&mut text, &annotated(&checked.game, &notes), variant, geo);
    Ok(Analysis { text, notes })
}

/// What the engine says of each main-line move.
fn notes<G: Evaluate>(
    checked: &Checked,
    limits: &Limits,
    egtb: Option<&Shelf>,
) -> Result<Vec<Note>, GameError> {
    let plies = main_line::<G>(&checked.game)?;
    let tables = egtb.and_then(|shelf| shelf.get(G::VARIANT));
    let engine = Engine::with_tables(&Config::new(1, TT_BITS), tables.cloned());
    let mut history: Vec<u64> = Vec::new();
    let mut notes = Vec::with_capacity(plies.len());
    let mut next: Option<(G, Verdict<G>)> = None;
    for ply in &plies {
        if ply.fresh {
            history.clear();
        }
        history.push(ply.before.hash());
        let here = match next.take() {
            Some((pos, verdict)) if pos == ply.before => verdict,
            _ => verdict(&engine, &ply.before, &history, limits),
        };
        let mut after_history = history.clone();
        after_history.push(ply.after.hash());
        let there = verdict(&engine, &ply.after, &after_history, limits);
        let thrown = tables.and_then(|t| thrown_away(t, &ply.before, &ply.mv));
        notes.push(note(ply, &here, &there, thrown));
        next = Some((ply.after, there));
    }
    Ok(notes)
}

/// The engine's view of one position: its best move, and the score from
/// White's point of view.
struct Verdict<G: Game> {
    best: Option<G::Move>,
    white: i32,
}

fn verdict<G: Evaluate>(engine: &Engine, pos: &G, history: &[u64], limits: &Limits) -> Verdict<G> {
    let (best, score) = if pos.count_moves() == 0 {
        (None, pos.final_score().unwrap_or(lost_at(0)))
    } else {
        let out = engine.search_here(pos, history, limits, 1, &Control::new(false));
        (out.best, out.score)
    };
    Verdict {
        best,
        white: if pos.side_to_move() == Color::White {
            score
        } else {
            -score
        },
    }
}

/// The note of `ply`, given the verdicts before and after it and, if the
/// move throws the database value away, the values before and after it.
fn note<G: Game>(
    ply: &Ply<G>,
    here: &Verdict<G>,
    there: &Verdict<G>,
    thrown: Option<(Value, Value)>,
) -> Note {
    let sign = if ply.before.side_to_move() == Color::White {
        1
    } else {
        -1
    };
    let better = here.best.filter(|b| *b != ply.mv);
    let loss = if better.is_some() {
        sign * (here.white - there.white)
    } else {
        0
    };
    let nag = if loss >= BLUNDER {
        Some(4)
    } else if loss >= MISTAKE {
        Some(2)
    } else {
        None
    };
    let nag = match thrown {
        Some((before, after)) if before.wdl == Wdl::Win && after.wdl == Wdl::Loss => Some(4),
        Some(_) => nag.max(Some(2)),
        None => nag,
    };
    Note {
        element: ply.element,
        mover: ply.before.side_to_move(),
        nag,
        eval: eval_text(there.white),
        egtb: thrown.map(|(before, after)| format!("egtb: {before} -> {after}")),
        better: nag
            .and(better)
            .map(|b| (ply.number, pdn_move(&ply.before, &b), eval_text(here.white))),
    }
}

/// A score from White's point of view as an evaluation comment.
pub fn eval_text(white: i32) -> String {
    let plies = |p: Option<i32>| p.map_or(String::new(), |p| p.to_string());
    match standing(white) {
        Standing::Win(p) => format!("#+{}", plies(p)),
        Standing::Loss(p) => format!("#-{}", plies(p)),
        Standing::Eval(0) => "0.00".to_string(),
        Standing::Eval(s) => format!("{:+.2}", s as f64 / 100.0),
    }
}

#[cfg(test)]
mod tests;
