//! Clocks in words: "1 day per move", "3 hours left", the clock words a
//! challenge takes, and a reminder's text.

use chrono::TimeDelta;
use redscience_storage::{CORRESPONDENCE_SECONDS, MatchClock};

/// "45 seconds", "3 hours", "2 days".
pub(crate) fn span(d: TimeDelta) -> String {
    let s = whole_seconds(d);
    let (n, unit) = match s {
        0..120 => (s, "second"),
        120..7200 => (s / 60, "minute"),
        7200..172_800 => (s / 3600, "hour"),
        _ => (s / 86_400, "day"),
    };
    format!("{n} {unit}{}", if n == 1 { "" } else { "s" })
}

/// Seconds, a part of one counting as one: a turn just begun on a clock of
/// a day has 24 hours left, not 23.
fn whole_seconds(d: TimeDelta) -> i64 {
    (d.num_milliseconds().max(0) + 999) / 1000
}

fn plural(n: i64, unit: &str) -> String {
    format!("{n} {unit}{}", if n == 1 { "" } else { "s" })
}

/// A clock's time per move, exactly: "60 seconds", "5 minutes", "1 hour",
/// "12 hours", "1 day", "7 days".
pub(crate) fn per_move(seconds: u32) -> String {
    let s = i64::from(seconds);
    if s >= 86_400 && s % 86_400 == 0 {
        plural(s / 86_400, "day")
    } else if s >= 3600 && s % 3600 == 0 {
        plural(s / 3600, "hour")
    } else if s >= 120 && s % 60 == 0 {
        plural(s / 60, "minute")
    } else {
        plural(s, "second")
    }
}

/// A clock in words: "1 day per move (correspondence)", "60 seconds per
/// move (live)", "no time limit". A turn of an hour or more is
/// correspondence, whoever set it.
pub(crate) fn clock_words(seconds: u32) -> String {
    match seconds {
        0 => "no time limit".to_string(),
        s if s >= 3600 => format!("{} per move (correspondence)", per_move(s)),
        s => format!("{} per move (live)", per_move(s)),
    }
}

/// Time left, rounded down: "14 seconds", "23 hours", "2 days 5 hours".
pub(crate) fn left_words(d: TimeDelta) -> String {
    let s = whole_seconds(d);
    if s < 172_800 {
        return span(d);
    }
    let (days, hours) = (s / 86_400, s % 86_400 / 3600);
    if hours == 0 {
        plural(days, "day")
    } else {
        format!("{} {}", plural(days, "day"), plural(hours, "hour"))
    }
}

/// The clocks a challenge may name, as typed.
pub(crate) const CLOCK_WORDS: &str = "live, 1h, 12h, 1d, 3d or 7d";

/// A clock word of a challenge: `live`, or a correspondence clock `1h`,
/// `12h`, `1d`, `3d`, `7d` (also spelt `1hour`, `12hours`, `1day`, `3days`,
/// `7days`, `1week`). `None` when the word is not about a clock (a name);
/// an error for a time that is not one of the clocks.
pub(crate) fn clock_word(word: &str) -> Option<Result<MatchClock, String>> {
    let lower = word.to_ascii_lowercase();
    if lower == "live" {
        return Some(Ok(MatchClock::Live));
    }
    let digits = lower.chars().take_while(char::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let (number, unit) = lower.split_at(digits);
    let unit_seconds: u64 = match unit {
        "h" | "hr" | "hrs" | "hour" | "hours" => 3600,
        "d" | "day" | "days" => 86_400,
        "w" | "wk" | "week" | "weeks" => 604_800,
        _ => return None,
    };
    let seconds = number.parse::<u64>().ok().map(|n| n * unit_seconds);
    Some(
        match seconds.and_then(|s| CORRESPONDENCE_SECONDS.iter().find(|&&c| u64::from(c) == s)) {
            Some(&s) => Ok(MatchClock::Correspondence(s)),
            None => Err(format!(
                "\"{word}\" is not a clock: name one of {CLOCK_WORDS} (time per move). Nothing was done."
            )),
        },
    )
}

/// A reminder: "ann, match 3 waits for your move: 3 hours left of 1 day.
/// Connect4 against bob; `board #3` shows it."
pub(crate) fn reminder_text(
    name: &str,
    id: i64,
    game: &str,
    against: &[String],
    left: TimeDelta,
    turn: u32,
) -> String {
    let against = if against.is_empty() {
        String::new()
    } else {
        format!(" against {}", against.join(" and "))
    };
    format!(
        "{name}, match {id} waits for your move: {} left of {}. {game}{against}; `board #{id}` shows it.",
        left_words(left),
        per_move(turn)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_are_named_exactly() {
        assert_eq!(per_move(60), "60 seconds");
        assert_eq!(per_move(90), "90 seconds");
        assert_eq!(per_move(300), "5 minutes");
        assert_eq!(per_move(3600), "1 hour");
        assert_eq!(per_move(43_200), "12 hours");
        assert_eq!(per_move(86_400), "1 day");
        assert_eq!(per_move(259_200), "3 days");
        assert_eq!(per_move(604_800), "7 days");
        assert_eq!(clock_words(60), "60 seconds per move (live)");
        assert_eq!(clock_words(86_400), "1 day per move (correspondence)");
        assert_eq!(clock_words(0), "no time limit");
    }

    #[test]
    fn time_left_is_rounded_down() {
        assert_eq!(left_words(TimeDelta::seconds(14)), "14 seconds");
        assert_eq!(left_words(TimeDelta::seconds(86_399)), "23 hours");
        assert_eq!(left_words(TimeDelta::seconds(3 * 86_400)), "3 days");
        assert_eq!(
            left_words(TimeDelta::seconds(2 * 86_400 + 5 * 3600 + 59)),
            "2 days 5 hours"
        );
        assert_eq!(left_words(TimeDelta::seconds(-3)), "0 seconds");
    }

    #[test]
    fn clock_words_of_a_challenge() {
        let ok = |w: &str| clock_word(w).map(|r| r.unwrap());
        assert_eq!(ok("live"), Some(MatchClock::Live));
        assert_eq!(ok("LIVE"), Some(MatchClock::Live));
        for (words, seconds) in [
            (&["1h", "1hour", "1hr"][..], 3600),
            (&["12h", "12hours"][..], 43_200),
            (&["1d", "1day", "1D"][..], 86_400),
            (&["3d", "3days"][..], 259_200),
            (&["7d", "7days", "1week", "1w"][..], 604_800),
        ] {
            for w in words {
                assert_eq!(ok(w), Some(MatchClock::Correspondence(seconds)), "{w}");
            }
        }
        // Names are not clocks; other times are refused, naming the clocks.
        for name in ["bob", "Random", "open", "4on7sq", "h1"] {
            assert!(clock_word(name).is_none(), "{name}");
        }
        let refused = clock_word("2d").unwrap().unwrap_err();
        assert!(
            refused.contains("\"2d\"") && refused.contains("live, 1h, 12h, 1d, 3d or 7d"),
            "{refused}"
        );
        assert!(clock_word("99999999999999999999h").unwrap().is_err());
    }

    #[test]
    fn a_reminder_names_the_match_game_opponent_time_and_board() {
        let text = reminder_text(
            "ann",
            3,
            "Connect4",
            &["bob".to_string()],
            TimeDelta::seconds(3 * 3600),
            86_400,
        );
        assert_eq!(
            text,
            "ann, match 3 waits for your move: 3 hours left of 1 day. Connect4 against bob; \
             `board #3` shows it."
        );
    }
}
