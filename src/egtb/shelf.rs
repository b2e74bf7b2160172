//! The databases of every variant a batch job meets (`dam pdn analyze
//! --egtb-pieces N`): a variant's set is opened, its sets of up to 4
//! pieces built if missing, the first time a game of that variant needs
//! it, and then shared by every thread.

use super::{Tables, default_dir, open_for_engine};
use crate::variant::Variant;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

pub struct Shelf {
    dir: PathBuf,
    pieces: u32,
    /// In the order of `Variant::REMOVAL`.
    sets: [OnceLock<Option<Arc<Tables>>>; Variant::REMOVAL.len()],
}

impl Shelf {
    /// Sets of up to `pieces` pieces under `dir` (or the default
    /// directory), none opened yet.
    pub fn new(dir: Option<&Path>, pieces: u32) -> Shelf {
        Shelf {
            dir: dir.map_or_else(default_dir, Path::to_path_buf),
            pieces,
            sets: Default::default(),
        }
    }

    /// The set of `variant`, opened on first need; `None` for a variant
    /// without databases or a set that covers nothing (reported once).
    pub fn get(&self, variant: Variant) -> Option<&Arc<Tables>> {
        let i = Variant::REMOVAL.iter().position(|v| *v == variant)?;
        self.sets[i]
            .get_or_init(|| {
                // On a thread of its own: the first-use build runs rayon
                // jobs, and a pool thread waiting for them could pick up
                // another game that needs this same set.
                std::thread::scope(|s| {
                    s.spawn(|| open_for_engine(variant, &self.dir, self.pieces, true))
                        .join()
                })
                .ok()
                .flatten()
                .map(Arc::new)
            })
            .as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_is_opened_once_and_only_for_the_plain_family() {
        let dir = tempfile::tempdir().unwrap();
        let shelf = Shelf::new(Some(dir.path()), 2);
        let first = shelf.get(Variant::Russian).expect("built on first use");
        assert_eq!(first.pieces(), 2);
        let again = shelf.get(Variant::Russian).expect("kept");
        assert!(Arc::ptr_eq(first, again));
        assert!(shelf.get(Variant::Damath).is_none());
    }
}
