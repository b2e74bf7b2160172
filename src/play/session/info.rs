//! What the engine tells the player without playing: every legal move
//! ranked (with the endgame database's value where one is found), a hint,
//! and live analysis until the player types.

use super::{Flow, Session};
use crate::egtb::moves::rank;
use crate::engine::score_text;
use crate::eval::Evaluate;
use crate::notation::movetext::pdn_move;
use crate::play::input::Input;
use crate::rules::MoveList;

impl<G: Evaluate> Session<G> {
    pub(super) fn list_moves(&mut self) {
        let pos = self.history.position();
        let all = pos.count_moves() as usize;
        if all == 0 {
            self.screen.say("no legal move");
            return;
        }
        let Some(out) = self.engine.quick(&pos, &self.history.hashes(), all) else {
            return;
        };
        let mut lines = out.lines.clone();
        lines.sort_by_key(|(_, score)| std::cmp::Reverse(*score));
        let mut text = format!("{all} legal moves, best first (depth {}):", out.depth);
        let mut row = |mv: &G::Move, score: String| {
            let db = self
                .engine
                .database_value(&pos, mv)
                .map(|v| format!("  database {v}"))
                .unwrap_or_default();
            text.push_str(&format!("\n  {:<12} {score:>8}{db}", pdn_move(&pos, mv)));
        };
        for (mv, score) in &lines {
            row(mv, score_text(*score));
        }
        // a covered root searches only the moves that keep the database
        // value: the others follow, unsearched, by their database value
        let mut moves = MoveList::new();
        pos.generate(&mut moves);
        let mut rest: Vec<_> = moves
            .into_iter()
            .filter(|mv| !lines.iter().any(|(m, _)| m == mv))
            .map(|mv| (self.engine.database_value(&pos, &mv).map(rank), mv))
            .collect();
        rest.sort_by_key(|(value, _)| std::cmp::Reverse(*value));
        for (_, mv) in &rest {
            row(mv, "-".into());
        }
        self.screen.say(&text);
    }

    pub(super) fn hint(&mut self) {
        let pos = self.history.position();
        let out = self.engine.quick(&pos, &self.history.hashes(), 1);
        match out.and_then(|o| o.best.map(|mv| (mv, o.score))) {
            Some((mv, score)) => {
                let text = format!(
                    "hint: {} (score {})",
                    pdn_move(&pos, &mv),
                    score_text(score)
                );
                self.screen.say(&text);
            }
            None => self.screen.say("no legal move"),
        }
    }

    pub(super) fn analyze_until_input(&mut self) -> Flow {
        let pos = self.history.position();
        if pos.count_moves() == 0 {
            self.screen.say("no legal move to analyze");
            return Flow::Go;
        }
        self.screen.say("analyzing; press Enter to stop");
        self.screen.redraw(&self.board_text(), "");
        let hashes = self.history.hashes();
        let board = self.board_text();
        let screen = &mut self.screen;
        let stopped_by = self.engine.analyze(&pos, &hashes, &self.input, |line| {
            screen.say(line);
            screen.redraw(&board, "");
        });
        self.screen.say("analysis stopped");
        // The line that stopped the analysis is the key pressed: spent.
        match stopped_by {
            Input::End => self.handle(Input::End),
            Input::Line(_) => Flow::Go,
        }
    }
}
