//! `dam bench --speedup` and `dam bench --stop-latency`: what more search
//! threads buy and cost, measured on the international bench positions.
//! The speed-up is the time to depth: the same positions searched to the
//! same depth with one thread and with `--threads`, wall time each, a
//! fresh table for every search. The stop latency is the time from `stop`
//! to the search's answer, for searches stopped after a short while.

use super::CliError;
use crate::engine::Engine;
use crate::eval::Evaluate;
use crate::notation::fen::parse_fen;
use crate::search::{Control, Limits};
use crate::variant::Variant;
use crate::with_variant;
use std::time::{Duration, Instant};

/// The international positions of the bench list.
fn international(positions: &[(Variant, Option<&'static str>)]) -> Vec<Option<&'static str>> {
    positions
        .iter()
        .filter(|(v, _)| *v == Variant::International)
        .map(|&(_, fen)| fen)
        .collect()
}

fn position<G: Evaluate>(fen: Option<&str>) -> Result<G, CliError> {
    match fen {
        Some(f) => parse_fen(f).map_err(CliError::new),
        None => Ok(G::start()),
    }
}

/// The wall time and nodes of a search of `fen` to `depth` with a fresh table.
fn to_depth(engine: &Engine, fen: Option<&str>, depth: i32) -> Result<(Duration, u64), CliError> {
    with_variant!(Variant::International, G => {
        let pos: G = position(fen)?;
        engine.clear();
        let limits = Limits { depth: Some(depth), ..Limits::default() };
        let start = Instant::now();
        let out = engine
            .search(&pos, &[], &limits, 1, &Control::new(false), None)
            .ok_or_else(|| CliError::new("the search failed"))?;
        Ok((start.elapsed(), out.nodes))
    })
}

/// Time to depth with one thread and with `many`'s threads.
pub fn speedup(
    one: &Engine,
    many: &Engine,
    positions: &[(Variant, Option<&'static str>)],
    depth: i32,
) -> Result<(), CliError> {
    let (mut t1, mut tn, mut n1, mut nn) = (Duration::ZERO, Duration::ZERO, 0, 0);
    for (i, fen) in international(positions).into_iter().enumerate() {
        let (a, na) = to_depth(one, fen, depth)?;
        let (b, nb) = to_depth(many, fen, depth)?;
        println!(
            "{:>2} depth {depth} 1 thread {:>7.3}s {:>10} nodes  {} threads {:>7.3}s {:>10} nodes  speed-up {:.2}",
            i + 1,
            a.as_secs_f64(),
            na,
            many.threads(),
            b.as_secs_f64(),
            nb,
            a.as_secs_f64() / b.as_secs_f64().max(1e-9)
        );
        (t1, tn, n1, nn) = (t1 + a, tn + b, n1 + na, nn + nb);
    }
    println!(
        "time to depth {depth}: 1 thread {:.3}s, {} threads {:.3}s: speed-up {:.2}x (nodes {:.2}x, nodes/s {:.2}x)",
        t1.as_secs_f64(),
        many.threads(),
        tn.as_secs_f64(),
        t1.as_secs_f64() / tn.as_secs_f64().max(1e-9),
        nn as f64 / n1.max(1) as f64,
        (nn as f64 / tn.as_secs_f64().max(1e-9)) / (n1 as f64 / t1.as_secs_f64().max(1e-9)),
    );
    Ok(())
}

/// Stop an infinite search of every international bench position after
/// `after`, `rounds` times each, and print the time from `stop` to the
/// answer.
pub fn stop_latency(
    engine: &Engine,
    positions: &[(Variant, Option<&'static str>)],
    after: Duration,
    rounds: usize,
) -> Result<(), CliError> {
    let mut waits = Vec::new();
    for fen in international(positions) {
        for _ in 0..rounds {
            let wait = with_variant!(Variant::International, G => {
                let pos: G = position(fen)?;
                let control = Control::new(false);
                let limits = Limits { infinite: true, ..Limits::default() };
                std::thread::scope(|s| {
                    let search = s.spawn(|| engine.search(&pos, &[], &limits, 1, &control, None));
                    std::thread::sleep(after);
                    let stop = Instant::now();
                    control.stop();
                    let answered = search.join().ok().flatten().is_some();
                    answered.then(|| stop.elapsed())
                })
            });
            waits.push(wait.ok_or_else(|| CliError::new("a stopped search gave no answer"))?);
        }
    }
    waits.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "stop latency, {} threads, {} searches stopped after {} ms: median {:.3} ms, max {:.3} ms",
        engine.threads(),
        waits.len(),
        after.as_millis(),
        ms(waits[waits.len() / 2]),
        ms(waits[waits.len() - 1]),
    );
    Ok(())
}
