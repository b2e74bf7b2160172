//! Training: self-play data generation (`dam datagen`) and the file format
//! it writes (`record`), which the trainer reads. It uses the search and
//! the evaluation; nothing else in dam uses it.

pub mod datagen;
pub mod record;
pub mod tune;
