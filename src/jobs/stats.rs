//! `dam pdn stats`: how many games, their results by colour, the most
//! played openings (first two moves) and the games' lengths.

use crate::pdn::check::Checked;
use crate::pdn::gametype::result_outcome;
use crate::pdn::syntax::Element;
use crate::pdn::write::{game_result, written_move};
use crate::rules::{Color, Game, Outcome};
use crate::with_variant;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write;

/// How many openings the report lists.
const TOP_OPENINGS: usize = 10;

/// Counts over a set of games.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub games: usize,
    pub unreadable: usize,
    pub white_wins: usize,
    pub black_wins: usize,
    pub draws: usize,
    pub other_results: usize,
    /// How many games have each length in plies.
    pub lengths: BTreeMap<usize, usize>,
    pub openings: HashMap<String, usize>,
    pub variants: HashMap<&'static str, usize>,
}

/// What the counts need of one game.
pub struct Summary {
    variant: &'static str,
    /// The result as the variant's files mean it.
    outcome: Option<Outcome>,
    pub plies: usize,
    /// The first two moves, written as `convert` writes them.
    pub opening: String,
}

impl Summary {
    /// The summary of a replayed game (with canonical moves).
    pub fn of(checked: &Checked) -> Summary {
        let geo = with_variant!(checked.variant, G => G::geometry());
        let opening: Vec<String> = checked
            .game
            .body
            .iter()
            .filter_map(|e| match e {
                Element::Move(m) => Some(written_move(&m.text, checked.variant, geo)),
                _ => None,
            })
            .take(2)
            .collect();
        Summary {
            variant: checked.variant.id(),
            outcome: result_outcome(checked.variant, &game_result(&checked.game)),
            plies: checked.replayed.plies,
            opening: opening.join(" "),
        }
    }
}

impl Stats {
    /// Count one game.
    pub fn add(&mut self, game: Summary) {
        self.games += 1;
        *self.variants.entry(game.variant).or_default() += 1;
        match game.outcome {
            Some(Outcome::Win(Color::White)) => self.white_wins += 1,
            Some(Outcome::Win(Color::Black)) => self.black_wins += 1,
            Some(Outcome::Draw) => self.draws += 1,
            None => self.other_results += 1,
        }
        *self.lengths.entry(game.plies).or_default() += 1;
        if !game.opening.is_empty() {
            *self.openings.entry(game.opening).or_default() += 1;
        }
    }

    /// The report.
    pub fn report(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "games: {} ({} unreadable, not counted below)",
            self.games + self.unreadable,
            self.unreadable
        );
        let mut variants: Vec<_> = self.variants.iter().collect();
        variants.sort();
        for (v, n) in variants {
            let _ = writeln!(out, "variant {v}: {n}");
        }
        let _ = writeln!(
            out,
            "results: white wins {}, black wins {}, draws {}, other or unknown {}",
            self.white_wins, self.black_wins, self.draws, self.other_results
        );
        if let (Some((min, _)), Some((max, _))) = (
            self.lengths.first_key_value(),
            self.lengths.last_key_value(),
        ) {
            let counted: usize = self.lengths.values().sum();
            let total: usize = self.lengths.iter().map(|(len, n)| len * n).sum();
            let mut seen = 0;
            let median = self
                .lengths
                .iter()
                .find(|(_, n)| {
                    seen += **n;
                    seen > counted / 2
                })
                .map_or(0, |(len, _)| *len);
            let _ = writeln!(
                out,
                "length in plies: min {min}, median {median}, mean {:.1}, max {max}",
                total as f64 / counted as f64
            );
        }
        let mut openings: Vec<_> = self.openings.iter().collect();
        openings.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        let _ = writeln!(out, "openings (first two moves):");
        for (moves, n) in openings.into_iter().take(TOP_OPENINGS) {
            let _ = writeln!(out, "  {n:>6}  {moves}");
        }
        out
    }
}
