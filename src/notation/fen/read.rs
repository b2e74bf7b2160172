//! The FEN reader: text to `Setup`, for one variant on one board.

use super::{FenError, TokenProblem, has_stacks};
use crate::board::Geometry;
use crate::rules::{Color, Piece, Setup};
use crate::variant::{Family, Variant};

/// Read a FEN into a `Setup` of `variant` on `geo`. Stacks are accepted
/// only in the stacking variants, chips (and the score) only in damath,
/// where every piece must be a chip.
pub fn parse_setup(text: &str, variant: Variant, geo: &Geometry) -> Result<Setup, FenError> {
    let text = text.trim().trim_end_matches('.').trim_end();
    if text.is_empty() {
        return Err(FenError::Empty);
    }
    let mut fields = text.split(':');
    let mut setup = Setup::empty(geo.squares as usize);
    setup.side = match fields.next().map(str::trim) {
        Some("W" | "w") => Color::White,
        Some("B" | "b") => Color::Black,
        other => return Err(FenError::Side(other.unwrap_or("").to_string())),
    };
    let damath = variant.family() == Family::Damath;
    let mut seen = [false; 2];
    for field in fields.map(str::trim) {
        let mut chars = field.chars();
        match chars.next().map(|c| c.to_ascii_uppercase()) {
            None => {}
            // Move counters: read for their form, not used.
            Some('H' | 'F') if chars.as_str().trim().parse::<u32>().is_ok() => {}
            Some(letter @ ('W' | 'B')) => {
                let color = if letter == 'W' {
                    Color::White
                } else {
                    Color::Black
                };
                if std::mem::replace(&mut seen[color.index()], true) {
                    return Err(FenError::SectionTwice(letter));
                }
                let mut section = Section {
                    variant,
                    geo,
                    color,
                    setup: &mut setup,
                };
                for token in chars.as_str().split(',').map(str::trim) {
                    if !token.is_empty() {
                        section.token(token).map_err(|problem| FenError::Token {
                            section: letter,
                            token: token.to_string(),
                            problem,
                        })?;
                    }
                }
            }
            Some('S') if damath => setup.score = score(chars.as_str())?,
            Some('S') => return Err(FenError::ScoreNotAllowed),
            Some(_) => return Err(FenError::Field(field.to_string())),
        }
    }
    Ok(setup)
}

/// The reader of one colour's section.
struct Section<'a> {
    variant: Variant,
    geo: &'a Geometry,
    color: Color,
    setup: &'a mut Setup,
}

impl Section<'_> {
    fn token(&mut self, token: &str) -> Result<(), TokenProblem> {
        if let Some(rest) = token.strip_prefix('[') {
            return self.stack(rest);
        }
        let (king, body) = match token.strip_prefix(['K', 'k']) {
            Some(rest) => (true, rest.trim_start()),
            None => (false, token),
        };
        let piece = vec![Piece {
            color: self.color,
            king,
        }];
        if body.starts_with('[') {
            Err(TokenProblem::StackShape)
        } else if self.variant.family() == Family::Damath {
            let (number, square) = body
                .split_once('@')
                .ok_or(TokenProblem::ChipWithoutNumber)?;
            let number = number.trim();
            if number.is_empty() {
                return Err(TokenProblem::ChipWithoutNumber);
            }
            let number = number
                .parse()
                .map_err(|_| TokenProblem::ChipNumber(number.to_string()))?;
            let n = self.square(square)?;
            self.place(n, piece, Some(number))
        } else if body.contains('@') {
            Err(TokenProblem::ChipsNotAllowed)
        } else if let Some((lo, hi)) = body.split_once('-') {
            let (lo, hi) = (self.square(lo)?, self.square(hi)?);
            if lo > hi {
                return Err(TokenProblem::BackwardRange);
            }
            (lo..=hi).try_for_each(|n| self.place(n, piece.clone(), None))
        } else {
            let n = self.square(body)?;
            self.place(n, piece, None)
        }
    }

    /// `[letters]square`, `rest` being what follows the `[`.
    fn stack(&mut self, rest: &str) -> Result<(), TokenProblem> {
        if !has_stacks(self.variant) {
            return Err(TokenProblem::StacksNotAllowed(self.variant));
        }
        let (letters, square) = rest.split_once(']').ok_or(TokenProblem::UnclosedStack)?;
        let letters: Vec<char> = letters.chars().filter(|c| !c.is_whitespace()).collect();
        let column = letters
            .iter()
            .map(|&c| match c {
                'w' | 'W' => Ok(Piece {
                    color: Color::White,
                    king: c == 'W',
                }),
                'b' | 'B' => Ok(Piece {
                    color: Color::Black,
                    king: c == 'B',
                }),
                other => Err(TokenProblem::StackLetter(other)),
            })
            .collect::<Result<Vec<_>, _>>()?;
        match column.first() {
            None => return Err(TokenProblem::EmptyStack),
            Some(top) if top.color != self.color => {
                return Err(TokenProblem::StackTop(letters[0]));
            }
            Some(_) => {}
        }
        if square.contains('-') {
            return Err(TokenProblem::StackShape);
        }
        let n = self.square(square)?;
        self.place(n, column, None)
    }

    /// A square number (leading zeros allowed) or, where the board allows
    /// it, an algebraic name.
    fn square(&self, text: &str) -> Result<u8, TokenProblem> {
        let text = text.trim();
        let squares = self.geo.squares;
        if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
            let n: u64 = text
                .parse()
                .map_err(|_| TokenProblem::NotASquare(text.to_string()))?;
            return match u8::try_from(n) {
                Ok(n) if n >= 1 && n <= squares => Ok(n),
                _ => Err(TokenProblem::OutOfRange(n, squares)),
            };
        }
        let b = text.as_bytes();
        let algebraic_shape =
            b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1..].iter().all(|c| c.is_ascii_digit());
        if !algebraic_shape {
            Err(TokenProblem::NotASquare(text.to_string()))
        } else if !self.geo.algebraic {
            Err(TokenProblem::NoAlgebraic(text.to_string()))
        } else {
            self.geo
                .bit_of_algebraic(text)
                .map(|bit| self.geo.square_of(bit))
                .ok_or_else(|| TokenProblem::NotPlaying(text.to_string()))
        }
    }

    /// Put a column on square `n`, once. Outside the stacking variants a
    /// man may not stand on its own promotion row (in a stacking variant it
    /// can, when the enemy piece above it was captured there).
    fn place(
        &mut self,
        n: u8,
        column: Vec<Piece>,
        number: Option<i32>,
    ) -> Result<(), TokenProblem> {
        let i = n as usize - 1;
        if !self.setup.squares[i].is_empty() {
            return Err(TokenProblem::Twice(n));
        }
        if let [piece] = column.as_slice()
            && !piece.king
            && !has_stacks(self.variant)
        {
            let row = match piece.color {
                Color::White => self.geo.top_row,
                Color::Black => self.geo.bottom_row,
            };
            if row >> self.geo.square_bit[i] & 1 != 0 {
                return Err(TokenProblem::ManOnPromotionRow);
            }
        }
        self.setup.squares[i] = column;
        self.setup.numbers[i] = number;
        Ok(())
    }
}

/// The `S` field's body: `<red>,<blue>` in points.
fn score(text: &str) -> Result<[i64; 2], FenError> {
    let err = |why: String| FenError::Score(text.to_string(), why);
    let (red, blue) = text
        .split_once(',')
        .ok_or_else(|| err("expected <red>,<blue>".to_string()))?;
    let read = |p: &str| {
        hundredths(p.trim()).ok_or_else(|| {
            err(format!(
                "'{}' is not a number of points with up to two decimals",
                p.trim()
            ))
        })
    };
    Ok([read(red)?, read(blue)?])
}

/// `-12.5` as -1250: a sign, digits, and up to two decimals.
fn hundredths(text: &str) -> Option<i64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !all_digits(whole) || !all_digits(fraction) || fraction.len() > 2 {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let fraction: i64 = format!("{fraction:0<2}").parse().ok()?;
    let value = whole.checked_mul(100)?.checked_add(fraction)?;
    Some(if negative { -value } else { value })
}
