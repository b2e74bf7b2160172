//! DXP move fields (dxp.md, message M): from, to and the captured squares,
//! written as the part of the M message after its time field: `from` and
//! `to` in 2 digits, the number captured in 2 digits, then each captured
//! square in 2 digits (`061100`, `05250422122320`).

use super::parse::{MoveError, matching};
use super::route_of;
use crate::rules::Game;
use std::fmt;
use std::str::FromStr;

/// The fields of a move as DXP carries them. Only from, to and the set of
/// captured squares identify a move; the landing squares are not sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DxpMove {
    pub from: u8,
    pub to: u8,
    /// The captured squares (written in jump order; read in any order).
    pub captured: Vec<u8>,
}

/// The DXP fields of a legal move, or `None` if `mv` is not legal in `pos`.
pub fn dxp_move<G: Game>(pos: &G, mv: &G::Move) -> Option<DxpMove> {
    let routes = pos.routes();
    route_of::<G>(&routes, mv).map(|info| DxpMove {
        from: info.from,
        to: info.to,
        captured: info.captured.clone(),
    })
}

/// The one legal move with these fields (captured squares in any order).
/// Moves that differ only in their route cannot be told apart: they are
/// reported as ambiguous.
pub fn find_dxp_move<G: Game>(pos: &G, fields: &DxpMove) -> Result<G::Move, MoveError> {
    let routes = pos.routes();
    let mut captured = fields.captured.clone();
    captured.sort_unstable();
    let found = matching::<G>(&routes, |info| {
        let mut theirs = info.captured.clone();
        theirs.sort_unstable();
        info.from == fields.from && info.to == fields.to && theirs == captured
    });
    super::parse::one::<G>(&routes, &fields.to_string(), fields.from, found)
}

impl fmt::Display for DxpMove {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "{:02}{:02}{:02}",
            self.from,
            self.to,
            self.captured.len()
        )?;
        self.captured.iter().try_for_each(|c| write!(f, "{c:02}"))
    }
}

impl FromStr for DxpMove {
    type Err = MoveError;

    /// Read the move part of an M message: `FFTTNN` and `NN` captured
    /// squares of two digits each.
    fn from_str(text: &str) -> Result<DxpMove, MoveError> {
        let syntax = |why: &str| MoveError::Syntax {
            text: text.to_string(),
            why: format!("DXP move fields: {why}"),
        };
        if !text.bytes().all(|b| b.is_ascii_digit())
            || text.len() < 6
            || !text.len().is_multiple_of(2)
        {
            return Err(syntax(
                "expected from, to and count in two digits each, then the captured squares",
            ));
        }
        let numbers: Vec<u8> = text
            .as_bytes()
            .chunks(2)
            .map(|pair| (pair[0] - b'0') * 10 + (pair[1] - b'0'))
            .collect();
        if numbers[2] as usize != numbers.len() - 3 {
            return Err(syntax(&format!(
                "the count says {} captured squares, {} follow",
                numbers[2],
                numbers.len() - 3
            )));
        }
        Ok(DxpMove {
            from: numbers[0],
            to: numbers[1],
            captured: numbers[3..].to_vec(),
        })
    }
}
