//! The PDN text of a finished match game, appended to the log one game at
//! a time: tags Event, Date, Round, White, Black, Result, GameType (where
//! the variant has a PDN number; else a Variant tag), FEN and SetUp for a
//! set-up start, TimeControl and Termination, then the moves.

use super::Finished;
use crate::notation::fen::write_fen;
use crate::notation::movetext::pdn_move;
use crate::pdn::gametype::outcome_result;
use crate::rules::{Game, Outcome};
use std::time::{SystemTime, UNIX_EPOCH};

/// What the tags of every game of a match share.
#[derive(Clone, Debug)]
pub struct MatchTags {
    pub event: String,
    /// The two players' names, in the order of `Finished::white`.
    pub names: [String; 2],
    /// The PDN TimeControl value.
    pub time_control: String,
}

/// The result text in the variant's result format (`2-0` / `1-1` / `0-2`
/// in international, `1-0` / `1/2-1/2` / `0-1` elsewhere), first number
/// that of the side its files put first (Black in english).
pub fn result_text<G: Game>(outcome: Option<Outcome>) -> String {
    outcome_result(G::VARIANT, outcome)
}

/// One game as PDN, ending with a blank line.
pub fn game_text<G: Game>(game: &Finished<G>, tags: &MatchTags) -> String {
    let quote = |s: &str| s.replace(['"', '\\'], "'");
    let result = result_text::<G>(game.outcome);
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        out.push_str(&format!("[{name} \"{}\"]\n", quote(value)));
    };
    tag("Event", &tags.event);
    tag("Date", &today());
    tag("Round", &game.round.to_string());
    tag("White", &tags.names[game.white]);
    tag("Black", &tags.names[1 - game.white]);
    tag("Result", &result);
    match G::VARIANT.pdn_game_type() {
        Some(n) => tag("GameType", &n.to_string()),
        None => tag("Variant", G::VARIANT.id()),
    }
    if game.start != G::start() {
        tag("SetUp", "1");
        tag("FEN", &write_fen(&game.start));
    }
    tag("TimeControl", &tags.time_control);
    tag("Termination", &game.termination);
    out.push('\n');
    out.push_str(&movetext(game));
    out.push_str(&result);
    out.push_str("\n\n");
    out
}

/// Numbered moves, wrapped before 80 columns. Move numbers count the
/// moves of the variant's first mover (Black in english).
fn movetext<G: Game>(game: &Finished<G>) -> String {
    let first = G::start().side_to_move();
    let mut words = Vec::new();
    let mut pos = game.start;
    let mut number = 1;
    for (i, mv) in game.moves.iter().enumerate() {
        let leads = pos.side_to_move() == first;
        let text = pdn_move(&pos, mv);
        // A move number stays on the line of its move.
        words.push(match (leads, i) {
            (true, _) => format!("{number}. {text}"),
            (false, 0) => format!("{number}... {text}"),
            (false, _) => text,
        });
        if !leads {
            number += 1;
        }
        pos = pos.play(mv);
    }
    let mut out = String::new();
    let mut width = 0;
    for word in words {
        if width + word.len() + 1 > 79 {
            out.push('\n');
            width = 0;
        }
        out.push_str(&word);
        out.push(' ');
        width += word.len() + 1;
    }
    out
}

/// Today's date as `YYYY.MM.DD` (UTC).
fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian date of a day count since 1970-01-01.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::movetext::parse_move;
    use crate::rules::Color;
    use crate::rules::removal::International;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }

    #[test]
    fn a_set_up_game_with_black_first() {
        let start: International = crate::notation::fen::parse_fen("B:W32:B19").unwrap();
        let mv = parse_move(&start, "19-23").unwrap();
        let game = Finished {
            round: 3,
            white: 1,
            start,
            moves: vec![mv],
            outcome: Some(Outcome::Win(Color::Black)),
            termination: "no move left".into(),
        };
        let tags = MatchTags {
            event: "test \"match\"".into(),
            names: ["a".into(), "b".into()],
            time_control: "75/120".into(),
        };
        let text = game_text(&game, &tags);
        assert!(text.contains("[Event \"test 'match'\"]\n"));
        assert!(text.contains("[White \"b\"]\n[Black \"a\"]\n[Result \"0-2\"]\n"));
        assert!(text.contains("[GameType \"20\"]\n[SetUp \"1\"]\n[FEN \"B:W32:B19\"]\n"));
        assert!(text.ends_with("\n1... 19-23 0-2\n\n"), "{text}");
    }
}
