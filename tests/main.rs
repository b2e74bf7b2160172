//! The integration tests, one test binary: each module is one file of
//! `tests/` and runs the built `dam` (or the library) as a user would.
//! One binary instead of one per file: the generic engine is compiled and
//! linked once, not some thirty times.

mod common;

mod book_cli;
mod cli_limits;
mod cli_show;
mod datagen_cli;
mod dxp_cli;
mod dxp_match;
mod dxp_session;
mod dxp_usage;
mod egtb;
mod egtb_default;
mod egtb_plan;
mod eval_cli;
mod help_readme;
mod hostile_bytes;
mod hostile_net;
mod hub_protocol;
mod input_robust;
mod match_cli;
mod match_concurrent;
mod match_dxp_peer;
mod notation_props;
mod pdn_analyze;
mod pdn_cli;
mod pdn_damaged;
mod pdn_memory;
mod pdn_robust;
mod pdn_roundtrip;
mod pdn_stream;
mod perft_suites;
mod play_cli;
mod play_tmux;
mod repo_files;
mod search_cli;
mod search_tactics;
mod search_threads;
