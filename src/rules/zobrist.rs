//! Zobrist keys, made at compile time from a fixed seed (splitmix64), so
//! hashes are the same in every build and every run.

/// The `n`-th key of the stream.
pub const fn key(n: u64) -> u64 {
    let mut z = n.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Keys for one piece kind on every bit of the layout.
pub const fn table(stream: u64) -> [u64; 64] {
    let mut t = [0; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = key(stream * 64 + i as u64);
        i += 1;
    }
    t
}

/// `PIECE[colour][king][bit]`: a man or king of a colour on a bit.
pub const PIECE: [[[u64; 64]; 2]; 2] = [[table(0), table(1)], [table(2), table(3)]];

/// Xored in when Black is to move.
pub const BLACK_TO_MOVE: u64 = key(1 << 40);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct() {
        let mut all: Vec<u64> = PIECE.iter().flatten().flatten().copied().collect();
        all.push(BLACK_TO_MOVE);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
