//! Engine-against-engine matches (`dam match`): every opening played twice
//! with colours reversed, each side a `Player` (dam's search, a Hub engine
//! command, or a remote DXP peer), on a game clock or a time per move,
//! adjudicated by the variant's rules, a ply limit and optionally the
//! endgame databases; each finished game goes to the caller at once (the
//! PDN log), then the score and Elo.

pub mod book_player;
pub mod concurrent;
pub mod elo;
pub mod hub;
pub mod pdn_log;
pub mod remote;
pub mod search;

use crate::egtb::Adjudicator;
use crate::protocol::dxp::{ClockState, GameStart, Player};
use crate::rules::record::Record;
use crate::rules::{Color, Game, MoveList, Outcome};
use elo::Tally;
use std::time::{Duration, Instant};

/// How the games of a match are played.
#[derive(Clone, Debug)]
pub struct MatchSettings {
    /// Minutes per player for `moves` moves (0: the whole game; past them
    /// the time left is for the rest of the game), as DXP carries them.
    pub minutes: u16,
    pub moves: u16,
    /// A fixed time per move instead of the game clock.
    pub move_time: Option<Duration>,
    /// Plies after which a game is adjudicated: a draw, or by material
    /// with `by_material`.
    pub max_plies: usize,
    /// At `max_plies`, a side two men ahead (a king counts three) wins.
    pub by_material: bool,
    /// Endgame databases that end a game once it reaches a position they
    /// cover, with their result.
    pub adjudicator: Option<Adjudicator>,
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct Finished<G: Game> {
    /// 1-based.
    pub round: usize,
    /// Which player (0 or 1) had White.
    pub white: usize,
    pub start: G,
    pub moves: Vec<G::Move>,
    /// `None`: no result (the game was abandoned).
    pub outcome: Option<Outcome>,
    pub termination: String,
}

/// How a match ended.
#[derive(Clone, Debug)]
pub struct MatchEnd {
    /// The finished games' score.
    pub tally: Tally,
    /// Why the match stopped early: a player that failed (the game it
    /// failed in is not counted).
    pub aborted: Option<String>,
}

/// Play every opening twice, colours reversed; `on_game` gets each game as
/// it finishes and may stop the match by returning false. A player that
/// fails stops the match.
pub fn play_match<G: Game>(
    players: &mut [&mut dyn Player<G>; 2],
    openings: &[G],
    settings: &MatchSettings,
    mut on_game: impl FnMut(&Finished<G>, &Tally) -> bool,
) -> MatchEnd {
    let mut tally = Tally::default();
    let mut round = 0;
    for start in openings {
        for white in [0, 1] {
            round += 1;
            let game = play_game(players, *start, white, settings, round);
            if let Some(why) = players.iter().find_map(|p| p.failure()) {
                let aborted = Some(format!("game {round}: {why}"));
                return MatchEnd { tally, aborted };
            }
            tally.add(game.outcome.map(|o| points_of_first(o, white)));
            if !on_game(&game, &tally) {
                return MatchEnd {
                    tally,
                    aborted: None,
                };
            }
        }
    }
    MatchEnd {
        tally,
        aborted: None,
    }
}

/// The points of player 0 for `outcome` when player `white` had White.
fn points_of_first(outcome: Outcome, white: usize) -> f64 {
    let first = if white == 0 {
        Color::White
    } else {
        Color::Black
    };
    match outcome {
        Outcome::Draw => 0.5,
        Outcome::Win(c) if c == first => 1.0,
        Outcome::Win(_) => 0.0,
    }
}

/// One game from `start`, player `white` with White.
pub fn play_game<G: Game>(
    players: &mut [&mut dyn Player<G>; 2],
    start: G,
    white: usize,
    settings: &MatchSettings,
    round: usize,
) -> Finished<G> {
    let seat = |color: Color| {
        if color == Color::White {
            white
        } else {
            1 - white
        }
    };
    for (i, player) in players.iter_mut().enumerate() {
        let ours = if i == white {
            Color::White
        } else {
            Color::Black
        };
        player.new_game(&GameStart {
            start,
            ours,
            minutes: settings.minutes,
            moves: settings.moves,
        });
    }
    let mut record = Record::new(start);
    let mut history = vec![start.hash()];
    let mut moves = Vec::new();
    // a player that keeps the game clock (a DXP peer) is not held to a
    // time a move
    let per_move = [Color::White, Color::Black].map(|c| !players[seat(c)].keeps_game_clock());
    let mut clock = GameClock::new(settings, per_move);
    let (outcome, termination) = loop {
        if let Some(end) = record.game_end() {
            break (Some(end.outcome), end.reason);
        }
        if moves.len() >= settings.max_plies {
            break ply_limit(record.position(), moves.len(), settings.by_material);
        }
        let pos = *record.position();
        if let Some(end) = settings.adjudicator.as_ref().and_then(|a| a.verdict(&pos)) {
            break (Some(end.outcome), end.reason);
        }
        let side = pos.side_to_move();
        let started = Instant::now();
        let chosen = players[seat(side)].choose(&record, &history, clock.state(side));
        let loss = Some(Outcome::Win(side.flip()));
        let Some(mv) = chosen else {
            if let Some(end) = players[seat(side)].ended_game() {
                break end;
            }
            if let Some(why) = players[seat(side)].failure() {
                break (None, why);
            }
            break (loss, format!("{side:?} gave no move"));
        };
        let mut legal = MoveList::new();
        pos.generate(&mut legal);
        if !legal.contains(&mv) {
            break (loss, format!("{side:?} played an illegal move"));
        }
        if !clock.spend(side, started.elapsed()) {
            break (loss, format!("{side:?} lost on time"));
        }
        record.play(&mv);
        history.push(record.position().hash());
        moves.push(mv);
    };
    for player in players.iter_mut() {
        player.game_over(&record, outcome);
    }
    Finished {
        round,
        white,
        start,
        moves,
        outcome,
        termination,
    }
}

/// Material in men (a king counts three) a side needs to be ahead by to
/// win a game adjudicated by material.
const MATERIAL_LEAD: i32 = 2;

/// The result of a game that reached the ply limit: a draw, or with
/// `by_material` a win for a side `MATERIAL_LEAD` men ahead (a variant
/// without a bitboard view of its sides, a draw).
fn ply_limit<G: Game>(pos: &G, plies: usize, by_material: bool) -> (Option<Outcome>, String) {
    let material = |color| pos.side_view(color).map(|(s, _, _)| s.units());
    if by_material
        && let (Some(white), Some(black)) = (material(Color::White), material(Color::Black))
    {
        let lead = white - black;
        let why = format!("adjudicated by material after {plies} plies ({white} to {black})");
        return match lead {
            l if l >= MATERIAL_LEAD => (Some(Outcome::Win(Color::White)), why),
            l if l <= -MATERIAL_LEAD => (Some(Outcome::Win(Color::Black)), why),
            _ => (Some(Outcome::Draw), why),
        };
    }
    let why = format!("adjudicated a draw after {plies} plies");
    (Some(Outcome::Draw), why)
}

/// Both sides' clocks.
struct GameClock {
    total: Option<Duration>,
    move_time: Option<Duration>,
    /// Per side: whether `move_time` applies to it (else the game clock).
    per_move: [bool; 2],
    moves: u16,
    used: [Duration; 2],
    played: [u32; 2],
}

/// Time past the clock that is not yet a loss (process and network lag).
const GRACE: Duration = Duration::from_secs(1);

impl GameClock {
    /// The clocks of `settings`; `per_move[side]`: whether its time a move
    /// (if any) applies to that side.
    fn new(settings: &MatchSettings, per_move: [bool; 2]) -> GameClock {
        GameClock {
            total: (settings.minutes > 0)
                .then(|| Duration::from_secs(u64::from(settings.minutes) * 60)),
            move_time: settings.move_time,
            per_move,
            moves: settings.moves,
            used: [Duration::ZERO; 2],
            played: [0; 2],
        }
    }

    /// The move time, if it applies to `side`.
    fn move_time(&self, side: Color) -> Option<Duration> {
        self.move_time.filter(|_| self.per_move[side.index()])
    }

    fn state(&self, side: Color) -> ClockState {
        if let Some(t) = self.move_time(side) {
            return ClockState::PerMove(t);
        }
        let i = side.index();
        ClockState::Game {
            remaining: self.total.map_or(Duration::from_secs(3600), |t| {
                t.saturating_sub(self.used[i])
            }),
            // past the game's move count the time left is for the rest of
            // the game (sudden death), not for one more move
            moves_to_go: (self.moves > 0)
                .then(|| u32::from(self.moves).saturating_sub(self.played[i]))
                .filter(|&n| n > 0),
        }
    }

    /// Charge a move's time; false if the side is out of time.
    fn spend(&mut self, side: Color, time: Duration) -> bool {
        let i = side.index();
        self.used[i] += time;
        self.played[i] += 1;
        match (self.move_time(side), self.total) {
            (Some(t), _) => time <= t + GRACE,
            (None, Some(total)) => self.used[i] <= total + GRACE,
            (None, None) => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_counts_down_moves_then_turns_to_sudden_death() {
        let settings = MatchSettings {
            minutes: 1,
            moves: 2,
            move_time: None,
            max_plies: 100,
            by_material: false,
            adjudicator: None,
        };
        let mut clock = GameClock::new(&settings, [true; 2]);
        let game = |remaining, moves_to_go| ClockState::Game {
            remaining: Duration::from_secs(remaining),
            moves_to_go,
        };
        assert_eq!(clock.state(Color::White), game(60, Some(2)));
        assert!(clock.spend(Color::White, Duration::from_secs(10)));
        assert_eq!(clock.state(Color::White), game(50, Some(1)));
        assert!(clock.spend(Color::White, Duration::from_secs(10)));
        assert_eq!(clock.state(Color::White), game(40, None), "past the count");
        assert_eq!(clock.state(Color::Black), game(60, Some(2)));
        assert!(
            !clock.spend(Color::White, Duration::from_secs(42)),
            "out of time"
        );
    }

    #[test]
    fn a_side_that_keeps_the_game_clock_is_not_held_to_the_move_time() {
        let settings = MatchSettings {
            minutes: 1,
            moves: 75,
            move_time: Some(Duration::from_millis(750)),
            max_plies: 100,
            by_material: false,
            adjudicator: None,
        };
        let mut clock = GameClock::new(&settings, [true, false]);
        assert_eq!(
            clock.state(Color::White),
            ClockState::PerMove(Duration::from_millis(750))
        );
        assert_eq!(
            clock.state(Color::Black),
            ClockState::Game {
                remaining: Duration::from_secs(60),
                moves_to_go: Some(75)
            }
        );
        assert!(
            !clock.spend(Color::White, Duration::from_secs(3)),
            "0.75 s a move"
        );
        assert!(
            clock.spend(Color::Black, Duration::from_secs(3)),
            "a minute for 75"
        );
        assert_eq!(
            clock.state(Color::Black).remaining(),
            Duration::from_secs(57)
        );
    }

    #[test]
    fn the_ply_limit_is_a_draw_or_decided_by_two_men() {
        use crate::notation::fen::parse_fen;
        use crate::rules::removal::International;
        let fen = |text| parse_fen::<International>(text).unwrap();
        let start = International::start();
        assert_eq!(ply_limit(&start, 150, true).0, Some(Outcome::Draw));
        let two_up = fen("W:W31-50:B1-18");
        assert_eq!(
            ply_limit(&two_up, 150, true).0,
            Some(Outcome::Win(Color::White))
        );
        assert_eq!(ply_limit(&two_up, 150, false).0, Some(Outcome::Draw));
        let one_up = fen("W:W31-50:B1-19");
        assert_eq!(ply_limit(&one_up, 150, true).0, Some(Outcome::Draw));
        let king = fen("B:WK50,31-49:B1-20");
        assert_eq!(
            ply_limit(&king, 150, true).0,
            Some(Outcome::Win(Color::White)),
            "a king for a man is two men ahead"
        );
    }
}
