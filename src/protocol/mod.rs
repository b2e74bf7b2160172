//! The protocols dam speaks to other programs: `hub` (Hub version 2 over
//! stdin/stdout, as Scan, the Hub GUI, Lidraughts and pydraughts use it)
//! and `dxp`, the DamExchange protocol (codec, session, TCP and stdio
//! transports).

pub mod dxp;
pub mod hub;
