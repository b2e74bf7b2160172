//! `dam pdn split FILES... --shards N -o DIR`: PDN collections cut into
//! shards of whole games with a manifest, for a distributed driver.

use super::CliError;
use crate::jobs::shard::{MANIFEST, split};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct SplitArgs {
    /// PDN files (a directory stands for its .pdn files).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// How many shards (fewer when there are fewer games).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    shards: u32,
    /// The folder of the shards (`shard-0001.pdn`, ...) and `manifest.json`
    /// (per shard: file, games, bytes, crc32, first game, and the segments
    /// of the inputs it holds).
    #[arg(short, long)]
    output: PathBuf,
}

/// Split the files; the summary line on stdout.
pub fn run(args: &SplitArgs) -> Result<i32, CliError> {
    let sources = super::pdn::open_every(&args.files)?;
    let manifest = split(&sources, args.shards as usize, &args.output).map_err(CliError)?;
    let shards = manifest["shards"].as_array().map_or(0, Vec::len);
    println!(
        "{} games in {shards} shards: {}",
        manifest["games"],
        args.output.join(MANIFEST).display()
    );
    Ok(0)
}
