//! Abuse limits through the whole bot: how fast a chat account may send
//! requests, how many game wizards a player may start in an hour, how long
//! a line may be. The console itself is never rate-limited.

use crate::common;

use common::{Chat, Setup};
use redscience_commands::{Place, Request, What, Who};
use redscience_storage::{ChatId, Platform};

/// A request from a Discord account in a guild channel.
fn on_discord(id: &str, line: &str) -> Request {
    Request {
        who: Who {
            chat: ChatId::discord(id),
            display_name: format!("user{id}"),
        },
        place: Place {
            platform: Platform::Discord,
            community: Some("guild".into()),
            channel: "channel".into(),
            private: false,
        },
        what: What::Command(line.into()),
    }
}

async fn said(c: &Chat, id: &str, line: &str) -> String {
    let reply = c.console.bot().handle(on_discord(id, line)).await;
    reply
        .messages
        .iter()
        .map(|m| m.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

#[tokio::test]
async fn too_many_requests_at_once_are_refused_once_then_dropped_until_the_allowance_grows() {
    let mut c = Setup::new("limits-rate").chat(1).await;
    for _ in 0..20 {
        assert!(said(&c, "1", "help").await.contains("Commands"));
    }
    let refused = said(&c, "1", "help").await;
    assert!(
        refused.contains("faster than") && refused.contains("Wait 2 seconds"),
        "{refused}"
    );
    // Said once: the next ones are dropped without a word.
    assert_eq!(said(&c, "1", "help").await, "");
    // Someone else is not held back.
    assert!(said(&c, "2", "help").await.contains("Commands"));
    c.later(2);
    assert!(said(&c, "1", "help").await.contains("Commands"));
    // The console, a terminal on the bot's own machine, has no such limit.
    for _ in 0..40 {
        assert!(c.say("help").await.contains("Commands"));
    }
}

#[tokio::test]
async fn a_player_starts_at_most_ten_game_wizards_an_hour() {
    let mut c = Setup::new("limits-wizard").chat(2).await;
    for _ in 0..10 {
        let started = said(&c, "3", "game create").await;
        assert!(started.contains("`cancel` leaves"), "{started}");
        c.later(60);
    }
    let refused = said(&c, "3", "game create").await;
    assert!(
        refused.contains("10 game wizards in the last hour") && refused.contains("in 50 minutes"),
        "{refused}"
    );
    // The wizard already open still answers.
    let named = said(&c, "3", "cancel").await;
    assert!(named.contains("nothing was saved"), "{named}");
    c.later(50 * 60);
    assert!(
        said(&c, "3", "game create")
            .await
            .contains("`cancel` leaves")
    );
}

#[tokio::test]
async fn a_line_longer_than_two_thousand_characters_is_refused_everywhere() {
    let mut c = Setup::new("limits-text").chat(3).await;
    let long = format!("challenge {}", "x".repeat(2000));
    let refused = said(&c, "4", &long).await;
    assert!(refused.contains("at most 2000"), "{refused}");
    let refused = c.say(&long).await;
    assert!(refused.contains("at most 2000"), "{refused}");
    assert!(!c.say("games").await.contains("at most 2000"));
}
