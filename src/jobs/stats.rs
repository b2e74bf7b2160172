//! `dam pdn stats`: how many games, their results by colour and by
//! player, how they ended, the most played openings (first two moves)
//! and the games' lengths.

use crate::matches::elo::Tally;
use crate::pdn::check::Checked;
use crate::pdn::gametype::result_outcome;
use crate::pdn::replay::Pieces;
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
    /// Each player's results, from its own side of its games.
    pub players: BTreeMap<String, Player>,
    /// How many games carry each Termination tag (its details in brackets
    /// dropped).
    pub endings: BTreeMap<String, usize>,
    /// Games ending with a lone king against at most three pieces, from
    /// the side with more pieces.
    pub lone_king: Tally,
}

/// One player's results, and how many of its wins and losses ended with
/// a lone king against at most three pieces on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Player {
    pub tally: Tally,
    pub lone_wins: u32,
    pub lone_losses: u32,
}

impl Player {
    /// Count a game the player scored `points` in (1, 0.5 or 0).
    fn add(&mut self, points: f64, lone: bool) {
        self.tally.add(Some(points));
        if lone {
            self.lone_wins += u32::from(points > 0.75);
            self.lone_losses += u32::from(points < 0.25);
        }
    }
}

/// What the counts need of one game.
pub struct Summary {
    variant: &'static str,
    /// The result as the variant's files mean it.
    outcome: Option<Outcome>,
    pub plies: usize,
    /// The first two moves, written as `convert` writes them.
    pub opening: String,
    /// The White and Black tags (empty where missing).
    pub players: [String; 2],
    /// The Termination tag, its details in brackets dropped.
    pub ending: Option<String>,
    /// Each side's pieces at the end (`Replayed::end`).
    pub end: Option<[Pieces; 2]>,
}

/// Whether one side has a lone king and the other at most three pieces:
/// the endings that international's draw rules end in 16 moves (5 with
/// two pieces), whoever has more material.
fn lone_king_ending(end: Option<[Pieces; 2]>) -> bool {
    end.is_some_and(|[w, b]| {
        (w.lone_king() && (1..=3).contains(&b.count()))
            || (b.lone_king() && (1..=3).contains(&w.count()))
    })
}

/// `ending` without a last bracketed part: `adjudicated by material
/// after 150 plies (3 to 5)` counts as `adjudicated by material after
/// 150 plies`.
fn ending_kind(ending: &str) -> String {
    let ending = ending.trim();
    match ending
        .strip_suffix(')')
        .and_then(|e| e.rfind(" (").map(|i| &e[..i]))
    {
        Some(head) if !head.is_empty() => head.to_string(),
        _ => ending.to_string(),
    }
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
        let tag = |name| checked.game.tag(name).unwrap_or("").trim().to_string();
        Summary {
            variant: checked.variant.id(),
            outcome: result_outcome(checked.variant, &game_result(&checked.game)),
            plies: checked.replayed.plies,
            opening: opening.join(" "),
            players: [tag("White"), tag("Black")],
            ending: checked.game.tag("Termination").map(ending_kind),
            end: checked.replayed.end,
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
        if let Some(ending) = game.ending {
            *self.endings.entry(ending).or_default() += 1;
        }
        let lone = lone_king_ending(game.end);
        // White's points; a game without a result counts only above.
        let white = match game.outcome {
            Some(Outcome::Win(Color::White)) => 1.0,
            Some(Outcome::Win(Color::Black)) => 0.0,
            Some(Outcome::Draw) => 0.5,
            None => return,
        };
        if lone {
            // Counted from the side with more pieces.
            let [w, b] = game.end.unwrap_or_default();
            let ahead = if w.count() >= b.count() {
                white
            } else {
                1.0 - white
            };
            self.lone_king.add(Some(ahead));
        }
        let [white_name, black_name] = game.players;
        if !white_name.is_empty() {
            self.players.entry(white_name).or_default().add(white, lone);
        }
        if !black_name.is_empty() {
            self.players
                .entry(black_name)
                .or_default()
                .add(1.0 - white, lone);
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
        if !self.players.is_empty() {
            let _ = writeln!(
                out,
                "players (each from its own side; in brackets the wins and losses with a lone king against at most three pieces at the end):"
            );
            for (name, p) in &self.players {
                let t = &p.tally;
                let _ = writeln!(
                    out,
                    "  +{} ={} -{}  {:.1} %  {} games  (+{} -{})  {name}",
                    t.wins,
                    t.draws,
                    t.losses,
                    100.0 * t.score(),
                    t.games(),
                    p.lone_wins,
                    p.lone_losses
                );
            }
        }
        if !self.endings.is_empty() {
            let _ = writeln!(
                out,
                "endings (Termination tags, details in brackets dropped):"
            );
            let mut endings: Vec<_> = self.endings.iter().collect();
            endings.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
            for (ending, n) in endings {
                let _ = writeln!(out, "  {n:>6}  {ending}");
            }
        }
        let lone = &self.lone_king;
        if lone.games() > 0 {
            let _ = writeln!(
                out,
                "ended with a lone king against at most three pieces: {} (the side with more pieces won {}, drew {}, lost {})",
                lone.games(),
                lone.wins,
                lone.draws,
                lone.losses
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
