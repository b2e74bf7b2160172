//! Pools of search threads for batch jobs (data generation, PDN analysis,
//! book building, local match engines): every thread has the stack a
//! search needs, so each may run `Engine::search_here`.

use crate::search::STACK;

pub use rayon::ThreadPool as Pool;

/// A pool of `threads` threads (at least one; `None`: rayon's default, one
/// a core) named `name-N`.
pub fn pool(
    threads: Option<usize>,
    name: &'static str,
) -> Result<Pool, rayon::ThreadPoolBuildError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.map_or(0, |n| n.max(1)))
        .stack_size(STACK)
        .thread_name(move |i| format!("{name}-{i}"))
        .build()
}
