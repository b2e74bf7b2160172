//! `dam egtb bench`: probe latency from a warm mapping. Random positions
//! of the loaded signatures with a given number of pieces are probed once
//! to warm the mapping, then timed in batches of 256 probes; the median
//! and mean per probe are reported.

use super::index::Indexer;
use super::signature::Signature;
use super::tables::Tables;
use crate::rules::removal::Rules;
use std::hint::black_box;
use std::time::Instant;

const BATCH: usize = 256;

/// Median and mean nanoseconds per probe over `probes` probes of
/// positions with `pieces` pieces.
pub fn bench<R: Rules>(tables: &Tables, pieces: u32, probes: usize) -> Result<(f64, f64), String> {
    let sigs: Vec<Signature> = Signature::plan(pieces, R::MEN)
        .into_iter()
        .flat_map(|j| [j, j.mirror()])
        .filter(|s| s.pieces() == pieces && tables.has(*s))
        .collect();
    if sigs.is_empty() {
        return Err(format!("no {pieces}-piece databases loaded"));
    }
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut random = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let positions: Vec<_> = (0..probes.max(BATCH))
        .map(|_| {
            let sig = sigs[random() as usize % sigs.len()];
            let ix = Indexer::new(R::GEO, sig);
            ix.unrank(random() % ix.size())
        })
        .collect();
    let missed = positions
        .iter()
        .filter(|p| tables.probe_placement(p).is_none())
        .count();
    if missed > 0 {
        return Err(format!("{missed} probes found no value: a damaged file?"));
    }
    let mut per_probe: Vec<f64> = positions
        .chunks(BATCH)
        .map(|batch| {
            let t = Instant::now();
            for p in batch {
                black_box(tables.probe_placement(black_box(p)));
            }
            t.elapsed().as_nanos() as f64 / batch.len() as f64
        })
        .collect();
    let mean = per_probe.iter().sum::<f64>() / per_probe.len() as f64;
    per_probe.sort_by(f64::total_cmp);
    Ok((per_probe[per_probe.len() / 2], mean))
}
