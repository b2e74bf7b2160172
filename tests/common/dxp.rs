//! Shared by the DXP tests: a scripted peer that talks to dam over TCP or
//! over a child's stdin/stdout, with a timeout on every read, and a game
//! driver that checks every move dam sends against the rules.

use super::{Dam, command, lines};
use dam::notation::movetext::{dxp_move, find_dxp_move};
use dam::protocol::dxp::frame::{Frame, Framer};
use dam::protocol::dxp::{Message, parse};
use dam::rules::record::Record;
use dam::rules::{Color, Game, MoveList};
use std::io::{Read, Write};
use std::net::{Shutdown, TcpStream};
use std::process::Stdio;
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

/// The longest wait for one message from dam.
pub const WAIT: Duration = Duration::from_secs(20);

/// The other side of a DXP connection, played by the test.
pub struct Peer {
    out: Box<dyn Write + Send>,
    rx: Receiver<Vec<u8>>,
    framer: Framer,
    end: u8,
    pending: Vec<String>,
    socket: Option<TcpStream>,
}

impl Drop for Peer {
    /// Close the connection for real: the reader thread holds a clone.
    fn drop(&mut self) {
        if let Some(s) = &self.socket {
            let _ = s.shutdown(Shutdown::Both);
        }
    }
}

impl Peer {
    /// Connect over TCP, retrying while the server starts.
    pub fn connect(addr: &str) -> Peer {
        let deadline = Instant::now() + WAIT;
        let stream = loop {
            match TcpStream::connect(addr) {
                Ok(s) => break s,
                Err(e) if Instant::now() > deadline => panic!("connect {addr}: {e}"),
                Err(_) => thread::sleep(Duration::from_millis(50)),
            }
        };
        Peer::from_stream(stream)
    }

    /// Talk over an open connection.
    pub fn from_stream(stream: TcpStream) -> Peer {
        let input = stream.try_clone().unwrap();
        let mut peer = Peer::new(input, stream.try_clone().unwrap(), Framer::nul(), 0);
        peer.socket = Some(stream);
        peer
    }

    /// Talk one message a line over a child's pipes.
    pub fn lines(input: impl Read + Send + 'static, output: impl Write + Send + 'static) -> Peer {
        Peer::new(input, output, Framer::lines(), b'\n')
    }

    fn new(
        mut input: impl Read + Send + 'static,
        output: impl Write + Send + 'static,
        framer: Framer,
        end: u8,
    ) -> Peer {
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n @ 1..) = input.read(&mut buf) {
                if tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Peer {
            out: Box::new(output),
            rx,
            framer,
            end,
            pending: Vec::new(),
            socket: None,
        }
    }

    /// Send one message text with its end byte.
    pub fn send(&mut self, text: &str) {
        let mut bytes = text.as_bytes().to_vec();
        bytes.push(self.end);
        self.send_raw(&bytes);
    }

    /// Send bytes as they are (a broken peer). Errors are ignored: dam may
    /// have closed the connection already.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        let _ = self.out.write_all(bytes).and_then(|_| self.out.flush());
    }

    /// The next message text, or `None` if the connection closed or
    /// nothing came within `WAIT`.
    pub fn recv(&mut self) -> Option<String> {
        match self.poll(WAIT) {
            Polled::Message(text) => Some(text),
            Polled::Nothing | Polled::Closed => None,
        }
    }

    /// The next message text within `wait`, or what happened instead.
    pub fn poll(&mut self, wait: Duration) -> Polled {
        let deadline = Instant::now() + wait;
        while self.pending.is_empty() {
            let left = deadline.saturating_duration_since(Instant::now());
            let bytes = match self.rx.recv_timeout(left) {
                Ok(bytes) => bytes,
                Err(mpsc::RecvTimeoutError::Timeout) => return Polled::Nothing,
                Err(mpsc::RecvTimeoutError::Disconnected) => return Polled::Closed,
            };
            for frame in self.framer.push(&bytes) {
                if let Frame::Text(t) = frame {
                    self.pending.push(String::from_utf8_lossy(&t).into_owned());
                }
            }
        }
        Polled::Message(self.pending.remove(0))
    }

    /// The next message, which must start with `prefix`.
    pub fn expect(&mut self, prefix: &str) -> String {
        let got = self.recv();
        match got {
            Some(text) if text.starts_with(prefix) => text,
            other => panic!("expected {prefix}..., got {other:?}"),
        }
    }

    /// Whether dam closed the connection (within `WAIT`), skipping any
    /// messages still on the way.
    pub fn closed(&mut self) -> bool {
        for _ in 0..100 {
            if self.recv().is_none() {
                return true;
            }
        }
        false
    }
}

/// What `Peer::poll` saw.
#[derive(Debug, PartialEq, Eq)]
pub enum Polled {
    Message(String),
    Nothing,
    Closed,
}

/// Expect a GAMEACC that accepts the game.
pub fn accepted(peer: &mut Peer) {
    let acc = peer.expect("A");
    assert!(acc.len() == 34 && acc.ends_with('0'), "not accepted: {acc}");
}

/// A GAMEREQ from the test: dam (the follower) plays `follower`, with the
/// board field of `start` if given.
pub fn game_req(follower: Color, moves: u16, start: Option<(Color, &str)>) -> String {
    timed_req(follower, 2, moves, start)
}

/// A GAMEREQ for `minutes` (on the clock) for `moves` moves.
pub fn timed_req(
    follower: Color,
    minutes: u16,
    moves: u16,
    start: Option<(Color, &str)>,
) -> String {
    let colour = |c| if c == Color::White { 'W' } else { 'Z' };
    let mut text = format!(
        "R01{:<32}{}{minutes:03}{moves:03}",
        "scripted peer",
        colour(follower)
    );
    match start {
        None => text.push('A'),
        Some((side, board)) => {
            text.push('B');
            text.push(colour(side));
            text.push_str(board);
        }
    }
    text
}

/// How a driven game ended.
#[derive(Debug, PartialEq, Eq)]
pub struct Driven {
    pub plies: usize,
    /// Whether dam sent the first GAMEEND.
    pub dam_ended: bool,
    /// Whether the game had ended by the rules (the peer to move and lost,
    /// or drawn) when the peer sent its GAMEEND.
    pub over: bool,
}

/// Play a game from `start` with dam as `dam`: the peer's moves cycle
/// through its legal moves; every move dam sends must be legal. Ends when
/// dam's GAMEEND comes (answered with `E00`), or the peer sends its own
/// when the game is over on its turn or on its first turn after
/// `stop_after` plies.
pub fn drive<G: Game>(peer: &mut Peer, start: G, dam: Color, stop_after: usize) -> Driven {
    let mut record = Record::new(start);
    for plies in 0..=stop_after + 1 {
        let pos = *record.position();
        let over = record.game_end().is_some();
        if (plies >= stop_after || over) && pos.side_to_move() != dam {
            peer.send("E00");
            peer.expect("E0");
            return Driven {
                plies,
                dam_ended: false,
                over,
            };
        }
        if pos.side_to_move() == dam {
            let text = peer.recv().expect("dam's move or GAMEEND");
            match parse(text.as_bytes()).unwrap() {
                Message::Move(m) => {
                    let mv = find_dxp_move(&pos, &m.fields)
                        .unwrap_or_else(|e| panic!("dam's move {text} at ply {plies}: {e}"));
                    record.play(&mv);
                }
                Message::GameEnd(_) => {
                    peer.send("E00");
                    return Driven {
                        plies,
                        dam_ended: true,
                        over,
                    };
                }
                other => panic!("unexpected {other:?}"),
            }
        } else {
            let mut moves = MoveList::new();
            pos.generate(&mut moves);
            let mv = moves[plies % moves.len()];
            let fields = dxp_move(&pos, &mv).unwrap();
            peer.send(&format!("M0001{fields}"));
            record.play(&mv);
        }
    }
    panic!("no game end within {stop_after} plies")
}

/// Start `dam dxp --listen 127.0.0.1:0 ARGS`; the child and its address.
pub fn listen(args: &[&str]) -> (Dam, String) {
    let (dam, addr, _) = listen_logged(args);
    (dam, addr)
}

/// `listen`, and the lines dam writes on stderr after its address.
pub fn listen_logged(args: &[&str]) -> (Dam, String, Receiver<String>) {
    let mut dam = Dam::spawn(
        command()
            .args(["dxp", "--listen", "127.0.0.1:0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped()),
    );
    let stderr = lines(dam.child.stderr.take().unwrap());
    let deadline = Instant::now() + WAIT;
    let addr = loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let line = stderr.recv_timeout(left).expect("dam reports its address");
        if let Some(addr) = line.strip_prefix("dam dxp: listening on ") {
            break addr.to_string();
        }
    };
    (dam, addr, stderr)
}

/// The broken peers a follower must survive, one connection each: a
/// truncated message, an unknown type, 10,000 bytes without NUL, an
/// illegal move (each answered with GAMEEND `E00` and the connection
/// closed), then a peer that leaves mid-game; after them the next
/// connection's game is played for `plies` plies, every move checked.
pub fn survives_broken_peers(addr: &str, plies: usize) {
    let faults: [&[u8]; 4] = [b"M00120611\0", b"X123\0", &[b'x'; 10_000], b"M0000010200\0"];
    for fault in faults {
        let mut peer = Peer::connect(addr);
        peer.send(&game_req(Color::Black, 0, None));
        accepted(&mut peer);
        peer.send_raw(fault);
        assert_eq!(
            peer.recv().as_deref(),
            Some("E00"),
            "{:?}",
            &fault[..fault.len().min(9)]
        );
        assert!(peer.closed());
    }
    let mut peer = Peer::connect(addr);
    peer.send(&game_req(Color::White, 0, None));
    accepted(&mut peer);
    peer.expect("M");
    drop(peer);
    let mut peer = Peer::connect(addr);
    peer.send(&game_req(Color::White, 0, None));
    accepted(&mut peer);
    drive(
        &mut peer,
        dam::rules::removal::International::start(),
        Color::White,
        plies,
    );
}
