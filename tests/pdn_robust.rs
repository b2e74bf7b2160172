//! Bad input never panics: arbitrary text made of PDN's own characters is
//! split, parsed and replayed, and every game either replays or reports
//! an error with an offset inside its text.

use dam::pdn::parse::parse_game;
use dam::pdn::replay::{Options, replay};
use dam::pdn::split::Splitter;
use dam::variant::Variant;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn any_text_is_split_parsed_and_replayed_without_panic(
        text in "([\\[\\]{}()\"%$/*!?.:x -]|[0-9]{1,3}|[a-h][1-8]|\\n|1-0|2-0|Event|FEN|W:W|B)*",
        variant in prop::sample::select(Variant::ALL.to_vec()),
    ) {
        for span in Splitter::new(text.as_bytes()) {
            let game_text = &text[span.start..span.end];
            match parse_game(game_text) {
                Ok(mut game) => {
                    let options = Options { canonical: true, fens: true, ..Options::default() };
                    if let Err(e) = replay(&mut game, variant, options) {
                        prop_assert!(e.offset <= game_text.len());
                    }
                }
                Err(e) => prop_assert!(e.offset <= game_text.len()),
            }
        }
    }
}
