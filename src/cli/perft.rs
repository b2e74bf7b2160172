//! `dam perft`: move path counts per depth with time and speed.

use super::CliError;
use crate::notation::fen::parse_fen;
use crate::notation::movetext::pdn_move;
use crate::perft::{Counting, divide, perft, perft_parallel};
use crate::rules::Game;
use crate::variant::Variant;
use crate::with_variant;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// The variant.
    #[arg(long, default_value = "international")]
    variant: Variant,
    /// The start position (default: the variant's initial position).
    #[arg(long)]
    fen: Option<String>,
    /// Count up to this many plies.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=40))]
    depth: u32,
    /// Count every capture route separately.
    #[arg(long)]
    duplicates: bool,
    /// Threads to split the root over (default 1, at most 256 as in search).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// Print the count below each root move first.
    #[arg(long)]
    divide: bool,
}

pub fn run(args: &PerftArgs) -> Result<(), CliError> {
    with_variant!(args.variant, G => run_for::<G>(args))
}

fn run_for<G: Game>(args: &PerftArgs) -> Result<(), CliError> {
    let pos: G = match &args.fen {
        Some(fen) => parse_fen(fen).map_err(CliError::new)?,
        None => G::start(),
    };
    let counting = if args.duplicates {
        Counting::Duplicates
    } else {
        Counting::Unique
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(usize::from(args.threads))
        .build()
        .map_err(CliError::new)?;
    pool.install(|| {
        if args.divide {
            for (mv, n) in divide(&pos, args.depth, counting) {
                println!("{} {n}", pdn_move(&pos, &mv));
            }
        }
        for depth in 1..=args.depth {
            let start = Instant::now();
            let n = if args.threads > 1 {
                perft_parallel(&pos, depth, counting)
            } else {
                perft(&pos, depth, counting)
            };
            let secs = start.elapsed().as_secs_f64();
            println!("{depth} {n} {secs:.3} {:.0}", n as f64 / secs.max(1e-9));
        }
    });
    Ok(())
}
