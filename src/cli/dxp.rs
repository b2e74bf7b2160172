//! `dam dxp`: play over DamExchange as a TCP server (`--listen`, follower
//! by default), a TCP client (`--connect`, initiator by default) or over
//! stdin/stdout with one message a line (`--stdio`, follower by default).

use super::CliError;
use crate::book::load_shipped;
use crate::egtb::Adjudicator;
use crate::eval::Evaluate;
use crate::matches::book_player::BookPlayer;
use crate::matches::search::SearchPlayer;
use crate::notation::fen::parse_fen;
use crate::pdn::gametype::outcome_result;
use crate::protocol::dxp::server::serve;
use crate::protocol::dxp::{Link, Player, Role, Settings, Summary, run as run_session};
use crate::rules::Game;
use crate::variant::Variant;
use crate::with_variant;
use std::net::{TcpListener, TcpStream, ToSocketAddrs};
use std::time::Duration;

/// The protocol's address when `--listen` names none.
const DEFAULT_ADDR: &str = "127.0.0.1:27531";

#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("transport").required(true).args(["listen", "connect", "stdio"])))]
pub struct DxpArgs {
    /// The variant; both sides must start with the same one.
    #[arg(long, default_value = "international")]
    variant: Variant,
    /// Serve connections on ADDR:PORT, one game at a time.
    #[arg(long, value_name = "ADDR:PORT", num_args = 0..=1, default_missing_value = DEFAULT_ADDR)]
    listen: Option<String>,
    /// Connect to a DXP peer at HOST:PORT.
    #[arg(long, value_name = "HOST:PORT")]
    connect: Option<String>,
    /// Speak DXP on stdin/stdout, one message a line.
    #[arg(long)]
    stdio: bool,
    /// Send the game requests, whoever opened the connection.
    #[arg(long, conflicts_with = "follower")]
    initiator: bool,
    /// Answer game requests, whoever opened the connection.
    #[arg(long)]
    follower: bool,
    /// Initiator: games to play (colours alternate, dam White first).
    #[arg(long, default_value_t = 1)]
    games: u32,
    /// Initiator: thinking time per player, in minutes, for the --moves
    /// first moves.
    #[arg(long, value_name = "MIN", default_value_t = 2)]
    time: u16,
    /// Initiator: the moves the --time is for (0: the whole game); past
    /// them the time left is for the rest of the game. A clock, not a
    /// length of the game.
    #[arg(long, value_name = "N", default_value_t = 75)]
    moves: u16,
    /// Follower: refuse (code 2) a game request of more minutes than
    /// this. A peer's time for a whole game is its minutes plus
    /// --timeout (--timeout alone for a game without time).
    #[arg(long, value_name = "MIN", default_value_t = 120)]
    max_time: u16,
    /// --listen: the most connections served at once from one address
    /// (of 64 in all); more are closed at once.
    #[arg(long, value_name = "N", default_value_t = 8,
          value_parser = clap::value_parser!(u16).range(1..=64))]
    max_per_address: u16,
    /// Initiator: start the games from this position.
    #[arg(long)]
    fen: Option<String>,
    /// The name sent to the peer.
    #[arg(long, default_value = concat!("dam ", env!("CARGO_PKG_VERSION")))]
    name: String,
    /// Settings of dam's search: `depth=N,threads=N,hash=BITS,egtb=N,book=true`.
    #[arg(long, default_value = "")]
    search: String,
    /// The longest wait for the peer, in seconds; with --listen, a
    /// connection that starts no game is closed after 30 s, or after this
    /// if shorter.
    #[arg(long, value_name = "SECONDS", default_value_t = 300,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    timeout: u64,
    #[command(flatten)]
    egtb: EgtbAdjudication,
}

/// Ending games by the endgame databases (`dam dxp`, `dam match`).
#[derive(clap::Args, Debug)]
pub struct EgtbAdjudication {
    /// End a game once it reaches a position of the endgame databases of
    /// up to this many pieces, with their result (0: never; the sets of up
    /// to 4 pieces are built on first use).
    #[arg(long, value_name = "PIECES", default_value_t = 0)]
    adjudicate_egtb: u32,
    /// Endgame database directory (default: $DAM_EGTB_DIR, else the
    /// user's cache).
    #[arg(long, value_name = "DIR")]
    egtb_dir: Option<std::path::PathBuf>,
}

impl EgtbAdjudication {
    pub fn adjudicator(&self, variant: Variant) -> Result<Option<Adjudicator>, CliError> {
        Adjudicator::from_flags(variant, self.adjudicate_egtb, self.egtb_dir.as_deref())
            .map_err(CliError)
    }
}

pub fn run(args: &DxpArgs) -> Result<(), CliError> {
    with_variant!(args.variant, G => run_for::<G>(args))
}

fn run_for<G: Evaluate>(args: &DxpArgs) -> Result<(), CliError> {
    let start = match &args.fen {
        Some(fen) => Some(parse_fen::<G>(fen).map_err(CliError::new)?),
        None => None,
    };
    let initiator = args.initiator || (args.connect.is_some() && !args.follower);
    let settings = Settings {
        name: args.name.clone(),
        role: if initiator {
            Role::Initiator
        } else {
            Role::Follower
        },
        games: args.games,
        minutes: args.time,
        moves: args.moves,
        max_minutes: args.max_time,
        announce: args.listen.is_some(),
        start,
        timeout: Duration::from_secs(args.timeout.max(1)),
        adjudicator: args.egtb.adjudicator(args.variant)?,
    };
    let player = dam_player::<G>(&args.search)?;
    if let Some(addr) = &args.listen {
        let listener = TcpListener::bind(addr)
            .map_err(|e| CliError(format!("cannot listen on {addr}: {e}")))?;
        let local = listener.local_addr().map_err(CliError::new)?;
        eprintln!("dam dxp: listening on {local}");
        serve(
            listener,
            player,
            settings,
            usize::from(args.max_per_address),
        );
        return Ok(());
    }
    let mut link = match &args.connect {
        Some(addr) => Link::tcp(connect(addr, settings.timeout)?).map_err(CliError::new)?,
        None => Link::stdio(),
    };
    let mut player = player;
    report(run_session(&mut link, &mut player, &settings))
}

/// Connect to the first address `addr` resolves to that answers.
fn connect(addr: &str, timeout: Duration) -> Result<TcpStream, CliError> {
    let addrs = addr
        .to_socket_addrs()
        .map_err(|e| CliError(format!("cannot resolve {addr}: {e}")))?;
    let mut last = format!("{addr} resolves to no address");
    for a in addrs {
        match TcpStream::connect_timeout(&a, timeout) {
            Ok(stream) => return Ok(stream),
            Err(e) => last = format!("cannot connect to {a}: {e}"),
        }
    }
    Err(CliError(last))
}

/// One line per finished game on stderr; an early end is an error.
fn report<G: Game>(summary: Summary<G>) -> Result<(), CliError> {
    for (i, game) in summary.games.iter().enumerate() {
        let result = outcome_result(G::VARIANT, game.outcome);
        eprintln!(
            "dam dxp: game {}: {result} after {} plies, dam {:?}: {}",
            i + 1,
            game.moves.len(),
            game.ours,
            game.reason
        );
    }
    match summary.error {
        Some(e) => Err(CliError(format!("dxp: {e}"))),
        None => Ok(()),
    }
}

/// dam's own search as a player, with `settings` (`depth=N,threads=N,
/// hash=BITS,egtb=N,clock=1,book=BOOL`, empty for the defaults); with `book=true` it
/// plays from the variant's shipped opening book first.
pub(super) fn dam_player<G: Evaluate>(
    settings: &str,
) -> Result<Box<dyn Player<G> + Send>, CliError> {
    let (book, search): (Vec<&str>, Vec<&str>) = settings
        .split(',')
        .partition(|item| item.trim().starts_with("book="));
    let search = SearchPlayer::new(&search.join(","), G::VARIANT).map_err(CliError)?;
    let wanted = match book.last().map(|item| item.trim()) {
        None | Some("book=false") => false,
        Some("book=true") => true,
        Some(other) => return Err(CliError(format!("search setting '{other}': true or false"))),
    };
    if !wanted {
        return Ok(Box::new(search));
    }
    let book = load_shipped::<G>()
        .ok_or_else(|| CliError(format!("dam has no opening book for {}", G::VARIANT)))?;
    Ok(Box::new(BookPlayer::new(book, search)))
}
