//! A match score: wins, draws and losses of the first player, the Elo
//! difference they imply and its 95% error bar, and a sequential
//! probability ratio test (SPRT) that stops a match once it has decided
//! between two Elo hypotheses.

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

/// A sequential test of `elo0` (H0) against `elo1` (H1), with error rates
/// alpha = beta = 0.05.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
}

/// What an SPRT says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H1 accepted: the first player is at least `elo1` stronger.
    H1,
    /// H0 accepted: it is not stronger than `elo0`.
    H0,
    Continue,
}

/// The log-likelihood ratio bound for alpha = beta = 0.05: ln(0.95 / 0.05).
pub const SPRT_BOUND: f64 = 2.944_438_979_166_44;

impl Sprt {
    /// Parse `elo0,elo1` (elo0 < elo1).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let bad = || format!("--sprt '{text}': expected elo0,elo1 with elo0 < elo1, e.g. 0,10");
        let (a, b) = text.split_once(',').ok_or_else(bad)?;
        let elo0: f64 = a.trim().parse().map_err(|_| bad())?;
        let elo1: f64 = b.trim().parse().map_err(|_| bad())?;
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(bad());
        }
        Ok(Sprt { elo0, elo1 })
    }

    /// The log-likelihood ratio of H1 against H0 for the games so far, by
    /// the normal approximation of the generalised SPRT: the scores the
    /// two hypotheses expect, against the observed mean and variance of a
    /// game's points (LLR = n (s1 - s0) (2 mean - s0 - s1) / (2 var)).
    pub fn llr(&self, t: &Tally) -> f64 {
        if t.games() == 0 {
            return 0.0;
        }
        let n = f64::from(t.games());
        let mean = t.score();
        // half a game of each result in the variance keeps it above zero
        // while every game so far ended alike
        let (w, d, l) = (
            f64::from(t.wins) + 0.5,
            f64::from(t.draws) + 0.5,
            f64::from(t.losses) + 0.5,
        );
        let var =
            (w * (1.0 - mean).powi(2) + d * (0.5 - mean).powi(2) + l * mean.powi(2)) / (w + d + l);
        let (s0, s1) = (score_of(self.elo0), score_of(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    /// Whether the test has decided.
    pub fn verdict(&self, t: &Tally) -> Verdict {
        let llr = self.llr(t);
        if llr >= SPRT_BOUND {
            Verdict::H1
        } else if llr <= -SPRT_BOUND {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

/// The expected score of an Elo difference.
fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
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
    fn sprt_decides_clear_results_and_waits_on_close_ones() {
        let sprt = Sprt::parse("0,20").unwrap();
        let tally = |wins, draws, losses| Tally {
            wins,
            draws,
            losses,
            unfinished: 0,
        };
        let strong = tally(120, 200, 60);
        assert_eq!(sprt.verdict(&strong), Verdict::H1, "{}", sprt.llr(&strong));
        assert_eq!(sprt.verdict(&tally(60, 200, 120)), Verdict::H0);
        let close = tally(11, 20, 10);
        assert_eq!(sprt.verdict(&close), Verdict::Continue);
        assert_eq!(sprt.llr(&Tally::default()), 0.0);
        assert!(Sprt::parse("10,0").is_err() && Sprt::parse("x").is_err());
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
