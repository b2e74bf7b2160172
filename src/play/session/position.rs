//! Where a game starts: a new game, set-up mode, and PDN files (append
//! the game; open a game of a file, and the next or previous one).

use super::{Opened, Session};
use crate::eval::Evaluate;
use crate::matches::Finished;
use crate::matches::pdn_log::{MatchTags, game_text};
use crate::notation::fen::write_fen;
use crate::play::clock::Clocks;
use crate::play::command::Sides;
use crate::play::files;
use crate::play::history::History;
use crate::play::setup::{self, Step};
use std::path::PathBuf;

impl<G: Evaluate> Session<G> {
    pub(super) fn setup_line(&mut self, line: &str) {
        let Some(edited) = self.setup.as_mut() else {
            return;
        };
        match setup::step::<G>(edited, line) {
            Step::Edit(None) => {}
            Step::Edit(Some(message)) => self.screen.say(&message),
            Step::Board => {
                if !self.screen.terminal() {
                    self.screen.print(&self.board_text());
                }
            }
            Step::Help => self.screen.say(setup::HELP),
            Step::Cancel => {
                self.setup = None;
                self.screen.say("set-up cancelled");
            }
            Step::Done(pos) => {
                self.setup = None;
                self.restart(pos);
                let text = format!("position set: {}", write_fen(&pos));
                self.screen.say(&text);
                self.announce_end();
            }
        }
    }

    /// Append the game up to the board's position to a PDN file.
    pub(super) fn save(&mut self, path: &str) {
        let end = self.history.game_end();
        let game = Finished {
            round: 1,
            white: 0,
            start: self.history.start(),
            moves: self.history.played().to_vec(),
            outcome: end.as_ref().map(|e| e.outcome),
            termination: end.map_or_else(|| "unterminated".to_string(), |e| e.reason),
        };
        let names = if self.opened.is_some() {
            self.names.clone()
        } else {
            let who = |engine: bool| if engine { "dam" } else { "player" }.to_string();
            [who(self.computer.white), who(self.computer.black)]
        };
        let tags = MatchTags {
            event: "dam play".to_string(),
            names,
            time_control: self.clocks.level().time_control(),
        };
        let text = game_text(&game, &tags);
        match files::append(std::path::Path::new(path), &text) {
            Ok(()) => self.screen.say(&format!("saved to {path}")),
            Err(e) => self.screen.say(&format!("error: {e}")),
        }
    }

    /// Open game `n` of `path`; the engine stops playing so the game can
    /// be stepped through and continued from any move.
    pub(super) fn load(&mut self, path: PathBuf, n: usize) -> Result<(), String> {
        let loaded = files::load::<G>(&path, n)?;
        self.restart(loaded.start);
        for mv in &loaded.moves {
            self.history.play(mv);
        }
        self.names = loaded.names;
        self.computer = Sides {
            white: false,
            black: false,
        };
        let text = format!(
            "game {n} of {} ({} {}): {} - {}; the engine plays neither side",
            loaded.games,
            loaded.moves.len(),
            if loaded.moves.len() == 1 {
                "ply"
            } else {
                "plies"
            },
            self.names[0],
            self.names[1]
        );
        self.screen.say(&text);
        self.screen.say(&self.history.move_list());
        self.opened = Some(Opened {
            path,
            game: n,
            games: loaded.games,
        });
        self.announce_end();
        Ok(())
    }

    pub(super) fn step_file(&mut self, forward: bool) {
        let Some(opened) = &self.opened else {
            self.screen.say("error: no file is open (load FILE)");
            return;
        };
        let n = if forward {
            opened.game + 1
        } else {
            opened.game.saturating_sub(1)
        };
        if n == 0 || n > opened.games {
            self.screen
                .say(&format!("no game {n} in {}", opened.path.display()));
            return;
        }
        if let Err(e) = self.load(opened.path.clone(), n) {
            self.screen.say(&format!("error: {e}"));
        }
    }

    /// A new game from `start`: the player has the move, the engine
    /// keeps playing the other side if it did.
    pub(super) fn restart(&mut self, start: G) {
        let before = self.history.position().side_to_move();
        self.history = History::new(start);
        self.player_to_move(before);
        self.clocks = Clocks::new(self.clocks.level());
        self.engine.clear();
        self.opened = None;
    }
}
