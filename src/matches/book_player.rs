//! A player that plays from the shipped opening book while the position
//! is in it, and asks another player (dam's search) otherwise: the
//! `book=true` setting of `dam dxp --search` and the `dam:` engines of
//! `dam match`.

use crate::book::{Book, next_random, random_seed};
use crate::protocol::dxp::{ClockState, GameStart, Player};
use crate::rules::record::Record;
use crate::rules::{Game, Outcome};

/// Book moves at most this far below the best (hundredths of a man) may
/// be played, as Hub's default `book-margin`.
pub const MARGIN: i32 = 4;

/// Use the book up to this ply, as Hub's default `book-ply`.
pub const MAX_PLY: u32 = 20;

/// The book first, then `inner`.
pub struct BookPlayer<G: Game, P> {
    book: Book<G>,
    inner: P,
    rng: u64,
}

impl<G: Game, P: Player<G>> BookPlayer<G, P> {
    pub fn new(book: Book<G>, inner: P) -> BookPlayer<G, P> {
        BookPlayer {
            book,
            inner,
            rng: random_seed(),
        }
    }
}

impl<G: Game, P: Player<G>> Player<G> for BookPlayer<G, P> {
    fn new_game(&mut self, game: &GameStart<G>) {
        self.inner.new_game(game);
    }

    fn choose(
        &mut self,
        record: &Record<G>,
        history: &[u64],
        clock: ClockState,
    ) -> Option<G::Move> {
        let random = next_random(&mut self.rng);
        match self.book.probe(record.position(), MAX_PLY, MARGIN, random) {
            Some((mv, _)) => Some(mv),
            None => self.inner.choose(record, history, clock),
        }
    }

    fn game_over(&mut self, record: &Record<G>, outcome: Option<Outcome>) {
        self.inner.game_over(record, outcome);
    }

    fn abandon_on(&mut self, abandoned: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        self.inner.abandon_on(abandoned);
    }

    fn keeps_game_clock(&self) -> bool {
        self.inner.keeps_game_clock()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::read_book;
    use crate::notation::movetext::parse_move;
    use crate::rules::removal::International;
    use std::time::Duration;

    /// A player that never finds a move.
    struct Nothing;

    impl Player<International> for Nothing {
        fn new_game(&mut self, _: &GameStart<International>) {}
        fn choose(
            &mut self,
            _: &Record<International>,
            _: &[u64],
            _: ClockState,
        ) -> Option<<International as Game>::Move> {
            None
        }
    }

    #[test]
    fn the_book_first_then_the_other_player() {
        let text = "W:W31-50:B1-20 ; 32-28 +0.04 ; 33-28 -0.50\n";
        let book = read_book::<International>(text, "test.book").unwrap();
        let mut player = BookPlayer::new(book, Nothing);
        let clock = ClockState::Game {
            remaining: Duration::from_secs(60),
            moves_to_go: None,
        };
        let start = International::start();
        let mut record = Record::new(start);
        let best = parse_move(&start, "32-28").unwrap();
        for _ in 0..8 {
            assert_eq!(player.choose(&record, &[start.hash()], clock), Some(best));
        }
        record.play(&best);
        assert_eq!(player.choose(&record, &[], clock), None, "out of book");
    }
}
