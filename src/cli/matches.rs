//! `dam match`: two engines play every opening twice, colours reversed. An
//! engine is `dam` (dam's own search,
//! `dam:depth=N,threads=N,hash=BITS,egtb=N,clock=1,time=P,book=true` for settings),
//! `dxp://HOST:PORT` (a remote DXP peer) or any other command line (a Hub
//! engine). Games are appended to the PDN log as they finish (an
//! interrupted match loses no finished game); a progress line and the final
//! score with Elo go to stderr and stdout.

use super::CliError;
use super::dxp::dam_player;
use crate::book::ballots::{openings, read_ballots, read_game_set, shipped_ballots};
use crate::engine::{Config, Engine, pool};
use crate::eval::Evaluate;
use crate::matches::concurrent::play_match_concurrent;
use crate::matches::elo::{SPRT_BOUND, Sprt, Tally, Verdict};
use crate::matches::hub::HubEngine;
use crate::matches::pdn_log::{MatchTags, game_text, result_text};
use crate::matches::remote::DxpRemote;
use crate::matches::{Finished, MatchSettings};
use crate::protocol::dxp::Player;
use crate::rules::{Color, Game};
use crate::search::{Control, Limits};
use crate::variant::Variant;
use crate::with_variant;
use std::fs::OpenOptions;
use std::io::{IsTerminal, Write};
use std::time::Duration;

#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// The variant.
    #[arg(long, default_value = "international")]
    variant: Variant,
    /// An engine, given twice: `dam[:depth=N,threads=N,hash=BITS,egtb=N,clock=1,time=P,book=true]`,
    /// `dxp://HOST:PORT`, or a Hub engine command line.
    #[arg(long = "engine", value_name = "ENGINE", num_args = 1, required = true)]
    engines: Vec<String>,
    /// Openings, one a line (FEN or moves); without it or `--game-set`,
    /// the shipped ballots of the variant (international and english), else
    /// the initial position.
    #[arg(long, conflicts_with = "game_set")]
    ballots: Option<String>,
    /// A PDN file whose games' last positions are the openings ("process
    /// game set").
    #[arg(long, value_name = "PDN")]
    game_set: Option<String>,
    /// Games to play (rounded up to an even number: each opening twice),
    /// the openings taken in order and repeated if needed (default: every
    /// opening of --ballots or --game-set, else 2).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    games: Option<u32>,
    /// Thinking time per player, in minutes, for the --moves first moves.
    #[arg(long, value_name = "MIN", default_value_t = 2)]
    time: u16,
    /// The moves the --time is for (0: the whole game); past them the
    /// time left is for the rest of the game. A clock, not a length of
    /// the game (--max-plies is that).
    #[arg(long, value_name = "N", default_value_t = 75)]
    moves: u16,
    /// Seconds per move instead of the game clock.
    #[arg(long, value_name = "SECONDS", value_parser = super::values::seconds)]
    movetime: Option<Duration>,
    /// Plies after which a game is adjudicated a draw (or by material, with
    /// --adjudicate-material).
    #[arg(long, default_value_t = 300)]
    max_plies: usize,
    /// Adjudicate a game that reaches --max-plies by material: a side two
    /// men ahead (a king counts three) wins, else a draw.
    #[arg(long)]
    adjudicate_material: bool,
    #[command(flatten)]
    egtb: super::dxp::EgtbAdjudication,
    /// The PDN log the games are appended to.
    #[arg(long, default_value = "match.pdn")]
    pdn: String,
    /// The PDN Event tag.
    #[arg(long, default_value = "dam match")]
    event: String,
    /// The longest wait for a remote DXP peer, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 60,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    timeout: u64,
    /// Games played at once, each pair of engines started this many times
    /// (not with a DXP peer).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
    concurrency: u16,
    /// Stop when a sequential test (alpha = beta = 0.05) accepts one of two
    /// Elo differences of the first engine, e.g. `0,20`.
    #[arg(long, value_name = "ELO0,ELO1", value_parser = Sprt::parse)]
    sprt: Option<Sprt>,
    /// A parameter set in every Hub engine that declares it, e.g.
    /// `threads=1`. Repeatable.
    #[arg(long = "hub-param", value_name = "NAME=VALUE", value_parser = parse_hub_param)]
    hub_params: Vec<(String, String)>,
}

fn parse_hub_param(text: &str) -> Result<(String, String), String> {
    let (name, value) = text
        .split_once('=')
        .filter(|(name, _)| !name.trim().is_empty())
        .ok_or_else(|| format!("--hub-param '{text}': expected NAME=VALUE"))?;
    if value.contains(char::is_whitespace) {
        return Err(format!("--hub-param '{text}': the value has a space"));
    }
    Ok((name.trim().to_string(), value.to_string()))
}

pub fn run(args: &MatchArgs) -> Result<(), CliError> {
    if args.engines.len() != 2 {
        return Err(CliError::new("a match needs exactly two --engine"));
    }
    if args.concurrency > 1 && args.engines.iter().any(|e| e.starts_with("dxp://")) {
        return Err(CliError::new(
            "--concurrency above 1 cannot be used with a DXP peer (one game at a time)",
        ));
    }
    with_variant!(args.variant, G => run_for::<G>(args))
}

fn run_for<G: Evaluate>(args: &MatchArgs) -> Result<(), CliError> {
    let read = |path: &str| {
        std::fs::read_to_string(path).map_err(|e| CliError(format!("cannot read {path}: {e}")))
    };
    let (deck, from): (Vec<G>, &str) = match (&args.ballots, &args.game_set) {
        (Some(path), _) => (read_ballots(&read(path)?).map_err(CliError::new)?, path),
        (None, Some(path)) => (read_game_set(&read(path)?).map_err(CliError::new)?, path),
        (None, None) => match shipped_ballots(G::VARIANT) {
            Some(text) => (
                read_ballots(text).map_err(CliError::new)?,
                "the shipped ballots",
            ),
            None => (vec![G::start()], "the initial position"),
        },
    };
    if deck.is_empty() {
        return Err(CliError(format!("no opening in {from}")));
    }
    let given = args.ballots.is_some() || args.game_set.is_some();
    let pairs = match args.games {
        Some(n) => n.div_ceil(2) as usize,
        None if given => deck.len(),
        None => 1,
    };
    if pairs > deck.len() {
        log::warn!(
            "{pairs} pairs of games from {} opening(s) of {from}: engines that search \
             deterministically (a fixed depth on one thread) will play the same games again \
             (--ballots or --game-set give more openings)",
            deck.len()
        );
    }
    let openings: Vec<G> = deck.iter().cycle().take(pairs).copied().collect();
    let mut seats = Vec::new();
    for _ in 0..args.concurrency {
        seats.push([
            engine::<G>(&args.engines[0], args)?,
            engine::<G>(&args.engines[1], args)?,
        ]);
    }
    let settings = MatchSettings {
        minutes: args.time,
        moves: args.moves,
        move_time: args.movetime,
        max_plies: args.max_plies,
        by_material: args.adjudicate_material,
        adjudicator: args.egtb.adjudicator(args.variant)?,
    };
    let tags = MatchTags {
        event: args.event.clone(),
        names: [args.engines[0].clone(), args.engines[1].clone()],
        time_control: match args.movetime {
            Some(t) => format!("1/{}", t.as_secs_f64()),
            None if args.moves > 0 => format!("{}/{}", args.moves, u64::from(args.time) * 60),
            None => (u64::from(args.time) * 60).to_string(),
        },
    };
    let mut log = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.pdn)
        .map_err(|e| CliError(format!("cannot open {}: {e}", args.pdn)))?;
    let total = openings.len() * 2;
    let mut failure = None;
    let mut decided = None;
    let end = play_match_concurrent(seats, &openings, &settings, |g, t| {
        let written = log
            .write_all(game_text(g, &tags).as_bytes())
            .and_then(|_| log.flush());
        progress(g, t, total, args.sprt);
        if let Some(sprt) = args.sprt {
            match sprt.verdict(t) {
                Verdict::Continue => {}
                verdict => decided = Some(verdict),
            }
        }
        match written {
            Ok(()) => decided.is_none(),
            Err(e) => {
                failure = Some(CliError(format!("writing {}: {e}", args.pdn)));
                false
            }
        }
    });
    if std::io::stderr().is_terminal() {
        eprintln!();
    }
    // An aborted match has no score: only what was played.
    let score = match &end.aborted {
        None => end.tally.summary(),
        Some(_) => format!(
            "aborted after {} finished game(s): +{} ={} -{}",
            end.tally.games(),
            end.tally.wins,
            end.tally.draws,
            end.tally.losses
        ),
    };
    println!("{} vs {}: {score}", args.engines[0], args.engines[1]);
    if let Some(sprt) = args.sprt {
        let verdict = match decided {
            Some(Verdict::H1) => format!("H1 accepted (elo >= {})", sprt.elo1),
            Some(_) => format!("H0 accepted (elo <= {})", sprt.elo0),
            None => "no decision".to_string(),
        };
        println!(
            "sprt elo0 {} elo1 {}: llr {:.2} (bounds +/-{SPRT_BOUND:.2}), {verdict}",
            sprt.elo0,
            sprt.elo1,
            sprt.llr(&end.tally)
        );
    }
    if let Some(why) = end.aborted {
        return Err(CliError(format!(
            "match aborted at {why}; the {} finished game(s) are in {}",
            end.tally.games(),
            args.pdn
        )));
    }
    failure.map_or(Ok(()), Err)
}

/// One of the two engines.
fn engine<G: Evaluate>(
    spec: &str,
    args: &MatchArgs,
) -> Result<Box<dyn Player<G> + Send>, CliError> {
    if let Some(addr) = spec.strip_prefix("dxp://") {
        let timeout = Duration::from_secs(args.timeout.max(1));
        return Ok(Box::new(DxpRemote::<G>::new(addr, "dam match", timeout)));
    }
    if spec == "dam" || spec.starts_with("dam:") {
        let player = dam_player::<G>(spec.strip_prefix("dam:").unwrap_or(""))?;
        return Ok(player);
    }
    let engine = HubEngine::<G>::start(spec, &args.hub_params).map_err(CliError)?;
    Ok(Box::new(engine))
}

/// The progress line: a bar on a terminal, a line per game otherwise
/// (with the SPRT's log-likelihood ratio when one runs).
fn progress<G: Game>(game: &Finished<G>, tally: &Tally, total: usize, sprt: Option<Sprt>) {
    let done = (tally.games() + tally.unfinished) as usize;
    let llr = sprt.map_or(String::new(), |s| format!(" llr {:.2}", s.llr(tally)));
    if std::io::stderr().is_terminal() {
        let width = 30;
        let filled = done * width / total.max(1);
        eprint!(
            "\r[{}{}] {done}/{total} +{} ={} -{}{llr}",
            "#".repeat(filled),
            ".".repeat(width - filled),
            tally.wins,
            tally.draws,
            tally.losses
        );
    } else {
        eprintln!(
            "game {done}/{total} (round {}): {} ({}); +{} ={} -{}{llr}",
            game.round,
            result_text::<G>(game.outcome),
            game.termination,
            tally.wins,
            tally.draws,
            tally.losses
        );
    }
}

#[derive(clap::Args, Debug)]
pub struct BallotsArgs {
    /// The variant.
    #[arg(long, default_value = "international")]
    variant: Variant,
    /// The length of the openings, in plies.
    #[arg(long, default_value_t = 2)]
    plies: usize,
    /// The depth each opening is searched to.
    #[arg(long, default_value_t = 8)]
    depth: i32,
    /// Keep the openings whose score is at most this far from even, in
    /// hundredths of a man.
    #[arg(long, default_value_t = 25)]
    margin: i32,
}

/// `dam ballots`: print the balanced openings of `--plies` plies, one a
/// line with its score (White's view) as a comment, as `--ballots` reads.
pub fn run_ballots(args: &BallotsArgs) -> Result<(), CliError> {
    with_variant!(args.variant, G => ballots_for::<G>(args))
}

fn ballots_for<G: Evaluate>(args: &BallotsArgs) -> Result<(), CliError> {
    let header = format!(
        "# {} openings of {} plies within {:.2} men of even at depth {}, listed by\n\
         # dam ballots --variant {} --plies {} --depth {} --margin {}",
        args.variant,
        args.plies,
        f64::from(args.margin) / 100.0,
        args.depth,
        args.variant,
        args.plies,
        args.depth,
        args.margin
    );
    let (depth, margin, plies) = (args.depth, args.margin, args.plies);
    // The whole job runs on one thread of a search pool.
    let job = move || {
        let engine = Engine::new(&Config::new(1, 20));
        let limits = Limits {
            depth: Some(depth.clamp(1, 60)),
            ..Limits::default()
        };
        let mut stdout = std::io::stdout().lock();
        if writeln!(stdout, "{header}").is_err() {
            return;
        }
        for (moves, pos) in openings::<G>(plies) {
            engine.clear();
            let out = engine.search_here(&pos, &[pos.hash()], &limits, 1, &Control::new(false));
            let white = if pos.side_to_move() == Color::White {
                out.score
            } else {
                -out.score
            };
            let line = format!("{}  # {:+.2}", moves.join(" "), f64::from(white) / 100.0);
            if white.abs() <= margin && writeln!(stdout, "{line}").is_err() {
                return;
            }
        }
    };
    pool(Some(1), "dam-ballots")
        .map_err(CliError::new)?
        .install(job);
    Ok(())
}
