//! `dam pdn`: batch jobs over PDN files, parallel over games.
//! `validate` reports every bad game (exit 1 if any), `convert` writes
//! clean PDN 3.0, a FEN list or JSON lines (whole or not at all), `stats`
//! counts results, openings and lengths. Exit 2 when a file cannot be read.

use super::CliError;
use crate::pdn::batch::{GameRef, for_each_game, progress_bar};
use crate::pdn::check::{check, looks_like_pdn, report};
use crate::pdn::export::{Format, export};
use crate::pdn::replay::Options;
use crate::pdn::source::Source;
use crate::pdn::stats::{Stats, Summary};
use crate::variant::Variant;
use clap::Subcommand;
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(Subcommand, Debug)]
pub enum PdnCommand {
    /// Check every game against its variant's rules; one line per bad game.
    Validate(InputArgs),
    /// Rewrite games as clean PDN 3.0 (or a FEN list, or JSON lines).
    Convert(ConvertArgs),
    /// Count games, results by colour, openings and lengths.
    Stats(InputArgs),
}

#[derive(clap::Args, Debug)]
pub struct InputArgs {
    /// PDN files.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The variant of games without a GameType (or Variant) tag.
    #[arg(long, default_value = "international")]
    variant: Variant,
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

/// Run a `dam pdn` command; returns the exit code.
pub fn run(command: &PdnCommand) -> Result<i32, CliError> {
    match command {
        PdnCommand::Validate(args) => validate(args),
        PdnCommand::Convert(args) => convert(args),
        PdnCommand::Stats(args) => stats(args),
    }
}

/// The files, opened; a file that cannot be read is reported and counted.
fn open_all(args: &InputArgs, failed: &mut usize) -> Vec<(String, Source)> {
    let mut sources = Vec::new();
    for path in &args.files {
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
    sources
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

/// Run `job` on every replayed game of every file; `sink` gets each
/// game's result (or report line) in file order.
fn each_game<T: Send>(
    sources: &[(String, Source)],
    variant: Variant,
    options: Options,
    job: impl Fn(&crate::pdn::check::Checked) -> T + Sync,
    mut sink: impl FnMut(Done<T>),
) {
    let progress = progress_bar(total(sources));
    for (name, source) in sources {
        let work = |game: GameRef| {
            let text = source.text(&game.span);
            match check(&text, variant, options) {
                Ok(checked) => Done::Good(job(&checked)),
                Err((players, e)) => Done::Bad(report(name, source, &game, &text, &players, &e)),
            }
        };
        for_each_game(source, work, &mut sink, &progress);
    }
    progress.finish_and_clear();
}

fn validate(args: &InputArgs) -> Result<i32, CliError> {
    let mut failed = 0;
    let sources = open_all(args, &mut failed);
    let (mut games, mut bad, mut tolerated) = (0usize, 0usize, 0usize);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let options = args.options(false, false);
    each_game(
        &sources,
        args.variant,
        options,
        |c| c.replayed.lenient,
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
    );
    let _ = writeln!(
        out,
        "{} file{}, {games} games: {} valid, {bad} bad{}",
        sources.len(),
        if sources.len() == 1 { "" } else { "s" },
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

/// 2 if a file could not be read, else 1 if a game is bad, else 0.
fn exit_code(failed: usize, bad: usize) -> i32 {
    if failed > 0 { 2 } else { i32::from(bad > 0) }
}

fn convert(args: &ConvertArgs) -> Result<i32, CliError> {
    let mut failed = 0;
    let sources = open_all(&args.input, &mut failed);
    if failed > 0 {
        return Err(CliError(
            "nothing written: a file could not be read".to_string(),
        ));
    }
    let format = if args.json {
        Format::Json
    } else if args.fen_list {
        Format::FenList
    } else {
        Format::Pdn
    };
    let options = args.input.options(true, format != Format::Pdn);
    let mut output = Output::new(args.output.as_deref())?;
    let mut bad = 0usize;
    let mut write_error = None;
    each_game(
        &sources,
        args.input.variant,
        options,
        |c| export(c, format),
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
    );
    if let Some(e) = write_error {
        return Err(CliError::new(e));
    }
    if bad > 0 && !args.skip_bad {
        eprintln!("dam: {bad} bad game(s): nothing written (use --skip-bad to leave them out)");
        return Ok(1);
    }
    output.finish()?;
    Ok(i32::from(bad > 0))
}

/// Where `convert` writes: a temporary file beside the output, renamed
/// over it at the end, or standard output.
enum Output {
    File {
        temp: std::io::BufWriter<tempfile::NamedTempFile>,
        path: PathBuf,
    },
    Stdout(std::io::BufWriter<std::io::Stdout>),
}

impl Output {
    fn new(path: Option<&Path>) -> Result<Output, CliError> {
        let Some(path) = path else {
            return Ok(Output::Stdout(std::io::BufWriter::new(std::io::stdout())));
        };
        let dir = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let mut builder = tempfile::Builder::new();
        // The file is renamed into place: give it a usual file's mode, not
        // a temporary file's private one.
        #[cfg(unix)]
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o644));
        let temp = builder
            .tempfile_in(dir)
            .map_err(|e| CliError(format!("{}: {e}", dir.display())))?;
        Ok(Output::File {
            temp: std::io::BufWriter::new(temp),
            path: path.to_path_buf(),
        })
    }

    fn write(&mut self, text: &str) -> std::io::Result<()> {
        match self {
            Output::File { temp, .. } => temp.write_all(text.as_bytes()),
            Output::Stdout(out) => out.write_all(text.as_bytes()),
        }
    }

    fn finish(self) -> Result<(), CliError> {
        match self {
            Output::File { temp, path } => {
                let temp = temp.into_inner().map_err(|e| CliError::new(e.error()))?;
                temp.as_file().sync_all().map_err(CliError::new)?;
                temp.persist(&path)
                    .map_err(|e| CliError(format!("{}: {}", path.display(), e.error)))?;
                Ok(())
            }
            Output::Stdout(mut out) => out.flush().map_err(CliError::new),
        }
    }
}

fn stats(args: &InputArgs) -> Result<i32, CliError> {
    let mut failed = 0;
    let sources = open_all(args, &mut failed);
    let mut stats = Stats::default();
    let options = args.options(true, false);
    each_game(
        &sources,
        args.variant,
        options,
        Summary::of,
        |done| match done {
            Done::Good(game) => stats.add(game),
            Done::Bad(_) => stats.unreadable += 1,
        },
    );
    print!("{}", stats.report());
    Ok(exit_code(failed, 0))
}
