//! DXP, the DamExchange protocol (dxp.md): the message codec (`message`,
//! `parse`), framing (`frame`: NUL on TCP, lines on stdio), the board field
//! of every variant (`board`, docs/dxp-variants.md), a connection (`link`),
//! one game (`game`), the engine side (`player`), the dialogue for both
//! roles (`session`) and the TCP server (`server`, its connection limits
//! in `slots`).

pub mod board;
pub mod frame;
pub mod game;
pub mod link;
pub mod message;
pub mod parse;
pub mod player;
pub mod server;
pub mod session;
pub mod slots;

pub use game::GameReport;
pub use link::Link;
pub use message::Message;
pub use parse::{CodecError, parse};
pub use player::{ClockState, GameStart, Player};
pub use session::{Role, Settings, Summary, run};

#[cfg(test)]
mod tests;
