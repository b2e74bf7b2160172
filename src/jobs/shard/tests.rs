//! Shard plans and shard files: every game once and in order, no empty
//! shard, byte-exact copies whose lines map back to the input.

use super::*;

fn spans(sizes: &[usize]) -> Vec<GameSpan> {
    let mut at = 0;
    sizes
        .iter()
        .map(|&n| {
            let span = GameSpan {
                start: at,
                end: at + n,
                line: 1,
            };
            at += n + 1;
            span
        })
        .collect()
}

/// (input, game) of every game of a plan, in order.
fn games(plan: &[Vec<Segment>]) -> Vec<(usize, usize)> {
    plan.iter()
        .flatten()
        .flat_map(|s| (s.first..s.first + s.games).map(move |g| (s.input, g)))
        .collect()
}

#[test]
fn a_plan_has_every_game_once_in_order_and_no_empty_shard() {
    let a = spans(&[10, 500, 10, 10, 10, 10]);
    let b = spans(&[40, 40, 40]);
    let every: Vec<(usize, usize)> = (0..6)
        .map(|g| (0, g))
        .chain((0..3).map(|g| (1, g)))
        .collect();
    for shards in [1, 2, 3, 4, 8, 9, 50] {
        let plan = plan(&[&a, &b], shards);
        assert_eq!(plan.len(), shards.min(9), "{shards} shards");
        assert!(
            plan.iter()
                .all(|s| s.iter().map(|g| g.games).sum::<usize>() > 0)
        );
        assert_eq!(games(&plan), every, "{shards} shards");
    }
    assert!(plan(&[], 4).is_empty());
}

#[test]
fn shards_copy_the_games_and_map_their_lines_back() {
    let dir = tempfile::tempdir().unwrap();
    let one = dir.path().join("one.pdn");
    let two = dir.path().join("two.pdn");
    std::fs::write(
        &one,
        "[A \"1\"]\n32-28 *\n\n[A \"2\"]\n33-28 * [A \"3\"]\n34-29 *\n",
    )
    .unwrap();
    std::fs::write(&two, "\n\n31-27 1-0\n").unwrap();
    let sources: Vec<(String, Source)> = [&one, &two]
        .iter()
        .map(|p| (p.display().to_string(), Source::open(p).unwrap()))
        .collect();
    let out = dir.path().join("shards");
    let manifest = split(&sources, 2, &out).unwrap();
    assert_eq!(manifest["games"], 4);
    let mut seen = Vec::new();
    for shard in manifest["shards"].as_array().unwrap() {
        let bytes = std::fs::read(out.join(shard["file"].as_str().unwrap())).unwrap();
        assert_eq!(shard["bytes"], bytes.len());
        assert_eq!(shard["crc32"], format!("{:08x}", crc32(&bytes)));
        let text = String::from_utf8(bytes).unwrap();
        let mut games = Splitter::new(text.as_bytes());
        for segment in shard["segments"].as_array().unwrap() {
            let input = std::fs::read_to_string(segment["input"].as_str().unwrap()).unwrap();
            let shift = segment["line"].as_u64().unwrap() as i64
                - segment["shard_line"].as_u64().unwrap() as i64;
            for _ in 0..segment["games"].as_u64().unwrap() {
                let span = games.next().unwrap();
                let game = &text[span.start..span.end];
                let line = (span.line as i64 + shift) as usize;
                let at_line: String = input.lines().skip(line - 1).collect::<Vec<_>>().join("\n");
                let column = text[..span.start].rsplit('\n').next().unwrap().len();
                assert!(
                    at_line[column..].starts_with(game),
                    "{game:?} at line {line}"
                );
                seen.push(game.to_string());
            }
        }
    }
    assert_eq!(
        seen,
        [
            "[A \"1\"]\n32-28 *",
            "[A \"2\"]\n33-28 *",
            "[A \"3\"]\n34-29 *",
            "31-27 1-0"
        ]
    );
}

#[test]
fn crc32_is_zlibs() {
    assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    assert_eq!(crc32(b""), 0);
}
