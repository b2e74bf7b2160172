//! PDN (Portable Draughts Notation), the format: a lenient nom parser for
//! the reading grammar that keeps everything it reads (`parse`, `syntax`),
//! memory-mapped files split into games without copying (`source`,
//! `split`), the variant of each game (`gametype`), replay against the
//! rules (`replay`), one game checked from text to a replayed game or an
//! error that says where (`check`), and the strict PDN 3.0 writer
//! (`write`). The jobs that run over whole collections are in `jobs`.
//!
//! Reference: shared/reference/pdn.md (PDN 3.0 reading and writing
//! grammars, GameType numbers, result formats).

pub mod check;
pub mod gametype;
pub mod parse;
pub mod replay;
pub mod source;
pub mod split;
pub mod syntax;
pub mod write;
