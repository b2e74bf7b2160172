//! One Hub session for one variant, from `init` until `quit`, end of
//! input, or a parameter change that needs a new session (variant,
//! threads, table size).

use super::squares::convert;
use super::{
    Line, Out, Params, announce, parse_position, readable, set_param, variant_names, write,
};
use crate::book::{next_random, random_seed};
use crate::engine::{self, Config, EgtbSettings, Engine, Job, Opening};
use crate::eval::Evaluate;
use crate::notation::movetext::{hub_move, parse_move};
use crate::search::score::{Standing, standing};
use crate::search::{Answer, Clock, Control, Info, Limits, Outcome, line_text};
use crossbeam_channel::{Receiver, Sender, select};
use std::io::Write;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// Why a session ended.
pub enum Exit {
    /// `quit` or end of input.
    Quit,
    /// Parameters changed that need a new session; the line that needs
    /// it, if any, is to be handled by the next session.
    Reconfigure(Option<String>, Params),
}

/// What `go` asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Think,
    Ponder,
    Analyze,
}

/// A search in progress.
struct Running<G: Evaluate> {
    control: Arc<Control>,
    /// The answer, taken here at `stop` when the search thread has not
    /// sent it yet.
    answer: Answer<G>,
    handle: JoinHandle<()>,
    mode: Mode,
    infinite: bool,
    /// The GUI sent `stop`.
    stop_sent: bool,
    /// The search ended before the GUI may hear of it (pondering or
    /// infinite analysis): `done` waits for `ponder-hit` or `stop`.
    held: Option<Outcome<G::Move>>,
    root: G,
}

/// Both ends of a channel from the search thread.
type Channel<T> = (Sender<T>, Receiver<T>);

pub struct Session<'a, G: Evaluate, W: Write> {
    params: Params,
    out: &'a mut Out<W>,
    engine: Arc<Engine>,
    pos: G,
    /// Hashes of the positions from the `pos` line's start to `pos`.
    history: Vec<u64>,
    /// Why the last `pos` was refused: `go` refuses until a good one.
    bad_position: Option<String>,
    limits: Option<Limits>,
    running: Option<Running<G>>,
    infos: Channel<Info<G::Move>>,
    dones: Channel<Outcome<G::Move>>,
    rng: u64,
    /// The book (`book-file`, or the shipped one), read at the first
    /// `go think` that may use it.
    book: Opening<G>,
}

impl<'a, G: Evaluate, W: Write> Session<'a, G, W> {
    pub fn new(params: &Params, out: &'a mut Out<W>) -> Self {
        let pos = G::start();
        let engine = engine_for(params);
        let mut params = params.clone();
        if engine.table_bits() < params.tt_size {
            let e = format!(
                "tt-size {} cannot be allocated: using {}",
                params.tt_size,
                engine.table_bits()
            );
            out.error(&e);
            params.tt_size = engine.table_bits();
        }
        Session {
            book: Opening::new(&params.book_file),
            params,
            out,
            engine: Arc::new(engine),
            pos,
            history: vec![pos.hash()],
            bad_position: None,
            limits: None,
            running: None,
            infos: crossbeam_channel::unbounded(),
            dones: crossbeam_channel::unbounded(),
            rng: random_seed(),
        }
    }

    /// Handle lines until the session ends; `first` is a line already
    /// read (none when the session starts with `init`).
    pub fn run(mut self, lines: &Receiver<String>, first: Option<String>) -> Exit {
        match first {
            Some(text) => {
                if let Some(exit) = self.handle(&text) {
                    return exit;
                }
            }
            None => self.out.send("ready".into()),
        }
        loop {
            select! {
                recv(lines) -> text => match text {
                    Ok(text) => {
                        log::debug!("hub << {text}");
                        if let Some(exit) = self.handle(&text) {
                            return exit;
                        }
                    }
                    Err(_) => {
                        self.abort();
                        return Exit::Quit;
                    }
                },
                recv(self.infos.1) -> info => if let Ok(info) = info {
                    self.info(info);
                },
                recv(self.dones.1) -> done => if let Ok(done) = done {
                    self.finished(done);
                },
            }
        }
    }

    /// One line from the GUI.
    fn handle(&mut self, text: &str) -> Option<Exit> {
        let line = readable(self.out, text)?;
        match line.command.as_str() {
            "hub" => announce(self.out, &self.params),
            "init" => self.out.send("ready".into()),
            "ping" => self.out.send("pong".into()),
            "quit" => {
                self.abort();
                return Some(Exit::Quit);
            }
            "set-param" => {
                let mut p = self.params.clone();
                set_param(self.out, &mut p, &line);
                let rebuild = p.variant != self.params.variant
                    || p.threads != self.params.threads
                    || p.tt_size != self.params.tt_size
                    || (&p.egtb_path, p.egtb_pieces)
                        != (&self.params.egtb_path, self.params.egtb_pieces);
                if rebuild {
                    // the running search's `go` still gets its `done`
                    self.conclude();
                    return Some(Exit::Reconfigure(None, p));
                }
                if p.book_file != self.params.book_file {
                    self.book = Opening::new(&p.book_file);
                }
                self.params = p;
            }
            "new-game" => {
                if self.running.is_none() {
                    self.engine.clear();
                }
            }
            "pos" => self.position(&line),
            "level" => match level(&line) {
                Ok(limits) => self.limits = Some(limits),
                Err(e) => self.out.error(&format!("{e}; the level is unchanged")),
            },
            "go" => self.go(&line),
            "ponder-hit" => self.ponder_hit(),
            "stop" => self.stop(),
            other => {
                let shown: String = other.chars().take(40).collect();
                log::warn!("unknown command '{shown}' ignored");
            }
        }
        None
    }

    /// `pos pos=.. [moves=".."]` or `pos start`.
    fn position(&mut self, line: &Line) {
        self.conclude();
        self.limits = None;
        match self.read_position(line) {
            Ok((pos, history)) => {
                self.pos = pos;
                self.history = history;
                self.bad_position = None;
            }
            Err(e) => {
                self.out.error(&e);
                self.bad_position = Some(e);
            }
        }
    }

    /// The position of a `pos` line and the hashes of the game to it.
    fn read_position(&self, line: &Line) -> Result<(G, Vec<u64>), String> {
        let base = match (line.get("pos"), line.has("start")) {
            (Some(text), _) => {
                parse_position::<G>(text).map_err(|e| format!("bad position: {e}"))?
            }
            (None, true) => G::start(),
            (None, false) => return Err("bad position: pos needs pos=... or start".into()),
        };
        let mut pos = base;
        let mut history = vec![base.hash()];
        for text in line.get("moves").unwrap_or("").split_whitespace() {
            match parse_move(&pos, &convert(G::VARIANT, text)) {
                Ok(mv) => {
                    pos = pos.play(&mv);
                    history.push(pos.hash());
                }
                Err(e) => return Err(format!("illegal move '{text}': {e}")),
            }
        }
        Ok((pos, history))
    }

    /// `go think|ponder|analyze [multipv=k]`.
    fn go(&mut self, line: &Line) {
        self.conclude();
        if let Some(unsupported) = &self.params.unsupported_variant {
            let names = variant_names();
            let e = format!("variant '{unsupported}' is not supported: set one of {names}");
            return self.out.error(&e);
        }
        if let Some(why) = &self.bad_position {
            let e = format!("no position to search ({why}): send a valid pos");
            return self.out.error(&e);
        }
        let mode = if line.has("ponder") {
            Mode::Ponder
        } else if line.has("analyze") {
            Mode::Analyze
        } else {
            Mode::Think
        };
        if self.pos.count_moves() == 0 {
            return self.out.error("no legal move");
        }
        if mode == Mode::Think && self.params.book && self.book_move() {
            self.limits = None;
            return;
        }
        if self.limits.is_none() && mode == Mode::Think {
            static TOLD: std::sync::Once = std::sync::Once::new();
            TOLD.call_once(|| log::warn!("no level: go think plays on a 30 s clock"));
        }
        let mut limits = self.limits.take().unwrap_or(match mode {
            Mode::Think => Limits {
                clock: Some(Clock {
                    time: Duration::from_secs(30),
                    ..Clock::default()
                }),
                ..Limits::default()
            },
            Mode::Ponder | Mode::Analyze => Limits {
                infinite: true,
                ..Limits::default()
            },
        });
        let mut lines = line
            .get("multipv")
            .and_then(|v| v.parse::<usize>().ok())
            .unwrap_or(1)
            .clamp(1, 64);
        if self.params.skill < 10 && mode != Mode::Analyze {
            let cap = self.params.skill as i32 * 2;
            limits.depth = Some(limits.depth.map_or(cap, |d| d.min(cap)));
            lines = lines.max(4);
        }
        let control = Arc::new(Control::new(mode == Mode::Ponder));
        let pos = self.pos;
        let job = Job {
            pos,
            history: self.history.clone(),
            limits,
            lines,
            control: control.clone(),
            info: self.infos.0.clone(),
            done: self.dones.0.clone(),
        };
        match engine::start(&self.engine, job) {
            Ok((answer, handle)) => {
                self.running = Some(Running {
                    control,
                    answer,
                    handle,
                    mode,
                    infinite: limits.infinite,
                    stop_sent: false,
                    held: None,
                    root: pos,
                })
            }
            Err(e) => {
                log::error!("cannot start the search thread: {e}");
                self.out.error("cannot start the search");
            }
        }
    }

    /// Answer `go think` from the book when the position is in it (below
    /// `book-ply`): an `info` line marked `book=true`, then `done`.
    fn book_move(&mut self) -> bool {
        let random = next_random(&mut self.rng);
        let (ply, margin) = (self.params.book_ply, self.params.book_margin as i32);
        let (mv, score) = match self.book.probe(&self.pos, ply, margin, random) {
            Ok(Some(found)) => found,
            Ok(None) => return false,
            Err(e) => {
                log::error!("book: {e}");
                self.out.error(&format!("book: {e}"));
                return false;
            }
        };
        let text = hub_text(&self.pos, &mv);
        let info = [
            ("depth", "0".to_string()),
            ("score", hub_score(score)),
            ("pv", text.clone()),
            ("book", "true".to_string()),
        ];
        self.out.send(write("info", &info));
        self.out.send(write("done", &[("move", text)]));
        true
    }

    fn ponder_hit(&mut self) {
        let Some(run) = &mut self.running else { return };
        run.control.ponder_hit();
        if run.held.is_some() && !run.infinite {
            self.release();
        }
    }

    fn stop(&mut self) {
        let Some(run) = &mut self.running else { return };
        run.stop_sent = true;
        run.control.stop();
        if run.held.is_some() {
            return self.release();
        }
        // answered here, or else by the search thread on `dones`
        if let Some(outcome) = run.answer.take() {
            self.finished(outcome);
        }
    }

    /// Stop the running search, if any, and send its `done` at once: every
    /// `go` gets exactly one, even when another `go` or `pos` cuts it short.
    fn conclude(&mut self) {
        let Some(run) = &mut self.running else { return };
        run.stop_sent = true;
        run.control.stop();
        if run.held.is_some() {
            return self.release();
        }
        if let Some(outcome) = run.answer.take() {
            return self.finished(outcome);
        }
        // the answer the search thread sent, or its end without one
        let answer = loop {
            match self.dones.1.recv_timeout(Duration::from_millis(20)) {
                Ok(outcome) => break Some(outcome),
                Err(_) if run.handle.is_finished() => break self.dones.1.try_recv().ok(),
                Err(_) => {}
            }
        };
        match answer {
            Some(outcome) => self.finished(outcome),
            None => {
                self.running = None;
                self.out.error("the search ended without an answer");
            }
        }
    }

    /// Stop a search whose answer nobody wants and forget its reports.
    fn abort(&mut self) {
        if let Some(run) = self.running.take() {
            run.control.stop();
            let _ = run.handle.join();
            while self.infos.1.try_recv().is_ok() {}
            while self.dones.1.try_recv().is_ok() {}
        }
    }

    /// An `info` line for one finished iteration line.
    fn info(&mut self, info: Info<G::Move>) {
        let Some(run) = &self.running else { return };
        let pv = line_text(&run.root, &info.pv, hub_text::<G>).join(" ");
        let secs = info.time.as_secs_f64();
        let mut args = vec![
            ("depth", info.depth.to_string()),
            ("score", hub_score(info.score)),
            ("nodes", info.nodes.to_string()),
            ("time", format!("{secs:.3}")),
            (
                "nps",
                format!("{:.2}", info.nodes as f64 / secs.max(1e-6) / 1e6),
            ),
            ("pv", pv),
        ];
        if info.line > 1 {
            args.push(("multipv", info.line.to_string()));
        }
        if info.tbhits > 0 {
            args.push(("tbhits", info.tbhits.to_string()));
        }
        self.out.send(write("info", &args));
    }

    /// The search thread ended.
    fn finished(&mut self, outcome: Outcome<G::Move>) {
        while let Ok(info) = self.infos.1.try_recv() {
            self.info(info);
        }
        let Some(run) = &mut self.running else { return };
        let hold = !run.stop_sent
            && (run.infinite || (run.mode == Mode::Ponder && run.control.pondering()));
        run.held = Some(outcome);
        if !hold {
            self.release();
        }
    }

    /// Send `done` for the finished search.
    fn release(&mut self) {
        // the search thread ends by itself (its threads are counted by
        // the engine, and the next search waits for them)
        let Some(run) = self.running.take() else {
            return;
        };
        let Some(outcome) = run.held else { return };
        let Some(best) = self.choose(&outcome) else {
            return self.out.error("no legal move");
        };
        let mut args = vec![("move", hub_text(&run.root, &best))];
        if let Some(p) = outcome.ponder.filter(|_| Some(best) == outcome.best) {
            args.push(("ponder", hub_text(&run.root.play(&best), &p)));
        }
        self.out.send(write("done", &args));
    }

    /// The move to play: the best, or at a lower skill a random one among
    /// the lines not much worse.
    fn choose(&mut self, outcome: &Outcome<G::Move>) -> Option<G::Move> {
        let best = outcome.best?;
        if self.params.skill >= 10 || outcome.lines.len() < 2 {
            return Some(best);
        }
        let margin = (10 - self.params.skill as i32) * 25;
        let top = outcome.lines[0].1;
        let near: Vec<G::Move> = outcome
            .lines
            .iter()
            .filter(|(_, s)| *s >= top - margin)
            .map(|(m, _)| *m)
            .collect();
        near.get((next_random(&mut self.rng) % near.len().max(1) as u64) as usize)
            .copied()
            .or(Some(best))
    }
}

/// The engine `params` ask for, with the endgame databases of
/// `egtb-path` that `egtb-pieces` asks for (by default the largest set
/// found, nothing built).
fn engine_for(params: &Params) -> Engine {
    let dir = (!params.egtb_path.is_empty()).then(|| params.egtb_path.clone().into());
    Engine::new(&Config {
        egtb: Some(EgtbSettings::limited(
            params.variant,
            dir,
            params.egtb_pieces,
        )),
        ..Config::new(params.threads, params.tt_size)
    })
}

/// The Hub text of a legal move, in the numbering Hub uses for `G`.
fn hub_text<G: Evaluate>(pos: &G, mv: &G::Move) -> String {
    convert(G::VARIANT, &hub_move(pos, mv))
}

/// A score in men as Hub writes it (a number: the protocol's `score` is a
/// real): a win the search found in `n` plies is `100 - n/100`, the
/// convention pydraughts reads as a win; a win the endgame databases
/// prove, its distance unknown, is `90.00` (as Scan writes its bitbase
/// wins, below every found win); a loss is the negative.
pub fn hub_score(score: i32) -> String {
    let men = match standing(score) {
        Standing::Win(Some(p)) => (10_000 - p) as f64 / 100.0,
        Standing::Loss(Some(p)) => -(10_000 - p) as f64 / 100.0,
        Standing::Win(None) => DATABASE_WIN,
        Standing::Loss(None) => -DATABASE_WIN,
        Standing::Eval(s) => s as f64 / 100.0,
    };
    format!("{men:.2}")
}

/// The Hub score of a database win, in men.
const DATABASE_WIN: f64 = 90.0;

/// The limits of a `level` line, or what is wrong with one of its fields.
fn level(line: &Line) -> Result<Limits, String> {
    let field = |name: &str| line.get(name).filter(|v| !v.is_empty());
    let secs = |name: &str, least: f64| -> Result<Option<Duration>, String> {
        let Some(v) = field(name) else {
            return Ok(None);
        };
        match v.parse::<f64>() {
            Ok(s) if s.is_finite() && s >= least => Ok(Some(Duration::from_secs_f64(s.min(1e9)))),
            _ => Err(format!(
                "bad {name}={v}: a number of seconds, at least {least}"
            )),
        }
    };
    let int = |name: &str, range: std::ops::RangeInclusive<u64>| -> Result<Option<u64>, String> {
        let Some(v) = field(name) else {
            return Ok(None);
        };
        match v.parse::<u64>() {
            Ok(n) if range.contains(&n) => Ok(Some(n)),
            _ => Err(format!(
                "bad {name}={v}: a whole number from {} to {}",
                range.start(),
                range.end()
            )),
        }
    };
    let increment = secs("inc", 0.0)?.unwrap_or_default();
    let time = secs("time", 0.0)?;
    let moves = int("moves", 0..=1000)?;
    let clock = (line.has("time") || line.has("moves") || line.has("inc")).then(|| Clock {
        time: time.unwrap_or(Duration::from_secs(30)) + increment,
        increment,
        moves: moves.unwrap_or(0) as u32,
    });
    Ok(Limits {
        depth: int("depth", 1..=120)?.map(|d| d as i32),
        nodes: int("nodes", 1..=u64::MAX)?,
        move_time: secs("move-time", 0.001)?,
        clock,
        infinite: line.has("infinite"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::egtb::{Wdl, search_score};
    use crate::protocol::hub::parse;
    use crate::search::score::MATE;

    #[test]
    fn scores_and_levels() {
        assert_eq!(hub_score(-12), "-0.12");
        assert_eq!(hub_score(MATE - 3), "99.97");
        assert_eq!(hub_score(-MATE + 4), "-99.96");
        assert_eq!(hub_score(search_score(Wdl::Win, 5)), "90.00");
        assert_eq!(hub_score(search_score(Wdl::Loss, 6)), "-90.00");
        let level = |text: &str| level(&parse(text).unwrap());
        let c = level("level moves=9 time=291.5 inc=1")
            .unwrap()
            .clock
            .unwrap();
        assert_eq!((c.moves, c.time), (9, Duration::from_secs_f64(292.5)));
        assert!(level("level infinite").unwrap().infinite);
        for bad in [
            "depth=x",
            "depth=-5",
            "depth=0",
            "move-time=-1",
            "nodes=0",
            "time=nan",
        ] {
            assert!(level(&format!("level {bad}")).is_err(), "{bad}");
        }
    }
}
