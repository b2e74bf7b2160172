//! `dam egtb bench`: probe latency from a warm mapping. Random positions
//! of the loaded signatures with a given number of pieces are probed once
//! to warm the mapping, then timed in batches of 256 probes; the median
//! and mean per probe are reported, for the `.dtb` files (value and
//! distance) or the `.wdl` files (win, draw or loss).

use crate::egtb::format::Wdl;
use crate::egtb::index::{Indexer, Placement};
use crate::egtb::signature::Signature;
use crate::egtb::tables::Tables;
use crate::rules::removal::Rules;
use std::hint::black_box;
use std::time::Instant;

const BATCH: usize = 256;

/// Median and mean nanoseconds per probe over `probes` probes of
/// positions with `pieces` pieces, reading the `.wdl` files with `wdl`,
/// else the `.dtb` files.
pub fn bench<R: Rules>(
    tables: &Tables,
    pieces: u32,
    probes: usize,
    wdl: bool,
) -> Result<(f64, f64), String> {
    let probe = |p: &Placement| -> Option<Wdl> {
        if wdl {
            tables.wdl_placement(p, false)
        } else {
            tables.probe_placement(p).map(|v| v.wdl)
        }
    };
    let sigs: Vec<Signature> = Signature::plan(pieces, R::MEN)
        .into_iter()
        .flat_map(|j| [j, j.mirror()])
        .filter(|s| s.pieces() == pieces && [tables.has(*s), tables.has_wdl(*s)][wdl as usize])
        .collect();
    if sigs.is_empty() {
        let kind = if wdl { ".wdl" } else { ".dtb" };
        return Err(format!("no {pieces}-piece {kind} files loaded"));
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
    let missed = positions.iter().filter(|p| probe(p).is_none()).count();
    if missed > 0 {
        return Err(format!("{missed} probes found no value: a damaged file?"));
    }
    let mut per_probe: Vec<f64> = positions
        .chunks(BATCH)
        .map(|batch| {
            let t = Instant::now();
            for p in batch {
                black_box(probe(black_box(p)));
            }
            t.elapsed().as_nanos() as f64 / batch.len() as f64
        })
        .collect();
    let mean = per_probe.iter().sum::<f64>() / per_probe.len() as f64;
    per_probe.sort_by(f64::total_cmp);
    Ok((per_probe[per_probe.len() / 2], mean))
}
