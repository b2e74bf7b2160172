//! Ending a game by the databases (`dam match` and `dam dxp` with
//! `--adjudicate-egtb N`): once a game reaches a position they cover, it
//! ends with the database's result, and the reason says so (the PDN
//! Termination tag, the stderr line): `egtb adjudication: White wins`.
//! The result is the theoretical one: a draw counter already running in
//! the game (international's 16- and 5-move rules) is not looked at.

use super::format::Wdl;
use super::{Tables, default_dir, open_for_engine, unsupported};
use crate::rules::removal::Position;
use crate::rules::{Game, GameEnd, Outcome};
use crate::variant::Variant;
use std::path::Path;
use std::sync::Arc;

/// The databases a game is adjudicated by; cheap to clone (one mapping
/// shared by every game of a match).
#[derive(Clone)]
pub struct Adjudicator {
    tables: Arc<Tables>,
}

impl std::fmt::Debug for Adjudicator {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(
            f,
            "Adjudicator({}, {} pieces, {})",
            self.tables.variant(),
            self.tables.pieces(),
            self.tables.dir().display()
        )
    }
}

impl Adjudicator {
    /// The adjudicator the flags ask for: none for `pieces` 0, else the
    /// databases of `variant` of up to `pieces` pieces under `dir` (or the
    /// default directory), the sets of up to 4 pieces built first if
    /// missing. An error names the flag and why.
    pub fn from_flags(
        variant: Variant,
        pieces: u32,
        dir: Option<&Path>,
    ) -> Result<Option<Adjudicator>, String> {
        if pieces == 0 {
            return Ok(None);
        }
        if pieces == 1 {
            return Err("--adjudicate-egtb 1: give 0 (off) or 2 pieces or more".into());
        }
        if !Variant::REMOVAL.contains(&variant) {
            return Err(format!("--adjudicate-egtb: {}", unsupported(variant)));
        }
        let dir = dir.map_or_else(default_dir, Path::to_path_buf);
        let tables = open_for_engine(variant, &dir, pieces, true).ok_or_else(|| {
            format!(
                "--adjudicate-egtb: no endgame database of {variant} could be opened in {} \
                 (build them with dam egtb build --variant {variant} --pieces {pieces} --dir DIR)",
                dir.display()
            )
        })?;
        Ok(Some(Adjudicator {
            tables: Arc::new(tables),
        }))
    }

    /// The pieces every covered position has at most.
    pub fn pieces(&self) -> u32 {
        self.tables.pieces()
    }

    /// The database's result of `pos`, if its variant is the databases'
    /// and they cover it.
    pub fn verdict<G: Game>(&self, pos: &G) -> Option<GameEnd> {
        if G::VARIANT != self.tables.variant() {
            return None;
        }
        let setup = pos.to_setup();
        let on_board = setup.squares.iter().filter(|s| !s.is_empty()).count();
        if on_board as u32 > self.tables.pieces() {
            return None;
        }
        let value = crate::with_rules!(G::VARIANT, R => Position::<R>::from_setup(&setup)
            .ok()
            .and_then(|p| self.tables.probe_wdl(&p)))??;
        let side = pos.side_to_move();
        let (outcome, text) = match value {
            Wdl::Win => (Outcome::Win(side), format!("{side:?} wins")),
            Wdl::Loss => (Outcome::Win(side.flip()), format!("{:?} wins", side.flip())),
            Wdl::Draw => (Outcome::Draw, "draw".to_string()),
        };
        Some(GameEnd {
            outcome,
            reason: format!("egtb adjudication: {text}"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen::parse_fen;
    use crate::rules::Color;
    use crate::rules::removal::English;

    #[test]
    fn flags_that_ask_for_nothing_or_too_little_are_told_apart() {
        assert!(matches!(
            Adjudicator::from_flags(Variant::English, 0, None),
            Ok(None)
        ));
        let one = Adjudicator::from_flags(Variant::English, 1, None).unwrap_err();
        assert!(one.contains("--adjudicate-egtb 1"), "{one}");
        let lasca = Adjudicator::from_flags(Variant::Lasca, 4, None).unwrap_err();
        assert!(lasca.contains("lasca has no endgame databases"), "{lasca}");
    }

    #[test]
    fn a_covered_position_ends_with_the_database_result() {
        let dir = tempfile::tempdir().unwrap();
        let a = Adjudicator::from_flags(Variant::English, 3, Some(dir.path()))
            .unwrap()
            .unwrap();
        assert_eq!(a.pieces(), 3);
        let verdict = |fen: &str| a.verdict(&parse_fen::<English>(fen).unwrap());
        // Lasker, diagram 88: the king with the opposition wins
        let won = verdict("W:WK32:BK26").unwrap();
        assert_eq!(won.outcome, Outcome::Win(Color::White));
        assert_eq!(won.reason, "egtb adjudication: White wins");
        let drawn = verdict("B:WK32:BK26").unwrap();
        assert_eq!(drawn.outcome, Outcome::Draw);
        assert_eq!(drawn.reason, "egtb adjudication: draw");
        assert_eq!(verdict("W:W21,22,23:B1"), None, "four pieces: not covered");
    }
}
