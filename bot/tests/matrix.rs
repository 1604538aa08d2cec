//! The bot on a real Matrix homeserver: `redscience serve` as a process,
//! people as matrix-sdk clients. Skipped (and says so) unless
//! `REDSCIENCE_TEST_MATRIX` names a homeserver that allows registration on
//! loopback; `.ci/run` starts one with `.ci/synapse.sh` and sets
//! `REDSCIENCE_REQUIRE_MATRIX`, so in CI they always run.

use crate::matrix_support;

use matrix_sdk::attachment::AttachmentConfig;
use matrix_sdk::ruma::events::room::message::TextMessageEventContent;
use matrix_sdk::ruma::{OwnedRoomId, RoomId, UserId};
use matrix_support::{BotProcess, Person, Seen, homeserver, to_move};

/// The words that pick the option in `text` whose line contains `needle`:
/// what the line shows between backquotes (`` `accept 1`: Accept ``).
fn option_words(text: &str, needle: &str) -> Option<String> {
    text.lines()
        .filter(|l| l.starts_with('`'))
        .find(|l| l.contains(needle))
        .and_then(|l| l.strip_prefix('`')?.split_once('`'))
        .map(|(words, _)| words.to_string())
}

/// The words and the label of the first option `text` offers.
fn first_option(text: &str) -> Option<(String, String)> {
    let line = text.lines().find(|l| l.starts_with('`'))?;
    let (words, rest) = line.strip_prefix('`')?.split_once('`')?;
    let label = rest.trim_start_matches(':').trim();
    Some((words.to_string(), label.to_string()))
}

/// A shared room with the bot and `people`, everyone joined.
async fn shared_room(bot: &BotProcess, host: &Person, others: &[&Person]) -> OwnedRoomId {
    let mut invited: Vec<&UserId> = vec![&bot.id];
    invited.extend(others.iter().map(|p| &*p.id));
    let room = host.create_room(&invited, false, false).await;
    let id = room.room_id().to_owned();
    host.wait_joined(&id, &bot.id).await;
    for other in others {
        host.wait_joined(&id, &other.id).await;
    }
    id
}

/// Makes `a` and `b` friends through the shared room (the bot tells `b`
/// of the request in a direct room).
async fn befriend(bot: &BotProcess, room: &RoomId, a: &Person, b: &Person) {
    let m = b.say(room, "!rs help").await;
    b.expect(m, &bot.id, Some(room), "help", |_| true).await;
    let m = a.say(room, &format!("!rs friend add {}", b.name)).await;
    a.expect_text(m, &bot.id, room, "Friend request sent").await;
    let m = b.say(room, &format!("!rs friend accept {}", a.name)).await;
    b.expect_text(m, &bot.id, room, "friends now").await;
}

/// `a` challenges `b` in the room; `b` accepts by typing the words the
/// private challenge shows for it. Returns the match's opening message.
async fn challenge(bot: &BotProcess, room: &RoomId, a: &Person, b: &Person, game: &str) -> String {
    let mb = b.mark();
    let m = a
        .say(room, &format!("!rs challenge {game} {}", b.name))
        .await;
    a.expect(m, &bot.id, Some(room), "the challenge", |_| true)
        .await;
    let private = b
        .expect(mb, &bot.id, None, "the challenge, privately", |s| {
            s.room != room && s.body.contains("accept")
        })
        .await;
    let accept = option_words(&private.body, "accept")
        .unwrap_or_else(|| panic!("the challenge offers accept as an option: {}", private.body));
    assert!(accept.starts_with("accept "), "{accept}");
    let ma = a.mark();
    b.say(&private.room, &accept).await;
    a.expect_text(ma, &bot.id, room, &format!("of {game} starts"))
        .await;
    // The report after the opening says who moves.
    a.expect(ma, &bot.id, Some(room), "who moves", |s| {
        s.body.contains(" to move.") || s.body.contains("plan")
    })
    .await
    .body
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_play_tic_tac_toe_to_a_win_in_a_room() {
    let Some(url) = homeserver("two_people_play_tic_tac_toe_to_a_win_in_a_room") else {
        return;
    };
    let bot = BotProcess::start(&url).await;
    let alice = Person::new(&url, "alice").await;
    let bob = Person::new(&url, "bob").await;
    let room = shared_room(&bot, &alice, &[&bob]).await;

    // Chatter without the prefix is not for the bot; a bad command is explained.
    let m = alice.say(&room, "hello everyone").await;
    let m2 = alice.say(&room, "!rs dance").await;
    let refusal = alice.expect_text(m2, &bot.id, &room, "not a command").await;
    assert!(refusal.contains("help"), "{refusal}");
    let answered: Vec<Seen> = alice.seen()[m..]
        .iter()
        .filter(|s| s.sender == bot.id)
        .cloned()
        .collect();
    assert_eq!(
        answered.len(),
        1,
        "only the command is answered: {answered:?}"
    );

    befriend(&bot, &room, &alice, &bob).await;
    let started = challenge(&bot, &room, &alice, &bob, "Tic-Tac-Toe").await;
    let first_name = to_move(&started).unwrap_or_else(|| panic!("who moves: {started}"));
    let (first, second) = if first_name == alice.name {
        (&alice, &bob)
    } else {
        (&bob, &alice)
    };
    let mut last = String::new();
    for (who, text) in [
        (first, "!rs move 1,1"),
        // A bare move after the prefix plays too.
        (second, "!rs 2,1"),
        (first, "!rs move 1,2"),
        (second, "!rs move 2,2"),
        (first, "!rs move 1,3"),
    ] {
        let m = who.say(&room, text).await;
        let cell = text.rsplit(' ').next().unwrap();
        last = who
            .expect(m, &bot.id, Some(&room), &format!("the move {cell}"), |s| {
                s.body.contains(&format!("({cell})")) || s.body.contains("Nothing was played")
            })
            .await
            .body;
        assert!(!last.contains("Nothing was played"), "{text}: {last}");
    }
    let m_over = first.mark();
    let over = if last.contains("is over") {
        last
    } else {
        first
            .expect_text(m_over.saturating_sub(5), &bot.id, &room, "is over")
            .await
    };
    assert!(over.contains(&format!("Victory: {}", first.name)), "{over}");
    // The board came as a picture too.
    assert!(
        alice
            .seen()
            .iter()
            .any(|s| s.sender == bot.id && s.room == room && s.image),
        "an m.image of the board"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_simultaneous_round_is_planned_in_direct_rooms_one_encrypted() {
    let Some(url) = homeserver("a_simultaneous_round_is_planned_in_direct_rooms_one_encrypted")
    else {
        return;
    };
    let bot = BotProcess::start(&url).await;
    let alice = Person::new(&url, "alice").await;
    let bob = Person::new(&url, "bob").await;
    let room = shared_room(&bot, &alice, &[&bob]).await;
    // Alice opens a plain direct room with the bot herself; Bob's is the
    // one the bot opens, encrypted.
    let alice_dm = alice.create_room(&[&bot.id], true, false).await;
    let alice_dm = alice_dm.room_id().to_owned();
    alice.wait_joined(&alice_dm, &bot.id).await;
    let m = alice.say(&alice_dm, "help").await;
    alice
        .expect(
            m,
            &bot.id,
            Some(&alice_dm),
            "help in the direct room",
            |_| true,
        )
        .await;

    befriend(&bot, &room, &alice, &bob).await;
    challenge(&bot, &room, &alice, &bob, "RockPaperScissors").await;
    let bob_dm = bob
        .direct_room_from(&bot.id, &room)
        .expect("the bot wrote to Bob directly");
    let ma = alice.mark();
    let mb = bob.mark();
    // A plan in the shared room is refused.
    let m = alice.say(&room, "!rs plan x 1").await;
    let refused = alice
        .expect(m, &bot.id, None, "a refusal", |s| {
            s.body.contains("Nothing was")
        })
        .await;
    assert!(refused.body.contains("private"), "{refused:?}");
    let early = bob.say(&bob_dm, "plan circle 1").await;
    let kept = bob
        .expect(early, &bot.id, Some(&bob_dm), "the plan kept", |s| {
            // Kept sealed when Bob's seat plans second, recorded when first.
            s.body.contains("sealed") || s.body.contains("Recorded")
        })
        .await;
    assert!(kept.encrypted, "Bob's direct room is encrypted: {kept:?}");
    let m = alice.say(&alice_dm, "plan x 1").await;
    let result = alice.expect_text(m, &bot.id, &room, "is over").await;
    assert!(
        result.contains(&format!("Victory: {}", alice.name)),
        "{result}"
    );
    // The room learnt nothing of the plans before both were in.
    let room_before: Vec<Seen> = alice.seen()[ma..]
        .iter()
        .filter(|s| s.room == room && s.sender == bot.id)
        .take_while(|s| !s.body.contains("is over"))
        .cloned()
        .collect();
    for s in &room_before {
        assert!(
            !s.body.to_lowercase().contains("circle to") && !s.body.contains("X to"),
            "a plan leaked to the room: {}",
            s.body
        );
    }
    // Alice's direct room is the one she opened, not encrypted; Bob's is.
    assert!(
        alice.seen()[ma..]
            .iter()
            .any(|s| s.room == alice_dm && s.sender == bot.id && !s.encrypted)
    );
    assert!(
        bob.seen()[mb..]
            .iter()
            .filter(|s| s.room == bob_dm && s.sender == bot.id)
            .all(|s| s.encrypted)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_mid_game_loses_nothing() {
    let Some(url) = homeserver("a_restart_mid_game_loses_nothing") else {
        return;
    };
    let mut bot = BotProcess::start(&url).await;
    let alice = Person::new(&url, "alice").await;
    let room = shared_room(&bot, &alice, &[]).await;
    // A private message before the restart opens an encrypted direct room.
    let m = alice.say(&room, "!rs token").await;
    let token = alice
        .expect(m, &bot.id, None, "a private token", |s| {
            s.room != room && s.body.contains("security token")
        })
        .await;
    assert!(token.encrypted, "{token:?}");
    let dm = token.room.clone();

    let m = alice.say(&room, "!rs challenge Tic-Tac-Toe Random").await;
    alice.expect_text(m, &bot.id, &room, "starts").await;
    // Random may move first: wait for the turn.
    alice.expect_text(m, &bot.id, &room, "your turn").await;
    let turn = alice
        .expect(m, &bot.id, Some(&room), "the first prompt", |s| {
            s.body.contains("your turn")
        })
        .await
        .body;
    let (first_move, _) = first_option(&turn).unwrap_or_else(|| panic!("options: {turn}"));
    // In a shared room the words shown with an option pick it.
    let m = alice.say(&room, &first_move).await;
    let prompt = alice
        .expect(m, &bot.id, Some(&room), "the first move answered", |s| {
            s.body.contains("your turn")
        })
        .await
        .body;
    // What the first option will play after the restart.
    let (typed, planned) = first_option(&prompt).unwrap_or_else(|| panic!("options: {prompt}"));
    let device_before = device(&bot.log_text());

    bot.restart().await;
    assert!(
        bot.log_text().contains("resumed"),
        "the session is resumed: {}",
        bot.log_text()
    );
    assert_eq!(device(&bot.log_text()), device_before, "the same device");
    // The match survived: the move shown still plays.
    let m = alice.say(&room, &format!("!rs {typed}")).await;
    let played = alice
        .expect(m, &bot.id, Some(&room), "the move after the restart", |s| {
            s.body.contains(&planned) || s.body.contains("Nothing was played")
        })
        .await
        .body;
    assert!(!played.contains("Nothing"), "{played}");
    let mut last = alice
        .expect(m, &bot.id, Some(&room), "the next turn", |s| {
            s.body.contains("your turn") || s.body.contains("is over")
        })
        .await
        .body;
    // The encrypted direct room still works both ways.
    let m = alice.say(&dm, "token").await;
    let again = alice
        .expect(m, &bot.id, Some(&dm), "a token again", |s| {
            s.body.contains("security token")
        })
        .await;
    assert!(again.encrypted, "{again:?}");
    // A rule-set file sent there (encrypted) with its command as caption.
    let rules = br#"{"schema_version": 1, "name": "Matrix-Four", "board": "squares", "dimensions": [4, 4, 1]}"#;
    let m = alice.mark();
    alice
        .client
        .get_room(&dm)
        .unwrap()
        .send_attachment(
            "four.json",
            &mime::APPLICATION_JSON,
            rules.to_vec(),
            AttachmentConfig::new().caption(Some(TextMessageEventContent::plain("game import"))),
        )
        .await
        .unwrap();
    let saved = alice
        .expect(m, &bot.id, Some(&dm), "the import", |s| {
            s.body.contains("Matrix-Four") || s.body.contains("four.json")
        })
        .await;
    assert!(saved.body.contains("Saved Matrix-Four"), "{saved:?}");
    // And the match goes on to its end.
    for _ in 0..9 {
        if last.contains("is over") {
            break;
        }
        let (typed, _) = first_option(&last).unwrap_or_else(|| panic!("options: {last}"));
        let m = alice.say(&room, &format!("!rs {typed}")).await;
        last = alice
            .expect(m, &bot.id, Some(&room), "a move answered", |s| {
                s.body.contains("your turn") || s.body.contains("is over")
            })
            .await
            .body;
    }
    assert!(last.contains("is over"), "{last}");
}

/// The device in the bot's "... on device X at ..." log line.
fn device(log: &str) -> String {
    log.lines()
        .find_map(|l| l.split_once(" on device "))
        .and_then(|(_, r)| r.split_whitespace().next())
        .unwrap_or_else(|| panic!("no device in the log:\n{log}"))
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cloaked_game_shows_hidden_pieces_only_in_each_players_direct_room() {
    let Some(url) =
        homeserver("a_cloaked_game_shows_hidden_pieces_only_in_each_players_direct_room")
    else {
        return;
    };
    let bot = BotProcess::start(&url).await;
    let alice = Person::new(&url, "alice").await;
    let bob = Person::new(&url, "bob").await;
    let room = shared_room(&bot, &alice, &[&bob]).await;
    befriend(&bot, &room, &alice, &bob).await;
    let ma = alice.mark();
    let mb = bob.mark();
    // 3Blotto13: each places circles on three boards, all cloaked.
    let started = challenge(&bot, &room, &alice, &bob, "3Blotto13").await;
    let first_name = to_move(&started).unwrap_or_else(|| panic!("who moves: {started}"));
    let order = if first_name == alice.name {
        [&alice, &bob]
    } else {
        [&bob, &alice]
    };
    // Two moves each, every one typed as shown in the direct room.
    let mut from = [0, 0];
    for _round in 0..2 {
        for (seat, who) in order.iter().enumerate() {
            let prompt = who
                .expect(from[seat], &bot.id, None, "a private prompt", |s| {
                    s.room != room && s.body.contains("your turn in match 1")
                })
                .await;
            from[seat] = who
                .seen()
                .iter()
                .rposition(|s| s.body == prompt.body && s.room == prompt.room)
                .map_or(from[seat], |i| i + 1);
            let (typed, _) =
                first_option(&prompt.body).unwrap_or_else(|| panic!("options: {}", prompt.body));
            let m = who.say(&prompt.room, &typed).await;
            who.expect(m, &bot.id, Some(&prompt.room), "the plan recorded", |s| {
                s.body.contains("Recorded")
            })
            .await;
        }
    }
    // Wait for the room to hear of all four moves.
    let deadline = std::time::Instant::now() + matrix_support::PATIENCE;
    let unseen = |p: &Person| {
        p.seen()
            .iter()
            .filter(|s| s.room == room && s.sender == bot.id && s.body.contains("cannot see"))
            .count()
    };
    while unseen(&alice) < 4 {
        assert!(
            std::time::Instant::now() < deadline,
            "the room heard of {} moves",
            unseen(&alice)
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let _ = (ma, mb);
    // Each direct room shows its player's own two pieces, and not the
    // other's. Player 1 plays black circles (Bo), Player 2 white ones (Wo).
    let own = |body: &str| {
        if body.contains("your view as Player 2") {
            ("Wo", "Bo")
        } else {
            ("Bo", "Wo")
        }
    };
    for person in [&alice, &bob] {
        let view = person
            .expect(0, &bot.id, None, "a view with both own pieces", |s| {
                s.room != room
                    && s.body.contains("your view")
                    && pieces(&s.body, own(&s.body).0) == 2
            })
            .await;
        let theirs = own(&view.body).1;
        assert_eq!(pieces(&view.body, theirs), 0, "{}", view.body);
    }
    // The room never shows a piece: only moves nobody can see.
    for person in [&alice, &bob] {
        for s in person
            .seen()
            .iter()
            .filter(|s| s.room == room && s.sender == bot.id)
        {
            assert!(
                pieces(&s.body, "Bo") + pieces(&s.body, "Wo") == 0 && !s.body.contains("circle to"),
                "the room shows a hidden piece: {}",
                s.body
            );
        }
    }
}

/// How many cells of a text board hold `piece` (`Bo`: a black circle).
fn pieces(text: &str, piece: &str) -> usize {
    text.split_whitespace().filter(|w| *w == piece).count()
}
