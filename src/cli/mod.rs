//! The command line: one subcommand per job, the variant picked once here
//! and dispatched to code compiled for it.

mod analyze;
mod bench;
mod bench_threads;
mod book;
mod datagen;
mod dxp;
mod egtb;
mod egtb_phase;
mod egtb_playout;
mod hub;
mod matches;
mod pdn;
mod pdn_split;
mod pdn_stream;
mod perft;
mod play;
mod selfplay;
mod show;
mod tune;
mod values;

use clap::{Parser, Subcommand};

/// dam: a draughts engine for ten variants.
#[derive(Parser, Debug)]
#[command(name = "dam", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Search a position: info lines, then the best move.
    Analyze(analyze::AnalyzeArgs),
    /// List the balanced openings of a few plies (opening ballots).
    Ballots(matches::BallotsArgs),
    /// Search fixed positions of every variant: nodes, time, nodes/s.
    Bench(bench::BenchArgs),
    /// Self-play games into a training file of quiet positions.
    Datagen(datagen::DatagenArgs),
    /// Opening books: build one with the engine.
    #[command(subcommand)]
    Book(book::BookCommand),
    /// Play over DamExchange (DXP): TCP server or client, or stdin/stdout.
    Dxp(dxp::DxpArgs),
    /// Endgame databases: build, plan, probe, verify, bench, wdl, status, playout, phase.
    #[command(subcommand)]
    Egtb(egtb::EgtbCommand),
    /// Speak the Hub protocol (version 2) on stdin and stdout.
    Hub(hub::HubArgs),
    /// Play a match between two engines, logging the games as PDN.
    Match(matches::MatchArgs),
    /// PDN files: validate, convert, stats, analyze, split.
    #[command(subcommand)]
    Pdn(pdn::PdnCommand),
    /// Count move paths from a position, one line per depth.
    Perft(perft::PerftArgs),
    /// Play a game at the terminal: against the engine, or two players.
    Play(play::PlayArgs),
    /// Play the engine against a changed copy of itself: W/D/L and Elo.
    Selfplay(selfplay::SelfplayArgs),
    /// Show a position: the board, side to move, counters, game end, FEN.
    Show(show::ShowArgs),
    /// Train the pattern evaluation's weights on training records.
    Tune(tune::TuneArgs),
}

/// An error that ends a command: printed on stderr, exit code 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct CliError(pub String);

impl CliError {
    pub fn new(e: impl std::fmt::Display) -> CliError {
        CliError(e.to_string())
    }
}

/// A command whose stdout is only its output ends quietly, as Unix tools
/// do, when the reader goes away (`dam show | head -1`): Rust ignores
/// SIGPIPE, so `println!` would panic instead. The protocol commands keep
/// ignoring it: a peer that leaves is theirs to handle.
fn end_quietly_when_stdout_closes() {
    #[cfg(unix)]
    // SAFETY: restoring the default action of one signal at start-up,
    // before any thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Run the command line; returns the process exit code.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return code;
        }
    };
    if !matches!(
        cli.command,
        Command::Hub(_) | Command::Dxp(_) | Command::Match(_)
    ) {
        end_quietly_when_stdout_closes();
    }
    let result = match cli.command {
        Command::Analyze(args) => analyze::run(&args).map(|()| 0),
        Command::Ballots(args) => matches::run_ballots(&args).map(|()| 0),
        Command::Bench(args) => bench::run(&args).map(|()| 0),
        Command::Datagen(args) => datagen::run(&args).map(|()| 0),
        Command::Book(command) => book::run(&command).map(|()| 0),
        Command::Dxp(args) => dxp::run(&args).map(|()| 0),
        Command::Egtb(command) => egtb::run(&command),
        Command::Hub(args) => hub::run(&args).map(|()| 0),
        Command::Match(args) => matches::run(&args).map(|()| 0),
        Command::Pdn(command) => pdn::run(&command),
        Command::Perft(args) => perft::run(&args).map(|()| 0),
        Command::Play(args) => play::run(&args).map(|()| 0),
        Command::Selfplay(args) => selfplay::run(&args).map(|()| 0),
        Command::Show(args) => show::run(&args).map(|()| 0),
        Command::Tune(args) => tune::run(&args).map(|()| 0),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("dam: {e}");
            2
        }
    }
}
