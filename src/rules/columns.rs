//! Placeholder until the stacking family lands: NOT the real rules.
pub type Damasca = super::removal::Dama;
pub type DamascaInternational = super::removal::Dama;
pub type Lasca = super::removal::Dama;
