//! The protocols dam speaks to other programs: `hub` (Hub version 2 over
//! stdin/stdout, as Scan, the Hub GUI, Lidraughts and pydraughts use it).

pub mod hub;
