//! Set-up mode, typed as in DAM 2.2: `w 10` puts a white man on 10, `B 7
//! 43 44` black kings, `30 16` empties those squares, `start` and `empty`
//! fill or clear the board, `white`/`black` give the move; `fen FEN` sets
//! everything at once (stacks, Damath chips and scores too), and a Damath
//! chip is typed `w 5@10` (chip 5 on square 10). `done` checks the
//! position before play resumes; `cancel` leaves it as it was.

use crate::notation::fen::parse_setup;
use crate::rules::{Color, Game, Piece, Setup};
use crate::variant::Variant;

/// What a line of set-up mode did.
#[derive(Debug)]
pub enum Step<G> {
    /// Still setting up; a message for the player, if any.
    Edit(Option<String>),
    /// The position is checked: play from it.
    Done(G),
    Cancel,
    Board,
    Help,
}

/// The help text of set-up mode.
pub const HELP: &str = "\
set-up mode:
w 10 11    white men on 10 and 11 (W: white kings; b, B: black); a damath chip: w 5@10
30 16      empty those squares
start      the start position; empty: an empty board
white      White to move (black: Black)
fen FEN    the whole position
board      show the board; done: check the position and play; cancel: leave it";

/// Apply one line of set-up mode to `setup`.
pub fn step<G: Game>(setup: &mut Setup, line: &str) -> Step<G> {
    match edit::<G>(setup, line) {
        Ok(step) => step,
        Err(e) => Step::Edit(Some(format!("error: {e}"))),
    }
}

fn edit<G: Game>(setup: &mut Setup, line: &str) -> Result<Step<G>, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(&first) = words.first() else {
        return Ok(Step::Edit(None));
    };
    let squares = G::geometry().squares as usize;
    let piece = |color, king| Piece { color, king };
    let placed = match first {
        "w" => Some(piece(Color::White, false)),
        "W" => Some(piece(Color::White, true)),
        "b" => Some(piece(Color::Black, false)),
        "B" => Some(piece(Color::Black, true)),
        _ => None,
    };
    if let Some(p) = placed {
        if words.len() == 1 {
            return Err(format!("{first}: name the squares, as in '{first} 10 11'"));
        }
        for word in &words[1..] {
            let (number, square) = chip::<G>(word)?;
            setup.squares[square - 1] = vec![p];
            setup.numbers[square - 1] = number;
        }
        return Ok(Step::Edit(None));
    }
    if first.bytes().all(|b| b.is_ascii_digit()) {
        for word in &words {
            let square = square_number(word, squares)?;
            setup.squares[square - 1].clear();
            setup.numbers[square - 1] = None;
        }
        return Ok(Step::Edit(None));
    }
    match first.to_ascii_lowercase().as_str() {
        "start" => *setup = G::start().to_setup(),
        "empty" => *setup = Setup::empty(squares),
        "white" | "red" => setup.side = Color::White,
        "black" | "blue" => setup.side = Color::Black,
        "fen" => {
            *setup = parse_setup(&words[1..].join(" "), G::VARIANT, G::geometry())
                .map_err(|e| e.to_string())?;
        }
        "board" => return Ok(Step::Board),
        "help" | "?" => return Ok(Step::Help),
        "cancel" => return Ok(Step::Cancel),
        "done" | "play" | "end" => return check::<G>(setup).map(Step::Done),
        _ => {
            return Err(format!(
                "'{first}' is not a set-up command (w, W, b, B, squares, start, empty, white, \
                 black, fen, board, done, cancel)"
            ));
        }
    }
    Ok(Step::Edit(None))
}

/// A square, or (Damath) `number@square`.
fn chip<G: Game>(word: &str) -> Result<(Option<i32>, usize), String> {
    let squares = G::geometry().squares as usize;
    let damath = G::VARIANT == Variant::Damath;
    match (word.split_once('@'), damath) {
        (Some((number, square)), true) => {
            let n = number
                .parse::<i32>()
                .ok()
                .filter(|n| n.abs() <= 999)
                .ok_or(format!("'{number}' is not a chip number"))?;
            Ok((Some(n), square_number(square, squares)?))
        }
        (Some(_), false) => Err("chip numbers ('@') are only used in damath".to_string()),
        (None, true) => Err(format!(
            "a damath chip needs its number: write number@square, as in 5@{word}"
        )),
        (None, false) => Ok((None, square_number(word, squares)?)),
    }
}

fn square_number(word: &str, squares: usize) -> Result<usize, String> {
    match word.parse::<usize>() {
        Ok(n) if (1..=squares).contains(&n) => Ok(n),
        _ => Err(format!(
            "'{word}' is not a square of this board (1..{squares})"
        )),
    }
}

/// The position of `setup` if the variant can hold it and both sides have
/// a piece.
fn check<G: Game>(setup: &Setup) -> Result<G, String> {
    for color in [Color::White, Color::Black] {
        let has = setup.squares.iter().flatten().any(|p| p.color == color);
        if !has {
            return Err(format!("{color:?} has no piece on the board"));
        }
    }
    G::from_setup(setup).map_err(|e| format!("this position cannot be played: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen::write_fen;
    use crate::rules::damath::Damath;
    use crate::rules::removal::International;

    fn run<G: Game>(lines: &[&str]) -> Result<G, String> {
        let mut setup = G::start().to_setup();
        for line in lines {
            match step::<G>(&mut setup, line) {
                Step::Done(pos) => return Ok(pos),
                Step::Edit(Some(message)) => return Err(message),
                _ => {}
            }
        }
        Err("not done".to_string())
    }

    #[test]
    fn typed_positions() {
        let pos = run::<International>(&["empty", "w 28 33", "B 7", "black", "done"]).unwrap();
        assert_eq!(write_fen(&pos), "B:W28,33:BK7");
        let pos = run::<International>(&["1 2 3", "done"]).unwrap();
        assert_eq!(pos.to_setup().squares.iter().flatten().count(), 37);
        assert!(run::<International>(&["empty", "w 3", "done"]).is_err());
        assert!(run::<International>(&["w 51"]).is_err());
        assert!(
            run::<International>(&["empty", "w 5", "b 46", "done"]).is_err(),
            "men on their promotion rows"
        );
        let pos = run::<Damath>(&["empty", "w 5@29", "B -3@1", "done"]).unwrap();
        assert_eq!(pos.to_setup().numbers[28], Some(5));
        assert!(run::<Damath>(&["w 29"]).is_err());
    }
}
