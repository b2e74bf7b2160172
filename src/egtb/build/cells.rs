//! Zeroed atomic cells for the generator's working state, in anonymous
//! memory that asks the kernel for huge pages. The retrograde pass reads
//! and writes these cells at random across hundreds of megabytes to
//! gigabytes; with 4 KB pages nearly every such access also misses the
//! TLB, and a page walk costs more than the access. Where the kernel
//! gives no huge pages (or the advice fails) the cells work all the same.

use memmap2::MmapMut;
use std::marker::PhantomData;
use std::ops::Deref;
use std::sync::atomic::{AtomicU16, AtomicU64};

/// A type whose all-zero bytes are a valid value: the cells start as the
/// zeroed pages of an anonymous mapping.
///
/// # Safety
/// Implemented only for integer atomics, valid at any bit pattern.
pub unsafe trait Zeroed {}

// SAFETY: an integer atomic holds any bit pattern, zero included.
unsafe impl Zeroed for AtomicU16 {}
// SAFETY: as above.
unsafe impl Zeroed for AtomicU64 {}

/// `len` cells of `T`, all zero at first.
pub struct Cells<T: Zeroed> {
    map: Option<MmapMut>,
    len: usize,
    cell: PhantomData<T>,
}

impl<T: Zeroed> Cells<T> {
    /// `len` zeroed cells; panics only where a `Vec` of them would (the
    /// memory cannot be had).
    pub fn new(len: usize) -> Cells<T> {
        let bytes = len * size_of::<T>();
        let map = (bytes > 0).then(|| {
            let map = MmapMut::map_anon(bytes)
                .unwrap_or_else(|e| panic!("{bytes} bytes of working memory: {e}"));
            #[cfg(target_os = "linux")]
            if let Err(e) = map.advise(memmap2::Advice::HugePage) {
                log::debug!("no huge pages for {bytes} bytes: {e}");
            }
            map
        });
        Cells {
            map,
            len,
            cell: PhantomData,
        }
    }
}

impl<T: Zeroed> Deref for Cells<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        match &self.map {
            // SAFETY: the mapping is page-aligned, holds `len` cells of
            // `T` (zero bytes are a valid `T`, and every later write goes
            // through the atomics), and lives as long as `self`; no other
            // reference to its bytes is ever made.
            Some(map) => unsafe { std::slice::from_raw_parts(map.as_ptr() as *const T, self.len) },
            None => &[],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering::Relaxed;

    #[test]
    fn cells_start_at_zero_and_keep_what_is_written() {
        let cells: Cells<AtomicU16> = Cells::new(5_000_000);
        assert_eq!(cells.len(), 5_000_000);
        assert!(cells.iter().all(|c| c.load(Relaxed) == 0));
        cells[4_999_999].store(7, Relaxed);
        cells[0].fetch_add(3, Relaxed);
        assert_eq!(
            (cells[0].load(Relaxed), cells[4_999_999].load(Relaxed)),
            (3, 7)
        );
        let none: Cells<AtomicU64> = Cells::new(0);
        assert!(none.is_empty());
    }
}
