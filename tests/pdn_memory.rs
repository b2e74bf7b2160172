//! `dam pdn convert --json` of one very long game (kings going back and
//! forth, written here) peaks at a bounded multiple of the game's size:
//! the largest resident size of the child, from `getrusage`, alone in its
//! test binary so that no other child counts.

mod common;

use common::{command, dir, file, stderr};

/// An international game of about `bytes` bytes: two kings shuffling.
fn long_game(bytes: usize) -> String {
    let moves = ["46-41", "1-7", "41-46", "7-1"];
    let mut text = String::from("[GameType \"20\"]\n[FEN \"W:WK46:BK1\"]\n\n");
    let mut ply = 0;
    while text.len() < bytes {
        if ply % 2 == 0 {
            text.push_str(&format!("{}. ", ply / 2 + 1));
        }
        text.push_str(moves[ply % 4]);
        text.push(' ');
        ply += 1;
    }
    text.push_str("*\n");
    text
}

#[test]
fn json_of_one_long_game_peaks_at_a_bounded_multiple_of_its_size() {
    let d = dir("long-game");
    let size = 4 << 20;
    let input = file(&d, "long.pdn", long_game(size));
    let out = d.join("long.json");
    let run = command()
        .args(["pdn", "convert", "--json", &input, "-o"])
        .arg(&out)
        .output()
        .expect("dam runs");
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    // SAFETY: getrusage fills the struct it is given.
    let peak_kib = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        assert_eq!(libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage), 0);
        usage.ru_maxrss as usize
    };
    let peak = peak_kib * 1024;
    assert!(
        peak < 30 * size,
        "peak {} MiB for a {} MiB game",
        peak >> 20,
        size >> 20
    );
    let _ = std::fs::remove_dir_all(&d);
}
