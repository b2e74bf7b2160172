//! The `--jsonl` stages of `dam pdn validate`, `stats` and `analyze`: games
//! from a stream in, one JSON record a game out, in input order, each
//! written as soon as it and the games before it are done. A game that
//! does not read becomes an error record and the stream goes on. Each
//! game's record depends on that game alone (a fresh searcher and history
//! per game, one thread per game), so records are the same whatever the
//! input was cut into.

use super::analyze::analysis;
use super::records::{ErrorAt, analysis_record, error_record, summary_record, validation_record};
use super::stats::Summary;
use super::stream::{Body, GameReader, StreamGame, pdn_of_json};
use crate::egtb::Shelf;
use crate::pdn::check::{Checked, check};
use crate::pdn::replay::Options;
use crate::pdn::source::line_column;
use crate::search::Limits;
use crate::variant::Variant;
use rayon::prelude::*;
use std::borrow::Cow;
use std::io::{self, Read, Write};

/// What a stage does with each game.
pub enum Job {
    Validate,
    Stats,
    /// Analysis within the limits, with the endgame databases of the
    /// shelf if given (`--egtb-pieces`).
    Analyze(Limits, Option<Box<Shelf>>),
}

/// How a stage reads games.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// The variant of games without a GameType tag (`--variant`).
    pub variant: Option<Variant>,
    /// Refuse moves not legal as written (`--strict`).
    pub strict: bool,
    /// Games worked on at once, one thread each.
    pub threads: usize,
}

/// Games (for each thread) read before their records are written: one
/// for analysis, so that each record comes as its game is done.
fn chunk(job: &Job) -> usize {
    match job {
        Job::Analyze(..) => 1,
        Job::Validate | Job::Stats => 256,
    }
}

/// Run `job` over every game of `input`, writing its records to `out`;
/// how many games there were.
pub fn run_stage(
    input: impl Read,
    out: &mut impl Write,
    job: &Job,
    settings: Settings,
) -> Result<usize, String> {
    let threads = settings.threads.max(1);
    let pool = crate::engine::pool(Some(threads), "dam-stage").map_err(|e| e.to_string())?;
    let mut games = GameReader::new(input);
    let per_chunk = chunk(job) * threads;
    let mut count = 0;
    loop {
        let batch: Vec<StreamGame> = games
            .by_ref()
            .take(per_chunk)
            .collect::<io::Result<_>>()
            .map_err(|e| format!("reading the input: {e}"))?;
        if batch.is_empty() {
            return Ok(count);
        }
        count += batch.len();
        let records: Vec<String> =
            pool.install(|| batch.par_iter().map(|g| record(g, job, settings)).collect());
        let write = |out: &mut dyn Write| -> io::Result<()> {
            records
                .iter()
                .try_for_each(|r| out.write_all(r.as_bytes()))?;
            out.flush()
        };
        write(out).map_err(|e| format!("writing the output: {e}"))?;
    }
}

/// The record of one game.
pub fn record(game: &StreamGame, job: &Job, settings: Settings) -> String {
    let (text, variant, column) = match &game.body {
        Body::Pdn { text, column } => (Cow::Borrowed(text), settings.variant, Some(*column)),
        Body::Json(line) => match pdn_of_json(line) {
            Ok((text, variant)) => (Cow::Owned(text), variant.or(settings.variant), None),
            Err(reason) => {
                let error = ErrorAt {
                    line: game.line,
                    column: None,
                    label: None,
                    reason: &reason,
                    players: "? - ?",
                };
                return error_record(game.index, game.line, &error);
            }
        },
    };
    let options = Options {
        strict: settings.strict,
        canonical: !matches!(job, Job::Validate),
        fens: false,
    };
    let done = check(&text, variant, options).and_then(|checked| {
        job_record(game, job, &checked).map_err(|e| (checked.game.players(), e))
    });
    match done {
        Ok(record) => record,
        Err((players, e)) => {
            let (line, column) = location(game.line, column, &text, e.offset);
            let error = ErrorAt {
                line,
                column,
                label: e.label.as_deref(),
                reason: &e.reason,
                players: &players,
            };
            error_record(game.index, game.line, &error)
        }
    }
}

fn job_record(
    game: &StreamGame,
    job: &Job,
    checked: &Checked,
) -> Result<String, crate::pdn::replay::GameError> {
    Ok(match job {
        Job::Validate => validation_record(game.index, game.line, checked),
        Job::Stats => summary_record(game.index, game.line, checked, &Summary::of(checked)),
        Job::Analyze(limits, egtb) => analysis_record(
            game.index,
            game.line,
            checked,
            &analysis(checked, limits, egtb.as_deref())?,
        ),
    })
}

/// The line and column of `offset` in a game's `text` that starts on
/// `line` after `column` characters; for JSON input (no column) the
/// game's line.
fn location(
    line: usize,
    column: Option<usize>,
    text: &str,
    offset: usize,
) -> (usize, Option<usize>) {
    match column {
        Some(column) => {
            let (line, column) = line_column(line, column, text, offset);
            (line, Some(column))
        }
        None => (line, None),
    }
}

#[cfg(test)]
mod tests;
