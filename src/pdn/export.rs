//! The outputs of `dam pdn convert` for one replayed game: clean PDN 3.0,
//! one FEN per position, or one JSON object (tags, moves with the FEN
//! after each, result).

use super::check::Checked;
use super::gametype::result_for;
use super::syntax::Element;
use super::write::{game_result, write_game};
use crate::rules::Game;
use crate::variant::Variant;
use crate::with_variant;
use serde_json::{Map, Value, json};

/// What `convert` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Pdn,
    FenList,
    Json,
}

/// The text of one game in `format` (replayed with canonical moves, and
/// with FENs for the FEN list and JSON).
pub fn export(checked: &Checked, format: Format) -> String {
    match format {
        Format::Pdn => {
            let mut out = String::new();
            let geo = with_variant!(checked.variant, G => G::geometry());
            write_game(&mut out, &checked.game, checked.variant, geo);
            out
        }
        Format::FenList => {
            let mut out = checked.replayed.fens.join("\n");
            out.push_str("\n\n");
            out
        }
        Format::Json => json_line(checked, checked.variant),
    }
}

fn json_line(checked: &Checked, variant: Variant) -> String {
    let game = &checked.game;
    let tags: Map<String, Value> = game
        .tags()
        .map(|t| (t.name.to_string(), Value::String(t.value.to_string())))
        .collect();
    let moves: Vec<Value> = game
        .body
        .iter()
        .filter_map(|e| match e {
            Element::Move(m) => Some(m.text.as_ref()),
            _ => None,
        })
        .zip(checked.replayed.fens.iter().skip(1))
        .map(|(mv, fen)| json!({ "move": mv, "fen": fen }))
        .collect();
    let object = json!({
        "variant": variant.id(),
        "tags": tags,
        "start": checked.replayed.fens.first(),
        "moves": moves,
        "result": result_for(variant, &game_result(game)),
    });
    format!("{object}\n")
}
