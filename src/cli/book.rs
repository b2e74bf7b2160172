//! `dam book build`: grow an opening book with the engine and write it
//! (whole or not at all) to a file or standard output.

use super::CliError;
use crate::book::{BuildSettings, build, write_book};
use crate::eval::Evaluate;
use crate::jobs::output::Output;
use crate::search::default_threads;
use crate::variant::Variant;
use crate::with_variant;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Subcommand, Debug)]
pub enum BookCommand {
    /// Build a book: every position searched over all its moves, the moves
    /// within the margin of the best kept and followed, to a number of plies.
    Build(BuildArgs),
}

#[derive(clap::Args, Debug)]
pub struct BuildArgs {
    /// The variant.
    #[arg(long, default_value = "international")]
    variant: Variant,
    /// Positions up to this many plies from the start get book moves.
    #[arg(long)]
    plies: usize,
    /// The depth each position is searched to.
    #[arg(long)]
    depth: i32,
    /// Keep the moves at most this far below the best, in hundredths of a man.
    #[arg(long)]
    margin: i32,
    /// Positions searched at once, each search on one thread (default:
    /// every core).
    #[arg(long, default_value_t = default_threads(), hide_default_value = true)]
    threads: usize,
    /// The book file (standard output without it).
    #[arg(long)]
    out: Option<PathBuf>,
}

pub fn run(command: &BookCommand) -> Result<(), CliError> {
    match command {
        BookCommand::Build(args) => with_variant!(args.variant, G => build_for::<G>(args)),
    }
}

fn build_for<G: Evaluate>(args: &BuildArgs) -> Result<(), CliError> {
    if args.margin < 0 || !(1..=60).contains(&args.depth) {
        return Err(CliError::new(
            "--margin must be at least 0 and --depth 1 to 60",
        ));
    }
    let settings = BuildSettings {
        plies: args.plies,
        depth: args.depth,
        margin: args.margin,
        threads: args.threads.max(1),
    };
    let output = Output::new(args.out.as_deref()).map_err(CliError)?;
    let started = Instant::now();
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{elapsed_precise} {msg} [{bar:40}] {pos}/{len} positions ({eta})",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    let book = build::<G>(
        &settings,
        |ply, positions| {
            log::info!("ply {ply}: {positions} positions to search");
            bar.set_message(format!("ply {ply}"));
            bar.set_position(0);
            bar.set_length(positions as u64);
        },
        || bar.inc(1),
    )
    .map_err(CliError)?;
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs();
    log::info!("{} positions in {seconds} s", book.lines().len());
    let header = [
        format!("dam opening book for {}, built by", args.variant),
        format!(
            "dam book build --variant {} --plies {} --depth {} --margin {}",
            args.variant, args.plies, args.depth, args.margin
        ),
        format!(
            "in {seconds} s ({} build, {} thread{}): {} positions.",
            if cfg!(debug_assertions) {
                "debug"
            } else {
                "release"
            },
            settings.threads,
            if settings.threads == 1 { "" } else { "s" },
            book.lines().len()
        ),
        "Format (book/README.md): FEN ; move score ; ... with the scores in men".into(),
        "from the side to move's view, best first.".into(),
        String::new(),
    ];
    let mut output = output;
    output
        .write(&write_book(&book, &header))
        .map_err(CliError::new)?;
    output.finish().map_err(CliError)
}
