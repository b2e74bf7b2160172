//! The position as text for people: the board with every square's number
//! and content (pieces, stacks top first, Damath chip numbers and square
//! operators), then the side to move, the counters, the score, the game's
//! end and the FEN.

use super::fen::{points, write_fen};
use crate::board::Geometry;
use crate::rules::{Color, Game, GameEnd, Outcome, Piece, Setup};
use crate::variant::{Family, Variant};
use std::fmt::Write;

/// The Damath operators by square number (notation.md, rules.md).
const DAMATH_OPERATORS: [char; 32] = [
    '×', '÷', '−', '+', '÷', '×', '+', '−', '−', '+', '×', '÷', '+', '−', '÷', '×', '×', '÷', '−',
    '+', '÷', '×', '+', '−', '−', '+', '×', '÷', '+', '−', '÷', '×',
];

/// The full description of a position: board, side to move, counters,
/// score (Damath), the end of the game if `end` says it is over, and FEN.
pub fn show_position<G: Game>(pos: &G, end: Option<&GameEnd>) -> String {
    let setup = pos.to_setup();
    let variant = G::VARIANT;
    let mut out = board_text(&setup, variant, G::geometry());
    let _ = writeln!(out, "{} to move", color_name(variant, setup.side));
    for (name, value) in pos.counters() {
        let _ = writeln!(out, "{name}: {value}");
    }
    if variant.family() == Family::Damath {
        let _ = writeln!(
            out,
            "score: {} {}, {} {}",
            color_name(variant, Color::White),
            points(setup.score[0]),
            color_name(variant, Color::Black),
            points(setup.score[1])
        );
    }
    if let Some(end) = end {
        let result = match end.outcome {
            Outcome::Win(color) => format!("{} wins", color_name(variant, color)),
            Outcome::Draw => "draw".to_string(),
        };
        let _ = writeln!(out, "game over: {result} ({})", end.reason);
    }
    let _ = writeln!(out, "FEN: {}", write_fen(pos));
    out
}

/// The board, top row first as White sees it: two lines a row, the
/// square numbers (with the operator on Damath) and under them the
/// contents: `w`/`b` a man, `W`/`B` a king, a stack top first, a Damath
/// chip's number after its letter, `.` an empty square.
pub fn board_text(setup: &Setup, variant: Variant, geo: &Geometry) -> String {
    let cells = grid(geo, |n| {
        let i = n as usize - 1;
        let label = match variant.family() {
            Family::Damath => format!("{n}{}", damath_operator(n)),
            Family::Removal | Family::Columns => n.to_string(),
        };
        let column = setup.squares.get(i).map_or(&[][..], Vec::as_slice);
        let number = setup.numbers.get(i).copied().flatten();
        (label, contents(column, number))
    });
    let width = cells
        .iter()
        .flatten()
        .flatten()
        .map(|(label, content)| label.chars().count().max(content.chars().count()))
        .max()
        .unwrap_or(1)
        + 1;
    let mut out = String::new();
    for (y, row) in cells.iter().enumerate().rev() {
        let mut labels = format!("{:>2} ", y + 1);
        let mut contents = "   ".to_string();
        for cell in row {
            let (label, content) = cell.as_ref().map_or(("", ""), |(l, c)| (l, c));
            let _ = write!(labels, "{label:>width$}");
            let _ = write!(contents, "{content:>width$}");
        }
        let _ = writeln!(out, "{}", labels.trim_end());
        let _ = writeln!(out, "{}", contents.trim_end());
    }
    let files: String = (0..geo.files)
        .map(|x| format!("{:>width$}", (b'a' + x) as char))
        .collect();
    let _ = writeln!(out, "   {files}");
    out
}

/// The sign of the Damath operator on square `n` (a space off the board).
pub fn damath_operator(n: u8) -> char {
    let i = usize::from(n).wrapping_sub(1);
    DAMATH_OPERATORS.get(i).copied().unwrap_or(' ')
}

/// The board's squares laid out as rows and files: `grid[y][x]` is
/// `cell(n)` for the playing square `n` at file `x` and rank `y` (0, 0 at
/// White's lower left), `None` off the playing squares.
pub fn grid<T: Clone>(geo: &Geometry, mut cell: impl FnMut(u8) -> T) -> Vec<Vec<Option<T>>> {
    let mut cells = vec![vec![None; geo.files as usize]; geo.ranks as usize];
    for n in 1..=geo.squares {
        if let Some(bit) = geo.bit_of(n as u32) {
            let (x, y) = geo.bit_xy[bit as usize];
            cells[y as usize][x as usize] = Some(cell(n));
        }
    }
    cells
}

/// What stands on one square.
fn contents(column: &[Piece], number: Option<i32>) -> String {
    let letter = |p: &Piece| match (p.color, p.king) {
        (Color::White, false) => 'w',
        (Color::White, true) => 'W',
        (Color::Black, false) => 'b',
        (Color::Black, true) => 'B',
    };
    match (column, number) {
        ([], _) => ".".to_string(),
        ([piece], Some(n)) => format!("{}{n}", letter(piece)),
        _ => column.iter().map(letter).collect(),
    }
}

/// The name a variant gives a side.
pub fn color_name(variant: Variant, color: Color) -> &'static str {
    match (variant.facts().quirks.red_and_blue, color) {
        (true, Color::White) => "Red",
        (true, Color::Black) => "Blue",
        (false, Color::White) => "White",
        (false, Color::Black) => "Black",
    }
}

#[cfg(test)]
mod tests;
