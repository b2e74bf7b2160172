//! The `dam` binary: parse the command line and run the command.

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    std::process::exit(dam::cli::run());
}
