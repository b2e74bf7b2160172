//! The player's input: stdin read on a thread of its own, one line at a
//! time, so that a search can run while the player thinks and stop when
//! they type. Bytes that are not UTF-8 are replaced, and a line longer
//! than `MAX_LINE` is cut (the rest is read and dropped), so no input can
//! make the reader grow without bound.

use crossbeam_channel::{Receiver, unbounded};
use std::io::{BufRead, Read};

/// The longest line kept, in bytes.
pub const MAX_LINE: usize = 4096;

/// One event of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Line(String),
    /// The input ended (or could not be read).
    End,
}

/// Read `input` line by line on a thread; the receiver gets every line,
/// then `End`.
pub fn spawn(input: impl Read + Send + 'static) -> Receiver<Input> {
    let (tx, rx) = unbounded();
    std::thread::spawn(move || {
        let mut reader = std::io::BufReader::new(input);
        while let Some(line) = read_line(&mut reader) {
            if tx.send(Input::Line(line)).is_err() {
                return;
            }
        }
        let _ = tx.send(Input::End);
    });
    rx
}

/// The next line without its end, at most `MAX_LINE` bytes of it; `None`
/// at the end of the input.
fn read_line(reader: &mut impl BufRead) -> Option<String> {
    let mut kept: Vec<u8> = Vec::new();
    let mut any = false;
    loop {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        if buf.is_empty() {
            break;
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], i + 1),
            None => (buf, buf.len()),
        };
        let room = MAX_LINE.saturating_sub(kept.len());
        kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let newline = done > chunk.len();
        reader.consume(done);
        if newline {
            break;
        }
    }
    any.then(|| {
        String::from_utf8_lossy(&kept)
            .trim_end_matches('\r')
            .to_string()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(bytes: &[u8]) -> Vec<Input> {
        spawn(std::io::Cursor::new(bytes.to_vec())).iter().collect()
    }

    #[test]
    fn lines_then_end() {
        let got = all(b"32-28\r\n\nhelp");
        let line = |s: &str| Input::Line(s.to_string());
        assert_eq!(got, [line("32-28"), line(""), line("help"), Input::End]);
    }

    #[test]
    fn long_lines_are_cut_and_binary_is_replaced() {
        let mut bytes = vec![b'1'; 3 * MAX_LINE];
        bytes.extend_from_slice(b"\n\xff\xfe\x00x\n");
        let got = all(&bytes);
        assert_eq!(got[0], Input::Line("1".repeat(MAX_LINE)));
        assert_eq!(got[1], Input::Line("\u{fffd}\u{fffd}\u{0}x".to_string()));
        assert_eq!(got[2], Input::End);
    }
}
