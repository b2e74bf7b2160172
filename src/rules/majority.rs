//! The majority rule's bookkeeping, shared by the capture sinks of every
//! family: only the captures of the best rank found so far are kept (the
//! most jumps; in Damath the most chips, then a Dama's), and a better one
//! drops those kept before it.

/// The rank of the captures kept so far; 0 before the first.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Best(u32);

impl Best {
    /// Whether a capture of `rank` is kept: not when the kept ones outrank
    /// it; when it outranks them, `drop` clears them first.
    #[inline(always)]
    pub(crate) fn keep(&mut self, rank: u32, drop: impl FnOnce()) -> bool {
        if rank < self.0 {
            return false;
        }
        if rank > self.0 {
            drop();
            self.0 = rank;
        }
        true
    }
}
