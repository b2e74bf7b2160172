//! PDN FEN: `W:W31-50:B1-20`, read and written.

use crate::rules::{Color, Game, Piece, Setup, SetupError};

/// A FEN that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    #[error("FEN side to move: expected W or B, found '{0}'")]
    Side(String),
    #[error("FEN section '{0}': expected W or B followed by squares")]
    Section(String),
    #[error("FEN square '{0}': {1}")]
    Square(String, String),
    #[error("FEN position: {0}")]
    Position(#[from] SetupError),
}

/// Read a FEN into a position of `G`.
pub fn parse_fen<G: Game>(text: &str) -> Result<G, FenError> {
    let g = G::geometry();
    let mut setup = Setup::empty(g.squares as usize);
    let mut parts = text.trim().trim_end_matches('.').split(':');
    setup.side = match parts.next().unwrap_or("").trim() {
        "W" | "w" => Color::White,
        "B" | "b" => Color::Black,
        other => return Err(FenError::Side(other.to_string())),
    };
    for part in parts {
        let part = part.trim();
        let mut chars = part.chars();
        let color = match chars.next() {
            Some('W' | 'w') => Color::White,
            Some('B' | 'b') => Color::Black,
            _ => return Err(FenError::Section(part.to_string())),
        };
        for token in chars
            .as_str()
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
        {
            let (king, body) = match token.strip_prefix(['K', 'k']) {
                Some(rest) => (true, rest),
                None => (false, token),
            };
            let (lo, hi) = match body.split_once('-') {
                Some((a, b)) => (square(token, a, g.squares)?, square(token, b, g.squares)?),
                None => {
                    let s = square(token, body, g.squares)?;
                    (s, s)
                }
            };
            for s in lo..=hi {
                setup.squares[s - 1] = vec![Piece { color, king }];
            }
        }
    }
    Ok(G::from_setup(&setup)?)
}

fn square(token: &str, text: &str, squares: u8) -> Result<usize, FenError> {
    let n: usize = text
        .trim()
        .parse()
        .map_err(|_| FenError::Square(token.to_string(), "not a square number".to_string()))?;
    if n == 0 || n > squares as usize {
        return Err(FenError::Square(
            token.to_string(),
            format!("squares are 1..{squares}"),
        ));
    }
    Ok(n)
}

/// Write a position as FEN.
pub fn write_fen<G: Game>(pos: &G) -> String {
    let setup = pos.to_setup();
    let side = |c: Color| if c == Color::White { 'W' } else { 'B' };
    let mut out = String::new();
    out.push(side(setup.side));
    for color in [Color::White, Color::Black] {
        out.push(':');
        out.push(side(color));
        let squares: Vec<String> = setup
            .squares
            .iter()
            .enumerate()
            .filter_map(|(i, col)| {
                let top = col.first()?;
                (top.color == color)
                    .then(|| format!("{}{}", if top.king { "K" } else { "" }, i + 1))
            })
            .collect();
        out.push_str(&squares.join(","));
    }
    out
}
