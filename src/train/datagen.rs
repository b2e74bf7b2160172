//! Self-play data generation (`dam datagen`): games of the engine against
//! itself from varied openings, one single-threaded search per game on a
//! cleared table, games in parallel on the global rayon pool. The quiet
//! positions of each game (no capture for the side to move, past the first
//! few plies) are kept with the game's result and their search score.
//!
//! Openings: a shipped ballot (book/*.txt) drawn at random where the
//! variant has a deck, else the start position, then a few uniformly random
//! legal moves. Everything is drawn from `--seed` and the number of records
//! already in the file, so a run is reproducible and a resumed run plays
//! new games.

use super::record::{Record, RecordError, Writer, fits};
use crate::book::ballots::read_ballots;
use crate::engine::{Config, Engine};
use crate::eval::Evaluate;
use crate::rules::record::Record as History;
use crate::rules::{Color, MoveList, Outcome};
use crate::search::{Control, Limits};
use indicatif::ProgressBar;
use rayon::prelude::*;

/// Games played in parallel before their records are written, in order.
const CHUNK: u64 = 64;
/// Transposition table of each game's search, log2 of its entries.
const TT_BITS: u32 = 16;
/// Random plies added at the start position of a variant without a deck,
/// on top of `random_plies` (as many as a three-move ballot has).
const DECKLESS_PLIES: usize = 3;

/// What `dam datagen` plays.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Games to add to the file.
    pub games: u64,
    /// The search of every move: a depth, a node count, or both.
    pub depth: Option<i32>,
    pub nodes: Option<u64>,
    /// Random legal moves played after the ballot.
    pub random_plies: usize,
    /// Positions before this ply of the game are not recorded.
    pub skip_plies: usize,
    /// A game still going at this ply is a draw.
    pub max_plies: usize,
    pub seed: u64,
}

/// What a run added.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub games: u64,
    pub positions: u64,
    pub white_wins: u64,
    pub draws: u64,
    pub black_wins: u64,
}

/// The openings games start from, each with its ply in the game.
fn openings<G: Evaluate>() -> Vec<(G, usize)> {
    match G::VARIANT
        .facts()
        .datagen_ballots
        .map(|(text, plies)| (read_ballots::<G>(text), plies))
    {
        Some((Ok(deck), plies)) if !deck.is_empty() => {
            deck.into_iter().map(|pos| (pos, plies)).collect()
        }
        _ => vec![(G::start(), 0)],
    }
}

/// A small deterministic generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (n > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Play games into `out`, `progress` counting games; returns what was added.
pub fn generate<G: Evaluate>(
    settings: &Settings,
    out: &mut Writer,
    progress: &ProgressBar,
) -> Result<Summary, RecordError> {
    if !fits(G::VARIANT) {
        return Err(RecordError::Unsupported(G::VARIANT));
    }
    let openings = openings::<G>();
    let salt = Rng(settings.seed ^ out.existing().wrapping_mul(0xd6e8_feb8_6659_fd93)).next();
    let mut summary = Summary::default();
    let mut next = 0;
    while next < settings.games {
        let end = (next + CHUNK).min(settings.games);
        let games: Vec<(Outcome, Vec<Record>)> = (next..end)
            .into_par_iter()
            .map_init(
                || Engine::new(&Config::new(1, TT_BITS)),
                |engine, game| {
                    let mut rng = Rng(salt ^ game.wrapping_mul(0xa076_1d64_78bd_642f));
                    let (start, ply) = openings[rng.below(openings.len())];
                    play_game(engine, start, ply, settings, &mut rng)
                },
            )
            .collect();
        for (outcome, records) in &games {
            for record in records {
                out.write(record)?;
            }
            summary.games += 1;
            summary.positions += records.len() as u64;
            match outcome {
                Outcome::Win(Color::White) => summary.white_wins += 1,
                Outcome::Win(_) => summary.black_wins += 1,
                Outcome::Draw => summary.draws += 1,
            }
        }
        out.flush()?;
        progress.inc(end - next);
        progress.set_message(format!("{} positions", summary.positions));
        next = end;
    }
    Ok(summary)
}

/// One game from `start` (at ply `ply` of its game): its outcome and the
/// records of its quiet positions.
fn play_game<G: Evaluate>(
    engine: &Engine,
    start: G,
    mut ply: usize,
    settings: &Settings,
    rng: &mut Rng,
) -> (Outcome, Vec<Record>) {
    engine.clear();
    let mut game = History::new(start);
    let mut history = vec![start.hash()];
    let random = settings.random_plies + if ply == 0 { DECKLESS_PLIES } else { 0 };
    let mut moves = MoveList::new();
    for _ in 0..random {
        if game.game_end().is_some() {
            break;
        }
        moves.clear();
        game.position().generate(&mut moves);
        game.play(&moves[rng.below(moves.len())]);
        history.push(game.position().hash());
        ply += 1;
    }
    let limits = Limits {
        depth: settings.depth,
        nodes: settings.nodes,
        ..Limits::default()
    };
    let mut kept: Vec<(G, i32, usize)> = Vec::new();
    let outcome = loop {
        if let Some(end) = game.game_end() {
            break end.outcome;
        }
        if ply >= settings.max_plies {
            break Outcome::Draw;
        }
        let pos = *game.position();
        let found = engine.search_here(&pos, &history, &limits, 1, &Control::new(false));
        let Some(best) = found.best else {
            break Outcome::Win(pos.side_to_move().flip());
        };
        moves.clear();
        pos.generate(&mut moves);
        if ply >= settings.skip_plies && !moves.iter().any(G::is_capture) {
            kept.push((pos, found.score, ply));
        }
        game.play(&best);
        history.push(game.position().hash());
        ply += 1;
    };
    let records = kept
        .iter()
        .filter_map(|(pos, score, ply)| Record::from_position(pos, outcome, *score, *ply).ok())
        .collect();
    (outcome, records)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;
    use crate::rules::removal::{English, Russian};

    fn settings(games: u64) -> Settings {
        Settings {
            games,
            depth: Some(2),
            nodes: None,
            random_plies: 2,
            skip_plies: 6,
            max_plies: 120,
            seed: 7,
        }
    }

    #[test]
    fn a_game_keeps_only_quiet_positions_past_the_skip() {
        let s = settings(1);
        let engine = Engine::new(&Config::new(1, TT_BITS));
        let (outcome, records) = play_game(&engine, Russian::start(), 0, &s, &mut Rng(3));
        assert!(!records.is_empty());
        for r in &records {
            assert!(r.ply as usize >= s.skip_plies && (r.ply as usize) < s.max_plies);
            assert_eq!(r.result, outcome);
            let pos: Russian = r.position().unwrap();
            let mut moves = MoveList::new();
            pos.generate(&mut moves);
            assert!(!moves.iter().any(Russian::is_capture), "{r:?}");
        }
    }

    #[test]
    fn runs_repeat_with_the_seed_and_resume_differently() {
        let dir = tempfile::tempdir().unwrap();
        let run = |name: &str, games: u64| {
            let path = dir.path().join(name);
            let mut w = Writer::append(&path).unwrap();
            generate::<English>(&settings(games), &mut w, &ProgressBar::hidden()).unwrap();
            drop(w);
            std::fs::read(&path).unwrap()
        };
        let a = run("a.dat", 3);
        assert_eq!(a, run("b.dat", 3), "the same seed, the same file");
        let resumed = run("a.dat", 3);
        assert_eq!(resumed[..a.len()], a[..], "appending keeps what was there");
        assert_ne!(resumed[a.len()..], a[16..], "a resumed run plays new games");
    }
}
