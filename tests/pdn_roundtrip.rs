//! Read → write → read is lossless: random games in every variant, written
//! by dam with comments, NAGs, strengths, variations and setups, are read
//! back, replayed and written again; the second writing equals the first,
//! every line is shorter than 80 characters (but a long tag or setup) and
//! every move is canonical.

use dam::notation::fen::write_fen;
use dam::notation::movetext::pdn_move;
use dam::pdn::gametype::terminator;
use dam::pdn::parse::parse_game;
use dam::pdn::replay::{Options, replay};
use dam::pdn::syntax::{Element, PdnGame};
use dam::pdn::write::{LINE_LIMIT, write_game};
use dam::rules::{Game, MoveList};
use dam::variant::Variant;
use dam::with_variant;

/// A small deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// PDN text of a random game of `G` with annotations, as a careless
/// writer might produce it (chess-style result, no roster, `%` comment).
fn random_game<G: Game>(rng: &mut Rng) -> String {
    let mut pos = G::start();
    let mut text = String::from("% written by the test\n[Event \"random \\\"test\\\"\"]\n");
    if let Some(n) = G::VARIANT.pdn_game_type() {
        text.push_str(&format!("[GameType \"{n}\"]\n"));
    } else {
        text.push_str(&format!("[Variant \"{}\"]\n", G::VARIANT.id()));
    }
    let plies = 10 + rng.below(60);
    for ply in 0..plies {
        let mut moves = MoveList::new();
        pos.generate(&mut moves);
        if moves.is_empty() {
            break;
        }
        if ply % 2 == 0 {
            text.push_str(&format!("{}. ", ply / 2 + 1));
        }
        let mv = moves[rng.below(moves.len())];
        text.push_str(&pdn_move(&pos, &mv));
        match rng.below(12) {
            0 => text.push_str("!?"),
            1 => text.push_str(" $3"),
            2 => text.push_str(
                " {a comment that is long enough to need wrapping when many of them follow}",
            ),
            3 => {
                let other = moves[rng.below(moves.len())];
                text.push_str(&format!(" ({}?)", pdn_move(&pos, &other)));
            }
            _ => {}
        }
        text.push(' ');
        pos = pos.play(&mv);
        if ply == plies / 2 && rng.below(4) == 0 {
            text.push_str(&format!("/FEN \"{}\"/ ", write_fen(&pos)));
        }
    }
    text.push_str("1/2-1/2\n");
    text
}

/// Replay with canonical moves and write.
fn rewrite(text: &str, variant: Variant) -> (String, PdnGame<'_>) {
    let mut game = parse_game(text).unwrap_or_else(|e| panic!("{e}: {text}"));
    let options = Options {
        canonical: true,
        ..Options::default()
    };
    replay(&mut game, variant, options).unwrap_or_else(|e| panic!("{e:?}: {text}"));
    let mut out = String::new();
    let geo = with_variant!(variant, G => G::geometry());
    write_game(&mut out, &game, variant, geo);
    (out, game)
}

/// What must survive a rewrite: everything but the layout.
fn content(game: &PdnGame) -> String {
    fn line(elements: &[Element], out: &mut String) {
        for e in elements {
            match e {
                Element::Move(m) => {
                    out.push_str(&format!("{}{} ", m.text, m.strength.unwrap_or("")))
                }
                Element::Comment(c) => out.push_str(&format!(
                    "{{{}}} ",
                    c.split_whitespace().collect::<Vec<_>>().join(" ")
                )),
                Element::Variation(v) => {
                    out.push('(');
                    line(v, out);
                    out.push_str(") ");
                }
                Element::Setup { text, .. } => out.push_str(&format!("/{text}/ ")),
                other => out.push_str(&format!("{other:?} ")),
            }
        }
    }
    let mut out = String::new();
    line(&game.body, &mut out);
    out
}

fn check_variant<G: Game>(seed: u64) {
    let mut rng = Rng(seed);
    for _ in 0..20 {
        let text = random_game::<G>(&mut rng);
        let (first, game) = rewrite(&text, G::VARIANT);
        let (second, again) = rewrite(&first, G::VARIANT);
        assert_eq!(first, second, "{text}");
        assert_eq!(content(&game), content(&again));
        assert_eq!(game.tag("Event"), again.tag("Event"));
        let long_alone = |l: &str| l.starts_with('[') || l.starts_with('/') && l.ends_with('/');
        for line in first.lines().filter(|l| !long_alone(l)) {
            assert!(line.len() < LINE_LIMIT, "{line}");
        }
        assert!(
            first.starts_with("% written by the test\n[Event "),
            "{first}"
        );
        let result = again.tag("Result").unwrap_or("*");
        assert!(first.trim_end().ends_with(terminator(result)), "{first}");
    }
}

#[test]
fn every_variant_survives_read_write_read() {
    for (i, variant) in Variant::ALL.into_iter().enumerate() {
        with_variant!(variant, G => check_variant::<G>(0x9E37_79B9_7F4A_7C15 ^ i as u64));
    }
}
