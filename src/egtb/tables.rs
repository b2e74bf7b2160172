//! The memory-mapped databases of one variant and the probe. Files are
//! mapped and checked (header, size) when opened; after that the set is
//! read-only, so probing from many threads takes no lock and allocates
//! nothing: turn the board if Black moves, find the signature's table in
//! a flat array, rank the placement, read one byte. The files hold no
//! value for a position whose side to move must capture (its byte is
//! whatever compresses best): such a position is valued from its
//! captures, which lead to smaller sets.

use super::format::Wdl;
use super::format::{Value, read_header, read_value};
use super::index::{HalfTurn, Indexer, Placement};
use super::moves::rank;
use super::signature::{MAX_PIECES, Signature};
use super::solve::position;
use crate::board::{Bitboard, Geometry};
use crate::eval::Evaluate;
use crate::rules::removal::Rules;
use crate::rules::{Color, MoveList};
use crate::variant::Variant;
use memmap2::Mmap;
use std::path::{Path, PathBuf};

/// One mapped file.
struct Table {
    map: Mmap,
    ix: Indexer,
    blocks: u64,
}

/// The databases of one variant found in a directory.
pub struct Tables {
    variant: Variant,
    geo: &'static Geometry,
    turn: HalfTurn,
    dir: PathBuf,
    /// Indexed by `Signature::key`.
    tables: Vec<Option<Table>>,
    /// Every position with at most this many pieces is covered.
    complete: u32,
}

/// The file of `sig` under `dir`.
pub fn file_path(dir: &Path, variant: Variant, sig: Signature) -> PathBuf {
    dir.join(variant.to_string()).join(format!("{sig}.dtb"))
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
            if !sigs.iter().any(|&s| file_path(dir, variant, s).exists()) {
                break;
            }
            let before = problems.len();
            for sig in sigs {
                if let Err(e) = t.load(sig) {
                    problems.push(e);
                }
            }
            if problems.len() > before {
                break;
            }
            t.complete = n;
        }
        (t, problems)
    }

    /// Map the file of `sig`, replacing what was loaded for it.
    pub fn load(&mut self, sig: Signature) -> Result<(), String> {
        let path = file_path(&self.dir, self.variant, sig);
        let shown = path.display();
        let file = std::fs::File::open(&path).map_err(|e| format!("{shown}: {e}"))?;
        // SAFETY: the file is only read; dam never writes a file in place
        // (it renames a new one over it), so the mapping does not change.
        let map = unsafe { Mmap::map(&file) }.map_err(|e| format!("{shown}: {e}"))?;
        let ix = Indexer::new(self.geo, sig);
        let h =
            read_header(&map, self.variant, sig, ix.size()).map_err(|e| format!("{shown}: {e}"))?;
        self.tables[sig.key()] = Some(Table {
            map,
            ix,
            blocks: h.blocks,
        });
        Ok(())
    }

    /// Whether the file of `sig` is loaded.
    pub fn has(&self, sig: Signature) -> bool {
        self.tables[sig.key()].is_some()
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

    /// The stored byte of a placement seen from the side to move (which
    /// moves up the board), if its table is loaded and reads; meaningless
    /// when that side must capture (see `probe_resolved`).
    #[inline]
    pub fn probe_placement(&self, p: &Placement) -> Option<Value> {
        let sig = Signature::of_counts(
            p.men.count_ones(),
            p.kings.count_ones(),
            p.their_men.count_ones(),
            p.their_kings.count_ones(),
        )?;
        let t = self.tables[sig.key()].as_ref()?;
        let i = t.ix.rank(p);
        read_value(&t.map, t.blocks, i).map(Value::decode)
    }

    /// The value of a board for the side to move: White's and Black's men
    /// and kings.
    #[inline]
    pub fn probe_board(
        &self,
        men: [Bitboard; 2],
        kings: [Bitboard; 2],
        side: Color,
    ) -> Option<Value> {
        let p = match side {
            Color::White => Placement {
                men: men[0],
                kings: kings[0],
                their_men: men[1],
                their_kings: kings[1],
            },
            Color::Black => Placement {
                men: self.turn.apply(men[1]),
                kings: self.turn.apply(kings[1]),
                their_men: self.turn.apply(men[0]),
                their_kings: self.turn.apply(kings[0]),
            },
        };
        self.probe_placement(&p)
    }

    /// The value of `pos` for the side to move, if it is covered: a
    /// variant of the plain family with few enough pieces. The caller
    /// makes sure `pos` is of this set's variant.
    #[inline]
    pub fn probe<G: Evaluate>(&self, pos: &G) -> Option<Value> {
        let (white, black_pieces, _) = pos.side_view(Color::White)?;
        let all = white.men | white.kings | black_pieces;
        if all.count_ones() > self.complete {
            return None;
        }
        self.probe_loaded(pos)
    }

    /// The value of `pos` if the tables it needs are loaded, whatever
    /// `pieces` says.
    #[inline]
    fn probe_loaded<G: Evaluate>(&self, pos: &G) -> Option<Value> {
        if pos.must_capture() {
            return self.resolve(pos);
        }
        let (white, _, _) = pos.side_view(Color::White)?;
        let (black, _, _) = pos.side_view(Color::Black)?;
        self.probe_board(
            [white.men, black.men],
            [white.kings, black.kings],
            pos.side_to_move(),
        )
    }

    /// The value of `pos`, whose side to move must capture: the best of
    /// its captures, each a conversion (one ply) into a smaller set.
    #[cold]
    fn resolve<G: Evaluate>(&self, pos: &G) -> Option<Value> {
        let mut moves = MoveList::new();
        pos.generate(&mut moves);
        let mut best: Option<Value> = None;
        for mv in &moves {
            let after = pos.play(mv);
            let theirs = if after.count_moves() == 0 {
                Wdl::Loss
            } else {
                self.probe_loaded(&after)?.wdl
            };
            let ours = match theirs {
                Wdl::Loss => Value::win(1),
                Wdl::Draw => Value::DRAW,
                Wdl::Win => Value::loss(1),
            };
            if best.is_none_or(|b| rank(ours) > rank(b)) {
                best = Some(ours);
            }
        }
        best
    }

    /// The value of a placement of `R`'s variant seen from the side to
    /// move, its captures resolved, if the tables it needs are loaded.
    #[inline]
    pub fn probe_resolved<R: Rules>(&self, p: &Placement) -> Option<Value> {
        let pos = position::<R>(p);
        if pos.must_capture() {
            return self.resolve(&pos);
        }
        self.probe_placement(p)
    }

    /// The indexer and mapped bytes of `sig`'s file, for `verify`.
    pub fn file(&self, sig: Signature) -> Option<(&Indexer, &[u8], u64)> {
        let t = self.tables[sig.key()].as_ref()?;
        Some((&t.ix, &t.map[..], t.blocks))
    }

    /// The half turn of this board.
    pub fn half_turn(&self) -> &HalfTurn {
        &self.turn
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }
}
