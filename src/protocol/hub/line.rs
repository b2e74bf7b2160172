//! Hub lines: `command name=value name="quoted value" flag`, read
//! tolerantly (extra spaces, unknown arguments) and written with quotes
//! exactly where the protocol needs them.

/// One line read: its command and its arguments in order (a flag has an
/// empty value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub command: String,
    pub args: Vec<(String, String)>,
}

impl Line {
    /// The value of argument `name`, if given.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Whether argument (or flag) `name` is present.
    pub fn has(&self, name: &str) -> bool {
        self.args.iter().any(|(n, _)| n == name)
    }
}

/// Split a line into its command and arguments; `None` for a blank line.
pub fn parse(text: &str) -> Option<Line> {
    let mut chars = text.trim().chars().peekable();
    let mut words: Vec<(String, String)> = Vec::new();
    loop {
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        if chars.peek().is_none() {
            break;
        }
        let mut name = String::new();
        while let Some(c) = chars.next_if(|c| !c.is_whitespace() && *c != '=') {
            name.push(c);
        }
        let mut value = String::new();
        if chars.next_if_eq(&'=').is_some() {
            if chars.next_if_eq(&'"').is_some() {
                for c in chars.by_ref() {
                    if c == '"' {
                        break;
                    }
                    value.push(c);
                }
            } else {
                while let Some(c) = chars.next_if(|c| !c.is_whitespace()) {
                    value.push(c);
                }
            }
        }
        words.push((name, value));
    }
    let mut words = words.into_iter();
    let (command, _) = words.next()?;
    Some(Line {
        command,
        args: words.collect(),
    })
}

/// Write a line: the command, then `name=value` pairs, values quoted when
/// they are empty or hold a space, `=`, `"` or a control character (see
/// `escaped`; a flag is a pair whose
/// name is empty: its value is written alone).
pub fn write(command: &str, args: &[(&str, String)]) -> String {
    let mut out = command.to_string();
    for (name, value) in args {
        out.push(' ');
        if !name.is_empty() {
            out.push_str(name);
            out.push('=');
        }
        let plain = !value.is_empty()
            && !value
                .chars()
                .any(|c| c.is_whitespace() || c == '=' || c == '"' || c.is_control());
        if plain {
            out.push_str(value);
        } else {
            out.push('"');
            out.push_str(&escaped(value));
            out.push('"');
        }
    }
    out
}

/// A value as it may appear between quotes: without `"`, and with every
/// control character and line separator written as an escape (`\r`,
/// `\u{2028}`), so that no byte of a file or of the input can end the line
/// or start another, even for a reader that splits at every line break.
fn escaped(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars().filter(|&c| c != '"') {
        if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_quotes_flags_and_extra_spaces() {
        let l = parse("  pos  pos=Wbbe moves=\"32-28 17-22\"  start ").unwrap();
        assert_eq!(l.command, "pos");
        assert_eq!(l.get("pos"), Some("Wbbe"));
        assert_eq!(l.get("moves"), Some("32-28 17-22"));
        assert!(l.has("start"));
        assert_eq!(l.get("start"), Some(""));
        assert_eq!(parse("   "), None);
        assert_eq!(
            parse("go think").unwrap().args,
            vec![("think".into(), String::new())]
        );
    }

    #[test]
    fn writes_quotes_only_where_needed() {
        let line = write(
            "info",
            &[
                ("depth", "3".into()),
                ("pv", "32-28 17-22".into()),
                ("x", String::new()),
            ],
        );
        assert_eq!(line, "info depth=3 pv=\"32-28 17-22\" x=\"\"");
        assert_eq!(parse(&line).unwrap().get("pv"), Some("32-28 17-22"));
        let forged = write(
            "error",
            &[("message", "a\rdone move=46-41\n\u{1b}\u{85}".into())],
        );
        assert_eq!(
            forged,
            "error message=\"a\\rdone move=46-41\\n\\u{1b}\\u{85}\""
        );
    }
}
