//! What the player sees: the greeting, the prompt, and the board with
//! its status (side to move, last move, Damath score, move list, clock).

use super::{MOVES_SHOWN, Session};
use crate::eval::Evaluate;
use crate::notation::display::color_name;
use crate::notation::fen::points;
use crate::notation::movetext::pdn_move;
use crate::play::board::draw;
use crate::rules::Color;
use crate::variant::Variant;

impl<G: Evaluate> Session<G> {
    pub(super) fn greet(&mut self) {
        let text = format!(
            "dam play: {}, level {}; the engine plays {}; 'help' lists the commands",
            G::VARIANT,
            self.clocks.level(),
            self.sides_text()
        );
        self.screen.say(&text);
        if !self.screen.terminal() {
            self.screen.print(&self.board_text());
        }
    }

    pub(super) fn sides_text(&self) -> String {
        match (self.computer.white, self.computer.black) {
            (true, true) => "both sides".to_string(),
            (false, false) => "neither side".to_string(),
            (true, false) => self.name(Color::White).to_string(),
            (false, true) => self.name(Color::Black).to_string(),
        }
    }

    pub(super) fn prompt(&self) -> String {
        match self.setup {
            Some(_) => "setup> ".to_string(),
            None if self.history.game_end().is_some() => "game over> ".to_string(),
            None => format!(
                "{} to move> ",
                self.name(self.history.position().side_to_move())
            ),
        }
    }

    /// The board and the status under it.
    pub(super) fn board_text(&self) -> String {
        let (setup, marked) = match &self.setup {
            Some(setup) => (setup.clone(), Vec::new()),
            None => (self.history.position().to_setup(), self.last_squares()),
        };
        let mut out = draw(&setup, G::VARIANT, G::geometry(), &marked, self.style);
        let side = self.name(setup.side);
        match &self.setup {
            Some(_) => out.push_str(&format!("set-up mode, {side} to move\n")),
            None => {
                out.push_str(&format!("{side} to move"));
                if let Some((before, mv)) = self.history.last_move() {
                    out.push_str(&format!(", last move {}", pdn_move(&before, &mv)));
                }
                out.push('\n');
            }
        }
        if G::VARIANT == Variant::Damath {
            out.push_str(&format!(
                "score: {} {}, {} {}\n",
                self.name(Color::White),
                points(setup.score[0]),
                self.name(Color::Black),
                points(setup.score[1])
            ));
        }
        let list = self.history.move_list();
        if !list.is_empty() && self.setup.is_none() {
            out.push_str(&format!("moves: {}\n", tail(&list, MOVES_SHOWN)));
        }
        let names = [self.name(Color::White), self.name(Color::Black)];
        if let Some(clock) = self.clocks.text(setup.side, names) {
            out.push_str(&clock);
            out.push('\n');
        }
        out
    }

    /// The squares of the last move: start, landings and captures.
    pub(super) fn last_squares(&self) -> Vec<u8> {
        let Some((before, mv)) = self.history.last_move() else {
            return Vec::new();
        };
        before
            .routes()
            .into_iter()
            .find(|(m, _)| *m == mv)
            .map(|(_, info)| std::iter::once(info.from).chain(info.path).collect())
            .unwrap_or_default()
    }

    pub(super) fn name(&self, color: Color) -> &'static str {
        color_name(G::VARIANT, color)
    }
}

/// The end of `text`, at most `max` characters, cut at a space with
/// `...` before it.
fn tail(text: &str, max: usize) -> String {
    let count = text.chars().count();
    if count <= max {
        return text.to_string();
    }
    let rest: String = text.chars().skip(count - max).collect();
    let rest = rest.split_once(' ').map_or(rest.as_str(), |(_, r)| r);
    format!("... {rest}")
}

/// Whether the locale says the terminal shows UTF-8 (else the pieces are
/// drawn with ASCII letters).
pub(super) fn utf8_locale() -> bool {
    ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .find_map(|name| std::env::var(name).ok().filter(|v| !v.is_empty()))
        .is_some_and(|v| {
            let v = v.to_ascii_lowercase();
            v.contains("utf-8") || v.contains("utf8")
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_move_lists_keep_their_end() {
        assert_eq!(tail("1. 32-28 19-23", 20), "1. 32-28 19-23");
        assert_eq!(tail("1. 32-28 19-23 2. 37-32", 12), "... 2. 37-32");
    }
}
