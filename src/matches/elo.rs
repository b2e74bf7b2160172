//! A match score: wins, draws and losses of the first player, the Elo
//! difference they imply and its 95% error bar.

/// The first player's results.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Games without a result.
    pub unfinished: u32,
}

impl Tally {
    /// Count a game: the first player's points (1, 0.5, 0) or no result.
    pub fn add(&mut self, points: Option<f64>) {
        match points {
            Some(p) if p > 0.75 => self.wins += 1,
            Some(p) if p > 0.25 => self.draws += 1,
            Some(_) => self.losses += 1,
            None => self.unfinished += 1,
        }
    }

    /// Games with a result.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The first player's score, 0..=1 (0.5 with no game).
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(self.games())
    }

    /// The Elo difference and the half-width of its 95% interval.
    pub fn elo(&self) -> (f64, f64) {
        let n = f64::from(self.games().max(1));
        let p = self.score();
        let var = (f64::from(self.wins) * (1.0 - p).powi(2)
            + f64::from(self.draws) * (0.5 - p).powi(2)
            + f64::from(self.losses) * p.powi(2))
            / n;
        let margin = 1.96 * (var / n).sqrt();
        let bar = (elo_of(p + margin) - elo_of(p - margin)) / 2.0;
        (elo_of(p), bar)
    }

    /// The final line: `+W =D -L score S% elo E +/- B`.
    pub fn summary(&self) -> String {
        let (elo, bar) = self.elo();
        // Adding 0.0 turns a rounded -0 into 0: no "elo -0".
        let elo = elo.round() + 0.0;
        let mut line = format!(
            "games {}: +{} ={} -{} score {:.1}% elo {elo:+.0} +/- {bar:.0}",
            self.games(),
            self.wins,
            self.draws,
            self.losses,
            100.0 * self.score()
        );
        if self.unfinished > 0 {
            line.push_str(&format!(" ({} without result)", self.unfinished));
        }
        line
    }
}

/// The Elo difference of a score, kept finite at 0 and 1.
fn elo_of(p: f64) -> f64 {
    let p = p.clamp(0.001, 0.999);
    -400.0 * (1.0 / p - 1.0).log10()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slightly_negative_elo_is_written_as_zero() {
        let t = Tally {
            wins: 1000,
            draws: 1,
            losses: 1001,
            unfinished: 0,
        };
        assert!(t.summary().contains("elo +0 "), "{}", t.summary());
        assert!(Tally::default().summary().contains("elo +0 "));
    }

    #[test]
    fn even_score_is_zero_elo_and_bars_shrink() {
        let mut t = Tally::default();
        for p in [1.0, 0.0, 0.5, 0.5] {
            t.add(Some(p));
        }
        let (elo, bar) = t.elo();
        assert!(elo.abs() < 1e-9 && bar > 100.0);
        let mut big = Tally::default();
        for _ in 0..100 {
            for p in [1.0, 0.0, 0.5, 0.5] {
                big.add(Some(p));
            }
        }
        assert!(big.elo().1 < bar / 5.0);
        t.add(None);
        assert!(t.summary().ends_with("(1 without result)"));
        assert_eq!(Tally::default().elo().0, 0.0);
    }

    #[test]
    fn a_winning_score_is_positive() {
        let t = Tally {
            wins: 7,
            draws: 2,
            losses: 1,
            unfinished: 0,
        };
        let (elo, bar) = t.elo();
        assert!(elo > 100.0 && bar > 0.0);
    }
}
