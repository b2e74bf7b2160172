//! Endgame databases: the 2-4 piece sets of the six plain variants (a
//! `.dtb` and a `.wdl` per signature) are built once into a scratch
//! directory, then `dam egtb verify` checks them, known endgame facts are
//! probed, and the engine, playing both sides with the databases,
//! converts random won positions.

use crate::common::dxp::{Peer, accepted, game_req, listen};
use crate::common::{dam, stderr, stdout};
use dam::egtb::{Signature, Tables, Value, Wdl, open_for_engine};
use dam::eval::Evaluate;
use dam::notation::fen::parse_fen;
use dam::rules::removal::{Brazilian, Dama, DamaInternational, English, International, Russian};
use dam::rules::{Color, Game, Outcome, Piece, Setup};
use dam::search::{Control, Limits, Searcher};
use dam::variant::Variant;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// The scratch directory with every 2-4 piece set, built once.
fn built() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::tempdir().expect("scratch directory");
        for v in Variant::REMOVAL {
            let out = dam(&[
                "egtb",
                "build",
                "--variant",
                &v.to_string(),
                "--pieces",
                "4",
                "--dir",
                &dir.path().display().to_string(),
            ]);
            assert!(out.status.success(), "{v}: {}", stderr(&out));
        }
        dir
    })
    .path()
}

/// A scratch directory holding a copy of the built `variant` set, and
/// that set's folder in it.
fn built_copy(variant: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let scratch = tempfile::tempdir().expect("scratch");
    let to = scratch.path().join(variant);
    std::fs::create_dir_all(&to).expect("dir");
    for e in std::fs::read_dir(built().join(variant))
        .expect("built files")
        .flatten()
    {
        std::fs::copy(e.path(), to.join(e.file_name())).expect("copy");
    }
    (scratch, to)
}

/// A copy of the english 2-4 set without its `.dtb` files: win, draw or
/// loss only, as the sets above `DTC_PIECES`.
fn english_without_dtb() -> tempfile::TempDir {
    let (scratch, folder) = built_copy("english");
    for e in std::fs::read_dir(&folder).expect("copied").flatten() {
        if e.path().extension().is_some_and(|x| x == "dtb") {
            std::fs::remove_file(e.path()).expect("removed");
        }
    }
    scratch
}

fn tables(v: Variant) -> Tables {
    open_for_engine(v, built(), 4, false).expect("the 2-4 piece sets open")
}

fn value<G: Evaluate>(t: &Tables, fen: &str) -> Value {
    let pos: G = parse_fen(fen).expect("test FEN");
    t.probe(&pos).expect("covered")
}

fn wdl<G: Evaluate>(t: &Tables, fen: &str) -> Wdl {
    value::<G>(t, fen).wdl
}

/// `dam egtb verify` finds every set consistent: the 8x8 sets whole, the
/// international set by one job of men and kings on both sides (its whole
/// 2-4 set takes some 45 s of one core; the checks are the same code).
#[test]
fn verify_finds_every_set_consistent() {
    let dir = built().display().to_string();
    for v in Variant::REMOVAL {
        let variant = v.to_string();
        let mut args = vec![
            "egtb",
            "verify",
            "--again",
            "--dir",
            &dir,
            "--variant",
            &variant,
        ];
        if v == Variant::International {
            args.extend(["--signature", "1021"]);
        }
        let out = dam(&args);
        let text = stdout(&out);
        assert!(out.status.success(), "{v}: {text}");
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("{v}: ")))
            .unwrap_or_else(|| panic!("{v} verified: {text}"));
        let count = |after: &str| -> usize {
            let head = &line[..line.find(after).expect(after)];
            head.rsplit([' ', '('])
                .next()
                .unwrap()
                .parse()
                .expect("a count")
        };
        assert!(count(" .wdl files") > 0, "{line}");
        assert_eq!(count(" .wdl files") * 2, count(" files,"), "{line}");
        assert!(line.ends_with(" 0 problem(s)"), "{line}");
        assert!(!text.contains("disagree"), "{text}");
    }
}

/// `dam egtb wdl` writes the `.wdl` files a `.dtb` set lacks, and they
/// verify.
#[test]
fn wdl_files_are_written_from_the_dtb_files() {
    let scratch = tempfile::tempdir().expect("scratch");
    let to = scratch.path().join("russian");
    std::fs::create_dir_all(&to).expect("dir");
    let mut removed = 0;
    for e in std::fs::read_dir(built().join("russian"))
        .expect("built files")
        .flatten()
    {
        let name = e.file_name().to_string_lossy().to_string();
        if name.ends_with(".dtb") || name.starts_with('1') {
            std::fs::copy(e.path(), to.join(&name)).expect("copy");
        } else if name.ends_with(".wdl") {
            removed += 1;
        }
    }
    assert!(removed > 0);
    let dir = scratch.path().display().to_string();
    let out = dam(&[
        "egtb",
        "wdl",
        "--variant",
        "russian",
        "--pieces",
        "4",
        "--dir",
        &dir,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(&format!("wrote {removed} .wdl file(s)")),
        "{}",
        stderr(&out)
    );
    for e in std::fs::read_dir(built().join("russian"))
        .expect("built files")
        .flatten()
    {
        let name = e.file_name();
        if name.to_string_lossy().starts_with('.') {
            continue; // verify's record, when the test that verifies ran first
        }
        let (ours, built) = (std::fs::read(to.join(&name)), std::fs::read(e.path()));
        assert_eq!(ours.ok(), built.ok(), "{name:?}: as the build wrote it");
    }
    let out = dam(&["egtb", "verify", "--variant", "russian", "--dir", &dir]);
    assert!(out.status.success(), "{}", stdout(&out));
}

/// The signatures listed under `key` in `dam egtb plan`'s line of `job`.
fn planned(variant: &str, pieces: &str, job: &str, key: &str) -> Vec<String> {
    let out = dam(&["egtb", "plan", "--variant", variant, "--pieces", pieces]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let line = text
        .lines()
        .find(|l| l.contains(&format!("\"signature\":\"{job}\"")))
        .unwrap_or_else(|| panic!("{job} planned: {text}"));
    let list = line
        .split(&format!("\"{key}\":["))
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .unwrap_or_else(|| panic!("{key} in {line}"));
    list.split(',')
        .map(|s| s.trim_matches('"').to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// One job built alone (`--signature`, as on a cluster worker) refuses
/// to start without every set its captures reach, a recapture's included
/// (the plan's `needs`, more than its `depends`), and with them writes
/// the files the whole build writes.
#[test]
fn one_job_reads_every_set_its_captures_reach() {
    let depends = planned("international", "4", "0202", "depends");
    let needs = planned("international", "4", "0202", "needs");
    assert!(
        depends.iter().all(|d| needs.contains(d)),
        "{depends:?} in {needs:?}"
    );
    assert!(needs.contains(&"0101".to_string()), "{needs:?}");
    assert!(!depends.contains(&"0101".to_string()), "{depends:?}");
    let scratch = tempfile::tempdir().expect("scratch");
    let to = scratch.path().join("international");
    std::fs::create_dir_all(&to).expect("dir");
    let copy = |jobs: &[String]| {
        for job in jobs {
            let job = Signature::parse(job).expect("a planned signature");
            for sig in [job, job.mirror()] {
                for ext in [".dtb", ".wdl"] {
                    let name = format!("{sig}{ext}");
                    std::fs::copy(built().join("international").join(&name), to.join(&name))
                        .expect("copy");
                }
            }
        }
    };
    let dir = scratch.path().display().to_string();
    let build = || {
        dam(&[
            "egtb",
            "build",
            "--variant",
            "international",
            "--signature",
            "0202",
            "--dir",
            &dir,
        ])
    };
    copy(&depends);
    let out = build();
    assert!(!out.status.success(), "built without 0101");
    assert!(stderr(&out).contains("needs 0101"), "{}", stderr(&out));
    assert!(!to.join("0202.wdl").exists());
    copy(&needs);
    let out = build();
    assert!(out.status.success(), "{}", stderr(&out));
    for name in ["0202.dtb", "0202.wdl"] {
        let ours = std::fs::read(to.join(name)).expect("written");
        let whole = std::fs::read(built().join("international").join(name)).expect("built");
        assert!(ours == whole, "{name}: as the whole build wrote it");
    }
}

/// `.wdl` files of the first format (`tests/data/wdl-v1`) are refused
/// with the reason, and `dam egtb build` rewrites them in
/// the current format as it would have written them.
#[test]
fn first_format_wdl_files_are_rewritten_by_build() {
    let (scratch, to) = built_copy("english");
    let old = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/wdl-v1/english");
    let names = ["1102.wdl", "0220.wdl"];
    for name in names {
        std::fs::copy(old.join(name), to.join(name)).expect("copy");
    }
    let dir = scratch.path().display().to_string();
    let out = dam(&["egtb", "verify", "--variant", "english", "--dir", &dir]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("1102.wdl: WDL format version 1, expected 2"),
        "{}",
        stdout(&out)
    );
    let out = dam(&[
        "egtb",
        "build",
        "--variant",
        "english",
        "--pieces",
        "4",
        "--dir",
        &dir,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    for name in names {
        let (ours, built) = (
            std::fs::read(to.join(name)),
            std::fs::read(built().join("english").join(name)),
        );
        assert_eq!(ours.ok(), built.ok(), "{name}: as the build writes it");
    }
}

#[test]
fn damaged_file_is_reported_and_skipped() {
    let (scratch, to) = built_copy("english");
    for victim in ["0201.dtb", "0102.wdl"] {
        let victim = to.join(victim);
        let mut bytes = std::fs::read(&victim).expect("read");
        let last = bytes.len() - 1;
        bytes[last] ^= 0x55;
        std::fs::write(&victim, bytes).expect("write");
    }
    let dir = scratch.path().display().to_string();
    let out = dam(&["egtb", "verify", "--variant", "english", "--dir", &dir]);
    assert_eq!(out.status.code(), Some(1));
    for damaged in ["0201.dtb: checksum mismatch", "0102.wdl: checksum mismatch"] {
        assert!(stdout(&out).contains(damaged), "{}", stdout(&out));
    }
}

/// rules.md and the problem statement: king against king in
/// international is a draw unless one king shuts the other into the
/// corner of the long diagonal; three kings against a king on the long
/// diagonal draw unless a sacrifice wins at once.
#[test]
fn international_kings_endings() {
    let t = tables(Variant::International);
    type I = International;
    assert_eq!(wdl::<I>(&t, "W:WK10:BK5"), Wdl::Win);
    assert_eq!(wdl::<I>(&t, "W:WK46:BK5"), Wdl::Loss);
    assert_eq!(wdl::<I>(&t, "W:WK3:BK48"), Wdl::Draw);
    assert_eq!(wdl::<I>(&t, "W:WK1,K2,K3:BK28"), Wdl::Draw);
    assert_eq!(wdl::<I>(&t, "W:WK6,K22,K32:BK46"), Wdl::Win);
    let out = dam(&[
        "egtb",
        "probe",
        "--variant",
        "international",
        "--fen",
        "W:WK10:BK5",
        "--dir",
        &built().display().to_string(),
    ]);
    let text = stdout(&out);
    assert!(text.contains("value win"), "{text}");
    assert!(text.contains("wdl win"), "{text}");
    assert!(text.contains("move 10-46 win 3 (wdl win)"), "{text}");
    // Petrov's triangle (Russian and international literature): three
    // kings beat a king that does not hold the long diagonal...
    assert_eq!(wdl::<I>(&t, "W:WK1,K2,K3:BK24"), Wdl::Win);
    // ...while two kings cannot beat one that does.
    assert_eq!(wdl::<I>(&t, "W:WK1,K2:BK28"), Wdl::Draw);
}

/// English. Two kings against one king: every checkers primer calls it
/// a win unless the lone king captures at once; the database finds it
/// won in all but a few positions where both kings are boxed in a corner
/// (`B:WK3,K4:BK7`: 7-11 and any white move gives up a king). King
/// against king: Edward Lasker, "Chess and Checkers: the Way to
/// Mastership", diagram 88 — with the move, 32-27 takes the opposition
/// and wins; without it, it is a draw.
#[test]
fn english_kings_endings() {
    let t = tables(Variant::English);
    let (mut won, mut all) = (0, 0);
    for a in 1..=32u32 {
        for b in a + 1..=32 {
            for c in (1..=32u32).filter(|c| *c != a && *c != b) {
                for side in ["W", "B"] {
                    let fen = format!("{side}:WK{a},K{b}:BK{c}");
                    let pos: English = parse_fen(&fen).expect("fen");
                    if side == "B" && pos.must_capture() {
                        continue;
                    }
                    let v = t.probe(&pos).expect("covered").wdl;
                    assert_ne!(v, if side == "W" { Wdl::Loss } else { Wdl::Win }, "{fen}");
                    let strong_wins = (side == "W") == (v == Wdl::Win) && v != Wdl::Draw;
                    won += strong_wins as usize;
                    all += 1;
                }
            }
        }
    }
    eprintln!("english: two kings beat one in {won} of {all} positions");
    assert!(won * 100 >= all * 98, "{won} of {all}");
    assert_eq!(wdl::<English>(&t, "B:WK3,K4:BK7"), Wdl::Draw);
    let v = value::<English>(&t, "W:WK32:BK26");
    assert_eq!(v.wdl, Wdl::Win);
    assert_eq!(wdl::<English>(&t, "B:WK32:BK26"), Wdl::Draw);
    let pos: English = parse_fen("W:WK32:BK26").expect("fen");
    let best = dam::egtb::moves::best_moves(&t, &pos).expect("covered");
    let moves: Vec<String> = best
        .iter()
        .map(|(m, _)| dam::notation::movetext::pdn_move(&pos, m))
        .collect();
    assert_eq!(moves, ["32-27"]);
}

/// English, First Position: two kings against a king and a man win when
/// the stronger side has the move. The American Checker Federation's
/// "Standard Positions: winning 1st position" starts a step before (White
/// man 20, king 15; Black man 12, king 28: White crowns, then drives the
/// king out of the double corner): won with White to move, a draw
/// without the move (the database); and one of the
/// "first position without" exceptions, from Dr. Call's book of "Midget"
/// problems (Bob Newell, Checker School, 2017): `B:W22,K5:BK15,K6`,
/// Black to play and win.
#[test]
fn english_first_position() {
    let t = tables(Variant::English);
    assert_eq!(wdl::<English>(&t, "W:W20,K15:B12,K28"), Wdl::Win);
    assert_eq!(wdl::<English>(&t, "B:W20,K15:B12,K28"), Wdl::Draw);
    assert_eq!(wdl::<English>(&t, "B:W22,K5:BK15,K6"), Wdl::Win);
}

/// Three flying kings against one on 8x8: russian, brazilian, dama and
/// dama-international. The long diagonal (the "big road", a1-h8) is 29,
/// 25, 22, 18, 15, 11, 8, 4; a1, c1, e1 are 29, 30, 31; b8, f8 are 1, 3.
/// - A. D. Petrov, "Руководство к основательному познанию шашечной игры"
///   (1827), the ending that gave Petrov's triangle its name: White kings
///   a1, c1, e1 catch the black king on f8, whoever is to move.
/// - P. Ruiz Montero, "Libro del juego de las damas vulgarmente nombrado
///   el marro" (1591), the first published method: kings a1, b2, c3 win
///   against b8. (Both positions as the Russian Wikipedia article
///   "Треугольник Петрова" gives them; it says the method wins in russian
///   and brazilian draughts, the lone king caught by the 13th move.)
/// - A. M. Quilet, "Book of Filipino Checkers (Aklat ng Dama)", rules,
///   item 10 (Filipino dama: flying kings, men capture backwards, the
///   captured pieces leave at the end, as in dama-international): three
///   kings against one win only if they hold the long diagonal, and the
///   lone king's twelfth move ends the count. A lone king on the long
///   diagonal draws.
///
/// Our dama, where pieces leave as they are jumped, agrees with all of
/// them too.
fn three_kings_against_one<G: Evaluate>(v: Variant) -> u16 {
    let t = tables(v);
    let probe = |fen: &str| value::<G>(&t, fen);
    for fen in [
        "W:WK29,K30,K31:BK3",
        "W:WK29,K25,K22:BK1",
        "W:WK1,K2,K3:BK21",
    ] {
        assert_eq!(probe(fen).wdl, Wdl::Win, "{v} {fen}");
    }
    assert_eq!(probe("B:WK29,K30,K31:BK3").wdl, Wdl::Loss, "{v}");
    assert_eq!(probe("W:WK1,K2,K3:BK22").wdl, Wdl::Draw, "{v}");
    assert_eq!(probe("W:WK6,K7,K10:BK25").wdl, Wdl::Draw, "{v}");
    // Every position with a White king on the long diagonal and the black
    // king off it, White to move and no white king en prise, is won; the
    // longest way to the first capture (plies) is returned.
    const ROAD: [u32; 8] = [29, 25, 22, 18, 15, 11, 8, 4];
    let mut longest = 0;
    for road in ROAD {
        for a in (1..=32).filter(|&a| a != road) {
            for b in (a + 1..=32).filter(|&b| b != road) {
                for k in (1..=32).filter(|k| ![road, a, b].contains(k) && !ROAD.contains(k)) {
                    let fen = format!("W:WK{road},K{a},K{b}:BK{k}");
                    let pos: G = parse_fen(&fen).expect("fen");
                    if pos.threatened() {
                        continue;
                    }
                    let v = t.probe(&pos).expect("covered");
                    assert_eq!(v.wdl, Wdl::Win, "{fen}");
                    longest = longest.max(v.distance);
                }
            }
        }
    }
    longest
}

#[test]
fn eight_by_eight_flying_kings() {
    let longest = [
        three_kings_against_one::<Russian>(Variant::Russian),
        three_kings_against_one::<Brazilian>(Variant::Brazilian),
        three_kings_against_one::<Dama>(Variant::Dama),
        three_kings_against_one::<DamaInternational>(Variant::DamaInternational),
    ];
    eprintln!("three kings holding the long diagonal: first capture within {longest:?} plies");
    // caught by White's 13th move at the latest: a first capture within 24
    // plies (a sacrifice taken by the lone king is retaken at once)
    assert!(longest.iter().all(|&d| d <= 24), "{longest:?}");
}

/// Dama and dama-international: kings fly, so a lone king against a lone
/// king is a draw away from a corner trap.
#[test]
fn dama_kings_endings() {
    let t = tables(Variant::Dama);
    assert_eq!(wdl::<Dama>(&t, "W:WK1:BK32"), Wdl::Draw);
    let t = tables(Variant::DamaInternational);
    assert_eq!(wdl::<DamaInternational>(&t, "W:WK1:BK32"), Wdl::Draw);
}

/// `dam match --adjudicate-egtb 3`: from a 4-piece start, the forced
/// capture 32x21 reaches `B:W21,K46:BK5` (Black's king on the long
/// diagonal, White's king holds it: lost for Black), and the game ends
/// there with the database's result in the PDN log and on stderr.
#[test]
fn match_adjudicates_by_the_database() {
    let scratch = tempfile::tempdir().expect("scratch");
    let ballots = scratch.path().join("ballots.txt");
    std::fs::write(&ballots, "W:W32,K46:B27,K5\n").expect("ballots");
    let pdn = scratch.path().join("match.pdn");
    let dir = built().display().to_string();
    let out = dam(&[
        "match",
        "--engine",
        "dam:depth=2,threads=1",
        "--engine",
        "dam:depth=2,threads=1",
        "--ballots",
        &ballots.display().to_string(),
        "--movetime",
        "1",
        "--adjudicate-egtb",
        "3",
        "--egtb-dir",
        &dir,
        "--pdn",
        &pdn.display().to_string(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let log = std::fs::read_to_string(&pdn).expect("the PDN log");
    assert_eq!(
        log.matches("[Termination \"egtb adjudication: White wins\"]")
            .count(),
        2,
        "{log}"
    );
    assert_eq!(log.matches("[Result \"2-0\"]").count(), 2, "{log}");
    assert_eq!(log.matches("\n1. 32x21 2-0\n").count(), 2, "{log}");
    assert!(
        stderr(&out).contains("(egtb adjudication: White wins)"),
        "{}",
        stderr(&out)
    );
    let bad = dam(&[
        "match",
        "--engine",
        "dam",
        "--engine",
        "dam",
        "--adjudicate-egtb",
        "1",
    ]);
    assert!(
        stderr(&bad).contains("--adjudicate-egtb 1"),
        "{}",
        stderr(&bad)
    );
}

/// `dam dxp --adjudicate-egtb 2`: on dam's turn in a covered position
/// dam ends the game with the database's result as its GAMEEND reason
/// (3: dam wins, 2: a draw).
#[test]
fn dxp_adjudicates_by_the_database() {
    let dir = built().display().to_string();
    let (_dam, addr) = listen(&[
        "--search",
        "depth=2",
        "--adjudicate-egtb",
        "2",
        "--egtb-dir",
        &dir,
    ]);
    let mut peer = Peer::connect(&addr);
    let board = |white_king: usize, black_king: usize| -> String {
        (1..=50)
            .map(|s| match s {
                _ if s == white_king => 'W',
                _ if s == black_king => 'Z',
                _ => 'e',
            })
            .collect()
    };
    for (fen, (w, b), end) in [
        ("W:WK10:BK5", (10, 5), "E30"),
        ("W:WK3:BK48", (3, 48), "E20"),
    ] {
        peer.send(&game_req(
            Color::White,
            0,
            Some((Color::White, &board(w, b))),
        ));
        accepted(&mut peer);
        assert_eq!(peer.expect("E"), end, "{fen}");
        peer.send("E00");
    }
}

/// `dam pdn analyze --egtb-pieces 2`: in `W:WK10:BK5` (won by 10-46
/// only), 10-4 throws the win away: marked, commented with both database
/// values, and 10-46 given instead; the game where White keeps the win
/// gets no database comment.
#[test]
fn pdn_analyze_marks_a_thrown_away_database_value() {
    let scratch = tempfile::tempdir().expect("scratch");
    let game = |moves: &str| {
        format!(
            "[White \"W\"]\n[Black \"B\"]\n[GameType \"20\"]\n[SetUp \"1\"]\n\
             [FEN \"W:WK10:BK5\"]\n\n{moves} *\n\n"
        )
    };
    let input = scratch.path().join("games.pdn");
    let text = format!("{}{}", game("1. 10-4 5-10"), game("1. 10-46 5-10"));
    std::fs::write(&input, text).expect("games");
    let output = scratch.path().join("out.pdn");
    let out = dam(&[
        "pdn",
        "analyze",
        &input.display().to_string(),
        "--depth",
        "2",
        "--egtb-pieces",
        "2",
        "--egtb-dir",
        &built().display().to_string(),
        "-o",
        &output.display().to_string(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let annotated = std::fs::read_to_string(&output).expect("the output");
    let games: Vec<&str> = annotated.split("[White").skip(1).collect();
    assert_eq!(games.len(), 2, "{annotated}");
    let thrown = games[0].split_whitespace().collect::<Vec<_>>().join(" ");
    let mark = thrown
        .find("10-4 $")
        .map(|i| &thrown[i + 6..i + 7])
        .expect("10-4 is marked");
    assert!(mark == "2" || mark == "4", "{thrown}");
    assert!(thrown.contains("{egtb: win 3 -> draw}"), "{thrown}");
    assert!(thrown.contains("(1. 10-46 "), "{thrown}");
    assert!(!games[1].contains("egtb:"), "{}", games[1]);
    let valid = dam(&["pdn", "validate", &output.display().to_string()]);
    assert_eq!(valid.status.code(), Some(0), "{annotated}");
}

/// Pieces and kings on the board.
fn material<G: Game>(p: &G) -> (usize, usize) {
    let setup = p.to_setup();
    let on = setup.squares.iter().filter_map(|s| s.first());
    (on.clone().count(), on.filter(|x| x.king).count())
}

/// A won position, played by the engine with the databases for both
/// sides: the winner's side wins, unless a draw counter runs out in a
/// phase (between conversions) whose stored distance was longer than the
/// counter `limit` allows. Returns whether it was won.
fn convert<G: Evaluate>(
    searcher: &Searcher,
    t: &Tables,
    start: G,
    limit: &impl Fn(&G) -> u32,
) -> bool {
    let winner = start.side_to_move();
    let mut pos = start;
    let mut fits = true;
    let mut phase_start = true;
    let limits = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    for _ in 0..600 {
        if let Some(end) = pos.game_end() {
            return match end.outcome {
                Outcome::Win(c) => {
                    assert_eq!(c, winner, "{start:?} lost");
                    true
                }
                Outcome::Draw => {
                    assert!(!fits, "{start:?} drawn by {} though it fit", end.reason);
                    false
                }
            };
        }
        if phase_start {
            let d = t.probe(&pos).map_or(0, |v| v.distance as u32);
            fits &= d <= limit(&pos);
        }
        let out = searcher.search(&pos, &[pos.hash()], &limits, 1, &Control::new(false), None);
        let next = pos.play(&out.best.expect("a move"));
        phase_start = material(&next) != material(&pos);
        pos = next;
    }
    panic!("{start:?}: no result in 600 plies");
}

/// 100 random won positions of 3 and 4 pieces per variant.
fn converts_random_wins<G: Evaluate>(v: Variant, limit: impl Fn(&G) -> u32) {
    let t = tables(v);
    let mut searcher = Searcher::new(1, 16);
    searcher.set_tables(Some(Arc::new(tables(v))));
    let mut seed = 0x2545_f491_4f6c_dd1du64 ^ v as u64;
    let mut random = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let squares = G::geometry().squares as usize;
    let (mut found, mut won) = (0, 0);
    while found < 100 {
        let mut setup = Setup::empty(squares);
        setup.side = [Color::White, Color::Black][random(2)];
        for i in 0..3 + random(2) {
            let color = match i {
                0 => Color::White,
                1 => Color::Black,
                _ => [Color::White, Color::Black][random(2)],
            };
            let king = random(3) != 0;
            setup.squares[random(squares)] = vec![Piece { color, king }];
        }
        let Ok(pos) = G::from_setup(&setup) else {
            continue;
        };
        if material(&pos).0 < 3 || t.probe(&pos).is_none_or(|v| v.wdl != Wdl::Win) {
            continue;
        }
        found += 1;
        won += convert(&searcher, &t, pos, &limit) as usize;
    }
    eprintln!("{v}: {won} of 100 random won positions converted within the draw counters");
}

#[test]
fn engine_converts_random_wins() {
    // international: 16 moves (32 plies) against a lone king with three
    // pieces, 5 moves with two, 25 moves of king moves otherwise
    converts_random_wins::<International>(Variant::International, |p| {
        let setup = p.to_setup();
        let count = |c: Color| {
            let mine = setup
                .squares
                .iter()
                .filter_map(|s| s.first())
                .filter(|x| x.color == c);
            (mine.clone().count(), mine.filter(|x| x.king).count())
        };
        let (w, b) = (count(Color::White), count(Color::Black));
        match (w, b) {
            ((1, 1), (n, k)) | ((n, k), (1, 1)) if k >= 1 && n == 3 => 32,
            ((1, 1), (n, k)) | ((n, k), (1, 1)) if k >= 1 && n == 2 => 10,
            _ => 50,
        }
    });
    converts_random_wins::<English>(Variant::English, |_| 80);
    converts_random_wins::<Brazilian>(Variant::Brazilian, |_| 30);
    converts_random_wins::<Russian>(Variant::Russian, |_| 30);
    converts_random_wins::<Dama>(Variant::Dama, |_| 40);
    converts_random_wins::<DamaInternational>(Variant::DamaInternational, |_| 40);
}

/// `dam egtb bench` prints the warm median and mean and the cold median
/// (the probed file dropped from the page cache first) for both kinds of
/// file.
#[test]
fn bench_prints_warm_and_cold_latency() {
    let (scratch, _) = built_copy("english");
    let dir = scratch.path().display().to_string();
    let out = dam(&[
        "egtb",
        "bench",
        "--variant",
        "english",
        "--pieces",
        "3",
        "--probes",
        "2000",
        "--dir",
        &dir,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for kind in [".dtb", ".wdl"] {
        let line = text.lines().find(|l| l.contains(kind)).unwrap_or_default();
        assert!(line.contains("median") && line.contains("cold"), "{text}");
        assert!(line.contains("of 100 files stayed cached"), "{text}");
    }
}

/// `dam egtb playout` on a set of win, draw or loss only (the `.dtb`
/// files removed), at a fixed depth so that the run repeats exactly: the
/// engine wins every won 3-piece position drawn on the english board,
/// though the databases score every move that keeps a win alike. The
/// search looks for the next conversion itself (positions of the root's
/// material are searched, not probed); probing them, it won about half
/// (88 of 170 at 0.01 s a move when this test was written).
#[test]
fn playout_wins_from_win_draw_loss_alone() {
    let scratch = english_without_dtb();
    let out = dam(&[
        "egtb",
        "playout",
        "--variant",
        "english",
        "--pieces",
        "3",
        "--positions",
        "30",
        "--depth",
        "24",
        "--dir",
        &scratch.path().display().to_string(),
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", stderr(&out));
    assert!(
        text.contains("class 0201: 30 won positions, 30 won in play"),
        "{text}"
    );
    assert!(text.contains("won in play (100.0 %)"), "{text}");
}

/// `dam analyze` of `fen` to depth 6 on one thread with the databases of
/// `dir`: its stdout, the run checked to succeed.
fn analyze_to_depth_6(dir: &str, variant: &str, fen: &str) -> String {
    let out = dam(&[
        "analyze",
        "--variant",
        variant,
        "--fen",
        fen,
        "--depth",
        "6",
        "--threads",
        "1",
        "--egtb-dir",
        dir,
    ]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}{}", stderr(&out));
    text
}

/// Above the `.dtb` sets (here: the english 2-4 set without its `.dtb`
/// files) the search of a won root scores evaluations to find its next
/// conversion; what it reports is the databases' win (loss), as for a
/// root the `.dtb` covers.
#[test]
fn a_win_known_without_a_distance_is_reported_as_a_win() {
    let scratch = english_without_dtb();
    let dir = scratch.path().display().to_string();
    for (fen, header, word) in [
        ("W:WK10,K15:BK28", "egtb win", "win"),
        ("B:WK10,K15:BK28", "egtb loss", "loss"),
    ] {
        let text = analyze_to_depth_6(&dir, "english", fen);
        assert!(text.starts_with(&format!("{header}\n")), "{text}");
        let last = text.lines().rfind(|l| l.starts_with("info")).expect("info");
        assert!(last.contains(&format!(" score={word} ")), "{text}");
        assert!(
            text.contains("\nbestmove ") && text.contains(&format!(" score {word} depth 6")),
            "{text}"
        );
    }
}

/// A database draw leans toward the side with more material: with a king
/// and a man against a king, both drawn, the engine keeps the man (29-24,
/// 0.05) instead of giving it away into a drawn king ending (29-23 5x46,
/// 0.00), which a match adjudicated by material would count as a loss
/// further on.
#[test]
fn a_database_draw_keeps_the_material() {
    let dir = built().display().to_string();
    let text = analyze_to_depth_6(&dir, "international", "W:WK50,29:BK5");
    assert!(
        text.contains("\nbestmove 29-24 score 0.05 depth 6"),
        "{text}"
    );
}

/// `dam egtb phase` on a position of kings only: the phase ends at the
/// next capture, so its plies are the `.dtb` distance `probe` prints; a
/// phase larger than `--limit` is refused.
#[test]
fn phase_of_kings_only_is_the_distance_to_conversion() {
    let dir = built().display().to_string();
    let fen = "W:WK10,K15:BK28";
    let english = |command: &str, more: &[&str]| {
        let args = [
            "egtb",
            command,
            "--variant",
            "english",
            "--fen",
            fen,
            "--dir",
            &dir,
        ];
        dam(&[&args[..], more].concat())
    };
    let text = stdout(&english("probe", &[]));
    let value = text
        .lines()
        .find_map(|l| l.strip_prefix("value "))
        .expect(&text);
    let plies = value.strip_prefix("win ").expect(value);
    let out = english("phase", &[]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}{}", stderr(&out));
    assert!(
        text.starts_with("phase ")
            && text
                .lines()
                .next()
                .unwrap()
                .ends_with(&format!(": win, the phase ends within {plies} plies")),
        "{text}"
    );
    let small = english("phase", &["--limit", "5"]);
    assert_eq!(small.status.code(), Some(2), "{}", stdout(&small));
    assert!(
        stderr(&small).contains("more than 5 positions"),
        "{}",
        stderr(&small)
    );
}
