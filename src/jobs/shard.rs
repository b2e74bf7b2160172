//! `dam pdn split`: PDN collections cut into shards of whole games of
//! about equal size, each shard a PDN file of its own, and a manifest
//! that says what each holds. The files are memory-mapped, split into
//! games in parallel, and the shards written in parallel.
//!
//! A shard is one or more segments, each a run of consecutive games of one
//! input copied byte for byte (blank lines and comments between them
//! included), preceded by as many spaces as there were characters before
//! its first game on its line: so a game's lines and columns in the shard
//! are those of the input shifted by a known number of lines, and the
//! manifest's segments (`input`, `first_game`, `games`, `line`,
//! `shard_line`) map them back.

use crate::pdn::source::Source;
use crate::pdn::split::{GameSpan, Splitter};
use rayon::prelude::*;
use serde_json::{Value, json};
use std::path::Path;

/// The manifest's file name in the output folder.
pub const MANIFEST: &str = "manifest.json";

/// A run of consecutive games of one input in a shard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    /// Index of the input.
    pub input: usize,
    /// 0-based index in the input's games of the first game.
    pub first: usize,
    pub games: usize,
}

/// The games of one input.
struct Input<'s> {
    name: &'s str,
    source: &'s Source,
    spans: Vec<GameSpan>,
}

/// The shards of the games `spans` (of each input, in order): runs of
/// consecutive games of about equal bytes, at most `shards` of them and
/// none empty.
pub fn plan(spans: &[&[GameSpan]], shards: usize) -> Vec<Vec<Segment>> {
    let size = |s: &GameSpan| (s.end - s.start) as u64 + 1;
    let total: u64 = spans.iter().flat_map(|s| s.iter()).map(size).sum();
    let games: usize = spans.iter().map(|s| s.len()).sum();
    let shards = shards.clamp(1, games.max(1)) as u64;
    let mut plan: Vec<Vec<Segment>> = Vec::new();
    let (mut done, mut shard) = (0u64, Vec::new());
    let mut taken = 0usize;
    for (input, file) in spans.iter().enumerate() {
        for (i, span) in file.iter().enumerate() {
            match shard.last_mut() {
                Some(Segment {
                    input: at, games, ..
                }) if *at == input => *games += 1,
                _ => shard.push(Segment {
                    input,
                    first: i,
                    games: 1,
                }),
            }
            done += size(span);
            taken += 1;
            let cut = (plan.len() as u64 + 1) * total / shards;
            let left = (shards as usize) - plan.len() - 1;
            if (done >= cut && left > 0 && games - taken >= left) || games - taken == left {
                plan.push(std::mem::take(&mut shard));
            }
        }
    }
    if !shard.is_empty() {
        plan.push(shard);
    }
    plan
}

/// Cut `sources` (name, mapped file) into at most `shards` shard files in
/// `dir` with their manifest; the manifest as JSON.
pub fn split(sources: &[(String, Source)], shards: usize, dir: &Path) -> Result<Value, String> {
    let inputs: Vec<Input> = sources
        .par_iter()
        .map(|(name, source)| Input {
            name,
            source,
            spans: Splitter::new(source.bytes()).collect(),
        })
        .collect();
    let spans: Vec<&[GameSpan]> = inputs.iter().map(|i| i.spans.as_slice()).collect();
    let plan = plan(&spans, shards);
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let width = plan.len().to_string().len().max(4);
    let entries: Vec<Value> = plan
        .par_iter()
        .enumerate()
        .map(|(i, segments)| write_shard(&inputs, segments, i + 1, width, dir))
        .collect::<Result<_, _>>()?;
    let mut first_game = 1;
    let entries: Vec<Value> = entries
        .into_iter()
        .map(|mut entry| {
            let games = entry["games"].as_u64().unwrap_or(0) as usize;
            entry["first_game"] = json!(first_game);
            first_game += games;
            entry
        })
        .collect();
    let manifest = json!({
        "inputs": inputs.iter().map(|i| json!({"file": i.name, "games": i.spans.len()})).collect::<Vec<_>>(),
        "games": first_game - 1,
        "shards": entries,
    });
    let text = serde_json::to_string_pretty(&manifest).map_err(|e| e.to_string())? + "\n";
    let path = dir.join(MANIFEST);
    let mut out = super::output::Output::new(Some(&path))?;
    out.write(&text)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    out.finish()?;
    Ok(manifest)
}

/// Write shard `number` (whole or not at all: written beside, then
/// renamed); its manifest entry.
fn write_shard(
    inputs: &[Input],
    segments: &[Segment],
    number: usize,
    width: usize,
    dir: &Path,
) -> Result<Value, String> {
    let name = format!("shard-{number:0width$}.pdn");
    let mut bytes = Vec::new();
    let mut line = 1;
    let mut listed = Vec::new();
    for segment in segments {
        let input = &inputs[segment.input];
        let all = input.source.bytes();
        let first = input.spans[segment.first];
        let last = input.spans[segment.first + segment.games - 1];
        let column = crate::pdn::source::column_before(all, first.start);
        listed.push(json!({
            "input": input.name,
            "first_game": segment.first + 1,
            "games": segment.games,
            "line": first.line,
            "shard_line": line,
        }));
        bytes.resize(bytes.len() + column, b' ');
        let body = &all[first.start..last.end];
        bytes.extend_from_slice(body);
        bytes.push(b'\n');
        line += body.iter().filter(|&&b| b == b'\n').count() + 1;
    }
    let path = dir.join(&name);
    let partial = dir.join(format!("{name}.partial"));
    std::fs::write(&partial, &bytes)
        .and_then(|()| std::fs::rename(&partial, &path))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(json!({
        "shard": number,
        "file": name,
        "games": segments.iter().map(|s| s.games).sum::<usize>(),
        "bytes": bytes.len(),
        "crc32": format!("{:08x}", crc32(&bytes)),
        "segments": listed,
    }))
}

/// CRC-32 (IEEE, as zlib and `zlib.crc32` compute it).
pub fn crc32(bytes: &[u8]) -> u32 {
    const TABLE: [u32; 256] = {
        let mut table = [0u32; 256];
        let mut i = 0;
        while i < 256 {
            let mut c = i as u32;
            let mut k = 0;
            while k < 8 {
                c = if c & 1 != 0 {
                    0xEDB8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                };
                k += 1;
            }
            table[i] = c;
            i += 1;
        }
        table
    };
    !bytes.iter().fold(!0u32, |c, &b| {
        TABLE[((c ^ b as u32) & 0xFF) as usize] ^ (c >> 8)
    })
}

#[cfg(test)]
mod tests;
