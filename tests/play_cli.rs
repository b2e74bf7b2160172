//! `dam play` driven through stdin and stdout as a script would: engine
//! games in every variant, moves in every accepted form, refusals with
//! their reasons, take back and forward, set-up, PDN save and load,
//! analysis, the Damath clock, and input that must not break it.

use crate::common::{Dam, command, dam, dir, lines, stderr};
use dam::variant::Variant;
use std::io::Write;
use std::process::{ChildStdin, Stdio};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

/// `dam play ARGS` fed `input`, then the end of input; its stdout. It
/// must exit by itself, with status 0.
fn play(args: &[&str], input: &[u8]) -> String {
    let mut child = command()
        .args(["play", "--threads", "1", "--ascii"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dam starts");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{}\n{text}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

/// A session kept open, to type into it while it runs.
struct Live {
    _dam: Dam,
    stdin: ChildStdin,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Live {
    fn start(args: &[&str]) -> Live {
        let mut dam = Dam::spawn(
            command()
                .args(["play", "--threads", "1", "--ascii"])
                .args(args)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped()),
        );
        let stdin = dam.child.stdin.take().unwrap();
        let lines = lines(dam.child.stdout.take().unwrap());
        Live {
            _dam: dam,
            stdin,
            lines,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
    }

    /// Read until a line contains `needle`; that line.
    fn until(&mut self, needle: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(60);
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            let Ok(line) = self.lines.recv_timeout(left) else {
                break;
            };
            self.seen.push(line.clone());
            if line.contains(needle) {
                return line;
            }
        }
        panic!("no '{needle}' in:\n{}", self.seen.join("\n"));
    }
}

#[test]
fn the_engine_plays_itself_to_the_end_in_every_variant() {
    for variant in Variant::ALL.map(Variant::id) {
        let out = play(
            &["--variant", variant, "--computer", "both", "--level", "B"],
            b"",
        );
        let end = out.lines().find(|l| l.starts_with("game over: "));
        assert!(end.is_some(), "{variant}:\n{out}");
        let plies = out.lines().filter(|l| l.contains("(dam: score")).count();
        assert!(plies >= 10, "{variant}: {plies} plies\n{out}");
    }
}

#[test]
fn typed_moves_in_every_form() {
    let out = play(
        &["--computer", "none"],
        b"32-28\n19-23\n28 x 19\n14x23\n26\n",
    );
    for played in [
        "1. 32-28",
        "1... 19-23",
        "2. 28x19",
        "2... 14x23",
        "3. 31-26",
    ] {
        assert!(out.contains(played), "{played}:\n{out}");
    }
    for (typed, shown) in [
        ("33x22x13", "1. 33x13"),
        ("33x13x28x18", "1. 33x13"),
        ("18", "1. 33x13"),
    ] {
        let input = format!("{typed}\n");
        let out = play(
            &["--computer", "none", "--fen", "W:W33:B28,18"],
            input.as_bytes(),
        );
        assert!(out.contains(shown), "{typed}:\n{out}");
        assert!(out.contains("game over: White wins (Black has no legal move), 2-0"));
    }
    let out = play(
        &["--variant", "english", "--computer", "none"],
        b"b6-a5\nc3-d4\n\n",
    );
    assert!(out.contains("1. 9-13\n1... 22-18\n"), "{out}");
}

#[test]
fn wrong_moves_get_a_reason_and_the_legal_moves() {
    let out = play(&["--computer", "none"], b"33-27\n32\n99-1\nhello\n\n");
    let legal = "legal moves: 31-26, 31-27, 32-27, 32-28, 33-28, 33-29, 34-29, 34-30, 35-30";
    for reason in [
        "illegal move: move '33-27' is not legal here: legal moves from 33: 33-28, 33-29",
        "illegal move: square 32 names more than one move: 32-27, 32-28",
        "illegal move: move '99-1': square 99 is not on this board (squares are 1..50)",
        "illegal move: move 'hello': 'hello' is not a square",
        "no forced move; legal moves: 31-26",
    ] {
        assert!(out.contains(reason), "{reason}:\n{out}");
    }
    assert_eq!(out.matches(legal).count(), 5, "{out}");
}

#[test]
fn take_back_forward_and_goto() {
    let out = play(
        &["--computer", "none"],
        b"32-28\n19-23\n28x19\n14x23\nundo\nundo\nredo\ngoto 1\ngoto end\ngoto 2\n28x19\ngoto 1\n31-27\nlist\n",
    );
    for line in [
        "at ply 3 of 4: 1. 32-28 19-23 2. [28x19] 14x23",
        "at ply 2 of 4: 1. 32-28 [19-23] 2. 28x19 14x23",
        "at ply 0 of 4: 1. 32-28 19-23 2. 28x19 14x23",
        "at ply 4 of 4: 1. 32-28 19-23 2. 28x19 [14x23]",
        "at ply 2 of 4: 1. 32-28 [19-23] 2. 28x19 14x23",
        "2. 28x19",
        "1. 31-27",
        "1. [31-27]",
    ] {
        assert!(out.lines().any(|l| l == line), "{line}:\n{out}");
    }
}

#[test]
fn a_set_up_position_is_checked_then_played() {
    let out = play(
        &["--level", "depth 3"],
        b"setup\nempty\nw 28\ndone\nb 23 50\ndone\n50\nB 7 43 44\n43 44\nblack\nwhite\ndone\n28x19\n",
    );
    assert!(
        out.contains("error: Black has no piece on the board"),
        "{out}"
    );
    assert!(
        out.contains("error: this position cannot be played: a Black man"),
        "{out}"
    );
    assert!(out.contains("position set: W:W28:BK7,23"), "{out}");
    assert!(out.contains("1. 28x19"), "{out}");
    assert!(out.contains("(dam: score"), "the engine answers:\n{out}");
}

#[test]
fn a_saved_game_loads_back_with_the_same_moves() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games.pdn");
    let file = file.to_str().unwrap();
    let input = format!(
        "32-28\n19-23\n28x19\n14x23\nsave {file}\nlist\nnew\nfen B:W28:BK7,18\n7-2\nsave {file}\nload {file} 1\nlist\nnext\nlist\nprev\nundo\n13x24\n"
    );
    let out = play(&["--computer", "none"], input.as_bytes());
    assert_eq!(out.matches(&format!("saved to {file}")).count(), 2, "{out}");
    assert_eq!(
        out.matches("1. 32-28 19-23 2. 28x19 [14x23]").count(),
        4,
        "{out}"
    );
    assert!(
        out.contains("game 1 of 2 (4 plies): player - player"),
        "{out}"
    );
    assert!(
        out.contains("game 2 of 2 (1 ply): player - player"),
        "{out}"
    );
    assert!(out.contains("1... [7-2]"), "{out}");
    assert!(
        out.contains("2... 13x24"),
        "continued from a loaded game:\n{out}"
    );
    let text = std::fs::read_to_string(file).unwrap();
    for tag in [
        "[Event \"dam play\"]",
        "[Date \"",
        "[White \"player\"]",
        "[Black \"player\"]",
        "[Result \"*\"]",
        "[GameType \"20\"]",
        "[FEN \"B:W28:BK7,18\"]",
    ] {
        assert!(text.contains(tag), "{tag}:\n{text}");
    }
    let out = play(&["--pdn", file, "--game", "2"], b"fen\n");
    assert!(out.contains("W:W28:BK2,18"), "{out}");
}

#[test]
fn resign_draw_offers_and_hint() {
    let out = play(&["--fen", "W:W31,32,33,34,35,36:B1"], b"draw\n");
    assert!(out.contains("the draw offer is accepted"), "{out}");
    assert!(out.contains("game over: draw (draw agreed), 1-1"), "{out}");
    let out = play(
        &["--fen", "W:W31:B1,2,3,4,5,6,7"],
        b"draw\nhint\nresign\n32-28\n",
    );
    assert!(out.contains("the engine declines the draw"), "{out}");
    assert!(out.contains("hint: 31-"), "{out}");
    assert!(
        out.contains("game over: Black wins (White resigns), 0-2"),
        "{out}"
    );
    assert!(out.contains("the game is over (White resigns)"), "{out}");
}

#[test]
fn moves_are_listed_best_first_and_analysis_runs_until_a_line() {
    let out = play(&["--fen", "W:W33:B28,18,10"], b"moves\n");
    assert!(out.contains("1 legal moves, best first"), "{out}");
    assert!(out.contains("  33x13 "), "{out}");
    let mut live = Live::start(&[]);
    live.send("analyze");
    live.until("depth 3 score");
    live.send("");
    live.until("analysis stopped");
    live.send("fen");
    live.until("W:W31,32,33");
}

#[test]
fn a_damath_game_ends_by_its_clock_with_the_final_totals() {
    let mut live = Live::start(&["--variant", "damath", "--computer", "none"]);
    live.send("level damath 0.02 60");
    live.until("level damath clock: 0.02 min a game, 60 s a move");
    live.send("go");
    live.until("1. ");
    std::thread::sleep(Duration::from_millis(1500));
    live.send("board");
    let end = live.until("game over:");
    assert!(
        end.contains("(the game clock ran out; final totals Red "),
        "{end}"
    );
    live.send("go");
    live.until("the game is over (the game clock ran out");
}

#[test]
fn bad_input_never_breaks_it_and_the_end_of_input_ends_it() {
    let mut input = b"\xff\xfe\x00\x1b[2J\n".to_vec();
    input.extend(std::iter::repeat_n(b'7', 1 << 20));
    input.extend(b"\nlevel time 0.3\ngo\nanalyze\n");
    let started = Instant::now();
    let out = play(&[], &input);
    assert!(
        out.contains("illegal move: move '\u{fffd}\u{fffd}??[2J'"),
        "{out}"
    );
    assert!(
        out.contains("illegal move: a move is not 4096 characters long"),
        "{out}"
    );
    assert!(!out.contains('\x1b'), "no control characters echoed");
    assert!(out.contains("analysis stopped"), "{out}");
    assert!(started.elapsed() < Duration::from_secs(20));
}

#[test]
fn the_flag_falls_and_pondering_answers_at_once() {
    let mut live = Live::start(&["--computer", "none", "--level", "clock 0 0.01"]);
    live.until("level 0.01 min a game");
    std::thread::sleep(Duration::from_millis(800));
    live.send("32-28");
    let end = live.until("game over:");
    assert_eq!(end, "game over: Black wins (White's time is up), 0-2");
    let out = play(&["--level", "depth 2"], b"ponder on\n32-28\n");
    assert!(out.contains("ponder on\n1. 32-28\n1... "), "{out}");
}

#[test]
fn a_pdn_file_names_the_variant_to_play() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("english.pdn");
    let file = file.to_str().unwrap();
    let input = format!("9-13\n22-18\nsave {file}\n");
    play(
        &["--variant", "english", "--computer", "none"],
        input.as_bytes(),
    );
    let out = play(&["--pdn", file], b"list\n");
    assert!(out.contains("dam play: english,"), "{out}");
    assert!(out.contains("1. 9-13 [22-18]"), "{out}");
    let out = play(
        &["--variant", "international", "--computer", "none"],
        format!("load {file}\n").as_bytes(),
    );
    assert!(
        out.contains("it is a game of english, this is international"),
        "{out}"
    );
}

#[test]
fn taking_back_gives_the_player_the_move_as_in_scan() {
    let out = play(
        &["--level", "depth 2"],
        b"32-28\nundo\nundo\n33-28\nplayers 0\ngo\nplayers 1\n",
    );
    assert_eq!(out.matches("(dam: score").count(), 3, "{out}");
    for line in [
        "at ply 1 of 2: 1. [32-28]",
        "at ply 0 of 2: 1. 32-28",
        "1. 33-28",
        "the engine plays neither side",
        "the engine plays Black",
    ] {
        assert!(out.contains(line), "{line}:\n{out}");
    }
    assert!(out.contains("the engine plays White\n2. "), "go: {out}");
}

#[test]
fn moves_show_the_endgame_database_value_where_one_is_found() {
    let d = dir("play-egtb");
    let built = dam(&[
        "egtb",
        "build",
        "--variant",
        "international",
        "--pieces",
        "2",
        "--dir",
        &d.display().to_string(),
    ]);
    assert!(built.status.success(), "{}", stderr(&built));
    // A king against a king, shut in the corner: 10-46 wins, 10-4 keeps the
    // draw, 10-14 walks into a capture.
    let out = command()
        .env("DAM_EGTB_DIR", d.as_os_str())
        .args(["play", "--threads", "1", "--ascii", "--fen", "W:WK10:BK5"])
        .args(["--computer", "none"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().unwrap().write_all(b"moves\n")?;
            child.wait_with_output()
        })
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let line = |mv: &str| {
        text.lines()
            .find(|l| l.trim_start().starts_with(mv))
            .unwrap_or("")
    };
    assert!(line("10-46").contains("database win"), "{text}");
    assert!(line("10-4 ").contains("database draw"), "{text}");
    assert!(line("10-14").contains("database loss"), "{text}");
}
