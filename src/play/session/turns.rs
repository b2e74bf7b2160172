//! Moves on the board and the ends of games: the player's typed and
//! forced moves, the engine's move, the clocks' verdicts, take back and
//! forward, resignation and draw offers.

use super::{DRAW_MARGIN, MAX_MOVE_TEXT, Session};
use crate::book::next_random;
use crate::engine::score_text;
use crate::eval::Evaluate;
use crate::matches::pdn_log::result_text;
use crate::notation::fen::points;
use crate::notation::movetext::pdn_move;
use crate::play::clock::Expiry;
use crate::play::typed::{legal_list, read_move};
use crate::rules::{Color, GameEnd, MoveList, Outcome, Setup};

impl<G: Evaluate> Session<G> {
    pub(super) fn human_move(&mut self, text: &str) {
        if self.refuse_when_over() {
            return;
        }
        if text.len() > MAX_MOVE_TEXT {
            let text = format!("illegal move: a move is not {} characters long", text.len());
            self.screen.say(&text);
            return;
        }
        let pos = self.history.position();
        match read_move(&pos, text) {
            Ok(mv) => self.play(&mv, None),
            Err(e) => self.screen.say(&format!("illegal move: {e}")),
        }
    }

    pub(super) fn forced(&mut self) {
        if self.history.game_end().is_some() {
            return;
        }
        let pos = self.history.position();
        let mut moves = MoveList::new();
        pos.generate(&mut moves);
        match moves.as_slice() {
            [mv] => self.play(mv, None),
            _ => {
                let text = format!("no forced move; legal moves: {}", legal_list(&pos));
                self.screen.say(&text);
            }
        }
    }

    /// Play `mv` on the board; `note` tells an engine move's score.
    pub(super) fn play(&mut self, mv: &G::Move, note: Option<String>) {
        let pos = self.history.position();
        let number = self.history.number(self.history.cursor().0);
        let text = pdn_move(&pos, mv);
        self.clocks.moved(pos.side_to_move());
        self.history.play(mv);
        let note = note.map(|n| format!(" ({n})")).unwrap_or_default();
        self.screen.say(&format!("{number} {text}{note}"));
        self.announce_end();
    }

    pub(super) fn announce_end(&mut self) {
        let Some(end) = self.history.game_end() else {
            return;
        };
        self.clocks.stop(self.history.position().side_to_move());
        let result = match end.outcome {
            Outcome::Win(color) => format!("{} wins", self.name(color)),
            Outcome::Draw => "draw".to_string(),
        };
        let text = format!(
            "game over: {result} ({}), {}",
            end.reason,
            result_text::<G>(Some(end.outcome))
        );
        self.screen.say(&text);
    }

    /// The engine plays the side to move.
    pub(super) fn engine_move(&mut self) {
        let pos = self.history.position();
        let side = pos.side_to_move();
        let limits = self.clocks.limits(side);
        let level = self.clocks.level();
        let hashes = self.history.hashes();
        match self.engine.think(&pos, &hashes, &limits, level) {
            Some(choice) => {
                let note = format!(
                    "dam: score {} depth {}",
                    score_text(choice.score),
                    choice.depth
                );
                self.play(&choice.mv, Some(note));
                self.check_clock();
            }
            None => self.screen.say("the engine has no legal move"),
        }
    }

    /// Act on a clock that ran out for the side to move; whether one did.
    pub(super) fn check_clock(&mut self) -> bool {
        let pos = self.history.position();
        let side = pos.side_to_move();
        let Some(expiry) = self.clocks.expired(side) else {
            return false;
        };
        match expiry {
            Expiry::Flag => {
                let reason = format!("{}'s time is up", self.name(side));
                self.end(Outcome::Win(side.flip()), reason);
            }
            Expiry::GameOver => {
                let [red, blue] = final_totals(&pos.to_setup());
                let reason = format!(
                    "the game clock ran out; final totals {} {} {} {}",
                    self.name(Color::White),
                    points(red),
                    self.name(Color::Black),
                    points(blue)
                );
                self.end(pos.repetition_outcome(), reason);
            }
            Expiry::MoveTime => {
                let mut moves = MoveList::new();
                pos.generate(&mut moves);
                if moves.is_empty() {
                    return false;
                }
                let mv = moves[(next_random(&mut self.dice) % moves.len() as u64) as usize];
                let text = format!(
                    "{}'s time for the move is up: a random move is played",
                    self.name(side)
                );
                self.screen.say(&text);
                self.play(&mv, None);
            }
        }
        true
    }

    pub(super) fn end(&mut self, outcome: Outcome, reason: String) {
        self.history.end_by(GameEnd { outcome, reason });
        self.announce_end();
    }

    pub(super) fn go_to(&mut self, ply: usize) {
        let side = self.history.position().side_to_move();
        if self.history.goto(ply) {
            self.clocks.stop(side);
            self.player_to_move(side);
            let (at, len) = self.history.cursor();
            self.screen.say(&format!(
                "at ply {at} of {len}: {}",
                self.history.move_list()
            ));
        } else {
            self.screen.say("no move to go to");
        }
    }

    /// The player resigns: the side the engine does not play, else the
    /// side to move.
    pub(super) fn resign(&mut self) {
        if self.refuse_when_over() {
            return;
        }
        let to_move = self.history.position().side_to_move();
        let side = if self.engine_plays(to_move) && !self.engine_plays(to_move.flip()) {
            to_move.flip()
        } else {
            to_move
        };
        let reason = format!("{} resigns", self.name(side));
        self.end(Outcome::Win(side.flip()), reason);
    }

    /// The engine answers a draw offer from its evaluation; between two
    /// players the draw is agreed.
    pub(super) fn draw_offer(&mut self) {
        if self.refuse_when_over() {
            return;
        }
        let pos = self.history.position();
        let to_move = pos.side_to_move();
        let engine_side = match (
            self.engine_plays(to_move),
            self.engine_plays(to_move.flip()),
        ) {
            (false, false) => None,
            (true, false) => Some(to_move),
            _ => Some(to_move.flip()),
        };
        let accepted = match engine_side {
            None => true,
            Some(side) => {
                let out = self.engine.quick(&pos, &self.history.hashes(), 1);
                out.is_some_and(|out| {
                    let mine = if side == to_move {
                        out.score
                    } else {
                        -out.score
                    };
                    mine <= DRAW_MARGIN
                })
            }
        };
        if accepted {
            self.screen.say("the draw offer is accepted");
            self.end(Outcome::Draw, "draw agreed".to_string());
        } else {
            self.screen.say("the engine declines the draw");
        }
    }

    pub(super) fn refuse_when_over(&mut self) -> bool {
        let Some(end) = self.history.game_end() else {
            return false;
        };
        let text = format!("the game is over ({}): undo, goto, new or load", end.reason);
        self.screen.say(&text);
        true
    }
}

/// Damath's final totals (rules.md): each side's score plus the numbers
/// of its chips on the board, a Dama's twice; in hundredths.
fn final_totals(setup: &Setup) -> [i64; 2] {
    let mut totals = setup.score;
    for (column, number) in setup.squares.iter().zip(&setup.numbers) {
        if let ([piece], Some(n)) = (column.as_slice(), number) {
            let weight = if piece.king { 200 } else { 100 };
            totals[piece.color.index()] += i64::from(*n) * weight;
        }
    }
    totals
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Piece;

    #[test]
    fn final_totals_count_chips_and_double_damas() {
        let mut setup = Setup::empty(32);
        setup.score = [150, -20];
        setup.squares[0] = vec![Piece {
            color: Color::White,
            king: false,
        }];
        setup.numbers[0] = Some(7);
        setup.squares[1] = vec![Piece {
            color: Color::Black,
            king: true,
        }];
        setup.numbers[1] = Some(-3);
        assert_eq!(final_totals(&setup), [850, -620]);
    }
}
