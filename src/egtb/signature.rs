//! Material signatures: men and kings of the side to move and of the other
//! side. Every database is stored from the side to move's point of view
//! (the board turned half a turn when Black moves), so one signature names
//! one file, and a signature and its mirror (sides swapped) are built
//! together as one job, since a quiet move leads from one to the other.

use std::fmt;

/// The most pieces a database covers (the file name has a digit per count).
pub const MAX_PIECES: u32 = 8;

/// Men and kings of the side to move, then of the other side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Signature {
    pub men: u8,
    pub kings: u8,
    pub their_men: u8,
    pub their_kings: u8,
}

impl Signature {
    pub const fn new(men: u8, kings: u8, their_men: u8, their_kings: u8) -> Signature {
        Signature {
            men,
            kings,
            their_men,
            their_kings,
        }
    }

    /// All pieces on the board.
    pub const fn pieces(&self) -> u32 {
        (self.men + self.kings + self.their_men + self.their_kings) as u32
    }

    /// Men of both sides.
    pub const fn all_men(&self) -> u32 {
        (self.men + self.their_men) as u32
    }

    /// The same material seen by the other side.
    pub const fn mirror(&self) -> Signature {
        Signature::new(self.their_men, self.their_kings, self.men, self.kings)
    }

    /// A dense key below 4096 for table lookups (each count below 8).
    #[inline(always)]
    pub const fn key(&self) -> usize {
        (self.men as usize) << 9
            | (self.kings as usize) << 6
            | (self.their_men as usize) << 3
            | self.their_kings as usize
    }

    /// The signature of a board with these counts, if a database covers it
    /// (both sides have a piece, at most `MAX_PIECES` in all).
    #[inline(always)]
    pub fn of_counts(men: u32, kings: u32, their_men: u32, their_kings: u32) -> Option<Signature> {
        let sig = Signature::new(men as u8, kings as u8, their_men as u8, their_kings as u8);
        let ok = men + kings > 0
            && their_men + their_kings > 0
            && men + kings + their_men + their_kings <= MAX_PIECES;
        ok.then_some(sig)
    }

    /// The job this signature belongs to: itself and its mirror, named by
    /// the smaller of the two.
    pub fn job(&self) -> Signature {
        (*self).min(self.mirror())
    }

    /// The signatures a job's positions move into by a capture or a
    /// promotion (all of them smaller jobs), as job names, sorted.
    pub fn dependencies(&self) -> Vec<Signature> {
        let mut deps = Vec::new();
        for s in [*self, self.mirror()] {
            // a capture by the side to move: the other side loses pieces
            for lost_men in 0..=s.their_men {
                for lost_kings in 0..=s.their_kings {
                    let left = (s.their_men - lost_men, s.their_kings - lost_kings);
                    if lost_men + lost_kings == 0 || left.0 + left.1 == 0 {
                        continue;
                    }
                    for promoted in 0..=1.min(s.men) {
                        deps.push(Signature::new(
                            left.0,
                            left.1,
                            s.men - promoted,
                            s.kings + promoted,
                        ));
                    }
                }
            }
            if s.men > 0 {
                deps.push(Signature::new(
                    s.their_men,
                    s.their_kings,
                    s.men - 1,
                    s.kings + 1,
                ));
            }
        }
        let mut jobs: Vec<Signature> = deps.iter().map(Signature::job).collect();
        jobs.sort();
        jobs.dedup();
        jobs
    }

    /// Every job whose values a build of this one reads: its dependencies
    /// and theirs, down to the smallest, in plan order. A capture into a
    /// dependency may leave the other side a capture to make at once, so
    /// its value is resolved through that dependency's own dependencies.
    pub fn needs(&self) -> Vec<Signature> {
        let mut all = self.dependencies();
        let mut k = 0;
        while k < all.len() {
            for dep in all[k].dependencies() {
                if !all.contains(&dep) {
                    all.push(dep);
                }
            }
            k += 1;
        }
        all.sort_by_key(|s| (s.pieces(), s.all_men(), *s));
        all
    }

    /// Every job of up to `pieces` pieces, `max_men` men a side at most,
    /// in an order where each comes after its dependencies: fewer pieces
    /// first, then fewer men.
    pub fn plan(pieces: u32, max_men: u32) -> Vec<Signature> {
        let n = pieces.min(MAX_PIECES) as u8;
        let mut jobs = Vec::new();
        for men in 0..=n {
            for kings in 0..=n - men {
                for their_men in 0..=n - men - kings {
                    for their_kings in 0..=n - men - kings - their_men {
                        let s = Signature::new(men, kings, their_men, their_kings);
                        let fits = men as u32 <= max_men && their_men as u32 <= max_men;
                        if s.pieces() >= 2 && men + kings > 0 && their_men + their_kings > 0 && fits
                        {
                            jobs.push(s.job());
                        }
                    }
                }
            }
        }
        jobs.sort_by_key(|s| (s.pieces(), s.all_men(), *s));
        jobs.dedup();
        jobs
    }

    /// Read the file-name form, four digits `MKmk` (men and kings of the
    /// side to move, then of the other side).
    pub fn parse(text: &str) -> Result<Signature, String> {
        let digits: Vec<u8> = text
            .bytes()
            .filter(|b| *b != b'-')
            .map(|b| b.wrapping_sub(b'0'))
            .collect();
        let bad = || {
            format!(
                "signature `{text}`: expected four digits MKmk (men and kings of the side to move, then of the other side), e.g. 0201"
            )
        };
        let [m, k, om, ok] = digits[..] else {
            return Err(bad());
        };
        if [m, k, om, ok].iter().any(|d| *d > 9) {
            return Err(bad());
        }
        Signature::of_counts(m as u32, k as u32, om as u32, ok as u32).ok_or_else(|| {
            format!("signature `{text}`: each side needs a piece, at most {MAX_PIECES} in all")
        })
    }
}

impl fmt::Display for Signature {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "{}{}{}{}",
            self.men, self.kings, self.their_men, self.their_kings
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plan_puts_dependencies_first() {
        let plan = Signature::plan(5, 20);
        for (i, job) in plan.iter().enumerate() {
            for dep in job.dependencies() {
                let at = plan
                    .iter()
                    .position(|j| *j == dep)
                    .expect("dependency planned");
                assert!(at < i, "{dep} must come before {job}");
            }
        }
        assert_eq!(plan[0], Signature::new(0, 1, 0, 1));
    }

    #[test]
    fn needs_reach_down_to_the_smallest_job() {
        let job = Signature::new(0, 2, 0, 2);
        assert_eq!(job.dependencies(), [Signature::new(0, 1, 0, 2)]);
        assert_eq!(
            job.needs(),
            [Signature::new(0, 1, 0, 1), Signature::new(0, 1, 0, 2)]
        );
        let plan = Signature::plan(5, 20);
        for job in &plan {
            let needs = job.needs();
            for dep in job.dependencies() {
                assert!(needs.contains(&dep), "{job} needs {dep}");
                assert!(dep.needs().iter().all(|d| needs.contains(d)), "{job}");
            }
        }
    }

    #[test]
    fn names_read_back() {
        let s = Signature::new(1, 2, 0, 1);
        assert_eq!(Signature::parse(&s.to_string()), Ok(s));
        assert!(Signature::parse("0200").is_err());
        assert!(Signature::parse("12x").is_err());
    }
}
