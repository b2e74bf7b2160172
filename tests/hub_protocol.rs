//! Scripted Hub conversations with the built `dam hub`: the handshake,
//! thinking, `stop` and `ping` during an infinite search, pondering,
//! multi-PV, 8x8 position strings, bad input and end of input.

use crate::common::{Dam, command, lines};
use dam::book::read_book;
use dam::notation::movetext::parse_move;
use dam::protocol::hub::{parse, parse_position};
use dam::rules::Game;
use dam::rules::removal::{English, International};
use std::io::Write;
use std::process::{ChildStdin, Stdio};
use std::sync::mpsc::Receiver;
use std::time::Duration;

const START: &str = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";

struct Engine {
    dam: Dam,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut dam = Dam::spawn(
            command()
                .arg("hub")
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null()),
        );
        let stdin = dam.child.stdin.take().unwrap();
        let lines = lines(dam.child.stdout.take().unwrap());
        Engine {
            dam,
            stdin: Some(stdin),
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// The next line, within 20 seconds.
    fn next(&self) -> String {
        self.lines
            .recv_timeout(Duration::from_secs(20))
            .expect("the engine answers")
    }

    /// Lines up to and including the first whose command is `command`.
    fn until(&self, command: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self.next();
            let done = parse(&line).is_some_and(|l| l.command == command);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    fn init(&mut self, params: &[(&str, &str)]) {
        self.send("hub");
        self.until("wait");
        for (name, value) in params {
            self.send(&format!("set-param name={name} value={value}"));
        }
        self.send("init");
        assert_eq!(self.until("ready").last().unwrap(), "ready");
    }
}

/// The move of a `done` line.
fn done_move(line: &str) -> String {
    let l = parse(line).unwrap();
    assert_eq!(l.command, "done");
    l.get("move").unwrap().to_string()
}

#[test]
fn handshake_declares_parameters_and_waits() {
    let mut e = Engine::start();
    e.send("hub");
    let lines = e.until("wait");
    assert!(lines[0].starts_with("id name=dam "));
    let variant = lines
        .iter()
        .filter_map(|l| parse(l))
        .find(|l| l.command == "param" && l.get("name") == Some("variant"))
        .unwrap();
    assert_eq!(variant.get("type"), Some("enum"));
    assert!(variant.get("values").unwrap().contains("normal"));
    for name in [
        "threads",
        "tt-size",
        "ponder",
        "skill",
        "book",
        "book-ply",
        "book-margin",
    ] {
        assert!(lines.iter().any(|l| l.contains(&format!("name={name} "))));
    }
    e.send("set-param name=variant value=standard");
    e.send("set-param name=threads value=1");
    e.send("init");
    assert_eq!(e.next(), "ready");
    e.send("quit");
    assert!(e.dam.child.wait().unwrap().success());
}

#[test]
fn think_answers_a_legal_move_after_info_lines() {
    let mut e = Engine::start();
    e.init(&[("threads", "1")]);
    e.send(&format!("pos pos={START} moves=\"32-28 19-23 28x19\""));
    e.send("level depth=5");
    e.send("go think");
    let lines = e.until("done");
    assert!(lines.iter().any(|l| l.starts_with("info depth=5 ")));
    let info = parse(&lines[lines.len() - 2]).unwrap();
    for field in ["score", "nodes", "time", "nps", "pv"] {
        assert!(info.get(field).is_some(), "{field} missing");
    }
    let mut pos: International = parse_position(START).unwrap();
    for m in ["32-28", "19-23", "28x19"] {
        pos = pos.play(&parse_move(&pos, m).unwrap());
    }
    let mv = done_move(lines.last().unwrap());
    assert!(parse_move(&pos, &mv).is_ok(), "illegal {mv}");
    assert!(mv.contains('x'), "the recapture is forced: {mv}");
}

#[test]
fn the_book_answers_think_but_not_analyze() {
    let start = International::start();
    let text = dam::book::shipped(dam::variant::Variant::International).unwrap();
    let book = read_book::<International>(text, "international.book").unwrap();
    let moves = &book.line(&start).unwrap().moves;
    let best: Vec<_> = moves.iter().filter(|m| m.1 == moves[0].1).collect();
    let mut e = Engine::start();
    e.init(&[("threads", "1"), ("book", "true"), ("book-margin", "0")]);
    for _ in 0..3 {
        e.send("pos start");
        e.send("level depth=3");
        e.send("go think");
        let lines = e.until("done");
        assert_eq!(lines.len(), 2, "an info line, then done: {lines:?}");
        assert_eq!(parse(&lines[0]).unwrap().get("book"), Some("true"));
        let mv = parse_move(&start, &done_move(&lines[1])).unwrap();
        assert!(best.iter().any(|m| m.0 == mv), "not the book's best");
    }
    let searched = |e: &mut Engine, go: &str| {
        e.send("pos start");
        e.send("level depth=3");
        e.send(go);
        let lines = e.until("done");
        assert!(!lines.iter().any(|l| l.contains("book=")), "{lines:?}");
        assert!(lines.iter().any(|l| l.starts_with("info depth=3 ")));
    };
    searched(&mut e, "go analyze");
    e.send("set-param name=book-ply value=0");
    searched(&mut e, "go think");
    e.send("set-param name=book-ply value=20");
    e.send("set-param name=book value=false");
    searched(&mut e, "go think");
}

#[test]
fn a_book_file_is_played_and_a_bad_one_reported() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mine.book");
    std::fs::write(
        &path,
        "# variant: international\nW:W31-50:B1-20 ; 32-28 +0.00\n",
    )
    .unwrap();
    let mut e = Engine::start();
    e.init(&[("threads", "1"), ("book", "true")]);
    e.send(&format!(
        "set-param name=book-file value={}",
        path.display()
    ));
    e.send("pos start");
    e.send("level depth=3");
    e.send("go think");
    let lines = e.until("done");
    assert_eq!(done_move(lines.last().unwrap()), "32-28", "{lines:?}");
    assert!(lines[0].contains("book=true"));
    std::fs::write(&path, "W:W31-50:B1-20 ; 32-29 +0.00\n").unwrap();
    e.send(&format!(
        "set-param name=book-file value={}",
        dir.path().join("gone.book").display()
    ));
    e.send("go think");
    let lines = e.until("done");
    assert!(
        lines[0].starts_with("error message=") && lines[0].contains("gone.book"),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("info depth=3 ")),
        "searched: {lines:?}"
    );
    e.send(&format!(
        "set-param name=book-file value={}",
        path.display()
    ));
    e.send("go think");
    let lines = e.until("done");
    assert!(
        lines[0].starts_with("error message=") && lines[0].contains("mine.book:1:"),
        "{lines:?}"
    );
}

#[test]
fn ping_and_stop_during_an_infinite_search() {
    let mut e = Engine::start();
    e.init(&[("threads", "2")]);
    e.send("pos start");
    e.send("level infinite");
    e.send("go analyze");
    std::thread::sleep(Duration::from_millis(300));
    e.send("ping");
    let before = e.until("pong");
    assert!(!before.iter().any(|l| l.starts_with("done")));
    e.send("stop");
    let mv = done_move(e.until("done").last().unwrap());
    assert!(parse_move(&International::start(), &mv).is_ok());
}

#[test]
fn ponder_waits_for_ponder_hit() {
    let mut e = Engine::start();
    e.init(&[("threads", "1")]);
    e.send("pos start");
    e.send("level depth=3");
    e.send("go ponder");
    std::thread::sleep(Duration::from_millis(300));
    e.send("ping");
    let before = e.until("pong");
    assert!(!before.iter().any(|l| l.starts_with("done")), "{before:?}");
    e.send("ponder-hit");
    let mv = done_move(e.until("done").last().unwrap());
    assert!(parse_move(&International::start(), &mv).is_ok());
}

#[test]
fn analyze_with_multipv_reports_each_line() {
    let mut e = Engine::start();
    e.init(&[("threads", "1")]);
    e.send("pos start");
    e.send("level depth=4");
    e.send("go analyze multipv=3");
    let lines = e.until("done");
    let second: Vec<_> = lines
        .iter()
        .filter_map(|l| parse(l))
        .filter(|l| l.get("multipv") == Some("3") && l.get("depth") == Some("4"))
        .collect();
    assert_eq!(second.len(), 1, "{lines:?}");
}

#[test]
fn eight_by_eight_positions_as_pydraughts_sends_them() {
    let mut e = Engine::start();
    e.init(&[("variant", "english"), ("threads", "1")]);
    // pydraughts turns English positions half a turn and swaps colours
    let start = format!("W{}{}{}", "b".repeat(12), "e".repeat(8), "w".repeat(12));
    e.send(&format!("pos pos={start} moves=\"11-15 23-19\""));
    e.send("level move-time=0.2");
    e.send("go think");
    let mv = done_move(e.until("done").last().unwrap());
    let mut pos = English::start();
    for m in ["11-15", "23-19"] {
        pos = pos.play(&parse_move(&pos, m).unwrap());
    }
    assert!(parse_move(&pos, &mv).is_ok(), "illegal {mv}");
}

#[test]
fn bad_input_is_answered_or_ignored_and_end_of_input_quits() {
    let mut e = Engine::start();
    e.init(&[("threads", "1")]);
    e.send("pos pos=Wxyz");
    assert!(e.next().starts_with("error message="));
    e.send(&format!("pos pos={START} moves=\"32-37\""));
    assert!(e.next().starts_with("error message=\"illegal move '32-37'"));
    e.send("go think");
    assert!(
        e.next()
            .contains("no position to search (illegal move '32-37'")
    );
    e.send("set-param name=threads value=lots");
    assert!(e.next().starts_with("error message="));
    e.send("frobnicate now=yes");
    e.send("ping");
    assert_eq!(e.next(), "pong");
    e.send(&format!("pos pos={START}"));
    e.send("level depth=2");
    e.send("go think");
    e.until("done");
    drop(e.stdin.take());
    let status = e.dam.child.wait().unwrap();
    assert!(status.success());
}

#[test]
fn bad_levels_are_refused_and_the_previous_level_kept() {
    let mut e = Engine::start();
    e.init(&[("threads", "1")]);
    e.send("pos start");
    e.send("level depth=3");
    for bad in ["depth=-5", "move-time=-1", "nodes=0", "time=x"] {
        e.send(&format!("level {bad}"));
        let error = e.next();
        assert!(
            error.starts_with("error message=") && error.contains(bad),
            "{error}"
        );
    }
    e.send("go think");
    let lines = e.until("done");
    let depths: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.split("depth=").nth(1))
        .collect();
    assert!(
        depths.iter().all(|d| d.starts_with(['1', '2', '3'])),
        "{lines:?}"
    );
}

#[test]
fn bytes_that_are_not_utf8_are_skipped_with_an_error() {
    let mut e = Engine::start();
    e.init(&[("threads", "1")]);
    let stdin = e.stdin.as_mut().unwrap();
    stdin.write_all(b"pos \xff\xfe start\n").unwrap();
    stdin.flush().unwrap();
    assert!(e.next().contains("not UTF-8"));
    e.send("ping");
    assert_eq!(e.next(), "pong");
}

#[test]
fn an_unsupported_variant_refuses_every_go_until_a_supported_one() {
    let mut e = Engine::start();
    e.send("hub");
    e.until("wait");
    e.send("set-param name=variant value=frisian");
    assert!(e.next().starts_with("error message="));
    e.send("init");
    assert_eq!(e.next(), "ready");
    for _ in 0..2 {
        e.send("pos start");
        e.send("level depth=2");
        e.send("go think");
        assert!(e.next().contains("variant 'frisian' is not supported"));
    }
    e.send("set-param name=variant value=english");
    e.send("pos start");
    e.send("level depth=2");
    e.send("go think");
    let mv = done_move(e.until("done").last().unwrap());
    assert!(parse_move(&English::start(), &mv).is_ok(), "{mv}");
}

#[test]
fn every_go_gets_one_done_even_when_cut_short() {
    let mut e = Engine::start();
    e.init(&[("threads", "1")]);
    e.send("pos start");
    e.send("go analyze");
    e.send("pos start");
    e.send("go analyze");
    e.send("go ponder");
    e.send("level depth=2");
    e.send("go think");
    for _ in 0..4 {
        e.until("done");
    }
    e.send("ping");
    assert_eq!(e.next(), "pong", "one done for each of the four go");
}

#[test]
fn a_low_skill_still_plays_legal_moves() {
    let mut e = Engine::start();
    e.init(&[("threads", "1"), ("skill", "1")]);
    for _ in 0..3 {
        e.send("pos start");
        e.send("level move-time=0.05");
        e.send("go think");
        let mv = done_move(e.until("done").last().unwrap());
        assert!(
            parse_move(&International::start(), &mv).is_ok(),
            "illegal {mv}"
        );
    }
}

#[test]
fn russian_moves_use_pydraughts_numbering() {
    let mut e = Engine::start();
    e.init(&[("variant", "russian"), ("threads", "1")]);
    // pydraughts' 9-13 is a3-b4, 21-17 in the standard numbering
    let start = format!("W{}{}{}", "b".repeat(12), "e".repeat(8), "w".repeat(12));
    e.send(&format!("pos pos={start} moves=\"9-13\""));
    e.send("level depth=3");
    e.send("go think");
    let mv = done_move(e.until("done").last().unwrap());
    let squares: Vec<u32> = mv.split(['-', 'x']).map(|s| s.parse().unwrap()).collect();
    // Black's men stand on 21..32 in pydraughts' numbering
    assert!((21..=32).contains(&squares[0]), "{mv}");
}
