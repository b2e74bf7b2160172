//! `dam hub`: the Hub protocol, version 2 (reference/hub.md). A reader
//! thread turns stdin into lines on a channel; before `init` this module
//! answers `hub` and collects `set-param`; at `init` (or at the first
//! command that needs a position) the variant is fixed and a `Session`
//! compiled for it takes over. The search runs on its own thread, so
//! `ping` is answered and `stop` heard while it thinks. With `book=true`
//! `go think` answers from the shipped opening book (`crate::book`) when
//! the position is in it, without searching. stdout carries protocol
//! lines only; logs go to stderr.

mod line;
mod params;
mod position;
mod session;
mod squares;

pub use line::{Line, parse, write};
use params::param_line;
pub use params::{PARAMS, Params, set_param};
pub use position::{parse_position, position_text};
pub use squares::convert as hub_numbering;

use crate::variant::Variant;
use crate::with_variant;
use crossbeam_channel::Receiver;
use session::{Exit, Session};
use std::io::{BufRead, Write};

/// The variants offered, by the names Scan and pydraughts use first.
pub fn variant_names() -> String {
    Variant::ALL
        .iter()
        .flat_map(|v| v.facts().hub_names)
        .copied()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Output: protocol lines, flushed one by one.
pub struct Out<W: Write>(pub W);

impl<W: Write> Out<W> {
    /// Send one line.
    pub fn send(&mut self, line: String) {
        log::debug!("hub >> {line}");
        // a closed stdout means the GUI is gone: the next read ends the session
        let _ = writeln!(self.0, "{line}").and_then(|()| self.0.flush());
    }

    /// Send `error message=...`.
    pub fn error(&mut self, message: &str) {
        self.send(write("error", &[("message", message.to_string())]));
    }
}

/// Read stdin on a thread of its own, one line per message (bytes that
/// are not UTF-8 become U+FFFD, which `readable` refuses); the channel
/// closes at end of input.
pub fn spawn_reader<R: BufRead + Send + 'static>(mut input: R) -> Receiver<String> {
    let (tx, rx) = crossbeam_channel::unbounded();
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        while let Ok(n) = input.read_until(b'\n', &mut bytes) {
            if n == 0 {
                break;
            }
            let text = String::from_utf8_lossy(&bytes);
            let line = text.trim_end_matches(['\n', '\r']).to_string();
            bytes.clear();
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// The parsed line, or `None` for a blank line and for one that is not
/// text (answered with `error`): Hub lines are ASCII.
fn readable<W: Write>(out: &mut Out<W>, text: &str) -> Option<Line> {
    if text.contains(char::REPLACEMENT_CHARACTER) {
        out.error("a line that is not UTF-8 text was skipped");
        return None;
    }
    parse(text)
}

/// Run the protocol until `quit` or end of input.
pub fn run<W: Write>(lines: Receiver<String>, out: W) {
    let mut out = Out(out);
    let mut params = Params::default();
    let mut pending: Option<String> = None;
    loop {
        let text = match pending.take() {
            Some(t) => t,
            None => match lines.recv() {
                Ok(t) => t,
                Err(_) => return,
            },
        };
        log::debug!("hub << {text}");
        let Some(line) = readable(&mut out, &text) else {
            continue;
        };
        match line.command.as_str() {
            "hub" => announce(&mut out, &params),
            "set-param" => {
                set_param(&mut out, &mut params, &line);
            }
            "ping" => out.send("pong".into()),
            "quit" => return,
            "new-game" | "level" => {}
            command => {
                let first = (command != "init").then_some(text);
                let exit = with_variant!(params.variant, G => {
                    Session::<G, W>::new(&params, &mut out).run(&lines, first)
                });
                match exit {
                    Exit::Quit => return,
                    Exit::Reconfigure(line, p) => {
                        params = p;
                        pending = line;
                    }
                }
            }
        }
    }
}

/// Answer `hub`: id, the parameters, `wait`.
fn announce<W: Write>(out: &mut Out<W>, p: &Params) {
    out.send(write(
        "id",
        &[
            ("name", "dam".into()),
            ("version", env!("CARGO_PKG_VERSION").into()),
            ("author", "dam developers".into()),
            ("country", "none".into()),
        ],
    ));
    for param in &PARAMS {
        out.send(param_line(param, p));
    }
    out.send("wait".into());
}
