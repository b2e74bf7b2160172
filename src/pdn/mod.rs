//! PDN (Portable Draughts Notation) in and out: a lenient nom parser for
//! the reading grammar that keeps everything it reads (`parse`, `syntax`),
//! memory-mapped files split into games without copying (`source`,
//! `split`), the variant of each game (`gametype`), replay against the
//! rules (`replay`), the strict PDN 3.0 writer (`write`), output files
//! written whole or not at all (`output`), and the parallel batch jobs
//! behind `dam pdn` (`batch`, `check`, `export`, `stats`, `analyze`); the
//! `--jsonl` stages that read games from a stream and write one JSON
//! record a game (`stream`, `stage`, `records`), and `dam pdn split`
//! (`shard`).
//!
//! Reference: shared/reference/pdn.md (PDN 3.0 reading and writing
//! grammars, GameType numbers, result formats).

pub mod analyze;
pub mod batch;
pub mod check;
pub mod export;
pub mod gametype;
pub mod output;
pub mod parse;
pub mod records;
pub mod replay;
pub mod resume;
pub mod shard;
pub mod source;
pub mod split;
pub mod stage;
pub mod stats;
pub mod stream;
pub mod syntax;
pub mod write;
