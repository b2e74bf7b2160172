//! A Hub engine (hub.md; Scan, or `dam hub`) as one side of a match: the
//! command is started once, initialised (`hub` ... `wait`, the `variant`
//! parameter when the engine has one and the variant is not
//! international, `init` ... `ready`), and asked `pos` / `level` / `go
//! think` for each move. An engine that fails (silent past its clock, gone,
//! or answering nonsense) gives no move and reports its failure, which
//! stops the match.

use crate::notation::movetext::{hub_move, parse_move};
use crate::protocol::dxp::{ClockState, GameStart, Player};
use crate::protocol::hub::{hub_numbering, position_text};
use crate::rules::record::Record;
use crate::rules::{Game, MoveList};
use crate::variant::Variant;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::Duration;

/// Time an engine may take beyond its clock before it counts as gone.
const SLACK: Duration = Duration::from_secs(5);

/// A running Hub engine.
pub struct HubEngine<G: Game> {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The position the game started from, and the moves since, in Hub
    /// text; `None` when no game runs.
    start: Option<G>,
    moves: Vec<String>,
    /// The position the engine knows.
    known: G,
    /// Why the engine could not give a move.
    failure: Option<String>,
}

impl<G: Game> HubEngine<G> {
    /// Start `command` (words split on spaces) and initialise it, setting
    /// each of `params` (name, value) that the engine declares.
    pub fn start(command: &str, params: &[(String, String)]) -> Result<HubEngine<G>, String> {
        let words: Vec<&str> = command.split_whitespace().collect();
        let (program, args) = words.split_first().ok_or("an empty engine command")?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start '{command}': {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = HubEngine {
            child,
            stdin,
            lines,
            start: None,
            moves: Vec::new(),
            known: G::start(),
            failure: None,
        };
        engine.handshake(params)?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        log::debug!("hub send: {line}");
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("the engine's input: {e}"))
    }

    /// The next line, waiting at most `wait`.
    fn line(&mut self, wait: Duration) -> Result<String, String> {
        let line = self
            .lines
            .recv_timeout(wait)
            .map_err(|_| "the engine is silent or gone".to_string())?;
        log::debug!("hub recv: {line}");
        Ok(line)
    }

    fn handshake(&mut self, params: &[(String, String)]) -> Result<(), String> {
        let wait = Duration::from_secs(30);
        self.send("hub")?;
        let mut declared = Vec::new();
        loop {
            let line = self.line(wait)?;
            if line.starts_with("param")
                && let Some(name) = line
                    .split_whitespace()
                    .find_map(|w| w.strip_prefix("name="))
            {
                declared.push(name.trim_matches('"').to_string());
            }
            if line.trim() == "wait" {
                break;
            }
        }
        if declared.iter().any(|n| n == "variant") && G::VARIANT != Variant::International {
            self.send(&format!("set-param name=variant value={}", G::VARIANT.id()))?;
        }
        for (name, value) in params {
            if declared.contains(name) {
                self.send(&format!("set-param name={name} value={value}"))?;
            } else {
                log::warn!("hub engine: no parameter '{name}' to set");
            }
        }
        self.send("init")?;
        while self.line(wait)?.trim() != "ready" {}
        Ok(())
    }

    /// `mv` in Hub move text, numbered as Hub engines number the variant's
    /// squares (pydraughts' numbering for russian and brazilian).
    fn move_text(pos: &G, mv: &G::Move) -> String {
        hub_numbering(G::VARIANT, &hub_move(pos, mv))
    }

    /// Record the other side's move since the engine's last one.
    fn catch_up(&mut self, now: &G) -> Result<(), String> {
        if self.known.hash() == now.hash() {
            return Ok(());
        }
        let mut moves = MoveList::new();
        self.known.generate(&mut moves);
        let mv = moves
            .iter()
            .find(|m| self.known.play(m).hash() == now.hash())
            .ok_or("the game went more than one move past the engine")?;
        self.moves.push(Self::move_text(&self.known, mv));
        self.known = *now;
        Ok(())
    }

    fn think(&mut self, record: &Record<G>, clock: ClockState) -> Result<G::Move, String> {
        let start = self.start.ok_or("no game")?;
        let pos = *record.position();
        self.catch_up(&pos)?;
        let mut line = format!("pos pos={}", position_text(&start)?);
        if !self.moves.is_empty() {
            line.push_str(&format!(" moves=\"{}\"", self.moves.join(" ")));
        }
        self.send(&line)?;
        let secs = clock.remaining().as_secs_f64();
        let level = match clock {
            ClockState::PerMove(_) => format!("level move-time={secs:.3}"),
            ClockState::Game {
                moves_to_go: Some(n),
                ..
            } => format!("level moves={n} time={secs:.3}"),
            ClockState::Game { .. } => format!("level time={secs:.3}"),
        };
        self.send(&level)?;
        self.send("go think")?;
        let wait = clock.remaining() + SLACK;
        loop {
            let line = self.line(wait)?;
            let Some(rest) = line.trim().strip_prefix("done") else {
                continue;
            };
            let text = rest
                .split_whitespace()
                .find_map(|w| w.strip_prefix("move="))
                .ok_or("done without a move")?;
            let text = hub_numbering(G::VARIANT, text.trim_matches('"'));
            let mv = parse_move(&pos, &text).map_err(|e| e.to_string())?;
            self.moves.push(Self::move_text(&pos, &mv));
            self.known = pos.play(&mv);
            return Ok(mv);
        }
    }
}

impl<G: Game> Player<G> for HubEngine<G> {
    fn new_game(&mut self, game: &GameStart<G>) {
        self.start = Some(game.start);
        self.known = game.start;
        self.moves.clear();
        if let Err(e) = self.send("new-game") {
            log::warn!("hub engine: {e}");
        }
    }

    fn choose(&mut self, record: &Record<G>, _: &[u64], clock: ClockState) -> Option<G::Move> {
        let thought = self.think(record, clock);
        thought
            .map_err(|e| {
                log::warn!("hub engine: {e}");
                self.failure = Some(format!("hub engine: {e}"));
            })
            .ok()
    }

    fn failure(&self) -> Option<String> {
        self.failure.clone()
    }
}

impl<G: Game> Drop for HubEngine<G> {
    fn drop(&mut self) {
        let _ = self.send("quit");
        for _ in 0..20 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
