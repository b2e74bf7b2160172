//! `dam pdn`: batch jobs over PDN files, parallel over games.
//! `validate` reports every bad game (exit 1 if any), `convert` writes
//! clean PDN 3.0, a FEN list or JSON lines (whole or not at all), `stats`
//! counts results, openings and lengths, `analyze` annotates every move
//! with the engine's evaluation, writing each game as it finishes
//! (resumable). Exit 2 when a file cannot be read. With `--jsonl`,
//! validate, stats and analyze are stream stages (`pdn_stream`); `split`
//! cuts collections into shards (`pdn_split`).

use super::CliError;
use crate::egtb::{MAX_PIECES, Shelf};
use crate::jobs::analyze::analyze;
use crate::jobs::batch::{CHUNK, for_each_game, game_bar, progress_bar};
use crate::jobs::export::{Format, export};
use crate::jobs::output::Output;
use crate::jobs::resume::Resumable;
use crate::jobs::stats::{Stats, Summary};
use crate::pdn::check::{Checked, check, looks_like_pdn, report};
use crate::pdn::replay::{GameError, Options};
use crate::pdn::source::Source;
use crate::pdn::split::GameRef;
use crate::pdn::split::Splitter;
use crate::search::Limits;
use crate::variant::Variant;
use clap::Subcommand;
use indicatif::ProgressBar;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

#[derive(Subcommand, Debug)]
pub enum PdnCommand {
    /// Check every game against its variant's rules; one line per bad game.
    Validate(GamesArgs),
    /// Rewrite games as clean PDN 3.0 (or a FEN list, or JSON lines).
    Convert(ConvertArgs),
    /// Count games, results by colour and by player, endings, openings and lengths.
    Stats(GamesArgs),
    /// Annotate every move with the engine's evaluation; mark mistakes and
    /// give the better move.
    ///
    /// Each position of each game's main line is searched on one thread
    /// (the games are spread over the cores). After every move come, in
    /// this order: `$2` for a mistake (it loses 0.50 men or more against
    /// the engine's move) or `$4` for a blunder (1.00 men or more); the
    /// evaluation after the move as a comment, from White's point of view,
    /// in men: `{+0.35}`, `{-1.20}`, `{0.00}`, or a forced win as `{#+13}`
    /// (White wins in 13 plies) or `{#-13}` (Black wins), `{#+}` or `{#-}`
    /// where the endgame databases prove it; and, after a
    /// mistake or a blunder, the engine's move as a variation with its
    /// evaluation, `(12. 33-29 {+0.10})`, which PDN readers show as an
    /// alternative and `dam pdn validate` checks. The search probes the
    /// endgame databases found (`--egtb-pieces`), and a move that throws a
    /// database value away (win to draw or loss, draw to loss) is a mistake
    /// at least (win to loss: a blunder), commented with both values,
    /// `{egtb: win 7 -> draw}`. Bad games are reported
    /// and left out (exit code 1). Games are written to OUT.partial as they
    /// finish (OUT.done counts them): an interrupted run goes on where it
    /// stopped when run again; the last game renames OUT.partial to OUT.
    Analyze(AnalyzeArgs),
    /// Cut collections into shards of whole games, with a manifest.
    Split(super::pdn_split::SplitArgs),
}

#[derive(clap::Args, Debug)]
pub struct InputArgs {
    /// PDN files, or directories (their .pdn files, subfolders included).
    files: Vec<PathBuf>,
    /// The variant of games without a GameType (or Variant) tag (default:
    /// what their squares say: algebraic russian, numbers up to 32
    /// english, larger numbers international; numbers up to 32 with a
    /// first move from 21-24, as in Italian draughts, are refused).
    #[arg(long)]
    variant: Option<Variant>,
    /// Count a move that is not legal as written as an error instead of
    /// reading it leniently (a wrong separator: `10x15` for the quiet move
    /// 10-15; a capture split over several moves).
    #[arg(long)]
    strict: bool,
}

impl InputArgs {
    fn options(&self, canonical: bool, fens: bool) -> Options {
        Options {
            strict: self.strict,
            canonical,
            fens,
        }
    }
}

#[derive(clap::Args, Debug)]
pub struct GamesArgs {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    stream: super::pdn_stream::StreamArgs,
}

#[derive(clap::Args, Debug)]
pub struct ConvertArgs {
    #[command(flatten)]
    input: InputArgs,
    /// The output file (written whole or not at all); standard output if
    /// not given.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// One FEN per position (the start, then after each move), a blank
    /// line between games.
    #[arg(long, conflicts_with = "json")]
    fen_list: bool,
    /// One JSON object per game and line: tags, moves with the FEN after
    /// each, result.
    #[arg(long)]
    json: bool,
    /// Leave bad games out (each is reported) instead of writing nothing.
    #[arg(long)]
    skip_bad: bool,
}

#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("limit").required(true).args(["depth", "time"])))]
pub struct AnalyzeArgs {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    stream: super::pdn_stream::StreamArgs,
    /// The output file, required without --jsonl (built in OUT.partial,
    /// resumable, see above).
    #[arg(
        short,
        long,
        required_unless_present = "jsonl",
        conflicts_with = "jsonl"
    )]
    output: Option<PathBuf>,
    /// Search every position to this depth in plies.
    #[arg(long, value_parser = clap::value_parser!(i32).range(1..=60))]
    depth: Option<i32>,
    /// Search every position for this many seconds.
    #[arg(long, value_parser = super::values::seconds)]
    time: Option<Duration>,
    /// Probe endgame databases of at most this many pieces, and mark a
    /// move that throws a database value away (default 8: the largest set
    /// found, nothing built; 2-7: the sets of up to 4 pieces are built
    /// first if missing; 0: none).
    #[arg(long, default_value_t = MAX_PIECES, value_parser = clap::value_parser!(u32).range(0..=8))]
    egtb_pieces: u32,
    /// Endgame database directory (default: $DAM_EGTB_DIR, else the
    /// user's cache).
    #[arg(long)]
    egtb_dir: Option<PathBuf>,
}

/// Run a `dam pdn` command; returns the exit code.
pub fn run(command: &PdnCommand) -> Result<i32, CliError> {
    use super::pdn_stream::{Job, stage};
    let stage = |stream, job, input: &InputArgs| stage(stream, job, input.variant, input.strict);
    match command {
        PdnCommand::Validate(a) if a.stream.jsonl => stage(&a.stream, Job::Validate, &a.input),
        PdnCommand::Stats(a) if a.stream.jsonl => stage(&a.stream, Job::Stats, &a.input),
        PdnCommand::Analyze(a) if a.stream.jsonl => stage(
            &a.stream,
            Job::Analyze(limits(a), shelf(a).map(Box::new)),
            &a.input,
        ),
        PdnCommand::Validate(args) => validate(&args.input),
        PdnCommand::Convert(args) => convert(args),
        PdnCommand::Stats(args) => stats(&args.input),
        PdnCommand::Analyze(args) => analyze_files(args),
        PdnCommand::Split(args) => super::pdn_split::run(args),
    }
}

/// Every input file opened, or an error when one could not be: the jobs
/// that write an output write nothing then.
pub(super) fn open_every(files: &[PathBuf]) -> Result<Vec<(String, Source)>, CliError> {
    let mut failed = 0;
    let sources = open_all(files, &mut failed)?;
    if failed > 0 {
        return Err(CliError(
            "nothing written: a file could not be read".to_string(),
        ));
    }
    Ok(sources)
}

/// The files, opened (a directory stands for its `.pdn` files and its subfolders', in path
/// order); a file that cannot be read is reported and counted. An error
/// when no file is given.
fn open_all(files: &[PathBuf], failed: &mut usize) -> Result<Vec<(String, Source)>, CliError> {
    if files.is_empty() {
        return Err(CliError(
            "no PDN files given (--jsonl reads games from stdin)".to_string(),
        ));
    }
    let mut sources = Vec::new();
    let paths: Vec<PathBuf> = files.iter().flat_map(|p| pdn_files(p, failed)).collect();
    for path in &paths {
        let name = path.display().to_string();
        match Source::open(path)
            .map_err(|e| e.to_string())
            .and_then(|s| looks_like_pdn(&s).map(|()| s))
        {
            Ok(source) => sources.push((name, source)),
            Err(e) => {
                eprintln!("dam: {name}: {e}");
                *failed += 1;
            }
        }
    }
    Ok(sources)
}

/// `path`, or the `.pdn` files of the directory `path` and of its
/// subfolders, in path order (none, reported and counted as a failure, if
/// it has none or cannot be listed).
fn pdn_files(path: &Path, failed: &mut usize) -> Vec<PathBuf> {
    if !path.is_dir() {
        return vec![path.to_path_buf()];
    }
    let mut files = Vec::new();
    match pdn_files_under(path, &mut files) {
        Ok(()) if !files.is_empty() => {
            files.sort();
            files
        }
        Ok(()) => {
            eprintln!(
                "dam: {}: a directory without .pdn files, subfolders included",
                path.display()
            );
            *failed += 1;
            Vec::new()
        }
        Err((at, e)) => {
            eprintln!("dam: {}: {e}", at.display());
            *failed += 1;
            Vec::new()
        }
    }
}

/// Add the `.pdn` files of `dir` and of its subfolders to `files` (links
/// to folders are not followed, so a loop cannot trap the walk); the
/// folder that could not be listed, if one could not.
fn pdn_files_under(dir: &Path, files: &mut Vec<PathBuf>) -> Result<(), (PathBuf, std::io::Error)> {
    let entries = std::fs::read_dir(dir).map_err(|e| (dir.to_path_buf(), e))?;
    for entry in entries {
        let entry = entry.map_err(|e| (dir.to_path_buf(), e))?;
        let path = entry.path();
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            pdn_files_under(&path, files)?;
        } else if path.is_file()
            && path
                .extension()
                .is_some_and(|x| x.eq_ignore_ascii_case("pdn"))
        {
            files.push(path);
        }
    }
    Ok(())
}

/// Total bytes of the files, for the progress bar.
fn total(sources: &[(String, Source)]) -> u64 {
    sources.iter().map(|(_, s)| s.bytes().len() as u64).sum()
}

/// The result of one game: replayed (with the job's output) or reported.
enum Done<T> {
    Good(T),
    Bad(String),
}

/// Which games a batch works on, and how many at a time.
#[derive(Clone, Copy)]
struct Plan<'a> {
    /// Games of the inputs (all files in order) already done: skipped.
    skip: usize,
    /// Games worked on together; their results come when all are done.
    chunk: usize,
    /// Once set, no more games are started (nor given to the sink).
    stop: Option<&'a AtomicBool>,
}

/// Every game, in chunks that keep all cores busy on quick jobs.
const EVERY_GAME: Plan = Plan {
    skip: 0,
    chunk: CHUNK,
    stop: None,
};

/// Run `job` on every replayed game of every file (after `plan.skip`);
/// `sink` gets each game's result (or report line, when the game or the
/// job fails) in file order. `progress` advances by the bytes read.
fn each_game<T: Send>(
    sources: &[(String, Source)],
    variant: Option<Variant>,
    options: Options,
    plan: Plan,
    job: impl Fn(&Checked) -> Result<T, GameError> + Sync,
    mut sink: impl FnMut(Done<T>),
    progress: ProgressBar,
) {
    let mut skip = plan.skip;
    let stopped = || plan.stop.is_some_and(|s| s.load(Ordering::Relaxed));
    for (name, source) in sources {
        if stopped() {
            break;
        }
        let here = if skip > 0 {
            let games = Splitter::new(source.bytes()).count();
            if skip >= games {
                skip -= games;
                progress.inc(source.bytes().len() as u64);
                continue;
            }
            std::mem::take(&mut skip)
        } else {
            0
        };
        let work = |game: GameRef| {
            if game.index <= here || stopped() {
                return None;
            }
            let text = source.text(&game.span);
            let done = check(&text, variant, options)
                .and_then(|c| job(&c).map_err(|e| (c.game.players(), e)));
            Some(match done {
                Ok(out) => Done::Good(out),
                Err((players, e)) => Done::Bad(report(name, source, &game, &text, &players, &e)),
            })
        };
        let mut pass = |done: Option<Done<T>>| {
            if !stopped() {
                done.into_iter().for_each(&mut sink);
            }
        };
        for_each_game(source, plan.chunk, work, &mut pass, &progress);
    }
    progress.finish_and_clear();
}

fn validate(args: &InputArgs) -> Result<i32, CliError> {
    let mut failed = 0;
    let sources = open_all(&args.files, &mut failed)?;
    let (mut games, mut bad, mut tolerated) = (0usize, 0usize, 0usize);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let options = args.options(false, false);
    each_game(
        &sources,
        args.variant,
        options,
        EVERY_GAME,
        |c| Ok(c.replayed.lenient),
        |done| {
            games += 1;
            match done {
                Done::Good(n) => tolerated += n,
                Done::Bad(line) => {
                    bad += 1;
                    let _ = writeln!(out, "{line}");
                }
            }
        },
        progress_bar(total(&sources)),
    );
    let _ = writeln!(
        out,
        "{}, {}: {} valid, {bad} bad{}",
        count(sources.len(), "file"),
        count(games, "game"),
        games - bad,
        if failed > 0 {
            format!(", {failed} file(s) unreadable")
        } else {
            String::new()
        }
    );
    if tolerated > 0 {
        let _ = writeln!(
            out,
            "{tolerated} move(s) not legal as written were read leniently: a wrong separator, or \
             a capture split over several moves (--strict refuses them)"
        );
    }
    out.flush().map_err(CliError::new)?;
    Ok(exit_code(failed, bad))
}

/// `n` and `word`, plural unless `n` is 1.
fn count(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// 2 if a file could not be read, else 1 if a game is bad, else 0.
fn exit_code(failed: usize, bad: usize) -> i32 {
    if failed > 0 { 2 } else { i32::from(bad > 0) }
}

fn convert(args: &ConvertArgs) -> Result<i32, CliError> {
    let sources = open_every(&args.input.files)?;
    let format = if args.json {
        Format::Json
    } else if args.fen_list {
        Format::FenList
    } else {
        Format::Pdn
    };
    let options = args.input.options(true, format != Format::Pdn);
    let mut output = Output::new(args.output.as_deref()).map_err(CliError)?;
    let mut bad = 0usize;
    let mut write_error = None;
    each_game(
        &sources,
        args.input.variant,
        options,
        EVERY_GAME,
        |c| Ok(export(c, format)),
        |done| match done {
            Done::Good(text) => {
                if let Err(e) = output.write(&text) {
                    write_error.get_or_insert(e);
                }
            }
            Done::Bad(line) => {
                bad += 1;
                eprintln!("{line}");
            }
        },
        progress_bar(total(&sources)),
    );
    if let Some(e) = write_error {
        return Err(CliError::new(e));
    }
    if bad > 0 && !args.skip_bad {
        eprintln!("dam: {bad} bad game(s): nothing written (use --skip-bad to leave them out)");
        return Ok(1);
    }
    output.finish().map_err(CliError)?;
    Ok(i32::from(bad > 0))
}

/// `dam pdn analyze`: the games analysed on a pool of threads with stacks
/// deep enough to search, one game per thread at a time, a few games per
/// thread in flight; each finished game goes to the output at once
/// (`Resumable`: an interrupted run goes on where it stopped when run
/// again), with progress on stderr.
fn analyze_files(args: &AnalyzeArgs) -> Result<i32, CliError> {
    let sources = open_every(&args.input.files)?;
    let limits = limits(args);
    let Some(path) = args.output.as_deref() else {
        return Err(CliError("no output file (-o OUT)".to_string()));
    };
    let egtb = shelf(args);
    let pool = crate::engine::pool(None, "dam-analyze").map_err(CliError::new)?;
    let games: usize = sources
        .iter()
        .map(|(_, s)| Splitter::new(s.bytes()).count())
        .sum();
    let mut output = Resumable::open(path, games).map_err(CliError)?;
    if output.done > 0 {
        eprintln!(
            "dam: resuming {}: {} of {games} games done before",
            path.display(),
            output.done
        );
    }
    let bar = game_bar(games as u64);
    bar.set_position(output.done as u64);
    let stop = AtomicBool::new(false);
    let plan = Plan {
        skip: output.done,
        chunk: 4 * pool.current_num_threads(),
        stop: Some(&stop),
    };
    let (mut bad, mut write_error) = (0usize, None);
    let terminal = std::io::stderr().is_terminal();
    pool.install(|| {
        each_game(
            &sources,
            args.input.variant,
            args.input.options(true, false),
            plan,
            |c| analyze(c, &limits, egtb.as_ref()),
            |done| {
                let text = match done {
                    Done::Good(text) => Some(text),
                    Done::Bad(line) => {
                        bad += 1;
                        bar.suspend(|| eprintln!("{line}"));
                        None
                    }
                };
                if let Err(e) = output.write(text.as_deref()) {
                    write_error.get_or_insert(e);
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
                bar.inc(1);
                if !terminal {
                    eprintln!(
                        "dam: analysed {}/{games} games{}",
                        output.written,
                        match output.done - output.written {
                            0 => String::new(),
                            n => format!(", {n} left out"),
                        }
                    );
                }
            },
            ProgressBar::hidden(),
        )
    });
    bar.finish_and_clear();
    if let Some(e) = write_error {
        return Err(CliError(format!(
            "{}: {e}; stopped after {} of {games} games: run the same command again to go on",
            path.display(),
            output.done
        )));
    }
    output.finish().map_err(CliError)?;
    if bad > 0 {
        eprintln!("dam: {bad} bad game(s) reported and left out");
    }
    Ok(i32::from(bad > 0))
}

/// The search limits of `dam pdn analyze`.
fn limits(args: &AnalyzeArgs) -> Limits {
    Limits {
        depth: args.depth,
        move_time: args.time,
        ..Limits::default()
    }
}

/// The endgame databases `--egtb-pieces` asks for (none below 2; by
/// default the largest found).
fn shelf(args: &AnalyzeArgs) -> Option<Shelf> {
    (args.egtb_pieces >= 2).then(|| Shelf::new(args.egtb_dir.as_deref(), args.egtb_pieces))
}

fn stats(args: &InputArgs) -> Result<i32, CliError> {
    let mut failed = 0;
    let sources = open_all(&args.files, &mut failed)?;
    let mut stats = Stats::default();
    let options = args.options(true, false);
    each_game(
        &sources,
        args.variant,
        options,
        EVERY_GAME,
        |c| Ok(Summary::of(c)),
        |done| match done {
            Done::Good(game) => stats.add(game),
            Done::Bad(line) => {
                stats.unreadable += 1;
                eprintln!("{line}");
            }
        },
        progress_bar(total(&sources)),
    );
    print!("{}", stats.report());
    Ok(exit_code(failed, 0))
}
