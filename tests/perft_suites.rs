//! The perft suites: every `tests/perft/*.perft` file, checked depth by
//! depth through the library (`parse_fen` + `perft` for the entry's
//! variant). New files in that folder are picked up without touching this
//! runner.
//!
//! A suite file holds entries, one block each; `#` starts a comment
//! anywhere on a line:
//!
//! ```text
//! id <name>
//! variant <variant-id>
//! fen <FEN>
//! perft <depth> <count>        # unique moves
//! perft-dup <depth> <count>    # every capture route (dam perft --duplicates)
//! ```
//!
//! Counts above `NODE_BUDGET` are skipped (slow in debug builds) unless
//! `DAM_PERFT_FULL=1`; the runner says how many it skipped. Every mismatch
//! is reported with file, line, id, depth, expected and got, and a file
//! that does not parse fails with file:line.

use dam::notation::fen::parse_fen;
use dam::perft::{Counting, perft};
use dam::variant::Variant;
use dam::with_variant;
use rayon::prelude::*;
use std::io::Write;
use std::path::Path;

/// The largest count checked without `DAM_PERFT_FULL=1`.
const NODE_BUDGET: u64 = 1_000_000;

/// One `perft` or `perft-dup` line.
#[derive(Debug)]
struct Check {
    line: usize,
    counting: Counting,
    depth: u32,
    count: u64,
}

/// One block of a suite file.
#[derive(Debug)]
struct Entry {
    /// Where the entry is: `tests/perft/x.perft`.
    file: String,
    id: String,
    variant: Variant,
    fen: String,
    checks: Vec<Check>,
}

/// An entry being read: its fields as far as they have been given.
struct Partial {
    line: usize,
    id: String,
    variant: Option<Variant>,
    fen: Option<(usize, String)>,
    checks: Vec<Check>,
}

/// Whether `fen` is a position of `variant`.
fn check_fen(variant: Variant, fen: &str) -> Result<(), String> {
    with_variant!(variant, G => parse_fen::<G>(fen).map(|_| ()).map_err(|e| e.to_string()))
}

/// Close an entry: it needs a variant, a FEN that variant reads, and at
/// least one count.
fn finish(file: &str, p: Partial) -> Result<Entry, String> {
    let here = |line: usize, msg: String| format!("{file}:{line}: {msg}");
    let Some(variant) = p.variant else {
        return Err(here(p.line, format!("entry '{}' has no variant", p.id)));
    };
    let Some((fen_line, fen)) = p.fen else {
        return Err(here(p.line, format!("entry '{}' has no fen", p.id)));
    };
    check_fen(variant, &fen).map_err(|e| here(fen_line, e))?;
    if p.checks.is_empty() {
        return Err(here(p.line, format!("entry '{}' has no perft line", p.id)));
    }
    Ok(Entry {
        file: file.to_string(),
        id: p.id,
        variant,
        fen,
        checks: p.checks,
    })
}

/// Read one suite file; `file` names it in errors.
fn parse_suite(file: &str, text: &str) -> Result<Vec<Entry>, String> {
    let mut entries = Vec::new();
    let mut current: Option<Partial> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let here = |msg: String| format!("{file}:{line}: {msg}");
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let (key, value) = match content.split_once(char::is_whitespace) {
            Some((k, v)) => (k, v.trim()),
            None => (content, ""),
        };
        if key == "id" {
            if value.is_empty() || value.contains(char::is_whitespace) {
                return Err(here(format!("id needs one word, found '{value}'")));
            }
            if entries.iter().any(|e: &Entry| e.id == value)
                || current.as_ref().is_some_and(|p| p.id == value)
            {
                return Err(here(format!("id '{value}' is used twice in this file")));
            }
            if let Some(p) = current.take() {
                entries.push(finish(file, p)?);
            }
            current = Some(Partial {
                line,
                id: value.to_string(),
                variant: None,
                fen: None,
                checks: Vec::new(),
            });
            continue;
        }
        let Some(p) = current.as_mut() else {
            return Err(here(format!("'{key}' before the first id")));
        };
        match key {
            "variant" => {
                if p.variant.is_some() {
                    return Err(here("variant given twice".into()));
                }
                let v = value.parse::<Variant>().map_err(|e| here(e.to_string()))?;
                p.variant = Some(v);
            }
            "fen" => {
                if p.fen.is_some() {
                    return Err(here("fen given twice".into()));
                }
                if value.is_empty() {
                    return Err(here("fen needs a position".into()));
                }
                p.fen = Some((line, value.to_string()));
            }
            "perft" | "perft-dup" => {
                let counting = if key == "perft" {
                    Counting::Unique
                } else {
                    Counting::Duplicates
                };
                let fields: Vec<&str> = value.split_whitespace().collect();
                let [depth, count] = fields[..] else {
                    return Err(here(format!(
                        "{key} needs <depth> <count>, found '{value}'"
                    )));
                };
                let depth: u32 = depth
                    .parse()
                    .map_err(|_| here(format!("'{depth}' is not a depth")))?;
                let count: u64 = count
                    .parse()
                    .map_err(|_| here(format!("'{count}' is not a count")))?;
                if p.checks
                    .iter()
                    .any(|c| c.counting == counting && c.depth == depth)
                {
                    return Err(here(format!("{key} {depth} given twice")));
                }
                p.checks.push(Check {
                    line,
                    counting,
                    depth,
                    count,
                });
            }
            _ => {
                return Err(here(format!(
                    "unknown key '{key}' (expected id, variant, fen, perft, perft-dup)"
                )));
            }
        }
    }
    if let Some(p) = current.take() {
        entries.push(finish(file, p)?);
    }
    Ok(entries)
}

/// Perft of one check of an entry.
fn run_check(entry: &Entry, check: &Check) -> u64 {
    with_variant!(entry.variant, G => {
        let pos: G = parse_fen(&entry.fen).expect("checked while parsing");
        perft(&pos, check.depth, check.counting)
    })
}

/// Every suite file in `tests/perft`, sorted by name, as (name, text).
fn suite_files() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let name = format!("tests/perft/{}", p.file_name().unwrap().to_string_lossy());
            let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, text)
        })
        .collect()
}

#[test]
fn perft_suites() {
    let full = std::env::var("DAM_PERFT_FULL").is_ok_and(|v| v == "1");
    let mut failures = Vec::new();
    let mut entries = Vec::new();
    for (name, text) in suite_files() {
        match parse_suite(&name, &text) {
            Ok(found) => entries.extend(found),
            Err(e) => failures.push(format!("parse error: {e}")),
        }
    }
    let mut jobs: Vec<(&Entry, &Check)> = entries
        .iter()
        .flat_map(|e| e.checks.iter().map(move |c| (e, c)))
        .collect();
    let total = jobs.len();
    jobs.retain(|(_, c)| full || c.count <= NODE_BUDGET);
    let skipped = total - jobs.len();
    // the biggest first, so that the last job to finish is a small one
    jobs.sort_by_key(|(_, c)| std::cmp::Reverse(c.count));
    let mut mismatches: Vec<(&Entry, &Check, u64)> = jobs
        .par_iter()
        .filter_map(|&(e, c)| {
            let got = run_check(e, c);
            (got != c.count).then_some((e, c, got))
        })
        .collect();
    mismatches.sort_by(|a, b| (&a.0.file, a.1.line).cmp(&(&b.0.file, b.1.line)));
    for (e, c, got) in &mismatches {
        let kind = match c.counting {
            Counting::Unique => "perft",
            Counting::Duplicates => "perft-dup",
        };
        failures.push(format!(
            "{}:{}: {} ({}) {kind} {}: expected {}, got {got}",
            e.file, c.line, e.id, e.variant, c.depth, c.count
        ));
    }
    // straight to stderr, past the test harness's capture, so the count
    // of skipped checks shows in every run
    let _ = writeln!(
        std::io::stderr(),
        "perft suites: {} entries, {} counts checked, {skipped} skipped{}",
        entries.len(),
        jobs.len(),
        if skipped > 0 {
            format!(" (above {NODE_BUDGET} nodes; DAM_PERFT_FULL=1 checks them)")
        } else {
            String::new()
        }
    );
    assert!(!entries.is_empty(), "no suite entries in tests/perft");
    assert!(
        failures.is_empty(),
        "{} perft suite failure(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn comments_blank_lines_and_both_counts_are_read() {
    let text = "# a suite\n\nid start   # trailing comment\nvariant english\n\
                fen B:W21-32:B1-12\nperft 1 7\n  perft-dup 2 49 # routes\n\n\
                id two\nvariant international\nfen W:W31-50:B1-20\nperft 1 9\n";
    let entries = parse_suite("x.perft", text).unwrap();
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[0].id, "start");
    assert_eq!(entries[0].variant, Variant::English);
    assert_eq!(entries[0].checks.len(), 2);
    let dup = &entries[0].checks[1];
    assert_eq!((dup.line, dup.depth, dup.count), (7, 2, 49));
    assert_eq!(dup.counting, Counting::Duplicates);
    assert_eq!(run_check(&entries[0], dup), 49);
    assert_eq!(entries[1].variant, Variant::International);
}

#[test]
fn parse_errors_name_file_and_line() {
    let head = "id a\nvariant dama\nfen W:W21-32:B1-12\n";
    let cases = [
        ("perft 1\n", "x.perft:4:"),
        ("perft one 7\n", "x.perft:4:"),
        ("perft 1 7\nperft 1 7\n", "x.perft:5:"),
        ("perft 1 7\ndepth 3\n", "x.perft:5:"),
        ("perft 1 7\nid a\n", "x.perft:5:"),
        ("", "x.perft:1:"),
    ];
    for (tail, place) in cases {
        let err = parse_suite("x.perft", &format!("{head}{tail}")).unwrap_err();
        assert!(err.starts_with(place), "{tail:?}: {err}");
    }
    let err = parse_suite("x.perft", "variant dama\n").unwrap_err();
    assert!(err.starts_with("x.perft:1:"), "{err}");
    let err = parse_suite("x.perft", "id a\nvariant frisian\n").unwrap_err();
    assert!(err.starts_with("x.perft:2:"), "{err}");
    let err = parse_suite("x.perft", "id a\nvariant dama\nfen W:W99\nperft 1 0\n").unwrap_err();
    assert!(err.starts_with("x.perft:3:"), "{err}");
}
