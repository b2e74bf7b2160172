//! The seven DXP messages (dxp.md, section 2) as types, and their exact
//! fixed-width text: `Message::to_string` writes a message without its NUL.

use crate::notation::movetext::DxpMove;
use crate::rules::Color;
use std::fmt;

/// The longest message text: 127 characters (plus the NUL on the wire).
pub const MAX_LEN: usize = 127;
/// The width of a program name in GAMEREQ and GAMEACC.
pub const NAME_LEN: usize = 32;
/// The protocol version dam speaks.
pub const VERSION: &str = "01";

/// One DXP message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// `C`: free text.
    Chat(String),
    /// `R`: the initiator asks for a game.
    GameReq(GameReq),
    /// `A`: the follower's answer to a GAMEREQ.
    GameAcc(GameAcc),
    /// `M`: a move.
    Move(MoveMsg),
    /// `E`: end of the game (or its acknowledgement).
    GameEnd(GameEnd),
    /// `B`: take back to a move.
    BackReq(BackReq),
    /// `K`: the answer to a BACKREQ.
    BackAcc(BackCode),
}

/// A GAMEREQ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReq {
    /// The protocol version, two characters (`01`).
    pub version: String,
    /// The initiator's name (at most 32 characters).
    pub name: String,
    /// The colour the follower plays.
    pub follower: Color,
    /// Thinking time per player for the whole game, in minutes.
    pub minutes: u16,
    /// The moves the minutes are for (0: the whole game): a clock, not
    /// a length of the game.
    pub moves: u16,
    /// A set-up start, or `None` for the variant's initial position.
    pub start: Option<StartPos>,
}

/// A set-up start position as GAMEREQ carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartPos {
    /// The colour to move first.
    pub side: Color,
    /// The board field, as `board::encode` writes it.
    pub board: String,
}

/// A GAMEACC.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameAcc {
    pub name: String,
    pub code: AcceptCode,
}

/// The acceptance code of GAMEACC.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AcceptCode {
    /// `0`: the game starts.
    Accept,
    /// `1`: the protocol version is not the one expected.
    BadVersion,
    /// `2`: not this game, but another one is welcome.
    RefuseGame,
    /// `3`: no game at all.
    RefuseAll,
}

/// A MOVE.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveMsg {
    /// Seconds used for the move (0..=9999).
    pub seconds: u16,
    pub fields: DxpMove,
}

/// A GAMEEND.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// The result from the sender's point of view.
    pub reason: EndReason,
    /// Stop code `1`: no next game.
    pub stop: bool,
}

/// The reason of a GAMEEND, from its sender's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    Unknown,
    ILose,
    Draw,
    IWin,
}

impl EndReason {
    /// The same result seen from the other side.
    pub fn inverted(self) -> EndReason {
        match self {
            EndReason::ILose => EndReason::IWin,
            EndReason::IWin => EndReason::ILose,
            other => other,
        }
    }

    /// Why a peer's GAMEEND with this reason (the peer's point of view)
    /// ended the game, in words: "the peer ended the game claiming a win
    /// for `receiver`".
    pub fn peer_claim(self, receiver: &str) -> String {
        let claim = match self {
            EndReason::Unknown => "without claiming a result".to_string(),
            EndReason::ILose => format!("claiming a win for {receiver}"),
            EndReason::Draw => "claiming a draw".to_string(),
            EndReason::IWin => "claiming a win for itself".to_string(),
        };
        format!("the peer ended the game {claim}")
    }
}

/// A BACKREQ: go back to the position of `move_number` with `side` to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BackReq {
    /// 1..=999; the first move of the game is 1.
    pub move_number: u16,
    pub side: Color,
}

/// The answer to a BACKREQ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BackCode {
    Accept,
    NotSupported,
    Decline,
}

/// `W` or `Z`.
pub fn color_char(color: Color) -> char {
    match color {
        Color::White => 'W',
        Color::Black => 'Z',
    }
}

/// A name as the 32-character field: printable ASCII only (others become
/// `?`), no leading space, cut or padded with spaces.
pub fn name_field(name: &str) -> String {
    let clean: String = name
        .trim_start()
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() || c == ' ' {
                c
            } else {
                '?'
            }
        })
        .take(NAME_LEN)
        .collect();
    let clean = if clean.is_empty() {
        "dam".to_string()
    } else {
        clean
    };
    format!("{clean:<NAME_LEN$}")
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Message::Chat(text) => write!(f, "C{text}"),
            Message::GameReq(r) => {
                write!(
                    f,
                    "R{:<2.2}{}{}{:03}{:03}",
                    r.version,
                    name_field(&r.name),
                    color_char(r.follower),
                    r.minutes.min(999),
                    r.moves.min(999)
                )?;
                match &r.start {
                    None => write!(f, "A"),
                    Some(s) => write!(f, "B{}{}", color_char(s.side), s.board),
                }
            }
            Message::GameAcc(a) => {
                let code = match a.code {
                    AcceptCode::Accept => '0',
                    AcceptCode::BadVersion => '1',
                    AcceptCode::RefuseGame => '2',
                    AcceptCode::RefuseAll => '3',
                };
                write!(f, "A{}{code}", name_field(&a.name))
            }
            Message::Move(m) => write!(f, "M{:04}{}", m.seconds.min(9999), m.fields),
            Message::GameEnd(e) => {
                let reason = match e.reason {
                    EndReason::Unknown => '0',
                    EndReason::ILose => '1',
                    EndReason::Draw => '2',
                    EndReason::IWin => '3',
                };
                write!(f, "E{reason}{}", u8::from(e.stop))
            }
            Message::BackReq(b) => {
                write!(f, "B{:03}{}", b.move_number.min(999), color_char(b.side))
            }
            Message::BackAcc(code) => {
                let code = match code {
                    BackCode::Accept => '0',
                    BackCode::NotSupported => '1',
                    BackCode::Decline => '2',
                };
                write!(f, "K{code}")
            }
        }
    }
}
