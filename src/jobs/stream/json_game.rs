//! A game given as one JSON object, as `dam pdn convert --json` writes it
//! (`variant`, `tags`, `moves` as `{"move": ..}` objects or plain strings,
//! `result`), turned back into PDN text so that it is read, replayed and
//! analysed exactly as the same game in a PDN file.

use crate::pdn::gametype::terminator;
use crate::pdn::syntax::is_delimiter;
use crate::variant::Variant;
use serde_json::Value;

/// The PDN text of the JSON game `line`, and its `variant` (the variant
/// of the game when it has no GameType tag); or why it cannot be one.
pub fn pdn_of_json(line: &str) -> Result<(String, Option<Variant>), String> {
    let value: Value = serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
    let Value::Object(game) = value else {
        return Err("not a JSON object".to_string());
    };
    let variant = match game.get("variant") {
        None | Some(Value::Null) => None,
        Some(Value::String(v)) => Some(v.parse::<Variant>().map_err(|e| e.to_string())?),
        Some(_) => return Err("\"variant\" is not a string".to_string()),
    };
    let mut text = String::new();
    match game.get("tags") {
        None | Some(Value::Null) => {}
        Some(Value::Object(tags)) => {
            for (name, value) in tags {
                let Value::String(value) = value else {
                    return Err(format!("tag \"{name}\" is not a string"));
                };
                if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
                {
                    return Err(format!("\"{name}\" is not a tag name"));
                }
                let value = value.replace('\\', "\\\\").replace('"', "\\\"");
                text.push_str(&format!("[{name} \"{value}\"]\n"));
            }
        }
        Some(_) => return Err("\"tags\" is not an object".to_string()),
    }
    text.push('\n');
    let moves = match game.get("moves") {
        None | Some(Value::Null) => &Vec::new(),
        Some(Value::Array(moves)) => moves,
        Some(_) => return Err("\"moves\" is not an array".to_string()),
    };
    for (i, mv) in moves.iter().enumerate() {
        let mv = match mv {
            Value::String(m) => m,
            Value::Object(o) => match o.get("move") {
                Some(Value::String(m)) => m,
                _ => return Err(format!("move {} has no \"move\" string", i + 1)),
            },
            _ => return Err(format!("move {} is not a string or an object", i + 1)),
        };
        if mv.is_empty() || mv.bytes().any(is_delimiter) {
            return Err(format!("move {} ({mv:?}) is not one move", i + 1));
        }
        text.push_str(mv);
        text.push(' ');
    }
    let result = match game.get("result") {
        None | Some(Value::Null) => "*",
        Some(Value::String(r)) => terminator(r),
        Some(_) => return Err("\"result\" is not a string".to_string()),
    };
    text.push_str(result);
    text.push('\n');
    Ok((text, variant))
}
