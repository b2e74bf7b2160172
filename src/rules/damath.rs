//! Placeholder until the Damath family lands: NOT the real rules.
pub type Damath = super::removal::Dama;
