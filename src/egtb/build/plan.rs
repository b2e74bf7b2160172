//! Estimates for `dam egtb plan`: each job's positions, the memory the
//! generator needs for it, its CPU time and the size of its files, from
//! the rates measured on this project's builds (`RATES`), and the totals
//! of a plan.

use super::sides;
use crate::egtb::DTC_PIECES;
use crate::egtb::index::Indexer;
use crate::egtb::signature::Signature;
use crate::rules::removal::Rules;
use crate::variant::Variant;
use std::collections::HashMap;

/// What one piece count of one variant measured: per position, the CPU
/// time of a build (both files written) and the bytes of its files.
#[derive(Debug)]
pub struct Rate {
    pub variant: Variant,
    pub pieces: u32,
    /// CPU time a position, µs.
    pub cpu_us: f64,
    /// `.wdl` bytes a position (WDL format version 2 unless said).
    pub wdl_bytes: f64,
    /// `.dtb` bytes a position (sets of up to `DTC_PIECES` pieces).
    pub dtb_bytes: f64,
}

/// The measured rates, each from egtb/README.md ("Size and time"), all on
/// 2-core machines of this project with the release build of the day. A
/// variant without rows takes those of international (10×10 boards) or
/// english (8×8); a piece count without a row, the largest row below it
/// (else the smallest): such an estimate is extrapolated, and says so.
pub const RATES: &[Rate] = &[
    // International 2-4: `.dtb` 12,521,030 bytes, `.wdl` (version 2, 32
    // runs a block since 2026-11-28) 1,666,168 bytes, of 42,786,345
    // positions; CPU: the 2-5 set below.
    Rate {
        variant: Variant::International,
        pieces: 4,
        cpu_us: 0.27,
        wdl_bytes: 0.0389,
        dtb_bytes: 0.2926,
    },
    // International 2-5 from nothing (`dam egtb build --pieces 5 --threads
    // 2`): CPU 429.6 s for 1,613,387,095 positions with the generator of
    // 2026-11-28 (4bdc7f7, `.dtb` to 4 pieces; 721.7 s with the one-look
    // generator of 2026-11-26, `.dtb` to 5). 5 pieces: `.dtb` (built
    // before 2026-11-28) 479,920,696 bytes, `.wdl` (version 2, 32 runs a
    // block) 46,133,738 bytes, of 1,570,600,750 positions.
    Rate {
        variant: Variant::International,
        pieces: 5,
        cpu_us: 0.27,
        wdl_bytes: 0.0294,
        dtb_bytes: 0.3056,
    },
    // International 6 pieces: CPU, the last 17 jobs of the build of
    // 2026-11-28 with the generator reading its dependencies from memory
    // (eb394a8): 4466.8 s for about 17.1 × 10^9 positions, jobs with men
    // (the jobs of kings took 0.47 µs with 7048e53: the estimate is low
    // for them). Size: the whole 6-piece `.wdl` set, one file a job of two
    // signatures, 32 runs a block: 483,602,152 bytes over 46,198,758,750
    // positions of both signatures.
    Rate {
        variant: Variant::International,
        pieces: 6,
        cpu_us: 0.26,
        wdl_bytes: 0.0105,
        dtb_bytes: 0.0,
    },
    // English 2-5 from nothing (an older generator, 2026-11-25): 75.5 s
    // CPU for 145,859,644 positions. 5 pieces: `.dtb` 73,838,382 bytes,
    // `.wdl` (version 1, larger than 2) 1,999,931 bytes, of 139,450,808
    // positions.
    Rate {
        variant: Variant::English,
        pieces: 5,
        cpu_us: 0.52,
        wdl_bytes: 0.0143,
        dtb_bytes: 0.5295,
    },
    // English 2-6 from nothing, one-look generator: about 0.30 µs of CPU
    // a 6-piece position (780.2 s CPU in all, 2-5 some 23 s of the 7 min
    // 03 s); `.wdl` (version 2) 46,851,261 bytes of 2,426,085,676
    // positions.
    Rate {
        variant: Variant::English,
        pieces: 6,
        cpu_us: 0.30,
        wdl_bytes: 0.0193,
        dtb_bytes: 0.0,
    },
    // English 7 pieces: the last 34 of the 52 jobs (build 3881605):
    // 10,593.4 s CPU for 23,793,433,656 positions (the 18 jobs before
    // held 10,449,679,968); `.wdl` (version 2) 479,380,942 bytes of
    // 34,243,113,624 positions.
    Rate {
        variant: Variant::English,
        pieces: 7,
        cpu_us: 0.445,
        wdl_bytes: 0.0140,
        dtb_bytes: 0.0,
    },
];

/// The rate an estimate of `variant` with `pieces` pieces uses.
pub fn rate(variant: Variant, pieces: u32) -> &'static Rate {
    let basis = if RATES.iter().any(|r| r.variant == variant) {
        variant
    } else if variant.facts().board >= 10 {
        Variant::International
    } else {
        Variant::English
    };
    let rows = RATES.iter().filter(|r| r.variant == basis);
    rows.clone()
        .filter(|r| r.pieces <= pieces)
        .max_by_key(|r| r.pieces)
        .or_else(|| rows.min_by_key(|r| r.pieces))
        .expect("a row for each basis variant")
}

impl Rate {
    /// Where an estimate of `variant` with `pieces` pieces comes from.
    pub fn basis(&self, variant: Variant, pieces: u32) -> String {
        let exact = self.variant == variant && self.pieces == pieces;
        let note = if exact { "" } else { ", extrapolated" };
        format!("{} {} pieces{note}", self.variant, self.pieces)
    }
}

/// One job's estimate.
#[derive(Debug)]
pub struct Estimate {
    pub job: Signature,
    /// Positions of both signatures.
    pub positions: u64,
    /// The generator's memory for the whole job at once (not in slices):
    /// two bytes and five bits a position of both signatures (the cells,
    /// two bits of the positions decided now and next, two of the value
    /// found, one marking a capture position), one byte a
    /// position of the larger while its `.dtb` is written (up to
    /// `DTC_PIECES`), and the files of every job it needs, mapped.
    pub memory: u64,
    pub cpu_seconds: f64,
    /// Its files: the `.wdl` of both signatures, and their `.dtb`.
    pub disk: u64,
    /// The file names of the job (in `DIR/<variant>/`).
    pub files: Vec<String>,
}

/// The estimate of every job of `plan` (in plan order: each job after
/// every job it needs).
pub fn estimate<R: Rules>(plan: &[Signature]) -> Vec<Estimate> {
    let mut disk_of = HashMap::new();
    let mut out = Vec::new();
    for &job in plan {
        let rate = rate(R::VARIANT, job.pieces());
        let has_dtb = job.pieces() <= DTC_PIECES;
        let sizes: Vec<u64> = sides(job)
            .iter()
            .map(|&s| Indexer::new(R::GEO, s).size())
            .collect();
        let positions: u64 = sizes.iter().sum();
        let work: u64 = sizes
            .iter()
            .map(|n| 2 * n + 24 * n.div_ceil(64) + 8 * n.div_ceil(32))
            .sum();
        let dtb_buffer = if has_dtb {
            sizes[0].max(sizes[sizes.len() - 1])
        } else {
            0
        };
        let mapped: u64 = job
            .needs()
            .iter()
            .map(|d| disk_of.get(d).unwrap_or(&0))
            .sum();
        let per_position = rate.wdl_bytes + if has_dtb { rate.dtb_bytes } else { 0.0 };
        let disk = (positions as f64 * per_position) as u64;
        disk_of.insert(job, disk);
        let exts: &[&str] = if has_dtb { &["dtb", "wdl"] } else { &["wdl"] };
        let files = sides(job)
            .iter()
            .flat_map(|s| exts.iter().map(move |e| format!("{s}.{e}")))
            .collect();
        out.push(Estimate {
            job,
            positions,
            memory: work + dtb_buffer + mapped,
            cpu_seconds: positions as f64 * rate.cpu_us * 1e-6,
            disk,
            files,
        });
    }
    out
}

/// The totals of a plan's estimates.
#[derive(Debug, Default)]
pub struct Totals {
    pub jobs: usize,
    pub positions: u64,
    pub cpu_seconds: f64,
    pub disk: u64,
    /// The CPU time of the longest chain of jobs, each after its
    /// dependencies: no cluster finishes sooner than this on the cores of
    /// one machine.
    pub critical_path_seconds: f64,
    /// The job that needs the most memory, and that memory.
    pub largest: Option<(Signature, u64)>,
}

/// The totals of `estimates`, those of `pieces` pieces only when given.
pub fn totals(estimates: &[Estimate], pieces: Option<u32>) -> Totals {
    let mut t = Totals::default();
    let mut finish: HashMap<Signature, f64> = HashMap::new();
    for e in estimates {
        let after = e
            .job
            .dependencies()
            .iter()
            .map(|d| finish[d])
            .fold(0.0, f64::max);
        let done = after + e.cpu_seconds;
        finish.insert(e.job, done);
        if pieces.is_some_and(|p| p != e.job.pieces()) {
            continue;
        }
        t.jobs += 1;
        t.positions += e.positions;
        t.cpu_seconds += e.cpu_seconds;
        t.disk += e.disk;
        t.critical_path_seconds = t.critical_path_seconds.max(done);
        if t.largest.is_none_or(|(_, m)| e.memory > m) {
            t.largest = Some((e.job, e.memory));
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::egtb::RulesOf;
    use crate::rules::removal::International;

    type R = <International as RulesOf>::R;

    #[test]
    fn memory_is_two_bytes_and_five_bits_a_position_above_dtc() {
        let job = Signature::new(0, 1, 0, 5);
        let plan = Signature::plan(6, R::MEN);
        let all = estimate::<R>(&plan);
        let e = all.iter().find(|e| e.job == job).expect("planned");
        let mapped: u64 = job
            .needs()
            .iter()
            .map(|d| all.iter().find(|e| e.job == *d).expect("needed").disk)
            .sum();
        // 0105 and 0501: 95,344,200 positions each (egtb/README.md)
        assert_eq!(e.positions, 190_688_400);
        assert_eq!(
            e.memory - mapped,
            2 * 190_688_400
                + 2 * (24 * 95_344_200u64.div_ceil(64) + 8 * 95_344_200u64.div_ceil(32))
        );
        assert_eq!(e.files, ["0105.wdl", "0501.wdl"]);
    }

    #[test]
    fn rates_fall_back_to_the_board_and_the_largest_row_below() {
        assert_eq!(rate(Variant::International, 6).pieces, 6);
        assert_eq!(rate(Variant::International, 8).pieces, 6);
        assert_eq!(rate(Variant::International, 2).pieces, 4);
        assert_eq!(rate(Variant::Russian, 7).variant, Variant::English);
        assert_eq!(
            rate(Variant::DamaInternational, 5).variant,
            Variant::English
        );
        let r = rate(Variant::International, 7);
        assert_eq!(
            r.basis(Variant::International, 7),
            "international 6 pieces, extrapolated"
        );
        assert_eq!(r.basis(Variant::International, 6), "international 6 pieces");
    }

    #[test]
    fn totals_follow_the_longest_chain() {
        let plan = Signature::plan(4, R::MEN);
        let all = estimate::<R>(&plan);
        let t = totals(&all, None);
        let cpu: f64 = all.iter().map(|e| e.cpu_seconds).sum();
        assert_eq!(t.jobs, plan.len());
        assert!((t.cpu_seconds - cpu).abs() < 1e-9);
        assert!(t.critical_path_seconds < cpu && t.critical_path_seconds > 0.0);
        let four = totals(&all, Some(4));
        assert!(four.jobs < t.jobs && four.positions < t.positions);
    }
}
