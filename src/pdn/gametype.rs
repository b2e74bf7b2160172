//! Which variant a game is played in: its `GameType` tag (the number before
//! the optional fields), else a `Variant` tag (lidraughts, PlayStrategy and
//! dam's own variants without a GameType number), else the caller's
//! default. Numbers of variants dam does not play give a clean error.

use super::syntax::PdnGame;
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
}
