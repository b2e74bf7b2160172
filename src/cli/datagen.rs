//! `dam datagen`: self-play games into a training file (see
//! `docs/training.md`). The file is appended to: `--games N` adds N games
//! to whatever it holds, so an interrupted run is resumed by running the
//! same command again (a partial last record is cut off first).

use super::CliError;
use crate::eval::Evaluate;
use crate::search::default_threads;
use crate::train::datagen::{Settings, generate};
use crate::train::record::{RecordError, Writer, fits};
use crate::variant::Variant;
use crate::with_variant;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("limit").required(true).multiple(true).args(["depth", "nodes"])))]
pub struct DatagenArgs {
    /// The variant (international, english, brazilian, russian, dama, dama-international).
    #[arg(long)]
    variant: Variant,
    /// Games to add to the file.
    #[arg(long)]
    games: u64,
    /// Search depth of every move.
    #[arg(long, value_parser = clap::value_parser!(i32).range(1..=60))]
    depth: Option<i32>,
    /// Nodes searched for every move.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Games played at once (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Random legal moves played after the ballot.
    #[arg(long, default_value_t = 4)]
    random_plies: usize,
    /// Positions before this ply are not recorded.
    #[arg(long, default_value_t = 8)]
    skip_plies: usize,
    /// A game still going at this ply is a draw.
    #[arg(long, default_value_t = 300)]
    max_plies: usize,
    /// The seed every opening and random move is drawn from.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The training file, created or appended to.
    #[arg(short, long)]
    output: PathBuf,
    /// Play with this weights file (`dam tune`) for its variant, so that
    /// each round of data comes from the last round's weights.
    #[arg(long)]
    eval_file: Option<PathBuf>,
}

pub fn run(args: &DatagenArgs) -> Result<(), CliError> {
    crate::engine::use_eval_file(args.eval_file.as_deref(), Some(args.variant))
        .map_err(CliError::new)?;
    let threads = args.threads.unwrap_or_else(default_threads).max(1);
    let pool = crate::engine::pool(Some(threads), "dam-datagen").map_err(CliError::new)?;
    pool.install(|| with_variant!(args.variant, G => run_for::<G>(args)))
}

fn run_for<G: Evaluate>(args: &DatagenArgs) -> Result<(), CliError> {
    let settings = Settings {
        games: args.games,
        depth: args.depth,
        nodes: args.nodes,
        random_plies: args.random_plies,
        skip_plies: args.skip_plies,
        max_plies: args.max_plies,
        seed: args.seed,
    };
    if !fits(G::VARIANT) {
        return Err(CliError::new(RecordError::Unsupported(G::VARIANT)));
    }
    let mut out = Writer::append(&args.output).map_err(CliError::new)?;
    let before = out.existing();
    let bar = ProgressBar::with_draw_target(Some(args.games), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{elapsed_precise} [{bar:40}] {pos}/{len} games, {msg} ({per_sec}, {eta})",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    let started = Instant::now();
    let summary = generate::<G>(&settings, &mut out, &bar).map_err(CliError::new)?;
    bar.finish_and_clear();
    println!(
        "{}: {} games (+{} ={} -{} for White), {} positions in {:.1} s; the file now holds {} positions",
        args.output.display(),
        summary.games,
        summary.white_wins,
        summary.draws,
        summary.black_wins,
        summary.positions,
        started.elapsed().as_secs_f64(),
        before + summary.positions
    );
    Ok(())
}
