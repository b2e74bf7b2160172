//! Protocols dam speaks with other programs: `dxp`, the DamExchange
//! protocol (codec, session, TCP and stdio transports).

pub mod dxp;
