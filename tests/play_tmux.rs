//! `dam play` on a real terminal, under tmux: the screen is redrawn in
//! place (one board on the screen, not one per move), a typed move is
//! answered by the engine, and the last move is shown in reverse video.
//! The captured screen is kept in `tests/play_tmux.screen`; set
//! `DAM_BLESS=1` to write it anew. Skipped, saying why, without tmux
//! (`scripts/test.sh` installs it).

use std::process::Command;
use std::time::{Duration, Instant};

/// A tmux server of this test's own, killed when dropped.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// The screen once it shows `needle` (plain text, or with escapes).
    fn screen_with(&self, needle: &str, escapes: bool) -> String {
        let deadline = Instant::now() + Duration::from_secs(30);
        let flags = if escapes { "-pe" } else { "-p" };
        loop {
            let screen = self.run(&["capture-pane", flags, "-t", "play"]);
            if screen.contains(needle) {
                return screen;
            }
            assert!(Instant::now() < deadline, "no '{needle}' on:\n{screen}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
    }
}

#[test]
fn the_board_is_redrawn_in_place_and_a_move_is_answered() {
    if Command::new("tmux").arg("-V").output().is_err() {
        println!("skipped: tmux is not installed (scripts/test.sh installs it)");
        return;
    }
    let tmux = Tmux {
        socket: format!("dam-play-test-{}", std::process::id()),
    };
    let dam = env!("CARGO_BIN_EXE_dam");
    let command = format!("{dam} play --threads 1 --ascii --level 'depth 2'");
    tmux.run(&[
        "new-session",
        "-d",
        "-s",
        "play",
        "-x",
        "80",
        "-y",
        "30",
        &command,
    ]);
    tmux.screen_with("White to move>", false);
    tmux.run(&["send-keys", "-t", "play", "32-28", "Enter"]);
    tmux.screen_with("1... ", false);
    let screen = tmux.screen_with("White to move>", false);
    let shown: String = screen
        .lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
        .trim_end()
        .to_string()
        + "\n";
    assert_eq!(
        shown.matches(" a b c d e f g h i j").count(),
        1,
        "one board:\n{shown}"
    );
    assert!(shown.starts_with("10 "), "the board at the top:\n{shown}");
    let colored = tmux.screen_with("White to move>", true);
    assert!(
        colored.contains("\x1b[7m"),
        "the last move in reverse video"
    );
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/play_tmux.screen");
    if std::env::var_os("DAM_BLESS").is_some() {
        std::fs::write(path, &shown).unwrap();
    }
    let expected = std::fs::read_to_string(path).expect("the expected screen");
    assert_eq!(shown, expected);
    tmux.run(&["send-keys", "-t", "play", "quit", "Enter"]);
}
