//! `dam tune`: fit the pattern evaluation's weights (`eval::pattern`) to
//! training records by logistic regression. The predicted result of a
//! position is sigmoid(score / K), score White's evaluation (hand-set terms
//! plus learned ones, a lead that flying kings make hard to convert scaled
//! down as the search's evaluation does: `drawish_divisor`) in hundredths
//! of a man; the target blends the game's result with the search score,
//! λ·result + (1 - λ)·sigmoid(search / K). K is fitted once, before
//! training, to the starting weights (all 0 unless `--init`: the hand-set
//! evaluation alone). The material weights (man, king) stay as they start:
//! left free, the self-play data of a weak engine drove kings below men in
//! the ending. Adam with decoupled weight decay (L2) toward the starting
//! weights minimises the cross-entropy over minibatches, each one's
//! gradient summed on all cores (rayon). One record in ten is held out for
//! validation; the validation loss is printed after every epoch, and the
//! best weights so far are written to the output file each time, so that a
//! stopped run resumes with `--init` from that file.

use super::record::{Reader, Record, RecordError};
use crate::eval::pattern::{
    self, Features, KING, MAN, PatternWeights, REGION_ENTRIES, SCALARS, UNIT, WeightsError,
};
use crate::rules::removal::{Position, Rules};
use crate::rules::{Color, Outcome};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::marker::PhantomData;
use std::path::PathBuf;

/// How a training run goes.
#[derive(Clone, Debug)]
pub struct TuneOptions {
    pub data: Vec<PathBuf>,
    pub out: PathBuf,
    /// Start from these weights instead of material only.
    pub init: Option<PathBuf>,
    pub epochs: usize,
    /// Records per gradient step.
    pub batch: usize,
    /// Adam's step size, in hundredths of a man.
    pub lr: f32,
    /// Weight decay per step toward the starting weights, as a share of
    /// each weight's distance from its start.
    pub l2: f32,
    /// The share of the game result in the target (the rest: the search score).
    pub lambda: f32,
    /// The logistic scale K; `None`: fitted to the starting weights.
    pub scale: Option<f32>,
}

/// Why a training run stopped.
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    #[error(transparent)]
    Data(#[from] RecordError),
    #[error(transparent)]
    Weights(#[from] WeightsError),
    #[error("{0}")]
    Bad(String),
}

/// One training position: its features and its target, White's expected
/// result (0 to 1).
struct Sample {
    features: Features,
    /// The hand-set evaluation, White's view, which the learned terms correct.
    base: f32,
    /// The share of a White lead (0) and of a Black lead (1) that the
    /// evaluation keeps (`drawish_divisor`; 1 without flying kings).
    keep: [f32; 2],
    result: f32,
    search: f32,
}

/// The weights being fitted, as floats in hundredths of a man:
/// `w[2 i]` opening, `w[2 i + 1]` ending of weight `i`.
struct Model {
    regions: usize,
    w: Vec<f32>,
}

impl Model {
    fn from_weights(regions: usize, p: &PatternWeights) -> Model {
        let w = p
            .weights
            .iter()
            .flat_map(|pair| pair.map(|x| x as f32 / UNIT as f32))
            .collect();
        Model { regions, w }
    }

    fn to_weights(&self, variant: crate::variant::Variant, scale: f32) -> PatternWeights {
        let q = |x: f32| {
            (x * UNIT as f32)
                .round()
                .clamp(i16::MIN as f32, i16::MAX as f32) as i16
        };
        PatternWeights {
            variant,
            scale,
            weights: self.w.chunks_exact(2).map(|c| [q(c[0]), q(c[1])]).collect(),
        }
    }

    /// The (opening, ending) weight indices and coefficients of `f`.
    fn terms(&self, f: &Features, mut each: impl FnMut(usize, f32)) {
        for r in 0..self.regions {
            each(r * REGION_ENTRIES + f.patterns[0][r] as usize, 1.0);
            each(r * REGION_ENTRIES + f.patterns[1][r] as usize, -1.0);
        }
        let base = self.regions * REGION_ENTRIES;
        for (s, &x) in f.scalars.iter().enumerate() {
            if x != 0 {
                each(base + s, x as f32);
            }
        }
    }

    /// White's score of `s`, hundredths of a man, the opening share, and
    /// the share of the unscaled score kept (`Sample::keep`).
    fn score(&self, s: &Sample) -> (f32, f32, f32) {
        let f = &s.features;
        let phase = f.phase as f32 / f.phase_max as f32;
        let (mut op, mut eg) = (0.0, 0.0);
        self.terms(f, |i, x| {
            op += x * self.w[2 * i];
            eg += x * self.w[2 * i + 1];
        });
        let raw = s.base + phase * op + (1.0 - phase) * eg;
        let keep = match raw {
            x if x > 0.0 => s.keep[0],
            x if x < 0.0 => s.keep[1],
            _ => 1.0,
        };
        (raw * keep, phase, keep)
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The cross-entropy of predicting `p` for target `t`.
fn loss(p: f32, t: f32) -> f32 {
    let p = p.clamp(1e-6, 1.0 - 1e-6);
    -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
}

impl Sample {
    fn target(&self, lambda: f32, scale: f32) -> f32 {
        lambda * self.result + (1.0 - lambda) * sigmoid(self.search / scale)
    }
}

/// The mean loss of `model` over `samples`.
fn mean_loss(model: &Model, samples: &[Sample], lambda: f32, scale: f32) -> f32 {
    let total: f64 = samples
        .par_iter()
        .map(|s| loss(sigmoid(model.score(s).0 / scale), s.target(lambda, scale)) as f64)
        .sum();
    (total / samples.len().max(1) as f64) as f32
}

/// The record's position as the bitboards of `R`'s layout.
fn sample<R: Rules>(rec: &Record) -> Sample {
    let geo = R::GEO;
    let (mut pieces, mut kings) = ([0u64; 2], 0u64);
    for n in 0..geo.squares as usize {
        let bit = 1u64 << geo.square_bit[n];
        let on = |bb: u64| bb >> n & 1 != 0;
        pieces[0] |= if on(rec.white) { bit } else { 0 };
        pieces[1] |= if on(rec.black) { bit } else { 0 };
        kings |= if on(rec.kings) { bit } else { 0 };
    }
    let result = match rec.result {
        Outcome::Win(Color::White) => 1.0,
        Outcome::Win(Color::Black) => 0.0,
        Outcome::Draw => 0.5,
    };
    let keep = |ahead| match R::FLYING_KINGS {
        true => 1.0 / pattern::drawish_divisor(ahead, pieces, kings) as f32,
        false => 1.0,
    };
    Sample {
        features: pattern::extract::<R>(pieces, kings, rec.side),
        base: pattern::hand_set::<R>(pieces, kings, rec.side) as f32,
        keep: [keep(0), keep(1)],
        result,
        search: rec.score as f32,
    }
}

/// Every record of `R`'s variant in the data files, split into training
/// and validation (every tenth). A truncated last record (a file still
/// being written) ends that file with a warning.
fn load<R: Rules>(files: &[PathBuf]) -> Result<(Vec<Sample>, Vec<Sample>), TuneError> {
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    let mut seen = 0usize;
    for path in files {
        for rec in Reader::open(path)? {
            let rec = match rec {
                Ok(rec) => rec,
                Err(e @ RecordError::TruncatedRecord { .. }) => {
                    log::warn!("{e}: the rest of the file is left out");
                    break;
                }
                Err(e) => return Err(e.into()),
            };
            if rec.variant != R::VARIANT {
                continue;
            }
            seen += 1;
            if seen.is_multiple_of(10) {
                valid.push(sample::<R>(&rec));
            } else {
                train.push(sample::<R>(&rec));
            }
        }
    }
    if train.is_empty() || valid.is_empty() {
        return Err(TuneError::Bad(format!(
            "{seen} {} records in the data: too few to train on",
            R::VARIANT
        )));
    }
    Ok((train, valid))
}

/// The K that fits `model` best to the game results of `samples`, on a
/// logarithmic grid. (Fitted to a target that holds K itself, the search
/// score, K would only shrink toward sharper targets.)
fn fit_scale(model: &Model, samples: &[Sample]) -> f32 {
    (0..=60)
        .map(|i| 20.0 * 1.07f32.powi(i))
        .map(|k| (k, mean_loss(model, samples, 1.0, k)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map_or(100.0, |(k, _)| k)
}

/// The summed loss gradient of `batch`, weight by weight.
fn gradient(model: &Model, batch: &[Sample], lambda: f32, scale: f32) -> Vec<f32> {
    let chunk = batch.len().div_ceil(rayon::current_num_threads()).max(1);
    batch
        .par_chunks(chunk)
        .map(|part| {
            let mut g = vec![0.0f32; model.w.len()];
            for s in part {
                let (score, phase, keep) = model.score(s);
                let d = (sigmoid(score / scale) - s.target(lambda, scale)) * keep / scale;
                model.terms(&s.features, |i, x| {
                    g[2 * i] += d * x * phase;
                    g[2 * i + 1] += d * x * (1.0 - phase);
                });
            }
            g
        })
        .reduce_with(|mut a, b| {
            a.iter_mut().zip(&b).for_each(|(x, y)| *x += y);
            a
        })
        .unwrap_or_else(|| vec![0.0; model.w.len()])
}

/// Adam's running moments.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    const B1: f32 = 0.9;
    const B2: f32 = 0.999;

    /// One step on `w` with gradient `g`, decaying every weight toward
    /// its starting value `prior` by `l2`; the weights from `frozen` on
    /// (pairs) keep their values.
    fn step(
        &mut self,
        w: &mut [f32],
        g: &[f32],
        prior: &[f32],
        lr: f32,
        l2: f32,
        frozen: std::ops::Range<usize>,
    ) {
        self.t += 1;
        let (c1, c2) = (1.0 - Self::B1.powi(self.t), 1.0 - Self::B2.powi(self.t));
        for i in 0..w.len() {
            if frozen.contains(&(i / 2)) {
                continue;
            }
            self.m[i] = Self::B1 * self.m[i] + (1.0 - Self::B1) * g[i];
            self.v[i] = Self::B2 * self.v[i] + (1.0 - Self::B2) * g[i] * g[i];
            w[i] -= lr * (self.m[i] / c1) / ((self.v[i] / c2).sqrt() + 1e-8);
            w[i] -= lr * l2 * (w[i] - prior[i]);
        }
    }
}

/// What a training run ended with.
#[derive(Debug)]
pub struct TuneReport {
    pub train: usize,
    pub validation: usize,
    pub scale: f32,
    /// The validation loss before training and after each epoch.
    pub losses: Vec<f32>,
}

/// Train the weights of `R`'s variant on `opts.data`, print the
/// validation loss per epoch, and write the best weights to `opts.out`
/// (the starting weights, if no epoch beats them).
pub fn run<R: Rules>(
    _: PhantomData<Position<R>>,
    opts: &TuneOptions,
) -> Result<TuneReport, TuneError> {
    let variant = R::VARIANT;
    let regions = pattern::layout::<R>().regions;
    let start = match &opts.init {
        Some(path) => {
            let w = PatternWeights::read(path)?;
            if w.variant != variant {
                return Err(TuneError::Bad(format!(
                    "{}: weights of {}, not {variant}",
                    path.display(),
                    w.variant
                )));
            }
            w
        }
        None => PatternWeights::zero(variant)
            .ok_or_else(|| TuneError::Bad(format!("{variant} has no pattern evaluation")))?,
    };
    let (mut train, valid) = load::<R>(&opts.data)?;
    let mut model = Model::from_weights(regions, &start);
    let prior = model.w.clone();
    let scale = opts.scale.unwrap_or_else(|| fit_scale(&model, &train));
    println!(
        "{variant}: {} training and {} validation records, K = {scale:.1}",
        train.len(),
        valid.len()
    );
    let mut best = mean_loss(&model, &valid, opts.lambda, scale);
    let mut losses = vec![best];
    println!("epoch 0: validation loss {best:.5}");
    let mut adam = Adam {
        m: vec![0.0; model.w.len()],
        v: vec![0.0; model.w.len()],
        t: 0,
    };
    let bar = ProgressBar::new(opts.epochs as u64).with_style(
        ProgressStyle::with_template("{bar:40} epoch {pos}/{len} {msg}")
            .expect("a valid progress template"),
    );
    // a fixed shuffle: records of one game lie together in the files
    let mut rng = 0x9e37_79b9_7f4a_7c15u64;
    for i in (1..train.len()).rev() {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        train.swap(i, (rng % (i as u64 + 1)) as usize);
    }
    model.to_weights(variant, scale).write(&opts.out)?;
    for epoch in 1..=opts.epochs {
        for batch in train.chunks(opts.batch.max(1)) {
            let mut g = gradient(&model, batch, opts.lambda, scale);
            let n = batch.len() as f32;
            g.iter_mut().for_each(|x| *x /= n);
            let material = regions * REGION_ENTRIES + MAN..regions * REGION_ENTRIES + KING + 1;
            adam.step(&mut model.w, &g, &prior, opts.lr, opts.l2, material);
        }
        let l = mean_loss(&model, &valid, opts.lambda, scale);
        losses.push(l);
        let base = regions * REGION_ENTRIES;
        let scalars: Vec<String> = (0..SCALARS)
            .map(|s| {
                format!(
                    "{} {:.1}/{:.1}",
                    pattern::SCALAR_NAMES[s],
                    model.w[2 * (base + s)],
                    model.w[2 * (base + s) + 1]
                )
            })
            .collect();
        bar.suspend(|| {
            println!(
                "epoch {epoch}: validation loss {l:.5}  ({})",
                scalars.join(", ")
            )
        });
        if l < best {
            best = l;
            model.to_weights(variant, scale).write(&opts.out)?;
        }
        bar.inc(1);
        bar.set_message(format!("validation {l:.5}"));
    }
    bar.finish_and_clear();
    Ok(TuneReport {
        train: train.len(),
        validation: valid.len(),
        scale,
        losses,
    })
}

#[cfg(test)]
mod tests;
