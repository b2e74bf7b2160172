//! One game of a file from text to a replayed game, or to the line that
//! reports what is wrong with it:
//! `file:line:col: game N (White - Black), move M: reason`. A game without
//! a variant tag is read as `--variant` says, else as its squares suggest
//! (said once per variant on stderr); its errors then name `--variant`.

use super::gametype::{Untagged, game_variant};
use super::parse::{parse_game, parse_header};
use super::replay::{GameError, Options, Replayed, label, replay};
use super::source::Source;
use super::split::{GameRef, Splitter};
use super::syntax::PdnGame;
use crate::variant::Variant;
use std::sync::Once;

/// A game that read and replayed.
pub struct Checked<'t> {
    pub game: PdnGame<'t>,
    pub variant: Variant,
    pub replayed: Replayed,
}

/// Read and replay one game's text, `flag` the variant of games without a
/// variant tag (`--variant`); on failure, the players (when the header
/// could be read) and the error.
pub fn check<'t>(
    text: &'t str,
    flag: Option<Variant>,
    options: Options,
) -> Result<Checked<'t>, (String, GameError)> {
    let mut game = parse_game(text).map_err(|e| {
        (
            parse_header(text).players(),
            GameError {
                offset: e.offset,
                label: e.number.map(label),
                reason: e.message,
            },
        )
    })?;
    let (variant, untagged) = game_variant(&game, flag).map_err(|reason| {
        let tag = game
            .find_tag("GameType")
            .or_else(|| game.find_tag("Variant"));
        (
            game.players(),
            GameError {
                offset: tag.map_or(0, |t| t.offset),
                label: None,
                reason,
            },
        )
    })?;
    if let Some(Untagged::Inferred(why)) = untagged {
        say_inferred(variant, why);
    }
    let replayed = replay(&mut game, variant, options).map_err(|mut e| {
        match &untagged {
            Some(Untagged::Inferred(why)) => e.reason.push_str(&format!(
                " (no GameType tag: read as {variant} because {why}; --variant V says otherwise)"
            )),
            Some(Untagged::Flag) => e.reason.push_str(&format!(
                " (no GameType tag: read as {variant}, as --variant says)"
            )),
            None => {}
        }
        (game.players(), e)
    })?;
    Ok(Checked {
        game,
        variant,
        replayed,
    })
}

/// Say once per variant and run which variant games without a tag were
/// read as, and why.
fn say_inferred(variant: Variant, why: &str) {
    static SAID: [Once; Variant::ALL.len()] = [const { Once::new() }; Variant::ALL.len()];
    let i = Variant::ALL.iter().position(|v| *v == variant).unwrap_or(0);
    SAID[i].call_once(|| {
        log::warn!(
            "a game without a GameType tag was read as {variant} because {why} \
             (--variant V reads them all as V)"
        );
    });
}

/// The report line of a bad game.
pub fn report(
    file: &str,
    source: &Source,
    game: &GameRef,
    text: &str,
    players: &str,
    error: &GameError,
) -> String {
    let (line, column) = source.location(&game.span, text, error.offset);
    let at_move = error
        .label
        .as_ref()
        .map_or(String::new(), |m| format!(", move {m}"));
    format!(
        "{file}:{line}:{column}: game {} ({players}){at_move}: {}",
        game.index, error.reason
    )
}

/// Whether `source` reads as PDN at all: it has a game, and its first game
/// does not fail on its very first token.
pub fn looks_like_pdn(source: &Source) -> Result<(), String> {
    let Some(span) = Splitter::new(source.bytes()).next() else {
        return Err("no PDN game in it".to_string());
    };
    let text = source.text(&span);
    match parse_game(&text) {
        Err(e) if text[..e.offset].trim().is_empty() => {
            let (line, column) = source.location(&span, &text, e.offset);
            Err(format!("not a PDN file ({line}:{column}: {})", e.message))
        }
        _ => Ok(()),
    }
}
