//! One `dam play` session: the loop that reads the player's lines, lets
//! the engine move when it is its turn, keeps the clocks, and carries out
//! every command (`command::HELP`). The engine plays its turns one after
//! the other; a line typed meanwhile is handled between two of its moves,
//! and the end of the input ends the session once the engine has no move
//! to make.

use super::PlayArgs;
use super::board::{Style, draw};
use super::clock::{Clocks, Expiry};
use super::command::{self, Command, Sides, Target};
use super::engine::{Engine, database_value};
use super::files;
use super::history::History;
use super::input::{self, Input};
use super::level::{DAMATH_CLOCK, Level};
use super::screen::Screen;
use super::setup::{self, Step};
use super::typed::{legal_list, read_move};
use crate::book::{next_random, random_seed};
use crate::cli::CliError;
use crate::cli::analyze::score_text;
use crate::eval::Evaluate;
use crate::matches::Finished;
use crate::matches::pdn_log::{MatchTags, game_text, result_text};
use crate::notation::display::color_name;
use crate::notation::fen::{parse_fen, points, write_fen};
use crate::notation::movetext::pdn_move;
use crate::rules::{Color, GameEnd, MoveList, Outcome, Setup};
use crate::search::default_threads;
use crate::variant::Variant;
use crossbeam_channel::Receiver;
use std::io::IsTerminal;
use std::path::PathBuf;

/// How far ahead (hundredths of a man) the engine may be and still accept
/// a draw.
const DRAW_MARGIN: i32 = 10;

/// The longest text read as a move (a capture of every piece on the
/// biggest board, written in full, is shorter).
const MAX_MOVE_TEXT: usize = 200;

/// Whether the session goes on.
#[derive(PartialEq, Eq)]
enum Flow {
    Go,
    Quit,
}

/// A file a game was loaded from, for `next` and `prev`.
struct Opened {
    path: PathBuf,
    game: usize,
    games: usize,
}

struct Session<G: Evaluate> {
    history: History<G>,
    engine: Engine,
    computer: Sides,
    clocks: Clocks,
    ponder: bool,
    style: Style,
    screen: Screen,
    names: [String; 2],
    opened: Option<Opened>,
    /// The position being set up, in set-up mode.
    setup: Option<Setup>,
    input: Receiver<Input>,
    /// The input has ended.
    ended: bool,
    dice: u64,
}

pub fn run<G: Evaluate>(args: &PlayArgs) -> Result<(), CliError> {
    let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let default_level = match G::VARIANT {
        Variant::Damath => DAMATH_CLOCK,
        _ => Level::Time(std::time::Duration::from_secs(1)),
    };
    let level = match &args.level {
        Some(text) => {
            let words: Vec<&str> = text.split_whitespace().collect();
            Level::parse(&words).map_err(CliError)?
        }
        None => default_level,
    };
    let start: G = match &args.fen {
        Some(fen) => parse_fen(fen).map_err(CliError::new)?,
        None => G::start(),
    };
    let mut session = Session {
        history: History::new(start),
        engine: Engine::new(args.threads.unwrap_or_else(default_threads), args.tt_size),
        computer: command::sides(&args.computer).map_err(CliError)?,
        clocks: Clocks::new(level),
        ponder: false,
        style: Style {
            unicode: !args.ascii && utf8_locale(),
            flipped: false,
            numbers: false,
            terminal,
        },
        screen: Screen::new(terminal),
        names: ["player".to_string(), "dam".to_string()],
        opened: None,
        setup: None,
        input: input::spawn(std::io::stdin()),
        ended: false,
        dice: random_seed(),
    };
    if let Some(path) = &args.pdn {
        session.load(path.clone(), args.game).map_err(CliError)?;
    }
    session.greet();
    session.run();
    Ok(())
}

impl<G: Evaluate> Session<G> {
    fn name(&self, color: Color) -> &'static str {
        color_name(G::VARIANT, color)
    }

    fn greet(&mut self) {
        let text = format!(
            "dam play: {}, level {}; the engine plays {}; 'help' lists the commands",
            G::VARIANT,
            self.clocks.level(),
            self.sides_text()
        );
        self.screen.say(&text);
        if !self.screen.terminal() {
            self.screen.print(&self.board_text());
        }
    }

    fn sides_text(&self) -> String {
        match (self.computer.white, self.computer.black) {
            (true, true) => "both sides".to_string(),
            (false, false) => "neither side".to_string(),
            (true, false) => self.name(Color::White).to_string(),
            (false, true) => self.name(Color::Black).to_string(),
        }
    }

    fn run(&mut self) {
        let input = self.input.clone();
        loop {
            let live = self.setup.is_none() && self.history.game_end().is_none();
            if live {
                self.clocks.start();
                if self.check_clock() {
                    continue;
                }
            }
            if live && self.engine_plays(self.history.position().side_to_move()) {
                self.screen.redraw(&self.board_text(), "dam is thinking...");
                self.engine_move();
                while let Ok(got) = input.try_recv() {
                    if self.handle(got) == Flow::Quit {
                        return;
                    }
                }
                continue;
            }
            if self.ended {
                return;
            }
            self.screen.redraw(&self.board_text(), &self.prompt());
            let got = if live && self.ponder && self.engine_plays_either() {
                let pos = self.history.position();
                self.engine.ponder(&pos, &self.history.hashes(), &input)
            } else {
                input.recv().unwrap_or(Input::End)
            };
            if live {
                self.check_clock();
            }
            if self.handle(got) == Flow::Quit {
                return;
            }
        }
    }

    fn engine_plays(&self, color: Color) -> bool {
        match color {
            Color::White => self.computer.white,
            Color::Black => self.computer.black,
        }
    }

    fn engine_plays_either(&self) -> bool {
        self.computer.white || self.computer.black
    }

    fn prompt(&self) -> String {
        match self.setup {
            Some(_) => "setup> ".to_string(),
            None => format!(
                "{} to move> ",
                self.name(self.history.position().side_to_move())
            ),
        }
    }

    /// One input event.
    fn handle(&mut self, got: Input) -> Flow {
        match got {
            Input::End => {
                self.ended = true;
                Flow::Go
            }
            Input::Line(line) if self.setup.is_some() => {
                self.setup_line(&line);
                Flow::Go
            }
            Input::Line(line) => match command::parse(&line) {
                Ok(c) => self.command(c),
                Err(e) => {
                    self.screen.say(&format!("error: {e}"));
                    Flow::Go
                }
            },
        }
    }

    fn command(&mut self, c: Command) -> Flow {
        match c {
            Command::Move(text) => self.human_move(&text),
            Command::Forced => self.forced(),
            Command::Go => {
                if self.refuse_when_over() {
                    return Flow::Go;
                }
                self.engine_move();
            }
            Command::Players(n) => {
                let side = self.history.position().side_to_move();
                self.computer = match n {
                    0 => Sides {
                        white: true,
                        black: true,
                    },
                    1 => Sides {
                        white: side == Color::Black,
                        black: side == Color::White,
                    },
                    _ => Sides {
                        white: false,
                        black: false,
                    },
                };
                self.say_sides();
            }
            Command::Computer(sides) => {
                self.computer = sides;
                self.say_sides();
            }
            Command::Level(level) => self.set_level(level),
            Command::Ponder(on) => {
                self.ponder = on;
                self.screen
                    .say(&format!("ponder {}", if on { "on" } else { "off" }));
            }
            Command::Undo => self.go_to(self.history.cursor().0.saturating_sub(1)),
            Command::Redo => self.go_to(self.history.cursor().0 + 1),
            Command::Goto(target) => {
                let ply = match target {
                    Target::Start => 0,
                    Target::End => self.history.cursor().1,
                    Target::Move(n) => self.history.ply_of_move(n),
                };
                self.go_to(ply);
            }
            Command::New => {
                self.restart(G::start());
                self.screen.say("new game");
            }
            Command::Resign => self.resign(),
            Command::Draw => self.draw_offer(),
            Command::Setup => {
                self.clocks.stop();
                self.setup = Some(self.history.position().to_setup());
                self.screen.say(setup::HELP);
            }
            Command::Moves => self.list_moves(),
            Command::Hint => self.hint(),
            Command::Analyze => return self.analyze_until_input(),
            Command::Fen(None) => self.screen.say(&write_fen(&self.history.position())),
            Command::Fen(Some(text)) => match parse_fen::<G>(&text) {
                Ok(pos) => {
                    self.restart(pos);
                    self.screen
                        .say(&format!("position set: {}", write_fen(&pos)));
                }
                Err(e) => self.screen.say(&format!("error: {e}")),
            },
            Command::Help => self.screen.say(command::HELP),
            Command::Board => {
                if !self.screen.terminal() {
                    self.screen.print(&self.board_text());
                }
            }
            Command::List => {
                let list = self.history.move_list();
                self.screen.say(if list.is_empty() {
                    "no moves yet"
                } else {
                    &list
                });
            }
            Command::Flip => self.style.flipped = !self.style.flipped,
            Command::Numbers(on) => self.style.numbers = on,
            Command::Ascii(on) => self.style.unicode = !on,
            Command::Save(path) => self.save(&path),
            Command::Load(path, n) => {
                if let Err(e) = self.load(PathBuf::from(path), n) {
                    self.screen.say(&format!("error: {e}"));
                }
            }
            Command::Next | Command::Prev => self.step_file(c == Command::Next),
            Command::Quit => return Flow::Quit,
        }
        Flow::Go
    }

    fn say_sides(&mut self) {
        let text = format!("the engine plays {}", self.sides_text());
        self.screen.say(&text);
    }

    fn set_level(&mut self, level: Level) {
        if matches!(level, Level::Damath { .. }) && G::VARIANT != Variant::Damath {
            self.screen
                .say("error: the Damath clock is for --variant damath");
            return;
        }
        self.clocks = Clocks::new(level);
        self.screen.say(&format!("level {level}"));
    }

    /// A new game from `start`, the engine keeping its sides.
    fn restart(&mut self, start: G) {
        self.history = History::new(start);
        self.clocks = Clocks::new(self.clocks.level());
        self.engine.clear();
        self.opened = None;
    }

    fn refuse_when_over(&mut self) -> bool {
        let Some(end) = self.history.game_end() else {
            return false;
        };
        let text = format!("the game is over ({}): undo, goto, new or load", end.reason);
        self.screen.say(&text);
        true
    }

    fn human_move(&mut self, text: &str) {
        if self.refuse_when_over() {
            return;
        }
        if text.len() > MAX_MOVE_TEXT {
            let text = format!("illegal move: a move is not {} characters long", text.len());
            self.screen.say(&text);
            return;
        }
        let pos = self.history.position();
        match read_move(&pos, text) {
            Ok(mv) => self.play(&mv, None),
            Err(e) => self.screen.say(&format!("illegal move: {e}")),
        }
    }

    fn forced(&mut self) {
        if self.history.game_end().is_some() {
            return;
        }
        let pos = self.history.position();
        let mut moves = MoveList::new();
        pos.generate(&mut moves);
        match moves.as_slice() {
            [mv] => self.play(mv, None),
            _ => {
                let text = format!("no forced move; legal moves: {}", legal_list(&pos));
                self.screen.say(&text);
            }
        }
    }

    /// Play `mv` on the board; `note` tells an engine move's score.
    fn play(&mut self, mv: &G::Move, note: Option<String>) {
        let pos = self.history.position();
        let (ply, _) = self.history.cursor();
        let first = usize::from(self.history.start().side_to_move() != G::start().side_to_move());
        let number = (ply + first) / 2 + 1;
        let dots = if (ply + first) % 2 == 0 { "." } else { "..." };
        let text = pdn_move(&pos, mv);
        self.clocks.moved(pos.side_to_move());
        self.history.play(mv);
        let note = note.map(|n| format!(" ({n})")).unwrap_or_default();
        self.screen.say(&format!("{number}{dots} {text}{note}"));
        self.announce_end();
    }

    fn announce_end(&mut self) {
        let Some(end) = self.history.game_end() else {
            return;
        };
        self.clocks.stop();
        let result = match end.outcome {
            Outcome::Win(color) => format!("{} wins", self.name(color)),
            Outcome::Draw => "draw".to_string(),
        };
        let text = format!(
            "game over: {result} ({}), {}",
            end.reason,
            result_text::<G>(Some(end.outcome))
        );
        self.screen.say(&text);
    }

    /// The engine plays the side to move.
    fn engine_move(&mut self) {
        let pos = self.history.position();
        let side = pos.side_to_move();
        let limits = self.clocks.limits(side);
        let level = self.clocks.level();
        let hashes = self.history.hashes();
        match self.engine.think(&pos, &hashes, &limits, level) {
            Some(choice) => {
                let note = format!(
                    "dam: score {} depth {}",
                    score_text(choice.score),
                    choice.depth
                );
                self.play(&choice.mv, Some(note));
                self.check_clock();
            }
            None => self.screen.say("the engine has no legal move"),
        }
    }

    /// Act on a clock that ran out for the side to move; whether one did.
    fn check_clock(&mut self) -> bool {
        let pos = self.history.position();
        let side = pos.side_to_move();
        let Some(expiry) = self.clocks.expired(side) else {
            return false;
        };
        match expiry {
            Expiry::Flag => {
                let reason = format!("{}'s time is up", self.name(side));
                self.end(Outcome::Win(side.flip()), reason);
            }
            Expiry::GameOver => {
                let [red, blue] = final_totals(&pos.to_setup());
                let reason = format!(
                    "the game clock ran out; final totals {} {} {} {}",
                    self.name(Color::White),
                    points(red),
                    self.name(Color::Black),
                    points(blue)
                );
                self.end(pos.repetition_outcome(), reason);
            }
            Expiry::MoveTime => {
                let mut moves = MoveList::new();
                pos.generate(&mut moves);
                if moves.is_empty() {
                    return false;
                }
                let mv = moves[(next_random(&mut self.dice) % moves.len() as u64) as usize];
                let text = format!(
                    "{}'s time for the move is up: a random move is played",
                    self.name(side)
                );
                self.screen.say(&text);
                self.play(&mv, None);
            }
        }
        true
    }

    fn end(&mut self, outcome: Outcome, reason: String) {
        self.history.end_by(GameEnd { outcome, reason });
        self.announce_end();
    }

    fn go_to(&mut self, ply: usize) {
        if self.history.goto(ply) {
            self.clocks.stop();
            let (at, len) = self.history.cursor();
            self.screen.say(&format!(
                "at ply {at} of {len}: {}",
                self.history.move_list()
            ));
        } else {
            self.screen.say("no move to go to");
        }
    }

    /// The player resigns: the side the engine does not play, else the
    /// side to move.
    fn resign(&mut self) {
        if self.refuse_when_over() {
            return;
        }
        let to_move = self.history.position().side_to_move();
        let side = if self.engine_plays(to_move) && !self.engine_plays(to_move.flip()) {
            to_move.flip()
        } else {
            to_move
        };
        let reason = format!("{} resigns", self.name(side));
        self.end(Outcome::Win(side.flip()), reason);
    }

    /// The engine answers a draw offer from its evaluation; between two
    /// players the draw is agreed.
    fn draw_offer(&mut self) {
        if self.refuse_when_over() {
            return;
        }
        let pos = self.history.position();
        let to_move = pos.side_to_move();
        let engine_side = match (
            self.engine_plays(to_move),
            self.engine_plays(to_move.flip()),
        ) {
            (false, false) => None,
            (true, false) => Some(to_move),
            _ => Some(to_move.flip()),
        };
        let accepted = match engine_side {
            None => true,
            Some(side) => {
                let out = self.engine.quick(&pos, &self.history.hashes(), 1);
                out.is_some_and(|out| {
                    let mine = if side == to_move {
                        out.score
                    } else {
                        -out.score
                    };
                    mine <= DRAW_MARGIN
                })
            }
        };
        if accepted {
            self.screen.say("the draw offer is accepted");
            self.end(Outcome::Draw, "draw agreed".to_string());
        } else {
            self.screen.say("the engine declines the draw");
        }
    }

    fn list_moves(&mut self) {
        let pos = self.history.position();
        let all = pos.count_moves() as usize;
        if all == 0 {
            self.screen.say("no legal move");
            return;
        }
        let Some(out) = self.engine.quick(&pos, &self.history.hashes(), all) else {
            return;
        };
        let mut lines = out.lines.clone();
        lines.sort_by_key(|(_, score)| std::cmp::Reverse(*score));
        let mut text = format!("{all} legal moves, best first (depth {}):", out.depth);
        for (mv, score) in &lines {
            let db = database_value(&pos, mv)
                .map(|v| format!("  database {v}"))
                .unwrap_or_default();
            text.push_str(&format!(
                "\n  {:<12} {:>8}{db}",
                pdn_move(&pos, mv),
                score_text(*score)
            ));
        }
        self.screen.say(&text);
    }

    fn hint(&mut self) {
        let pos = self.history.position();
        let out = self.engine.quick(&pos, &self.history.hashes(), 1);
        match out.and_then(|o| o.best.map(|mv| (mv, o.score))) {
            Some((mv, score)) => {
                let text = format!(
                    "hint: {} (score {})",
                    pdn_move(&pos, &mv),
                    score_text(score)
                );
                self.screen.say(&text);
            }
            None => self.screen.say("no legal move"),
        }
    }

    fn analyze_until_input(&mut self) -> Flow {
        let pos = self.history.position();
        if pos.count_moves() == 0 {
            self.screen.say("no legal move to analyze");
            return Flow::Go;
        }
        self.screen.say("analyzing; press Enter to stop");
        self.screen.redraw(&self.board_text(), "");
        let hashes = self.history.hashes();
        let board = self.board_text();
        let screen = &mut self.screen;
        let stopped_by = self.engine.analyze(&pos, &hashes, &self.input, |line| {
            screen.say(line);
            screen.redraw(&board, "");
        });
        self.screen.say("analysis stopped");
        // The line that stopped the analysis is the key pressed: spent.
        match stopped_by {
            Input::End => self.handle(Input::End),
            Input::Line(_) => Flow::Go,
        }
    }

    fn setup_line(&mut self, line: &str) {
        let Some(edited) = self.setup.as_mut() else {
            return;
        };
        match setup::step::<G>(edited, line) {
            Step::Edit(None) => {}
            Step::Edit(Some(message)) => self.screen.say(&message),
            Step::Board => {
                if !self.screen.terminal() {
                    self.screen.print(&self.board_text());
                }
            }
            Step::Help => self.screen.say(setup::HELP),
            Step::Cancel => {
                self.setup = None;
                self.screen.say("set-up cancelled");
            }
            Step::Done(pos) => {
                self.setup = None;
                self.restart(pos);
                let text = format!("position set: {}", write_fen(&pos));
                self.screen.say(&text);
                self.announce_end();
            }
        }
    }

    /// Append the game up to the board's position to a PDN file.
    fn save(&mut self, path: &str) {
        let end = self.history.game_end();
        let game = Finished {
            round: 1,
            white: 0,
            start: self.history.start(),
            moves: self.history.played().to_vec(),
            outcome: end.as_ref().map(|e| e.outcome),
            termination: end.map_or_else(|| "unterminated".to_string(), |e| e.reason),
        };
        let names = if self.opened.is_some() {
            self.names.clone()
        } else {
            let who = |engine: bool| if engine { "dam" } else { "player" }.to_string();
            [who(self.computer.white), who(self.computer.black)]
        };
        let tags = MatchTags {
            event: "dam play".to_string(),
            names,
            time_control: self.clocks.level().time_control(),
        };
        let text = game_text(&game, &tags);
        match files::append(std::path::Path::new(path), &text) {
            Ok(()) => self.screen.say(&format!("saved to {path}")),
            Err(e) => self.screen.say(&format!("error: {e}")),
        }
    }

    /// Open game `n` of `path`; the engine stops playing so the game can
    /// be stepped through and continued from any move.
    fn load(&mut self, path: PathBuf, n: usize) -> Result<(), String> {
        let loaded = files::load::<G>(&path, n)?;
        self.restart(loaded.start);
        for mv in &loaded.moves {
            self.history.play(mv);
        }
        self.names = loaded.names;
        self.computer = Sides {
            white: false,
            black: false,
        };
        let text = format!(
            "game {n} of {} ({} move{}): {} - {}; the engine plays neither side",
            loaded.games,
            loaded.moves.len(),
            if loaded.moves.len() == 1 { "" } else { "s" },
            self.names[0],
            self.names[1]
        );
        self.screen.say(&text);
        self.screen.say(&self.history.move_list());
        self.opened = Some(Opened {
            path,
            game: n,
            games: loaded.games,
        });
        self.announce_end();
        Ok(())
    }

    fn step_file(&mut self, forward: bool) {
        let Some(opened) = &self.opened else {
            self.screen.say("error: no file is open (load FILE)");
            return;
        };
        let n = if forward {
            opened.game + 1
        } else {
            opened.game.saturating_sub(1)
        };
        if n == 0 || n > opened.games {
            self.screen
                .say(&format!("no game {n} in {}", opened.path.display()));
            return;
        }
        if let Err(e) = self.load(opened.path.clone(), n) {
            self.screen.say(&format!("error: {e}"));
        }
    }

    /// The board and the status under it.
    fn board_text(&self) -> String {
        let (setup, marked) = match &self.setup {
            Some(setup) => (setup.clone(), Vec::new()),
            None => (self.history.position().to_setup(), self.last_squares()),
        };
        let mut out = draw(&setup, G::VARIANT, G::geometry(), &marked, self.style);
        let side = self.name(setup.side);
        match &self.setup {
            Some(_) => out.push_str(&format!("set-up mode, {side} to move\n")),
            None => {
                out.push_str(&format!("{side} to move"));
                if let Some((before, mv)) = self.history.last_move() {
                    out.push_str(&format!(", last move {}", pdn_move(&before, &mv)));
                }
                out.push('\n');
            }
        }
        if G::VARIANT == Variant::Damath {
            out.push_str(&format!(
                "score: {} {}, {} {}\n",
                self.name(Color::White),
                points(setup.score[0]),
                self.name(Color::Black),
                points(setup.score[1])
            ));
        }
        let names = [self.name(Color::White), self.name(Color::Black)];
        if let Some(clock) = self.clocks.text(setup.side, names) {
            out.push_str(&clock);
            out.push('\n');
        }
        out
    }

    /// The squares of the last move: start, landings and captures.
    fn last_squares(&self) -> Vec<u8> {
        let Some((before, mv)) = self.history.last_move() else {
            return Vec::new();
        };
        before
            .routes()
            .into_iter()
            .find(|(m, _)| *m == mv)
            .map(|(_, info)| std::iter::once(info.from).chain(info.path).collect())
            .unwrap_or_default()
    }
}

/// Whether the locale says the terminal shows UTF-8 (else the pieces are
/// drawn with ASCII letters).
fn utf8_locale() -> bool {
    ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .find_map(|name| std::env::var(name).ok().filter(|v| !v.is_empty()))
        .is_some_and(|v| {
            let v = v.to_ascii_lowercase();
            v.contains("utf-8") || v.contains("utf8")
        })
}

/// Damath's final totals (rules.md): each side's score plus the numbers
/// of its chips on the board, a Dama's twice; in hundredths.
fn final_totals(setup: &Setup) -> [i64; 2] {
    let mut totals = setup.score;
    for (column, number) in setup.squares.iter().zip(&setup.numbers) {
        if let ([piece], Some(n)) = (column.as_slice(), number) {
            let weight = if piece.king { 200 } else { 100 };
            totals[piece.color.index()] += i64::from(*n) * weight;
        }
    }
    totals
}
