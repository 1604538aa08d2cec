//! A match's clock: the game's own time per turn (a live game), or a
//! correspondence clock for play across days (1 hour to 7 days a move),
//! chosen by its challenge and kept with the challenge and the match; and
//! when a seat is reminded before its time runs out.

/// The correspondence clocks, in seconds per move: 1 hour, 12 hours, 1 day,
/// 3 days and 7 days.
pub const CORRESPONDENCE_SECONDS: [u32; 5] = [3600, 43_200, 86_400, 259_200, 604_800];

/// The clock between people unless a challenge names another: 1 day a move.
pub const DEFAULT_CORRESPONDENCE: MatchClock = MatchClock::Correspondence(86_400);

/// How long each move of a match may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchClock {
    /// The game's own time per turn (`seconds_per_turn`; 0: no limit).
    Live,
    /// A correspondence clock: this many seconds per move, whatever the game says.
    Correspondence(u32),
}

impl MatchClock {
    /// The clock as stored: `None` for the game's own (what every row
    /// written before clocks could be chosen means).
    pub fn column(self) -> Option<i32> {
        match self {
            MatchClock::Live => None,
            MatchClock::Correspondence(s) => Some(s as i32),
        }
    }

    /// The clock a stored value means.
    pub fn from_column(value: Option<i32>) -> MatchClock {
        match value {
            Some(s) if s > 0 => MatchClock::Correspondence(s as u32),
            _ => MatchClock::Live,
        }
    }

    /// Seconds per move for a game whose own time per turn is `live`
    /// (0: no limit).
    pub fn seconds(self, live: u32) -> u32 {
        match self {
            MatchClock::Live => live,
            MatchClock::Correspondence(s) => s,
        }
    }
}

const HOUR: u32 = 3600;
const DAY: u32 = 86_400;

/// The longest an open challenge waits for its answers: a week, the
/// longest clock.
pub const CHALLENGE_LIFETIME_MAX: u32 = 7 * DAY;

/// How long an open challenge waits for its answers, for a match of
/// `seconds_per_move` (0: no limit): as long as one move may take, but at
/// least an hour (a live clock's seconds would lapse a challenge before
/// anyone read it) and at most a week (no limit waits a week).
pub fn challenge_lifetime(seconds_per_move: u32) -> u32 {
    match seconds_per_move {
        0 => CHALLENGE_LIFETIME_MAX,
        s => s.clamp(HOUR, CHALLENGE_LIFETIME_MAX),
    }
}

/// When a seat to move is reminded, as seconds before its deadline, the
/// earliest first. Turns of 3 days or more: a day before and an hour
/// before; of 12 hours or more: 3 hours and 1 hour before; shorter turns
/// (live games, 1 hour): once, when a quarter of the turn is left. A
/// quarter under a second reminds no one.
pub fn reminder_schedule(turn_seconds: u32) -> Vec<u32> {
    if turn_seconds >= 3 * DAY {
        vec![DAY, HOUR]
    } else if turn_seconds >= 12 * HOUR {
        vec![3 * HOUR, HOUR]
    } else if turn_seconds >= 4 {
        vec![turn_seconds / 4]
    } else {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_is_stored_as_its_seconds_or_nothing_for_the_games_own() {
        assert_eq!(MatchClock::Live.column(), None);
        assert_eq!(MatchClock::from_column(None), MatchClock::Live);
        for s in CORRESPONDENCE_SECONDS {
            let clock = MatchClock::Correspondence(s);
            assert_eq!(MatchClock::from_column(clock.column()), clock);
            assert_eq!(clock.seconds(60), s);
        }
        assert_eq!(MatchClock::Live.seconds(60), 60);
        assert_eq!(MatchClock::Live.seconds(0), 0);
    }

    #[test]
    fn a_challenge_waits_one_move_of_its_clock_between_an_hour_and_a_week() {
        assert_eq!(challenge_lifetime(86_400), 86_400);
        assert_eq!(challenge_lifetime(3600), 3600);
        assert_eq!(challenge_lifetime(604_800), 604_800);
        // A live clock's 60 seconds: an hour.
        assert_eq!(challenge_lifetime(60), 3600);
        // No time limit: a week.
        assert_eq!(challenge_lifetime(0), 604_800);
        assert_eq!(challenge_lifetime(u32::MAX), 604_800);
    }

    #[test]
    fn reminders_come_earlier_on_longer_clocks() {
        assert_eq!(reminder_schedule(60), [15]);
        assert_eq!(reminder_schedule(300), [75]);
        assert_eq!(reminder_schedule(3), Vec::<u32>::new());
        assert_eq!(reminder_schedule(3600), [900]);
        assert_eq!(reminder_schedule(43_200), [10_800, 3600]);
        assert_eq!(reminder_schedule(86_400), [10_800, 3600]);
        assert_eq!(reminder_schedule(259_200), [86_400, 3600]);
        assert_eq!(reminder_schedule(604_800), [86_400, 3600]);
    }
}
