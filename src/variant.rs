//! The ten variants dam plays and one table of their facts (ids and the
//! names other programs use, board, family, file codes, notation quirks,
//! the shipped books, ballots and weights), and the one macro that turns a
//! runtime `Variant` into a type that implements `Game`, so that
//! everything below it is compiled per variant. A new variant adds a row
//! here; every other match over variants is exhaustive, so the compiler
//! lists the rest.

use std::fmt;
use std::str::FromStr;

/// Every variant dam knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    International,
    English,
    Brazilian,
    Russian,
    Dama,
    DamaInternational,
    Damasca,
    DamascaInternational,
    Lasca,
    Damath,
}

/// A rules family: how pieces stand and what a capture does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// One piece a square; captured pieces are removed (`rules::removal`).
    Removal,
    /// Columns of pieces; a capture takes the top of a column prisoner
    /// (`rules::columns`).
    Columns,
    /// Numbered chips and a score (`rules::damath`).
    Damath,
}

/// How a variant's moves and positions are written where the usual
/// numbering and colours are not what other programs expect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quirks {
    /// PDN writes squares in algebraic notation (`c3-d4`).
    pub pdn_algebraic: bool,
    /// PDN separates the squares of a capture with `:` instead of `x`.
    pub pdn_colon_captures: bool,
    /// Hub (pydraughts) numbers squares from White's side.
    pub hub_rows_from_white: bool,
    /// Hub (pydraughts) position strings have the colours turned (the
    /// first mover is Black there).
    pub hub_colours_turned: bool,
    /// The two sides are called Red and Blue.
    pub red_and_blue: bool,
    /// PDN results are written `2-0`, `1-1`, `0-2` (PDN's International
    /// result type) rather than `1-0`, `1/2-1/2`, `0-1`.
    pub pdn_plus_results: bool,
    /// A PDN result's first number is Black's, the first mover's (English
    /// checkers files); White's elsewhere.
    pub pdn_black_first: bool,
    /// Algebraic squares in PDN files are seen from Black's side, the
    /// first mover's (PlayStrategy's English files): `c3` is square 11.
    pub pdn_algebraic_from_black: bool,
}

const PLAIN_TEXT: Quirks = Quirks {
    pdn_algebraic: false,
    pdn_colon_captures: false,
    hub_rows_from_white: false,
    hub_colours_turned: false,
    red_and_blue: false,
    pdn_plus_results: false,
    pdn_black_first: false,
    pdn_algebraic_from_black: false,
};

/// Everything dam knows of a variant apart from its rules code: one row
/// of the table below per variant.
#[derive(Debug)]
pub struct Facts {
    /// The id used on the command line and in protocols.
    pub id: &'static str,
    /// Other names accepted for it (Scan's, pydraughts', lidraughts').
    pub aliases: &'static [&'static str],
    /// The names Hub announces it by, the one it reports first.
    pub hub_names: &'static [&'static str],
    /// The PDN GameType number, where the PDN standard has one.
    pub pdn_game_type: Option<u32>,
    /// Squares on a side of the board.
    pub board: u32,
    pub family: Family,
    /// The variant's code in dam's files (endgame databases, weights,
    /// training records), written out so that reordering the enum never
    /// changes a file.
    pub file_code: u8,
    pub quirks: Quirks,
    /// The opening book built into the binary (`book/<id>.book`).
    pub book: Option<&'static str>,
    /// The ballots `dam match` plays when given no openings.
    pub match_ballots: Option<&'static str>,
    /// The ballots self-play data starts from, and their length in plies.
    pub datagen_ballots: Option<(&'static str, usize)>,
    /// The evaluation weights built into the binary (`weights/<id>.bin`;
    /// docs/training.md gives the command that made each).
    pub weights: Option<&'static [u8]>,
}

/// The table of variant facts.
const INTERNATIONAL: Facts = Facts {
    id: "international",
    aliases: &["normal", "standard", "10x10", "fmjd"],
    hub_names: &["normal", "standard", "international"],
    pdn_game_type: Some(20),
    board: 10,
    family: Family::Removal,
    file_code: 0,
    quirks: Quirks {
        pdn_plus_results: true,
        ..PLAIN_TEXT
    },
    book: Some(include_str!("../book/international.book")),
    match_ballots: Some(include_str!("../book/international-2move.txt")),
    datagen_ballots: Some((include_str!("../book/international-3move.txt"), 3)),
    weights: Some(include_bytes!("../weights/international.bin")),
};
const ENGLISH: Facts = Facts {
    id: "english",
    aliases: &["american", "checkers"],
    hub_names: &["english"],
    pdn_game_type: Some(21),
    board: 8,
    family: Family::Removal,
    file_code: 1,
    quirks: Quirks {
        hub_colours_turned: true,
        pdn_black_first: true,
        pdn_algebraic_from_black: true,
        ..PLAIN_TEXT
    },
    book: Some(include_str!("../book/english.book")),
    match_ballots: Some(include_str!("../book/english-3move.txt")),
    datagen_ballots: Some((include_str!("../book/english-3move.txt"), 3)),
    weights: Some(include_bytes!("../weights/english.bin")),
};
const BRAZILIAN: Facts = Facts {
    id: "brazilian",
    aliases: &[],
    hub_names: &["brazilian"],
    pdn_game_type: Some(26),
    board: 8,
    family: Family::Removal,
    file_code: 2,
    quirks: Quirks {
        pdn_algebraic: true,
        hub_rows_from_white: true,
        ..PLAIN_TEXT
    },
    book: None,
    match_ballots: None,
    datagen_ballots: None,
    weights: Some(include_bytes!("../weights/brazilian.bin")),
};
const RUSSIAN: Facts = Facts {
    id: "russian",
    aliases: &[],
    hub_names: &["russian"],
    pdn_game_type: Some(25),
    board: 8,
    family: Family::Removal,
    file_code: 3,
    quirks: Quirks {
        pdn_algebraic: true,
        pdn_colon_captures: true,
        hub_rows_from_white: true,
        ..PLAIN_TEXT
    },
    book: None,
    match_ballots: None,
    datagen_ballots: None,
    weights: Some(include_bytes!("../weights/russian.bin")),
};
const DAMA: Facts = Facts {
    id: "dama",
    aliases: &[],
    hub_names: &["dama"],
    pdn_game_type: None,
    board: 8,
    family: Family::Removal,
    file_code: 4,
    quirks: PLAIN_TEXT,
    book: None,
    match_ballots: None,
    datagen_ballots: None,
    weights: Some(include_bytes!("../weights/dama.bin")),
};
const DAMA_INTERNATIONAL: Facts = Facts {
    id: "dama-international",
    aliases: &[],
    hub_names: &["dama-international"],
    file_code: 5,
    weights: Some(include_bytes!("../weights/dama-international.bin")),
    ..DAMA
};
const DAMASCA: Facts = Facts {
    id: "damasca",
    aliases: &[],
    hub_names: &["damasca"],
    pdn_game_type: None,
    board: 8,
    family: Family::Columns,
    file_code: 6,
    quirks: PLAIN_TEXT,
    book: None,
    match_ballots: None,
    datagen_ballots: None,
    weights: None,
};
const DAMASCA_INTERNATIONAL: Facts = Facts {
    id: "damasca-international",
    hub_names: &["damasca-international"],
    file_code: 7,
    ..DAMASCA
};
const LASCA: Facts = Facts {
    id: "lasca",
    hub_names: &["lasca"],
    board: 7,
    file_code: 8,
    ..DAMASCA
};
const DAMATH: Facts = Facts {
    id: "damath",
    aliases: &[],
    hub_names: &["damath"],
    pdn_game_type: None,
    board: 8,
    family: Family::Damath,
    file_code: 9,
    quirks: Quirks {
        red_and_blue: true,
        ..PLAIN_TEXT
    },
    book: None,
    match_ballots: None,
    datagen_ballots: None,
    weights: None,
};

impl Variant {
    pub const ALL: [Variant; 10] = [
        Variant::International,
        Variant::English,
        Variant::Brazilian,
        Variant::Russian,
        Variant::Dama,
        Variant::DamaInternational,
        Variant::Damasca,
        Variant::DamascaInternational,
        Variant::Lasca,
        Variant::Damath,
    ];

    /// The variants of the removal family (one piece a square, captured
    /// pieces removed): the ones endgame databases and training data cover.
    pub const REMOVAL: [Variant; 6] = [
        Variant::International,
        Variant::English,
        Variant::Brazilian,
        Variant::Russian,
        Variant::Dama,
        Variant::DamaInternational,
    ];

    /// The variant's row of the table: the one match a new variant must
    /// add to (the compiler points at it).
    pub const fn facts(self) -> &'static Facts {
        match self {
            Variant::International => &INTERNATIONAL,
            Variant::English => &ENGLISH,
            Variant::Brazilian => &BRAZILIAN,
            Variant::Russian => &RUSSIAN,
            Variant::Dama => &DAMA,
            Variant::DamaInternational => &DAMA_INTERNATIONAL,
            Variant::Damasca => &DAMASCA,
            Variant::DamascaInternational => &DAMASCA_INTERNATIONAL,
            Variant::Lasca => &LASCA,
            Variant::Damath => &DAMATH,
        }
    }

    /// The id used on the command line and in protocols.
    pub const fn id(self) -> &'static str {
        self.facts().id
    }

    /// The PDN GameType number, where the PDN standard has one.
    pub const fn pdn_game_type(self) -> Option<u32> {
        self.facts().pdn_game_type
    }

    /// The variant's rules family.
    pub const fn family(self) -> Family {
        self.facts().family
    }

    /// The variant whose file code is `code`.
    pub fn from_file_code(code: u8) -> Option<Variant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.facts().file_code == code)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// An unknown variant name.
#[derive(Debug, thiserror::Error)]
#[error("unknown variant '{0}' (known: {names})", names = known_names())]
pub struct UnknownVariant(pub String);

/// Every variant's id, comma separated.
fn known_names() -> String {
    Variant::ALL.map(Variant::id).join(", ")
}

impl FromStr for Variant {
    type Err = UnknownVariant;

    /// Accepts dam's ids and the names Scan, pydraughts and lidraughts send.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let name = s.to_ascii_lowercase().replace('_', "-");
        Variant::ALL
            .into_iter()
            .find(|v| v.id() == name || v.facts().aliases.contains(&name.as_str()))
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

/// Run `$body` with `$g` bound to the `Game` type of `$variant`. This is the
/// one place where a runtime variant becomes a type.
#[macro_export]
macro_rules! with_variant {
    ($variant:expr, $g:ident => $body:expr) => {{
        use $crate::rules::columns::{Damasca, DamascaInternational, Lasca};
        use $crate::rules::damath::Damath;
        use $crate::rules::removal::{
            Brazilian, Dama, DamaInternational, English, International, Russian,
        };
        match $variant {
            $crate::variant::Variant::International => {
                type $g = International;
                $body
            }
            $crate::variant::Variant::English => {
                type $g = English;
                $body
            }
            $crate::variant::Variant::Brazilian => {
                type $g = Brazilian;
                $body
            }
            $crate::variant::Variant::Russian => {
                type $g = Russian;
                $body
            }
            $crate::variant::Variant::Dama => {
                type $g = Dama;
                $body
            }
            $crate::variant::Variant::DamaInternational => {
                type $g = DamaInternational;
                $body
            }
            $crate::variant::Variant::Damasca => {
                type $g = Damasca;
                $body
            }
            $crate::variant::Variant::DamascaInternational => {
                type $g = DamascaInternational;
                $body
            }
            $crate::variant::Variant::Lasca => {
                type $g = Lasca;
                $body
            }
            $crate::variant::Variant::Damath => {
                type $g = Damath;
                $body
            }
        }
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_parse_back_and_aliases_work() {
        for v in Variant::ALL {
            assert_eq!(v.id().parse::<Variant>().unwrap(), v);
        }
        assert_eq!("normal".parse::<Variant>().unwrap(), Variant::International);
        assert_eq!(
            "Standard".parse::<Variant>().unwrap(),
            Variant::International
        );
        assert!("frisian".parse::<Variant>().is_err());
    }

    #[test]
    fn file_codes_are_the_ones_files_were_written_with_and_distinct() {
        // Database, weights and training files written before the table
        // coded a variant by its position in `ALL`; the codes keep that.
        for (i, v) in Variant::ALL.into_iter().enumerate() {
            assert_eq!(v.facts().file_code as usize, i, "{v}");
            assert_eq!(Variant::from_file_code(i as u8), Some(v));
        }
        assert_eq!(Variant::from_file_code(10), None);
    }

    #[test]
    fn the_removal_family_is_the_plain_list() {
        let removal: Vec<Variant> = Variant::ALL
            .into_iter()
            .filter(|v| v.family() == Family::Removal)
            .collect();
        assert_eq!(removal, Variant::REMOVAL);
    }
}
