//! What the PDN parser reads: one game as tags, move text elements and the
//! terminator, borrowing from the file's text. Nothing is dropped, so a
//! game can be written back without loss.

use std::borrow::Cow;

/// One game of a PDN file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PdnGame<'a> {
    /// Tag pairs and `%` line comments before the move text, in file order.
    pub header: Vec<HeaderItem<'a>>,
    /// The move text.
    pub body: Vec<Element<'a>>,
    /// The token that ended the game: a result (`2-0`, `1/2-1/2`, ...) or
    /// `*`; none when the file ended first.
    pub terminator: Option<&'a str>,
}

/// A tag pair or a line comment in the header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeaderItem<'a> {
    Tag(Tag<'a>),
    LineComment(&'a str),
}

/// `[Name "value"]`, with the value's `\"` and `\\` escapes undone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag<'a> {
    pub name: &'a str,
    pub value: Cow<'a, str>,
    /// Byte offset of the `[` in the game's text.
    pub offset: usize,
}

/// One element of the move text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Element<'a> {
    Move(MoveToken<'a>),
    /// A move written as unknown (`-` or `--`, as in `41. - -`).
    Unknown {
        offset: usize,
    },
    /// The text between `{` and `}`.
    Comment(&'a str),
    /// The rest of a line after `%`.
    LineComment(&'a str),
    /// `$n`.
    Nag(u16),
    /// An alternative to the last move played, `( ... )`.
    Variation(Vec<Element<'a>>),
    /// A new position: the text between the slashes of `/FEN "..."/`.
    Setup {
        text: &'a str,
        offset: usize,
    },
}

/// A move as written, with its number and strength.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveToken<'a> {
    /// Byte offset of the move text in the game's text.
    pub offset: usize,
    /// The move number written before it, if any.
    pub number: Option<MoveNumber>,
    /// The move text (`32-28`, `26x17x10x1`, `c3:e5`, `1- 6`); a move
    /// written without a separator (`a3b4`) is given one. Replay replaces
    /// it with the canonical text when asked to.
    pub text: Cow<'a, str>,
    /// `!`, `?!`, `(?)`, ... written right after the move.
    pub strength: Option<&'a str>,
}

/// `12.` (the first side's move) or `12...` (the second side's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    pub number: u32,
    pub second: bool,
}

impl<'a> PdnGame<'a> {
    /// The value of the first tag called `name` (case-insensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.find_tag(name).map(|t| t.value.as_ref())
    }

    /// The first tag called `name` (case-insensitive).
    pub fn find_tag(&self, name: &str) -> Option<&Tag<'a>> {
        self.tags().find(|t| t.name.eq_ignore_ascii_case(name))
    }

    /// The tags in file order.
    pub fn tags(&self) -> impl Iterator<Item = &Tag<'a>> {
        self.header.iter().filter_map(|item| match item {
            HeaderItem::Tag(t) => Some(t),
            HeaderItem::LineComment(_) => None,
        })
    }

    /// `White - Black` for messages, `?` for a missing name.
    pub fn players(&self) -> String {
        let name = |tag| self.tag(tag).filter(|v| !v.is_empty()).unwrap_or("?");
        format!("{} - {}", name("White"), name("Black"))
    }
}

/// The result tokens that also end a game (besides `*`).
pub const RESULTS: [&str; 7] = ["1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0"];

/// Whether `word` ends a game: a result or `*`.
#[inline]
pub fn is_terminator(word: &[u8]) -> bool {
    word == b"*" || RESULTS.iter().any(|r| r.as_bytes() == word)
}

/// The bytes that end a word of move text.
#[inline]
pub fn is_delimiter(b: u8) -> bool {
    b.is_ascii_whitespace() || matches!(b, b'{' | b'}' | b'(' | b')' | b'[' | b']' | b'%')
}
