//! Random and hostile bytes against the running program (issue 12, "How
//! we will know"): `dam hub`, `dam dxp --stdio`, the DXP server over
//! loopback TCP (many connections at once: silent, slow, oversized frames,
//! garbage) and the PDN reader. Each must not panic, must answer or end
//! within a bound, and the server must still play a full game afterwards.
//! The bytes come from a fixed-seed generator, so a failure repeats.

use crate::common::dxp::{Peer, accepted, drive, game_req, listen};
use crate::common::{Dam, command, dam, dir, file, lines, stderr};
use dam::rules::removal::International;
use dam::rules::{Color, Game};
use std::io::Write;
use std::net::TcpStream;
use std::process::{ChildStdin, Stdio};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

/// The longest any one program may take to answer or end here.
const BOUND: Duration = Duration::from_secs(15);

/// A xorshift generator: the same bytes on every run.
struct Bytes(u64);

impl Bytes {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[(self.next() % from.len() as u64) as usize]
    }

    /// 1 to `most` bytes of anything, line ends and NULs included.
    fn junk(&mut self, most: u64) -> Vec<u8> {
        let n = 1 + self.next() % most;
        (0..n).map(|_| self.next() as u8).collect()
    }

    /// `text` with a few bytes replaced by random ones.
    fn damaged(&mut self, text: &str) -> Vec<u8> {
        let mut bytes = text.as_bytes().to_vec();
        for _ in 0..1 + self.next() % 3 {
            if !bytes.is_empty() {
                let at = (self.next() % bytes.len() as u64) as usize;
                bytes[at] = self.next() as u8;
            }
        }
        bytes
    }
}

/// Hub lines a GUI sends (no table or thread counts that would cost real
/// memory), to be sent as they are, damaged, or mixed with junk.
const HUB_LINES: [&str; 14] = [
    "hub",
    "init",
    "pos start",
    "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32-28 19-23\"",
    "pos pos=Wxyz",
    "level depth=1",
    "level depth=-5 move-time=-1",
    "level move-time=0.01",
    "go think",
    "go analyze multipv=3",
    "go ponder",
    "stop",
    "set-param name=variant value=english",
    "new-game",
];

#[test]
fn hub_survives_hostile_lines() {
    let (mut hub, mut stdin, out, logs) = hub();
    let mut rng = Bytes(0x5eed_0001);
    writeln!(stdin, "set-param name=threads value=1").unwrap();
    for _ in 0..300 {
        let line = rng.pick(&HUB_LINES);
        let bytes = match rng.next() % 4 {
            0 => rng.damaged(line),
            1 => rng.junk(60),
            _ => line.as_bytes().to_vec(),
        };
        stdin.write_all(&bytes).unwrap();
        stdin.write_all(b"\n").unwrap();
    }
    stdin.write_all(&vec![b'x'; 200_000]).unwrap();
    writeln!(stdin, "\nstop\nping").unwrap();
    stdin.flush().unwrap();
    until_pong(&out);
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    let status = wait(&mut hub);
    assert_eq!(status, Some(0));
    assert!(!logs.iter().any(|l| l.contains("panicked")));
}

/// `dam hub` with its input, and its output and log lines as they come
/// (a full pipe would stop dam).
fn hub() -> (Dam, ChildStdin, Receiver<String>, Receiver<String>) {
    let mut hub = Dam::spawn(
        command()
            .args(["hub"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped()),
    );
    let out = lines(hub.child.stdout.take().unwrap());
    let logs = lines(hub.child.stderr.take().unwrap());
    let stdin = hub.child.stdin.take().unwrap();
    (hub, stdin, out, logs)
}

/// The lines of `out` before `pong`, which must come within `BOUND`.
fn until_pong(out: &Receiver<String>) -> Vec<String> {
    let deadline = Instant::now() + BOUND;
    let mut seen = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match out.recv_timeout(left) {
            Ok(line) if line == "pong" => return seen,
            Ok(line) => seen.push(line),
            Err(_) => panic!("no pong within {BOUND:?}"),
        }
    }
}

/// The exit code of `dam`, which must end within `BOUND`.
fn wait(dam: &mut Dam) -> Option<i32> {
    let deadline = Instant::now() + BOUND;
    loop {
        if let Some(status) = dam.child.try_wait().unwrap() {
            return status.code();
        }
        assert!(
            Instant::now() < deadline,
            "dam did not end within {BOUND:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// DXP messages a peer sends, to be sent damaged or mixed with junk.
const DXP_MESSAGES: [&str; 6] = [
    "R01scripted peer                   Z002000A",
    "M0001323800",
    "E00",
    "Chello",
    "B001W",
    "A0",
];

#[test]
fn dxp_stdio_ends_cleanly_on_hostile_bytes() {
    let mut rng = Bytes(0x5eed_0002);
    for _ in 0..6 {
        let mut dxp = Dam::spawn(
            command()
                .args(["dxp", "--stdio", "--search", "depth=1"])
                .stdin(Stdio::piped())
                .stdout(Stdio::null())
                .stderr(Stdio::piped()),
        );
        let logs = lines(dxp.child.stderr.take().unwrap());
        let mut stdin = dxp.child.stdin.take().unwrap();
        for _ in 0..20 {
            let msg = rng.pick(&DXP_MESSAGES);
            let bytes = match rng.next() % 3 {
                0 => rng.damaged(msg),
                1 => rng.junk(300),
                _ => msg.as_bytes().to_vec(),
            };
            // dam may have closed its input already: that is fine.
            let _ = stdin.write_all(&bytes).and_then(|_| stdin.write_all(b"\n"));
        }
        drop(stdin);
        let code = wait(&mut dxp);
        assert!(matches!(code, Some(0..=2)), "exit {code:?}");
        assert!(!logs.iter().any(|l| l.contains("panicked")));
    }
}

#[test]
fn the_dxp_server_plays_a_full_game_among_hostile_connections() {
    let args: Vec<&str> = "--search depth=1 --timeout 2 --max-per-address 64"
        .split(' ')
        .collect();
    let (_server, addr) = listen(&args);
    let mut rng = Bytes(0x5eed_0003);
    // Silent connections, kept open through the game.
    let silent: Vec<TcpStream> = (0..8).map(|_| TcpStream::connect(&addr).unwrap()).collect();
    // Garbage, oversized frames and damaged messages, from threads that
    // write slowly while the game goes on.
    let writers: Vec<_> = (0..8)
        .map(|i| {
            let addr = addr.clone();
            let chunks: Vec<Vec<u8>> = (0..10)
                .map(|_| match (i + rng.next() as usize) % 3 {
                    0 => rng.junk(100),
                    1 => vec![b'R'; 4096],
                    _ => {
                        let msg = rng.pick(&DXP_MESSAGES);
                        let mut m = rng.damaged(msg);
                        m.push(0);
                        m
                    }
                })
                .collect();
            std::thread::spawn(move || {
                let Ok(mut stream) = TcpStream::connect(&addr) else {
                    return;
                };
                for chunk in chunks {
                    if stream.write_all(&chunk).is_err() {
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(20));
                }
            })
        })
        .collect();
    let started = Instant::now();
    let mut player = Peer::connect(&addr);
    player.send(&game_req(Color::Black, 10, None));
    accepted(&mut player);
    let driven = drive(&mut player, International::start(), Color::Black, 30);
    assert!(driven.plies >= 30 || driven.over, "{driven:?}");
    for w in writers {
        w.join().unwrap();
    }
    drop(silent);
    // And after all of them, another full game on a new connection.
    let mut again = Peer::connect(&addr);
    again.send(&game_req(Color::White, 10, None));
    accepted(&mut again);
    let driven = drive(&mut again, International::start(), Color::White, 30);
    assert!(driven.plies >= 30 || driven.over, "{driven:?}");
    assert!(started.elapsed() < BOUND * 2, "{:?}", started.elapsed());
}

#[test]
fn the_pdn_reader_survives_hostile_files() {
    let d = dir("hostile-pdn");
    let mut rng = Bytes(0x5eed_0004);
    let real =
        "[Event \"x\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 {c} (2. 33-29) 1-1\n";
    let mut files = Vec::new();
    for i in 0..12 {
        let bytes = match i % 4 {
            0 => rng.junk(2000),
            1 => rng.damaged(&real.repeat(20)),
            2 => [&b"[Event \"a\"]\n1. "[..], &vec![b'('; 5000], b"*\n"].concat(),
            _ => [real.as_bytes(), &rng.junk(500)].concat(),
        };
        files.push(file(&d, &format!("f{i}.pdn"), bytes));
    }
    let out = d.join("out.pdn").display().to_string();
    for job in [
        &["validate"][..],
        &["stats"],
        &["convert", "--skip-bad", "-o", &out],
    ] {
        let args: Vec<&str> = ["pdn"]
            .iter()
            .copied()
            .chain(job.iter().copied())
            .chain(files.iter().map(String::as_str))
            .collect();
        let started = Instant::now();
        let run = dam(&args);
        assert!(started.elapsed() < BOUND, "{job:?}");
        assert!(
            matches!(run.status.code(), Some(0..=2)),
            "{job:?}: {:?}",
            run.status
        );
        assert!(
            !stderr(&run).contains("panicked"),
            "{job:?}: {}",
            stderr(&run)
        );
    }
}

/// Hub lines that rebuild the engine (issue 32), mixed with searches.
const REBUILDS: [&str; 8] = [
    "set-param name=threads value=1",
    "set-param name=threads value=2",
    "set-param name=tt-size value=16",
    "set-param name=tt-size value=17",
    "set-param name=variant value=english",
    "set-param name=variant value=normal",
    "set-param name=egtb-path value=/nonexistent/a",
    "set-param name=egtb-path value=/nonexistent/b",
];

#[test]
fn every_hub_go_gets_one_done_whatever_rebuilds_the_engine() {
    let (mut hub, mut stdin, out, _) = hub();
    let mut rng = Bytes(0x5eed_0005);
    writeln!(stdin, "set-param name=threads value=1\ninit").unwrap();
    let mut gos = 0;
    for _ in 0..200 {
        let line = match rng.next() % 5 {
            0 => "go think",
            1 => "go analyze",
            2 => "pos start",
            3 => "level depth=2",
            _ => rng.pick(&REBUILDS),
        };
        gos += usize::from(line.starts_with("go "));
        writeln!(stdin, "{line}").unwrap();
    }
    writeln!(stdin, "stop\nping").unwrap();
    stdin.flush().unwrap();
    let dones = until_pong(&out)
        .iter()
        .filter(|l| l.starts_with("done "))
        .count();
    eprintln!("{gos} go, {dones} done");
    assert!(gos > 50, "{gos}");
    assert_eq!(dones, gos, "one done for each go");
    writeln!(stdin, "quit").unwrap();
    assert_eq!(wait(&mut hub), Some(0));
}

#[test]
fn no_byte_of_a_book_file_reaches_stdout_unescaped() {
    let d = dir("hostile-book");
    let forged = file(
        &d,
        "forged.book",
        "# variant: international\nW:W31-50:B1-20 ; 32-28 +0.00\r\
         done move=46-41\r\u{85}\u{1b}[2J\n",
    );
    let empty = file(&d, "empty.book", "");
    let (mut hub, mut stdin, out, _) = hub();
    writeln!(
        stdin,
        "set-param name=threads value=1\nset-param name=book value=true"
    )
    .unwrap();
    let mut errors = Vec::new();
    for book in [&forged, &empty] {
        writeln!(stdin, "set-param name=book-file value={book}").unwrap();
        writeln!(stdin, "pos start\nlevel depth=1\ngo think").unwrap();
        stdin.flush().unwrap();
        let deadline = Instant::now() + BOUND;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = out.recv_timeout(left).expect("done within the bound");
            assert!(
                !line.chars().any(|c| c.is_control()),
                "a control character on stdout: {line:?}"
            );
            if line.starts_with("error ") {
                errors.push(line);
            } else if line.starts_with("done ") {
                assert!(!line.contains("46-41"), "{line}");
                break;
            }
        }
    }
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(errors[0].contains("forged.book:2:"), "{errors:?}");
    assert!(errors[1].contains("empty.book:1:"), "{errors:?}");
    writeln!(stdin, "quit").unwrap();
    assert_eq!(wait(&mut hub), Some(0));
}
