//! The stage: one record a game in input order, the same whatever the
//! input was cut into and however many threads; bad games and broken JSON
//! lines are error records saying where, and the stream goes on.

use super::*;
use crate::jobs::export::{Format, export};
use serde_json::Value;

const GAMES: &str = "[White \"A\"]\n[Black \"B\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 37-32 *\n\n\
                     [White \"C\"]\n1. 32-28 19-23\n2. 28-22 *\n\n\
                     [White \"D\"]\n[GameType \"21\"]\n1. 11-15 23-19 2. 8-11 22-17 1-0\n\n\
                     [FEN \"W:W99:B1\"]\n1. 32-28 *\n";

fn settings(threads: usize) -> Settings {
    Settings {
        variant: None,
        strict: false,
        threads,
    }
}

fn depth(d: i32) -> Job {
    Job::Analyze(
        Limits {
            depth: Some(d),
            ..Limits::default()
        },
        None,
    )
}

fn stage(input: &str, job: &Job, threads: usize) -> Vec<Value> {
    let mut out = Vec::new();
    let games = run_stage(input.as_bytes(), &mut out, job, settings(threads)).unwrap();
    let records: Vec<Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), games);
    records
}

#[test]
fn records_do_not_depend_on_the_games_before_or_the_threads() {
    let job = depth(3);
    let whole = stage(GAMES, &job, 1);
    assert_eq!(whole, stage(GAMES, &job, 3));
    let one_by_one: Vec<Value> = GAMES
        .split("\n\n")
        .map(|game| stage(game, &job, 1).remove(0)["moves"].clone())
        .collect();
    let moves: Vec<Value> = whole.iter().map(|r| r["moves"].clone()).collect();
    assert_eq!(moves, one_by_one);
}

#[test]
fn bad_games_are_error_records_saying_where() {
    let records = stage(GAMES, &Job::Validate, 1);
    let summary: Vec<(u64, u64, Option<&Value>)> = records
        .iter()
        .map(|r| {
            (
                r["game"].as_u64().unwrap(),
                r["line"].as_u64().unwrap(),
                r.get("error"),
            )
        })
        .collect();
    assert_eq!(summary.len(), 4);
    assert_eq!((summary[0].0, summary[0].1, summary[0].2), (1, 1, None));
    let illegal = &records[1]["error"];
    assert_eq!(
        (&illegal["line"], &illegal["column"], &illegal["move"]),
        (&Value::from(7), &Value::from(4), &Value::from("2"))
    );
    assert!(illegal["reason"].as_str().unwrap().contains("28-22"));
    assert_eq!(records[2]["variant"], "english");
    assert_eq!(records[3]["line"], 13);
    assert!(
        records[3]["error"]["reason"]
            .as_str()
            .unwrap()
            .contains("99")
    );
}

#[test]
fn a_game_as_json_gets_the_record_of_the_same_game_as_pdn() {
    let pdn = stage(GAMES, &depth(2), 1);
    let mut json = String::new();
    for game in GAMES.split("\n\n").take(1) {
        let options = Options {
            strict: false,
            canonical: true,
            fens: true,
        };
        let checked = check(game, None, options).map_err(|e| e.1).unwrap();
        json.push_str(&export(&checked, Format::Json));
    }
    json.push_str("{\"moves\": 3}\nnot json\n");
    let records = stage(&json, &depth(2), 2);
    assert_eq!(records[0]["pdn"], pdn[0]["pdn"]);
    assert_eq!(records[0]["moves"], pdn[0]["moves"]);
    let errors: Vec<(&Value, &Value)> = records[1..]
        .iter()
        .map(|r| (&r["line"], &r["error"]["column"]))
        .collect();
    assert_eq!(
        errors,
        [
            (&Value::from(2), &Value::Null),
            (&Value::from(3), &Value::Null)
        ]
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Any bytes: no panic, one record a game, each game or error record.
    #[test]
    fn any_bytes_get_one_record_a_game(bytes in proptest::collection::vec(
        proptest::prop_oneof![
            proptest::prelude::any::<u8>(),
            proptest::sample::select(b"{}[]()\"%/\n 1-0*32-28x.".to_vec()),
        ],
        0..400,
    )) {
        let mut out = Vec::new();
        let games = run_stage(&bytes[..], &mut out, &Job::Validate, settings(1)).unwrap();
        let text = String::from_utf8(out).unwrap();
        proptest::prop_assert_eq!(text.lines().count(), games);
        for line in text.lines() {
            let record: Value = serde_json::from_str(line).unwrap();
            proptest::prop_assert!(record.get("error").is_some() || record.get("plies").is_some());
        }
    }
}
