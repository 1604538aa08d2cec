//! Challenges people can manage, through the console chat on a fixed
//! clock: the same challenge is sent once (a repeat is refused, pointing to
//! the first), `games` lists the challenges to and from a person, `decline
//! all` answers every one, hints name the verb typed, and an open challenge
//! lapses after one move of its clock, the challenger told once.

use crate::common;

use common::{Chat, Setup};

async fn chat(seed: u64) -> Chat {
    Setup::new("challenges").chat(seed).await
}

const DAY: i64 = 86_400;

#[tokio::test]
async fn the_same_challenge_sent_eighteen_times_reaches_bob_once() {
    let mut c = chat(1).await;
    c.befriend("ann", "bob").await;
    let first = c.say("@ann challenge Connect4 bob").await;
    assert!(
        first.contains("[#general] ann challenges bob to Connect4 (challenge 1)."),
        "{first}"
    );
    assert!(first.contains("[dm bob] ann challenges you"), "{first}");
    // The same again, also on another clock or unrated: the same question
    // to bob, so refused with a pointer to the first.
    for (n, again) in std::iter::repeat_n("@ann challenge Connect4 bob", 15)
        .chain([
            "@ann challenge Connect4 bob 3d",
            "@ann challenge connect4 @bob unrated",
        ])
        .enumerate()
    {
        let out = c.say(again).await;
        assert_eq!(
            out,
            "[#general] You already challenged bob to Connect4 in #general: challenge 1 is open \
             and lapses in 24 hours. Nothing was sent again. To change its clock or rating, \
             `cancel 1` and challenge anew.",
            "repeat {n}: {again}"
        );
    }
    // An open seat is offered once too.
    c.say("@ann challenge Tic-Tac-Toe open").await;
    let open = c.say("@ann challenge Tic-Tac-Toe open").await;
    assert!(
        open.starts_with(
            "[#general] You already challenged anyone here (1 open seat) to Tic-Tac-Toe in \
             #general: challenge 2 is open"
        ),
        "{open}"
    );
    c.say("@ann cancel 2").await;
    // Another game is another challenge.
    let other = c.say("@ann challenge Tic-Tac-Toe bob").await;
    assert!(other.contains("(challenge 3)"), "{other}");
    assert!(other.contains("[dm bob]"), "{other}");
    // Once the first is cancelled it may be sent again.
    c.say("@ann cancel 1").await;
    let anew = c.say("@ann challenge Connect4 bob").await;
    assert!(
        anew.contains("ann challenges bob to Connect4 (challenge 4)."),
        "{anew}"
    );
}

#[tokio::test]
async fn games_lists_the_challenges_to_you_and_from_you() {
    let mut c = chat(2).await;
    c.befriend("ann", "bob").await;
    c.befriend("carol", "bob").await;
    c.say("@ann challenge Connect4 bob").await;
    c.say("@carol challenge Tic-Tac-Toe bob 3d").await;
    c.later(3600);
    let bob = c.say("@bob games").await;
    assert!(
        bob.contains(
            "Challenges waiting for your answer (`decline all` declines every one):\n\
             - 1: ann invites you to Connect4 in #general (1 day per move; lapses in 23 hours). \
             `accept 1` or `decline 1`.\n\
             - 2: carol invites you to Tic-Tac-Toe in #general (3 days per move; lapses in 2 days \
             23 hours). `accept 2` or `decline 2`."
        ),
        "{bob}"
    );
    assert!(!bob.contains("Your open challenges"), "{bob}");
    let ann = c.say("@ann games").await;
    assert!(
        ann.contains(
            "Your open challenges:\n\
             - 1: Connect4 in #general, waiting for bob (1 day per move; lapses in 23 hours). \
             `cancel 1` withdraws it."
        ),
        "{ann}"
    );
    assert!(!ann.contains("waiting for your answer"), "{ann}");
    // A challenge with an open seat waits for anyone; once answered it is
    // no longer listed.
    c.say("@ann challenge Tic-Tac-Toe open 1h").await;
    c.say("@bob accept 1").await;
    let ann = c.say("@ann games").await;
    assert!(
        ann.contains(
            "Your open challenges:\n\
             - 3: Tic-Tac-Toe in #general, waiting for an open seat (1 hour per move; lapses in \
             60 minutes). `cancel 3` withdraws it."
        ),
        "{ann}"
    );
    assert!(!ann.contains("- 1:"), "{ann}");
    let bob = c.say("@bob games").await;
    assert!(
        bob.contains("Challenges waiting for your answer:\n- 2: carol invites you"),
        "one challenge, no `decline all` hint: {bob}"
    );
}

#[tokio::test]
async fn decline_all_answers_every_challenge_and_hints_name_the_verb_typed() {
    let mut c = chat(3).await;
    c.befriend("ann", "bob").await;
    c.befriend("carol", "bob").await;
    c.say("@ann challenge Connect4 bob").await;
    c.say("@ann challenge Tic-Tac-Toe bob").await;
    c.say("@carol challenge Connect4 bob").await;
    // Several open: each verb suggests itself.
    let decline = c.say("@bob decline").await;
    assert!(
        decline.contains("Say which, e.g. `decline 1`, or `decline all`."),
        "{decline}"
    );
    let cancel = c.say("@ann cancel").await;
    assert!(cancel.contains("Say which, e.g. `cancel 1`."), "{cancel}");
    let accept = c.say("@bob accept").await;
    assert!(accept.contains("Say which, e.g. `accept 1`."), "{accept}");
    let all = c.say("@bob decline all").await;
    assert_eq!(all, "[#general] bob declined challenges 1, 2 and 3.");
    let storage = c.storage();
    for id in 1..=3 {
        assert_eq!(
            storage.challenge(id).await.unwrap().status,
            redscience_storage::ChallengeStatus::Declined
        );
    }
    let again = c.say("@bob decline all").await;
    assert!(
        again.contains("No challenge waits for your answer, so there is nothing to decline."),
        "{again}"
    );
    let games = c.say("@bob games").await;
    assert!(!games.contains("Challenges waiting"), "{games}");
    // Privately, the channel is told and so is bob.
    c.say("@ann challenge Connect4 bob").await;
    let private = c.say("@bob [dm] decline all").await;
    assert_eq!(
        private,
        "[#general] bob declined challenge 4.\n[dm bob] You declined 1 challenge: 4."
    );
}

#[tokio::test]
async fn an_open_challenge_lapses_after_a_move_of_its_clock_told_once() {
    let mut c = chat(4).await;
    c.befriend("ann", "bob").await;
    c.say("@ann challenge Tic-Tac-Toe bob").await;
    // Against machines with an open seat, the game's 60 seconds: an hour.
    c.say("@ann challenge Tic-Tac-Toe open live").await;
    let quiet = c.wait(3600 - 1).await;
    assert!(quiet.is_empty(), "{quiet}");
    let hour = c.wait(1).await;
    assert_eq!(
        hour,
        "[#general] ann's challenge 2 (Tic-Tac-Toe) lapsed: no one took its open seat.\n\
         [dm ann] Your challenge 2 to Tic-Tac-Toe in #general lapsed after 60 minutes: no one \
         took its open seat. Nothing was started; challenge again when the others are about."
    );
    let quiet = c.wait(DAY - 3600 - 1).await;
    assert!(quiet.is_empty(), "{quiet}");
    let day = c.wait(1).await;
    assert_eq!(
        day,
        "[#general] ann's challenge 1 (Tic-Tac-Toe) lapsed: no answer from bob.\n\
         [dm ann] Your challenge 1 to Tic-Tac-Toe in #general lapsed after 24 hours: no answer \
         from bob. Nothing was started; challenge again when the others are about."
    );
    let once = c.wait(1).await;
    assert!(once.is_empty(), "told once: {once}");
    let late = c.say("@bob accept 1").await;
    assert!(late.contains("Challenge 1 is expired already."), "{late}");
    // A lapsed challenge is not open: asking again is a new challenge.
    let anew = c.say("@ann challenge Tic-Tac-Toe bob").await;
    assert!(anew.contains("(challenge 3)"), "{anew}");
}
