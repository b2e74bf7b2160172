//! The databases of every variant a batch job meets (`dam pdn analyze`):
//! a variant's set is opened (its sets of up to 4 pieces built first if
//! missing, when `--egtb-pieces` asks for fewer than `MAX_PIECES`) the
//! first time a game of that variant needs it, and then shared by every
//! thread.

use super::{Tables, builds_first, default_dir, open_for_engine};
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
                    s.spawn(|| {
                        open_for_engine(variant, &self.dir, self.pieces, builds_first(self.pieces))
                    })
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
        let largest = Shelf::new(Some(dir.path()), crate::egtb::MAX_PIECES);
        let found = largest
            .get(Variant::Russian)
            .expect("the set built is found");
        assert_eq!(found.pieces(), 2);
        let none = Shelf::new(Some(dir.path()), crate::egtb::MAX_PIECES);
        assert!(
            none.get(Variant::English).is_none(),
            "nothing is built by default"
        );
        assert_eq!(first.pieces(), 2);
        let again = shelf.get(Variant::Russian).expect("kept");
        assert!(Arc::ptr_eq(first, again));
        assert!(shelf.get(Variant::Damath).is_none());
    }
}
