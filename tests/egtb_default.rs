//! Endgame databases on by default: `dam analyze`, `dam pdn analyze` and
//! `dam hub` probe the largest set found in the default directory without
//! a parameter, database wins print as wins (`win`, Hub `90.00`, `{#+}`),
//! a first-use build says what it builds, nothing found is no error, and
//! `dam egtb status` lists what is there and what is damaged.

use crate::common::{Dam, Scratch, command, dir, lines, stderr, stdout};
use std::io::Write;
use std::path::Path;
use std::process::{Output, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

/// White to move wins with 28-46 (the database says `win 3`).
const WON: &str = "W:WK28,K33:BK5";

/// The international 2-3 piece sets, built once into a scratch directory.
fn built() -> &'static Path {
    // A static is never dropped: this one directory outlives the run.
    static DIR: OnceLock<Scratch> = OnceLock::new();
    DIR.get_or_init(|| {
        let d = dir("egtb-default-set");
        let out = dam_in(&d, &["egtb", "build", "--pieces", "3"]);
        assert!(out.status.success(), "{}", stderr(&out));
        d
    })
}

/// `dam ARGS` with `d` as its default database directory.
fn dam_in(d: &Path, args: &[&str]) -> Output {
    command()
        .env("DAM_EGTB_DIR", d)
        .args(args)
        .output()
        .expect("dam runs")
}

/// The `score=` word of the last `info` line of `text`.
fn last_score(text: &str) -> String {
    let info = text.lines().rfind(|l| l.starts_with("info")).expect("info");
    let word = info.split_whitespace().find(|w| w.starts_with("score="));
    word.expect("a score")
        .trim_start_matches("score=")
        .to_string()
}

#[test]
fn analyze_probes_the_set_found_and_prints_its_win_as_a_win() {
    let out = dam_in(built(), &["analyze", "--fen", WON, "--depth", "3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("egtb win 3\n"), "{text}");
    assert_eq!(last_score(&text), "win", "{text}");
    assert!(text.contains("\nbestmove 28-46 score win "), "{text}");
    assert!(!stderr(&out).contains("building"), "{}", stderr(&out));
    let off = dam_in(
        built(),
        &[
            "analyze",
            "--fen",
            WON,
            "--depth",
            "3",
            "--egtb-pieces",
            "0",
        ],
    );
    let text = stdout(&off);
    assert!(
        !text.contains("egtb") && !text.contains("tbhits=1"),
        "{text}"
    );
}

#[test]
fn nothing_found_plays_without_and_says_how_to_build_at_info_level() {
    let empty = dir("egtb-default-empty");
    let out = command()
        .env("DAM_EGTB_DIR", empty.as_os_str())
        .env("RUST_LOG", "info")
        .args(["analyze", "--fen", WON, "--depth", "2"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!stdout(&out).contains("egtb"), "{}", stdout(&out));
    let said = stderr(&out);
    assert_eq!(
        said.matches("dam egtb build --variant international")
            .count(),
        1,
        "{said}"
    );
    assert!(
        std::fs::read_dir(&empty).unwrap().next().is_none(),
        "nothing built"
    );
    let quiet = dam_in(&empty, &["analyze", "--fen", WON, "--depth", "2"]);
    assert_eq!(stderr(&quiet), "", "silent at the default log level");
    let stacks = dam_in(&empty, &["analyze", "--variant", "lasca", "--depth", "1"]);
    assert!(stacks.status.success(), "{}", stderr(&stacks));
    assert_eq!(
        stderr(&stacks),
        "",
        "a variant without databases plays without a word"
    );
}

#[test]
fn an_explicit_limit_builds_the_small_sets_first_and_says_so() {
    let d = dir("egtb-default-first-use");
    let args = [
        "analyze",
        "--fen",
        WON,
        "--depth",
        "2",
        "--egtb-pieces",
        "3",
    ];
    let out = dam_in(&d, &args);
    assert!(out.status.success(), "{}", stderr(&out));
    let said = stderr(&out);
    assert!(
        said.contains("building the 2-3 piece sets of international into")
            && said.contains("positions, about"),
        "{said}"
    );
    assert!(stdout(&out).starts_with("egtb win 3\n"), "{}", stdout(&out));
    let again = dam_in(&d, &args);
    assert_eq!(stderr(&again), "", "built once");
}

#[test]
fn hub_announces_the_limit_and_scores_a_database_win_as_a_number() {
    let mut dam = Dam::spawn(
        command()
            .env("DAM_EGTB_DIR", built())
            .arg("hub")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null()),
    );
    let mut stdin = dam.child.stdin.take().unwrap();
    let lines = lines(dam.child.stdout.take().unwrap());
    let next = || {
        lines
            .recv_timeout(Duration::from_secs(20))
            .expect("an answer")
    };
    for line in [
        "hub",
        "init",
        &format!("pos pos={WON}"),
        "level depth=3",
        "go think",
    ] {
        writeln!(stdin, "{line}").unwrap();
    }
    stdin.flush().unwrap();
    let mut seen = Vec::new();
    while !seen.last().is_some_and(|l: &String| l.starts_with("done")) {
        seen.push(next());
    }
    let text = seen.join("\n");
    assert!(
        text.contains("param name=egtb-pieces value=8 type=int min=0 max=8"),
        "{text}"
    );
    assert_eq!(last_score(&text), "90.00", "{text}");
    assert!(text.ends_with("done move=28-46"), "{text}");
}

#[test]
fn pdn_analyze_writes_a_database_win_as_a_decided_game() {
    let d = dir("egtb-default-pdn");
    let input = d.join("won.pdn");
    std::fs::write(
        &input,
        "[White \"W\"]\n[Black \"B\"]\n[SetUp \"1\"]\n[FEN \"W:W47,48:B3\"]\n\n1. 47-41 *\n\n",
    )
    .unwrap();
    let output = d.join("out.pdn");
    let out = dam_in(
        built(),
        &[
            "pdn",
            "analyze",
            &input.display().to_string(),
            "--depth",
            "2",
            "-o",
            &output.display().to_string(),
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let annotated = std::fs::read_to_string(&output).unwrap();
    // won in 11 plies to the next conversion: the game's end is beyond
    // the search, the database proves the win
    assert!(annotated.contains("47-41 {#+}"), "{annotated}");
}

#[test]
fn status_lists_the_sets_and_a_damaged_file_with_its_reason() {
    let d = dir("egtb-default-status");
    let set = d.join("international");
    std::fs::create_dir_all(&set).unwrap();
    for entry in std::fs::read_dir(built().join("international")).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, set.join(path.file_name().unwrap())).unwrap();
    }
    let dir_flag = d.display().to_string();
    let out = dam_in(&d, &["egtb", "status"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("international: 2-3 complete; "), "{text}");
    assert!(text.contains("; every file whole"), "{text}");
    assert!(text.contains("russian: no files"), "{text}");
    assert!(text.contains("dam egtb verify"), "{text}");
    assert!(text.contains("; verified: none"), "{text}");
    // verify records the jobs it found right; a second run skips them
    let verify = [
        "egtb",
        "verify",
        "--variant",
        "international",
        "--dir",
        &dir_flag,
    ];
    let out = dam_in(&d, &verify);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(
        !stdout(&out).contains("verified before"),
        "{}",
        stdout(&out)
    );
    let out = dam_in(&d, &verify);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("0 problem(s); 9 job(s) verified before"),
        "{}",
        stdout(&out)
    );
    let text = stdout(&dam_in(&d, &["egtb", "status"]));
    assert!(text.contains("; verified: 2-3\n"), "{text}");
    let victim = set.join("0201.wdl");
    let mut bytes = std::fs::read(&victim).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x55;
    std::fs::write(&victim, bytes).unwrap();
    std::fs::write(set.join("0102.dtb"), b"not a database").unwrap();
    let out = dam_in(
        Path::new("/nonexistent"),
        &["egtb", "status", "--dir", &dir_flag],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("international: 2 complete, 3: "), "{text}");
    assert!(text.contains("; 2 damaged; verified: 2, 3: "), "{text}");
    assert!(
        text.contains("0201.wdl: checksum mismatch") && text.contains("0102.dtb: "),
        "{text}"
    );
}
