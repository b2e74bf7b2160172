//! `dam pdn analyze` run as a program on PDN text written here: every
//! move gets an evaluation, a dropped man is flagged as a blunder with the
//! better move, the output re-validates, bad games are reported and left
//! out, and on error no file is touched.

use crate::common::{dam, dir, file, stderr, stdout};
use std::path::Path;

/// Black's 3... 23-28 drops a man: 4. 32x23 18x29 5. 34x23.
const BLUNDER: &str = "[Event \"Shot\"]\n[White \"Wit\"]\n[Black \"Zwart\"]\n[Result \"*\"]\n\n\
                       1. 32-28 19-23 2. 28x19 14x23 {kept} 3. 37-32 23-28 4. 32x23 18x29 \
                       5. 34x23 *\n\n";
const QUIET: &str = "[White \"C\"]\n[Black \"D\"]\n\n1. 33-29 17-21 2. 39-33 21-26 *\n\n";
const BAD: &str = "[White \"E\"]\n[Black \"F\"]\n\n1. 32-28 19-23\n2. 28-22 *\n\n";

/// Whether `word` is an evaluation comment: `{+0.35}`, `{0.00}`, `{#-13}`.
fn is_eval(word: &str) -> bool {
    let Some(inner) = word.strip_prefix('{').and_then(|w| w.strip_suffix('}')) else {
        return false;
    };
    let number = inner.strip_prefix('#').unwrap_or(inner);
    number == "0.00" || (number.starts_with(['+', '-']) && number[1..].parse::<f64>().is_ok())
}

/// The main line's words: variations left out, move numbers dropped.
fn main_line(text: &str) -> Vec<String> {
    let mut depth = 0;
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace()
        .filter(|w| !w.ends_with('.') && !w.starts_with('['))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_move_gets_an_evaluation_and_the_dropped_man_a_blunder_mark() {
    let d = dir("blunder");
    let input = format!("{BLUNDER}{BAD}{QUIET}");
    let f = file(&d, "games.pdn", &input);
    let out_path = d.join("out.pdn").display().to_string();
    let out = dam(&[
        "pdn",
        "analyze",
        &f,
        "--depth",
        "4",
        "--variant",
        "international",
        "-o",
        &out_path,
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(&format!("{f}:12:4: game 2 (E - F), move 2:")),
        "{}",
        stderr(&out)
    );
    let text = std::fs::read_to_string(&out_path).unwrap();
    let valid = dam(&["pdn", "validate", &out_path]);
    assert_eq!(valid.status.code(), Some(0), "{text}");
    assert!(stdout(&valid).contains("2 games: 2 valid"));

    let words = main_line(&text);
    let moves: Vec<usize> = (0..words.len())
        .filter(|&i| {
            words[i].contains(['-', 'x']) && words[i].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect();
    assert_eq!(moves.len(), 9 + 4, "{text}");
    for &i in &moves {
        let next = &words[i + 1..];
        let next = if next[0].starts_with('$') {
            &next[1..]
        } else {
            next
        };
        assert!(
            is_eval(&next[0]),
            "no evaluation after {}: {text}",
            words[i]
        );
    }
    // a mistake ($2, half a man) or a blunder ($4) by the evaluation's lights
    assert!(
        text.contains("3... 23-28 $4 {+") || text.contains("3... 23-28 $2 {+"),
        "{text}"
    );
    assert!(text.contains("(3... "), "no better move: {text}");
    assert!(text.contains("{kept}"), "{text}");
    assert_eq!(std::fs::read_to_string(&f).unwrap(), input);
}

#[test]
fn on_error_nothing_is_written_and_the_inputs_are_unchanged() {
    let d = dir("error");
    let good = file(&d, "good.pdn", QUIET);
    let junk = file(&d, "junk.pdn", "this is not PDN at all\n");
    let out_path = file(&d, "out.pdn", "keep me\n");
    let out = dam(&[
        "pdn", "analyze", &good, &junk, "--depth", "2", "-o", &out_path,
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("not a PDN file"), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&out_path).unwrap(), "keep me\n");
    assert_eq!(std::fs::read_to_string(&good).unwrap(), QUIET);
    assert_eq!(
        std::fs::read_dir(&d).unwrap().count(),
        3,
        "a temporary file was left"
    );
}

#[test]
fn a_limit_is_required_and_time_works_too() {
    let d = dir("limits");
    let f = file(&d, "games.pdn", QUIET);
    let out_path = d.join("out.pdn").display().to_string();
    let out = dam(&["pdn", "analyze", &f, "-o", &out_path]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!Path::new(&out_path).exists());
    let out = dam(&["pdn", "analyze", &f, "--time", "0.05", "-o", &out_path]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let valid = dam(&["pdn", "validate", &out_path]);
    assert_eq!(valid.status.code(), Some(0));
}

#[test]
fn progress_is_shown_and_an_interrupted_run_resumes() {
    let d = dir("resume");
    let f = file(&d, "games.pdn", format!("{BLUNDER}{QUIET}{QUIET}"));
    let out_path = d.join("out.pdn");
    let out_text = out_path.display().to_string();
    // As an interrupted run leaves it: the first game written and counted.
    let first = "[Event \"done before\"]\n\n*\n\n";
    std::fs::write(d.join("out.pdn.partial"), first).unwrap();
    std::fs::write(d.join("out.pdn.done"), format!("1 1 {}\n", first.len())).unwrap();
    let out = dam(&["pdn", "analyze", &f, "--depth", "2", "-o", &out_text]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let said = stderr(&out);
    assert!(
        said.contains("resuming") && said.contains("analysed 3/3 games"),
        "{said}"
    );
    let written = std::fs::read_to_string(&out_path).unwrap();
    assert!(written.starts_with(first), "{written}");
    assert_eq!(written.matches("[Event ").count(), 3, "{written}");
    assert!(!d.join("out.pdn.partial").exists() && !d.join("out.pdn.done").exists());
}
