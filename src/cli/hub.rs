//! `dam hub`: speak the Hub protocol on stdin/stdout.

use super::CliError;
use crate::protocol::hub;

#[derive(clap::Args, Debug)]
pub struct HubArgs {}

pub fn run(_: &HubArgs) -> Result<(), CliError> {
    let lines = hub::spawn_reader(std::io::BufReader::new(std::io::stdin()));
    hub::run(lines, std::io::stdout().lock());
    Ok(())
}
