//! The evaluation weights an engine plays with: a `dam tune` file
//! (`--eval-file`, Hub `eval-file`) in place of the shipped weights of its
//! variant, or the shipped ones again.

use crate::eval::pattern::{self, WeightsError};
use crate::variant::Variant;
use std::path::Path;

/// Play with the weights file `path`, if one is given, for its own
/// variant, which must be `variant` when that is given (a command that
/// plays one variant); a command that plays every variant passes `None`.
pub fn use_eval_file(path: Option<&Path>, variant: Option<Variant>) -> Result<(), WeightsError> {
    if let Some(path) = path {
        let variant = pattern::install_file(path, variant)?;
        log::info!("{}: {variant} evaluation weights", path.display());
    }
    Ok(())
}

/// Play `variant` with its shipped weights again.
pub fn use_shipped_eval(variant: Variant) {
    pattern::install(variant, None);
}
