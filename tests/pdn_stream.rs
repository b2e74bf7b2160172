//! `dam pdn split` and the `--jsonl` stages run as programs: the shards'
//! streamed analyses, put together, are the analysis of the unsplit files;
//! a bad game or a broken JSON line is an error record and the stream goes
//! on; stream and file inputs exclude each other.

use crate::common::{command, dam, dir, file, stderr, stdout};
use serde_json::Value;
use std::io::Write;
use std::process::Stdio;

const GAMES: &str = "[White \"A\"]\n[Black \"B\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 37-32 23-28 *\n\n\
                     [White \"C\"]\n[Black \"D\"]\n1. 33-29 17-21 2. 39-33 21-26 * [White \"E\"]\n\
                     1. 32-28 19-23 2. 28-22 *\n\n[White \"G\"]\n1. 34-29 17-21 2. 40-34 *\n";
const ENGLISH: &str = "[GameType \"21\"]\n1. 11-15 23-19 2. 8-11 22-17 *\n\n1. 9-13 22-18 *\n";

/// `dam ARGS` with `input` on stdin; exit code, stdout and stderr.
fn piped(args: &[&str], input: &[u8]) -> (Option<i32>, String, String) {
    let mut child = command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code(), stdout(&out), stderr(&out))
}

#[test]
fn the_shards_streamed_make_the_analysis_of_the_unsplit_files() {
    let d = dir("stream-split");
    let one = file(&d, "one.pdn", GAMES);
    let two = file(&d, "two.pdn", ENGLISH);
    let shards = d.join("shards").display().to_string();
    let out = dam(&["pdn", "split", &one, &two, "--shards", "3", "-o", &shards]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("6 games in 3 shards"),
        "{}",
        stdout(&out)
    );
    let manifest: Value =
        serde_json::from_slice(&std::fs::read(d.join("shards/manifest.json")).unwrap()).unwrap();
    let mut pdn = String::new();
    let mut errors = Vec::new();
    for shard in manifest["shards"].as_array().unwrap() {
        let bytes = std::fs::read(d.join("shards").join(shard["file"].as_str().unwrap())).unwrap();
        let (code, records, err) = piped(&["pdn", "analyze", "--jsonl", "--depth", "2"], &bytes);
        assert_eq!(code, Some(0), "{err}");
        assert_eq!(
            records.lines().count() as u64,
            shard["games"].as_u64().unwrap()
        );
        for line in records.lines() {
            let record: Value = serde_json::from_str(line).unwrap();
            match record["pdn"].as_str() {
                Some(game) => pdn.push_str(game),
                None => errors.push((shard.clone(), record)),
            }
        }
    }
    let whole = d.join("whole.pdn").display().to_string();
    let out = dam(&["pdn", "analyze", &one, &two, "--depth", "2", "-o", &whole]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(pdn, std::fs::read_to_string(&whole).unwrap());
    // The error record, mapped back through the manifest, is the report.
    let [(shard, bad)] = &errors[..] else {
        panic!("{errors:?}")
    };
    let number = |v: &Value| v.as_i64().unwrap();
    let segment = &shard["segments"][0];
    let line =
        number(&bad["error"]["line"]) + number(&segment["line"]) - number(&segment["shard_line"]);
    let game = number(&shard["first_game"]) - 1 + number(&bad["game"]);
    let column = number(&bad["error"]["column"]);
    let report = format!("{one}:{line}:{column}: game {game} (E - ?), move 2:");
    assert!(stderr(&out).contains(&report), "{report}\n{}", stderr(&out));
    assert_eq!((line, column, game), (8, 19, 3));
}

/// The JSON records of a stage's output, one a line.
fn records(out: &str) -> Vec<Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn a_broken_line_is_an_error_record_and_the_stream_goes_on() {
    let input = "{\"moves\": [\"32-28\", \"19-23\"]}\n{\"moves\": \n{\"moves\": [\"33-28\"]}\n";
    let (code, out, err) = piped(&["pdn", "validate", "--jsonl"], input.as_bytes());
    assert_eq!(code, Some(0), "{err}");
    let records = records(&out);
    assert_eq!(records.len(), 3, "{out}");
    assert_eq!(records[0]["plies"], 2);
    assert_eq!(records[1]["error"]["line"], 2);
    assert!(
        records[1]["error"]["reason"]
            .as_str()
            .unwrap()
            .starts_with("not JSON")
    );
    assert_eq!(records[2]["plies"], 1);
    let (code, out, _) = piped(&["pdn", "stats", "--jsonl"], ENGLISH.as_bytes());
    assert_eq!(code, Some(0));
    assert_eq!(out.lines().count(), 2, "{out}");
}

#[test]
fn files_and_the_stream_exclude_each_other() {
    let d = dir("stream-args");
    let one = file(&d, "one.pdn", GAMES);
    let out = dam(&["pdn", "validate", &one, "--jsonl"]);
    assert_eq!(out.status.code(), Some(2));
    let out = dam(&["pdn", "stats"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no PDN files given"),
        "{}",
        stderr(&out)
    );
    let out = dam(&["pdn", "analyze", "--jsonl", "--depth", "2", "-o", "x.pdn"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_record_s_result_agrees_with_its_result_tag() {
    let input = "[Result \"1-0\"]\n1. 32-28 19-23 1-0\n\n[Result \"0-1\"]\n1. 32-28 19-23 2-0\n";
    let (code, out, err) = piped(&["pdn", "validate", "--jsonl"], input.as_bytes());
    assert_eq!(code, Some(0), "{err}");
    let records = records(&out);
    assert_eq!(records[0]["result"], "2-0");
    assert_eq!(records[0]["tags"]["Result"], "2-0", "{out}");
    assert!(records[0].get("result_overrules").is_none(), "{out}");
    assert_eq!(records[1]["tags"]["Result"], "2-0", "{out}");
    assert_eq!(records[1]["result_overrules"]["tag"], "0-1", "{out}");
}

#[test]
fn stats_records_carry_the_ending_and_the_pieces_left() {
    let game = "[Result \"2-0\"]\n\
                [Termination \"adjudicated by material after 150 plies (7 to 3)\"]\n\
                [FEN \"W:W31,32,K5:BK45\"]\n1. 32-28 2-0\n";
    let (code, out, err) = piped(&["pdn", "stats", "--jsonl"], game.as_bytes());
    assert_eq!(code, Some(0), "{err}");
    let value: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(value["ending"], "adjudicated by material after 150 plies");
    assert_eq!(value["end"]["white"]["men"], 2, "{value}");
    assert_eq!(value["end"]["white"]["kings"], 1, "{value}");
    assert_eq!(value["end"]["black"]["men"], 0, "{value}");
    assert_eq!(value["end"]["black"]["kings"], 1, "{value}");
}
