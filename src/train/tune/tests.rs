//! The trainer recovers known weights from records scored by them (with
//! flying kings, scaled down as the search's evaluation scales a lead
//! kings make hard to convert), and names what it cannot train on.

use super::*;
use crate::rules::removal::{English, International};
use crate::train::record::Writer;

/// Records of random positions of `R`, scored by the hand-set terms and
/// `w` and, with flying kings, the drawish scaling of the evaluation.
fn synthetic<R: Rules>(
    _: PhantomData<Position<R>>,
    w: &PatternWeights,
    count: usize,
    path: &std::path::Path,
) {
    let geo = R::GEO;
    let mut out = Writer::append(path).unwrap();
    let mut rng = 0x1234_5678_9abc_def1u64;
    let mut next = || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    for _ in 0..count {
        let (mut white, mut black, mut kings) = (0u64, 0u64, 0u64);
        let (mut pieces, mut bk) = ([0u64; 2], 0u64);
        for n in 0..geo.squares as usize {
            let r = next();
            if r % 10 >= 4 {
                continue;
            }
            let bit = 1u64 << geo.square_bit[n];
            if r >> 8 & 1 == 0 {
                white |= 1 << n;
                pieces[0] |= bit;
            } else {
                black |= 1 << n;
                pieces[1] |= bit;
            }
            if r >> 9 & 3 == 0 {
                kings |= 1 << n;
                bk |= bit;
            }
        }
        let side = if next() & 1 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let mut score = pattern::white_score::<R>(w, pieces, bk, side);
        if R::FLYING_KINGS {
            score = pattern::drawish(score, pieces, bk);
        }
        let record = Record {
            white,
            black,
            kings,
            side,
            result: Outcome::Draw,
            score: score.clamp(-3000, 3000) as i16,
            ply: 10,
            variant: R::VARIANT,
        };
        out.write(&record).unwrap();
    }
    out.flush().unwrap();
}

/// A weight (opening, ending) of `w`, in hundredths of a man.
fn weight(w: &PatternWeights, scalar: usize) -> [f32; 2] {
    let i = w.weights.len() - SCALARS + scalar;
    w.weights[i].map(|x| x as f32 / UNIT as f32)
}

/// Training on the search score alone (noise-free targets), K fixed.
fn options(data: std::path::PathBuf, out: std::path::PathBuf) -> TuneOptions {
    TuneOptions {
        data: vec![data],
        out,
        init: None,
        epochs: 40,
        batch: 1024,
        lr: 1.0,
        l2: 0.0,
        lambda: 0.0,
        scale: Some(300.0),
    }
}

/// Trains `R`'s weights on records scored by known scalar weights
/// (tempo, turn) and checks that they come back.
fn recovers_known_weights<R: Rules>(game: PhantomData<Position<R>>, name: &str) {
    let dir = tempfile::tempdir().unwrap();
    let mut known = PatternWeights::zero(R::VARIANT).unwrap();
    let n = known.weights.len() - SCALARS;
    known.weights[n + 2] = [4 * UNIT as i16, 8 * UNIT as i16];
    known.weights[n + 6] = [20 * UNIT as i16; 2];
    let data = dir.path().join(format!("{name}.dat"));
    synthetic(game, &known, 20000, &data);
    let opts = options(data, dir.path().join(format!("{name}.bin")));
    let report = run(game, &opts).unwrap();
    assert_eq!((report.train, report.validation), (18000, 2000));
    assert!(
        report.losses.last().unwrap() < &report.losses[0],
        "{report:?}"
    );
    let got = PatternWeights::read(&opts.out).unwrap();
    for (scalar, want) in [
        (MAN, [0.0, 0.0]),
        (KING, [0.0, 0.0]),
        (2, [4.0, 8.0]),
        (6, [20.0, 20.0]),
    ] {
        let have = weight(&got, scalar);
        for phase in 0..2 {
            let tolerance = 3.0 + want[phase] * 0.1;
            assert!(
                (have[phase] - want[phase]).abs() < tolerance,
                "{name} {}: {have:?}, want {want:?}",
                pattern::SCALAR_NAMES[scalar]
            );
        }
    }
}

#[test]
fn training_on_records_scored_by_known_weights_recovers_them() {
    recovers_known_weights(PhantomData::<English>, "english");
}

#[test]
fn training_on_10x10_records_with_flying_kings_recovers_known_weights() {
    recovers_known_weights(PhantomData::<International>, "international");
}

/// The records of `path` and the trainer's samples of them.
fn samples<R: Rules>(_: PhantomData<Position<R>>, path: &std::path::Path) -> Vec<(Record, Sample)> {
    Reader::open(path)
        .unwrap()
        .map(|rec| {
            let rec = rec.unwrap();
            (rec, sample::<R>(&rec))
        })
        .collect()
}

#[test]
fn the_trainers_score_is_the_search_evaluation() {
    let dir = tempfile::tempdir().unwrap();
    let mut w = PatternWeights::zero(crate::variant::Variant::International).unwrap();
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    for pair in w.weights.iter_mut() {
        for x in pair.iter_mut() {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            *x = (rng % 321) as i16 - 160;
        }
    }
    let data = dir.path().join("international.dat");
    synthetic(PhantomData::<International>, &w, 3000, &data);
    let model = Model::from_weights(16, &w);
    let mut scaled = 0;
    for (rec, s) in samples(PhantomData::<International>, &data) {
        if rec.score.abs() == 3000 {
            continue; // clamped
        }
        let (score, _, keep) = model.score(&s);
        scaled += usize::from(keep < 1.0);
        assert!(
            (score - rec.score as f32).abs() <= 2.0,
            "trainer {score}, evaluation {} ({rec:?})",
            rec.score
        );
    }
    assert!(scaled > 100, "{scaled} records with a drawish lead");
}

#[test]
fn too_few_records_of_the_variant_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("empty.dat");
    Writer::append(&data).unwrap().flush().unwrap();
    let opts = options(data, dir.path().join("w.bin"));
    let err = run(PhantomData::<English>, &opts).unwrap_err().to_string();
    assert!(err.contains("0 english records"), "{err}");
}
