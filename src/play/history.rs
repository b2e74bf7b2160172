//! The game being played: its start, the line of moves, and where in it
//! the board stands, so moves can be taken back and played forward again;
//! a different move after a take-back erases the moves after it. An end
//! by resignation, agreement or the clock is kept beside the rules' end.

use crate::notation::movetext::pdn_move;
use crate::rules::record::Record;
use crate::rules::{Game, GameEnd};

/// One game's moves and the cursor in them.
#[derive(Clone, Debug)]
pub struct History<G: Game> {
    /// `positions[0]` is the start, `positions[i]` the position after
    /// `moves[i - 1]`.
    positions: Vec<G>,
    moves: Vec<G::Move>,
    /// How many moves are on the board now.
    at: usize,
    /// An end the rules do not see (resignation, agreed draw, the clock),
    /// at the ply `at` it happened.
    agreed: Option<(usize, GameEnd)>,
}

impl<G: Game> History<G> {
    pub fn new(start: G) -> History<G> {
        History {
            positions: vec![start],
            moves: Vec::new(),
            at: 0,
            agreed: None,
        }
    }

    pub fn start(&self) -> G {
        self.positions[0]
    }

    /// The position on the board.
    pub fn position(&self) -> G {
        self.positions[self.at]
    }

    /// The moves up to the board's position.
    pub fn played(&self) -> &[G::Move] {
        &self.moves[..self.at]
    }

    /// The ply the board stands at and the length of the whole line.
    pub fn cursor(&self) -> (usize, usize) {
        (self.at, self.moves.len())
    }

    /// The last move played on the board, with the position before it.
    pub fn last_move(&self) -> Option<(G, G::Move)> {
        let i = self.at.checked_sub(1)?;
        Some((self.positions[i], self.moves[i]))
    }

    /// Play a legal move. The moves after the board's position are kept
    /// when it is the next of them, else erased.
    pub fn play(&mut self, mv: &G::Move) {
        if self.moves.get(self.at) != Some(mv) {
            self.moves.truncate(self.at);
            self.positions.truncate(self.at + 1);
            let next = self.position().play(mv);
            self.moves.push(*mv);
            self.positions.push(next);
        }
        self.at += 1;
        self.agreed = None;
    }

    /// Go to ply `ply` of the line (clamped); whether the board changed.
    pub fn goto(&mut self, ply: usize) -> bool {
        let ply = ply.min(self.moves.len());
        let changed = ply != self.at;
        if changed {
            self.at = ply;
            self.agreed = None;
        }
        changed
    }

    /// The ply where move `number` of the first mover starts.
    pub fn ply_of_move(&self, number: usize) -> usize {
        (2 * (number - 1)).saturating_sub(self.first_ply())
    }

    /// 1 when the game started with the second mover to move.
    fn first_ply(&self) -> usize {
        usize::from(self.start().side_to_move() != G::start().side_to_move())
    }

    /// The hashes of the positions up to the board's, for the search.
    pub fn hashes(&self) -> Vec<u64> {
        self.positions[..=self.at].iter().map(G::hash).collect()
    }

    /// End the game where the board stands, outside the rules.
    pub fn end_by(&mut self, end: GameEnd) {
        self.agreed = Some((self.at, end));
    }

    /// How the game ended, if it did at the board's position.
    pub fn game_end(&self) -> Option<GameEnd> {
        if let Some((at, end)) = &self.agreed
            && *at == self.at
        {
            return Some(end.clone());
        }
        let mut record = Record::new(self.start());
        for mv in self.played() {
            record.play(mv);
        }
        record.game_end()
    }

    /// The whole line as numbered PDN moves, `[..]` around the move the
    /// board stands after.
    pub fn move_list(&self) -> String {
        let mut out = Vec::new();
        for (i, mv) in self.moves.iter().enumerate() {
            let text = pdn_move(&self.positions[i], mv);
            let text = if i + 1 == self.at {
                format!("[{text}]")
            } else {
                text
            };
            let first_mover = (i + self.first_ply()).is_multiple_of(2);
            if first_mover || i == 0 {
                out.push(format!("{} {text}", self.number(i)));
            } else {
                out.push(text);
            }
        }
        out.join(" ")
    }

    /// The number written before the move at `ply`: `12.` for the first
    /// mover's, `12...` for the other side's.
    pub fn number(&self, ply: usize) -> String {
        let ply = ply + self.first_ply();
        let dots = if ply.is_multiple_of(2) { "." } else { "..." };
        format!("{}{dots}", ply / 2 + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::movetext::parse_move;
    use crate::rules::removal::International;

    fn mv(h: &History<International>, text: &str) -> <International as Game>::Move {
        parse_move(&h.position(), text).unwrap()
    }

    #[test]
    fn take_back_forward_and_a_new_line() {
        let mut h = History::new(International::start());
        for text in ["32-28", "19-23", "28x19"] {
            let m = mv(&h, text);
            h.play(&m);
        }
        assert_eq!(h.move_list(), "1. 32-28 19-23 2. [28x19]");
        assert!(h.goto(1));
        assert_eq!(h.cursor(), (1, 3));
        let same = mv(&h, "19-23");
        h.play(&same);
        assert_eq!(h.cursor(), (2, 3), "the same move keeps the line");
        h.goto(1);
        let other = mv(&h, "18-22");
        h.play(&other);
        assert_eq!(h.cursor(), (2, 2), "another move erases the rest");
        assert_eq!(h.ply_of_move(2), 2);
        assert_eq!(h.hashes().len(), 3);
    }
}
