//! The commands of a game in progress, read from one line of input; any
//! other word is taken for a move. Set-up mode has its own (`setup`).

use super::level::Level;
use crate::rules::Color;

/// Where `goto` goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Start,
    End,
    /// The position before move N of the first mover.
    Move(usize),
}

/// Which sides the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sides {
    pub white: bool,
    pub black: bool,
}

impl Sides {
    /// Whether the engine plays `color`.
    pub fn plays(&self, color: Color) -> bool {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The engine plays `color`, or not.
    pub fn set(&mut self, color: Color, engine: bool) {
        match color {
            Color::White => self.white = engine,
            Color::Black => self.black = engine,
        }
    }
}

/// One command.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// A move as typed (also a single square).
    Move(String),
    /// An empty line: play the only legal move.
    Forced,
    /// The engine takes the side to move (and plays it now), the player
    /// the other, as Scan's `g`.
    Go,
    /// `players N`: how many sides the engine plays, as Scan counts them:
    /// 0 neither, 1 the side not to move now, 2 both.
    Players(u8),
    Computer(Sides),
    Level(Level),
    Ponder(bool),
    Undo,
    Redo,
    Goto(Target),
    New,
    Resign,
    Draw,
    Setup,
    Moves,
    Hint,
    Analyze,
    /// `fen` shows the FEN; `fen TEXT` sets the position.
    Fen(Option<String>),
    Help,
    Board,
    List,
    Flip,
    Numbers(bool),
    Ascii(bool),
    Save(String),
    Load(String, usize),
    Next,
    Prev,
    Quit,
}

/// The sides the engine plays: `white`, `black`, `both` or `none`.
pub fn sides(word: &str) -> Result<Sides, String> {
    let (white, black) = match word.to_ascii_lowercase().as_str() {
        "white" | "red" => (true, false),
        "black" | "blue" => (false, true),
        "both" => (true, true),
        "none" => (false, false),
        _ => return Err(format!("'{word}': expected white, black, both or none")),
    };
    Ok(Sides { white, black })
}

/// Read one line. Errors say what was wrong.
pub fn parse(line: &str) -> Result<Command, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(first) = words.first() else {
        return Ok(Command::Forced);
    };
    let rest = &words[1..];
    let arg = |what: &str| -> Result<String, String> {
        match rest {
            [] => Err(format!("{first}: {what} is missing")),
            _ => Ok(rest.join(" ")),
        }
    };
    let on_off = || match rest {
        [] | ["on"] => Ok(true),
        ["off"] => Ok(false),
        _ => Err(format!("{first}: expected on or off")),
    };
    let command = match first.to_ascii_lowercase().as_str() {
        "go" => Command::Go,
        "players" => match rest {
            [n @ ("0" | "1" | "2")] => Command::Players(n.as_bytes()[0] - b'0'),
            _ => return Err("players: expected 0, 1 or 2".to_string()),
        },
        "computer" | "engine" => match rest {
            [word] => Command::Computer(sides(word)?),
            _ => return Err(format!("{first}: expected white, black, both or none")),
        },
        "level" => Command::Level(Level::parse(rest)?),
        "ponder" => Command::Ponder(on_off()?),
        "undo" | "back" | "u" => Command::Undo,
        "redo" | "forward" | "f" => Command::Redo,
        "goto" => Command::Goto(match rest {
            ["start"] => Target::Start,
            ["end"] => Target::End,
            [n] => match n.parse::<usize>() {
                Ok(n) if n >= 1 => Target::Move(n),
                _ => return Err(format!("goto: '{n}' is not a move number")),
            },
            _ => return Err("goto: expected a move number, start or end".to_string()),
        }),
        "new" => Command::New,
        "resign" => Command::Resign,
        "draw" => Command::Draw,
        "setup" => Command::Setup,
        "moves" => Command::Moves,
        "hint" => Command::Hint,
        "analyze" | "analyse" => Command::Analyze,
        "fen" => Command::Fen((!rest.is_empty()).then(|| rest.join(" "))),
        "help" | "?" => Command::Help,
        "board" => Command::Board,
        "list" | "history" => Command::List,
        "flip" => Command::Flip,
        "numbers" => Command::Numbers(on_off()?),
        "ascii" => Command::Ascii(on_off()?),
        "save" => Command::Save(arg("the file name")?),
        "load" => {
            let (path, game) = match rest {
                [] => return Err("load: the file name is missing".to_string()),
                [path] => (path.to_string(), 1),
                [path @ .., n] => match n.parse::<usize>() {
                    Ok(n) if n >= 1 => (path.join(" "), n),
                    _ => (rest.join(" "), 1),
                },
            };
            Command::Load(path, game)
        }
        "next" => Command::Next,
        "prev" | "previous" => Command::Prev,
        "quit" | "exit" | "q" => Command::Quit,
        _ => Command::Move(words.concat()),
    };
    Ok(command)
}

/// The help text.
pub const HELP: &str = "\
moves are typed as 32-28, 28x19, a route 28x19x10, c3-d4 on 8x8 boards,
  or one square (from, to or captured) when it names one legal move;
  an empty line plays a forced move
go                 the engine takes the side to move and plays now; you get the other side
players N          the engine plays 0: neither side, 1: the side not to move, 2: both sides
computer white|black|both|none
level A|B|C|D      learner levels (shallow, with mistakes)
level depth D | level time S | level clock X Y (X moves in Y minutes; 0 X: a game)
level damath [MIN SEC]   the Damath clock (default 20 minutes a game, 60 s a move)
ponder on|off      the engine thinks on your time
undo, redo, goto N|start|end   take back, forward, go to move N (you get the side to move)
new, resign, draw  a new game; resign; offer a draw (the engine answers)
setup              set up a position (w 10, B 7 43, 30 16, start, empty, white, black, done)
moves              legal moves, best first, with the engine's evaluation
hint, analyze      the engine's move; live analysis until you press Enter
fen [FEN]          show the FEN, or set the position
board, list        the board; the move list
flip, numbers on|off, ascii on|off   how the board is drawn
save FILE          append the game to a PDN file
load FILE [N], next, prev   open game N of a PDN file; the next or previous one
quit";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_and_moves() {
        assert_eq!(parse("  "), Ok(Command::Forced));
        assert_eq!(parse("32-28"), Ok(Command::Move("32-28".to_string())));
        assert_eq!(parse("28 x 19"), Ok(Command::Move("28x19".to_string())));
        assert_eq!(parse("7"), Ok(Command::Move("7".to_string())));
        assert_eq!(parse("players 0"), Ok(Command::Players(0)));
        assert_eq!(parse("goto 3"), Ok(Command::Goto(Target::Move(3))));
        assert_eq!(
            parse("load my games.pdn 4"),
            Ok(Command::Load("my games.pdn".to_string(), 4))
        );
        assert!(parse("players 3").is_err());
        assert!(parse("goto x").is_err());
        assert!(parse("ponder maybe").is_err());
    }
}
