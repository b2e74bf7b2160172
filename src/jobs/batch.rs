//! Running a job over every game of a file on all cores: the file is split
//! a chunk of games at a time (the next chunk is split while the current
//! one is worked on), results come back in file order, and memory stays
//! flat however long the file is.

use crate::pdn::source::Source;
use crate::pdn::split::{GameRef, Splitter};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

/// Games per chunk, for jobs that are quick over each game.
pub const CHUNK: usize = 2048;

/// Runs shorter than this many bytes show no progress bar.
const PROGRESS_BYTES: u64 = 4 << 20;

/// Run `work` on every game of `source` in parallel, `chunk` games at a
/// time; `sink` gets the results in file order, each chunk as it ends.
/// `progress` advances by the bytes read.
pub fn for_each_game<R: Send>(
    source: &Source,
    chunk: usize,
    work: impl Fn(GameRef) -> R + Sync,
    mut sink: impl FnMut(R),
    progress: &ProgressBar,
) {
    let mut splitter = Splitter::new(source.bytes());
    let mut index = 0;
    let mut next_chunk = |splitter: &mut Splitter| -> Vec<GameRef> {
        splitter
            .by_ref()
            .take(chunk.max(1))
            .map(|span| {
                index += 1;
                GameRef { index, span }
            })
            .collect()
    };
    let mut chunk = next_chunk(&mut splitter);
    let mut done = 0;
    while !chunk.is_empty() {
        let (results, following) = rayon::join(
            || chunk.par_iter().map(|game| work(*game)).collect::<Vec<R>>(),
            || next_chunk(&mut splitter),
        );
        let end = chunk.last().map_or(0, |g| g.span.end);
        results.into_iter().for_each(&mut sink);
        progress.inc((end - done) as u64);
        source.release(end);
        done = end;
        chunk = following;
    }
    progress.inc((source.bytes().len() - done) as u64);
}

/// A progress bar on stderr over `total` bytes, drawn only for long runs
/// (and only when stderr is a terminal).
pub fn progress_bar(total: u64) -> ProgressBar {
    if total < PROGRESS_BYTES {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{elapsed_precise} [{bar:40}] {bytes}/{total_bytes} ({bytes_per_sec}, {eta})",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

/// A progress bar on stderr over `games` games, for jobs that take long
/// over each game (drawn only when stderr is a terminal).
pub fn game_bar(games: u64) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{elapsed_precise} [{bar:40}] {pos}/{len} games ({per_sec}, {eta})",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}
