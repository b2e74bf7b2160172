//! Text in and out of the rules: FEN positions, move text, board display.

pub mod display;
pub mod fen;
pub mod movetext;
