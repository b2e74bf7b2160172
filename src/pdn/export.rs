//! The outputs of `dam pdn convert` for one replayed game: clean PDN 3.0,
//! one FEN per position, or one JSON object (tags, moves with the FEN
//! after each, result). The JSON `result` and `tags.Result` are the same
//! text, in the variant's result format as the PDN output writes it; when
//! the game's terminator overrules a Result tag that says otherwise,
//! `result_overrules` gives the tag's original value.

use super::check::Checked;
use super::gametype::{result_for, result_outcome};
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

/// The JSON object of a game, written as it goes (a tree of
/// `serde_json::Value`s for the moves took some 180 bytes of memory per
/// byte of a long game's text); keys in order, as `serde_json` writes a
/// map.
fn json_line(checked: &Checked, variant: Variant) -> String {
    let game = &checked.game;
    let result = result_for(variant, &game_result(game));
    let mut tags: Map<String, Value> = game
        .tags()
        .map(|t| (t.name.to_string(), Value::String(t.value.to_string())))
        .collect();
    let tag = game.tag("Result").filter(|_| result != "*");
    let overruled = tag.filter(|t| result_outcome(variant, t) != result_outcome(variant, &result));
    if tag.is_some() {
        tags.insert("Result".to_string(), Value::String(result.clone()));
    }
    let mut rest = json!({
        "variant": variant.id(),
        "tags": tags,
        "start": checked.replayed.fens.first(),
        "result": result,
    });
    if let Some(original) = overruled {
        rest["result_overrules"] = json!({
            "tag": original,
            "why": "the game's terminator gives another result than its Result tag; the terminator is taken",
        });
    }
    let fens = checked.replayed.fens.iter().skip(1);
    let mut out = String::from("{\"moves\":[");
    let moves = game.body.iter().filter_map(|e| match e {
        Element::Move(m) => Some(m.text.as_ref()),
        _ => None,
    });
    for (i, (mv, fen)) in moves.zip(fens).enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"fen\":");
        out.push_str(&Value::from(fen.as_str()).to_string());
        out.push_str(",\"move\":");
        out.push_str(&Value::from(mv).to_string());
        out.push('}');
    }
    out.push_str("],");
    // `rest` without its opening brace: the keys after "moves".
    out.push_str(&rest.to_string()[1..]);
    out.push('\n');
    out
}
