//! The Hub parameters in one table: each row gives a parameter's name, its
//! type and range, and how it reads and writes `Params`, whose `Default`
//! beside it holds the defaults. `hub` announces the rows and `set-param`
//! checks a value against the same row, so the two cannot drift apart.

use super::{Line, Out, variant_names, write};
use crate::egtb::MAX_PIECES;
use crate::engine::{use_eval_file, use_shipped_eval};
use crate::eval::pattern::WeightsError;
use crate::search::{Table, default_threads};
use crate::variant::Variant;
use std::io::Write;

/// The engine's parameters, as `set-param` leaves them.
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    pub variant: Variant,
    /// A variant asked for that dam does not play: `go` is refused until a
    /// supported one is set.
    pub unsupported_variant: Option<String>,
    pub threads: usize,
    /// log2 of the table's entries.
    pub tt_size: u32,
    pub ponder: bool,
    /// Play from the shipped opening book in `go think`.
    pub book: bool,
    /// The book file to play from; empty: the shipped book of the variant.
    pub book_file: String,
    /// Use the book while the position's ply is below this.
    pub book_ply: u32,
    /// Book moves this far below the best (hundredths of a man) may be played.
    pub book_margin: u32,
    /// 1 (weakest) to 10 (full strength).
    pub skill: u32,
    /// The endgame database directory; empty: the default (`egtb`).
    pub egtb_path: String,
    /// Probe databases of at most this many pieces: `MAX_PIECES` (the
    /// default), the largest set found, nothing built; 2-7, the sets of up
    /// to 4 pieces built first if missing; 0 or 1, none.
    pub egtb_pieces: u32,
    /// The evaluation weights file in use; empty: the shipped weights.
    pub eval_file: String,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            variant: Variant::International,
            unsupported_variant: None,
            threads: default_threads(),
            tt_size: 22,
            ponder: false,
            book: false,
            book_file: String::new(),
            book_ply: 20,
            book_margin: 4,
            skill: 10,
            egtb_path: String::new(),
            egtb_pieces: MAX_PIECES,
            eval_file: String::new(),
        }
    }
}

/// A parameter's type, its range, and how it reads and writes `Params`.
pub enum Field {
    /// `enum`: one of `variant_names()` (an unknown one is kept aside and
    /// refused at `go`).
    Variant,
    Int {
        min: u32,
        max: u32,
        get: fn(&Params) -> u32,
        set: fn(&mut Params, u32),
    },
    Bool {
        get: fn(&Params) -> bool,
        set: fn(&mut Params, bool),
    },
    /// `string`; `set` may refuse the text with a reason.
    Text {
        get: fn(&Params) -> String,
        set: fn(&mut Params, &str) -> Result<(), String>,
    },
}

/// One Hub parameter.
pub struct Param {
    pub name: &'static str,
    pub field: Field,
}

/// Every parameter, in the order `hub` announces them.
pub const PARAMS: [Param; 12] = [
    Param {
        name: "variant",
        field: Field::Variant,
    },
    Param {
        name: "threads",
        field: Field::Int {
            min: 1,
            max: 256,
            get: |p| p.threads as u32,
            set: |p, v| p.threads = v as usize,
        },
    },
    Param {
        name: "tt-size",
        field: Field::Int {
            min: Table::MIN_BITS,
            max: Table::MAX_BITS,
            get: |p| p.tt_size,
            set: |p, v| p.tt_size = v,
        },
    },
    Param {
        name: "ponder",
        field: Field::Bool {
            get: |p| p.ponder,
            set: |p, v| p.ponder = v,
        },
    },
    Param {
        name: "book",
        field: Field::Bool {
            get: |p| p.book,
            set: |p, v| p.book = v,
        },
    },
    Param {
        name: "book-file",
        field: Field::Text {
            get: |p| p.book_file.clone(),
            set: |p, v| {
                p.book_file = v.to_string();
                Ok(())
            },
        },
    },
    Param {
        name: "book-ply",
        field: Field::Int {
            min: 0,
            max: 20,
            get: |p| p.book_ply,
            set: |p, v| p.book_ply = v,
        },
    },
    Param {
        name: "book-margin",
        field: Field::Int {
            min: 0,
            max: 100,
            get: |p| p.book_margin,
            set: |p, v| p.book_margin = v,
        },
    },
    Param {
        name: "skill",
        field: Field::Int {
            min: 1,
            max: 10,
            get: |p| p.skill,
            set: |p, v| p.skill = v,
        },
    },
    Param {
        name: "egtb-path",
        field: Field::Text {
            get: |p| p.egtb_path.clone(),
            set: |p, v| {
                p.egtb_path = v.to_string();
                Ok(())
            },
        },
    },
    Param {
        name: "egtb-pieces",
        field: Field::Int {
            min: 0,
            max: MAX_PIECES,
            get: |p| p.egtb_pieces,
            set: |p, v| p.egtb_pieces = v,
        },
    },
    Param {
        name: "eval-file",
        field: Field::Text {
            get: |p| p.eval_file.clone(),
            set: |p, v| {
                set_eval_file(v, p.variant).map_err(|e| e.to_string())?;
                p.eval_file = v.to_string();
                Ok(())
            },
        },
    },
];

/// The `param` line announcing `param` with its value in `p`.
pub fn param_line(param: &Param, p: &Params) -> String {
    let mut args = vec![("name", param.name.to_string())];
    match &param.field {
        Field::Variant => {
            args.push(("value", p.variant.facts().hub_names[0].to_string()));
            args.push(("type", "enum".into()));
            args.push(("values", variant_names()));
        }
        Field::Int { min, max, get, .. } => {
            args.push(("value", get(p).to_string()));
            args.push(("type", "int".into()));
            args.push(("min", min.to_string()));
            args.push(("max", max.to_string()));
        }
        Field::Bool { get, .. } => {
            args.push(("value", get(p).to_string()));
            args.push(("type", "bool".into()));
        }
        Field::Text { get, .. } => {
            args.push(("value", get(p)));
            args.push(("type", "string".into()));
        }
    }
    write("param", &args)
}

/// Play with the evaluation weights file `path` (its own variant's), or
/// with `variant`'s shipped weights again when `path` is empty.
fn set_eval_file(path: &str, variant: Variant) -> Result<(), WeightsError> {
    if path.is_empty() {
        use_shipped_eval(variant);
        Ok(())
    } else {
        use_eval_file(Some(std::path::Path::new(path)), None)
    }
}

/// Apply `set-param name=.. value=..`; a bad value is reported and
/// ignored. Returns whether the value was accepted.
pub fn set_param<W: Write>(out: &mut Out<W>, p: &mut Params, line: &Line) -> bool {
    let (Some(name), Some(value)) = (line.get("name"), line.get("value")) else {
        out.error("set-param needs name and value");
        return false;
    };
    let Some(param) = PARAMS.iter().find(|param| param.name == name) else {
        log::warn!("unknown parameter '{name}' ignored");
        return false;
    };
    let refused = match &param.field {
        Field::Variant => {
            let known = value.parse::<Variant>().map(|v| p.variant = v).is_ok();
            p.unsupported_variant = (!known).then(|| value.to_string());
            (!known).then(String::new)
        }
        Field::Int { min, max, set, .. } => {
            match value
                .parse::<u32>()
                .ok()
                .filter(|v| (min..=max).contains(&v))
            {
                Some(v) => {
                    set(p, v);
                    None
                }
                None => Some(String::new()),
            }
        }
        Field::Bool { set, .. } => match value {
            "true" | "false" => {
                set(p, value == "true");
                None
            }
            _ => Some(String::new()),
        },
        Field::Text { set, .. } => set(p, value).err(),
    };
    match refused {
        None => true,
        Some(why) if !why.is_empty() => {
            out.error(&why);
            false
        }
        Some(_) => {
            out.error(&format!("bad value '{value}' for parameter {name}"));
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_is_inside_its_announced_range() {
        let p = Params::default();
        for param in &PARAMS {
            if let Field::Int { min, max, get, .. } = param.field {
                assert!((min..=max).contains(&get(&p)), "{}", param.name);
            }
        }
    }

    #[test]
    fn set_param_accepts_exactly_the_announced_range() {
        let mut out = Out(Vec::new());
        for param in &PARAMS {
            let Field::Int { min, max, get, .. } = param.field else {
                continue;
            };
            let mut p = Params::default();
            let set = |p: &mut Params, out: &mut Out<Vec<u8>>, v: i64| {
                let text = format!("set-param name={} value={v}", param.name);
                set_param(out, p, &super::super::parse(&text).unwrap())
            };
            assert!(set(&mut p, &mut out, max as i64), "{} max", param.name);
            assert_eq!(get(&p), max);
            assert!(set(&mut p, &mut out, min as i64), "{} min", param.name);
            assert!(
                !set(&mut p, &mut out, max as i64 + 1),
                "{} above",
                param.name
            );
            assert!(
                !set(&mut p, &mut out, min as i64 - 1),
                "{} below",
                param.name
            );
            assert_eq!(get(&p), min);
        }
    }
}
