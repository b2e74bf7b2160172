//! Where the session's text goes. On a terminal the screen is redrawn in
//! place before every prompt: the board, the status, and the last lines
//! said. Otherwise every line is printed once as it is said, and the
//! board only when asked for, so scripts read a plain transcript. Control
//! characters from the input are never echoed.

use super::clock::Clocks;
use super::input::Input;
use crate::rules::Color;
use crossbeam_channel::{Receiver, RecvTimeoutError};
use std::collections::VecDeque;
use std::io::Write;
use std::time::Duration;

/// How often a running clock is redrawn while the player thinks.
const TICK: Duration = Duration::from_millis(500);

/// How many said lines a redrawn screen keeps.
const KEPT: usize = 14;

/// The output of one session.
pub struct Screen {
    terminal: bool,
    said: VecDeque<String>,
    /// A text too long to show under the board, shown instead of it once.
    page: Option<String>,
}

impl Screen {
    pub fn new(terminal: bool) -> Screen {
        Screen {
            terminal,
            said: VecDeque::new(),
            page: None,
        }
    }

    pub fn terminal(&self) -> bool {
        self.terminal
    }

    /// Say some lines: printed now, or shown under the board.
    pub fn say(&mut self, text: &str) {
        let clean: String = text
            .chars()
            .map(|c| if c.is_control() && c != '\n' { '?' } else { c })
            .collect();
        if self.terminal && clean.lines().count() > KEPT {
            self.page = Some(clean);
        } else if self.terminal {
            for line in clean.lines() {
                if self.said.len() == KEPT {
                    self.said.pop_front();
                }
                self.said.push_back(line.to_string());
            }
        } else {
            print(&format!("{clean}\n"));
        }
    }

    /// Print text as it is (the board in plain output), now.
    pub fn print(&self, text: &str) {
        print(text);
    }

    /// On a terminal: redraw the whole screen with `board` on top and
    /// `prompt` at the end, or a long text said since the last redraw
    /// instead of the board. Plain output has no screen to redraw.
    pub fn redraw(&mut self, board: &str, prompt: &str) {
        if !self.terminal {
            return;
        }
        let mut out = String::from("\x1b[H\x1b[2J");
        if let Some(page) = self.page.take() {
            out.push_str(&page);
            out.push_str("\n\n(the board comes back after the next line)\n");
        } else {
            out.push_str(board);
            out.push('\n');
            for line in &self.said {
                out.push_str(line);
                out.push('\n');
            }
        }
        out.push_str(prompt);
        print(&out);
    }
}

/// The next input. On a terminal with a running clock, the clock's line
/// (`row` of the screen, from 1) is rewritten twice a second meanwhile,
/// the cursor and the line being typed left where they are; `None` when
/// the side to move's clock runs out first.
pub fn next_input(
    input: &Receiver<Input>,
    clock: Option<(&Clocks, Color, [&str; 2], usize)>,
) -> Option<Input> {
    let Some((clocks, side, names, row)) = clock else {
        return Some(input.recv().unwrap_or(Input::End));
    };
    loop {
        match input.recv_timeout(TICK) {
            Ok(got) => return Some(got),
            Err(RecvTimeoutError::Disconnected) => return Some(Input::End),
            Err(RecvTimeoutError::Timeout) => {}
        }
        if clocks.expired(side).is_some() {
            return None;
        }
        if let Some(text) = clocks.text(side, names) {
            print(&format!("\x1b7\x1b[{row};1H\x1b[2K{text}\x1b8"));
        }
    }
}

/// Write to stdout and flush; a closed stdout is not an error here.
fn print(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
}
