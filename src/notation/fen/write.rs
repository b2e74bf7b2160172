//! The FEN writer: canonical FEN from a `Setup`.

use crate::rules::{Color, Piece, Setup};

/// Canonical FEN: side, the `W` section, the `B` section, squares ascending
/// without ranges; `23`/`K23` for a single piece, `[wbB]23` for a stack
/// (top first), `9@21`/`K3@7` for a numbered chip; `:S<red>,<blue>` only
/// when a score is not zero.
pub fn write_setup(setup: &Setup) -> String {
    let mut out = String::new();
    out.push(letter(setup.side));
    for color in [Color::White, Color::Black] {
        out.push(':');
        out.push(letter(color));
        let tokens: Vec<String> = setup
            .squares
            .iter()
            .enumerate()
            .filter(|(_, column)| column.first().is_some_and(|top| top.color == color))
            .map(|(i, column)| token(i + 1, column, setup.numbers.get(i).copied().flatten()))
            .collect();
        out.push_str(&tokens.join(","));
    }
    if setup.score != [0, 0] {
        out.push_str(&format!(
            ":S{},{}",
            points(setup.score[0]),
            points(setup.score[1])
        ));
    }
    out
}

fn letter(color: Color) -> char {
    match color {
        Color::White => 'W',
        Color::Black => 'B',
    }
}

/// One non-empty square's token.
fn token(square: usize, column: &[Piece], number: Option<i32>) -> String {
    let king = |p: &Piece| if p.king { "K" } else { "" };
    match (column, number) {
        ([piece], Some(n)) => format!("{}{n}@{square}", king(piece)),
        ([piece], None) => format!("{}{square}", king(piece)),
        _ => {
            let letters: String = column
                .iter()
                .map(|p| match (p.color, p.king) {
                    (Color::White, false) => 'w',
                    (Color::White, true) => 'W',
                    (Color::Black, false) => 'b',
                    (Color::Black, true) => 'B',
                })
                .collect();
            format!("[{letters}]{square}")
        }
    }
}

/// Hundredths as points with two decimals: -1250 as `-12.50`.
pub fn points(hundredths: i64) -> String {
    let sign = if hundredths < 0 { "-" } else { "" };
    let abs = hundredths.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}
