//! Hub positions: the side to move (`W` or `B`) and one character per
//! square in the variant's numbering (`w`, `b`, `W`, `B`, `e`), 51
//! characters on 10x10 and 33 on 8x8 as pydraughts sends them. A FEN is
//! accepted too (dam's extension, for the stacking variants).
//!
//! pydraughts, the one Hub client for English, writes English positions
//! from the other side of the board: the string is the position turned
//! half a turn with the colours (and the side to move) swapped, while
//! its moves use the standard numbering. So an English string is read
//! that way: square `n` of the string is square `33 - n`, `w` is Black.

use crate::notation::fen::parse_fen;
use crate::rules::{Color, Game, Piece, Setup};
use crate::variant::Family;

/// Read a Hub position string (or a FEN) into a position of `G`.
pub fn parse_position<G: Game>(text: &str) -> Result<G, String> {
    if text.contains(':') {
        return parse_fen::<G>(text).map_err(|e| e.to_string());
    }
    let squares = G::geometry().squares as usize;
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != squares + 1 {
        return Err(format!(
            "a position is 1 + {squares} characters, not {}",
            chars.len()
        ));
    }
    let turned = G::VARIANT.facts().quirks.hub_colours_turned;
    let colour = |c: Color| if turned { c.flip() } else { c };
    let mut setup = Setup::empty(squares);
    setup.side = match chars[0] {
        'W' | 'w' => colour(Color::White),
        'B' | 'b' => colour(Color::Black),
        c => return Err(format!("side to move '{c}' is not W or B")),
    };
    for (i, &c) in chars[1..].iter().enumerate() {
        let piece = |color, king| {
            vec![Piece {
                color: colour(color),
                king,
            }]
        };
        let square = if turned { squares - 1 - i } else { i };
        setup.squares[square] = match c {
            'e' | 'E' | '.' => Vec::new(),
            'w' => piece(Color::White, false),
            'W' => piece(Color::White, true),
            'b' => piece(Color::Black, false),
            'B' => piece(Color::Black, true),
            c => return Err(format!("square {}: '{c}' is not w, b, W, B or e", i + 1)),
        };
    }
    G::from_setup(&setup).map_err(|e| e.to_string())
}

/// The Hub position string of `pos`, as `parse_position` reads it back
/// (English turned half a turn with the colours swapped, as pydraughts
/// writes it). Only one piece a square and no numbered chips: the stacking
/// variants and Damath have no such string.
pub fn position_text<G: Game>(pos: &G) -> Result<String, String> {
    let setup = pos.to_setup();
    if G::VARIANT.family() == Family::Damath || setup.squares.iter().any(|c| c.len() > 1) {
        return Err(format!("Hub has no position text for {}", G::VARIANT));
    }
    let turned = G::VARIANT.facts().quirks.hub_colours_turned;
    let colour = |c: Color| if turned { c.flip() } else { c };
    let squares = setup.squares.len();
    let mut text = String::from(match colour(setup.side) {
        Color::White => 'W',
        Color::Black => 'B',
    });
    text.extend((0..squares).map(|i| {
        let square = if turned { squares - 1 - i } else { i };
        match setup.squares[square].first() {
            None => 'e',
            Some(p) => match (colour(p.color), p.king) {
                (Color::White, false) => 'w',
                (Color::White, true) => 'W',
                (Color::Black, false) => 'b',
                (Color::Black, true) => 'B',
            },
        }
    }));
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::removal::{English, International};

    #[test]
    fn reads_the_start_positions() {
        let start = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";
        assert_eq!(
            parse_position::<International>(start),
            Ok(International::start())
        );
        // pydraughts' English start: turned half a turn, colours swapped
        let english = format!("W{}eeeeeeee{}", "b".repeat(12), "w".repeat(12));
        assert_eq!(parse_position::<English>(&english), Ok(English::start()));
        // and after 12-16, with White to move
        let after = "Bbbbbbbbbbbbbeeeeweeeewwwwwwwwwww";
        let played = English::start()
            .play(&crate::notation::movetext::parse_move(&English::start(), "12-16").unwrap());
        assert_eq!(
            parse_position::<English>(after).map(|p| p.to_setup()),
            Ok(played.to_setup())
        );
        assert!(parse_position::<International>("Wbb").is_err());
        assert_eq!(
            position_text(&English::start()).as_deref(),
            Ok(english.as_str())
        );
        assert_eq!(position_text(&played).as_deref(), Ok(after));
        assert!(parse_position::<English>(&english.replace('e', "x")).is_err());
        assert_eq!(
            parse_position::<English>("B:W21-32:B1-12"),
            Ok(English::start())
        );
    }
}
