//! The outputs of `dam pdn convert` for one replayed game: clean PDN 3.0,
//! one FEN per position, or one JSON object (tags, moves with the FEN
//! after each, result). The JSON `result` and `tags.Result` are the same
//! text, in the variant's result format as the PDN output writes it; when
//! the game's terminator overrules a Result tag that says otherwise,
//! `result_overrules` gives the tag's original value.

use super::records::tags_and_result;
use crate::pdn::check::Checked;
use crate::pdn::syntax::Element;
use crate::pdn::write::write_game;
use crate::rules::Game;
use crate::variant::Variant;
use crate::with_variant;
use serde_json::{Value, json};

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
    let (tags, result, overruled) = tags_and_result(checked);
    let mut rest = json!({
        "variant": variant.id(),
        "tags": tags,
        "start": checked.replayed.fens.first(),
        "result": result,
    });
    if let Some(overruled) = overruled {
        rest["result_overrules"] = overruled;
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
