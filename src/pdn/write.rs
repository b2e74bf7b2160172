//! The PDN 3.0 writing grammar: the seven-tag roster first, then the other
//! tags; moves as replay made them canonical (short, long only where a
//! capture is ambiguous), in algebraic squares where the GameType says so;
//! the variant's result format in the Result tag and as the game terminator
//! (`*` when the result is not a result token); no line of 80 characters or
//! more, except a tag or a setup that is that long by itself (a setup then
//! stands on its own line).

use super::gametype::{result_for, terminator};
use super::syntax::{Element, HeaderItem, MoveToken, PdnGame};
use crate::board::Geometry;
use crate::variant::Variant;

/// Lines stay shorter than this.
pub const LINE_LIMIT: usize = 80;

/// The seven-tag roster, in order, with the value for "unknown".
const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// The game's result: its terminator when that is a result, else its
/// Result tag, else `*`.
pub fn game_result(game: &PdnGame) -> String {
    game.terminator
        .filter(|t| *t != "*")
        .or_else(|| game.tag("Result"))
        .unwrap_or("*")
        .to_string()
}

/// Append `game` (replayed with canonical moves) to `out`.
pub fn write_game(out: &mut String, game: &PdnGame, variant: Variant, geo: &Geometry) {
    for item in &game.header {
        if let HeaderItem::LineComment(c) = item {
            out.push('%');
            out.push_str(c);
            out.push('\n');
        }
    }
    let result = result_for(variant, &game_result(game));
    for (name, unknown) in ROSTER {
        let value = match name {
            "Result" => Some(result.as_str()),
            _ => game.tag(name),
        };
        write_tag(out, name, value.unwrap_or(unknown));
    }
    for tag in game.tags() {
        if !ROSTER
            .iter()
            .any(|(name, _)| tag.name.eq_ignore_ascii_case(name))
        {
            write_tag(out, tag.name, &tag.value);
        }
    }
    if game.tag("GameType").is_none() && game.tag("Variant").is_none() {
        match variant.pdn_game_type() {
            Some(n) => write_tag(out, "GameType", &n.to_string()),
            None => write_tag(out, "Variant", variant.id()),
        }
    }
    out.push('\n');
    let mut lines = Lines::default();
    let squares = Squares {
        geo,
        algebraic: algebraic(variant),
    };
    units(&game.body, &squares, &mut lines);
    lines.unit(terminator(&result).to_string());
    out.push_str(&lines.finish());
    out.push_str("\n\n");
}

/// Whether `variant`'s files write squares in algebraic notation.
fn algebraic(variant: Variant) -> bool {
    variant.facts().quirks.pdn_algebraic
}

/// A canonical move text as the writer writes it for `variant` (algebraic
/// squares where the variant's files use them).
pub fn written_move(text: &str, variant: Variant, geo: &Geometry) -> String {
    Squares {
        geo,
        algebraic: algebraic(variant),
    }
    .text(text)
}

fn write_tag(out: &mut String, name: &str, value: &str) {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    out.push_str(&format!("[{name} \"{escaped}\"]\n"));
}

/// How squares are written.
struct Squares<'g> {
    geo: &'g Geometry,
    algebraic: bool,
}

impl Squares<'_> {
    /// A canonical move text with its squares in the variant's notation.
    fn text(&self, text: &str) -> String {
        if !self.algebraic {
            return text.to_string();
        }
        let mut out = String::new();
        let mut number = String::new();
        for c in text.chars().chain(std::iter::once('\0')) {
            if c.is_ascii_digit() {
                number.push(c);
                continue;
            }
            let bit = number.parse().ok().and_then(|n| self.geo.bit_of(n));
            match bit {
                Some(bit) => out.push_str(&self.geo.algebraic_of(bit)),
                None => out.push_str(&number),
            }
            number.clear();
            if c != '\0' {
                out.push(c);
            }
        }
        out
    }
}

/// The units of a line of move text; a unit is never broken across lines.
fn units(elements: &[Element], squares: &Squares, lines: &mut Lines) {
    let mut number_needed = true;
    for e in elements {
        match e {
            Element::Move(m) => {
                lines.unit(move_unit(m, squares, number_needed));
                number_needed = false;
                // PDN 2.0's `*` strength is `$7` in PDN 3.0.
                if m.strength == Some("*") {
                    lines.unit("$7".to_string());
                    number_needed = true;
                }
            }
            Element::Unknown { .. } => lines.unit("-".to_string()),
            Element::Comment(c) => {
                let words: Vec<&str> = c.split_whitespace().collect();
                match words.as_slice() {
                    [] => lines.unit("{}".to_string()),
                    [only] => lines.unit(format!("{{{only}}}")),
                    [first, middle @ .., last] => {
                        lines.unit(format!("{{{first}"));
                        for w in middle {
                            lines.unit(w.to_string());
                        }
                        lines.unit(format!("{last}}}"));
                    }
                }
                number_needed = true;
            }
            Element::LineComment(c) => {
                lines.whole_line(format!("%{c}"));
                number_needed = true;
            }
            Element::Nag(n) => {
                lines.unit(format!("${n}"));
                number_needed = true;
            }
            Element::Variation(v) => {
                lines.open();
                units(v, squares, lines);
                lines.close();
                number_needed = true;
            }
            Element::Setup { text, .. } => {
                let unit = format!("/{}/", text.trim());
                if unit.len() < LINE_LIMIT {
                    lines.unit(unit);
                } else {
                    lines.whole_line(unit);
                }
                number_needed = true;
            }
        }
    }
}

/// A move with its number (always before a first-side move, before a
/// second-side move only where it does not follow its pair) and strength.
fn move_unit(m: &MoveToken, squares: &Squares, number_needed: bool) -> String {
    let mut unit = String::new();
    if let Some(n) = m.number {
        if !n.second {
            unit.push_str(&format!("{}. ", n.number));
        } else if number_needed {
            unit.push_str(&format!("{}... ", n.number));
        }
    }
    unit.push_str(&squares.text(&m.text));
    if let Some(s) = m.strength.filter(|s| *s != "*") {
        unit.push_str(s);
    }
    unit
}

/// Move text laid out in lines shorter than `LINE_LIMIT`.
#[derive(Default)]
struct Lines {
    done: String,
    line: String,
    /// `(`s to put before the next unit.
    opening: String,
}

impl Lines {
    fn unit(&mut self, text: String) {
        let text = std::mem::take(&mut self.opening) + &text;
        if !self.line.is_empty() && self.line.len() + 1 + text.len() >= LINE_LIMIT {
            self.break_line();
        }
        if !self.line.is_empty() {
            self.line.push(' ');
        }
        self.line.push_str(&text);
    }

    fn open(&mut self) {
        self.opening.push('(');
    }

    /// `)` glued to the last unit (an empty variation is `()`).
    fn close(&mut self) {
        if !self.opening.is_empty() {
            self.opening.pop();
            self.unit("()".to_string());
        } else if self.line.len() + 1 < LINE_LIMIT {
            self.line.push(')');
        } else {
            let last = self.line.rfind(' ').map_or(0, |i| i + 1);
            let moved = self.line.split_off(last);
            self.break_line();
            self.line = moved + ")";
        }
    }

    fn whole_line(&mut self, text: String) {
        if !self.line.is_empty() {
            self.break_line();
        }
        self.line = std::mem::take(&mut self.opening) + &text;
        self.break_line();
    }

    fn break_line(&mut self) {
        self.done.push_str(self.line.trim_end());
        self.done.push('\n');
        self.line.clear();
    }

    fn finish(mut self) -> String {
        self.done.push_str(&self.line);
        self.done
    }
}
