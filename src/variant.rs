//! The ten variants dam plays: their ids, the names other programs use for
//! them, and the one macro that turns a runtime `Variant` into a type that
//! implements `Game`, so that everything below it is compiled per variant.

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

impl Variant {
    /// The variants of the plain family (one piece a square, captured
    /// pieces removed): the ones endgame databases and training data cover.
    pub const PLAIN: [Variant; 6] = [
        Variant::International,
        Variant::English,
        Variant::Brazilian,
        Variant::Russian,
        Variant::Dama,
        Variant::DamaInternational,
    ];

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

    /// The id used on the command line and in protocols.
    pub const fn id(self) -> &'static str {
        match self {
            Variant::International => "international",
            Variant::English => "english",
            Variant::Brazilian => "brazilian",
            Variant::Russian => "russian",
            Variant::Dama => "dama",
            Variant::DamaInternational => "dama-international",
            Variant::Damasca => "damasca",
            Variant::DamascaInternational => "damasca-international",
            Variant::Lasca => "lasca",
            Variant::Damath => "damath",
        }
    }

    /// The PDN GameType number, where the PDN standard has one.
    pub const fn pdn_game_type(self) -> Option<u32> {
        match self {
            Variant::International => Some(20),
            Variant::English => Some(21),
            Variant::Brazilian => Some(26),
            Variant::Russian => Some(25),
            _ => None,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// An unknown variant name.
#[derive(Debug, thiserror::Error)]
#[error(
    "unknown variant '{0}' (known: international, english, brazilian, russian, dama, dama-international, damasca, damasca-international, lasca, damath)"
)]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;

    /// Accepts dam's ids and the names Scan, pydraughts and lidraughts send.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let v = match s.to_ascii_lowercase().replace('_', "-").as_str() {
            "international" | "normal" | "standard" | "10x10" | "fmjd" => Variant::International,
            "english" | "american" | "checkers" => Variant::English,
            "brazilian" => Variant::Brazilian,
            "russian" => Variant::Russian,
            "dama" => Variant::Dama,
            "dama-international" => Variant::DamaInternational,
            "damasca" => Variant::Damasca,
            "damasca-international" => Variant::DamascaInternational,
            "lasca" => Variant::Lasca,
            "damath" => Variant::Damath,
            _ => return Err(UnknownVariant(s.to_string())),
        };
        Ok(v)
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
}
