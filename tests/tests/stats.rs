//! Stats, rating history and favoritism through the console chat: the
//! Stats columns with the Average row, the rating chart, the favoritism
//! figures (deliberate losing shows; Random against Random over 50 matches
//! leaves small boosts), and all of it still there after a restart. Runs on
//! PostgreSQL when `DATABASE_URL` names a server, on a scratch SQLite file
//! otherwise.

use crate::common;

use common::{Chat, Setup, play_out};
use redscience_storage::{Augmentation, ChatId, RatingKey, Storage, SystemPlayer};

async fn chat(seed: u64) -> Chat {
    Setup::new("stats").postgres_from_env().chat(seed).await
}

impl Chat {
    /// ann challenges Random to Tic-Tac-Toe (with an augmentation word, if
    /// any) and resigns: a rated loss.
    async fn lose(&mut self, how: &str) -> String {
        let started = self
            .say(&format!("challenge Tic-Tac-Toe Random {how}"))
            .await;
        assert!(started.contains("Tic-Tac-Toe"), "{started}");
        let out = self.say("resign").await;
        assert!(out.contains("Ratings in"), "{out}");
        self.later(60);
        out
    }
}

/// The cells of the Stats table's row that starts with `label`.
fn row(out: &str, label: &str) -> Vec<String> {
    let line = out
        .lines()
        .find(|l| l.starts_with(label))
        .unwrap_or_else(|| panic!("no row {label}: {out}"));
    line[label.len()..]
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// The whole-number figure after `label` in a favoritism line ("win boost -45%").
fn figure(line: &str, label: &str) -> i32 {
    let (_, rest) = line
        .split_once(&format!("{label} "))
        .unwrap_or_else(|| panic!("no {label} in {line}"));
    let word = rest.split([' ', ',']).next().unwrap();
    word.trim_end_matches('%')
        .parse()
        .unwrap_or_else(|_| panic!("{label} is not a number in {line}"))
}

fn owed(line: &str) -> f64 {
    let (_, rest) = line.split_once("favours owed ").expect("favours owed");
    rest.split(' ').next().unwrap().parse().unwrap()
}

fn favoritism_line<'a>(out: &'a str, start: &str) -> &'a str {
    out.lines()
        .find(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no line {start}: {out}"))
}

async fn key(s: &Storage, name: &str, augmentation: Augmentation) -> RatingKey {
    let player = s
        .player_for_chat(&ChatId::console(name), name)
        .await
        .unwrap();
    RatingKey {
        player_id: player.id,
        augmentation,
        rule_set_id: s.rule_set("Tic-Tac-Toe").await.unwrap().unwrap().id,
    }
}

#[tokio::test]
async fn stats_show_every_column_with_the_average_row_and_survive_a_restart() {
    let mut c = chat(41).await;
    let s = c.storage();
    let none = c.say("stats").await;
    assert!(none.contains("You have played no rated match"), "{none}");
    c.lose("").await;
    let started = c.say("challenge Tic-Tac-Toe Random").await;
    let end = play_out(&mut c, started, 20).await;
    assert!(end.contains("Ratings in"), "{end}");
    c.later(3 * 86_400);
    c.lose("reviewing").await;

    let out = c.say("stats").await;
    assert!(out.contains("Stats of ann"), "{out}");
    for column in [
        "Game",
        "Last Match",
        "Matches",
        "Rating",
        "Top Burst",
        "Win %",
        "Draw %",
        "Decision (sec)",
    ] {
        assert!(out.contains(column), "{column}: {out}");
    }
    // The Average row comes first, then the most recently played.
    let average_at = out.find("\nAverage").expect("an Average row");
    let reviewing_at = out.find("\nTic-Tac-Toe (R)").expect("the reviewing row");
    let alone_at = out.find("\nTic-Tac-Toe (A)").expect("the alone row");
    assert!(
        average_at < reviewing_at && reviewing_at < alone_at,
        "{out}"
    );

    let alone = s
        .rating(&key(&s, "ann", Augmentation::Alone).await)
        .await
        .unwrap();
    let reviewing = s
        .rating(&key(&s, "ann", Augmentation::Reviewing).await)
        .await
        .unwrap();
    assert_eq!((alone.played, reviewing.played), (2, 1));
    let cells = row(&out, "Tic-Tac-Toe (A)");
    assert_eq!(cells[0], "3d", "{out}");
    assert_eq!(cells[1], "2");
    assert_eq!(cells[2].trim_end_matches('★'), alone.shown().to_string());
    assert_eq!(cells[3], alone.top_burst.to_string());
    assert_eq!(
        cells[4],
        format!("{:.0}", 100.0 * f64::from(alone.won) / 2.0),
        "{out}"
    );
    assert_eq!(
        cells[5],
        format!("{:.0}", 100.0 * f64::from(alone.drawn) / 2.0),
        "{out}"
    );
    assert_eq!(
        cells[6],
        format!(
            "{:.1}",
            alone.decision_ms as f64 / 1000.0 / f64::from(alone.decisions)
        )
    );
    let cells = row(&out, "Tic-Tac-Toe (R)");
    assert_eq!(&cells[..2], ["1m", "1"], "{out}");
    assert_eq!(
        cells[2].trim_end_matches('★'),
        reviewing.shown().to_string()
    );
    assert_eq!(&cells[4..6], ["0", "0"], "a loss: {out}");
    let average = row(&out, "Average");
    assert_eq!(&average[..2], ["1m", "1.5"], "{out}");
    assert_eq!(
        average[2],
        format!("{:.0}", f64::from(alone.shown() + reviewing.shown()) / 2.0),
        "{out}"
    );
    // Buttons to the rating history and the favoritism.
    assert!(out.contains("history ann Tic-Tac-Toe"), "{out}");
    assert!(out.contains("favoritism ann"), "{out}");

    // One game, and someone else's stats.
    let one = c.say("stats ann Tic-Tac-Toe").await;
    assert!(one.contains("Tic-Tac-Toe (A)"), "{one}");
    let random = c.say("@bob stats Random").await;
    let cells = row(&random, "Tic-Tac-Toe (A)");
    assert_eq!(cells[1], "3", "{random}");
    let r = s
        .rating(&RatingKey {
            player_id: s.system_player(SystemPlayer::Random).await.unwrap().id,
            ..key(&s, "ann", Augmentation::Alone).await
        })
        .await
        .unwrap();
    assert_eq!(r.played, 3);
    assert_eq!(
        cells[4],
        format!("{:.0}", 100.0 * f64::from(r.won) / 3.0),
        "{random}"
    );

    // Bad input says what was wrong and what is accepted.
    let out = c.say("stats nobody").await;
    assert!(
        out.contains("There is no player named \"nobody\"")
            && out.contains("stats [PLAYER] [GAME]"),
        "{out}"
    );
    let out = c.say("stats ann Nope").await;
    assert!(
        out.contains("There is no game called \"Nope\"") && out.contains("game list"),
        "{out}"
    );
    let out = c.say("stats Chaos").await;
    assert!(out.contains("Chaos has no stats"), "{out}");
    let out = c.say("stats bob").await;
    assert!(out.contains("bob has played no rated match"), "{out}");
    let out = c.say("stats ann Connect4").await;
    assert!(
        out.contains("You have played no rated match of Connect4"),
        "{out}"
    );

    // After a restart the same numbers come back.
    drop(s);
    let before = c.say("stats").await;
    let favoritism = c.say("favoritism").await;
    c.restart(42).await;
    assert_eq!(c.say("stats").await, before);
    assert_eq!(c.say("favoritism").await, favoritism);
    c.lose("").await;
    let after = c.say("stats").await;
    assert_eq!(row(&after, "Tic-Tac-Toe (A)")[1], "3", "{after}");
}

#[tokio::test]
async fn history_draws_the_rating_over_time() {
    let mut c = chat(43).await;
    c.lose("").await;
    c.later(86_400);
    c.lose("").await;
    c.lose("delegating").await;
    let s = c.storage();
    let alone = s
        .rating(&key(&s, "ann", Augmentation::Alone).await)
        .await
        .unwrap();
    let delegating = s
        .rating(&key(&s, "ann", Augmentation::Delegating).await)
        .await
        .unwrap();
    assert!(alone.shown() < 0 && delegating.shown() < 0);
    let out = c.say("history ann Tic-Tac-Toe").await;
    assert!(
        out.contains(&format!(
            "Rating history of ann: Tic-Tac-Toe (D) 0 → {} over 1 match, Tic-Tac-Toe (A) 0 → {} over 2 matches.",
            delegating.shown(),
            alone.shown()
        )),
        "{out}"
    );
    let path = out
        .lines()
        .find_map(|l| l.trim().strip_prefix("(file: "))
        .map(|p| p.trim_end_matches(')'))
        .unwrap_or_else(|| panic!("a chart is attached: {out}"));
    assert!(path.ends_with("rating-history.png"), "{path}");
    let png = std::fs::read(path).unwrap();
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n") && png.len() > 1000);
    // Every game played when none is named; yourself when no one is.
    let all = c.say("history").await;
    assert!(all.contains("Rating history of ann: Tic-Tac-Toe"), "{all}");

    let out = c.say("history ann Nope").await;
    assert!(out.contains("There is no game called \"Nope\""), "{out}");
    let out = c.say("history ann Connect4").await;
    assert!(
        out.contains("ann has played no rated match of Connect4") && out.contains("stats ann"),
        "{out}"
    );
    let out = c.say("@bob history").await;
    assert!(out.contains("bob has played no rated match yet"), "{out}");
    let out = c.say("history nobody Tic-Tac-Toe").await;
    assert!(out.contains("There is no player named \"nobody\""), "{out}");
}

#[tokio::test]
async fn deliberate_losing_shows_as_favoritism() {
    let mut c = chat(44).await;
    let none = c.say("favoritism").await;
    assert!(none.contains("no favoritism to show"), "{none}");
    for _ in 0..5 {
        c.lose("").await;
    }
    let out = c.say("favoritism ann").await;
    let line = favoritism_line(&out, "- *Random in Tic-Tac-Toe: ");
    assert!(line.contains("5 matches"), "{line}");
    // ann lost every time: Random won more than expected (a kick back
    // above the spec's 7%), ann won less; ann owes Random nothing.
    assert!(figure(line, "kick back") > 7, "{line}");
    assert!(figure(line, "win boost") < -7, "{line}");
    assert!(figure(line, "preference") < -14, "{line}");
    assert!(owed(line) < -1.0, "{line}");
    // ann's shown rating fell below zero: no relative rating.
    assert!(line.contains("relative rating n/a"), "{line}");
    // Random owes ann the favours she did it.
    let out = c.say("favoritism Random Tic-Tac-Toe").await;
    let line = favoritism_line(&out, "- ann in Tic-Tac-Toe: ");
    assert!(figure(line, "win boost") > 7, "{line}");
    assert!(figure(line, "kick back") < -7, "{line}");
    assert!(owed(line) > 1.0 && line.contains("(in default)"), "{line}");
    let random = c
        .storage()
        .system_player(SystemPlayer::Random)
        .await
        .unwrap();
    let s = c.storage();
    let r = s
        .rating(&RatingKey {
            player_id: random.id,
            ..key(&s, "ann", Augmentation::Alone).await
        })
        .await
        .unwrap()
        .shown();
    let mine = s
        .rating(&key(&s, "ann", Augmentation::Alone).await)
        .await
        .unwrap()
        .shown();
    // Random's view of ann: R_ann / R_Random - 1.
    assert!(r > 0 && mine < 0, "{line}");
    let relative = (100.0 * (f64::from(mine) / f64::from(r) - 1.0)).round();
    assert!(
        line.contains(&format!("relative rating {relative:+.0}% ({mine} vs {r})")),
        "{line}"
    );

    let out = c.say("favoritism ann Nope").await;
    assert!(out.contains("There is no game called \"Nope\""), "{out}");
    let out = c.say("favoritism ann Connect4").await;
    assert!(out.contains("no rated match of Connect4"), "{out}");
    let out = c.say("favoritism Chaos").await;
    assert!(out.contains("Chaos has no stats"), "{out}");
}

#[tokio::test]
async fn random_against_random_over_50_matches_leaves_small_boosts() {
    let mut c = chat(45).await;
    let s = c.storage();
    let random = s.system_player(SystemPlayer::Random).await.unwrap();
    let game = s.rule_set("Tic-Tac-Toe").await.unwrap().unwrap();
    for seed in 0..50u64 {
        let live = common::random_rated_match(&s, game.id, &[random.id, random.id], seed).await;
        redscience_commands::ratings::rate(&s, &live)
            .await
            .unwrap()
            .expect("a finished rated match is rated");
    }
    let out = c.say("favoritism Random").await;
    let line = favoritism_line(&out, "- *Random in Tic-Tac-Toe: ");
    assert!(line.contains("50 matches"), "{line}");
    let (win, draw, kick) = (
        figure(line, "win boost"),
        figure(line, "draw boost"),
        figure(line, "kick back"),
    );
    assert!(
        win.abs() <= 7 && kick.abs() <= 7 && draw.abs() <= 15,
        "{line}"
    );
    // Random meets itself both ways round: its wins are its kick backs.
    assert_eq!(win, kick, "{line}");
    assert!(line.contains("relative rating n/a (0 vs 0)"), "{line}");
    assert!(owed(line).abs() < 1e-9, "{line}");
    // The stats count every match; the rating never moved.
    let stats = c.say("stats Random").await;
    let cells = row(&stats, "Tic-Tac-Toe (A)");
    assert_eq!(&cells[1..4], ["50", "0★", "0"], "{stats}");
}
