//! The readers of the remaining text inputs never panic, whatever they are
//! given: Hub protocol lines and Hub position strings, opening book files
//! and ballot files, in every variant. Inputs are random text and real
//! lines cut or with one character changed, so the readers are driven deep
//! into their grammar and not only turned away at the first character.

use dam::book::ballots::read_ballots;
use dam::book::{read_book, shipped};
use dam::protocol::hub::{parse, parse_position};
use dam::variant::Variant;
use dam::with_variant;
use proptest::prelude::*;

/// `text` with the character at `at` (modulo its length) replaced by `by`,
/// then cut after `keep` characters (modulo its length + 1).
fn damage(text: &str, at: usize, by: char, keep: usize) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out: Vec<char> = chars.clone();
    if !out.is_empty() {
        let i = at % out.len();
        out[i] = by;
    }
    out.truncate(keep % (chars.len() + 1));
    out.into_iter().collect()
}

/// A real line of a shipped book, picked by `pick`.
fn book_line(pick: usize) -> String {
    let text = shipped(Variant::English).expect("english has a shipped book");
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    lines[pick % lines.len()].to_string()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn hub_lines_never_panic(
        text in "[a-z=\" -]{0,40}",
        junk in "\\PC{0,40}",
        at in any::<usize>(),
        by in any::<char>(),
        keep in any::<usize>(),
    ) {
        let real = "go think pos=\"W:W31-50:B1-20\" moves=\"32-28 19-23\" level depth=5";
        for line in [text.as_str(), junk.as_str(), &damage(real, at, by, keep)] {
            let _ = parse(line);
        }
    }

    #[test]
    fn hub_positions_never_panic(
        text in "[WBwbeWBK]{0,60}",
        junk in "\\PC{0,60}",
        at in any::<usize>(),
        by in any::<char>(),
        keep in any::<usize>(),
    ) {
        for variant in Variant::ALL {
            with_variant!(variant, G => {
                let _ = parse_position::<G>(&text);
                let _ = parse_position::<G>(&junk);
                for start in [
                    "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww",
                    "Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww",
                ] {
                    let _ = parse_position::<G>(&damage(start, at, by, keep));
                }
            });
        }
    }

    #[test]
    fn book_files_never_panic(
        pick in any::<usize>(),
        at in any::<usize>(),
        by in "[-0-9WBK:;,.+x# ]",
        keep in any::<usize>(),
        junk in "\\PC{0,80}",
    ) {
        let line = damage(&book_line(pick), at, by.chars().next().unwrap_or(' '), keep);
        let start = book_line(0);
        for variant in Variant::ALL {
            with_variant!(variant, G => {
                let _ = read_book::<G>(&format!("{start}\n{line}\n"), "damaged.book");
                let _ = read_book::<G>(&junk, "junk.book");
            });
        }
    }

    #[test]
    fn ballot_files_never_panic(
        at in any::<usize>(),
        by in "[-0-9WBK:x#. ]",
        keep in any::<usize>(),
        junk in "\\PC{0,60}",
    ) {
        let real = "1. 11-15 23-19 8-11 22-17\nB:W18,21-32:B1-14,16 # a FEN\n";
        let line = damage(real, at, by.chars().next().unwrap_or(' '), keep);
        for variant in Variant::ALL {
            with_variant!(variant, G => {
                let _ = read_ballots::<G>(&line);
                let _ = read_ballots::<G>(&junk);
            });
        }
    }
}
