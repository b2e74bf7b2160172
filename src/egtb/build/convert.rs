//! A `.wdl` file from a `.dtb` file: `dam egtb wdl`, and `dam egtb build`
//! for a job whose `.dtb` files are there without their `.wdl`. The
//! `.dtb` is decoded a block at a time; a position whose side to move
//! must capture is a don't care. And a `.wdl` of the first format, or
//! of another block size, rewritten in the current one, by `dam egtb
//! build`.

use crate::egtb::format::{BLOCK, Value, read_block, write_atomic};
use crate::egtb::signature::Signature;
use crate::egtb::tables::{Tables, position, wdl_path};
use crate::egtb::wdl;
use crate::rules::Game;
use crate::rules::removal::Rules;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// Write the `.wdl` of `sig` from its loaded `.dtb` in `tables`, and load
/// it.
pub fn write_wdl<R: Rules>(tables: &mut Tables, sig: Signature) -> Result<(), String> {
    let path = wdl_path(tables.dir(), tables.variant(), sig);
    let (ix, bytes, blocks) = tables
        .file(sig)
        .ok_or_else(|| format!("{}: no .dtb loaded to convert", path.display()))?;
    let damaged = AtomicBool::new(false);
    let runs = wdl::runs(ix.size(), |start, out| {
        let mut block = [0u8; BLOCK];
        for (k, v) in out.iter_mut().enumerate() {
            let i = start + k as u64;
            let at = (i % BLOCK as u64) as usize;
            if (at == 0 || k == 0)
                && read_block(bytes, blocks, i / BLOCK as u64, &mut block).is_none_or(|n| n <= at)
            {
                damaged.store(true, Relaxed);
            }
            let quiet = !position::<R>(&ix.unrank(i)).must_capture();
            *v = quiet.then(|| Value::decode(block[at]).wdl);
        }
    });
    if damaged.into_inner() {
        return Err(format!("{sig}: the .dtb has a damaged block"));
    }
    let file = wdl::encode_file(tables.variant(), sig, &runs);
    write_atomic(&path, &file).map_err(|e| format!("{}: {e}", path.display()))?;
    tables.load_wdl(sig)
}

/// Rewrite the `.wdl` of `sig` in `tables`' directory from the first WDL
/// format to the current one, and load it; an error when there is no
/// such file or it is damaged.
pub fn upgrade_wdl(tables: &mut Tables, sig: Signature) -> Result<(), String> {
    let path = wdl_path(tables.dir(), tables.variant(), sig);
    let shown = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    // only a file whose header says version 1 is read whole
    let mut head = [0u8; 10];
    std::fs::File::open(&path)
        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut head))
        .map_err(|e| shown(&e))?;
    if head[..8] != *wdl::MAGIC || head[8..10] != [1, 0] {
        return Err(shown(&"not a version-1 .wdl file"));
    }
    let old = std::fs::read(&path).map_err(|e| shown(&e))?;
    let runs = wdl::version1_runs(&old, tables.variant(), sig, tables.positions(sig))
        .map_err(|e| shown(&e))?;
    let file = wdl::encode_file(tables.variant(), sig, &runs);
    write_atomic(&path, &file).map_err(|e| shown(&e))?;
    log::info!(
        "{}: rewritten in WDL format version {}",
        path.display(),
        wdl::VERSION
    );
    tables.load_wdl(sig)
}

/// Rewrite the loaded `.wdl` of `sig` with `wdl::RUNS_PER_BLOCK` runs a
/// block where it has another number (files written before 2026-11-28
/// had 128: a probe decodes half a block), and load it again; the same
/// runs and flags.
pub fn reblock_wdl(tables: &mut Tables, sig: Signature) -> Result<(), String> {
    let path = wdl_path(tables.dir(), tables.variant(), sig);
    let Some((_, bytes, layout)) = tables.wdl_file(sig) else {
        return Err(format!("{}: not loaded", path.display()));
    };
    let Some(file) = wdl::reblocked(bytes, layout, tables.variant(), sig) else {
        return Ok(());
    };
    write_atomic(&path, &file).map_err(|e| format!("{}: {e}", path.display()))?;
    log::info!(
        "{}: rewritten with {} runs a block",
        path.display(),
        wdl::RUNS_PER_BLOCK
    );
    tables.load_wdl(sig)
}
