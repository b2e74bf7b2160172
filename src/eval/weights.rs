//! Every evaluation weight in one place, as data, so a tuner can replace
//! them. Units are hundredths of a man.

/// The weights of the evaluation of both families.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// A man (soldier).
    pub man: i32,
    /// A king that moves any distance.
    pub flying_king: i32,
    /// A king that moves one step.
    pub short_king: i32,
    /// Per man and per rank advanced, scaled down while many men remain.
    pub advance: i32,
    /// A man on one of the central squares.
    pub centre: i32,
    /// Per man of difference between the two wings.
    pub balance: i32,
    /// A man still guarding its own back row while the opponent has no king.
    pub back_rank: i32,
    /// A man with nothing in front of it on its way to the crown, per rank
    /// already advanced.
    pub runaway: i32,
    /// A man in the far half with both squares behind it held by its own
    /// pieces (an outpost: it cannot be exchanged off from the front).
    pub outpost: i32,
    /// Per empty square next to a king.
    pub king_mobility: i32,
    /// The side to move's small edge.
    pub tempo: i32,
    /// Damath: the share, in percent, of the opponent's best capture gain
    /// counted against the side to move.
    pub damath_threat: i32,
    /// Stacks: a piece of the owner's colour under its top (a reserve).
    pub own_below: i32,
    /// Stacks: an enemy piece held prisoner under the owner's top.
    pub prisoner: i32,
}

/// The weights the engine plays with.
pub const WEIGHTS: Weights = Weights {
    man: 100,
    flying_king: 320,
    short_king: 150,
    advance: 3,
    centre: 6,
    balance: 4,
    back_rank: 8,
    runaway: 12,
    outpost: 8,
    king_mobility: 2,
    tempo: 5,
    damath_threat: 50,
    own_below: 45,
    prisoner: 35,
};
