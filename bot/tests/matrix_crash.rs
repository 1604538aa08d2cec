//! Crash safety through Matrix: a person plays Connect4 against Random in a
//! room on a real homeserver while `redscience serve` is killed (SIGKILL)
//! mid-match, once right after a move was sent and once after its answer,
//! and started again on the same database and data directory. Every move
//! the bot acknowledged in the room is still on the board, none is played
//! twice, and the person can move again at once. Skipped (and says so)
//! unless `REDSCIENCE_TEST_MATRIX` names a homeserver (`.ci/synapse.sh`).
//! A request sent while the bot is down is answered, once, when it is back.

use crate::matrix_support;

use std::time::{Duration, Instant};

use matrix_sdk::ruma::{OwnedRoomId, UserId};
use matrix_support::{BotProcess, PATIENCE, Person, Seen, homeserver};

/// A room with the bot and `person`, both joined.
async fn room_with_bot(bot: &BotProcess, person: &Person) -> OwnedRoomId {
    let room = person.create_room(&[&bot.id], false, false).await;
    let id = room.room_id().to_owned();
    person.wait_joined(&id, &bot.id).await;
    id
}

/// The moves the bot announced in the room since `mark`: the person's and
/// Random's, as (person's, Random's) counts of "NAME (colour): ... to stack 4".
fn announced(
    seen: &[Seen],
    mark: usize,
    bot: &UserId,
    room: &OwnedRoomId,
    name: &str,
) -> (usize, usize) {
    let mut counts = (0, 0);
    for s in seen[mark..]
        .iter()
        .filter(|s| s.sender == bot && s.room == *room && !s.image)
    {
        for line in s.body.lines() {
            if !line.contains(" to stack ") {
                continue;
            }
            if line.starts_with(&format!("{name} (")) {
                counts.0 += 1;
            } else if line.starts_with("*Random (") {
                counts.1 += 1;
            }
        }
    }
    counts
}

/// The person's pieces and Random's on the board `board #ID` shows.
async fn on_board(
    bot: &BotProcess,
    person: &Person,
    room: &OwnedRoomId,
    id: u32,
    mine: &str,
) -> (usize, usize, String) {
    let m = person.say(room, &format!("!rs board #{id}")).await;
    let board = person
        .expect(m, &bot.id, Some(room), "the board", |s| {
            s.body.contains(&format!("Match {id} of Connect4")) && s.body.contains("```")
        })
        .await
        .body;
    let theirs = if mine == "Bo" { "Wo" } else { "Bo" };
    let count = |piece: &str| board.split_whitespace().filter(|w| *w == piece).count();
    (count(mine), count(theirs), board)
}

/// A small deterministic stream for the columns.
struct Dice(u64);

impl Dice {
    fn next(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kills_of_serve_mid_match_lose_no_acknowledged_move() {
    let Some(url) = homeserver("kills_of_serve_mid_match_lose_no_acknowledged_move") else {
        return;
    };
    let began = Instant::now();
    let mut bot = BotProcess::start(&url).await;
    let alice = Person::new(&url, "alice").await;
    let room = room_with_bot(&bot, &alice).await;
    let mut dice = Dice(0x6a09_e667_f3bc_c908);
    // The kills, by the number of the move sent: right after sending it
    // (before any answer), or after its answer.
    let plan: [(usize, bool); 4] = [(1, true), (2, false), (3, true), (4, false)];
    let (mut kills, mut kills_mid_move, mut total_moves, mut matches) = (0, 0, 0, 0);
    let mut acknowledged = 0;
    while kills < plan.len() {
        matches += 1;
        let start = alice.mark();
        let m = alice.say(&room, "!rs challenge Connect4 Random").await;
        let prompt = alice
            .expect(m, &bot.id, Some(&room), "the first turn", |s| {
                s.body.contains("your turn in match")
            })
            .await
            .body;
        let id: u32 = prompt
            .split_once("your turn in match ")
            .and_then(|(_, r)| r.split(|c: char| !c.is_ascii_digit()).next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("a match number in {prompt}"));
        let text: String = alice.seen()[start..]
            .iter()
            .filter(|s| s.sender == bot.id)
            .map(|s| s.body.clone())
            .collect::<Vec<_>>()
            .join("\n");
        let mine = if text.contains(&format!("{} (black)", alice.name)) {
            "Bo"
        } else {
            "Wo"
        };
        // Moves the bot may have played for alice: those sent and not
        // refused.
        let mut sent = 0usize;
        let mut over = false;
        for number in 1.. {
            let m = alice
                .say(&room, &format!("!rs move #{id} {}", 1 + dice.next(7)))
                .await;
            sent += 1;
            let kill = plan.get(kills).filter(|(n, _)| *n == number).map(|k| k.1);
            if kill != Some(true) {
                let answer = alice
                    .expect(m, &bot.id, Some(&room), "the move's answer", |s| {
                        s.body.contains(&format!("your turn in match {id}"))
                            || s.body.contains(&format!("Match {id} is over"))
                            || s.body.contains("Nothing was played")
                    })
                    .await
                    .body;
                if answer.contains("Nothing was played") {
                    // A full column: nothing played.
                    sent -= 1;
                }
                over = alice.seen()[start..]
                    .iter()
                    .any(|s| s.sender == bot.id && s.body.contains(&format!("Match {id} is over")));
            }
            if kill.is_none() {
                if over {
                    break;
                }
                continue;
            }
            // A crash, and a restart on the same database and data dir.
            let down = Instant::now();
            bot.restart().await;
            let restart_took = down.elapsed();
            // Listening again at once, not after a first sync held for the
            // server's whole long-poll timeout: a first sync that long-polls
            // (as the bot's later syncs do, for 30 s) is held that long when
            // nothing is new, so a broken restart takes 30 s or more. A
            // restart (kill, start, resume the session, a sync that does not
            // wait) takes a few seconds, more on a loaded machine: 20 s
            // allows for load and stays 10 s short of the broken case.
            assert!(
                restart_took < Duration::from_secs(20),
                "the bot took {restart_took:?} to listen again after a restart (a first sync \
                 held for the server's 30 s long poll would take 30 s or more)"
            );
            kills += 1;
            kills_mid_move += usize::from(kill == Some(true));
            // Not stuck: alice's turn again (a Random answer lost in the
            // crash is played by the clock), unless the match ended. It
            // goes on as soon as it is; stuck is never.
            let deadline = Instant::now() + PATIENCE;
            loop {
                let m = alice.say(&room, "!rs games").await;
                let games = alice
                    .expect(m, &bot.id, Some(&room), "the matches", |s| {
                        s.body.contains("unfinished match")
                    })
                    .await
                    .body;
                let ended = alice.seen()[start..]
                    .iter()
                    .any(|s| s.sender == bot.id && s.body.contains(&format!("Match {id} is over")));
                if games.contains(&format!("#{id} Connect4")) && games.contains("your turn") {
                    break;
                }
                if ended || !games.contains(&format!("#{id} ")) {
                    over = true;
                    break;
                }
                assert!(
                    Instant::now() < deadline,
                    "match {id} is stuck after a restart: after {PATIENCE:?} it is still not \
                     alice's turn:\n{games}"
                );
                tokio::time::sleep(Duration::from_millis(300)).await;
            }
            // Give a late duplicate of the move in flight time to show.
            tokio::time::sleep(Duration::from_millis(700)).await;
            let (own, random, board) = on_board(&bot, &alice, &room, id, mine).await;
            let (said_own, said_random) =
                announced(&alice.seen(), start, &bot.id, &room, &alice.name);
            // Every acknowledged move is on the board; alice's pieces are
            // no more than the moves she sent (none played twice), and the
            // turns alternate.
            assert!(
                own >= said_own && random >= said_random,
                "acknowledged {said_own} + {said_random} moves, the board has {own} + {random}:\n{board}"
            );
            assert!(
                own <= sent && said_own <= sent,
                "alice sent {sent} moves, {said_own} announced, {own} on the board:\n{board}"
            );
            assert!(
                own.abs_diff(random) <= 1,
                "{own} of alice's circles, {random} of Random's:\n{board}"
            );
            eprintln!(
                "kill {kills} (move {number}{}): restarted in {:.1} s; {said_own} + {said_random} \
                 moves acknowledged, {own} + {random} on the board",
                if kill == Some(true) {
                    ", in flight"
                } else {
                    ""
                },
                restart_took.as_secs_f64()
            );
            if over {
                break;
            }
            // The move after the restart is answered.
            let m = alice
                .say(&room, &format!("!rs move #{id} {}", 1 + dice.next(7)))
                .await;
            sent += 1;
            let answer = alice
                .expect(m, &bot.id, Some(&room), "the move after the restart", |s| {
                    s.body.contains(&format!("your turn in match {id}"))
                        || s.body.contains(&format!("Match {id} is over"))
                        || s.body.contains("Nothing was played")
                })
                .await
                .body;
            if answer.contains("Nothing was played") {
                sent -= 1;
            }
            if answer.contains("is over") {
                over = true;
                break;
            }
            if kills == plan.len() {
                break;
            }
        }
        // The match's final count: everything acknowledged is there, and
        // the moves alternate (no duplicate).
        let (own, random, board) = on_board(&bot, &alice, &room, id, mine).await;
        let (said_own, said_random) = announced(&alice.seen(), start, &bot.id, &room, &alice.name);
        assert!(
            own >= said_own && random >= said_random && own <= sent && own.abs_diff(random) <= 1,
            "match {id}: sent {sent}, acknowledged {said_own} + {said_random}, \
             the board has {own} + {random}:\n{board}"
        );
        total_moves += own + random;
        acknowledged += said_own + said_random;
        if over {
            continue;
        }
        // Not over yet (all kills done): resign, and it is over.
        let m = alice.say(&room, &format!("!rs resign #{id}")).await;
        alice
            .expect_text(m, &bot.id, &room, &format!("Match {id} is over"))
            .await;
    }
    assert!(kills >= 4 && kills_mid_move >= 2, "{kills} kills");
    assert!(
        acknowledged > 0 && total_moves >= acknowledged,
        "{acknowledged} acknowledged"
    );
    eprintln!(
        "matrix crash test: {kills} kills of serve ({kills_mid_move} right after a move was \
         sent), {acknowledged} moves acknowledged and {total_moves} on the board in {matches} \
         match(es), 0 acknowledged moves lost, none duplicated ({:.0} s)",
        began.elapsed().as_secs_f64()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_sent_while_the_bot_is_down_is_answered_once_when_it_returns() {
    let Some(url) =
        homeserver("a_request_sent_while_the_bot_is_down_is_answered_once_when_it_returns")
    else {
        return;
    };
    let mut bot = BotProcess::start(&url).await;
    let bob = Person::new(&url, "bob").await;
    let room = room_with_bot(&bot, &bob).await;
    let m = bob.say(&room, "!rs games").await;
    bob.expect(m, &bot.id, Some(&room), "an answer while up", |s| {
        s.body.contains("unfinished match")
    })
    .await;
    bot.kill();
    let m = bob.say(&room, "!rs challenge Tic-Tac-Toe Random").await;
    bot.start_again().await;
    bob.expect(
        m,
        &bot.id,
        Some(&room),
        "the answer to what was said while down",
        |s| s.body.contains("your turn in match"),
    )
    .await;
    // Another restart does not answer it again.
    bot.restart().await;
    let m2 = bob.say(&room, "!rs games").await;
    bob.expect(
        m2,
        &bot.id,
        Some(&room),
        "an answer after the second restart",
        |s| s.body.contains("Tic-Tac-Toe"),
    )
    .await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let started = bob.seen()[m..]
        .iter()
        .filter(|s| s.sender == bot.id && s.body.contains("your turn in match"))
        .count();
    assert_eq!(
        started, 1,
        "the challenge sent while down was answered once"
    );
}
