//! `dam bench`: search a fixed list of positions from every variant to a
//! fixed depth and print the nodes, the time and the speed. With one
//! thread the node total is deterministic: a regression check.

use super::CliError;
use super::bench_threads;
use crate::engine::{Config, Engine};
use crate::eval::Evaluate;
use crate::notation::fen::parse_fen;
use crate::search::{Control, Limits, default_threads};
use crate::variant::Variant;
use crate::with_variant;
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Search depth in plies.
    #[arg(long, default_value_t = 11, value_parser = clap::value_parser!(i32).range(1..=60))]
    depth: i32,
    /// Search threads (default 1, for a deterministic node count; 0: every core).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Transposition table size, log2 of its entries (16 bytes each).
    #[arg(long, default_value_t = 20)]
    tt_size: u32,
    /// Evaluate with this weights file (`dam tune`) for its variant.
    #[arg(long)]
    eval_file: Option<std::path::PathBuf>,
    /// Print the time-to-depth speed-up of `--threads` over one thread on
    /// the international positions (a fresh table for each search).
    #[arg(long, conflicts_with = "stop_latency")]
    speedup: bool,
    /// Print the time from `stop` to the answer of searches with
    /// `--threads`, stopped after 100 ms (international positions).
    #[arg(long)]
    stop_latency: bool,
}

/// The start position of every variant, then positions reached by random
/// play (fixed here so that they never change).
const POSITIONS: &[(Variant, Option<&str>)] = &[
    (Variant::International, None),
    (Variant::English, None),
    (Variant::Brazilian, None),
    (Variant::Russian, None),
    (Variant::Dama, None),
    (Variant::DamaInternational, None),
    (Variant::Damasca, None),
    (Variant::DamascaInternational, None),
    (Variant::Lasca, None),
    (Variant::Damath, None),
    (
        Variant::International,
        Some(
            "W:W33,34,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,14,15,18,22,25,27,35",
        ),
    ),
    (
        Variant::International,
        Some(
            "W:W24,36,37,39,40,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,13,15,18,23,25,27",
        ),
    ),
    (
        Variant::International,
        Some("W:W26,33,35,36,40,41,42,43,46,47,48,49,50:B1,3,4,5,6,7,8,9,10,11,14,16,20,23,25"),
    ),
    (
        Variant::International,
        Some("W:W23,28,30,36,40,41,43,44,46,47,48,50:B1,2,4,5,6,7,10,11,12,13,15,16,20,26"),
    ),
    (
        Variant::International,
        Some("W:W25,31,33,35,37,39,44,45,49,50:B1,3,4,5,6,8,10,11,18,21"),
    ),
    (
        Variant::International,
        Some("W:W34,35,37,46,47,49:B1,3,7,8,9,11,12,13,14,15,24,27,36"),
    ),
    (
        Variant::International,
        Some(
            "W:WK4,22,27,28,32,34,36,38,39,40,41,42,44,45,46,47,48,49,50:B1,2,3,5,6,7,8,9,13,14,16",
        ),
    ),
    (
        Variant::International,
        Some("W:W15,27,32,33,35,36,39,42,43,46,47,48,49,50:B3,4,5,7,8,9,10,11,17,25"),
    ),
    (
        Variant::International,
        Some("W:W28,30,36,37,39,40,42,45,46,49,50:B1,3,4,6,8,10,12,14,15,16,17,18,27"),
    ),
    (
        Variant::International,
        Some("W:W30,36,43,48:B1,4,5,7,13,16,17,20,40"),
    ),
    (
        Variant::English,
        Some("B:W18,19,21,22,25,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,12"),
    ),
    (
        Variant::English,
        Some("B:W12,21,25,26,27,28,29,30,32:B1,2,3,4,5,6,13,15"),
    ),
    (
        Variant::English,
        Some("B:W16,17,21,24,28,30:B1,3,4,5,7,8,9,10,K32"),
    ),
    (
        Variant::English,
        Some("B:WK3,14,17,25,26,27,30,32:B5,18,28"),
    ),
    (
        Variant::Brazilian,
        Some("W:W13,18,21,22,24,25,26,27,28,29,30,32:B1,2,3,4,5,6,9,10,11,12,15,20"),
    ),
    (
        Variant::Brazilian,
        Some("W:W19,20,26,28,29,30,31:B1,3,4,5,6,11,12,14,21"),
    ),
    (Variant::Brazilian, Some("W:W15,28,29:B2,4,5,6,10,12,16,23")),
    (
        Variant::Russian,
        Some("W:W17,21,23,24,25,26,27,28,29,30,31:B1,2,4,5,6,8,10,11,12,14,15"),
    ),
    (
        Variant::Russian,
        Some("W:W21,25,26,29,30,31,32:B3,4,5,6,7,8,13,18,19"),
    ),
    (Variant::Russian, Some("W:W18,24,28,29,31:B2,4,5,7,9,12,13")),
    (
        Variant::Dama,
        Some("W:W18,24,25,26,28,29,30,31,32:B1,2,3,4,6,7,8,9,12,13,14,21"),
    ),
    (
        Variant::Dama,
        Some("W:W21,23,25,26,29,31:B1,2,3,4,6,7,9,12,14,15,20,28"),
    ),
    (
        Variant::DamaInternational,
        Some("W:W19,25,26,27,28,29,30,31,32:B1,2,3,4,5,7,9,10,12,18,20,21"),
    ),
    (
        Variant::DamaInternational,
        Some("W:W17,21,25,28,29,30,31,32:B2,4,5,8,9,10,12,18"),
    ),
    (
        Variant::Damasca,
        Some("W:W13,21,25,26,27,28,29,30,31,32:B1,2,4,5,6,[bb]7,8,9,[bw]10,12,[bw]20"),
    ),
    (
        Variant::Damasca,
        Some("W:W[wbbb]13,22,25,26,27,30,31,32:B1,2,3,4,5,12,16,[bww]21,[bww]28"),
    ),
    (
        Variant::DamascaInternational,
        Some("W:W21,22,24,27,28,29,30,31,32:B1,2,3,4,5,8,9,10,12,13,[bwww]16,20"),
    ),
    (
        Variant::DamascaInternational,
        Some("W:W15,[wb]18,[Wbbbb]19,20,21,23,24,25,29,30,31,32:B1,4,5,6,7,9,14"),
    ),
    (
        Variant::Lasca,
        Some("W:W[wb]11,[wb]13,15,16,19,20,22,23,24,25:B1,2,3,4,5,7,8,9,[bw]18"),
    ),
    (
        Variant::Lasca,
        Some("W:W[wb]11,[wb]13,16,17,19,20,22,23,25:B2,3,4,5,7,8,12,[bw]15,[bw]18"),
    ),
];

/// What one position cost.
struct Run {
    nodes: u64,
    time: Duration,
}

pub fn run(args: &BenchArgs) -> Result<(), CliError> {
    crate::engine::use_eval_file(args.eval_file.as_deref(), None).map_err(CliError::new)?;
    let threads = if args.threads == 0 {
        default_threads()
    } else {
        args.threads
    };
    let engine = Engine::new(&Config::new(threads, args.tt_size));
    if args.speedup {
        let one = Engine::new(&Config::new(1, args.tt_size));
        return bench_threads::speedup(&one, &engine, POSITIONS, args.depth);
    }
    if args.stop_latency {
        return bench_threads::stop_latency(&engine, POSITIONS, Duration::from_millis(100), 5);
    }
    let limits = Limits {
        depth: Some(args.depth),
        ..Limits::default()
    };
    let (mut nodes, mut time) = (0u64, Duration::ZERO);
    let (mut int_nodes, mut int_time) = (0u64, Duration::ZERO);
    for (i, &(variant, fen)) in POSITIONS.iter().enumerate() {
        let run = with_variant!(variant, G => bench_one::<G>(&engine, fen, &limits))?;
        println!(
            "{:>2} {:<22} nodes {:>10} time {:>7.3}s",
            i + 1,
            variant.id(),
            run.nodes,
            run.time.as_secs_f64()
        );
        nodes += run.nodes;
        time += run.time;
        if variant == Variant::International {
            int_nodes += run.nodes;
            int_time += run.time;
        }
    }
    let nps = |n: u64, t: Duration| (n as f64 / t.as_secs_f64().max(1e-9)) as u64;
    println!(
        "international: nodes {int_nodes} time {:.3}s nodes/s {}",
        int_time.as_secs_f64(),
        nps(int_nodes, int_time)
    );
    println!(
        "total: positions {} depth {} threads {} nodes {nodes} time {:.3}s nodes/s {}",
        POSITIONS.len(),
        args.depth,
        engine.threads(),
        time.as_secs_f64(),
        nps(nodes, time)
    );
    Ok(())
}

fn bench_one<G: Evaluate>(
    engine: &Engine,
    fen: Option<&str>,
    limits: &Limits,
) -> Result<Run, CliError> {
    let pos: G = match fen {
        Some(f) => parse_fen(f).map_err(CliError::new)?,
        None => G::start(),
    };
    engine.clear();
    let start = Instant::now();
    let out = engine
        .search(&pos, &[], limits, 1, &Control::new(false), None)
        .ok_or_else(|| CliError::new("the search failed"))?;
    Ok(Run {
        nodes: out.nodes,
        time: start.elapsed(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_has_a_bench_position() {
        for v in Variant::ALL {
            assert!(POSITIONS.iter().any(|(p, _)| *p == v), "{v}");
        }
    }
}
