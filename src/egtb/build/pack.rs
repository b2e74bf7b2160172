//! One `.wdl` file for a job of two signatures (above
//! `BOTH_SIDES_PIECES`): the smaller is kept, marked as leaving out its
//! mirror, whose values the probe derives by one move (`Tables`).

use crate::egtb::format::write_atomic;
use crate::egtb::signature::Signature;
use crate::egtb::tables::{Tables, wdl_path};
use crate::egtb::wdl::mark_mirror_left_out;

/// Keep one `.wdl` of a built job of two signatures, the smaller, marked
/// as leaving out its mirror, and remove the other (`BOTH_SIDES_PIECES`).
/// Safe to stop anywhere: the kept file is rewritten whole (atomically)
/// before the other goes, and a job found with both, one marked, loses
/// the unmarked one. Returns whether a file was removed.
pub fn pack(tables: &mut Tables, job: Signature) -> Result<bool, String> {
    let [a, b] = [job, job.mirror()];
    if a == b || tables.derived(a) && !tables.has_wdl(a) || tables.derived(b) && !tables.has_wdl(b)
    {
        return Ok(false);
    }
    let (dir, variant) = (tables.dir().to_path_buf(), tables.variant());
    let path = |s| wdl_path(&dir, variant, s);
    let size = |s| std::fs::metadata(path(s)).map_or(u64::MAX, |m| m.len());
    let (keep, drop) = match () {
        _ if tables.derived(b) => (a, b),
        _ if tables.derived(a) => (b, a),
        _ if size(b) < size(a) => (b, a),
        _ => (a, b),
    };
    if !tables.derived(drop) {
        let mut bytes =
            std::fs::read(path(keep)).map_err(|e| format!("{}: {e}", path(keep).display()))?;
        mark_mirror_left_out(&mut bytes);
        write_atomic(&path(keep), &bytes).map_err(|e| format!("{}: {e}", path(keep).display()))?;
        tables.load_wdl(keep)?;
    }
    tables.unload_wdl(drop);
    std::fs::remove_file(path(drop)).map_err(|e| format!("{}: {e}", path(drop).display()))?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::egtb::build::{SLICE_POSITIONS, build_in_slices};
    use crate::egtb::index::Indexer;
    use crate::egtb::{RulesOf, Wdl};
    use crate::rules::removal::Rules;

    type R = <crate::rules::removal::English as RulesOf>::R;

    /// The win, draw or loss of every 7th position of every 4-piece
    /// signature, captures resolved, read through `Tables::open`.
    fn values(dir: &std::path::Path) -> Vec<Option<Wdl>> {
        let (tables, problems) = Tables::open(R::VARIANT, R::GEO, dir, 4, R::MEN);
        assert!(problems.is_empty() && tables.pieces() == 4, "{problems:?}");
        let mut out = Vec::new();
        for job in Signature::plan(4, R::MEN)
            .into_iter()
            .filter(|j| j.pieces() == 4)
        {
            for sig in [job, job.mirror()] {
                let ix = Indexer::new(R::GEO, sig);
                for i in (0..ix.size()).step_by(7) {
                    out.push(tables.probe_resolved_wdl::<R>(&ix.unrank(i)));
                }
            }
        }
        out
    }

    fn wdl_file(dir: &std::path::Path, sig: Signature) -> std::path::PathBuf {
        wdl_path(dir, R::VARIANT, sig)
    }

    /// English 2-4 with both sides kept to 3 pieces: every 4-piece job of
    /// two signatures keeps its smaller `.wdl`, and every value read
    /// (the left-out side's from its moves) is the value of the set that
    /// keeps both; building again builds and packs nothing.
    #[test]
    fn a_packed_set_reads_as_the_whole_one() {
        let whole = tempfile::tempdir().expect("scratch");
        let packed = tempfile::tempdir().expect("scratch");
        build_in_slices::<R>(whole.path(), 4, true, SLICE_POSITIONS, 8).expect("built");
        build_in_slices::<R>(packed.path(), 4, true, SLICE_POSITIONS, 3).expect("built");
        for job in Signature::plan(4, R::MEN)
            .into_iter()
            .filter(|j| j.pieces() == 4)
        {
            let [a, b] = [job, job.mirror()];
            let kept: Vec<bool> = [a, b].map(|s| wdl_file(packed.path(), s).exists()).into();
            if a == b {
                assert!(kept[0], "{job}: its own mirror, kept");
                continue;
            }
            assert!(kept[0] != kept[1], "{job}: one file kept, {kept:?}");
            let size = |s| {
                std::fs::metadata(wdl_file(whole.path(), s))
                    .expect("file")
                    .len()
            };
            let keep = if kept[0] { a } else { b };
            assert!(size(keep) <= size(keep.mirror()), "{job}: the smaller kept");
        }
        assert!(
            values(whole.path()) == values(packed.path()),
            "the same values"
        );
        for both in [3, 8] {
            let again = build_in_slices::<R>(packed.path(), 4, true, SLICE_POSITIONS, both);
            assert_eq!(again.expect("nothing to do"), vec![]);
        }
        let report = crate::egtb::build::verify::<R>(packed.path(), None, false, |_| {});
        assert!(report.problems.is_empty(), "{:?}", report.problems);
        let status = crate::egtb::status::status::<R>(packed.path());
        assert!(
            status.pieces().starts_with("2-4 complete"),
            "{}",
            status.pieces()
        );
    }

    /// A pack stopped after marking the file it keeps (both files there)
    /// finishes on the next build: the marked one is kept even when it is
    /// the larger.
    #[test]
    fn a_pack_stopped_halfway_finishes() {
        let dir = tempfile::tempdir().expect("scratch");
        build_in_slices::<R>(dir.path(), 4, true, SLICE_POSITIONS, 8).expect("built");
        let job = Signature::parse("1201").expect("a signature").job();
        let size = |s| std::fs::metadata(wdl_file(dir.path(), s)).map_or(0, |m| m.len());
        let larger = if size(job) > size(job.mirror()) {
            job
        } else {
            job.mirror()
        };
        assert!(size(larger) > size(larger.mirror()), "two sizes");
        let mut bytes = std::fs::read(wdl_file(dir.path(), larger)).expect("file");
        mark_mirror_left_out(&mut bytes);
        write_atomic(&wdl_file(dir.path(), larger), &bytes).expect("written");
        build_in_slices::<R>(dir.path(), 4, true, SLICE_POSITIONS, 3).expect("packed");
        assert!(wdl_file(dir.path(), larger).exists());
        assert!(!wdl_file(dir.path(), larger.mirror()).exists());
    }
}
