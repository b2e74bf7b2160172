//! The board as the player sees it: Unicode discs or ASCII letters, the
//! board turned around on request, square numbers on request, stacks top
//! first, Damath chips with their numbers and the operators of the empty
//! squares, and the last move's squares highlighted (reverse video on a
//! terminal, `*` in plain output).

use crate::board::Geometry;
use crate::notation::display::{damath_operator, grid};
use crate::rules::{Color, Piece, Setup};
use crate::variant::Variant;
use std::fmt::Write;

/// How the board is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    pub unicode: bool,
    /// Black's side at the bottom.
    pub flipped: bool,
    pub numbers: bool,
    /// Highlight with terminal escapes rather than `*`.
    pub terminal: bool,
}

/// The board of `setup`, the squares of `marked` highlighted.
pub fn draw(
    setup: &Setup,
    variant: Variant,
    geo: &Geometry,
    marked: &[u8],
    style: Style,
) -> String {
    let cells = grid(geo, |n| {
        let i = n as usize - 1;
        let column = setup.squares.get(i).map_or(&[][..], Vec::as_slice);
        let number = setup.numbers.get(i).copied().flatten();
        let text = contents(column, number, style.unicode);
        match (text.is_empty(), variant) {
            (false, _) => (n, text),
            (true, Variant::Damath) => (n, damath_operator(n).to_string()),
            (true, _) => (n, ".".to_string()),
        }
    });
    let width = cells
        .iter()
        .flatten()
        .flatten()
        .map(|(n, text)| {
            text.chars()
                .count()
                .max(if style.numbers { digits(*n) } else { 0 })
        })
        .max()
        .unwrap_or(1)
        + usize::from(!style.terminal);
    let order = |len: u8, turned: bool| -> Vec<usize> {
        let all: Vec<usize> = (0..len as usize).collect();
        if turned {
            all
        } else {
            all.into_iter().rev().collect()
        }
    };
    let mut out = String::new();
    for y in order(geo.ranks, style.flipped) {
        let mut row = format!("{:>2} ", y + 1);
        let mut numbers = "   ".to_string();
        for x in order(geo.files, !style.flipped) {
            let Some((n, text)) = &cells[y][x] else {
                let _ = write!(row, " {:width$}", "");
                let _ = write!(numbers, " {:width$}", "");
                continue;
            };
            let mark = marked.contains(n);
            let padded = format!("{text:>w$}", w = width - usize::from(!style.terminal));
            match (mark, style.terminal) {
                (true, true) => {
                    let _ = write!(row, " \x1b[7m{padded}\x1b[0m");
                }
                (true, false) => {
                    let _ = write!(row, " *{padded}");
                }
                (false, true) => {
                    let _ = write!(row, " {padded}");
                }
                (false, false) => {
                    let _ = write!(row, "  {padded}");
                }
            }
            let _ = write!(numbers, " {n:>width$}");
        }
        let _ = writeln!(out, "{}", row.trim_end());
        if style.numbers {
            let _ = writeln!(out, "{}", numbers.trim_end());
        }
    }
    let files: String = order(geo.files, !style.flipped)
        .into_iter()
        .map(|x| format!(" {:>width$}", (b'a' + x as u8) as char))
        .collect();
    let _ = writeln!(out, "   {files}");
    out
}

fn digits(n: u8) -> usize {
    n.to_string().len()
}

/// What stands on one square: a piece (a chip with its number), or a
/// stack top first; empty for an empty square.
fn contents(column: &[Piece], number: Option<i32>, unicode: bool) -> String {
    let sign = |p: &Piece| match (p.color, p.king, unicode) {
        (Color::White, false, true) => '⛀',
        (Color::White, true, true) => '⛁',
        (Color::Black, false, true) => '⛂',
        (Color::Black, true, true) => '⛃',
        (Color::White, false, false) => 'w',
        (Color::White, true, false) => 'W',
        (Color::Black, false, false) => 'b',
        (Color::Black, true, false) => 'B',
    };
    match (column, number) {
        ([piece], Some(n)) => format!("{}{n}", sign(piece)),
        _ => column.iter().map(sign).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::EIGHT;
    use crate::notation::fen::parse_setup;

    const PLAIN: Style = Style {
        unicode: false,
        flipped: false,
        numbers: false,
        terminal: false,
    };

    #[test]
    fn plain_board_marks_and_turns() {
        let setup = parse_setup("W:W32:BK1", Variant::English, &EIGHT).unwrap();
        let text = draw(&setup, Variant::English, &EIGHT, &[32], PLAIN);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], " 8      B     .     .     .", "{text}");
        assert!(lines[7].ends_with("*w"), "{text}");
        let turned = draw(
            &setup,
            Variant::English,
            &EIGHT,
            &[],
            Style {
                flipped: true,
                numbers: true,
                ..PLAIN
            },
        );
        let first: Vec<&str> = turned.lines().take(2).collect();
        assert_eq!(
            first,
            [
                " 1        w       .       .       .",
                "         32      31      30      29"
            ],
            "{turned}"
        );
    }
}
