//! The GAMEREQ board field for every variant (docs/dxp-variants.md).
//!
//! One character per square of the variant's board, in square order:
//! `e` empty, `w`/`z` a white/black man, `W`/`Z` a king; for stacks the
//! character of the column's top. International is byte-exact to the
//! standard (50 characters). After the squares:
//! - stacks (damasca, damasca-international, lasca): for each square whose
//!   column holds more than one piece, ascending, its two-digit number and
//!   the letters of the pieces under the top, top to bottom (`07zW`);
//! - Damath: one chip-number character per occupied square, ascending
//!   (`0`-`9` for 0..9, `A`-`Z` for 10..35, `a`-`z` for -1..-26), then,
//!   when a score is not zero, `S<red>,<blue>` in integer hundredths.

use crate::notation::fen::has_stacks;
use crate::rules::{Color, Game, Piece, Setup, SetupError};
use crate::variant::{Family, Variant};

/// A board field that does not describe a position of the variant.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    #[error("board field of {found} characters, expected {expected} for {variant}")]
    Length {
        found: usize,
        expected: String,
        variant: Variant,
    },
    #[error("board square {square}: '{found}' is not one of e, w, z, W, Z")]
    Square { square: usize, found: char },
    #[error("board stack part '{0}': {1}")]
    Stacks(String, &'static str),
    #[error("board chip part '{0}': {1}")]
    Chips(String, &'static str),
    #[error("board position: {0}")]
    Setup(#[from] SetupError),
}

/// The board field of `pos` (without the colour to move).
pub fn encode<G: Game>(pos: &G) -> Result<String, BoardError> {
    let setup = pos.to_setup();
    let mut out: String = setup
        .squares
        .iter()
        .map(|column| column.first().map_or('e', |&p| piece_char(p)))
        .collect();
    if has_stacks(G::VARIANT) {
        for (i, column) in setup.squares.iter().enumerate() {
            if column.len() > 1 {
                out.push_str(&format!("{:02}", i + 1));
                out.extend(column[1..].iter().map(|&p| piece_char(p)));
            }
        }
    }
    if G::VARIANT.family() == Family::Damath {
        for (i, column) in setup.squares.iter().enumerate() {
            if !column.is_empty() {
                let n = setup.numbers.get(i).copied().flatten().unwrap_or(0);
                out.push(chip_char(n).ok_or_else(|| {
                    BoardError::Chips(n.to_string(), "chip numbers run from -26 to 35")
                })?);
            }
        }
        if setup.score != [0, 0] {
            out.push_str(&format!("S{},{}", setup.score[0], setup.score[1]));
        }
    }
    Ok(out)
}

/// The position a board field describes, `side` to move.
pub fn decode<G: Game>(side: Color, field: &str) -> Result<G, BoardError> {
    let n = G::geometry().squares as usize;
    let plain = !has_stacks(G::VARIANT) && G::VARIANT.family() != Family::Damath;
    let ok = if plain {
        field.len() == n
    } else {
        field.len() >= n
    };
    if !ok || !field.is_char_boundary(n) {
        let expected = if plain {
            n.to_string()
        } else {
            format!("{n} or more")
        };
        return Err(BoardError::Length {
            found: field.len(),
            expected,
            variant: G::VARIANT,
        });
    }
    let (squares, rest) = field.split_at(n);
    let mut setup = Setup::empty(n);
    setup.side = side;
    for (i, c) in squares.chars().enumerate() {
        if c != 'e' {
            let piece = char_piece(c).ok_or(BoardError::Square {
                square: i + 1,
                found: c,
            })?;
            setup.squares[i].push(piece);
        }
    }
    if has_stacks(G::VARIANT) {
        stacks(&mut setup, rest)?;
    } else if G::VARIANT.family() == Family::Damath {
        chips(&mut setup, rest)?;
    }
    Ok(G::from_setup(&setup)?)
}

/// Read the stack part: `<two digits><letters under the top>` repeated.
fn stacks(setup: &mut Setup, rest: &str) -> Result<(), BoardError> {
    let bad = |why| BoardError::Stacks(rest.to_string(), why);
    let bytes = rest.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let digits = rest.get(i..i + 2).ok_or(bad("a square needs two digits"))?;
        let square: usize = digits
            .parse()
            .map_err(|_| bad("a square needs two digits"))?;
        i += 2;
        let column = setup
            .squares
            .get_mut(square.wrapping_sub(1))
            .ok_or(bad("no such square"))?;
        if column.len() != 1 {
            return Err(bad("a square listed twice or without a top"));
        }
        let start = i;
        while let Some(piece) = bytes.get(i).and_then(|&b| char_piece(b as char)) {
            column.push(piece);
            i += 1;
        }
        if i == start {
            return Err(bad(
                "a square needs the letters of the pieces under its top",
            ));
        }
    }
    Ok(())
}

/// Read the Damath part: a chip character per occupied square, then an
/// optional `S<red>,<blue>`.
fn chips(setup: &mut Setup, rest: &str) -> Result<(), BoardError> {
    let bad = |why| BoardError::Chips(rest.to_string(), why);
    let mut chars = rest.chars();
    for i in 0..setup.squares.len() {
        if !setup.squares[i].is_empty() {
            let c = chars.next().ok_or(bad("fewer numbers than chips"))?;
            setup.numbers[i] = Some(char_chip(c).ok_or(bad("not a chip number character"))?);
        }
    }
    let score = chars.as_str();
    if !score.is_empty() {
        let (red, blue) = score
            .strip_prefix('S')
            .and_then(|s| s.split_once(','))
            .ok_or(bad("after the numbers only S<red>,<blue> may follow"))?;
        let parse = |s: &str| {
            s.parse::<i64>()
                .map_err(|_| bad("a score is whole hundredths"))
        };
        setup.score = [parse(red)?, parse(blue)?];
    }
    Ok(())
}

fn piece_char(p: Piece) -> char {
    match (p.color, p.king) {
        (Color::White, false) => 'w',
        (Color::White, true) => 'W',
        (Color::Black, false) => 'z',
        (Color::Black, true) => 'Z',
    }
}

fn char_piece(c: char) -> Option<Piece> {
    let (color, king) = match c {
        'w' => (Color::White, false),
        'W' => (Color::White, true),
        'z' => (Color::Black, false),
        'Z' => (Color::Black, true),
        _ => return None,
    };
    Some(Piece { color, king })
}

fn chip_char(n: i32) -> Option<char> {
    let c = match n {
        0..=9 => b'0' + n as u8,
        10..=35 => b'A' + (n - 10) as u8,
        -26..=-1 => b'a' + (-n - 1) as u8,
        _ => return None,
    };
    Some(c as char)
}

fn char_chip(c: char) -> Option<i32> {
    let b = c as i32;
    match c {
        '0'..='9' => Some(b - '0' as i32),
        'A'..='Z' => Some(b - 'A' as i32 + 10),
        'a'..='z' => Some(-(b - 'a' as i32) - 1),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen::{parse_fen, write_fen};
    use crate::rules::columns::Lasca;
    use crate::rules::damath::Damath;
    use crate::rules::removal::{English, International};

    const START: &str = "zzzzzzzzzzzzzzzzzzzzeeeeeeeeeewwwwwwwwwwwwwwwwwwww";

    #[test]
    fn international_start_is_the_standard_string() {
        assert_eq!(encode(&International::start()).unwrap(), START);
        let pos: International = decode(Color::White, START).unwrap();
        assert_eq!(pos, International::start());
    }

    #[test]
    fn round_trips_in_every_family() {
        fn check<G: Game>(fen: &str) {
            let pos: G = parse_fen(fen).unwrap();
            let field = encode(&pos).unwrap();
            let back: G = decode(pos.side_to_move(), &field).unwrap();
            assert_eq!(write_fen(&back), write_fen(&pos), "{field}");
        }
        check::<International>("B:WK46,31:BK5,12");
        check::<English>("W:W21,K5:B1,2");
        check::<Lasca>("W:W[wbB]13,[Wb]1:B[bw]20,3");
        check::<Damath>("W:W9@21,K-3@7:B4@1:S12.50,-3.00");
        check::<Damath>(&write_fen(&Damath::start()));
    }

    #[test]
    fn the_documented_examples() {
        let lasca: Lasca = parse_fen("W:W[wbB]13,[Wb]1:B[bw]20,3").unwrap();
        assert_eq!(
            encode(&lasca).unwrap(),
            "Wezeeeeeeeeeweeeeeezeeeee01z13zZ20w"
        );
        let damath: Damath = parse_fen("W:W9@21,K-3@7:B4@1:S12.50,-3.00").unwrap();
        assert_eq!(
            encode(&damath).unwrap(),
            "zeeeeeWeeeeeeeeeeeeeweeeeeeeeeee4c9S1250,-300"
        );
    }

    #[test]
    fn bad_fields_say_what_is_wrong() {
        let short = decode::<International>(Color::White, &START[1..]);
        assert!(matches!(short, Err(BoardError::Length { found: 49, .. })));
        let bad = START.replacen('e', "x", 1);
        assert_eq!(
            decode::<International>(Color::White, &bad),
            Err(BoardError::Square {
                square: 21,
                found: 'x'
            })
        );
        let lasca = "e".repeat(24) + "w";
        assert!(decode::<Lasca>(Color::White, &(lasca.clone() + "25")).is_err());
        assert!(decode::<Lasca>(Color::White, &(lasca.clone() + "24z")).is_err());
        assert!(decode::<Lasca>(Color::White, &(lasca + "25z")).is_ok());
    }
}
