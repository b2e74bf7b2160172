//! Runs the perft suites in `tests/perft/*.perft`: every entry's `perft`
//! (unique moves) and `perft-dup` (every route) lines, up to a node budget
//! per line so the suite stays quick in debug builds.
//!
//! Format, one entry per block: `# comment` lines, then `id <name>`,
//! `variant <variant-id>`, `fen <FEN>`, and any number of
//! `perft <depth> <count>` / `perft-dup <depth> <count>` lines; text after
//! a `#` on a line is a comment.

use dam::notation::fen::parse_fen;
use dam::perft::{Counting, perft};
use dam::rules::Game;
use dam::variant::Variant;
use dam::with_variant;
use std::path::Path;

/// Counts above this are skipped (the start positions' deepest lines).
const BUDGET: u64 = 2_000_000;

/// One entry's checks: where it is, its variant and FEN, and the expected
/// counts.
struct Entry {
    place: String,
    variant: Option<Variant>,
    fen: String,
    counts: Vec<(Counting, u32, u64)>,
}

fn parse(file: &Path) -> Vec<Entry> {
    let text = std::fs::read_to_string(file).expect("a readable suite");
    let mut entries: Vec<Entry> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        let place = format!("{}:{}", file.display(), n + 1);
        let mut words = line.split_whitespace();
        match words.next() {
            None => {}
            Some("id") => entries.push(Entry {
                place: format!("{place} {line}"),
                variant: None,
                fen: String::new(),
                counts: Vec::new(),
            }),
            Some(key) => {
                let entry = entries
                    .last_mut()
                    .unwrap_or_else(|| panic!("{place}: no id before this line"));
                let rest: Vec<&str> = words.collect();
                match (key, rest.as_slice()) {
                    ("variant", [v]) => entry.variant = Some(v.parse().expect(&place)),
                    ("fen", [fen]) => entry.fen = fen.to_string(),
                    ("perft" | "perft-dup", [depth, count]) => {
                        let counting = if key == "perft" {
                            Counting::Unique
                        } else {
                            Counting::Duplicates
                        };
                        let depth = depth.parse().expect(&place);
                        let count = count.parse().expect(&place);
                        entry.counts.push((counting, depth, count));
                    }
                    _ => panic!("{place}: cannot read '{line}'"),
                }
            }
        }
    }
    entries
}

fn check<G: Game>(entry: &Entry) -> usize {
    let pos: G = parse_fen(&entry.fen).unwrap_or_else(|e| panic!("{}: {e}", entry.place));
    let mut checked = 0;
    for &(counting, depth, count) in &entry.counts {
        if count <= BUDGET {
            let got = perft(&pos, depth, counting);
            assert_eq!(got, count, "{} {counting:?} depth {depth}", entry.place);
            checked += 1;
        }
    }
    checked
}

#[test]
fn perft_suites_hold() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/perft")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for file in files {
        for entry in parse(&file) {
            let variant = entry
                .variant
                .unwrap_or_else(|| panic!("{}: no variant", entry.place));
            let checked = with_variant!(variant, G => check::<G>(&entry));
            assert!(checked > 0, "{}: nothing checked", entry.place);
        }
    }
}
