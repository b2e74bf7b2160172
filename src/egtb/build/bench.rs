//! `dam egtb bench`: probe latency from a warm mapping. Random positions
//! of the loaded signatures with a given number of pieces are probed once
//! to warm the mapping, then timed in batches of 256 probes; the median
//! and mean per probe are reported, for the `.dtb` files (value and
//! distance), the `.wdl` files (win, draw or loss), or the signatures
//! whose `.wdl` is left out (valued from their moves). Then the cold
//! figure, the first touch of a block: before each of `COLD` probes of
//! quiet positions, the probed file is dropped from the mapping and from
//! the page cache (`madvise`, `posix_fadvise`), so that the probe reads
//! it from the disk.

use crate::egtb::format::Wdl;
use crate::egtb::index::{Indexer, Placement};
use crate::egtb::signature::Signature;
use crate::egtb::tables::{Tables, file_path, position, wdl_path};
use crate::rules::Game;
use crate::rules::removal::Rules;
use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

const BATCH: usize = 256;
/// Cold probes timed, one at a time.
const COLD: usize = 100;

/// Probe latencies in nanoseconds: from a warm mapping (median and mean
/// per probe over batches) and cold (median over single probes), and how
/// many of the cold probes found some of their file still cached (dirty
/// pages not yet written, or a file another process maps).
pub struct Latency {
    pub median: f64,
    pub mean: f64,
    pub cold: f64,
    pub still_cached: usize,
}

/// Drop the mapped bytes `map` of the file at `path` from this process's
/// page tables and from the page cache, so that the next read of them
/// goes to the disk; false when some page stayed in the cache.
#[cfg(target_os = "linux")]
fn drop_cached(map: &[u8], path: &Path) -> Result<bool, String> {
    use std::os::fd::AsRawFd;
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    // SAFETY: `map` is a whole read-only mapping of a file that dam never
    // writes in place; MADV_DONTNEED on it drops the page table entries
    // only, and the next read maps the same bytes of the file again.
    let unmapped = unsafe { libc::madvise(map.as_ptr() as *mut _, map.len(), libc::MADV_DONTNEED) };
    // SAFETY: a hint on an open file descriptor.
    let dropped = unsafe { libc::posix_fadvise(file.as_raw_fd(), 0, 0, libc::POSIX_FADV_DONTNEED) };
    let mut pages = vec![0u8; map.len().div_ceil(4096)];
    // SAFETY: `pages` has a byte for each page of the mapping.
    let seen = unsafe { libc::mincore(map.as_ptr() as *mut _, map.len(), pages.as_mut_ptr()) };
    if unmapped != 0 || dropped != 0 || seen != 0 {
        return Err(format!(
            "{}: the page cache cannot be dropped",
            path.display()
        ));
    }
    Ok(pages.iter().all(|p| p & 1 == 0))
}

#[cfg(not(target_os = "linux"))]
fn drop_cached(_: &[u8], path: &Path) -> Result<bool, String> {
    Err(format!("{}: no cold probes on this system", path.display()))
}

/// What a bench probes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The `.dtb` files: value and distance.
    Dtb,
    /// The `.wdl` files: win, draw or loss.
    Wdl,
    /// The signatures left out: win, draw or loss of a quiet position
    /// from its moves into the mirror's `.wdl` (and conversions).
    Derived,
}

impl Kind {
    /// How the output names it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Dtb => ".dtb",
            Kind::Wdl => ".wdl",
            Kind::Derived => ".wdl left out (one move)",
        }
    }
}

/// Probe latencies over `probes` probes of positions with `pieces`
/// pieces, of the files or signatures of `kind`.
pub fn bench<R: Rules>(
    tables: &Tables,
    pieces: u32,
    probes: usize,
    kind: Kind,
) -> Result<Latency, String> {
    let probe = |p: &Placement| -> Option<Wdl> {
        match kind {
            Kind::Dtb => tables.probe_placement(p).map(|v| v.wdl),
            Kind::Wdl => tables.wdl_placement(p, false),
            Kind::Derived => tables.probe_resolved_wdl::<R>(p),
        }
    };
    let sigs: Vec<Signature> = Signature::plan(pieces, R::MEN)
        .into_iter()
        .flat_map(|j| [j, j.mirror()])
        .filter(|&s| {
            s.pieces() == pieces
                && match kind {
                    Kind::Dtb => tables.has(s),
                    Kind::Wdl => tables.has_wdl(s),
                    Kind::Derived => tables.derived(s) && !tables.has_wdl(s),
                }
        })
        .collect();
    if sigs.is_empty() {
        return Err(format!(
            "no {pieces}-piece signatures of {} loaded",
            kind.name()
        ));
    }
    // a derived probe of a capture position would be a capture's
    let fits = |p: &Placement| kind != Kind::Derived || !position::<R>(p).must_capture();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut random = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut positions = Vec::with_capacity(probes.max(BATCH));
    while positions.len() < probes.max(BATCH) {
        let sig = sigs[random() as usize % sigs.len()];
        let ix = Indexer::new(R::GEO, sig);
        let p = ix.unrank(random() % ix.size());
        if fits(&p) {
            positions.push(p);
        }
    }
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
    let mut cold = Vec::with_capacity(COLD);
    let mut still_cached = 0;
    while cold.len() < COLD {
        let sig = sigs[random() as usize % sigs.len()];
        let ix = Indexer::new(R::GEO, sig);
        let p = ix.unrank(random() % ix.size());
        if position::<R>(&p).must_capture() {
            continue; // its probe would read the sets its captures reach
        }
        let (map, path) = match kind {
            Kind::Wdl => (
                tables.wdl_file(sig).map(|f| f.1),
                wdl_path(tables.dir(), tables.variant(), sig),
            ),
            Kind::Derived => (
                tables.wdl_file(sig.mirror()).map(|f| f.1),
                wdl_path(tables.dir(), tables.variant(), sig.mirror()),
            ),
            Kind::Dtb => (
                tables.file(sig).map(|f| f.1),
                file_path(tables.dir(), tables.variant(), sig),
            ),
        };
        still_cached += !drop_cached(map.unwrap_or_default(), &path)? as usize;
        let t = Instant::now();
        black_box(probe(black_box(&p)));
        cold.push(t.elapsed().as_nanos() as f64);
    }
    cold.sort_by(f64::total_cmp);
    Ok(Latency {
        median: per_probe[per_probe.len() / 2],
        mean,
        cold: cold[COLD / 2],
        still_cached,
    })
}
