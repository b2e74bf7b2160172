//! The stream reader: games cut as a file's `Splitter` cuts them however
//! the bytes arrive, lines and columns kept, JSON lines told from PDN.

use super::*;
use crate::pdn::split::GameSpan;

/// A reader that hands out at most `step` bytes a call.
struct Trickle<'a> {
    bytes: &'a [u8],
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.step.min(buf.len()).min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

fn read_all(text: &str, step: usize) -> Vec<StreamGame> {
    GameReader::new(Trickle {
        bytes: text.as_bytes(),
        step,
    })
    .collect::<io::Result<_>>()
    .unwrap()
}

const PDN: &str = "\u{feff}[A \"1\"]\n1. 32-28 {a 1-0 comment}\n19-23 1-0 1. 33-28 *\n\n\
                   % line\n[B \"x\"]\n1. 31-27 (1... 2-0) 17-21\n[C \"y\"]\n34-29 0-1\n";

#[test]
fn pdn_is_cut_as_a_file_is_however_it_arrives() {
    let text = PDN.trim_start_matches('\u{feff}');
    let spans: Vec<GameSpan> = Splitter::new(text.as_bytes()).collect();
    for step in [1, 2, 3, 7, 64, READ] {
        let games = read_all(PDN, step);
        assert_eq!(games.len(), spans.len(), "step {step}");
        for (game, span) in games.iter().zip(&spans) {
            let want = Body::Pdn {
                text: text[span.start..span.end].to_string(),
                column: text[..span.start]
                    .rsplit('\n')
                    .next()
                    .unwrap()
                    .chars()
                    .count(),
            };
            assert_eq!((game.line, &game.body), (span.line, &want), "step {step}");
        }
    }
    assert_eq!(
        read_all(PDN, 5).iter().map(|g| g.index).collect::<Vec<_>>(),
        [1, 2, 3, 4]
    );
}

#[test]
fn json_lines_are_games_one_a_line_and_blank_lines_are_skipped() {
    let text = "\n{\"moves\": []}\n\n{\"broken\n{}";
    let games = read_all(text, 4);
    let lines: Vec<(usize, usize, &Body)> =
        games.iter().map(|g| (g.index, g.line, &g.body)).collect();
    assert_eq!(
        lines,
        [
            (1, 2, &Body::Json("{\"moves\": []}".into())),
            (2, 4, &Body::Json("{\"broken".into())),
            (3, 5, &Body::Json("{}".into())),
        ]
    );
}

#[test]
fn a_pdn_file_opening_with_a_comment_is_pdn() {
    let games = read_all("{ made by hand }\n1. 32-28 *\n", 3);
    assert!(matches!(
        &games[..],
        [StreamGame {
            body: Body::Pdn { .. },
            ..
        }]
    ));
}

#[test]
fn a_json_game_becomes_the_pdn_it_came_from() {
    let line = r#"{"variant":"international","tags":{"White":"A \"B\""},"moves":[{"move":"32-28"},"19-23"],"result":"2-0"}"#;
    let (text, variant) = pdn_of_json(line).unwrap();
    assert_eq!(text, "[White \"A \\\"B\\\"\"]\n\n32-28 19-23 2-0\n");
    assert_eq!(variant, Some(crate::variant::Variant::International));
    for (bad, why) in [
        ("[1]", "not a JSON object"),
        (r#"{"moves":["32-28 {x}"]}"#, "is not one move"),
        (r#"{"tags":{"a b":"c"}}"#, "is not a tag name"),
        (r#"{"variant":"chess"}"#, "unknown variant"),
    ] {
        let e = pdn_of_json(bad).unwrap_err();
        assert!(e.contains(why), "{bad}: {e}");
    }
}

#[test]
fn a_long_line_of_games_is_not_kept_and_columns_still_count() {
    let game = "1. 32-28 19-23 * ";
    let line = game.repeat(3 * READ / game.len());
    let mut reader = GameReader::new(line.as_bytes());
    let mut games = Vec::new();
    while let Some(game) = reader.next() {
        games.push(game.unwrap());
        assert!(
            reader.buf.len() <= 3 * READ,
            "{} bytes kept",
            reader.buf.len()
        );
    }
    assert_eq!(games.len(), 3 * READ / game.len());
    for (i, g) in games.iter().enumerate() {
        let want = Body::Pdn {
            text: game.trim_end().to_string(),
            column: i * game.len(),
        };
        assert_eq!((g.line, &g.body), (1, &want));
    }
}
