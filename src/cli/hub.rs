//! `dam hub`: speak the Hub protocol on stdin/stdout.

use super::CliError;
use crate::protocol::hub;

#[derive(clap::Args, Debug)]
pub struct HubArgs {
    /// Evaluate with this weights file (`dam tune`) for its variant.
    #[arg(long)]
    eval_file: Option<std::path::PathBuf>,
}

pub fn run(args: &HubArgs) -> Result<(), CliError> {
    crate::engine::use_eval_file(args.eval_file.as_deref(), None).map_err(CliError::new)?;
    let lines = hub::spawn_reader(std::io::BufReader::new(std::io::stdin()));
    hub::run(lines, std::io::stdout().lock());
    Ok(())
}
