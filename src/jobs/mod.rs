//! The jobs `dam pdn` runs over game collections, above the PDN format
//! (`crate::pdn`) and driving the engine room: the parallel batch runner
//! (`batch`), convert (`export`), stats (`stats`), engine analysis
//! (`analyze`), output files written whole or not at all (`output`) and
//! resumed after a stop (`resume`), the `--jsonl` stages that read games
//! from a stream and write one JSON record a game (`stream`, `stage`,
//! `records`), and `dam pdn split` (`shard`).

pub mod analyze;
pub mod batch;
pub mod export;
pub mod output;
pub mod records;
pub mod resume;
pub mod shard;
pub mod stage;
pub mod stats;
pub mod stream;
