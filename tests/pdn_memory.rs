//! `dam pdn convert --json` of one very long game (kings going back and
//! forth, written here) peaks at a bounded multiple of the game's size:
//! the largest resident size of the child, from `wait4`.

use crate::common::{command, dir, file};
use std::process::Stdio;

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
    let log = d.join("stderr.txt");
    #[expect(clippy::zombie_processes, reason = "reaped by wait4 below")]
    let child = command()
        .args(["pdn", "convert", "--json", &input, "-o"])
        .arg(&out)
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).expect("stderr file"))
        .spawn()
        .expect("dam runs");
    // The child's own peak (wait4 on its pid), not RUSAGE_CHILDREN: the
    // other tests of this binary run children of their own meanwhile.
    let pid = child.id() as libc::pid_t;
    // SAFETY: wait4 fills the status and the struct it is given; the child
    // is reaped here, and `child` is not waited on afterwards.
    let (status, peak_kib) = unsafe {
        let mut status = 0;
        let mut usage: libc::rusage = std::mem::zeroed();
        assert_eq!(libc::wait4(pid, &mut status, 0, &mut usage), pid);
        (status, usage.ru_maxrss as usize)
    };
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        "dam pdn convert --json failed: wait status {status}: {}",
        std::fs::read_to_string(&log).unwrap_or_default()
    );
    let peak = peak_kib * 1024;
    assert!(
        peak < 30 * size,
        "peak {} MiB for a {} MiB game",
        peak >> 20,
        size >> 20
    );
    let _ = std::fs::remove_dir_all(&d);
}
