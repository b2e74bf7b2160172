//! A game's history of position hashes, for the repetition rule every
//! variant has (threefold repetition of the same position with the same
//! side to move; in the stacking variants the hash covers every stack's
//! composition and order).

use super::{Game, GameEnd};

/// The positions of one game, from its start (or its last irreversible
/// move) to now.
#[derive(Clone, Debug)]
pub struct Record<G: Game> {
    position: G,
    hashes: Vec<u64>,
}

impl<G: Game> Record<G> {
    /// A game starting at `position`.
    pub fn new(position: G) -> Record<G> {
        Record {
            position,
            hashes: vec![position.hash()],
        }
    }

    /// The current position.
    pub fn position(&self) -> &G {
        &self.position
    }

    /// Play a legal move.
    pub fn play(&mut self, mv: &G::Move) {
        self.position = self.position.play(mv);
        self.hashes.push(self.position.hash());
    }

    /// How often the current position has occurred in this game.
    pub fn repetitions(&self) -> usize {
        let now = self.position.hash();
        self.hashes.iter().filter(|&&h| h == now).count()
    }

    /// The end of the game, if it has ended: by the position itself, or by
    /// threefold repetition.
    pub fn game_end(&self) -> Option<GameEnd> {
        self.position.game_end().or_else(|| {
            (self.repetitions() >= 3).then(|| GameEnd {
                outcome: self.position.repetition_outcome(),
                reason: "threefold repetition".to_string(),
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen::parse_fen;
    use crate::notation::movetext::parse_move;
    use crate::rules::Outcome;
    use crate::rules::columns::Damasca;
    use crate::rules::removal::International;

    /// Play `moves` (each pair returns both kings home) from `fen`.
    fn shuffle<G: Game>(fen: &str, moves: &[&str]) -> Record<G> {
        let mut record = Record::new(parse_fen::<G>(fen).unwrap());
        for text in moves {
            let mv = parse_move(record.position(), text).unwrap();
            record.play(&mv);
        }
        record
    }

    #[test]
    fn third_occurrence_is_a_draw() {
        let there_and_back = ["47-42", "4-10", "42-47", "10-4"];
        let twice: Vec<&str> = there_and_back
            .iter()
            .chain(&there_and_back)
            .copied()
            .collect();
        let record = shuffle::<International>("W:WK47:BK4", &twice[..7]);
        assert_eq!(
            record.repetitions(),
            2,
            "the start position after 7 plies is not back yet"
        );
        assert_eq!(record.game_end(), None);
        let record = shuffle::<International>("W:WK47:BK4", &twice);
        assert_eq!(record.repetitions(), 3);
        assert_eq!(record.game_end().map(|e| e.outcome), Some(Outcome::Draw));
    }

    #[test]
    fn damasca_repetition_is_adjudicated() {
        // White controls three tops, Black one: the repetition goes to White.
        let moves = ["K29-25", "K4-8", "25-29", "8-4"];
        let twice: Vec<&str> = moves
            .iter()
            .chain(&moves)
            .map(|m| m.trim_start_matches('K'))
            .collect();
        let record = shuffle::<Damasca>("W:WK29,21,22:BK4", &twice);
        assert_eq!(record.repetitions(), 3);
        assert_eq!(
            record.game_end().map(|e| e.outcome),
            Some(Outcome::Win(crate::rules::Color::White))
        );
    }
}
