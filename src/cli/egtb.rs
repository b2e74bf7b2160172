//! `dam egtb`: build, plan, probe, verify, bench and list (`status`) the
//! endgame databases, and write the `.wdl` files of a `.dtb` set.

use super::CliError;
use crate::egtb::moves::{move_values, move_wdl};
use crate::egtb::{self, Signature, Tables, build, default_dir, unsupported};
use crate::eval::Evaluate;
use crate::notation::fen::parse_fen;
use crate::notation::movetext::pdn_move;
use crate::rules::MoveList;
use crate::rules::removal::Rules;
use crate::variant::Variant;
use crate::{with_rules, with_variant};
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Subcommand, Debug)]
pub enum EgtbCommand {
    /// Build every signature up to N pieces that is missing or invalid
    /// (smallest first), or one signature whose dependencies are built.
    Build(BuildArgs),
    /// Print the jobs up to N pieces in dependency order, one JSON object a line.
    Plan(PlanArgs),
    /// Print a position's database value and every move with its value.
    Probe(ProbeArgs),
    /// Check names, sizes, checksums, and every value against its
    /// successors, job by job; a job found right is recorded (`.verified`),
    /// and a later run goes on with the jobs not recorded.
    Verify(VerifyArgs),
    /// Probe latency from a warm mapping.
    Bench(BenchArgs),
    /// Write the missing or invalid .wdl files (win/draw/loss only) of the
    /// .dtb files in the directory.
    Wdl(WdlArgs),
    /// List the sets found per variant: pieces, files, bytes, whether
    /// each file opens whole (header, size, checksum), and the jobs that
    /// `dam egtb verify` found right, their files unchanged since.
    Status(StatusArgs),
    /// Play won positions of each class out, the engine with the
    /// databases on both sides, and count the wins it converts.
    Playout(super::egtb_playout::PlayoutArgs),
    /// Solve a position's king phase (until a capture, a promotion or a
    /// man's move) over the databases: its value, the plies to the
    /// phase's end with best play, and every move's.
    Phase(super::egtb_phase::PhaseArgs),
}

#[derive(clap::Args, Debug)]
pub struct StatusArgs {
    /// Database directory (default: $DAM_EGTB_DIR, else the user's cache).
    #[arg(long)]
    dir: Option<PathBuf>,
}

#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["pieces", "signature"])))]
pub struct BuildArgs {
    /// The variant (international, english, brazilian, russian, dama,
    /// dama-international).
    #[arg(long, default_value = "international")]
    variant: Variant,
    /// Build every signature of up to this many pieces.
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=8))]
    pieces: Option<u32>,
    /// Build one job: a signature MKmk (men and kings of the side to
    /// move, then of the other side) and its mirror.
    #[arg(long)]
    signature: Option<String>,
    /// Threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// The most positions a slice holds: a job above 5 pieces and this
    /// size is solved slice by slice (about 2.25 bytes a position each).
    #[arg(long, default_value_t = build::SLICE_POSITIONS)]
    slice_positions: u64,
    /// Keep a `.wdl` for both sides to move of the jobs of up to this many
    /// pieces; above, once every job of `--pieces` is built, each job
    /// keeps the smaller of its two and the probe derives the other side
    /// by one move (half the disk, slower probes of that side).
    #[arg(long, default_value_t = crate::egtb::BOTH_SIDES_PIECES)]
    both_sides_to: u32,
    /// Database directory (default: $DAM_EGTB_DIR, else the user's cache).
    #[arg(long)]
    dir: Option<PathBuf>,
}

#[derive(clap::Args, Debug)]
pub struct PlanArgs {
    /// The variant (international, english, brazilian, russian, dama,
    /// dama-international).
    #[arg(long, default_value = "international")]
    variant: Variant,
    /// Plan every signature of up to this many pieces (2 to 8).
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=8))]
    pieces: u32,
    /// Print only the totals (one JSON object): positions, CPU and wall
    /// hours, the largest job's memory, the size on disk.
    #[arg(long)]
    summary: bool,
    /// Cores for the summary's wall time (default: this machine's).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    cores: Option<u32>,
}

#[derive(clap::Args, Debug)]
pub struct ProbeArgs {
    /// The variant (international, english, brazilian, russian, dama,
    /// dama-international).
    #[arg(long, default_value = "international")]
    variant: Variant,
    /// The position, a FEN (`W:W31,32:B1`).
    #[arg(long)]
    fen: String,
    /// Database directory (default: $DAM_EGTB_DIR, else the user's cache).
    #[arg(long)]
    dir: Option<PathBuf>,
    /// The largest sets to use (those up to 4 pieces are built if missing).
    #[arg(long, default_value_t = 8)]
    pieces: u32,
}

#[derive(clap::Args, Debug)]
pub struct VerifyArgs {
    /// Only this variant (default: every variant with files).
    #[arg(long)]
    variant: Option<Variant>,
    /// Check the values of one job only (a signature MKmk and its
    /// mirror; every file is still checked whole). Needs --variant.
    #[arg(long, requires = "variant")]
    signature: Option<String>,
    /// Check the jobs recorded as verified too (a whole-directory run
    /// skips those whose files have not changed since).
    #[arg(long)]
    again: bool,
    /// Database directory (default: $DAM_EGTB_DIR, else the user's cache).
    #[arg(long)]
    dir: Option<PathBuf>,
}

#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// The variant (international, english, brazilian, russian, dama,
    /// dama-international).
    #[arg(long, default_value = "international")]
    variant: Variant,
    /// Database directory (default: $DAM_EGTB_DIR, else the user's cache).
    #[arg(long)]
    dir: Option<PathBuf>,
    /// Probe positions of this many pieces.
    #[arg(long, default_value_t = 4)]
    pieces: u32,
    /// How many probes.
    #[arg(long, default_value_t = 1_000_000)]
    probes: usize,
}

#[derive(clap::Args, Debug)]
pub struct WdlArgs {
    /// The variant (international, english, brazilian, russian, dama,
    /// dama-international).
    #[arg(long, default_value = "international")]
    variant: Variant,
    /// Up to this many pieces.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(2..=8))]
    pieces: u32,
    /// Database directory (default: $DAM_EGTB_DIR, else the user's cache).
    #[arg(long)]
    dir: Option<PathBuf>,
    /// Threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
}

pub fn run(command: &EgtbCommand) -> Result<i32, CliError> {
    match command {
        EgtbCommand::Build(args) => build(args).map(|()| 0),
        EgtbCommand::Plan(args) => plan(args).map(|()| 0),
        EgtbCommand::Probe(args) => probe(args).map(|()| 0),
        EgtbCommand::Verify(args) => verify(args),
        EgtbCommand::Bench(args) => bench(args).map(|()| 0),
        EgtbCommand::Wdl(args) => wdl(args).map(|()| 0),
        EgtbCommand::Playout(args) => super::egtb_playout::playout(args),
        EgtbCommand::Phase(args) => super::egtb_phase::phase(args),
        EgtbCommand::Status(args) => {
            status(args);
            Ok(0)
        }
    }
}

fn dir_of(dir: &Option<PathBuf>) -> PathBuf {
    dir.clone().unwrap_or_else(default_dir)
}

fn build(args: &BuildArgs) -> Result<(), CliError> {
    let dir = dir_of(&args.dir);
    let threads = args.threads.unwrap_or(0);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(CliError::new)?;
    let start = Instant::now();
    let result = pool.install(|| {
        with_rules!(args.variant, R => match (&args.signature, args.pieces) {
            (Some(sig), _) => Signature::parse(sig).and_then(|sig| {
                build::build_one::<R>(&dir, sig, args.slice_positions).map(|()| vec![sig.job()])
            }),
            (None, pieces) => {
                build::build_in_slices::<R>(
                    &dir,
                    pieces.unwrap_or(2),
                    false,
                    args.slice_positions,
                    args.both_sides_to,
                )
            }
        })
    });
    let built = result
        .ok_or_else(|| CliError(unsupported(args.variant)))?
        .map_err(CliError)?;
    eprintln!(
        "built {} job(s) in {:.1} s into {}",
        built.len(),
        start.elapsed().as_secs_f64(),
        dir.join(args.variant.to_string()).display()
    );
    Ok(())
}

fn plan(args: &PlanArgs) -> Result<(), CliError> {
    let v = args.variant;
    let (plan, estimates) = with_rules!(v, R => {
        let plan = Signature::plan(args.pieces, R::MEN);
        let estimates = build::plan::estimate::<R>(&plan);
        (plan, estimates)
    })
    .ok_or_else(|| CliError(unsupported(v)))?;
    let list = |items: &[String]| {
        let quoted: Vec<String> = items.iter().map(|d| format!("\"{d}\"")).collect();
        quoted.join(",")
    };
    let names =
        |jobs: Vec<Signature>| list(&jobs.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    if args.summary {
        println!("{}", plan_summary(args, &estimates));
        return Ok(());
    }
    for (job, e) in plan.iter().zip(&estimates) {
        println!(
            "{{\"variant\":\"{v}\",\"signature\":\"{job}\",\"mirror\":\"{}\",\"pieces\":{},\"depends\":[{}],\"needs\":[{}],\"command\":\"dam egtb build --variant {v} --signature {job}\",\"files\":[{}],\"positions\":{},\"memory_unsliced_bytes\":{},\"cpu_seconds\":{:.1},\"disk_bytes\":{}}}",
            job.mirror(),
            job.pieces(),
            names(job.dependencies()),
            names(job.needs()),
            list(&e.files),
            e.positions,
            e.memory,
            e.cpu_seconds,
            e.disk,
        );
    }
    Ok(())
}

/// The totals of a plan, and of each piece count, as one JSON object.
fn plan_summary(args: &PlanArgs, estimates: &[build::plan::Estimate]) -> String {
    let v = args.variant;
    let cores = args
        .cores
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get() as u32));
    let hours = |s: f64| s / 3600.0;
    let all = build::plan::totals(estimates, None);
    let by_pieces: Vec<String> = (2..=args.pieces)
        .map(|p| {
            let t = build::plan::totals(estimates, Some(p));
            let basis = build::plan::rate(v, p).basis(v, p);
            format!(
                "{{\"pieces\":{p},\"jobs\":{},\"positions\":{},\"cpu_hours\":{:.2},\"disk_bytes\":{},\"rates_from\":\"{basis}\"}}",
                t.jobs,
                t.positions,
                hours(t.cpu_seconds),
                t.disk
            )
        })
        .collect();
    let (largest, memory) = all
        .largest
        .map_or((String::new(), 0), |(s, m)| (s.to_string(), m));
    format!(
        "{{\"variant\":\"{v}\",\"pieces\":{},\"jobs\":{},\"positions\":{},\"cpu_hours\":{:.2},\"cores\":{cores},\"wall_hours\":{:.2},\"critical_path_cpu_hours\":{:.2},\"largest_job\":\"{largest}\",\"largest_job_memory_unsliced_bytes\":{memory},\"disk_bytes\":{},\"by_pieces\":[{}]}}",
        args.pieces,
        all.jobs,
        all.positions,
        hours(all.cpu_seconds),
        hours(all.cpu_seconds) / cores as f64,
        hours(all.critical_path_seconds),
        all.disk,
        by_pieces.join(",")
    )
}

fn open(variant: Variant, dir: &Option<PathBuf>, pieces: u32) -> Result<Tables, CliError> {
    egtb::open_for_engine(variant, &dir_of(dir), pieces, true)
        .ok_or_else(|| CliError(format!("no {variant} endgame databases could be opened")))
}

fn probe(args: &ProbeArgs) -> Result<(), CliError> {
    with_variant!(args.variant, G => probe_for::<G>(args))
}

fn probe_for<G: Evaluate>(args: &ProbeArgs) -> Result<(), CliError> {
    let pos: G = parse_fen(&args.fen).map_err(CliError::new)?;
    let tables = open(args.variant, &args.dir, args.pieces)?;
    let wdl = tables.probe_wdl(&pos).ok_or_else(|| {
        CliError(format!(
            "position not covered (the databases cover up to {} pieces)",
            tables.pieces()
        ))
    })?;
    if let Some(value) = tables.probe(&pos) {
        println!("value {value}");
    }
    println!("wdl {wdl}");
    let mut moves = MoveList::new();
    pos.generate(&mut moves);
    let values = move_values(&tables, &pos);
    for (k, mv) in moves.iter().enumerate() {
        let text = pdn_move(&pos, mv);
        let wdl = move_wdl(&tables, &pos, mv).map_or("?".into(), |w| w.to_string());
        match &values {
            Some(values) => println!("move {text} {} (wdl {wdl})", values[k].1),
            None => println!("move {text} wdl {wdl}"),
        }
    }
    Ok(())
}

fn verify(args: &VerifyArgs) -> Result<i32, CliError> {
    let dir = dir_of(&args.dir);
    let variants = match args.variant {
        Some(v) => vec![v],
        None => Variant::REMOVAL.to_vec(),
    };
    let only = match &args.signature {
        Some(s) => Some(Signature::parse(s).map_err(CliError)?),
        None => None,
    };
    let mut bad = 0;
    for v in variants {
        let report =
            with_rules!(v, R => build::verify::<R>(&dir, only, args.again, |job| eprintln!("verify {v} {job}")))
                .ok_or_else(|| CliError(unsupported(v)))?;
        for p in &report.problems {
            println!("{v}: {p}");
        }
        bad += report.problems.len();
        let skipped = match report.skipped {
            0 => String::new(),
            n => format!(
                "; {n} job(s) verified before, their files unchanged, not checked again (--again checks them)"
            ),
        };
        if report.files > 0 || !report.problems.is_empty() || report.skipped > 0 {
            println!(
                "{v}: {} files, {} positions, {} bytes ({:.3} bytes/position; {} .wdl files, {} bytes), {} problem(s){skipped}",
                report.files,
                report.positions,
                report.bytes,
                report.bytes as f64 / report.positions.max(1) as f64,
                report.wdl_files,
                report.wdl_bytes,
                report.problems.len()
            );
        }
    }
    Ok(if bad == 0 { 0 } else { 1 })
}

fn bench(args: &BenchArgs) -> Result<(), CliError> {
    let tables = open(args.variant, &args.dir, args.pieces)?;
    let mut measured = 0;
    for k in [build::Kind::Dtb, build::Kind::Wdl, build::Kind::Derived] {
        let kind = k.name();
        let latencies =
            with_rules!(args.variant, R => build::bench::<R>(&tables, args.pieces, args.probes, k))
                .ok_or_else(|| CliError(unsupported(args.variant)))?;
        match latencies {
            Ok(t) => {
                measured += 1;
                println!(
                    "{} probes of {}-piece positions, {kind}: median {:.0} ns, mean {:.0} ns; cold (file dropped from the page cache first) median {:.1} us, {} of 100 files stayed cached",
                    args.probes,
                    args.pieces,
                    t.median,
                    t.mean,
                    t.cold / 1000.0,
                    t.still_cached
                );
            }
            Err(e) => println!("{kind}: {e}"),
        }
    }
    if measured == 0 {
        return Err(CliError(format!(
            "no {}-piece {} databases loaded",
            args.pieces, args.variant
        )));
    }
    Ok(())
}

fn wdl(args: &WdlArgs) -> Result<(), CliError> {
    let dir = dir_of(&args.dir);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .map_err(CliError::new)?;
    let start = Instant::now();
    let written = pool
        .install(
            || with_rules!(args.variant, R => build::write_wdls::<R>(&dir, args.pieces, false)),
        )
        .ok_or_else(|| CliError(unsupported(args.variant)))?
        .map_err(CliError)?;
    eprintln!(
        "wrote {} .wdl file(s) in {:.1} s into {}",
        written.len(),
        start.elapsed().as_secs_f64(),
        dir.join(args.variant.to_string()).display()
    );
    Ok(())
}

/// One line per variant, then one per damaged file; the exit status is 0
/// whatever is found.
fn status(args: &StatusArgs) {
    let dir = dir_of(&args.dir);
    println!("directory {}", dir.display());
    for v in Variant::REMOVAL {
        let Some(found) = with_rules!(v, R => egtb::status::status::<R>(&dir)) else {
            continue;
        };
        if found.files == 0 {
            println!("{v}: no files");
            continue;
        }
        let whole = match found.problems.len() {
            0 => "every file whole".to_string(),
            n => format!("{n} damaged"),
        };
        println!(
            "{v}: {}; {} files, {} bytes; {whole}; {}",
            found.pieces(),
            found.files,
            found.bytes,
            found.verified()
        );
        for p in &found.problems {
            println!("{v}: damaged {p}");
        }
    }
    println!(
        "checked: header, size and checksum of each file; verified: the jobs `dam egtb verify` found right (every value against its successors), their files unchanged since"
    );
}
