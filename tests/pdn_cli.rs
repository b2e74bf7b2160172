//! `dam pdn` run as a program on PDN text written here: the validate
//! report format and exit codes, convert to PDN, FEN lists and JSON with
//! its all-or-nothing output, stats, Latin-1 input and files that are not
//! PDN.

use crate::common::{dam, dir, file, stderr, stdout};

const GOOD: &str = "[Event \"Test\"]\n[White \"Wit\"]\n[Black \"Zwart\"]\n[Result \"1-0\"]\n\
                    1. 32-28 19-23 2. 28x19 14x23 { fine } 3. 33-28 (3. 34-29) 23x32 4. 37x28 1-0\n\n";
const BAD: &str = "[White \"A\"]\n[Black \"B\"]\n\n1. 32-28 19-23\n2. 28-22 *\n\n";

#[test]
fn validate_reports_each_bad_game_with_its_place_and_goes_on() {
    let d = dir("validate");
    let f = file(&d, "games.pdn", format!("{GOOD}{BAD}{GOOD}").as_bytes());
    let out = dam(&["pdn", "validate", &f]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with(&format!(
            "{f}:11:4: game 2 (A - B), move 2: move '28-22' is not legal here"
        )),
        "{text}"
    );
    assert_eq!(lines[1], "1 file, 3 games: 2 valid, 1 bad");
    let good = file(&d, "good.pdn", GOOD.as_bytes());
    let out = dam(&["pdn", "validate", &good, &good]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "2 files, 2 games: 2 valid, 0 bad\n");
}

#[test]
fn validate_parse_errors_name_line_and_column_and_unreadable_files_exit_2() {
    let d = dir("errors");
    let text = "[Event \"x\"]\r\n1. 32-28 {open\r\n";
    let f = file(&d, "open.pdn", text.as_bytes());
    let out = dam(&["pdn", "validate", &f]);
    assert!(
        stdout(&out).starts_with(&format!(
            "{f}:2:10: game 1 (? - ?), move 1: this comment is never closed"
        )),
        "{}",
        stdout(&out)
    );
    let binary = file(&d, "b.pdn", b"\x7fELF\x00\x01");
    let not_pdn = file(&d, "n.pdn", b"Hello, world\n");
    let out = dam(&["pdn", "validate", &binary, &not_pdn, &f]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("b.pdn: not a text file"), "{err}");
    assert!(
        err.contains("n.pdn: not a PDN file (1:1: expected a move, found 'Hello,')"),
        "{err}"
    );
    assert!(stdout(&out).contains("1 file, 1 game: 0 valid, 1 bad, 2 file(s) unreadable"));
}

#[test]
fn latin1_and_utf8_names_and_unsupported_variants() {
    let d = dir("encodings");
    let mut bytes = b"[White \"Fran\xe7ois\"]\n[Black \"x\"]\n1. 32-28 19-25 *\n".to_vec();
    bytes.extend_from_slice(b"[GameType \"40\"]\n1. 32-28 *\n");
    let f = file(&d, "latin1.pdn", &bytes);
    let out = dam(&["pdn", "validate", &f]);
    let text = stdout(&out);
    assert!(
        text.contains("game 1 (François - x), move 1...: move '19-25'"),
        "{text}"
    );
    assert!(
        text.contains("game 2 (? - ?): unsupported variant: GameType 40 is Frisian"),
        "{text}"
    );
}

#[test]
fn a_directory_stands_for_its_pdn_files() {
    let d = dir("directory");
    file(&d, "a.pdn", "[GameType \"20\"]\n1. 32-28 19-23 *\n");
    file(&d, "b.PDN", "[GameType \"20\"]\n1. 33-28 18-23 *\n");
    file(&d, "notes.txt", "not a game");
    let out = dam(&["pdn", "validate", &d.display().to_string()]);
    assert_eq!(
        stdout(&out),
        "2 files, 2 games: 2 valid, 0 bad\n",
        "{}",
        stderr(&out)
    );
    let empty = dir("empty-directory");
    let out = dam(&["pdn", "validate", &empty.display().to_string()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("a directory without .pdn files"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_directory_stands_for_the_pdn_files_of_its_subfolders_too() {
    let d = dir("subfolders");
    std::fs::create_dir_all(d.join("2024/round-1")).unwrap();
    std::fs::create_dir_all(d.join("empty")).unwrap();
    file(&d, "a.pdn", "[GameType \"20\"]\n1. 32-28 19-23 *\n");
    file(
        &d.join("2024"),
        "b.pdn",
        "[GameType \"20\"]\n1. 33-28 18-23 *\n",
    );
    file(
        &d.join("2024/round-1"),
        "c.pdn",
        "[GameType \"20\"]\n1. 31-27 17-21 *\n",
    );
    let out = dam(&["pdn", "validate", &d.display().to_string()]);
    assert_eq!(
        stdout(&out),
        "3 files, 3 games: 3 valid, 0 bad\n",
        "{}",
        stderr(&out)
    );
    let nested_only = dir("subfolders-only");
    std::fs::create_dir_all(nested_only.join("deep")).unwrap();
    file(
        &nested_only.join("deep"),
        "d.pdn",
        "[GameType \"20\"]\n1. 32-28 *\n",
    );
    let out = dam(&["pdn", "validate", &nested_only.display().to_string()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn english_results_count_black_first_and_end_the_game() {
    let d = dir("english-results");
    let games = "[GameType \"21\"]\n[Result \"1-0\"]\n1. 11-15 23-19 *\n\n\
                 [GameType \"21\"]\n[Result \"0-1\"]\n1. 9-14 22-17 0-1\n";
    let f = file(&d, "english.pdn", games);
    let stats = stdout(&dam(&["pdn", "stats", &f]));
    assert!(stats.contains("white wins 1, black wins 1,"), "{stats}");
    let out_path = d.join("out.pdn").display().to_string();
    let out = dam(&["pdn", "convert", &f, "-o", &out_path]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let written = std::fs::read_to_string(&out_path).unwrap();
    assert!(written.contains("11-15 23-19 1-0\n"), "{written}");
    assert!(written.contains("9-14 22-17 0-1\n"), "{written}");
}

#[test]
fn games_without_a_gametype_are_read_by_their_squares() {
    let d = dir("untagged");
    let english = file(&d, "english.pdn", "1. 11-15 23-19 2. 8-11 22-17 1-0\n");
    let russian = file(&d, "russian.pdn", "1. c3-d4 f6-g5 2. b2-c3 g7-f6 *\n");
    let out = dam(&["pdn", "validate", &english, &russian]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let said = stderr(&out);
    assert!(said.contains("read as english because"), "{said}");
    assert!(said.contains("read as russian because"), "{said}");
    let out = dam(&["pdn", "validate", &english, "--variant", "international"]);
    assert!(
        stdout(&out).contains("as --variant says"),
        "{}",
        stdout(&out)
    );
    let out = dam(&["pdn", "stats", &english, "--variant", "international"]);
    assert!(stdout(&out).contains("1 unreadable"));
    assert!(
        stderr(&out).contains("move '11-15' is not legal"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn convert_writes_clean_pdn_and_nothing_when_a_game_is_bad() {
    let d = dir("convert");
    let messy = "[Result \"1/2-1/2\"]\n[Black \"B\"]\n[GameType \"20\"]\n1.32-28! 19-23 2.28x19 14x23 \
                 3.37-32 (3.34-29 $2) 09-14 (3...10-14 $2) 1/2-1/2\n";
    let f = file(&d, "messy.pdn", messy.as_bytes());
    let out_path = d.join("out.pdn").display().to_string();
    let out = dam(&["pdn", "convert", &f, "-o", &out_path]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let written = std::fs::read_to_string(&out_path).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&out_path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o644);
    }
    assert_eq!(
        written,
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
         [Black \"B\"]\n[Result \"1-1\"]\n[GameType \"20\"]\n\n\
         1. 32-28! 19-23 2. 28x19 14x23 3. 37-32 (3. 34-29 $2) 3... 9-14 (3... 10-14 $2)\n\
         1-1\n\n"
    );
    let again = dam(&["pdn", "convert", &out_path]);
    assert_eq!(stdout(&again), written);

    let bad = file(&d, "bad.pdn", format!("{GOOD}{BAD}").as_bytes());
    let target = d.join("never.pdn");
    let out = dam(&["pdn", "convert", &bad, "-o", &target.display().to_string()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!target.exists());
    assert!(stderr(&out).contains("nothing written"));
    let files: Vec<_> = std::fs::read_dir(&d).unwrap().collect();
    assert_eq!(files.len(), 3, "no temporary file is left behind");
    let out = dam(&[
        "pdn",
        "convert",
        &bad,
        "--skip-bad",
        "-o",
        &target.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        std::fs::read_to_string(&target)
            .unwrap()
            .contains("[White \"Wit\"]")
    );
}

#[test]
fn convert_to_fen_lists_and_json() {
    let d = dir("formats");
    let f = file(&d, "g.pdn", GOOD.as_bytes());
    let out = dam(&["pdn", "convert", "--fen-list", &f]);
    let listed = stdout(&out);
    let fens: Vec<&str> = listed.lines().filter(|l| !l.is_empty()).collect();
    assert_eq!(fens.len(), 8);
    assert!(fens[0].starts_with("W:W31,32,"), "{}", fens[0]);
    let out = dam(&["pdn", "convert", "--json", &f]);
    let line = stdout(&out);
    let value: serde_json::Value = serde_json::from_str(line.trim()).unwrap();
    assert_eq!(value["tags"]["White"], "Wit");
    assert_eq!(value["moves"][1]["move"], "19-23");
    assert_eq!(value["moves"].as_array().unwrap().len(), 7);
    assert_eq!(value["moves"][6]["fen"], fens[7]);
    assert_eq!(value["result"], "2-0");
    assert_eq!(
        value["tags"]["Result"], "2-0",
        "the record agrees with itself"
    );
    assert!(value.get("result_overrules").is_none());
    let disagreeing = file(
        &d,
        "disagreeing.pdn",
        "[Result \"0-1\"]\n1. 32-28 19-23 2-0\n",
    );
    let out = dam(&["pdn", "convert", "--json", &disagreeing]);
    let value: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(value["result"], "2-0");
    assert_eq!(value["tags"]["Result"], "2-0");
    assert_eq!(value["result_overrules"]["tag"], "0-1", "{value}");
}

#[test]
fn stats_writes_russian_openings_in_algebraic_as_convert_does() {
    let d = dir("stats-russian");
    let f = file(
        &d,
        "r.pdn",
        "[GameType \"25\"]\n1. c3-d4 f6-g5 2. b2-c3 *\n",
    );
    let text = stdout(&dam(&["pdn", "stats", &f]));
    assert!(text.contains("       1  c3-d4 f6-g5\n"), "{text}");
    let converted = stdout(&dam(&["pdn", "convert", &f]));
    assert!(converted.contains("1. c3-d4 f6-g5"), "{converted}");
}

#[test]
fn stats_counts_results_openings_and_lengths() {
    let d = dir("stats");
    let f = file(&d, "s.pdn", format!("{GOOD}{GOOD}{BAD}").as_bytes());
    let out = dam(&["pdn", "stats", &f]);
    let text = stdout(&out);
    assert!(
        text.contains("games: 3 (1 unreadable, not counted below)"),
        "{text}"
    );
    assert!(
        text.contains("results: white wins 2, black wins 0, draws 0"),
        "{text}"
    );
    assert!(
        text.contains("length in plies: min 7, median 7, mean 7.0, max 7"),
        "{text}"
    );
    assert!(text.contains("       2  32-28 19-23"), "{text}");
}

#[test]
fn stats_counts_each_players_results_and_how_games_ended() {
    let d = dir("stats-players");
    let lone = "[White \"engine a\"]\n[Black \"engine b\"]\n[Result \"2-0\"]\n\
                [Termination \"adjudicated by material after 150 plies (7 to 3)\"]\n\
                [FEN \"W:W31,32,K5:BK45\"]\n1. 32-28 2-0\n\n";
    let drawn = "[White \"engine b\"]\n[Black \"engine a\"]\n[Result \"1-1\"]\n\
                 [Termination \"threefold repetition\"]\n1. 32-28 19-23 1-1\n\n";
    let lost = "[White \"engine b\"]\n[Black \"engine a\"]\n[Result \"2-0\"]\n\
                [Termination \"Black has no legal move (blocked)\"]\n1. 32-28 19-23 2-0\n";
    let f = file(&d, "m.pdn", format!("{lone}{drawn}{lost}").as_bytes());
    let out = dam(&["pdn", "stats", &f]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("  +1 =1 -1  50.0 %  3 games  (+1 -0)  engine a\n"),
        "{text}"
    );
    assert!(
        text.contains("  +1 =1 -1  50.0 %  3 games  (+0 -1)  engine b\n"),
        "{text}"
    );
    assert!(
        text.contains("       1  adjudicated by material after 150 plies\n"),
        "{text}"
    );
    assert!(
        text.contains("       1  Black has no legal move\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "ended with a lone king against at most three pieces: 1 \
             (the side with more pieces won 1, drew 0, lost 0)"
        ),
        "{text}"
    );
}
