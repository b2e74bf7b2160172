//! Which variant a game is played in: its `GameType` tag (the number before
//! the optional fields), else a `Variant` tag (lidraughts, PlayStrategy and
//! dam's own variants without a GameType number), else `--variant`, else
//! what its squares say (algebraic: russian; numbers up to 32: english;
//! larger numbers: international). Numbers of variants dam does not play
//! give a clean error. Also the variants' result conventions.

use super::syntax::{Element, PdnGame, RESULTS};
use crate::rules::{Color, Outcome};
use crate::variant::Variant;

/// The names PDN gives the GameType numbers dam does not play.
const OTHERS: [(u32, &str); 15] = [
    (0, "chess"),
    (1, "Chinese chess"),
    (22, "Italian draughts"),
    (23, "pool checkers"),
    (24, "Spanish draughts"),
    (27, "Canadian draughts"),
    (28, "Portuguese draughts"),
    (29, "Czech draughts"),
    (30, "Turkish draughts"),
    (31, "Thai draughts"),
    (40, "Frisian draughts"),
    (41, "Spantsiretti"),
    (50, "Othello"),
    (97, "Frysk! (lidraughts)"),
    (98, "antidraughts (lidraughts)"),
];

/// How the variant of a game without a tag was chosen, for messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Untagged {
    /// `--variant` named it.
    Flag,
    /// Inferred from the game's squares, for this reason.
    Inferred(&'static str),
}

/// The variant of `game` and, when no tag named it, how it was chosen
/// (`flag`: the `--variant` of games without a tag); or why dam cannot
/// replay it.
pub fn game_variant(
    game: &PdnGame,
    flag: Option<Variant>,
) -> Result<(Variant, Option<Untagged>), String> {
    if game.tag("GameType").is_none() && game.tag("Variant").is_none() {
        return Ok(match flag {
            Some(v) => (v, Some(Untagged::Flag)),
            None => {
                let (v, why) = infer_variant(game)?;
                (v, Some(Untagged::Inferred(why)))
            }
        });
    }
    tagged_variant(game).map(|v| (v, None))
}

/// The variant a game's squares point to, and why: algebraic squares are
/// russian, square numbers up to 32 english (unless, from the initial
/// position, the first move does not start on 9-12 as Black's first move
/// in english does), larger ones international. A game from the initial
/// position with square numbers up to 32 whose first move starts on 21-24,
/// as White's first move in Italian draughts does, is refused: dam does
/// not play Italian draughts.
fn infer_variant(game: &PdnGame) -> Result<(Variant, &'static str), String> {
    let set_up =
        game.tag("FEN").is_some() || game.body.iter().any(|e| matches!(e, Element::Setup { .. }));
    let first_from = game.body.iter().find_map(|e| match e {
        Element::Move(m) => m.text.split(|c: char| !c.is_ascii_digit()).next(),
        _ => None,
    });
    let mut texts: Vec<&str> = game
        .body
        .iter()
        .filter_map(|e| match e {
            Element::Move(m) => Some(m.text.as_ref()),
            Element::Setup { text, .. } => Some(text),
            _ => None,
        })
        .collect();
    texts.extend(game.tag("FEN"));
    let algebraic = texts.iter().any(|t| {
        let b = t.as_bytes();
        b.windows(2)
            .any(|w| (b'a'..=b'h').contains(&w[0]) && w[1].is_ascii_digit())
    });
    if algebraic {
        return Ok((Variant::Russian, "its squares are algebraic"));
    }
    let largest = texts
        .iter()
        .flat_map(|t| t.split(|c: char| !c.is_ascii_digit()))
        .filter_map(|n| n.parse::<u32>().ok())
        .max();
    let first_from = first_from.and_then(|n| n.parse::<u32>().ok());
    let english_start = first_from.is_some_and(|n| (9..=12).contains(&n));
    let italian_start = !set_up && first_from.is_some_and(|n| (21..=24).contains(&n));
    Ok(match largest {
        Some(n) if n <= 32 && (set_up || english_start) => {
            (Variant::English, "its square numbers are all 32 or less")
        }
        Some(n) if n <= 32 && italian_start => {
            return Err(format!(
                "unsupported variant: no GameType tag, square numbers all 32 or less and a \
                 first move from square {} as in Italian draughts, which dam does not play \
                 (a GameType tag or --variant says otherwise)",
                first_from.unwrap_or_default()
            ));
        }
        Some(n) if n <= 32 => (
            Variant::International,
            "its first move does not start on 9-12 as an english game's does",
        ),
        Some(_) => (Variant::International, "it has square numbers above 32"),
        None => (Variant::International, "it has no squares to tell"),
    })
}

/// The variant its tags name.
fn tagged_variant(game: &PdnGame) -> Result<Variant, String> {
    if let Some(value) = game.tag("GameType") {
        let number = value.split(',').next().unwrap_or("").trim();
        let Ok(number) = number.parse::<u32>() else {
            return value
                .trim()
                .parse()
                .map_err(|_| format!("GameType \"{value}\" is not a number dam knows"));
        };
        if let Some(v) = Variant::ALL
            .into_iter()
            .find(|v| v.pdn_game_type() == Some(number))
        {
            return Ok(v);
        }
        let name = OTHERS
            .iter()
            .find(|(n, _)| *n == number)
            .map_or("an unknown game", |(_, name)| name);
        return Err(format!(
            "unsupported variant: GameType {number} is {name}, which dam does not play"
        ));
    }
    if let Some(value) = game.tag("Variant") {
        let first = value.split(['/', ' ']).next().unwrap_or("");
        return value
            .parse()
            .or_else(|_| first.parse())
            .map_err(|_| format!("unsupported variant: Variant \"{value}\""));
    }
    Err("no GameType or Variant tag".to_string())
}

/// Whether results are written `2-0`, `1-1`, `0-2` (PDN's International
/// result type) rather than `1-0`, `1/2-1/2`, `0-1`.
pub fn plus_results(variant: Variant) -> bool {
    variant.facts().quirks.pdn_plus_results
}

/// The colour a result's first number belongs to. English checkers files
/// (CheckerBoard, PDN 2.0) count the first mover, Black: `1-0` is a Black
/// win there; the other variants' files put White first.
pub fn first_in_results(variant: Variant) -> Color {
    if variant.facts().quirks.pdn_black_first {
        Color::Black
    } else {
        Color::White
    }
}

/// What a result text says in `variant`'s files; `None` for `*`, `0-0`
/// and anything else that names no winner or draw.
pub fn result_outcome(variant: Variant, result: &str) -> Option<Outcome> {
    let first = first_in_results(variant);
    match result.trim() {
        "1-0" | "2-0" => Some(Outcome::Win(first)),
        "0-1" | "0-2" => Some(Outcome::Win(first.flip())),
        "1/2-1/2" | "1-1" => Some(Outcome::Draw),
        _ => None,
    }
}

/// The result text of `outcome` as `variant`'s files write it (`*` for an
/// unfinished game).
pub fn outcome_result(variant: Variant, outcome: Option<Outcome>) -> String {
    let chess = match outcome {
        Some(Outcome::Win(c)) if c == first_in_results(variant) => "1-0",
        Some(Outcome::Win(_)) => "0-1",
        Some(Outcome::Draw) => "1/2-1/2",
        None => "*",
    };
    result_for(variant, chess)
}

/// The game terminator for `result`: the result itself when it is a
/// result token, else `*`.
pub fn terminator(result: &str) -> &str {
    if RESULTS.contains(&result) {
        result
    } else {
        "*"
    }
}

/// `result` in the variant's result format; other values stay as they are.
pub fn result_for(variant: Variant, result: &str) -> String {
    let plus = plus_results(variant);
    let mapped = match result.trim() {
        "1-0" | "2-0" => Some(if plus { "2-0" } else { "1-0" }),
        "0-1" | "0-2" => Some(if plus { "0-2" } else { "0-1" }),
        "1/2-1/2" | "1-1" => Some(if plus { "1-1" } else { "1/2-1/2" }),
        _ => None,
    };
    mapped.map_or_else(|| result.trim().to_string(), str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdn::parse::parse_game;

    fn variant_of(header: &str) -> Result<Variant, String> {
        game_variant(&parse_game(header).unwrap(), Some(Variant::International)).map(|(v, _)| v)
    }

    #[test]
    fn untagged_games_are_read_by_their_squares_unless_the_flag_says() {
        let infer = |text: &str| game_variant(&parse_game(text).unwrap(), None).unwrap();
        let english = infer("1. 11-15 23-19 2. 8-11 22-17 *");
        assert_eq!(english.0, Variant::English);
        assert!(matches!(english.1, Some(Untagged::Inferred(_))));
        assert_eq!(infer("1. c3-d4 f6-g5 2. d4xf6 *").0, Variant::Russian);
        assert_eq!(
            infer("1. 32-28 19-23 2. 28x19 14x23 *").0,
            Variant::International
        );
        assert_eq!(infer("[GameType \"25\"]\n1. 9-13 *").0, Variant::Russian);
        let flagged = game_variant(&parse_game("1. 11-15 *").unwrap(), Some(Variant::Dama));
        assert_eq!(flagged, Ok((Variant::Dama, Some(Untagged::Flag))));
    }

    #[test]
    fn gametype_then_variant_tag_then_default() {
        assert_eq!(
            variant_of("[GameType \"20,W,10,10,N1,0\"]"),
            Ok(Variant::International)
        );
        assert_eq!(variant_of("[GameType \"25\"]"), Ok(Variant::Russian));
        assert_eq!(
            variant_of("[GameType \"21,B,8,8,N1,0\"]"),
            Ok(Variant::English)
        );
        assert_eq!(
            variant_of("[Variant \"American/English\"]"),
            Ok(Variant::English)
        );
        assert_eq!(variant_of("[Variant \"damasca\"]"), Ok(Variant::Damasca));
        assert_eq!(variant_of("[Event \"x\"]"), Ok(Variant::International));
        assert!(
            variant_of("[GameType \"97\"]")
                .unwrap_err()
                .contains("Frysk")
        );
    }

    #[test]
    fn results_follow_the_variant() {
        assert_eq!(result_for(Variant::International, "1/2-1/2"), "1-1");
        assert_eq!(result_for(Variant::English, "2-0"), "1-0");
        assert_eq!(result_for(Variant::Russian, "*"), "*");
    }

    #[test]
    fn english_results_count_black_first() {
        let black = Some(Outcome::Win(Color::Black));
        assert_eq!(result_outcome(Variant::English, "1-0"), black);
        assert_eq!(outcome_result(Variant::English, black), "1-0");
        assert_eq!(result_outcome(Variant::Russian, "0-1"), black);
        assert_eq!(outcome_result(Variant::International, black), "0-2");
        assert_eq!(result_outcome(Variant::International, "*"), None);
        assert_eq!((terminator("2-0"), terminator("1+ - 1-")), ("2-0", "*"));
    }
}
