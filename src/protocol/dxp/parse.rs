//! Reading DXP messages strictly: exact lengths, fixed-width fields, and a
//! clear error naming the message, the field and what is wrong with it.

use super::message::*;
use crate::notation::movetext::DxpMove;
use crate::rules::Color;

/// A message text that is not a valid DXP message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CodecError {
    #[error("empty message")]
    Empty,
    #[error("message of {0} characters, longer than the 127 allowed")]
    TooLong(usize),
    #[error("character {pos} is byte {byte}, outside ASCII 1..127")]
    NotAscii { pos: usize, byte: u8 },
    #[error("unknown message type '{0}'")]
    UnknownType(char),
    #[error("{kind} of {found} characters, expected {expected}")]
    Length {
        kind: &'static str,
        found: usize,
        expected: String,
    },
    #[error("{kind} {field} '{value}': {why}")]
    Field {
        kind: &'static str,
        field: &'static str,
        value: String,
        why: &'static str,
    },
}

/// Read one message (its text without the NUL or newline).
pub fn parse(bytes: &[u8]) -> Result<Message, CodecError> {
    if bytes.is_empty() {
        return Err(CodecError::Empty);
    }
    if bytes.len() > MAX_LEN {
        return Err(CodecError::TooLong(bytes.len()));
    }
    if let Some(pos) = bytes.iter().position(|&b| b == 0 || b > 127) {
        return Err(CodecError::NotAscii {
            pos,
            byte: bytes[pos],
        });
    }
    // All bytes are ASCII, so this never fails and every index is a char.
    let text = std::str::from_utf8(bytes).unwrap_or_default();
    match bytes[0] {
        b'C' => chat(text),
        b'R' => game_req(text),
        b'A' => game_acc(text),
        b'M' => move_msg(text),
        b'E' => game_end(text),
        b'B' => back_req(text),
        b'K' => back_acc(text),
        other => Err(CodecError::UnknownType(other as char)),
    }
}

/// One field of one message, with its error builder.
struct Fields<'a> {
    kind: &'static str,
    text: &'a str,
}

impl<'a> Fields<'a> {
    fn length(&self, ok: bool, expected: &str) -> Result<(), CodecError> {
        if ok {
            Ok(())
        } else {
            Err(CodecError::Length {
                kind: self.kind,
                found: self.text.len(),
                expected: expected.to_string(),
            })
        }
    }

    fn error(&self, field: &'static str, value: &str, why: &'static str) -> CodecError {
        CodecError::Field {
            kind: self.kind,
            field,
            value: value.to_string(),
            why,
        }
    }

    /// A fixed-width decimal number at `start..start + width`.
    fn number(&self, field: &'static str, start: usize, width: usize) -> Result<u16, CodecError> {
        let value = &self.text[start..start + width];
        if !value.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.error(field, value, "expected decimal digits"));
        }
        value
            .parse()
            .map_err(|_| self.error(field, value, "expected decimal digits"))
    }

    /// `W` or `Z` at `at`.
    fn color(&self, field: &'static str, at: usize) -> Result<Color, CodecError> {
        match &self.text[at..at + 1] {
            "W" => Ok(Color::White),
            "Z" => Ok(Color::Black),
            other => Err(self.error(field, other, "expected W or Z")),
        }
    }

    /// A 32-character name at `start`; trailing spaces dropped.
    fn name(&self, start: usize) -> Result<String, CodecError> {
        let value = &self.text[start..start + NAME_LEN];
        if value.starts_with(' ') {
            return Err(self.error("name", value, "must not start with a space"));
        }
        Ok(value.trim_end().to_string())
    }

    /// One character at `at` from `choices`, as its index.
    fn code(&self, field: &'static str, at: usize, choices: &str) -> Result<usize, CodecError> {
        let value = &self.text[at..at + 1];
        choices
            .find(value)
            .ok_or_else(|| self.error(field, value, "not one of the codes this field allows"))
    }
}

fn chat(text: &str) -> Result<Message, CodecError> {
    let f = Fields { kind: "CHAT", text };
    f.length(text.len() >= 2, "2..127 (the text may not be empty)")?;
    Ok(Message::Chat(text[1..].to_string()))
}

fn game_req(text: &str) -> Result<Message, CodecError> {
    let f = Fields {
        kind: "GAMEREQ",
        text,
    };
    f.length(
        text.len() >= 43,
        "43 (flag A) or 44 plus the board (flag B)",
    )?;
    let version = text[1..3].to_string();
    let name = f.name(3)?;
    let follower = f.color("follower colour", 35)?;
    let minutes = f.number("thinking time", 36, 3)?;
    let moves = f.number("number of moves", 39, 3)?;
    let start = match &text[42..43] {
        "A" => {
            f.length(text.len() == 43, "43 with starting position flag A")?;
            None
        }
        "B" => {
            f.length(text.len() > 44, "44 plus the board with flag B")?;
            Some(StartPos {
                side: f.color("colour to move", 43)?,
                board: text[44..].to_string(),
            })
        }
        other => return Err(f.error("starting position flag", other, "expected A or B")),
    };
    Ok(Message::GameReq(GameReq {
        version,
        name,
        follower,
        minutes,
        moves,
        start,
    }))
}

fn game_acc(text: &str) -> Result<Message, CodecError> {
    let f = Fields {
        kind: "GAMEACC",
        text,
    };
    f.length(text.len() == 34, "34")?;
    let name = f.name(1)?;
    let codes = [
        AcceptCode::Accept,
        AcceptCode::BadVersion,
        AcceptCode::RefuseGame,
        AcceptCode::RefuseAll,
    ];
    let code = codes[f.code("acceptance code", 33, "0123")?];
    Ok(Message::GameAcc(GameAcc { name, code }))
}

fn move_msg(text: &str) -> Result<Message, CodecError> {
    let f = Fields { kind: "MOVE", text };
    f.length(text.len() >= 11, "11 plus 2 per captured piece")?;
    let seconds = f.number("time", 1, 4)?;
    let from = f.number("from square", 5, 2)?;
    let to = f.number("to square", 7, 2)?;
    let count = f.number("number captured", 9, 2)? as usize;
    f.length(
        text.len() == 11 + 2 * count,
        &format!("{} for {count} captured pieces", 11 + 2 * count),
    )?;
    let captured = (0..count)
        .map(|i| f.number("captured square", 11 + 2 * i, 2).map(|n| n as u8))
        .collect::<Result<Vec<u8>, _>>()?;
    for (field, square) in [("from square", from), ("to square", to)] {
        if square == 0 {
            return Err(f.error(field, "00", "squares start at 01"));
        }
    }
    if captured.contains(&0) {
        return Err(f.error("captured square", "00", "squares start at 01"));
    }
    Ok(Message::Move(MoveMsg {
        seconds,
        fields: DxpMove {
            from: from as u8,
            to: to as u8,
            captured,
        },
    }))
}

fn game_end(text: &str) -> Result<Message, CodecError> {
    let f = Fields {
        kind: "GAMEEND",
        text,
    };
    f.length(text.len() == 3, "3")?;
    let reasons = [
        EndReason::Unknown,
        EndReason::ILose,
        EndReason::Draw,
        EndReason::IWin,
    ];
    let reason = reasons[f.code("reason", 1, "0123")?];
    let stop = f.code("stop code", 2, "01")? == 1;
    Ok(Message::GameEnd(GameEnd { reason, stop }))
}

fn back_req(text: &str) -> Result<Message, CodecError> {
    let f = Fields {
        kind: "BACKREQ",
        text,
    };
    f.length(text.len() == 5, "5")?;
    let move_number = f.number("move number", 1, 3)?;
    if move_number == 0 {
        return Err(f.error("move number", "000", "the first move is 001"));
    }
    let side = f.color("colour to move", 4)?;
    Ok(Message::BackReq(BackReq { move_number, side }))
}

fn back_acc(text: &str) -> Result<Message, CodecError> {
    let f = Fields {
        kind: "BACKACC",
        text,
    };
    f.length(text.len() == 2, "2")?;
    let codes = [BackCode::Accept, BackCode::NotSupported, BackCode::Decline];
    Ok(Message::BackAcc(
        codes[f.code("acceptance code", 1, "012")?],
    ))
}
