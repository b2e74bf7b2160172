//! One `dam play` session: the loop that reads the player's lines, lets
//! the engine move when it is its turn, keeps the clocks, and carries out
//! every command (`command::HELP`). The engine plays its turns one after
//! the other; a line typed meanwhile is handled after its move, one line
//! per move, so a script's lines and the engine's replies interleave as
//! typed; the end of the input ends the session once the engine has no
//! move to make.

mod info;
mod position;
mod turns;
mod view;

use super::Options;
use super::board::Style;
use super::clock::Clocks;
use super::command::{self, Command, Sides, Target};
use super::engine::Engine;
use super::history::History;
use super::input::{self, Input};
use super::level::{DAMATH_CLOCK, Level};
use super::screen::{Screen, next_input};
use super::setup;
use crate::book::random_seed;
use crate::eval::Evaluate;
use crate::notation::fen::{parse_fen, write_fen};
use crate::rules::{Color, Setup};
use crate::search::default_threads;
use crate::variant::{Family, Variant};
use crossbeam_channel::Receiver;
use std::io::IsTerminal;
use std::path::PathBuf;
use view::utf8_locale;

/// How far ahead (hundredths of a man) the engine may be and still accept
/// a draw.
const DRAW_MARGIN: i32 = 10;

/// The longest text read as a move (a capture of every piece on the
/// biggest board, written in full, is shorter).
const MAX_MOVE_TEXT: usize = 200;

/// The most characters of the move list shown under the board.
const MOVES_SHOWN: usize = 70;

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

pub fn run<G: Evaluate>(args: &Options) -> Result<(), String> {
    let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let default_level = match G::VARIANT.family() {
        Family::Damath => DAMATH_CLOCK,
        Family::Removal | Family::Columns => Level::Time(std::time::Duration::from_secs(1)),
    };
    let level = match &args.level {
        Some(text) => {
            let words: Vec<&str> = text.split_whitespace().collect();
            Level::parse(&words)?
        }
        None => default_level,
    };
    let start: G = match &args.fen {
        Some(fen) => parse_fen(fen).map_err(|e| e.to_string())?,
        None => G::start(),
    };
    let mut session = Session {
        history: History::new(start),
        engine: Engine::new(
            G::VARIANT,
            args.threads.unwrap_or_else(default_threads),
            args.tt_size,
        ),
        computer: command::sides(&args.computer)?,
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
        session.load(path.clone(), args.game)?;
    }
    session.greet();
    session.run();
    Ok(())
}

impl<G: Evaluate> Session<G> {
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
                // One line typed meanwhile, then whose turn it is again.
                if let Ok(got) = input.try_recv()
                    && self.handle(got) == Flow::Quit
                {
                    return;
                }
                continue;
            }
            if self.ended {
                return;
            }
            let board = self.board_text();
            self.screen.redraw(&board, &self.prompt());
            let side = self.history.position().side_to_move();
            let names = [self.name(Color::White), self.name(Color::Black)];
            let ticking = (live && self.screen.terminal())
                .then(|| (&self.clocks, side, names, board.lines().count()));
            let wait = || next_input(&input, ticking);
            let got = if live && self.ponder && self.engine_plays_either() {
                let pos = self.history.position();
                self.engine.ponder(&pos, &self.history.hashes(), wait)
            } else {
                wait()
            };
            if live {
                self.check_clock();
            }
            if let Some(got) = got
                && self.handle(got) == Flow::Quit
            {
                return;
            }
        }
    }

    fn engine_plays(&self, color: Color) -> bool {
        self.computer.plays(color)
    }

    /// After the board changed under the player (take back, a new game):
    /// the player gets the side to move, and the engine plays the other
    /// side if it played the side not to move `before`, as in Scan, so that
    /// taking a move back never sets the engine thinking.
    fn player_to_move(&mut self, before: Color) {
        let engine = self.engine_plays(before.flip());
        let now = self.history.position().side_to_move();
        self.computer.set(now, false);
        self.computer.set(now.flip(), engine);
    }

    fn engine_plays_either(&self) -> bool {
        self.computer.white || self.computer.black
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
                if !self.refuse_when_over() {
                    let side = self.history.position().side_to_move();
                    self.computer.set(side, true);
                    self.computer.set(side.flip(), false);
                    self.say_sides();
                }
            }
            Command::Players(n) => {
                let side = self.history.position().side_to_move();
                self.computer.set(side, n == 2);
                self.computer.set(side.flip(), n >= 1);
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
                self.clocks.stop(self.history.position().side_to_move());
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
}
