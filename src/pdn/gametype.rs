//! Which variant a game is played in: its `GameType` tag (the number before
//! the optional fields), else a `Variant` tag (lidraughts, PlayStrategy and
//! dam's own variants without a GameType number), else the caller's
//! default. Numbers of variants dam does not play give a clean error.

use super::syntax::{PdnGame, RESULTS};
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

/// The variant of `game`, or why dam cannot replay it.
pub fn game_variant(game: &PdnGame, default: Variant) -> Result<Variant, String> {
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
    Ok(default)
}

/// Whether results are written `2-0`, `1-1`, `0-2` (PDN's International
/// result type) rather than `1-0`, `1/2-1/2`, `0-1`.
pub fn plus_results(variant: Variant) -> bool {
    variant == Variant::International
}

/// The colour a result's first number belongs to. English checkers files
/// (CheckerBoard, PDN 2.0) count the first mover, Black: `1-0` is a Black
/// win there; the other variants' files put White first.
pub fn first_in_results(variant: Variant) -> Color {
    match variant {
        Variant::English => Color::Black,
        _ => Color::White,
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
        game_variant(&parse_game(header).unwrap(), Variant::International)
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
