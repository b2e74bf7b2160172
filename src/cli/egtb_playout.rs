//! `dam egtb playout`: play won database positions out, the engine (with
//! the databases) on both sides, and count the wins it converts before a
//! draw rule or a repetition ends the game. The test of whether
//! win/draw/loss alone (the sets above `DTC_PIECES` pieces) lets the
//! engine win what it should.

use super::CliError;
use crate::egtb::sample::sample;
use crate::egtb::{self, Signature, Tables, Wdl, default_dir, unsupported};
use crate::engine::{Config, Engine};
use crate::eval::Evaluate;
use crate::notation::fen::parse_fen;
use crate::notation::movetext::pdn_move;
use crate::rules::Outcome;
use crate::rules::record::Record;
use crate::rules::removal::Rules;
use crate::search::{Control, Limits};
use crate::variant::Variant;
use crate::{with_rules, with_variant};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["pieces", "signature"])))]
pub struct PlayoutArgs {
    /// The variant (international, english, brazilian, russian, dama,
    /// dama-international).
    #[arg(long, default_value = "international")]
    variant: Variant,
    /// Every class (signature) of this many pieces with at least one king.
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=8))]
    pieces: Option<u32>,
    /// One class: a signature MKmk, the side to move first.
    #[arg(long)]
    signature: Option<String>,
    /// Won positions (for the side to move) drawn from each class.
    #[arg(long, default_value_t = 100)]
    positions: usize,
    /// Seconds a move, both sides.
    #[arg(long, default_value_t = 0.05)]
    movetime: f64,
    /// Search every move to this depth instead (a run that repeats
    /// exactly, whatever the machine's load).
    #[arg(long)]
    depth: Option<i32>,
    /// Games played at once, one search thread each.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// A game still running after this many plies counts as not won.
    #[arg(long, default_value_t = 600)]
    max_plies: usize,
    /// Seed of the positions drawn.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Database directory (default: $DAM_EGTB_DIR, else the user's cache).
    #[arg(long)]
    dir: Option<PathBuf>,
}

/// How one game from a won position ended.
struct Ending {
    won: bool,
    reason: String,
    plies: usize,
    /// The moves played (PDN), printed for a game not won.
    moves: Vec<String>,
}

/// The sets of `variant` found in `dir` (default: the user's), all of
/// them, building nothing.
pub(super) fn found_tables(variant: Variant, dir: &Option<PathBuf>) -> Result<Tables, CliError> {
    let dir = dir.clone().unwrap_or_else(default_dir);
    egtb::open_for_engine(variant, &dir, egtb::MAX_PIECES, false).ok_or_else(|| {
        CliError(format!(
            "no {variant} endgame databases in {}",
            dir.display()
        ))
    })
}

pub fn playout(args: &PlayoutArgs) -> Result<i32, CliError> {
    let tables = found_tables(args.variant, &args.dir)?;
    let classes = classes(args, &tables)?;
    let tables = Arc::new(tables);
    let mut total = [0usize; 2];
    for sig in classes {
        let fens = with_rules!(args.variant, R => sample::<R>(&tables, sig, Wdl::Win, args.positions, args.seed))
            .ok_or_else(|| CliError(unsupported(args.variant)))?;
        let endings = with_variant!(args.variant, G => play_all::<G>(args, &tables, &fens))?;
        let won = endings.iter().filter(|e| e.won).count();
        let plies: Vec<usize> = endings.iter().filter(|e| e.won).map(|e| e.plies).collect();
        println!(
            "class {sig}: {} won positions, {won} won in play, {} not; plies to the end mean {:.0}, max {}",
            fens.len(),
            fens.len() - won,
            plies.iter().sum::<usize>() as f64 / plies.len().max(1) as f64,
            plies.iter().max().unwrap_or(&0)
        );
        for (fen, e) in fens.iter().zip(&endings).filter(|(_, e)| !e.won) {
            println!(
                "not won {fen}: {} after {} plies: {}",
                e.reason,
                e.plies,
                e.moves.join(" ")
            );
        }
        total[0] += fens.len();
        total[1] += won;
    }
    println!(
        "total: {} won positions, {} won in play ({:.1} %)",
        total[0],
        total[1],
        100.0 * total[1] as f64 / total[0].max(1) as f64
    );
    Ok(if total[0] == total[1] { 0 } else { 1 })
}

/// The classes asked for, each covered by `tables`.
fn classes(args: &PlayoutArgs, tables: &Tables) -> Result<Vec<Signature>, CliError> {
    let covered = |sig: Signature| sig.pieces() <= tables.pieces();
    if let Some(text) = &args.signature {
        let sig = Signature::parse(text).map_err(CliError)?;
        return match covered(sig) {
            true => Ok(vec![sig]),
            false => Err(CliError(format!(
                "{sig}: the databases found cover up to {} pieces",
                tables.pieces()
            ))),
        };
    }
    let pieces = args.pieces.unwrap_or(2);
    let men = with_rules!(args.variant, R => R::MEN).unwrap_or(0);
    let mut all: Vec<Signature> = Signature::plan(pieces, men)
        .into_iter()
        .flat_map(|job| [job, job.mirror()])
        .filter(|s| s.pieces() == pieces && s.kings + s.their_kings > 0)
        .collect();
    all.dedup();
    if !all.iter().all(|&s| covered(s)) {
        return Err(CliError(format!(
            "{pieces} pieces: the databases found cover up to {}",
            tables.pieces()
        )));
    }
    Ok(all)
}

/// Play every position of `fens` out, `args.concurrency` games at once.
fn play_all<G: Evaluate>(
    args: &PlayoutArgs,
    tables: &Arc<Tables>,
    fens: &[String],
) -> Result<Vec<Ending>, CliError> {
    let positions: Vec<G> = fens
        .iter()
        .map(|f| parse_fen(f).map_err(CliError::new))
        .collect::<Result<_, _>>()?;
    let next = AtomicUsize::new(0);
    let endings: Mutex<Vec<Option<Ending>>> = Mutex::new((0..fens.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..args.concurrency.max(1) {
            s.spawn(|| {
                let engine = Engine::with_tables(&Config::new(1, 20), Some(tables.clone()));
                loop {
                    let i = next.fetch_add(1, Relaxed);
                    let Some(pos) = positions.get(i) else { break };
                    engine.clear();
                    let ending = play_out(&engine, *pos, args);
                    endings.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(ending);
                }
            });
        }
    });
    let endings = endings.into_inner().unwrap_or_else(|e| e.into_inner());
    Ok(endings
        .into_iter()
        .map(|e| {
            e.unwrap_or(Ending {
                won: false,
                reason: "not played (a search thread failed)".into(),
                plies: 0,
                moves: Vec::new(),
            })
        })
        .collect())
}

/// One game from `start`, whose side to move should win.
fn play_out<G: Evaluate>(engine: &Engine, start: G, args: &PlayoutArgs) -> Ending {
    let winner = start.side_to_move();
    let limits = match args.depth {
        Some(d) => Limits {
            depth: Some(d.clamp(1, 60)),
            ..Limits::default()
        },
        None => Limits {
            move_time: Some(Duration::from_secs_f64(args.movetime.max(0.001))),
            ..Limits::default()
        },
    };
    let mut record = Record::new(start);
    let mut history = vec![start.hash()];
    let mut moves = Vec::new();
    for plies in 0..args.max_plies {
        if let Some(end) = record.game_end() {
            return Ending {
                won: end.outcome == Outcome::Win(winner),
                reason: end.reason,
                plies,
                moves,
            };
        }
        let pos = *record.position();
        let answer = engine.search(&pos, &history, &limits, 1, &Control::new(false), None);
        let Some(mv) = answer.and_then(|a| a.best) else {
            return Ending {
                won: pos.side_to_move() != winner,
                reason: "no move (a search thread failed)".into(),
                plies,
                moves,
            };
        };
        moves.push(pdn_move(&pos, &mv));
        record.play(&mv);
        history.push(record.position().hash());
    }
    Ending {
        won: false,
        reason: format!("still running after {} plies", args.max_plies),
        plies: args.max_plies,
        moves,
    }
}
