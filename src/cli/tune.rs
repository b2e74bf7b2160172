//! `dam tune`: train the pattern evaluation's weights of one variant on
//! training records (`train::tune`), and the `--eval-file` flag other
//! commands share to play with such a file.

use super::CliError;
use crate::rules::removal::{Brazilian, Dama, DamaInternational, English, International, Russian};
use crate::train::tune::{TuneOptions, run as tune};
use crate::variant::Variant;
use std::marker::PhantomData;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct TuneArgs {
    /// The variant (international, english, brazilian, russian, dama, dama-international).
    #[arg(long)]
    variant: Variant,
    /// Training record files (`dam datagen`); records of other variants are skipped.
    #[arg(long, num_args = 1.., required = true)]
    data: Vec<PathBuf>,
    /// The weights file to write (the best weights so far, after every epoch).
    #[arg(short, long)]
    out: PathBuf,
    /// Start from this weights file (to resume or refine) instead of material only.
    #[arg(long)]
    init: Option<PathBuf>,
    /// Passes over the training records.
    #[arg(long, default_value_t = 30)]
    epochs: usize,
    /// Records per gradient step.
    #[arg(long, default_value_t = 8192)]
    batch: usize,
    /// Adam step size, in hundredths of a man.
    #[arg(long, default_value_t = 0.5)]
    lr: f32,
    /// Weight decay (L2) per step toward the starting weights.
    #[arg(long, default_value_t = 1e-4)]
    l2: f32,
    /// The game result's share of the target; the rest is the search score.
    #[arg(long, default_value_t = 0.5)]
    lambda: f32,
    /// The logistic scale K (score / K); default: fitted to the starting weights.
    #[arg(long)]
    scale: Option<f32>,
}

pub fn run(args: &TuneArgs) -> Result<(), CliError> {
    let opts = TuneOptions {
        data: args.data.clone(),
        out: args.out.clone(),
        init: args.init.clone(),
        epochs: args.epochs,
        batch: args.batch,
        lr: args.lr,
        l2: args.l2,
        lambda: args.lambda,
        scale: args.scale,
    };
    if !(0.0..=1.0).contains(&opts.lambda) {
        return Err(CliError(format!(
            "--lambda {} is not between 0 and 1",
            opts.lambda
        )));
    }
    let report = match args.variant {
        Variant::International => tune(PhantomData::<International>, &opts),
        Variant::English => tune(PhantomData::<English>, &opts),
        Variant::Brazilian => tune(PhantomData::<Brazilian>, &opts),
        Variant::Russian => tune(PhantomData::<Russian>, &opts),
        Variant::Dama => tune(PhantomData::<Dama>, &opts),
        Variant::DamaInternational => tune(PhantomData::<DamaInternational>, &opts),
        v @ (Variant::Damasca
        | Variant::DamascaInternational
        | Variant::Lasca
        | Variant::Damath) => {
            return Err(CliError(format!("{v} has no pattern evaluation to tune")));
        }
    }
    .map_err(CliError::new)?;
    let last = report.losses.last().copied().unwrap_or(f32::NAN);
    println!(
        "wrote {}: validation loss {:.5} -> {last:.5}",
        args.out.display(),
        report.losses[0]
    );
    Ok(())
}
