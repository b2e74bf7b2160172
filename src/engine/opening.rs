//! The opening book an engine plays from: a book file (or the shipped book
//! of the variant) read at the first probe and kept.

use crate::book::{Book, load};
use crate::rules::Game;
use std::cell::OnceCell;

/// A book, read on first need.
pub struct Opening<G: Game> {
    /// The book file; empty: the shipped book of `G`.
    file: String,
    book: OnceCell<Option<Book<G>>>,
}

impl<G: Game> Opening<G> {
    /// The book of `file` (empty: the shipped one), not read yet.
    pub fn new(file: &str) -> Opening<G> {
        Opening {
            file: file.to_string(),
            book: OnceCell::new(),
        }
    }

    /// A move of the book for `pos` while its ply is below `max_ply`, one
    /// of those within `margin` of the best (picked by `random`), with its
    /// score. The first probe reads the book; when it cannot be read, that
    /// probe says why (`Err`) and later ones find no book.
    pub fn probe(
        &self,
        pos: &G,
        max_ply: u32,
        margin: i32,
        random: u64,
    ) -> Result<Option<(G::Move, i32)>, String> {
        let mut failed = None;
        let book = self.book.get_or_init(|| {
            load::<G>(&self.file).unwrap_or_else(|e| {
                failed = Some(e);
                None
            })
        });
        if let Some(e) = failed {
            return Err(e);
        }
        Ok(book
            .as_ref()
            .and_then(|b| b.probe(pos, max_ply, margin, random)))
    }
}
