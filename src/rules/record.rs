//! A game's history of position hashes, for the repetition rule every
//! variant has (threefold repetition of the same position with the same
//! side to move; in the stacking variants the hash covers every stack's
//! composition and order).

use super::{Game, GameEnd, Outcome};

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
                outcome: Outcome::Draw,
                reason: "threefold repetition".to_string(),
            })
        })
    }
}
