//! One DXP connection: a reader thread cuts the input into messages and
//! hands them over a channel; `send` writes a message and its end byte.
//! The same link runs over TCP (NUL framing) and stdin/stdout (lines).

use super::frame::{Frame, Framer};
use super::message::{MAX_LEN, Message};
use super::parse::parse;
use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::Duration;

/// What the peer did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    Message(Message),
    /// Bytes that are not a valid message, and why.
    Fault(String),
    /// The peer closed the connection (or the input ended).
    Closed,
    /// Nothing arrived in time.
    Timeout,
}

/// A connection to the peer.
pub struct Link {
    rx: Receiver<Event>,
    out: Box<dyn Write + Send>,
    end: u8,
    socket: Option<TcpStream>,
    /// Set by the reader once the input ends, before `Closed` is queued.
    gone: Arc<AtomicBool>,
    /// The peer's address, or `stdin/stdout`, for logs.
    peer: String,
}

impl Link {
    /// A link over a TCP connection.
    pub fn tcp(stream: TcpStream) -> io::Result<Link> {
        stream.set_nodelay(true)?;
        let input = stream.try_clone()?;
        let mut link = Link::new(input, stream.try_clone()?, Framer::nul(), 0);
        link.peer = stream.peer_addr()?.to_string();
        link.socket = Some(stream);
        Ok(link)
    }

    /// A link over stdin and stdout, one message a line.
    pub fn stdio() -> Link {
        Link::new(io::stdin(), io::stdout(), Framer::lines(), b'\n')
    }

    fn new(
        mut input: impl Read + Send + 'static,
        output: impl Write + Send + 'static,
        mut framer: Framer,
        end: u8,
    ) -> Link {
        let (tx, rx) = mpsc::channel();
        let gone = Arc::new(AtomicBool::new(false));
        let reader_gone = gone.clone();
        thread::spawn(move || {
            let mut buf = [0u8; 4096];
            loop {
                let n = match input.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => n,
                };
                for frame in framer.push(&buf[..n]) {
                    let event = match frame {
                        Frame::Text(text) => match parse(&text) {
                            Ok(msg) => Event::Message(msg),
                            Err(e) => Event::Fault(format!(
                                "{e} in '{}'",
                                String::from_utf8_lossy(&text).escape_debug()
                            )),
                        },
                        Frame::Overflow => Event::Fault(format!(
                            "more than {MAX_LEN} bytes without the end of a message"
                        )),
                    };
                    if tx.send(event).is_err() {
                        return;
                    }
                }
            }
            reader_gone.store(true, Ordering::SeqCst);
            let _ = tx.send(Event::Closed);
        });
        Link {
            rx,
            out: Box::new(output),
            end,
            socket: None,
            gone,
            peer: "stdin/stdout".to_string(),
        }
    }

    /// A flag set as soon as the peer closes the connection (or the input
    /// ends), even while messages before the close wait to be read.
    pub fn gone(&self) -> Arc<AtomicBool> {
        self.gone.clone()
    }

    /// The peer's address (`stdin/stdout` for the stdio link).
    pub fn peer(&self) -> &str {
        &self.peer
    }

    /// Send one message.
    pub fn send(&mut self, msg: &Message) -> io::Result<()> {
        let text = msg.to_string();
        if text.len() > MAX_LEN {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("message of {} characters is too long for DXP", text.len()),
            ));
        }
        log::debug!("dxp send: {text}");
        let mut bytes = text.into_bytes();
        bytes.push(self.end);
        self.out.write_all(&bytes)?;
        self.out.flush()
    }

    /// The next event, waiting at most `timeout`.
    pub fn recv(&mut self, timeout: Duration) -> Event {
        match self.rx.recv_timeout(timeout) {
            Ok(event) => {
                if let Event::Message(msg) = &event {
                    log::debug!("dxp recv: {msg}");
                }
                event
            }
            Err(RecvTimeoutError::Timeout) => Event::Timeout,
            Err(RecvTimeoutError::Disconnected) => Event::Closed,
        }
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        if let Some(socket) = &self.socket {
            let _ = socket.shutdown(Shutdown::Both);
        }
    }
}
