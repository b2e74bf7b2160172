//! The training data file: a 16-byte header and fixed 32-byte records, one
//! quiet position each with its game's result and its search score. All
//! numbers are little-endian. See `docs/training.md`.
//!
//! Header: `b"DAMDATA\0"`, u32 version (1), u32 record size (32).
//!
//! Record, by byte offset:
//! - 0..8 u64 White's pieces, 8..16 u64 Black's pieces, 16..24 u64 kings;
//!   bit `n - 1` is square `n` in the variant's own numbering (not the
//!   engine's internal layout with ghost squares);
//! - 24 u8 side to move: 0 White, 1 Black;
//! - 25 u8 result: 0 Black won, 1 draw, 2 White won;
//! - 26..28 i16 search score from White's point of view, in hundredths of
//!   a man, clamped to ±3000 (wins and losses included);
//! - 28..30 u16 ply of the position in its game;
//! - 30 u8 variant: its file code (`variant::Facts::file_code`);
//! - 31 u8 reserved, 0.
//!
//! Only variants whose positions are men and kings on single squares fit
//! (not the stacking variants, not Damath's numbered chips).

use crate::rules::{Color, Game, Outcome, Piece, Setup};
use crate::variant::{Family, Variant};
use std::fs::{File, OpenOptions};
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The first eight bytes of every training file.
pub const MAGIC: [u8; 8] = *b"DAMDATA\0";
/// The format version this code reads and writes.
pub const VERSION: u32 = 1;
/// The header's size in bytes.
pub const HEADER_SIZE: u64 = 16;
/// One record's size in bytes.
pub const RECORD_SIZE: usize = 32;
/// Scores are clamped to this many hundredths of a man either way.
pub const SCORE_LIMIT: i32 = 3000;

/// Whether positions of `variant` fit the format: men and kings on at
/// most 64 squares, no stacks, no numbered chips.
pub fn fits(variant: Variant) -> bool {
    variant.family() == Family::Removal
}

/// One quiet position of a self-play game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// White's pieces: bit `n - 1` for square `n`.
    pub white: u64,
    /// Black's pieces, numbered the same way.
    pub black: u64,
    /// The kings of both sides.
    pub kings: u64,
    pub side: Color,
    /// How the game ended.
    pub result: Outcome,
    /// The search score from White's point of view, within ±`SCORE_LIMIT`.
    pub score: i16,
    /// The position's ply in its game.
    pub ply: u16,
    pub variant: Variant,
}

/// A position the format cannot hold, or bytes that are not a record.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    #[error("{0} positions do not fit the training format (stacks or numbered chips)")]
    Unsupported(Variant),
    #[error("{path}: not a dam training file (bad magic at byte 0)")]
    BadMagic { path: PathBuf },
    #[error("{path}: version {found} at byte 8, this dam reads version {VERSION}")]
    BadVersion { path: PathBuf, found: u32 },
    #[error("{path}: record size {found} at byte 12, expected {RECORD_SIZE}")]
    BadRecordSize { path: PathBuf, found: u32 },
    #[error("{path}: truncated header ({len} bytes, need {HEADER_SIZE})")]
    TruncatedHeader { path: PathBuf, len: u64 },
    #[error("{path}: truncated record at byte {offset} ({len} of {RECORD_SIZE} bytes)")]
    TruncatedRecord {
        path: PathBuf,
        offset: u64,
        len: usize,
    },
    #[error("{path}: bad record at byte {offset}: {reason}")]
    BadRecord {
        path: PathBuf,
        offset: u64,
        reason: String,
    },
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

impl Record {
    /// The record of `pos`, played at `ply` of a game that ended in
    /// `result`, whose search scored it `score` for the side to move.
    pub fn from_position<G: Game>(
        pos: &G,
        result: Outcome,
        score: i32,
        ply: usize,
    ) -> Result<Record, RecordError> {
        let unsupported = || RecordError::Unsupported(G::VARIANT);
        if !fits(G::VARIANT) {
            return Err(unsupported());
        }
        let setup = pos.to_setup();
        let (mut white, mut black, mut kings) = (0u64, 0u64, 0u64);
        for (i, column) in setup.squares.iter().enumerate() {
            let bit = 1u64 << i;
            match column.as_slice() {
                [] => {}
                [piece] => {
                    match piece.color {
                        Color::White => white |= bit,
                        Color::Black => black |= bit,
                    }
                    if piece.king {
                        kings |= bit;
                    }
                }
                _ => return Err(unsupported()),
            }
        }
        let white_score = match setup.side {
            Color::White => score,
            Color::Black => -score,
        };
        Ok(Record {
            white,
            black,
            kings,
            side: setup.side,
            result,
            score: white_score.clamp(-SCORE_LIMIT, SCORE_LIMIT) as i16,
            ply: ply.min(u16::MAX as usize) as u16,
            variant: G::VARIANT,
        })
    }

    /// The position square by square, for a board of `squares` squares.
    pub fn to_setup(&self, squares: usize) -> Setup {
        let mut setup = Setup::empty(squares);
        setup.side = self.side;
        for (i, column) in setup.squares.iter_mut().enumerate().take(64) {
            let bit = 1u64 << i;
            let color = if self.white & bit != 0 {
                Color::White
            } else if self.black & bit != 0 {
                Color::Black
            } else {
                continue;
            };
            column.push(Piece {
                color,
                king: self.kings & bit != 0,
            });
        }
        setup
    }

    /// The position itself, when the record is of variant `G`.
    pub fn position<G: Game>(&self) -> Result<G, String> {
        if self.variant != G::VARIANT {
            return Err(format!("a {} record, not {}", self.variant, G::VARIANT));
        }
        let squares = G::geometry().squares as usize;
        G::from_setup(&self.to_setup(squares)).map_err(|e| e.to_string())
    }

    /// The 32 bytes of this record.
    pub fn encode(&self) -> [u8; RECORD_SIZE] {
        let mut b = [0u8; RECORD_SIZE];
        b[0..8].copy_from_slice(&self.white.to_le_bytes());
        b[8..16].copy_from_slice(&self.black.to_le_bytes());
        b[16..24].copy_from_slice(&self.kings.to_le_bytes());
        b[24] = self.side.index() as u8;
        b[25] = match self.result {
            Outcome::Win(Color::Black) => 0,
            Outcome::Draw => 1,
            Outcome::Win(Color::White) => 2,
        };
        b[26..28].copy_from_slice(&self.score.to_le_bytes());
        b[28..30].copy_from_slice(&self.ply.to_le_bytes());
        b[30] = self.variant.facts().file_code;
        b
    }

    /// Read a record back, checking every field that has a range.
    pub fn decode(b: &[u8; RECORD_SIZE]) -> Result<Record, String> {
        let word = |i: usize| u64::from_le_bytes(b[i..i + 8].try_into().unwrap_or([0; 8]));
        let (white, black, kings) = (word(0), word(8), word(16));
        if white & black != 0 {
            return Err("a square holds both a White and a Black piece".into());
        }
        if kings & !(white | black) != 0 {
            return Err("a king on an empty square".into());
        }
        let side = match b[24] {
            0 => Color::White,
            1 => Color::Black,
            n => return Err(format!("side to move {n} (0 or 1)")),
        };
        let result = match b[25] {
            0 => Outcome::Win(Color::Black),
            1 => Outcome::Draw,
            2 => Outcome::Win(Color::White),
            n => return Err(format!("result {n} (0, 1 or 2)")),
        };
        let score = i16::from_le_bytes([b[26], b[27]]);
        if i32::from(score).abs() > SCORE_LIMIT {
            return Err(format!("score {score} beyond ±{SCORE_LIMIT}"));
        }
        let variant =
            Variant::from_file_code(b[30]).ok_or_else(|| format!("variant code {}", b[30]))?;
        if b[31] != 0 {
            return Err(format!("reserved byte {} (must be 0)", b[31]));
        }
        Ok(Record {
            white,
            black,
            kings,
            side,
            result,
            score,
            ply: u16::from_le_bytes([b[28], b[29]]),
            variant,
        })
    }
}

/// The 16 header bytes.
fn header() -> [u8; HEADER_SIZE as usize] {
    let mut h = [0u8; HEADER_SIZE as usize];
    h[0..8].copy_from_slice(&MAGIC);
    h[8..12].copy_from_slice(&VERSION.to_le_bytes());
    h[12..16].copy_from_slice(&(RECORD_SIZE as u32).to_le_bytes());
    h
}

/// Check a header read from `path`.
fn check_header(path: &Path, h: &[u8; HEADER_SIZE as usize]) -> Result<(), RecordError> {
    let path = path.to_path_buf();
    if h[0..8] != MAGIC {
        return Err(RecordError::BadMagic { path });
    }
    let found = u32::from_le_bytes([h[8], h[9], h[10], h[11]]);
    if found != VERSION {
        return Err(RecordError::BadVersion { path, found });
    }
    let found = u32::from_le_bytes([h[12], h[13], h[14], h[15]]);
    if found != RECORD_SIZE as u32 {
        return Err(RecordError::BadRecordSize { path, found });
    }
    Ok(())
}

/// Appends records to a training file.
pub struct Writer {
    out: BufWriter<File>,
    path: PathBuf,
    /// Records in the file when it was opened.
    existing: u64,
}

impl Writer {
    /// Open `path` for appending: a new file gets the header; an existing
    /// one must have a good header, and a partial last record (left by an
    /// interrupted run) is cut off.
    pub fn append(path: &Path) -> Result<Writer, RecordError> {
        let io = |source| RecordError::Io {
            path: path.to_path_buf(),
            source,
        };
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(io)?;
        let len = file.metadata().map_err(io)?.len();
        let existing = if len == 0 {
            file.write_all(&header()).map_err(io)?;
            0
        } else {
            if len < HEADER_SIZE {
                return Err(RecordError::TruncatedHeader {
                    path: path.to_path_buf(),
                    len,
                });
            }
            let mut h = [0u8; HEADER_SIZE as usize];
            file.read_exact(&mut h).map_err(io)?;
            check_header(path, &h)?;
            let whole = (len - HEADER_SIZE) / RECORD_SIZE as u64;
            let end = HEADER_SIZE + whole * RECORD_SIZE as u64;
            if end != len {
                log::warn!(
                    "{}: cutting a partial record of {} bytes at byte {end}",
                    path.display(),
                    len - end
                );
                file.set_len(end).map_err(io)?;
            }
            whole
        };
        file.seek(SeekFrom::End(0)).map_err(io)?;
        Ok(Writer {
            out: BufWriter::new(file),
            path: path.to_path_buf(),
            existing,
        })
    }

    /// How many records the file held when it was opened.
    pub fn existing(&self) -> u64 {
        self.existing
    }

    /// Append one record.
    pub fn write(&mut self, record: &Record) -> Result<(), RecordError> {
        self.out
            .write_all(&record.encode())
            .map_err(|source| RecordError::Io {
                path: self.path.clone(),
                source,
            })
    }

    /// Push what is buffered to the file.
    pub fn flush(&mut self) -> Result<(), RecordError> {
        self.out.flush().map_err(|source| RecordError::Io {
            path: self.path.clone(),
            source,
        })
    }
}

/// Reads the records of a training file in order.
pub struct Reader {
    input: BufReader<File>,
    path: PathBuf,
    offset: u64,
    failed: bool,
}

impl Reader {
    /// Open `path` and check its header.
    pub fn open(path: &Path) -> Result<Reader, RecordError> {
        let io = |source| RecordError::Io {
            path: path.to_path_buf(),
            source,
        };
        let file = File::open(path).map_err(io)?;
        let len = file.metadata().map_err(io)?.len();
        if len < HEADER_SIZE {
            return Err(RecordError::TruncatedHeader {
                path: path.to_path_buf(),
                len,
            });
        }
        let mut input = BufReader::with_capacity(1 << 16, file);
        let mut h = [0u8; HEADER_SIZE as usize];
        input.read_exact(&mut h).map_err(io)?;
        check_header(path, &h)?;
        Ok(Reader {
            input,
            path: path.to_path_buf(),
            offset: HEADER_SIZE,
            failed: false,
        })
    }

    /// Read up to one record's bytes; how many were read.
    fn fill(&mut self, buf: &mut [u8; RECORD_SIZE]) -> std::io::Result<usize> {
        let mut got = 0;
        while got < RECORD_SIZE {
            match self.input.read(&mut buf[got..]) {
                Ok(0) => break,
                Ok(n) => got += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(got)
    }
}

impl Iterator for Reader {
    type Item = Result<Record, RecordError>;

    /// The next record; after an error, nothing more.
    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let mut buf = [0u8; RECORD_SIZE];
        let offset = self.offset;
        let path = self.path.clone();
        let item = match self.fill(&mut buf) {
            Ok(0) => return None,
            Ok(RECORD_SIZE) => Record::decode(&buf).map_err(|reason| RecordError::BadRecord {
                path,
                offset,
                reason,
            }),
            Ok(len) => Err(RecordError::TruncatedRecord { path, offset, len }),
            Err(source) => Err(RecordError::Io { path, source }),
        };
        self.offset += RECORD_SIZE as u64;
        self.failed = item.is_err();
        Some(item)
    }
}

#[cfg(test)]
mod tests;
