//! A PDN file's bytes, memory-mapped, and what the batch needs of them:
//! the text of one game (UTF-8, or Latin-1 when it is not valid UTF-8,
//! borrowed unless it must be decoded) and line:column positions.

use super::split::GameSpan;
use memmap2::Mmap;
use std::borrow::Cow;
use std::fs::File;
use std::path::Path;

/// A file that cannot be read as PDN at all.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("not a text file (a NUL byte at offset {0}): not PDN")]
    Binary(usize),
}

/// The bytes of one file.
pub struct Source {
    map: Option<Mmap>,
}

impl Source {
    /// Map the file at `path`. An empty file has nothing to map.
    pub fn open(path: &Path) -> Result<Source, SourceError> {
        let file = File::open(path)?;
        let len = file.metadata()?.len();
        if len == 0 {
            return Ok(Source { map: None });
        }
        // SAFETY: the map is read-only and private to this process; a file
        // changed by another process while it is read gives wrong games,
        // not unsafety in this program's use of the bytes (every access is
        // a bounds-checked slice and text is validated before use).
        let map = unsafe { Mmap::map(&file)? };
        #[cfg(unix)]
        let _ = map.advise(memmap2::Advice::Sequential);
        let source = Source { map: Some(map) };
        if let Some(at) = source.bytes().iter().take(1 << 16).position(|&b| b == 0) {
            return Err(SourceError::Binary(at));
        }
        Ok(source)
    }

    /// The file's bytes, after a UTF-8 byte order mark.
    pub fn bytes(&self) -> &[u8] {
        let all = self.map.as_deref().unwrap_or(&[]);
        all.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(all)
    }

    /// Tell the system the bytes before `end` are done with, so a long
    /// file does not stay resident as it is read.
    pub fn release(&self, end: usize) {
        #[cfg(unix)]
        if let Some(map) = &self.map {
            let page = 1 << 12;
            let len = end / page * page;
            if len > 0 {
                // SAFETY: the map is a read-only file mapping: dropped pages
                // are read again from the file if they are touched later.
                let _ = unsafe {
                    map.unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, 0, len)
                };
            }
        }
        #[cfg(not(unix))]
        let _ = end;
    }

    /// The text of one game.
    pub fn text(&self, span: &GameSpan) -> Cow<'_, str> {
        decode(&self.bytes()[span.start..span.end])
    }

    /// The 1-based line and column (in characters) of `offset` in the
    /// text of the game at `span`.
    pub fn location(&self, span: &GameSpan, text: &str, offset: usize) -> (usize, usize) {
        let column = column_before(self.bytes(), span.start);
        line_column(span.line, column, text, offset)
    }
}

/// How many characters precede `at` on its line of `bytes`.
pub fn column_before(bytes: &[u8], at: usize) -> usize {
    let line_start = bytes[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |nl| nl + 1);
    decode(&bytes[line_start..at]).chars().count()
}

/// The 1-based line and column (in characters) of `offset` in a game's
/// `text` that starts on `line` after `column` characters.
pub fn line_column(line: usize, column: usize, text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let lines = before.bytes().filter(|&b| b == b'\n').count();
    let column = match before.rfind('\n') {
        Some(nl) => before[nl + 1..].chars().count(),
        None => column + before.chars().count(),
    };
    (line + lines, column + 1)
}

/// UTF-8 as it is; anything else read as Latin-1.
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| b as char).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin1_is_decoded_and_utf8_borrowed() {
        assert_eq!(decode(b"Fran\xe7ois"), "François");
        assert!(matches!(
            decode("Блиндер".as_bytes()),
            Cow::Borrowed("Блиндер")
        ));
    }
}
