//! Machines by name through the console chat: `challenge GAME sp`, `ai`,
//! `easy`, `medium`, `hard`, `random` in any case, with or without the
//! game's name and star; a did-you-mean for names that are no one's; the
//! levels on the leaderboard; people named by chat account (a Matrix id,
//! a Discord mention) for challenges and friend requests.

use crate::common;

use common::{Chat, Setup};

async fn chat(seed: u64) -> Chat {
    Setup::new("machines").chat(seed).await
}

/// The "Match N of GAME starts: ..." line of a reply.
fn starts(out: &str) -> &str {
    out.lines()
        .find(|l| l.contains(" starts: "))
        .unwrap_or_else(|| panic!("no match started: {out}"))
}

#[tokio::test]
async fn every_machine_word_names_its_machine() {
    let mut c = chat(41).await;
    let cases = [
        ("sp", "*Tic-Tac-Toe SP"),
        ("SP", "*Tic-Tac-Toe SP"),
        ("ai", "*Tic-Tac-Toe SP"),
        ("\"Tic-Tac-Toe SP\"", "*Tic-Tac-Toe SP"),
        ("\"*Tic-Tac-Toe SP\"", "*Tic-Tac-Toe SP"),
        ("*Tic-Tac-Toe SP", "*Tic-Tac-Toe SP"),
        ("tic-tac-toe sp", "*Tic-Tac-Toe SP"),
        ("easy", "*Tic-Tac-Toe easy"),
        ("Medium", "*Tic-Tac-Toe medium"),
        ("HARD", "*Tic-Tac-Toe hard"),
        ("\"Tic-Tac-Toe hard\"", "*Tic-Tac-Toe hard"),
        ("random", "Random"),
        ("*Random", "Random"),
    ];
    for (word, player) in cases {
        let out = c.say(&format!("challenge Tic-Tac-Toe {word}")).await;
        let line = starts(&out);
        assert!(line.contains(player), "{word}: {line}");
        let out = c.say("resign").await;
        assert!(out.contains("is over"), "{word}: {out}");
    }
    // Levels are players of their own, made once.
    let storage = c.storage();
    let easy = storage
        .player_named("*Tic-Tac-Toe easy")
        .await
        .unwrap()
        .expect("the easy player exists");
    assert_eq!(easy.kind, redscience_storage::Kind::Standard);
    assert_eq!(redscience_storage::level_of(&easy), Some("easy"));
    let sp = storage
        .player_named("*Tic-Tac-Toe SP")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(redscience_storage::level_of(&sp), None);
}

#[tokio::test]
async fn unknown_names_get_a_did_you_mean_with_the_machines() {
    let mut c = chat(42).await;
    let out = c.say("challenge Connect4 hrad").await;
    assert!(out.contains("Did you mean `hard`?"), "{out}");
    for word in ["`sp`", "`easy`", "`medium`", "`hard`", "`random`"] {
        assert!(out.contains(word), "{word}: {out}");
    }
    let out = c.say("challenge Connect4 zebedee").await;
    assert!(out.contains("no player called \"zebedee\""), "{out}");
    assert!(out.contains("`sp`") && out.contains("`random`"), "{out}");
    // A person called like a machine word is named with `@`.
    let out = c.say("challenge Connect4 @easy").await;
    assert!(out.contains("no player called \"easy\""), "{out}");
}

#[tokio::test]
async fn the_leaderboard_lists_the_machines_and_offers_them_as_commands() {
    let mut c = chat(43).await;
    let out = c.say("leaderboard Tic-Tac-Toe").await;
    assert!(
        out.contains("Play the machines: `challenge Tic-Tac-Toe sp` (the standard player)"),
        "{out}"
    );
    for level in ["easy", "medium", "hard"] {
        assert!(
            out.contains(&format!("`challenge Tic-Tac-Toe {level}`")),
            "{out}"
        );
    }
    // Offered as commands to type, not as numbered choices.
    assert!(!out.contains(") challenge Tic-Tac-Toe easy"), "{out}");
    // A level played rated is on the board from then on, unranked.
    c.say("challenge Tic-Tac-Toe easy").await;
    let out = c.say("resign").await;
    assert!(out.contains("Ratings in Tic-Tac-Toe"), "{out}");
    let out = c.say("leaderboard Tic-Tac-Toe").await;
    assert!(out.contains("- *Tic-Tac-Toe easy "), "{out}");
    assert!(out.contains("- *Tic-Tac-Toe SP "), "{out}");
    assert!(out.contains("- *Random "), "{out}");
}

#[tokio::test]
async fn people_are_named_by_matrix_id_or_discord_mention() {
    let mut c = chat(44).await;
    // Someone who never spoke to the bot, by Matrix id: a player now, and
    // not a friend yet.
    let out = c.say("challenge Tic-Tac-Toe @bob:example.org").await;
    assert!(out.contains("bob is not your friend yet"), "{out}");
    let out = c.say("friend add @bob:example.org").await;
    assert!(out.contains("Friend request sent to bob"), "{out}");
    // The same person when they speak: the request waits for them.
    let storage = c.storage();
    let bob = storage
        .player_for_chat(
            &redscience_storage::ChatId::matrix("@bob:example.org"),
            "Bob B",
        )
        .await
        .unwrap();
    assert_eq!(bob.name, "bob");
    // A Discord mention, with or without the `!`.
    let out = c.say("friend add <@!4242>").await;
    assert!(out.contains("Friend request sent to discord-4242"), "{out}");
    let out = c.say("challenge Tic-Tac-Toe <@4242>").await;
    assert!(out.contains("discord-4242 is not your friend yet"), "{out}");
}
