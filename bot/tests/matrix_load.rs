//! A load run (an ignored test, not part of the normal run): MATCHES people each play Tic-Tac-Toe against
//! Random with the bot over a Matrix homeserver, all at once, each in a
//! room of their own, and the time from sending a move to the bot's
//! answer is measured. Prints the median and the 99th percentile.
//!
//! `bench/matrix-load.sh` starts a local Synapse and runs this with
//! `REDSCIENCE_TEST_MATRIX` set. Settings:
//! `MATCHES` (20), `ROUNDS` matches each (2).

use std::time::{Duration, Instant};

use crate::matrix_support::{BotProcess, Person};
use matrix_sdk::ruma::OwnedRoomId;

fn setting(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a load run: bench/matrix-load.sh"]
async fn matrix_load() {
    let url = std::env::var("REDSCIENCE_TEST_MATRIX")
        .expect("REDSCIENCE_TEST_MATRIX names the homeserver (see bench/matrix-load.sh)");
    let matches = setting("MATCHES", 20);
    let rounds = setting("ROUNDS", 2);
    let bot = BotProcess::start(&url).await;
    eprintln!("bot {} started; preparing {matches} people", bot.id);
    let mut people = Vec::new();
    for i in 0..matches {
        let person = Person::new(&url, &format!("load{i}p")).await;
        let room = person.create_room(&[&bot.id], false, false).await;
        let room: OwnedRoomId = room.room_id().to_owned();
        person.wait_joined(&room, &bot.id).await;
        people.push((person, room));
    }
    eprintln!("playing {rounds} matches each, all at once");
    let began = Instant::now();
    let mut tasks = tokio::task::JoinSet::new();
    for (person, room) in people {
        let bot_id = bot.id.clone();
        tasks.spawn(async move {
            let mut times = Vec::new();
            for _ in 0..rounds {
                let m = person
                    .say(&room, "!rs challenge Tic-Tac-Toe Random unrated")
                    .await;
                let mut last = person
                    .expect(m, &bot_id, Some(&room), "the match", |s| {
                        s.body.contains("your turn") || s.body.contains("is over")
                    })
                    .await
                    .body;
                for _ in 0..9 {
                    if last.contains("is over") {
                        break;
                    }
                    let sent = Instant::now();
                    let m = person.say(&room, "1").await;
                    let answer = person
                        .expect(m, &bot_id, Some(&room), "the answer", |s| {
                            s.body.contains("your turn") || s.body.contains("is over")
                        })
                        .await;
                    // From sending the move to the first message answering it.
                    let first = person.seen()[m..]
                        .iter()
                        .find(|s| s.sender == bot_id && s.room == room)
                        .map(|s| s.at)
                        .unwrap_or(answer.at);
                    times.push(first.duration_since(sent));
                    last = answer.body;
                }
            }
            times
        });
    }
    let mut times: Vec<Duration> = Vec::new();
    while let Some(done) = tasks.join_next().await {
        times.extend(done.expect("a player finished"));
    }
    let wall = began.elapsed();
    times.sort();
    let at = |q: f64| times[((times.len() as f64 - 1.0) * q).round() as usize];
    println!(
        "{{\"matches\": {matches}, \"rounds\": {rounds}, \"moves\": {}, \"median_ms\": {}, \"p99_ms\": {}, \"max_ms\": {}, \"wall_s\": {:.1}}}",
        times.len(),
        at(0.5).as_millis(),
        at(0.99).as_millis(),
        times.last().map_or(0, |t| t.as_millis()),
        wall.as_secs_f64()
    );
}
