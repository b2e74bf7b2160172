//! `dam analyze`: search one position and print the info lines and the
//! best move.

use super::CliError;
use crate::egtb::MAX_PIECES;
use crate::engine::{Config, EgtbSettings, Engine, score_text, use_eval_file};
use crate::eval::Evaluate;
use crate::notation::fen::parse_fen;
use crate::notation::movetext::{parse_move, pdn_move};
use crate::rules::record::Record;
use crate::search::{Control, Info, Limits, default_threads, line_text};
use crate::variant::Variant;
use crate::with_variant;
use std::time::Duration;

#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("limit").required(true).args(["depth", "time", "nodes"])))]
pub struct AnalyzeArgs {
    /// The variant.
    #[arg(long, default_value = "international")]
    variant: Variant,
    /// The position (default: the variant's initial position).
    #[arg(long)]
    fen: Option<String>,
    /// Moves to play from the position first, space separated.
    #[arg(long)]
    moves: Option<String>,
    /// Search to this depth in plies.
    #[arg(long, value_parser = clap::value_parser!(i32).range(1..=120))]
    depth: Option<i32>,
    /// Search for this many seconds.
    #[arg(long, value_parser = super::values::seconds)]
    time: Option<Duration>,
    /// Search this many nodes (at least 1; the first iteration always ends).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Search threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// How many best lines to show.
    #[arg(long, default_value_t = 1)]
    multipv: usize,
    /// Transposition table size, log2 of its entries (16 bytes each).
    #[arg(long, default_value_t = 22)]
    tt_size: u32,
    /// Probe endgame databases of at most this many pieces (default 8:
    /// the largest set found, nothing built; 2-7: the sets of up to 4
    /// pieces are built first if missing; 0: none).
    #[arg(long, default_value_t = MAX_PIECES, value_parser = clap::value_parser!(u32).range(0..=8))]
    egtb_pieces: u32,
    /// Endgame database directory (default: $DAM_EGTB_DIR, else the
    /// user's cache).
    #[arg(long)]
    egtb_dir: Option<std::path::PathBuf>,
    /// Evaluate with this weights file (`dam tune`) for its variant.
    #[arg(long)]
    eval_file: Option<std::path::PathBuf>,
}

pub fn run(args: &AnalyzeArgs) -> Result<(), CliError> {
    use_eval_file(args.eval_file.as_deref(), Some(args.variant)).map_err(CliError::new)?;
    with_variant!(args.variant, G => run_for::<G>(args))
}

fn run_for<G: Evaluate>(args: &AnalyzeArgs) -> Result<(), CliError> {
    let start: G = match &args.fen {
        Some(fen) => parse_fen(fen).map_err(CliError::new)?,
        None => G::start(),
    };
    let mut record = Record::new(start);
    let mut history = vec![start.hash()];
    for text in args.moves.as_deref().unwrap_or("").split_whitespace() {
        let mv = parse_move(record.position(), text).map_err(CliError::new)?;
        record.play(&mv);
        history.push(record.position().hash());
    }
    let pos = *record.position();
    if pos.count_moves() == 0 {
        return Err(CliError::new("the side to move has no legal move"));
    }
    let limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        move_time: args.time,
        ..Limits::default()
    };
    let mut config = Config::new(args.threads.unwrap_or_else(default_threads), args.tt_size);
    config.egtb = Some(EgtbSettings::limited(
        args.variant,
        args.egtb_dir.clone(),
        args.egtb_pieces,
    ));
    let engine = Engine::new(&config);
    if let Some(value) = engine.tables().and_then(|t| t.probe(&pos)) {
        println!("egtb {value}");
    } else if let Some(w) = engine.tables().and_then(|t| t.probe_wdl(&pos)) {
        // a set of win/draw/loss only: no distance to print
        println!("egtb {w}");
    }
    let (tx, rx) = crossbeam_channel::unbounded::<Info<G::Move>>();
    let control = Control::new(false);
    let outcome = std::thread::scope(|s| {
        let printer = s.spawn(move || {
            for info in rx {
                let pv = line_text(&pos, &info.pv, pdn_move::<G>).join(" ");
                let secs = info.time.as_secs_f64();
                println!(
                    "info multipv={} depth={} seldepth={} score={} nodes={} time={:.3} nps={:.0} tbhits={} pv=\"{pv}\"",
                    info.line,
                    info.depth,
                    info.seldepth,
                    score_text(info.score),
                    info.nodes,
                    secs,
                    info.nodes as f64 / secs.max(1e-6),
                    info.tbhits
                );
            }
        });
        let out = engine.search(&pos, &history, &limits, args.multipv, &control, Some(&tx));
        drop(tx);
        let _ = printer.join();
        out
    });
    let outcome = outcome.ok_or_else(|| CliError::new("the search failed"))?;
    let best = outcome.best.ok_or_else(|| CliError::new("no move found"))?;
    let after = pos.play(&best);
    let ponder = outcome
        .ponder
        .map(|p| format!(" ponder {}", pdn_move(&after, &p)))
        .unwrap_or_default();
    println!(
        "bestmove {}{ponder} score {} depth {} nodes {}",
        pdn_move(&pos, &best),
        score_text(outcome.score),
        outcome.depth,
        outcome.nodes
    );
    Ok(())
}
