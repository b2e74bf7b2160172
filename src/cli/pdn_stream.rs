//! `dam pdn validate|stats|analyze --jsonl`: the stream stages, games from
//! stdin (PDN text or JSON lines) to one JSON record a game on stdout, for
//! a pipeline or a distributed driver (`scripts/cluster/analyze.py`). A
//! bad game is an error record and the stream goes on: the exit code is 0
//! once every game has its record, 2 when the input cannot be read or the
//! output written.

use super::CliError;
use crate::jobs::stage::{Settings, run_stage};
use crate::variant::Variant;

pub use crate::jobs::stage::Job;

#[derive(clap::Args, Debug)]
pub struct StreamArgs {
    /// Read games from stdin instead of FILES (PDN text, or one JSON object
    /// a line as `convert --json` writes them, told from the first
    /// non-blank line) and write one JSON object a game to stdout, in
    /// input order, as each is done: its record, or an error record
    /// saying where (game, line, column, move) and why.
    #[arg(long, conflicts_with = "files")]
    pub jsonl: bool,
    /// With --jsonl: games worked on at once, one thread each. Each game's
    /// record is the same whatever the number.
    #[arg(long, default_value_t = 1, requires = "jsonl",
          value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: u16,
}

/// Run `job` as a stream stage on stdin and stdout.
pub fn stage(
    stream: &StreamArgs,
    job: Job,
    variant: Option<Variant>,
    strict: bool,
) -> Result<i32, CliError> {
    let settings = Settings {
        variant,
        strict,
        threads: stream.threads as usize,
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let games = run_stage(std::io::stdin().lock(), &mut out, &job, settings).map_err(CliError)?;
    log::info!("{games} games streamed");
    Ok(0)
}
