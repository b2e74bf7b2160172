//! The JSON records of the `--jsonl` stages, one line a game. Every record
//! starts with `game` (its number in the input) and `line` (where it
//! starts); a game that could not be read or replayed is an error record,
//! `{"game", "line", "error": {"line", "column", "move", "reason",
//! "players"}}`, where `move` is `17` or `17...` (or null) and `column` is
//! null for JSON input.

use super::analyze::Analysis;
use super::stats::Summary;
use crate::pdn::check::Checked;
use crate::pdn::gametype::{result_for, result_outcome};
use crate::pdn::replay::Pieces;
use crate::pdn::syntax::Element;
use crate::pdn::write::game_result;
use crate::rules::Color;
use serde_json::{Map, Value, json};

/// Where an error lies in the input, and what it is.
pub struct ErrorAt<'a> {
    pub line: usize,
    pub column: Option<usize>,
    pub label: Option<&'a str>,
    pub reason: &'a str,
    pub players: &'a str,
}

/// The record of a game that could not be read or replayed.
pub fn error_record(game: usize, line: usize, error: &ErrorAt) -> String {
    let object = json!({
        "game": game,
        "line": line,
        "error": {
            "line": error.line,
            "column": error.column,
            "move": error.label,
            "reason": error.reason,
            "players": error.players,
        },
    });
    format!("{object}\n")
}

/// A game's tags, result and, if needed, `result_overrules`, as every
/// JSON record of a game gives them: `result` in the variant's result
/// format, `tags.Result` the same text (as the PDN writer writes it), and
/// when the game's terminator overrules a Result tag naming another
/// outcome, `result_overrules` with the tag's value and why.
pub fn tags_and_result(checked: &Checked) -> (Map<String, Value>, String, Option<Value>) {
    let (game, variant) = (&checked.game, checked.variant);
    let result = result_for(variant, &game_result(game));
    let mut tags: Map<String, Value> = game
        .tags()
        .map(|t| (t.name.to_string(), Value::String(t.value.to_string())))
        .collect();
    let tag = game.tag("Result").filter(|_| result != "*");
    let overruled = tag
        .filter(|t| result_outcome(variant, t) != result_outcome(variant, &result))
        .map(|original| {
            json!({
                "tag": original,
                "why": "the game's terminator gives another result than its Result tag; \
                        the terminator is taken",
            })
        });
    if tag.is_some() {
        tags.insert("Result".to_string(), Value::String(result.clone()));
    }
    (tags, result, overruled)
}

/// The variant, tags and result every good game's record carries.
fn common(game: usize, line: usize, checked: &Checked) -> Map<String, Value> {
    let (tags, result, overruled) = tags_and_result(checked);
    let mut record = Map::new();
    record.insert("game".into(), json!(game));
    record.insert("line".into(), json!(line));
    record.insert("variant".into(), json!(checked.variant.id()));
    record.insert("tags".into(), Value::Object(tags));
    record.insert("result".into(), json!(result));
    if let Some(overruled) = overruled {
        record.insert("result_overrules".into(), overruled);
    }
    record
}

fn line_of(record: Map<String, Value>) -> String {
    format!("{}\n", Value::Object(record))
}

/// `dam pdn validate --jsonl`: the game replayed; how many main-line
/// moves it has and how many moves were read leniently.
pub fn validation_record(game: usize, line: usize, checked: &Checked) -> String {
    let mut record = common(game, line, checked);
    record.insert("plies".into(), json!(checked.replayed.plies));
    record.insert("lenient".into(), json!(checked.replayed.lenient));
    line_of(record)
}

/// `dam pdn stats --jsonl`: what `dam pdn stats` counts of the game.
pub fn summary_record(game: usize, line: usize, checked: &Checked, summary: &Summary) -> String {
    let mut record = common(game, line, checked);
    record.insert("plies".into(), json!(summary.plies));
    record.insert("opening".into(), json!(summary.opening));
    if let Some(ending) = &summary.ending {
        record.insert("ending".into(), json!(ending));
    }
    if let Some([white, black]) = summary.end {
        let side = |p: Pieces| json!({"men": p.men, "kings": p.kings});
        record.insert(
            "end".into(),
            json!({"white": side(white), "black": side(black)}),
        );
    }
    line_of(record)
}

/// `dam pdn analyze --jsonl`: each main-line move with the side that
/// played it, the evaluation after it, its mark (`2` mistake, `4`
/// blunder) and the engine's better move with its evaluation; and the
/// annotated game as `dam pdn analyze` writes it (`pdn`).
pub fn analysis_record(game: usize, line: usize, checked: &Checked, analysis: &Analysis) -> String {
    let mut record = common(game, line, checked);
    let moves: Vec<Value> = analysis
        .notes
        .iter()
        .map(|note| {
            let text = match checked.game.body.get(note.element) {
                Some(Element::Move(m)) => m.text.as_ref(),
                _ => "",
            };
            let (better, better_eval) = match &note.better {
                Some((_, mv, eval)) => (Some(mv.as_str()), Some(eval.as_str())),
                None => (None, None),
            };
            json!({
                "move": text,
                "side": if note.mover == Color::White { "white" } else { "black" },
                "eval": note.eval,
                "nag": note.nag,
                "better": better,
                "better_eval": better_eval,
            })
        })
        .collect();
    record.insert("moves".into(), Value::Array(moves));
    record.insert("pdn".into(), json!(analysis.text));
    line_of(record)
}
