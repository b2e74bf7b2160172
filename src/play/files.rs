//! PDN files for the player: open game N of a file (replayed against the
//! rules, so any move of it can be continued from), and append a game.
//! The game text itself is the match log's (`matches::pdn_log`).

use crate::notation::fen::parse_fen;
use crate::notation::movetext::parse_move;
use crate::pdn::gametype::game_variant;
use crate::pdn::parse::parse_game;
use crate::pdn::replay::{Options, replay};
use crate::pdn::source::decode;
use crate::pdn::split::Splitter;
use crate::pdn::syntax::{Element, PdnGame};
use crate::rules::Game;
use crate::variant::Variant;
use std::io::Write;
use std::path::Path;

/// A game read from a file.
#[derive(Clone, Debug)]
pub struct Loaded<G: Game> {
    pub start: G,
    pub moves: Vec<G::Move>,
    /// White's and Black's names.
    pub names: [String; 2],
    /// How many games the file holds.
    pub games: usize,
}

/// Read `path`, find its game `n` (1-based) and hand it to `f` with the
/// number of games of the file.
fn with_game<T>(
    path: &Path,
    n: usize,
    f: impl FnOnce(&mut PdnGame, usize) -> Result<T, String>,
) -> Result<T, String> {
    let shown = path.display();
    let bytes = std::fs::read(path).map_err(|e| format!("{shown}: {e}"))?;
    let text = decode(&bytes);
    let spans: Vec<_> = Splitter::new(text.as_bytes()).collect();
    let span = n.checked_sub(1).and_then(|i| spans.get(i)).ok_or(format!(
        "{shown}: there is no game {n} (the file has {})",
        spans.len()
    ))?;
    let mut game = parse_game(&text[span.start..span.end])
        .map_err(|e| format!("{shown}: game {n} (line {}): {}", span.line, e.message))?;
    f(&mut game, spans.len()).map_err(|e| format!("{shown}: game {n} (line {}): {e}", span.line))
}

/// The variant of game `n` of `path`.
pub fn variant_of(path: &Path, n: usize) -> Result<Variant, String> {
    with_game(path, n, |game, _| game_variant(game, None).map(|(v, _)| v))
}

/// Game `n` of `path`, which must be a game of `G`.
pub fn load<G: Game>(path: &Path, n: usize) -> Result<Loaded<G>, String> {
    with_game(path, n, |game, games| {
        let (variant, _) = game_variant(game, Some(G::VARIANT))?;
        if variant != G::VARIANT {
            return Err(format!(
                "it is a game of {variant}, this is {} (start dam play --pdn with it)",
                G::VARIANT
            ));
        }
        let options = Options {
            canonical: true,
            fens: true,
            ..Options::default()
        };
        let replayed = replay(game, variant, options)
            .map_err(|e| format!("{} {}", e.label.unwrap_or_default(), e.reason))?;
        let start: G = parse_fen(&replayed.fens[0]).map_err(|e| e.to_string())?;
        let mut pos = start;
        let mut moves = Vec::new();
        for element in &game.body {
            match element {
                Element::Move(m) => {
                    let mv = parse_move(&pos, &m.text).map_err(|e| e.to_string())?;
                    pos = pos.play(&mv);
                    moves.push(mv);
                }
                Element::Setup { .. } => {
                    return Err("a position set up inside the moves cannot be played".into());
                }
                _ => {}
            }
        }
        let name = |tag| game.tag(tag).unwrap_or("?").to_string();
        Ok(Loaded {
            start,
            moves,
            names: [name("White"), name("Black")],
            games,
        })
    })
}

/// Append `text` to the file at `path` (made when missing).
pub fn append(path: &Path, text: &str) -> Result<(), String> {
    let shown = path.display();
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("{shown}: {e}"))?;
    file.write_all(text.as_bytes())
        .map_err(|e| format!("{shown}: {e}"))
}
