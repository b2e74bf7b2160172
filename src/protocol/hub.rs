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
mod position;
mod session;
mod squares;

pub use line::{Line, parse, write};
pub use position::{parse_position, position_text};
pub use squares::convert as hub_numbering;

use crate::eval::pattern::{self, WeightsError};
use crate::search::{Table, default_threads};
use crate::variant::Variant;
use crate::with_variant;
use crossbeam_channel::Receiver;
use session::{Exit, Session};
use std::io::{BufRead, Write};

/// The engine's parameters, as `set-param` leaves them.
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    pub variant: Variant,
    /// A variant asked for that dam does not play: `go` is refused until a
    /// supported one is set.
    pub unsupported_variant: Option<String>,
    pub threads: usize,
    /// log2 of the table's entries.
    pub tt_size: u32,
    pub ponder: bool,
    /// Play from the shipped opening book in `go think`.
    pub book: bool,
    /// The book file to play from; empty: the shipped book of the variant.
    pub book_file: String,
    /// Use the book while the position's ply is below this.
    pub book_ply: u32,
    /// Book moves this far below the best (hundredths of a man) may be played.
    pub book_margin: u32,
    /// 1 (weakest) to 10 (full strength).
    pub skill: u32,
    /// The endgame database directory; empty: the default (`egtb`).
    pub egtb_path: String,
    /// Probe databases of up to this many pieces; 0: none.
    pub egtb_pieces: u32,
    /// The evaluation weights file in use; empty: the shipped weights.
    pub eval_file: String,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            variant: Variant::International,
            unsupported_variant: None,
            threads: default_threads(),
            tt_size: 22,
            ponder: false,
            book: false,
            book_file: String::new(),
            book_ply: 20,
            book_margin: 4,
            skill: 10,
            egtb_path: String::new(),
            egtb_pieces: 0,
            eval_file: String::new(),
        }
    }
}

/// The variants offered, by the names Scan and pydraughts use first.
const VARIANT_NAMES: &str = "normal standard international english brazilian russian dama dama-international damasca damasca-international lasca damath";

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
    let variant = match p.variant {
        Variant::International => "normal".to_string(),
        v => v.id().to_string(),
    };
    let params: [Vec<(&str, String)>; 12] = [
        vec![
            ("name", "variant".into()),
            ("value", variant),
            ("type", "enum".into()),
            ("values", VARIANT_NAMES.into()),
        ],
        int_param("threads", p.threads as u32, 1, 64),
        int_param("tt-size", p.tt_size, 16, Table::MAX_BITS),
        bool_param("ponder", p.ponder),
        bool_param("book", p.book),
        vec![
            ("name", "book-file".into()),
            ("value", p.book_file.clone()),
            ("type", "string".into()),
        ],
        int_param("book-ply", p.book_ply, 0, 20),
        int_param("book-margin", p.book_margin, 0, 100),
        int_param("skill", p.skill, 1, 10),
        vec![
            ("name", "egtb-path".into()),
            ("value", p.egtb_path.clone()),
            ("type", "string".into()),
        ],
        int_param("egtb-pieces", p.egtb_pieces, 0, 8),
        vec![
            ("name", "eval-file".into()),
            ("value", p.eval_file.clone()),
            ("type", "string".into()),
        ],
    ];
    for param in params {
        out.send(write("param", &param));
    }
    out.send("wait".into());
}

fn int_param(name: &str, value: u32, min: u32, max: u32) -> Vec<(&'static str, String)> {
    vec![
        ("name", name.to_string()),
        ("value", value.to_string()),
        ("type", "int".into()),
        ("min", min.to_string()),
        ("max", max.to_string()),
    ]
}

fn bool_param(name: &str, value: bool) -> Vec<(&'static str, String)> {
    vec![
        ("name", name.to_string()),
        ("value", value.to_string()),
        ("type", "bool".into()),
    ]
}

/// Play with the evaluation weights file `path` (its own variant's), or
/// with `variant`'s shipped weights again when `path` is empty.
fn set_eval_file(path: &str, variant: Variant) -> Result<(), WeightsError> {
    if path.is_empty() {
        pattern::install(variant, None);
    } else {
        pattern::install_file(std::path::Path::new(path))?;
    }
    Ok(())
}

/// Apply `set-param name=.. value=..`; a bad value is reported and
/// ignored. Returns whether the value was accepted.
pub fn set_param<W: Write>(out: &mut Out<W>, p: &mut Params, line: &Line) -> bool {
    let (Some(name), Some(value)) = (line.get("name"), line.get("value")) else {
        out.error("set-param needs name and value");
        return false;
    };
    let int = |lo: u32, hi: u32| value.parse::<u32>().ok().filter(|v| (lo..=hi).contains(v));
    let boolean = || match value {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    };
    let ok = match name {
        "variant" => {
            let known = value.parse::<Variant>().map(|v| p.variant = v).is_ok();
            p.unsupported_variant = (!known).then(|| value.to_string());
            known
        }
        "threads" => int(1, 256).map(|v| p.threads = v as usize).is_some(),
        "tt-size" => int(Table::MIN_BITS, Table::MAX_BITS)
            .map(|v| p.tt_size = v)
            .is_some(),
        "ponder" => boolean().map(|v| p.ponder = v).is_some(),
        "book" => boolean().map(|v| p.book = v).is_some(),
        "book-file" => {
            p.book_file = value.to_string();
            true
        }
        "book-ply" => int(0, 20).map(|v| p.book_ply = v).is_some(),
        "book-margin" => int(0, 100).map(|v| p.book_margin = v).is_some(),
        "skill" => int(1, 10).map(|v| p.skill = v).is_some(),
        "egtb-path" => {
            p.egtb_path = value.to_string();
            true
        }
        "egtb-pieces" => int(0, 8).map(|v| p.egtb_pieces = v).is_some(),
        "eval-file" => match set_eval_file(value, p.variant) {
            Ok(()) => {
                p.eval_file = value.to_string();
                true
            }
            Err(e) => {
                out.error(&e.to_string());
                return false;
            }
        },
        other => {
            log::warn!("unknown parameter '{other}' ignored");
            return false;
        }
    };
    if !ok {
        out.error(&format!("bad value '{value}' for parameter {name}"));
    }
    ok
}
