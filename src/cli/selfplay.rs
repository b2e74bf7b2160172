//! `dam selfplay`: the engine against a variant of itself (parameters
//! changed with `--opponent-param`), from varied openings with colours
//! reversed; prints wins, draws and losses and the Elo difference with
//! its 95% error bar.

use super::CliError;
use crate::engine::{Config, Engine};
use crate::eval::Evaluate;
use crate::matches::elo::Tally;
use crate::rules::record::Record;
use crate::rules::{Color, MoveList, Outcome};
use crate::search::{Control, Features, Limits};
use crate::variant::Variant;
use crate::with_variant;
use std::time::Duration;

#[derive(clap::Args, Debug)]
pub struct SelfplayArgs {
    /// The variant.
    #[arg(long, default_value = "international")]
    variant: Variant,
    /// Games to play (rounded up to an even number: each opening twice).
    #[arg(long, default_value_t = 20)]
    games: u32,
    /// Seconds per move.
    #[arg(long, default_value = "0.1", value_parser = super::values::seconds)]
    time: Duration,
    /// A parameter of the opponent: pruning, reductions or table, =false
    /// or =true. Repeatable.
    #[arg(long = "opponent-param", value_parser = parse_param)]
    opponent: Vec<(String, bool)>,
    /// Random plies played to open each pair of games.
    #[arg(long, default_value_t = 4)]
    opening_plies: u32,
    /// Plies after which a game is called a draw.
    #[arg(long, default_value_t = 300)]
    max_plies: u32,
}

fn parse_param(text: &str) -> Result<(String, bool), String> {
    let (name, value) = text
        .split_once('=')
        .ok_or_else(|| format!("'{text}' is not name=value"))?;
    if !matches!(name, "pruning" | "reductions" | "table") {
        return Err(format!(
            "unknown parameter '{name}' (known: pruning, reductions, table)"
        ));
    }
    let value = value
        .parse::<bool>()
        .map_err(|_| format!("'{value}' is not true or false"))?;
    Ok((name.to_string(), value))
}

pub fn run(args: &SelfplayArgs) -> Result<(), CliError> {
    let mut features = Features::default();
    for (name, value) in &args.opponent {
        match name.as_str() {
            "pruning" => features.pruning = *value,
            "reductions" => features.reductions = *value,
            _ => features.table = *value,
        }
    }
    with_variant!(args.variant, G => play_match::<G>(args, features))
}

fn play_match<G: Evaluate>(args: &SelfplayArgs, opponent: Features) -> Result<(), CliError> {
    let engine = Engine::new(&Config::new(1, 20));
    let other = Engine::new(&Config {
        features: opponent,
        ..Config::new(1, 20)
    });
    let limits = Limits {
        move_time: Some(args.time),
        ..Limits::default()
    };
    // The engine under test is the first player.
    let mut tally = Tally::default();
    let pairs = args.games.div_ceil(2);
    for pair in 0..pairs {
        let opening = opening::<G>(pair as u64, args.opening_plies);
        for engine_color in [Color::White, Color::Black] {
            engine.clear();
            other.clear();
            let outcome = play_game(&opening, engine_color, [&engine, &other], &limits, args);
            let (points, result) = match outcome {
                Outcome::Win(c) if c == engine_color => (1.0, format!("{c:?} wins")),
                Outcome::Win(c) => (0.0, format!("{c:?} wins")),
                Outcome::Draw => (0.5, "draw".to_string()),
            };
            tally.add(Some(points));
            eprintln!(
                "game {}: engine {engine_color:?}, {result}; +{} ={} -{}",
                tally.games(),
                tally.wins,
                tally.draws,
                tally.losses
            );
        }
    }
    println!("{}", tally.summary());
    Ok(())
}

/// The position after `plies` pseudo-random moves picked by `seed`
/// (fewer when the game ends first).
fn opening<G: Evaluate>(seed: u64, plies: u32) -> Record<G> {
    let mut rng = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut record = Record::new(G::start());
    for _ in 0..plies {
        let mut moves = MoveList::new();
        record.position().generate(&mut moves);
        if moves.is_empty() {
            break;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let mv = moves[(rng % moves.len() as u64) as usize];
        record.play(&mv);
    }
    record
}

/// One game from `opening`; `engines[0]` plays `engine_color`.
fn play_game<G: Evaluate>(
    opening: &Record<G>,
    engine_color: Color,
    engines: [&Engine; 2],
    limits: &Limits,
    args: &SelfplayArgs,
) -> Outcome {
    let mut record = opening.clone();
    let mut history: Vec<u64> = vec![record.position().hash()];
    for _ in 0..args.max_plies {
        if let Some(end) = record.game_end() {
            return end.outcome;
        }
        let pos = *record.position();
        let engine = engines[(pos.side_to_move() != engine_color) as usize];
        let out = engine.search(&pos, &history, limits, 1, &Control::new(false), None);
        let Some(mv) = out.and_then(|out| out.best) else {
            return Outcome::Win(pos.side_to_move().flip());
        };
        record.play(&mv);
        history.push(record.position().hash());
    }
    Outcome::Draw
}
