//! Several games of a match at once: each worker thread owns a pair of
//! players (its own engine processes or searchers) and takes the next game
//! from a shared counter; finished games come back to the caller on its
//! own thread, in the order they finish, each with its round number.

use super::elo::Tally;
use super::{Finished, MatchEnd, MatchSettings, play_game};
use crate::protocol::dxp::Player;
use crate::rules::Game;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};
use std::sync::mpsc;

/// Two players that play one game at a time together.
pub type Seat<G> = [Box<dyn Player<G> + Send>; 2];

/// Play every opening twice, colours reversed, as many games at a time as
/// there are seats; `on_game` gets each game as it finishes and may stop
/// the match by returning false (games under way are finished first, and
/// not passed on). A player that fails (a peer gone silent, an engine that
/// died) stops the match too; the game it failed in is not counted.
pub fn play_match_concurrent<G: Game>(
    seats: Vec<Seat<G>>,
    openings: &[G],
    settings: &MatchSettings,
    mut on_game: impl FnMut(&Finished<G>, &Tally) -> bool,
) -> MatchEnd {
    let total = openings.len() * 2;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let mut tally = Tally::default();
    let mut aborted = None;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<(Finished<G>, Option<String>)>();
        for mut seat in seats {
            let (tx, next, stop) = (tx.clone(), &next, &stop);
            scope.spawn(move || {
                let [first, second] = &mut seat;
                loop {
                    let round = next.fetch_add(1, Relaxed);
                    if round >= total || stop.load(Relaxed) {
                        break;
                    }
                    let mut players: [&mut dyn Player<G>; 2] = [&mut **first, &mut **second];
                    let start = openings[round / 2];
                    let game = play_game(&mut players, start, round % 2, settings, round + 1);
                    let failure = players.iter().find_map(|p| p.failure());
                    if tx.send((game, failure)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (game, failure) in rx {
            if stop.load(Relaxed) {
                continue;
            }
            if let Some(why) = failure {
                aborted = Some(format!("game {}: {why}", game.round));
                stop.store(true, Relaxed);
                continue;
            }
            tally.add(game.outcome.map(|o| super::points_of_first(o, game.white)));
            if !on_game(&game, &tally) {
                stop.store(true, Relaxed);
            }
        }
    });
    MatchEnd { tally, aborted }
}
