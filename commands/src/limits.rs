//! Limits against abuse: how fast one chat account may send requests, how
//! many game wizards a player may start in an hour, and how long a line
//! may be. Each refusal says what the limit is and when to try again.
//! The console (a terminal on the bot's own machine) has no rate limits.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

use chrono::TimeDelta;
use redscience_storage::sea_orm::prelude::DateTimeUtc;
use redscience_storage::{ChatId, Platform};

use crate::request::{Request, What};

/// The longest request text (a command line, an answer), in characters.
pub const MAX_TEXT: usize = 2000;
/// Requests one account may send at once.
pub const BURST: f64 = 20.0;
/// Seconds until the allowance grows by one request again.
pub const SECONDS_PER_REQUEST: f64 = 1.5;
/// Game wizards one player may start in an hour.
pub const WIZARDS_PER_HOUR: usize = 10;

/// What one account has left.
struct Allowance {
    requests: f64,
    at: DateTimeUtc,
    /// Already told that it is sending too fast (said once, not per request).
    told: bool,
}

/// The allowances of every account and the wizard starts of every player.
#[derive(Default)]
pub(crate) struct Limits {
    allowances: Mutex<HashMap<ChatId, Allowance>>,
    wizards: Mutex<HashMap<i64, VecDeque<DateTimeUtc>>>,
}

/// Why a request is not answered.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Refused {
    /// Refusal to the person.
    Say(String),
    /// Already said; the request is dropped without an answer.
    Quietly,
}

fn limited(platform: Platform) -> bool {
    platform != Platform::Console
}

impl Limits {
    /// Whether `req` may be answered at `now`: its text is not too long and
    /// its account has not sent too many requests.
    pub fn admit(&self, req: &Request, now: DateTimeUtc) -> Result<(), Refused> {
        let length = match &req.what {
            What::Command(text) | What::Choice(text) | What::Text(text) => text.chars().count(),
            What::File { command, .. } => command.chars().count(),
        };
        if length > MAX_TEXT {
            return Err(Refused::Say(format!(
                "That message has {length} characters; the bot reads at most {MAX_TEXT}. \
                 Nothing was done."
            )));
        }
        if !limited(req.who.chat.platform) {
            return Ok(());
        }
        let mut allowances = self.allowances.lock().unwrap_or_else(|p| p.into_inner());
        let allowance = allowances.entry(req.who.chat.clone()).or_insert(Allowance {
            requests: BURST,
            at: now,
            told: false,
        });
        let seconds = (now - allowance.at).num_milliseconds().max(0) as f64 / 1000.0;
        allowance.requests = (allowance.requests + seconds / SECONDS_PER_REQUEST).min(BURST);
        allowance.at = now;
        if allowance.requests >= 1.0 {
            allowance.requests -= 1.0;
            allowance.told = false;
            return Ok(());
        }
        if std::mem::replace(&mut allowance.told, true) {
            return Err(Refused::Quietly);
        }
        let wait = ((1.0 - allowance.requests) * SECONDS_PER_REQUEST)
            .ceil()
            .max(1.0);
        Err(Refused::Say(format!(
            "You are sending requests faster than the bot answers anyone: at most {} at once, \
             then one every {SECONDS_PER_REQUEST} seconds. Wait {wait} seconds and send it \
             again; nothing was done.",
            BURST as u32
        )))
    }

    /// Counts a wizard started by `player` at `now`, unless they already
    /// started [`WIZARDS_PER_HOUR`] in the last hour.
    pub fn start_wizard(
        &self,
        player: i64,
        platform: Platform,
        now: DateTimeUtc,
    ) -> Result<(), String> {
        if !limited(platform) {
            return Ok(());
        }
        let mut wizards = self.wizards.lock().unwrap_or_else(|p| p.into_inner());
        let starts = wizards.entry(player).or_default();
        let hour = TimeDelta::hours(1);
        while starts.front().is_some_and(|&t| now - t >= hour) {
            starts.pop_front();
        }
        if starts.len() >= WIZARDS_PER_HOUR {
            let free = starts.front().map(|&t| t + hour - now).unwrap_or(hour);
            let minutes = (free.num_seconds() + 59) / 60;
            return Err(format!(
                "You started {WIZARDS_PER_HOUR} game wizards in the last hour, the most there \
                 may be; the next can start in {minutes} minutes. Nothing was started."
            ));
        }
        starts.push_back(now);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::{Place, Who};

    fn request(platform: Platform, text: &str) -> Request {
        let chat = match platform {
            Platform::Console => ChatId::console("ann"),
            _ => ChatId::discord("42"),
        };
        Request {
            who: Who {
                chat,
                display_name: "Ann".into(),
            },
            place: Place {
                platform,
                community: None,
                channel: "c".into(),
                private: false,
            },
            what: What::Text(text.into()),
        }
    }

    fn at(seconds: i64) -> DateTimeUtc {
        DateTimeUtc::from_timestamp(1_800_000_000 + seconds, 0).unwrap()
    }

    #[test]
    fn a_burst_then_one_request_every_second_and_a_half_told_once() {
        let limits = Limits::default();
        let req = request(Platform::Discord, "help");
        for _ in 0..20 {
            assert_eq!(limits.admit(&req, at(0)), Ok(()));
        }
        let Err(Refused::Say(said)) = limits.admit(&req, at(0)) else {
            panic!("the 21st request at once is refused")
        };
        assert!(said.contains("at most 20 at once") && said.contains("Wait 2 seconds"));
        assert_eq!(limits.admit(&req, at(0)), Err(Refused::Quietly));
        assert_eq!(limits.admit(&req, at(1)), Err(Refused::Quietly));
        assert_eq!(limits.admit(&req, at(2)), Ok(()));
        // Another account has its own allowance; the console has none.
        let other = Request {
            who: Who {
                chat: ChatId::discord("43"),
                display_name: "Bo".into(),
            },
            ..req.clone()
        };
        assert_eq!(limits.admit(&other, at(2)), Ok(()));
        let console = request(Platform::Console, "help");
        for _ in 0..100 {
            assert_eq!(limits.admit(&console, at(0)), Ok(()));
        }
    }

    #[test]
    fn long_text_is_refused_everywhere() {
        let limits = Limits::default();
        let long = "x".repeat(MAX_TEXT + 1);
        let Err(Refused::Say(said)) = limits.admit(&request(Platform::Console, &long), at(0))
        else {
            panic!("too long")
        };
        assert!(said.contains("2001 characters") && said.contains("at most 2000"));
        let fits = "x".repeat(MAX_TEXT);
        assert_eq!(
            limits.admit(&request(Platform::Matrix, &fits), at(0)),
            Ok(())
        );
    }

    #[test]
    fn ten_wizards_an_hour() {
        let limits = Limits::default();
        for i in 0..10 {
            assert!(limits.start_wizard(7, Platform::Matrix, at(i * 60)).is_ok());
        }
        let refused = limits
            .start_wizard(7, Platform::Matrix, at(600))
            .unwrap_err();
        assert!(
            refused.contains("next can start in 50 minutes"),
            "{refused}"
        );
        assert!(limits.start_wizard(7, Platform::Matrix, at(3600)).is_ok());
        assert!(limits.start_wizard(8, Platform::Matrix, at(600)).is_ok());
        assert!(limits.start_wizard(7, Platform::Console, at(600)).is_ok());
    }
}
