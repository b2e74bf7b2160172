//! Random positions of one signature with a given database value, for
//! tests that play them out (`dam egtb playout`): quiet positions only
//! (the side to move has no capture), drawn by a seeded generator so
//! that a run can be repeated.

use super::format::Wdl;
use super::index::Indexer;
use super::signature::Signature;
use super::tables::{Tables, must_capture, position};
use crate::notation::fen::write_fen;
use crate::rules::removal::Rules;

/// Up to `count` FENs of quiet positions of `sig` (White to move, moving
/// up the board) whose value for the side to move is `want`, distinct,
/// drawn at random by `seed`. Fewer when the signature holds fewer (the
/// draws give up after `1000 * count + 100_000` tries); none when its
/// table is not loaded.
pub fn sample<R: Rules>(
    tables: &Tables,
    sig: Signature,
    want: Wdl,
    count: usize,
    seed: u64,
) -> Vec<String> {
    let ix = Indexer::new(R::GEO, sig);
    let mut rng = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ u64::from_le_bytes(*b"dam-smpl");
    let mut found: Vec<u64> = Vec::new();
    for _ in 0..1000 * count + 100_000 {
        if found.len() == count {
            break;
        }
        // xorshift64*
        rng ^= rng >> 12;
        rng ^= rng << 25;
        rng ^= rng >> 27;
        let i = rng.wrapping_mul(0x2545_f491_4f6c_dd1d) % ix.size();
        let p = ix.unrank(i);
        if found.contains(&i) || must_capture::<R>(&p) {
            continue;
        }
        if tables.probe_wdl(&position::<R>(&p)) == Some(want) {
            found.push(i);
        }
    }
    found
        .iter()
        .map(|&i| write_fen(&position::<R>(&ix.unrank(i))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::egtb::RulesOf;
    use crate::notation::fen::parse_fen;
    use crate::rules::removal::English;

    type R = <English as RulesOf>::R;

    /// The positions drawn have the value asked for, are distinct and
    /// quiet, and the same seed draws the same ones.
    #[test]
    fn samples_have_the_value_asked_for() {
        let dir = tempfile::tempdir().expect("scratch");
        crate::egtb::build::build::<R>(dir.path(), 3, true).expect("2-3 pieces");
        let (tables, problems) = Tables::open(R::VARIANT, R::GEO, dir.path(), 3, R::MEN);
        assert!(problems.is_empty(), "{problems:?}");
        let sig = Signature::new(0, 2, 0, 1);
        let wins = sample::<R>(&tables, sig, Wdl::Win, 20, 7);
        assert_eq!(wins.len(), 20);
        assert_eq!(wins, sample::<R>(&tables, sig, Wdl::Win, 20, 7));
        let mut distinct = wins.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 20);
        for fen in &wins {
            let pos: English = parse_fen(fen).expect("a FEN");
            assert!(!crate::rules::Game::must_capture(&pos), "{fen}");
            assert_eq!(tables.probe_wdl(&pos), Some(Wdl::Win), "{fen}");
        }
    }
}
