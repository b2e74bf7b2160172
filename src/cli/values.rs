//! Parsers of command-line values that clap does not check itself: a
//! number of seconds that must become a `Duration` without panicking.

use std::time::Duration;

/// The longest time a flag accepts: about 31 years, far past any search,
/// and well inside what `Duration` and `Instant` arithmetic can hold.
pub const MAX_SECONDS: f64 = 1e9;

/// A positive, finite number of seconds up to `MAX_SECONDS`.
pub fn seconds(text: &str) -> Result<Duration, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if !(secs.is_finite() && secs > 0.0 && secs <= MAX_SECONDS) {
        return Err(format!(
            "{text} seconds: give a number above 0 and at most {MAX_SECONDS:e}"
        ));
    }
    Duration::try_from_secs_f64(secs).map_err(|e| format!("{text} seconds: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_zero_negative_and_junk_seconds_are_refused() {
        assert_eq!(seconds("1.5"), Ok(Duration::from_millis(1500)));
        for bad in ["1e20", "1e308", "inf", "NaN", "0", "-1", "x", ""] {
            assert!(seconds(bad).is_err(), "{bad}");
        }
    }
}
