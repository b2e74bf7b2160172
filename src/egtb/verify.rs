//! `verify`: every database file of a variant found in a directory is
//! checked for its name, size and header, its checksum, and then every
//! stored value is derived again from its successors' stored values (the
//! retrograde invariant, distances saturated as stored). A position whose
//! side to move must capture has no stored value: only its byte's
//! presence is checked, and a successor of that kind is valued from its
//! captures.

use super::format::{HEADER, Value, checksum, read_value};
use super::signature::{MAX_PIECES, Signature};
use super::solve::{position, solve};
use super::tables::{Tables, file_path};
use crate::eval::Evaluate;
use crate::rules::removal::Rules;
use rayon::prelude::*;
use std::path::Path;

/// Whether the stored checksum of `sig`'s loaded file holds.
pub fn checksum_ok(tables: &Tables, sig: Signature) -> bool {
    tables.file(sig).is_some_and(|(_, bytes, _)| {
        let stored = u64::from_le_bytes(bytes[48..56].try_into().unwrap_or_default());
        checksum(&bytes[HEADER..]) == stored
    })
}

/// What `verify` found.
#[derive(Debug, Default)]
pub struct Report {
    /// Files checked, and their positions.
    pub files: usize,
    pub positions: u64,
    pub bytes: u64,
    /// One line per problem.
    pub problems: Vec<String>,
}

/// Verify every file of `R`'s variant under `dir`; `progress` is told
/// each file's name before it is checked.
pub fn verify<R: Rules>(dir: &Path, mut progress: impl FnMut(&str)) -> Report {
    let mut report = Report::default();
    let mut tables = Tables::empty(R::VARIANT, R::GEO, dir);
    let mut found = Vec::new();
    for job in Signature::plan(MAX_PIECES, R::MEN) {
        for sig in [job, job.mirror()] {
            let path = file_path(dir, R::VARIANT, sig);
            if !path.exists() || found.contains(&sig) {
                continue;
            }
            found.push(sig);
            match tables.load(sig) {
                Err(e) => report.problems.push(e),
                Ok(()) if !checksum_ok(&tables, sig) => report
                    .problems
                    .push(format!("{}: checksum mismatch", path.display())),
                Ok(()) => {}
            }
        }
    }
    if let Ok(entries) = std::fs::read_dir(dir.join(R::VARIANT.to_string())) {
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().to_string();
            let known = name
                .strip_suffix(".dtb")
                .and_then(|s| Signature::parse(s).ok())
                .is_some_and(|s| found.contains(&s));
            if !known && !name.starts_with('.') {
                report
                    .problems
                    .push(format!("{}: not a database name", e.path().display()));
            }
        }
    }
    let turn = tables.half_turn().clone();
    for &sig in &found {
        let Some((ix, bytes, blocks)) = tables.file(sig) else {
            continue;
        };
        progress(&sig.to_string());
        report.files += 1;
        report.positions += ix.size();
        report.bytes += bytes.len() as u64;
        let bad: Vec<u64> = (0..ix.size() as usize)
            .into_par_iter()
            .with_min_len(1024)
            .map(|i| i as u64)
            .filter(|&i| {
                let stored = read_value(bytes, blocks, i);
                let pos = position::<R>(&ix.unrank(i));
                if stored.is_some() && pos.must_capture() {
                    return false;
                }
                let derived = solve::<R>(&pos, &turn, false, |q, _| tables.probe_resolved::<R>(q));
                stored.is_none() || derived.map(Value::encode) != stored
            })
            .collect();
        if let Some(first) = bad.first() {
            report.problems.push(format!(
                "{sig}: {} position(s) disagree with their successors (first: index {first})",
                bad.len()
            ));
        }
    }
    report
}
