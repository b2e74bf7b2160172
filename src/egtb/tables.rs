//! The memory-mapped databases of one variant and the probe. Files are
//! mapped and checked (header, size) when opened; after that the set is
//! read-only, so probing from many threads takes no lock and allocates
//! nothing: turn the board if Black moves, find the signature's table in
//! a flat array, rank the placement, read one byte. The files hold no
//! value for a position whose side to move must capture (its byte is
//! whatever compresses best): such a position is valued from its
//! captures, which lead to smaller sets. Beside each `.dtb` (win, draw or
//! loss and distance) there may be a `.wdl` (win, draw or loss only,
//! `wdl.rs`); a signature may have only the `.wdl` (the sets above
//! `DTC_PIECES`). `probe` reads the `.dtb`, `probe_wdl` the `.wdl` where
//! there is one, else the `.dtb`. A signature whose mirror's `.wdl` says
//! it is left out (`BOTH_SIDES_PIECES`) is valued by its moves, each of
//! which leads into that file or converts.

use super::dense::Dense;
use super::format::Wdl;
use super::format::{Value, read_header, read_value};
use super::index::{HalfTurn, Indexer, Placement};
use super::signature::{MAX_PIECES, Signature};
use super::wdl::{self, Layout};
use crate::board::Geometry;
use crate::rules::removal::{Position, Rules};
use crate::rules::{Color, Game, MAX_MOVES, MoveList, Side};
use crate::variant::Variant;
use arrayvec::ArrayVec;
use memmap2::Mmap;
use std::path::{Path, PathBuf};

/// One mapped file.
struct Table {
    map: Mmap,
    ix: Indexer,
    blocks: u64,
}

/// One mapped `.wdl` file.
struct WdlTable {
    map: Mmap,
    ix: Indexer,
    layout: Layout,
}

/// The databases of one variant found in a directory.
pub struct Tables {
    variant: Variant,
    geo: &'static Geometry,
    turn: HalfTurn,
    dir: PathBuf,
    /// Indexed by `Signature::key`.
    tables: Vec<Option<Table>>,
    /// The `.wdl` files, indexed the same way.
    wdls: Vec<Option<WdlTable>>,
    /// `.wdl` files decoded into memory for a build (`decode`), indexed
    /// the same way: read before any file.
    dense: Vec<Option<Dense>>,
    /// The signatures left out, valued from their mirror by one move,
    /// indexed the same way (set by the mirror's file as it loads).
    derived: Vec<bool>,
    /// Every position with at most this many pieces is covered.
    complete: u32,
}

/// How many successors ahead of the one read `verify` and
/// `compute_derived` fetch (`fetch_decoded`): enough for their cache
/// misses to overlap, few enough that a position decided by its first
/// successors does not pay for all of them.
pub const AHEAD: usize = 4;

/// The `.dtb` file of `sig` under `dir`.
pub fn file_path(dir: &Path, variant: Variant, sig: Signature) -> PathBuf {
    dir.join(variant.to_string()).join(format!("{sig}.dtb"))
}

/// The `.wdl` file of `sig` under `dir`.
pub fn wdl_path(dir: &Path, variant: Variant, sig: Signature) -> PathBuf {
    file_path(dir, variant, sig).with_extension("wdl")
}

/// The position of a placement, the side to move being White.
#[inline(always)]
pub fn position<R: Rules>(p: &Placement) -> Position<R> {
    Position::from_bitboards(
        [p.men | p.kings, p.their_men | p.their_kings],
        p.kings | p.their_kings,
        Color::White,
    )
}

/// Whether the side to move of a placement must capture, read from its
/// bitboards without building the position.
#[inline(always)]
pub fn must_capture<R: Rules>(p: &Placement) -> bool {
    let side = Side {
        men: p.men,
        kings: p.kings,
        up: true,
        men_backward: R::MEN_CAPTURE_BACKWARD,
        flying: R::FLYING_KINGS,
    };
    let theirs = p.their_men | p.their_kings;
    let empty = R::GEO.mask & !(p.men | p.kings | theirs);
    side.can_capture(R::GEO, theirs, empty)
}

/// Map a file for reading.
fn map(path: &Path) -> Result<Mmap, String> {
    let shown = path.display();
    let file = std::fs::File::open(path).map_err(|e| format!("{shown}: {e}"))?;
    // SAFETY: the file is only read; dam never writes a file in place
    // (it renames a new one over it), so the mapping does not change.
    unsafe { Mmap::map(&file) }.map_err(|e| format!("{shown}: {e}"))
}

/// A capture's value for the side that makes it, from the value of the
/// position after it for the other side.
fn flip(w: Wdl) -> Wdl {
    match w {
        Wdl::Loss => Wdl::Win,
        Wdl::Draw => Wdl::Draw,
        Wdl::Win => Wdl::Loss,
    }
}

impl Tables {
    /// An empty set for `variant` reading from `dir`.
    pub fn empty(variant: Variant, geo: &'static Geometry, dir: &Path) -> Tables {
        Tables {
            variant,
            geo,
            turn: HalfTurn::new(geo),
            dir: dir.to_path_buf(),
            tables: (0..1 << 12).map(|_| None).collect(),
            wdls: (0..1 << 12).map(|_| None).collect(),
            dense: (0..1 << 12).map(|_| None).collect(),
            derived: vec![false; 1 << 12],
            complete: 0,
        }
    }

    /// Open every file of up to `pieces` pieces found under `dir`, up to
    /// the first piece count of which no file is there; the problems
    /// (missing or damaged files below that) are returned, one line each,
    /// for the caller to report once.
    pub fn open(
        variant: Variant,
        geo: &'static Geometry,
        dir: &Path,
        pieces: u32,
        max_men: u32,
    ) -> (Tables, Vec<String>) {
        let mut t = Tables::empty(variant, geo, dir);
        let mut problems = Vec::new();
        let plan = Signature::plan(pieces, max_men);
        for n in 2..=pieces.min(MAX_PIECES) {
            let sigs: Vec<Signature> = plan
                .iter()
                .filter(|j| j.pieces() == n)
                .flat_map(|j| [*j, j.mirror()])
                .collect();
            let dtb = |s| file_path(dir, variant, s).exists();
            let wdl = |s| wdl_path(dir, variant, s).exists();
            if !sigs.iter().any(|&s| dtb(s) || wdl(s)) {
                break;
            }
            let before = problems.len();
            for &sig in &sigs {
                let loads = [
                    dtb(sig).then(|| t.load(sig)),
                    wdl(sig).then(|| t.load_wdl(sig)),
                ];
                problems.extend(loads.into_iter().flatten().filter_map(Result::err));
            }
            for &sig in &sigs {
                // a signature with neither file nor a mirror that derives
                // it is reported as its missing .dtb
                if !dtb(sig) && !wdl(sig) && !t.derived[sig.key()] {
                    problems.extend(t.load(sig).err());
                }
            }
            if problems.len() > before {
                break;
            }
            t.complete = n;
        }
        (t, problems)
    }

    /// Map the `.dtb` file of `sig`, replacing what was loaded for it.
    pub fn load(&mut self, sig: Signature) -> Result<(), String> {
        let path = file_path(&self.dir, self.variant, sig);
        let map = map(&path)?;
        let ix = Indexer::new(self.geo, sig);
        let h = read_header(&map, self.variant, sig, ix.size())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        self.tables[sig.key()] = Some(Table {
            map,
            ix,
            blocks: h.blocks,
        });
        Ok(())
    }

    /// Map the `.wdl` file of `sig` (its checksum checked: the file is
    /// small), replacing what was loaded for it.
    pub fn load_wdl(&mut self, sig: Signature) -> Result<(), String> {
        let path = wdl_path(&self.dir, self.variant, sig);
        self.unload_wdl(sig);
        let map = map(&path)?;
        let ix = Indexer::new(self.geo, sig);
        let layout = wdl::read_header(&map, self.variant, sig, ix.size())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        if layout.mirror_left_out && sig.mirror() == sig {
            return Err(format!(
                "{}: says its mirror is left out, but it is its own mirror",
                path.display()
            ));
        }
        self.derived[sig.mirror().key()] = layout.mirror_left_out;
        self.wdls[sig.key()] = Some(WdlTable { map, ix, layout });
        Ok(())
    }

    /// Decode the loaded `.wdl` of `sig` into memory, read before any
    /// file from now on (a build's dependencies); the bytes it holds, 0
    /// when there is no such file or it does not decode.
    pub fn decode(&mut self, sig: Signature) -> u64 {
        let Some(t) = self.wdls[sig.key()].as_ref() else {
            return 0;
        };
        self.dense[sig.key()] = Dense::decode(&t.map, &t.layout, t.ix.clone());
        self.dense[sig.key()]
            .as_ref()
            .map_or(0, |d| d.held_bytes() as u64)
    }

    /// Compute the values of `sig`, a signature left out, from its moves
    /// (`R`'s variant), on every core, and read them from memory from now
    /// on; the bytes held, 0 when a value is unknown.
    pub fn compute_derived<R: Rules>(&mut self, sig: Signature) -> u64 {
        if !self.derived(sig) || self.has_wdl(sig) {
            return 0;
        }
        let ix = Indexer::new(self.geo, sig);
        let dense = Dense::compute(ix.clone(), |i| self.derived_wdl::<R>(&ix.unrank(i)));
        self.dense[sig.key()] = dense;
        self.dense[sig.key()]
            .as_ref()
            .map_or(0, |d| d.held_bytes() as u64)
    }

    /// The decoded values of `sig`, if `decode` made them.
    pub fn decoded(&self, sig: Signature) -> Option<&Dense> {
        self.dense[sig.key()].as_ref()
    }

    /// Drop every decoded file.
    pub fn forget_decoded(&mut self) {
        self.dense.iter_mut().for_each(|d| *d = None);
    }

    /// Forget the `.wdl` file of `sig` (and what it said of its mirror).
    pub fn unload_wdl(&mut self, sig: Signature) {
        self.dense[sig.key()] = None;
        if self.wdls[sig.key()]
            .take()
            .is_some_and(|t| t.layout.mirror_left_out)
        {
            self.derived[sig.mirror().key()] = false;
        }
    }

    /// Whether `sig` has no file of its own, its values derived from its
    /// mirror's `.wdl` by one move.
    pub fn derived(&self, sig: Signature) -> bool {
        self.derived[sig.key()]
    }

    /// Whether the win, draw or loss of every position of `sig` can be
    /// read: a file of its own loaded, or derived from its mirror's.
    pub fn covers(&self, sig: Signature) -> bool {
        self.has(sig) || self.has_wdl(sig) || self.derived(sig)
    }

    /// Whether the `.dtb` file of `sig` is loaded.
    pub fn has(&self, sig: Signature) -> bool {
        self.tables[sig.key()].is_some()
    }

    /// Whether the `.wdl` file of `sig` is loaded.
    pub fn has_wdl(&self, sig: Signature) -> bool {
        self.wdls[sig.key()].is_some()
    }

    /// Every position of at most this many pieces is covered.
    pub fn pieces(&self) -> u32 {
        self.complete
    }

    /// Cover at most `pieces` pieces (the Hub's `egtb-pieces`).
    pub fn limit(&mut self, pieces: u32) {
        self.complete = self.complete.min(pieces);
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The positions of `sig`'s index.
    pub fn positions(&self, sig: Signature) -> u64 {
        Indexer::new(self.geo, sig).size()
    }

    /// The stored byte of a placement seen from the side to move (which
    /// moves up the board), if its table is loaded and reads; meaningless
    /// when that side must capture (see `probe_resolved`).
    #[inline]
    pub fn probe_placement(&self, p: &Placement) -> Option<Value> {
        let sig = p.signature()?;
        let t = self.tables[sig.key()].as_ref()?;
        let i = t.ix.rank(p);
        read_value(&t.map, t.blocks, i).map(Value::decode)
    }

    /// The win, draw or loss of a placement seen from the side to move,
    /// from its `.wdl` if loaded, else from its `.dtb` (`dtb_first`: the
    /// other way round); meaningless when that side must capture.
    #[inline]
    pub fn wdl_placement(&self, p: &Placement, dtb_first: bool) -> Option<Wdl> {
        let sig = p.signature()?;
        if let Some(d) = &self.dense[sig.key()] {
            return d.get(d.ix.rank(p));
        }
        let from_wdl = || {
            let t = self.wdls[sig.key()].as_ref()?;
            t.layout.value(&t.map, t.ix.rank(p))
        };
        let from_dtb = || {
            let t = self.tables[sig.key()].as_ref()?;
            read_value(&t.map, t.blocks, t.ix.rank(p)).map(|b| Value::decode(b).wdl)
        };
        if dtb_first {
            from_dtb().or_else(from_wdl)
        } else {
            from_wdl().or_else(from_dtb)
        }
    }

    /// The placement of `pos` seen from its side to move.
    #[inline]
    fn placement<G: Game>(&self, pos: &G) -> Option<Placement> {
        let (white, _, _) = pos.side_view(Color::White)?;
        let (black, _, _) = pos.side_view(Color::Black)?;
        Some(match pos.side_to_move() {
            Color::White => Placement {
                men: white.men,
                kings: white.kings,
                their_men: black.men,
                their_kings: black.kings,
            },
            Color::Black => Placement {
                men: self.turn.apply(black.men),
                kings: self.turn.apply(black.kings),
                their_men: self.turn.apply(white.men),
                their_kings: self.turn.apply(white.kings),
            },
        })
    }

    /// Whether `pos` has at most as many pieces as the set covers.
    #[inline]
    fn within<G: Game>(&self, pos: &G) -> Option<()> {
        let (white, black_pieces, _) = pos.side_view(Color::White)?;
        let all = white.men | white.kings | black_pieces;
        (all.count_ones() <= self.complete).then_some(())
    }

    /// The value of `pos` for the side to move from the `.dtb` files, if
    /// it is covered: a variant of the removal family with few enough
    /// pieces. The caller makes sure `pos` is of this set's variant.
    #[inline]
    pub fn probe<G: Game>(&self, pos: &G) -> Option<Value> {
        self.within(pos)?;
        self.probe_loaded(pos)
    }

    /// Win, draw or loss of `pos` for the side to move, from the `.wdl`
    /// files where loaded, else from the `.dtb` files, if it is covered.
    #[inline]
    pub fn probe_wdl<G: Game>(&self, pos: &G) -> Option<Wdl> {
        self.within(pos)?;
        self.wdl_loaded(pos, false)
    }

    /// The value of `pos` if the tables it needs are loaded, whatever
    /// `pieces` says.
    #[inline]
    fn probe_loaded<G: Game>(&self, pos: &G) -> Option<Value> {
        if pos.must_capture() {
            return self.resolve(pos);
        }
        self.probe_placement(&self.placement(pos)?)
    }

    /// Win, draw or loss of `pos` if the tables it needs are loaded.
    #[inline]
    fn wdl_loaded<G: Game>(&self, pos: &G, dtb_first: bool) -> Option<Wdl> {
        if pos.must_capture() {
            return self.resolve_wdl(pos, dtb_first);
        }
        if !pos.can_step() {
            // no move, or no piece (which no table holds): lost
            return Some(Wdl::Loss);
        }
        let p = self.placement(pos)?;
        match self.wdl_placement(&p, dtb_first) {
            None if self.left_out(&p) => self.resolve_wdl(pos, dtb_first),
            read => read,
        }
    }

    /// Whether the signature of `p` is derived from its mirror: valued by
    /// its moves, each of which leads to the mirror (a file) or converts.
    /// Asked only when no file (nor computed values) answered.
    #[inline(always)]
    fn left_out(&self, p: &Placement) -> bool {
        p.signature().is_some_and(|sig| self.derived[sig.key()])
    }

    /// Win, draw or loss of `pos` from its moves: the best of its
    /// captures when it must capture, else of its quiet moves (a
    /// signature left out, see `left_out`).
    fn resolve_wdl<G: Game>(&self, pos: &G, dtb_first: bool) -> Option<Wdl> {
        let mut moves = MoveList::new();
        pos.generate(&mut moves);
        let mut best = Wdl::Loss;
        for mv in &moves {
            best = best.max(flip(self.wdl_loaded(&pos.play(mv), dtb_first)?));
            if best == Wdl::Win {
                break;
            }
        }
        Some(best)
    }

    /// The value of `pos`, whose side to move must capture: every capture
    /// is a conversion (one ply) into a smaller set, so the value is the
    /// best capture's win, draw or loss at one ply (`.dtb` successors
    /// read first).
    #[cold]
    fn resolve<G: Game>(&self, pos: &G) -> Option<Value> {
        Some(match self.resolve_wdl(pos, true)? {
            Wdl::Win => Value::win(1),
            Wdl::Draw => Value::DRAW,
            Wdl::Loss => Value::loss(1),
        })
    }

    /// The value of a placement of `R`'s variant seen from the side to
    /// move, its captures resolved, from the `.dtb` files, if the tables
    /// it needs are loaded.
    #[inline]
    pub fn probe_resolved<R: Rules>(&self, p: &Placement) -> Option<Value> {
        let pos = position::<R>(p);
        if pos.must_capture() {
            return self.resolve(&pos);
        }
        self.probe_placement(p)
    }

    /// Where the value of `p`, a placement whose side to move need not
    /// capture, is held decoded (`decode`, `compute_derived`), its word
    /// asked for ahead of the read: a position's successors are fetched
    /// `AHEAD` moves before they are read, so that their cache misses
    /// overlap.
    #[inline]
    pub fn fetch_decoded(&self, p: &Placement) -> Option<(&Dense, u64)> {
        let sig = p.signature()?;
        let d = self.dense[sig.key()].as_ref()?;
        let i = d.ix.rank(p);
        d.prefetch(i);
        Some((d, i))
    }

    /// Win, draw or loss of a position of a side left out, from its
    /// moves: each leads to the file kept (decoded) or converts. The
    /// decoded successors are fetched together first.
    fn derived_wdl<R: Rules>(&self, p: &Placement) -> Option<Wdl> {
        let pos = position::<R>(p);
        if pos.must_capture() || !pos.can_step() {
            return self.wdl_loaded(&pos, true);
        }
        let mut moves = MoveList::new();
        pos.generate(&mut moves);
        let mut next: ArrayVec<_, MAX_MOVES> = ArrayVec::new();
        let mut best = Wdl::Loss;
        for k in 0..moves.len() {
            for mv in &moves[next.len()..moves.len().min(k + AHEAD)] {
                let q = pos.play_unhashed(mv);
                let slot = match self.placement(&q) {
                    Some(s) if !q.must_capture() => self.fetch_decoded(&s),
                    _ => None,
                };
                next.push((q, slot));
            }
            let (q, slot) = &next[k];
            let v = match slot {
                Some((d, i)) => d.get(*i),
                None => self.wdl_loaded(q, true),
            };
            best = best.max(flip(v?));
            if best == Wdl::Win {
                break;
            }
        }
        Some(best)
    }

    /// Win, draw or loss of a placement of `R`'s variant seen from the
    /// side to move, its captures resolved, from the `.dtb` files where
    /// loaded (the faster read), else from the `.wdl` files.
    #[inline]
    pub fn probe_resolved_wdl<R: Rules>(&self, p: &Placement) -> Option<Wdl> {
        let pos = position::<R>(p);
        if pos.must_capture() {
            return self.resolve_wdl(&pos, true);
        }
        match self.wdl_placement(p, true) {
            None if self.left_out(p) => self.wdl_loaded(&pos, true),
            read => read,
        }
    }

    /// The indexer and mapped bytes of `sig`'s `.dtb` file, for `verify`.
    pub fn file(&self, sig: Signature) -> Option<(&Indexer, &[u8], u64)> {
        let t = self.tables[sig.key()].as_ref()?;
        Some((&t.ix, &t.map[..], t.blocks))
    }

    /// The indexer, mapped bytes and layout of `sig`'s `.wdl` file.
    pub fn wdl_file(&self, sig: Signature) -> Option<(&Indexer, &[u8], &Layout)> {
        let t = self.wdls[sig.key()].as_ref()?;
        Some((&t.ix, &t.map[..], &t.layout))
    }

    /// The half turn of this board.
    pub fn half_turn(&self) -> &HalfTurn {
        &self.turn
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }
}
