//! The nom parser for one game's text: the PDN reading grammar plus what
//! real files do (result tokens as terminators, `:` captures, leading
//! zeros, full capture paths, `12...` and `1. ... 7-12`, `41. - -`, moves
//! padded inside like `1- 6`, `a3b4` without a separator, a strength after
//! a space, PDN 2.0's `*` strength glued to a move, `%` line comments).
//! Errors carry the byte offset where the text stops making sense.

use super::syntax::{
    Element, HeaderItem, MoveNumber, MoveToken, PdnGame, Tag, is_delimiter, is_terminator,
};
use nom::branch::alt;
use nom::bytes::complete::{take_while, take_while_m_n, take_while1};
use nom::character::complete::{char, digit1, one_of, satisfy, space0};
use nom::combinator::recognize;
use nom::error::{ErrorKind, ParseError};
use nom::{IResult, Parser};
use std::borrow::Cow;

/// How deep variations may nest (deeper text is refused rather than
/// risking the stack).
const MAX_DEPTH: usize = 100;

/// Text that is not PDN: where (a byte offset in the game's text) and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SyntaxError {
    pub offset: usize,
    /// The last move number read before the error (`12`, `12...`), if any.
    pub number: Option<MoveNumber>,
    pub message: String,
}

/// A nom error: the input where it happened and, for a hard failure, why.
#[derive(Debug)]
struct Fail<'a> {
    at: &'a str,
    why: Option<String>,
}

impl<'a> ParseError<&'a str> for Fail<'a> {
    fn from_error_kind(input: &'a str, _: ErrorKind) -> Self {
        Fail {
            at: input,
            why: None,
        }
    }

    fn append(_: &'a str, _: ErrorKind, other: Self) -> Self {
        other
    }
}

type Res<'a, T> = IResult<&'a str, T, Fail<'a>>;

/// A hard failure at `at`.
fn failure(at: &str, why: impl Into<String>) -> nom::Err<Fail<'_>> {
    nom::Err::Failure(Fail {
        at,
        why: Some(why.into()),
    })
}

/// A hard failure at `at`, as a parser's result.
fn fail<'a, T>(at: &'a str, why: impl Into<String>) -> Res<'a, T> {
    Err(failure(at, why))
}

/// The first word of `text`, for messages.
fn word(text: &str) -> &str {
    let end = text
        .bytes()
        .position(|b| b.is_ascii_whitespace())
        .unwrap_or(text.len());
    let mut end = end.min(24);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// Read one game (its text as the splitter cut it).
pub fn parse_game(text: &str) -> Result<PdnGame<'_>, SyntaxError> {
    let error = |e: nom::Err<Fail<'_>>, number| match e {
        nom::Err::Error(f) | nom::Err::Failure(f) => SyntaxError {
            offset: text.len() - f.at.len(),
            number,
            message: f
                .why
                .unwrap_or_else(|| format!("unexpected '{}'", word(f.at))),
        },
        nom::Err::Incomplete(_) => SyntaxError {
            offset: text.len(),
            number,
            message: "the text ends too early".to_string(),
        },
    };
    let (mut game, rest) = header(text).map_err(|e| error(e, None))?;
    let mut body = Body {
        base: text,
        pending: None,
        last: None,
    };
    let (_, terminator) = body
        .elements(rest, 0, &mut game.body)
        .map_err(|e| error(e, body.last))?;
    // A long game's elements without the room their growth left.
    game.body.shrink_to_fit();
    game.terminator = terminator;
    Ok(game)
}

/// The tags (and line comments) before the move text, and the text after.
fn header(text: &str) -> Result<(PdnGame<'_>, &str), nom::Err<Fail<'_>>> {
    let mut game = PdnGame::default();
    let mut rest = text.trim_start();
    loop {
        match rest.as_bytes().first() {
            Some(b'[') => {
                let (r, tag) = tag_pair(rest, text.len() - rest.len())?;
                game.header.push(HeaderItem::Tag(tag));
                rest = r;
            }
            Some(b'%') => {
                let (r, line) = line_comment(rest);
                game.header.push(HeaderItem::LineComment(line));
                rest = r;
            }
            _ => break,
        }
        rest = rest.trim_start();
    }
    Ok((game, rest))
}

/// The header of a game whose move text does not parse, for naming it
/// in messages: the tags up to the first one that does not parse.
pub fn parse_header(text: &str) -> PdnGame<'_> {
    header(text).map(|(game, _)| game).unwrap_or_default()
}

/// `[Name "value"]` at byte `offset` of the game.
fn tag_pair(i: &str, offset: usize) -> Res<'_, Tag<'_>> {
    let (i, _) = char('[').parse(i)?;
    let (i, _) = space0.parse(i)?;
    let Ok((i, name)) =
        take_while1::<_, _, Fail>(|c: char| c.is_alphanumeric() || c == '_').parse(i)
    else {
        return fail(i, "a tag needs a name after '['");
    };
    let (i, _) = space0.parse(i)?;
    let (i, value) = string(i)?;
    let (i, _) = space0.parse(i)?;
    if !i.starts_with(']') {
        return fail(i, format!("tag {name}: expected ']' after its value"));
    }
    Ok((
        &i[1..],
        Tag {
            name,
            value,
            offset,
        },
    ))
}

/// A quoted string with `\"` and `\\` escapes, on one line.
fn string(i: &str) -> Res<'_, Cow<'_, str>> {
    if !i.starts_with('"') {
        return fail(i, "a tag value must be a quoted string");
    }
    let bytes = i.as_bytes();
    let mut k = 1;
    let mut escaped = false;
    while k < bytes.len() {
        match bytes[k] {
            b'\\' => {
                escaped = true;
                k += 1;
            }
            b'"' => {
                let raw = &i[1..k];
                let value = if escaped {
                    Cow::Owned(unescape(raw))
                } else {
                    Cow::Borrowed(raw)
                };
                return Ok((&i[k + 1..], value));
            }
            b'\n' => break,
            _ => {}
        }
        k += 1;
    }
    fail(i, "the quoted string is not closed on its line")
}

/// Undo `\"` and `\\`; any other backslash stays.
fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        match (c, chars.clone().next()) {
            ('\\', Some(n @ ('"' | '\\'))) => {
                out.push(n);
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}

/// `% ...` to the end of the line; returns the text after `%`.
fn line_comment(i: &str) -> (&str, &str) {
    let end = i.find('\n').unwrap_or(i.len());
    (&i[end..], i[1..end].trim_end_matches('\r'))
}

/// The move text parser's state.
struct Body<'a> {
    base: &'a str,
    /// A move number read, waiting for its move.
    pending: Option<MoveNumber>,
    /// The last move number read, for errors.
    last: Option<MoveNumber>,
}

impl<'a> Body<'a> {
    fn offset(&self, i: &str) -> usize {
        self.base.len() - i.len()
    }

    /// Elements up to the end of the game (depth 0: returns the
    /// terminator) or of the variation (after its `)`).
    fn elements(
        &mut self,
        mut i: &'a str,
        depth: usize,
        out: &mut Vec<Element<'a>>,
    ) -> Res<'a, Option<&'a str>> {
        let open = i;
        loop {
            i = i.trim_start();
            let Some(&first) = i.as_bytes().first() else {
                return if depth > 0 {
                    fail(open, "this variation is never closed with ')'")
                } else {
                    Ok((i, None))
                };
            };
            match first {
                b'{' => match i[1..].find('}') {
                    Some(end) => {
                        out.push(Element::Comment(&i[1..end + 1]));
                        i = &i[end + 2..];
                    }
                    None => return fail(i, "this comment is never closed with '}'"),
                },
                b'}' => return fail(i, "'}' without '{' (comments do not nest)"),
                b'%' => {
                    let (r, line) = line_comment(i);
                    out.push(Element::LineComment(line));
                    i = r;
                }
                b'(' => {
                    if let Ok((r, s)) = paren_strength(i) {
                        self.strength(out, i, s)?;
                        i = r;
                        continue;
                    }
                    if depth >= MAX_DEPTH {
                        return fail(i, "variations nested too deeply");
                    }
                    let mut inner = Vec::new();
                    let saved = self.pending.take();
                    let (r, _) = self.elements(&i[1..], depth + 1, &mut inner)?;
                    self.pending = saved;
                    out.push(Element::Variation(inner));
                    i = r;
                }
                b')' if depth > 0 => return Ok((&i[1..], None)),
                b')' => return fail(i, "')' without '('"),
                b'$' => match digit1::<_, Fail>(&i[1..]) {
                    Ok((r, n)) => {
                        let Ok(n) = n.parse() else {
                            return fail(i, format!("NAG {} is too large", word(i)));
                        };
                        out.push(Element::Nag(n));
                        i = r;
                    }
                    Err(_) => return fail(i, "'$' must be followed by a number (a NAG)"),
                },
                b'/' => match i[1..].find('/') {
                    Some(end) => {
                        out.push(Element::Setup {
                            text: &i[1..end + 1],
                            offset: self.offset(i),
                        });
                        i = &i[end + 2..];
                    }
                    None => return fail(i, "this setup is never closed with '/'"),
                },
                b'[' => {
                    return fail(
                        i,
                        "a tag inside the move text (is the game's result missing before it?)",
                    );
                }
                _ => {
                    let len = i.bytes().position(is_delimiter).unwrap_or(i.len());
                    if is_terminator(&i.as_bytes()[..len]) {
                        if depth > 0 {
                            return fail(i, "a result inside a variation");
                        }
                        let rest = i[len..].trim_start();
                        if !rest.is_empty() {
                            return fail(rest, "text after the end of the game");
                        }
                        return Ok((rest, Some(&i[..len])));
                    }
                    i = self.token(i, out)?;
                }
            }
        }
    }

    /// A move number, `...`, an unknown move, a lone strength, or a move.
    fn token(
        &mut self,
        i: &'a str,
        out: &mut Vec<Element<'a>>,
    ) -> Result<&'a str, nom::Err<Fail<'a>>> {
        if let Some(r) = i.strip_prefix("...") {
            if let Some(n) = &mut self.pending {
                n.second = true;
                self.last = Some(*n);
            }
            return Ok(r.trim_start_matches('.'));
        }
        if let Ok((r, number)) = move_number(i) {
            self.pending = Some(number);
            self.last = Some(number);
            return Ok(r);
        }
        let dashes = i.bytes().take_while(|&b| b == b'-').count();
        if dashes > 0 && i[dashes..].bytes().next().is_none_or(is_delimiter) {
            self.pending = None;
            out.push(Element::Unknown {
                offset: self.offset(i),
            });
            return Ok(&i[dashes..]);
        }
        if let Ok((r, s)) = bang_strength(i) {
            self.strength(out, i, s)?;
            return Ok(r);
        }
        let offset = self.offset(i);
        let Ok((r, text)) = move_text(i) else {
            return Err(failure(i, format!("expected a move, found '{}'", word(i))));
        };
        let (r, strength) = match (bang_strength(r), paren_strength(r)) {
            (Ok((r, s)), _) | (_, Ok((r, s))) => (r, Some(s)),
            _ if r.starts_with('*') => (&r[1..], Some(&r[..1])),
            _ => (r, None),
        };
        if !r.bytes().next().is_none_or(is_delimiter) {
            return Err(failure(
                r,
                format!("unexpected '{}' after the move", word(r)),
            ));
        }
        out.push(Element::Move(MoveToken {
            offset,
            number: self.pending.take(),
            text,
            strength,
        }));
        Ok(r)
    }

    /// A strength written apart from its move (`32-28 !`): it belongs to
    /// the move just before.
    fn strength(
        &mut self,
        out: &mut [Element<'a>],
        at: &'a str,
        s: &'a str,
    ) -> Result<(), nom::Err<Fail<'a>>> {
        match out.last_mut() {
            Some(Element::Move(m)) if m.strength.is_none() => {
                m.strength = Some(s);
                Ok(())
            }
            _ => Err(failure(
                at,
                format!("move strength '{s}' without a move before it"),
            )),
        }
    }
}

/// `12.` or `12...`.
fn move_number(i: &str) -> Res<'_, MoveNumber> {
    let (r, digits) = digit1.parse(i)?;
    let (r, _) = char('.').parse(r)?;
    let (r, dots) = take_while(|c| c == '.').parse(r)?;
    let number = digits.parse().unwrap_or(u32::MAX);
    Ok((
        r,
        MoveNumber {
            number,
            second: !dots.is_empty(),
        },
    ))
}

/// `!`, `?!`, ...
fn bang_strength(i: &str) -> Res<'_, &str> {
    take_while1(|c| c == '!' || c == '?').parse(i)
}

/// `(?)`, `(!?)`, ...
fn paren_strength(i: &str) -> Res<'_, &str> {
    recognize((char('('), bang_strength, char(')'))).parse(i)
}

/// A square: a number (leading zeros allowed) or a letter and a number.
fn square(i: &str) -> Res<'_, &str> {
    let numeric = take_while_m_n(1, 2, |c: char| c.is_ascii_digit());
    let algebraic = recognize((
        satisfy(|c| c.is_ascii_lowercase()),
        take_while_m_n(1, 2, |c: char| c.is_ascii_digit()),
    ));
    alt((numeric, algebraic)).parse(i)
}

/// A move: squares joined by `-`, `x` or `:` (spaces allowed after a
/// separator), or two algebraic squares without one (`a3b4`).
fn move_text(i: &str) -> Res<'_, Cow<'_, str>> {
    let (mut r, first) = square(i)?;
    let algebraic = |s: &str| s.starts_with(|c: char| c.is_ascii_lowercase());
    if algebraic(first)
        && let Ok((r2, second)) = square(r)
        && algebraic(second)
    {
        return Ok((r2, Cow::Owned(format!("{first}-{second}"))));
    }
    let mut count = 0;
    while let Ok((r2, _)) = (one_of::<_, _, Fail>("-xX:"), space0, square).parse(r) {
        r = r2;
        count += 1;
    }
    if count == 0 {
        return Err(nom::Err::Error(Fail { at: i, why: None }));
    }
    Ok((r, Cow::Borrowed(&i[..i.len() - r.len()])))
}

#[cfg(test)]
mod tests;
