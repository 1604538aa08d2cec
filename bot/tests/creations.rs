//! `creations [PLAYER]` through the console chat: a player's games and
//! players, most used first, with usage = 100 x matches / days since created.

use crate::common;

use common::{Chat, Setup};
use redscience_storage::Kind;

async fn chat(seed: u64) -> Chat {
    Setup::new("creations").chat(seed).await
}

/// A WIDTHx4 variant of Tic-Tac-Toe called `name`.
fn wide(name: &str, width: u32) -> serde_json::Value {
    serde_json::json!({"schema_version": 1, "name": name, "board": "squares",
        "dimensions": [width, 4, 1]})
}

impl Chat {
    /// Ann plays one match of `game` against `opponent` and resigns it.
    async fn play(&mut self, game: &str, opponent: &str) {
        let started = self.say(&format!("challenge {game} {opponent}")).await;
        assert!(started.contains("starts"), "{started}");
        let over = self.say("resign").await;
        assert!(over.contains("is over"), "{over}");
    }
}

/// The "- NAME: ..." lines of a creations list, in order.
fn rows(out: &str) -> Vec<String> {
    out.lines()
        .filter_map(|l| l.strip_prefix("- "))
        .map(str::to_string)
        .collect()
}

#[tokio::test]
async fn creations_are_listed_most_used_first() {
    let mut c = chat(1).await;
    let none = c.say("creations").await;
    assert!(
        none.contains("You have created no games or players yet"),
        "{none}"
    );
    c.save_as_ann(wide("Wide-Tic", 5)).await;
    let ann = c.ann().await;
    c.storage()
        .create_player(ann, "annbot", Kind::Persona)
        .await
        .unwrap();
    c.play("Wide-Tic", "Random").await;
    c.play("Wide-Tic", "Random").await;
    // On the first day, a day counts as a whole one.
    let today = c.say("creations").await;
    assert_eq!(
        rows(&today),
        [
            "Wide-Tic: game, 2 matches, new today, usage 200",
            "annbot: persona in Public Universe, 0 matches, new today, usage 0",
        ],
        "{today}"
    );
    c.later(2 * 86_400);
    c.save_as_ann(wide("Square-Tic", 4)).await;
    c.play("Square-Tic", "Random").await;
    c.play("Square-Tic", "annbot").await;
    c.play("Square-Tic", "annbot").await;
    c.play("Wide-Tic", "annbot").await;
    let out = c.say("creations").await;
    assert!(
        out.contains(
            "Your creations, most used first (usage = 100 × matches ÷ days since created)"
        ),
        "{out}"
    );
    assert_eq!(
        rows(&out),
        [
            "Square-Tic: game, 3 matches, new today, usage 300",
            "annbot: persona in Public Universe, 3 matches, 2 days old, usage 150",
            "Wide-Tic: game, 3 matches, 2 days old, usage 150",
        ],
        "{out}"
    );
    assert!(out.contains("`game show Square-Tic`"), "{out}");
    assert!(out.contains("`game show Wide-Tic`"), "{out}");
    assert!(!out.contains("`game show annbot`"), "{out}");
    // Someone else's creations, by name.
    c.say("@bob help").await;
    let theirs = c.say("@bob creations ann").await;
    assert!(theirs.contains("ann's creations"), "{theirs}");
    assert_eq!(rows(&theirs), rows(&out));
    let bobs = c.say("@ann creations bob").await;
    assert!(
        bobs.contains("bob has created no games or players yet"),
        "{bobs}"
    );
    let nobody = c.say("creations zed").await;
    assert!(
        nobody.contains("There is no player named \"zed\""),
        "{nobody}"
    );
    let two = c.say("creations ann bob").await;
    assert!(
        two.contains("`creations` takes one PLAYER; \"bob\" is more."),
        "{two}"
    );
    let help = c.say("help creations").await;
    assert!(help.contains("creations [PLAYER]"), "{help}");
}
