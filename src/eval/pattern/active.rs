//! The weights each variant plays with: the shipped files compiled into
//! the binary (`weights/<variant>.bin`), replaced at run time by a file of
//! the user's own (`eval-file`). A variant without weights evaluates with
//! the hand-set terms of `removal`.
//!
//! The search reads the weights through one atomic pointer per variant;
//! a replaced set is leaked rather than freed, since a search thread may
//! still be reading it (a few hundred kilobytes per `eval-file` change).

use super::file::{PatternWeights, WeightsError};
use crate::variant::Variant;
use std::path::Path;
use std::ptr;
use std::sync::LazyLock;
use std::sync::atomic::{AtomicPtr, Ordering};

/// The shipped weights of `variant` (the variant table's, built into the
/// binary), if it has some.
fn shipped(variant: Variant) -> Option<PatternWeights> {
    let bytes = variant.facts().weights?;
    let name = format!("shipped weights/{variant}.bin");
    Some(PatternWeights::from_bytes(bytes, &name).expect("the shipped weights files read"))
}

/// Leak `w` into a pointer the search may keep reading.
fn leak(w: Option<PatternWeights>) -> *mut PatternWeights {
    w.map_or(ptr::null_mut(), |w| Box::into_raw(Box::new(w)))
}

static ACTIVE: LazyLock<[AtomicPtr<PatternWeights>; Variant::ALL.len()]> =
    LazyLock::new(|| Variant::ALL.map(|v| AtomicPtr::new(leak(shipped(v)))));

/// The weights `variant` plays with now, if any.
#[inline(always)]
pub fn active(variant: Variant) -> Option<&'static PatternWeights> {
    let p = ACTIVE[variant as usize].load(Ordering::Acquire);
    // SAFETY: every pointer stored is null or a leaked Box, never freed.
    unsafe { p.as_ref() }
}

/// Play `variant` with `w` (`None`: the shipped weights again).
pub fn install(variant: Variant, w: Option<PatternWeights>) {
    let w = w.or_else(|| shipped(variant));
    ACTIVE[variant as usize].store(leak(w), Ordering::Release);
}

/// Read a weights file (of `wanted`, if given: another variant's file is
/// an error) and play its variant with it; returns the variant.
pub fn install_file(path: &Path, wanted: Option<Variant>) -> Result<Variant, WeightsError> {
    let w = PatternWeights::read_for(path, wanted)?;
    let variant = w.variant;
    install(variant, Some(w));
    Ok(variant)
}
