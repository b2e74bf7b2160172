//! Splitting a file's bytes into games without copying them: a game ends
//! after a result token or `*` outside comments and variations, or where a
//! tag starts after move text (a game whose terminator is missing).

use super::syntax::{is_delimiter, is_terminator};

/// Where one game lies in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSpan {
    /// Byte range in the file, from the game's first non-blank byte to the
    /// end of its terminator.
    pub start: usize,
    pub end: usize,
    /// The 1-based line of `start`.
    pub line: usize,
}

/// One game of a file: its 1-based number and where it lies.
#[derive(Clone, Copy, Debug)]
pub struct GameRef {
    pub index: usize,
    pub span: GameSpan,
}

/// An iterator over the games of a file's bytes.
pub struct Splitter<'f> {
    bytes: &'f [u8],
    pos: usize,
    line: usize,
}

impl<'f> Splitter<'f> {
    pub fn new(bytes: &'f [u8]) -> Splitter<'f> {
        Splitter {
            bytes,
            pos: 0,
            line: 1,
        }
    }

    /// Bytes read so far.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// Move past `len` bytes, counting lines.
    fn advance(&mut self, len: usize) {
        let end = (self.pos + len).min(self.bytes.len());
        self.line += self.bytes[self.pos..end]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        self.pos = end;
    }

    /// Move to just past the next `close` (or to the end).
    fn skip_past(&mut self, close: u8) {
        let rest = &self.bytes[self.pos..];
        let len = rest
            .iter()
            .position(|&b| b == close)
            .map_or(rest.len(), |i| i + 1);
        self.advance(len);
    }

    /// Skip a tag `[...]`, honouring quoted strings and their escapes.
    fn skip_tag(&mut self) {
        let rest = &self.bytes[self.pos..];
        let (mut i, mut quoted) = (1, false);
        while i < rest.len() {
            match rest[i] {
                b'\\' if quoted => i += 1,
                b'"' => quoted = !quoted,
                b']' if !quoted => break,
                b'\n' if !quoted => break,
                _ => {}
            }
            i += 1;
        }
        self.advance((i + 1).min(rest.len()));
    }
}

impl Iterator for Splitter<'_> {
    type Item = GameSpan;

    fn next(&mut self) -> Option<GameSpan> {
        let mut start: Option<(usize, usize)> = None;
        let mut moves_seen = false;
        let mut content = false;
        let mut depth = 0usize;
        while self.pos < self.bytes.len() {
            let b = self.bytes[self.pos];
            if b.is_ascii_whitespace() {
                self.advance(1);
                continue;
            }
            if b == b'[' && moves_seen {
                break;
            }
            start.get_or_insert((self.pos, self.line));
            match b {
                b'%' => self.skip_past(b'\n'),
                b'{' => {
                    content = true;
                    self.skip_past(b'}');
                }
                b'[' => {
                    content = true;
                    self.skip_tag();
                }
                b'(' => {
                    moves_seen = true;
                    depth += 1;
                    self.advance(1);
                }
                b')' => {
                    depth = depth.saturating_sub(1);
                    self.advance(1);
                }
                b'}' | b']' => self.advance(1),
                b'/' => {
                    moves_seen = true;
                    self.advance(1);
                    self.skip_past(b'/');
                }
                _ => {
                    let rest = &self.bytes[self.pos..];
                    let len = rest
                        .iter()
                        .position(|&c| is_delimiter(c))
                        .unwrap_or(rest.len());
                    let word = &rest[..len];
                    self.advance(len);
                    moves_seen = true;
                    if depth == 0 && is_terminator(word) {
                        let (start, line) = start.unwrap_or((self.pos, self.line));
                        return Some(GameSpan {
                            start,
                            end: self.pos,
                            line,
                        });
                    }
                }
            }
            content |= moves_seen;
        }
        let (start, line) = start?;
        // A trailing stretch of line comments alone is not a game.
        content.then_some(GameSpan {
            start,
            end: self.pos,
            line,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(text: &str) -> Vec<&str> {
        Splitter::new(text.as_bytes())
            .map(|s| text[s.start..s.end].trim_end())
            .collect()
    }

    #[test]
    fn results_and_stars_end_games_outside_comments_and_variations() {
        let text = "[A \"1-0\"]\n1. 32-28 {1-0} (19-23 1-0) 2-0\n\n1.32-28 1/2-1/2 33-28 *";
        assert_eq!(
            games(text),
            [
                "[A \"1-0\"]\n1. 32-28 {1-0} (19-23 1-0) 2-0",
                "1.32-28 1/2-1/2",
                "33-28 *"
            ]
        );
    }

    #[test]
    fn a_tag_after_moves_starts_the_next_game() {
        let text = "[A \"x\"]\n32-28\n[B \"]\"]\n[C \"y\"]\n33-28";
        assert_eq!(
            games(text),
            ["[A \"x\"]\n32-28", "[B \"]\"]\n[C \"y\"]\n33-28"]
        );
    }

    #[test]
    fn lines_are_counted_and_comments_alone_are_no_game() {
        let text = "% x\r\n\r\n[A \"\"]\r\n*\r\n\n  1-0\n% end\n";
        let spans: Vec<GameSpan> = Splitter::new(text.as_bytes()).collect();
        assert_eq!(spans.len(), 2);
        assert_eq!((spans[0].line, spans[1].line), (1, 6));
    }
}
