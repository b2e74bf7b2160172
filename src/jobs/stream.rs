//! Games read from a stream (standard input) as they arrive, for the
//! `--jsonl` stages: PDN text cut into games by the same `Splitter` as a
//! file (a game is handed on once the bytes after it show it is whole), or
//! JSON lines, one game a line as `dam pdn convert --json` writes them. The
//! input's kind is told from its first non-blank line: a JSON object there
//! (or a line starting `{"`) means JSON lines. Each game keeps its number
//! and where it starts in the input, so that its records say where it came
//! from.

mod json_game;

use crate::pdn::source::decode;
use crate::pdn::split::Splitter;
use std::io::{self, Read};

pub use json_game::pdn_of_json;

/// How many bytes are read from the input at a time.
const READ: usize = 1 << 16;

/// One game of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StreamGame {
    /// 1-based number in the input (blank JSON lines are not games).
    pub index: usize,
    /// 1-based line of the input where the game starts.
    pub line: usize,
    pub body: Body,
}

/// A game's text, as the input gave it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    /// PDN text; `column` characters precede it on its first line.
    Pdn { text: String, column: usize },
    /// One line of JSON.
    Json(String),
}

/// The input's kind, told from its first non-blank line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Pdn,
    Json,
}

/// The games of a byte stream, one at a time.
pub struct GameReader<R: Read> {
    input: R,
    /// Bytes read and not yet dropped.
    buf: Vec<u8>,
    /// Where the next game's search starts in `buf`.
    at: usize,
    /// The line of `buf[at]`, and the characters before it on that line.
    line: usize,
    column: usize,
    /// Games handed on.
    index: usize,
    eof: bool,
    /// Whether a UTF-8 byte order mark at the start was looked for.
    bom_checked: bool,
    kind: Option<Kind>,
}

impl<R: Read> GameReader<R> {
    pub fn new(input: R) -> GameReader<R> {
        GameReader {
            input,
            buf: Vec::new(),
            at: 0,
            column: 0,
            line: 1,
            index: 0,
            eof: false,
            bom_checked: false,
            kind: None,
        }
    }

    /// Read more of the input into `buf`; false at its end.
    fn fill(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        let len = self.buf.len();
        self.buf.resize(len + READ, 0);
        let read = loop {
            match self.input.read(&mut self.buf[len..]) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                other => break other,
            }
        };
        self.buf.truncate(len + read.as_ref().map_or(0, |n| *n));
        let n = read?;
        self.eof = n == 0;
        if !self.bom_checked && (self.buf.len() >= 3 || self.eof) {
            self.bom_checked = true;
            if self.buf.starts_with(b"\xEF\xBB\xBF") {
                self.buf.drain(..3);
            }
        }
        Ok(n > 0)
    }

    /// Drop the bytes before `at` once there are enough of them.
    fn drain(&mut self) {
        if self.at >= READ {
            self.buf.drain(..self.at);
            self.at = 0;
        }
    }

    /// Move `at` to `end`, counting lines and columns.
    fn advance(&mut self, end: usize) {
        let bytes = &self.buf[self.at..end];
        match bytes.iter().rposition(|&b| b == b'\n') {
            Some(nl) => {
                self.line += bytes.iter().filter(|&&b| b == b'\n').count();
                self.column = decode(&bytes[nl + 1..]).chars().count();
            }
            None => self.column += decode(bytes).chars().count(),
        }
        self.at = end;
    }

    /// The input's kind: JSON lines when its first non-blank line is a
    /// JSON object, else PDN.
    fn kind(&mut self) -> io::Result<Kind> {
        if let Some(kind) = self.kind {
            return Ok(kind);
        }
        loop {
            let first = self.buf.iter().position(|b| !b.is_ascii_whitespace());
            let line_end = first.and_then(|f| self.buf[f..].iter().position(|&b| b == b'\n'));
            match (first, line_end) {
                (Some(f), Some(len)) => {
                    let kind = json_object(&self.buf[f..f + len]);
                    return Ok(*self.kind.insert(kind));
                }
                _ if !self.fill()? => {
                    let kind = first.map_or(Kind::Pdn, |f| json_object(&self.buf[f..]));
                    return Ok(*self.kind.insert(kind));
                }
                _ => {}
            }
        }
    }

    /// The next game of PDN text.
    fn next_pdn(&mut self) -> io::Result<Option<StreamGame>> {
        loop {
            let rest = &self.buf[self.at..];
            let found = Splitter::new(rest).next();
            match found {
                // The bytes after the game show it is whole.
                Some(span) if span.end < rest.len() || self.eof => {
                    let (start, end) = (self.at + span.start, self.at + span.end);
                    let text = decode(&self.buf[start..end]).into_owned();
                    self.advance(start);
                    let (line, column) = (self.line, self.column);
                    self.advance(end);
                    self.drain();
                    self.index += 1;
                    return Ok(Some(StreamGame {
                        index: self.index,
                        line,
                        body: Body::Pdn { text, column },
                    }));
                }
                None if self.eof => return Ok(None),
                _ => {
                    self.fill()?;
                }
            }
        }
    }

    /// The next non-blank line of JSON.
    fn next_json(&mut self) -> io::Result<Option<StreamGame>> {
        loop {
            let rest = &self.buf[self.at..];
            let end = match rest.iter().position(|&b| b == b'\n') {
                Some(nl) => Some(nl + 1),
                None if self.eof => (!rest.is_empty()).then_some(rest.len()),
                None => {
                    self.fill()?;
                    continue;
                }
            };
            let Some(end) = end else {
                return Ok(None);
            };
            let text = decode(&rest[..end]).trim().to_string();
            let line = self.line;
            self.advance(self.at + end);
            self.drain();
            if text.is_empty() {
                continue;
            }
            self.index += 1;
            return Ok(Some(StreamGame {
                index: self.index,
                line,
                body: Body::Json(text),
            }));
        }
    }
}

impl<R: Read> Iterator for GameReader<R> {
    type Item = io::Result<StreamGame>;

    fn next(&mut self) -> Option<io::Result<StreamGame>> {
        let game = match self.kind() {
            Ok(Kind::Pdn) => self.next_pdn(),
            Ok(Kind::Json) => self.next_json(),
            Err(e) => Err(e),
        };
        game.transpose()
    }
}

/// JSON when `line` is a JSON object or starts like one (`{"`, a broken
/// first line of JSON); a PDN comment `{...}` is neither.
fn json_object(line: &[u8]) -> Kind {
    let line = line.trim_ascii();
    let object = matches!(
        serde_json::from_slice::<serde_json::Value>(line),
        Ok(serde_json::Value::Object(_))
    );
    if object || line.starts_with(b"{\"") {
        Kind::Json
    } else {
        Kind::Pdn
    }
}

#[cfg(test)]
mod tests;
