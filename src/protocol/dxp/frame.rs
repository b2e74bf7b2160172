//! Cutting a byte stream into message texts. On TCP each message ends with
//! a NUL byte; a read may hold part of a message or several. In `--stdio`
//! line mode each message ends with a newline (a `\r` before it and empty
//! lines are ignored). A run of more than 127 bytes without its end is
//! reported once and skipped up to the next end.

use super::message::MAX_LEN;

/// One piece cut from the stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Frame {
    /// A message text, without its end byte.
    Text(Vec<u8>),
    /// More than 127 bytes arrived without an end byte.
    Overflow,
}

/// The framer of one stream.
#[derive(Debug)]
pub struct Framer {
    end: u8,
    buf: Vec<u8>,
    skipping: bool,
}

impl Framer {
    /// TCP framing: each message ends with NUL.
    pub fn nul() -> Framer {
        Framer::with_end(0)
    }

    /// Line framing for `--stdio`.
    pub fn lines() -> Framer {
        Framer::with_end(b'\n')
    }

    fn with_end(end: u8) -> Framer {
        Framer {
            end,
            buf: Vec::with_capacity(MAX_LEN + 1),
            skipping: false,
        }
    }

    /// Feed the bytes of one read; returns the frames they complete.
    pub fn push(&mut self, bytes: &[u8]) -> Vec<Frame> {
        let mut frames = Vec::new();
        for &b in bytes {
            if b == self.end {
                if self.skipping {
                    self.skipping = false;
                } else if let Some(text) = self.take() {
                    frames.push(Frame::Text(text));
                }
                self.buf.clear();
            } else if !self.skipping {
                self.buf.push(b);
                // A line may carry a `\r` beyond the 127 characters.
                if self.buf.len() > MAX_LEN + 1 {
                    self.buf.clear();
                    self.skipping = true;
                    frames.push(Frame::Overflow);
                }
            }
        }
        frames
    }

    /// The buffered text, or `None` for an empty line in line mode.
    fn take(&mut self) -> Option<Vec<u8>> {
        let mut text = std::mem::take(&mut self.buf);
        if self.end == b'\n' {
            if text.last() == Some(&b'\r') {
                text.pop();
            }
            if text.is_empty() {
                return None;
            }
        }
        Some(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(frames: Vec<Frame>) -> Vec<String> {
        frames
            .into_iter()
            .map(|f| match f {
                Frame::Text(t) => String::from_utf8_lossy(&t).into_owned(),
                Frame::Overflow => "<overflow>".to_string(),
            })
            .collect()
    }

    #[test]
    fn split_and_merged_reads() {
        let mut f = Framer::nul();
        assert!(f.push(b"M0012").is_empty());
        assert_eq!(texts(f.push(b"061100\0E0")), ["M0012061100"]);
        assert_eq!(texts(f.push(b"0\0K0\0C")), ["E00", "K0"]);
        assert_eq!(texts(f.push(b"hi\0")), ["Chi"]);
    }

    #[test]
    fn a_long_run_without_nul_is_reported_once_then_skipped() {
        let mut f = Framer::nul();
        let garbage = vec![b'x'; 10_000];
        assert_eq!(texts(f.push(&garbage)), ["<overflow>"]);
        assert_eq!(texts(f.push(b"yyy\0E00\0")), ["E00"]);
    }

    #[test]
    fn lines_drop_carriage_returns_and_blank_lines() {
        let mut f = Framer::lines();
        assert_eq!(texts(f.push(b"E00\r\n\n\r\nK0\n")), ["E00", "K0"]);
    }

    #[test]
    fn exactly_127_characters_pass_128_do_not() {
        let mut f = Framer::nul();
        let mut ok = vec![b'C'; 127];
        ok.push(0);
        assert_eq!(f.push(&ok).len(), 1);
        let mut long = vec![b'C'; 129];
        long.push(0);
        assert_eq!(texts(f.push(&long)), ["<overflow>"]);
    }

    proptest::proptest! {
        /// However TCP cuts the stream, the same messages come out.
        #[test]
        fn any_split_gives_the_same_frames(
            texts in proptest::collection::vec("[A-Z0-9 ]{1,40}", 1..8),
            cuts in proptest::collection::vec(0usize..400, 0..6),
        ) {
            let stream: Vec<u8> = texts.iter().flat_map(|t| t.bytes().chain([0])).collect();
            let mut points: Vec<usize> = cuts.into_iter().map(|c| c % (stream.len() + 1)).collect();
            points.sort_unstable();
            let mut f = Framer::nul();
            let mut got = Vec::new();
            let mut last = 0;
            for p in points.into_iter().chain([stream.len()]) {
                got.extend(self::texts(f.push(&stream[last..p])));
                last = p;
            }
            proptest::prop_assert_eq!(got, texts);
        }
    }
}
