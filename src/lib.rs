//! dam: a draughts engine for ten variants. The binary's commands live in
//! `cli`; everything else is a library so tests can use it directly.

pub mod board;
pub mod book;
pub mod cli;
pub mod egtb;
pub mod engine;
pub mod eval;
pub mod jobs;
pub mod matches;
pub mod notation;
pub mod pdn;
pub mod perft;
pub mod play;
pub mod protocol;
pub mod rules;
pub mod search;
pub mod train;
pub mod variant;
