//! The trainer recovers known weights from records scored by them, and
//! names what it cannot train on.

use super::*;
use crate::rules::removal::English;
use crate::train::record::Writer;
use crate::variant::Variant;

/// Records of random positions of `R`, scored by the hand-set terms and `w`.
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
        let score = pattern::white_score::<R>(w, pieces, bk, side);
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

#[test]
fn training_on_records_scored_by_known_weights_recovers_them() {
    let dir = tempfile::tempdir().unwrap();
    let mut known = PatternWeights::zero(Variant::English).unwrap();
    let n = known.weights.len() - SCALARS;
    known.weights[n + 2] = [4 * UNIT as i16, 8 * UNIT as i16];
    known.weights[n + 6] = [20 * UNIT as i16; 2];
    let data = dir.path().join("english.dat");
    synthetic(PhantomData::<English>, &known, 20000, &data);
    let opts = options(data, dir.path().join("english.bin"));
    let report = run(PhantomData::<English>, &opts).unwrap();
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
                "{}: {have:?}, want {want:?}",
                pattern::SCALAR_NAMES[scalar]
            );
        }
    }
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
