//! One game of a file from text to a replayed game, or to the line that
//! reports what is wrong with it:
//! `file:line:col: game N (White - Black), move M: reason`.

use super::batch::GameRef;
use super::gametype::game_variant;
use super::parse::{parse_game, parse_header};
use super::replay::{GameError, Options, Replayed, label, replay};
use super::source::Source;
use super::split::Splitter;
use super::syntax::PdnGame;
use crate::variant::Variant;

/// A game that read and replayed.
pub struct Checked<'t> {
    pub game: PdnGame<'t>,
    pub variant: Variant,
    pub replayed: Replayed,
}

/// Read and replay one game's text; on failure, the players (when the
/// header could be read) and the error.
pub fn check<'t>(
    text: &'t str,
    default: Variant,
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
    let variant = game_variant(&game, default).map_err(|reason| {
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
    let replayed = replay(&mut game, variant, options).map_err(|e| (game.players(), e))?;
    Ok(Checked {
        game,
        variant,
        replayed,
    })
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
