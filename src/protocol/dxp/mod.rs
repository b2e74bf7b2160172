//! DXP, the DamExchange protocol (dxp.md): the message codec (`message`,
//! `parse`), framing (`frame`: NUL on TCP, lines on stdio), the board field
//! of every variant (`board`, docs/dxp-variants.md), a connection (`link`),
//! one game (`game`), the dialogue for both roles (`session`, with the
//! `Player` trait the engine implements) and the TCP server (`server`).

pub mod board;
pub mod frame;
pub mod game;
pub mod link;
pub mod message;
pub mod parse;
pub mod server;
pub mod session;

pub use game::{ClockState, GameReport};
pub use link::Link;
pub use message::Message;
pub use parse::{CodecError, parse};
pub use session::{Player, Role, Settings, Summary, run};

#[cfg(test)]
mod tests;
