//! Square numbers in Hub move text. pydraughts, the one Hub client for
//! Russian and Brazilian draughts, numbers their squares from White's
//! side (1 = a1, 5 = b2, 32 = h8) in move text, while its position strings
//! use the standard numbering (1 = b8). Hub move text for those two
//! variants is therefore turned over row by row on the way in and out;
//! every other variant uses its own numbering unchanged.

use crate::variant::Variant;

/// Whether `variant`'s Hub move text numbers rows from White's side.
fn flipped(variant: Variant) -> bool {
    variant.facts().quirks.hub_rows_from_white
}

/// Hub move text with the numbering of `variant` turned over (an
/// involution: the same call converts both ways). Text that is not a
/// numbered move is returned as it is.
pub fn convert(variant: Variant, text: &str) -> String {
    let numbered = text
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '-' | 'x' | 'X' | ':'));
    if !flipped(variant) || !numbered {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut number = String::new();
    let flush = |number: &mut String, out: &mut String| {
        match number.parse::<u32>() {
            Ok(n @ 1..=32) => {
                let (row, i) = ((n - 1) / 4, (n - 1) % 4);
                out.push_str(&((7 - row) * 4 + i + 1).to_string());
            }
            _ => out.push_str(number),
        }
        number.clear();
    };
    for c in text.chars() {
        if c.is_ascii_digit() {
            number.push(c);
        } else {
            flush(&mut number, &mut out);
            out.push(c);
        }
    }
    flush(&mut number, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn russian_rows_turn_over_and_back() {
        assert_eq!(convert(Variant::Russian, "9-13"), "21-17");
        assert_eq!(convert(Variant::Brazilian, "21-17"), "9-13");
        assert_eq!(convert(Variant::Russian, "22x15x18"), "10x19x14");
        assert_eq!(convert(Variant::English, "9-13"), "9-13");
        assert_eq!(convert(Variant::Russian, "c3-d4"), "c3-d4");
    }
}
