//! Every `--help` agrees with the README: walking `dam --help` down through
//! every subcommand, each command has a README section headed `` `dam
//! PATH` `` that names every flag its help lists, every flag has a help
//! text, a help names no flag its command does not take, each group's line
//! in `dam --help` names all of its subcommands, and every such README
//! heading names a real command.

use crate::common::{dam, stderr, stdout};

const README: &str = include_str!("../README.md");

/// One command's `--help`: its path below `dam` and what it prints.
struct Help {
    path: Vec<String>,
    text: String,
}

impl Help {
    fn name(&self) -> String {
        std::iter::once("dam")
            .chain(self.path.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

fn help(path: &[String]) -> Help {
    let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
    args.push("--help");
    let out = dam(&args);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    Help {
        path: path.to_vec(),
        text: stdout(&out),
    }
}

/// The lines of a help section (`Commands:`, `Options:`) up to the next
/// unindented line.
fn section<'a>(text: &'a str, title: &str) -> Vec<&'a str> {
    text.lines()
        .skip_while(|line| *line != title)
        .skip(1)
        .take_while(|line| line.is_empty() || line.starts_with(' '))
        .collect()
}

/// The subcommands a help lists, with the one-line text of each (`help`
/// left out).
fn subcommands(text: &str) -> Vec<(String, String)> {
    section(text, "Commands:")
        .iter()
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            let name = words.next()?;
            let about = words.collect::<Vec<_>>().join(" ");
            (name != "help").then(|| (name.to_string(), about))
        })
        .collect()
}

/// Every command, `dam` first, each group before its subcommands.
fn every_help() -> Vec<Help> {
    let mut todo = vec![Vec::new()];
    let mut all = Vec::new();
    while let Some(path) = todo.pop() {
        let help = help(&path);
        for (name, _) in subcommands(&help.text).into_iter().rev() {
            let mut child = path.clone();
            child.push(name);
            todo.push(child);
        }
        all.push(help);
    }
    all
}

/// An option a help lists: its long name (`--output`) and whether it
/// has a help text (on its line, or on the next one in the long format).
struct Flag {
    long: String,
    described: bool,
}

fn flags(text: &str) -> Vec<Flag> {
    let lines = section(text, "Options:");
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        if !trimmed.starts_with('-') || line.len() - trimmed.len() > 6 {
            continue;
        }
        let (spec, about) = trimmed.split_once("  ").unwrap_or((trimmed, ""));
        let Some(long) = spec.split([' ', ',']).find(|word| word.starts_with("--")) else {
            continue;
        };
        if long == "--help" || long == "--version" {
            continue;
        }
        let next = lines.get(i + 1).map_or("", |l| l.trim());
        let described = !about.trim().is_empty() || (!next.is_empty() && !next.starts_with('-'));
        found.push(Flag {
            long: long.to_string(),
            described,
        });
    }
    found
}

/// The level of a Markdown heading line (`## x` is 2), if it is one.
fn heading_level(line: &str) -> Option<usize> {
    let level = line.chars().take_while(|&c| c == '#').count();
    (level > 0 && line[level..].starts_with(' ')).then_some(level)
}

/// The README section whose heading holds `` `NAME` ``, up to the next
/// heading of the same or a higher level.
fn readme_section(name: &str) -> Option<String> {
    let marker = format!("`{name}`");
    let lines: Vec<&str> = README.lines().collect();
    let start = lines
        .iter()
        .position(|line| heading_level(line).is_some() && line.contains(&marker))?;
    let level = heading_level(lines[start])?;
    let end = lines[start + 1..]
        .iter()
        .position(|line| heading_level(line).is_some_and(|l| l <= level))
        .map_or(lines.len(), |n| start + 1 + n);
    Some(lines[start..end].join("\n"))
}

/// Whether `text` names `flag` as a whole word (`--time` is not in
/// `--timeout`).
fn names_flag(text: &str, flag: &str) -> bool {
    text.match_indices(flag).any(|(at, _)| {
        let after = text[at + flag.len()..].chars().next();
        !after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '-')
    })
}

#[test]
fn every_command_has_a_readme_section_naming_its_flags() {
    let mut missing = Vec::new();
    for help in every_help().iter().filter(|h| !h.path.is_empty()) {
        let name = help.name();
        let Some(section) = readme_section(&name) else {
            missing.push(format!("no README heading with `{name}`"));
            continue;
        };
        for flag in flags(&help.text) {
            if !names_flag(&section, &flag.long) {
                missing.push(format!("`{name}`: {} not in its README section", flag.long));
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[test]
fn every_flag_has_a_help_text() {
    let mut bare = Vec::new();
    for help in every_help() {
        for flag in flags(&help.text) {
            if !flag.described {
                bare.push(format!("{} {}", help.name(), flag.long));
            }
        }
    }
    assert!(bare.is_empty(), "flags without help:\n{}", bare.join("\n"));
}

#[test]
fn every_flag_a_help_names_is_its_own() {
    let all = every_help();
    let commands: Vec<String> = all.iter().filter_map(|h| h.path.last().cloned()).collect();
    let mut foreign = Vec::new();
    for help in &all {
        let own: Vec<String> = flags(&help.text).into_iter().map(|f| f.long).collect();
        for (at, _) in help.text.match_indices("--") {
            let word: String = help.text[at..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            let before = help.text[..at].trim_end();
            let of_another = commands.iter().any(|c| before.ends_with(c.as_str()));
            let flag_like = word.len() > 2 && word.as_bytes()[2].is_ascii_alphabetic();
            if flag_like
                && !of_another
                && !["--help", "--version"].contains(&word.as_str())
                && !own.contains(&word)
            {
                foreign.push(format!(
                    "{} names {word}, which it does not take",
                    help.name()
                ));
            }
        }
    }
    foreign.dedup();
    assert!(foreign.is_empty(), "{}", foreign.join("\n"));
}

#[test]
fn dam_help_names_every_subcommand() {
    let all = every_help();
    let top = subcommands(&all[0].text);
    let mut unnamed = Vec::new();
    for group in all.iter().filter(|h| h.path.len() == 1) {
        let about = &top
            .iter()
            .find(|(name, _)| *name == group.path[0])
            .expect("a top-level command is listed by `dam --help`")
            .1;
        for (sub, _) in subcommands(&group.text) {
            if !about
                .split(|c: char| !c.is_alphanumeric())
                .any(|w| w == sub)
            {
                unnamed.push(format!("{} {sub} (line: {about})", group.path[0]));
            }
        }
    }
    assert!(
        unnamed.is_empty(),
        "`dam --help` does not name:\n{}",
        unnamed.join("\n")
    );
}

#[test]
fn readme_command_headings_name_real_commands() {
    let names: Vec<String> = every_help().iter().map(Help::name).collect();
    let stale: Vec<&str> = README
        .lines()
        .filter(|line| heading_level(line).is_some())
        .filter_map(|line| line.split('`').nth(1))
        .filter(|quoted| quoted.starts_with("dam "))
        .filter(|quoted| !names.iter().any(|n| n == quoted))
        .collect();
    assert!(stale.is_empty(), "README headings of no command: {stale:?}");
}
