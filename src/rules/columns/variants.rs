//! The three stacking variants as rule constants (rules.md, section 2).

use super::{Position, Promotion, Rules};
use crate::board::{EIGHT, Geometry, SEVEN};
use crate::rules::Color;
use crate::variant::Variant;

macro_rules! rules {
    ($(#[$doc:meta])* $name:ident, $rules:ident: $variant:ident, $geo:ident, men $men:expr,
     first $first:ident, backward $back:expr, flying $fly:expr, majority $maj:expr, $promo:ident) => {
        #[doc = concat!("The rules of `", stringify!($variant), "`.")]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $rules;

        impl Rules for $rules {
            const VARIANT: Variant = Variant::$variant;
            const GEO: &'static Geometry = &$geo;
            const MEN: u32 = $men;
            const FIRST: Color = Color::$first;
            const SOLDIERS_CAPTURE_BACKWARD: bool = $back;
            const FLYING_OFFICERS: bool = $fly;
            const MAJORITY: bool = $maj;
            const PROMOTION: Promotion = Promotion::$promo;
        }

        $(#[$doc])*
        pub type $name = Position<$rules>;
    };
}

rules!(
    /// Damasca (StackWorks "Damasca Classic"): one-step officers.
    Damasca, DamascaRules: Damasca, EIGHT, men 12, first White,
    backward true, flying false, majority true, Touched
);
rules!(
    /// Damasca International: flying officers.
    DamascaInternational, DamascaInternationalRules: DamascaInternational, EIGHT, men 12,
    first White, backward true, flying true, majority true, Touched
);
rules!(
    /// Lasca (Lasker): 7x7, soldiers capture forward only, free choice.
    Lasca, LascaRules: Lasca, SEVEN, men 11, first White,
    backward false, flying false, majority false, StopsMove
);
