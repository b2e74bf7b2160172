//! `dam show`: a position as text, after an optional list of moves.

use super::CliError;
use crate::egtb::signature::MAX_PIECES;
use crate::egtb::{default_dir, open_for_engine};
use crate::eval::Evaluate;
use crate::notation::display::show_position;
use crate::notation::fen::parse_fen;
use crate::notation::movetext::{parse_move, pdn_move};
use crate::pdn::syntax::RESULTS;
use crate::rules::record::Record;
use crate::variant::Variant;
use crate::with_variant;

#[derive(clap::Args, Debug)]
pub struct ShowArgs {
    /// The variant.
    #[arg(long, default_value = "international")]
    variant: Variant,
    /// The position (default: the variant's initial position).
    #[arg(long)]
    fen: Option<String>,
    /// Moves to play first, space separated, in any notation (PDN, Hub,
    /// algebraic); move numbers like `1.`, comments, NAGs and a result
    /// are skipped.
    #[arg(long)]
    moves: Option<String>,
    /// Endgame database directory: a covered position's value is shown
    /// from the files found there (default: $DAM_EGTB_DIR, else the
    /// user's cache); nothing is built.
    #[arg(long)]
    egtb_dir: Option<std::path::PathBuf>,
}

pub fn run(args: &ShowArgs) -> Result<(), CliError> {
    with_variant!(args.variant, G => run_for::<G>(args))
}

fn run_for<G: Evaluate>(args: &ShowArgs) -> Result<(), CliError> {
    let start: G = match &args.fen {
        Some(fen) => parse_fen(fen).map_err(CliError::new)?,
        None => G::start(),
    };
    let mut record = Record::new(start);
    let mut played = Vec::new();
    for (i, text) in move_texts(args.moves.as_deref().unwrap_or(""))
        .into_iter()
        .enumerate()
    {
        let pos = *record.position();
        let mv = parse_move(&pos, text).map_err(|e| CliError(format!("move {}: {e}", i + 1)))?;
        played.push(pdn_move(&pos, &mv));
        record.play(&mv);
    }
    println!("variant: {}", args.variant);
    if !played.is_empty() {
        println!("moves: {}", played.join(" "));
    }
    print!(
        "{}",
        show_position(record.position(), record.game_end().as_ref())
    );
    let dir = args.egtb_dir.clone().unwrap_or_else(default_dir);
    let value = open_for_engine(args.variant, &dir, MAX_PIECES, false)
        .and_then(|t| t.probe(record.position()));
    if let Some(value) = value {
        println!("egtb: {value}");
    }
    Ok(())
}

/// The moves of a move list: words, without move numbers (`1.`, `12...`,
/// or a number glued to the move as in `1.32-28`), comments (`{...}`),
/// NAGs (`$2`) and game results (`1-0`, `2-0`, `1/2-1/2`, `*`, ...).
fn move_texts(list: &str) -> Vec<&str> {
    let mut words = Vec::new();
    let mut rest = list;
    while !rest.is_empty() {
        let (before, after) = match rest.find('{') {
            Some(open) => {
                let close = rest[open..].find('}').map_or(rest.len(), |c| open + c + 1);
                (&rest[..open], &rest[close..])
            }
            None => (rest, ""),
        };
        words.extend(
            before
                .split_whitespace()
                .map(|word| word.rsplit('.').next().unwrap_or(word))
                .filter(|w| !w.is_empty() && !w.starts_with('$'))
                .filter(|w| *w != "*" && !RESULTS.contains(w)),
        );
        rest = after;
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_comments_nags_and_results_are_skipped() {
        let words = move_texts("1. 32-28 {a good {move} 19-23 $1 2.28x19 2-0 *");
        assert_eq!(words, ["32-28", "19-23", "28x19"]);
    }
}
