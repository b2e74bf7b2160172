//! The six plain variants as rule constants (rules.md, section 1).

use super::{Position, Promotion, Rules};
use crate::board::{EIGHT, Geometry, TEN};
use crate::rules::Color;
use crate::variant::Variant;

macro_rules! rules {
    ($(#[$doc:meta])* $name:ident, $rules:ident: $variant:ident, $geo:ident, men $men:expr, first $first:ident,
     backward $back:expr, flying $fly:expr, majority $maj:expr, immediate $imm:expr, $promo:ident) => {
        #[doc = concat!("The rules of `", stringify!($variant), "`.")]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $rules;

        impl Rules for $rules {
            const VARIANT: Variant = Variant::$variant;
            const GEO: &'static Geometry = &$geo;
            const MEN: u32 = $men;
            const FIRST: Color = Color::$first;
            const MEN_CAPTURE_BACKWARD: bool = $back;
            const FLYING_KINGS: bool = $fly;
            const MAJORITY: bool = $maj;
            const IMMEDIATE_REMOVAL: bool = $imm;
            const PROMOTION: Promotion = Promotion::$promo;
        }

        $(#[$doc])*
        pub type $name = Position<$rules>;
    };
}

rules!(
    /// International draughts (FMJD), 10x10.
    International, InternationalRules: International, TEN, men 20, first White,
    backward true, flying true, majority true, immediate false, EndsThere
);
rules!(
    /// English draughts / American checkers.
    English, EnglishRules: English, EIGHT, men 12, first Black,
    backward false, flying false, majority false, immediate false, StopsMove
);
rules!(
    /// Brazilian draughts: international rules on 8x8.
    Brazilian, BrazilianRules: Brazilian, EIGHT, men 12, first White,
    backward true, flying true, majority true, immediate false, EndsThere
);
rules!(
    /// Russian draughts: free choice of capture, crowning mid-capture.
    Russian, RussianRules: Russian, EIGHT, men 12, first White,
    backward true, flying true, majority false, immediate false, ContinuesAsKing
);
rules!(
    /// Dama (StackWorks "Dama Classic"): pieces leave as they are jumped.
    Dama, DamaRules: Dama, EIGHT, men 12, first White,
    backward true, flying true, majority true, immediate true, Touched
);
rules!(
    /// Dama International: jumped pieces stay, marked, until the move ends.
    DamaInternational, DamaInternationalRules: DamaInternational, EIGHT, men 12, first White,
    backward true, flying true, majority true, immediate false, Touched
);
