//! Stats, rating history and favoritism through the console chat: the
//! Stats columns with the All games row, provisional ratings marked and
//! never starred, the rating chart, the favoritism figures in words
//! (deliberate losing shows; Random against Random over 50 matches leaves
//! small boosts), and all of it still there after a restart. Runs on
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

/// The whole-number percentage after `label` in a favoritism row
/// ("win boost -45%").
fn figure(row: &str, label: &str) -> i32 {
    let (_, rest) = row
        .split_once(&format!("{label} "))
        .unwrap_or_else(|| panic!("no {label} in {row}"));
    let word = rest.split([' ', ',', ')', '\n']).next().unwrap();
    word.trim_end_matches(['.', '%'])
        .parse()
        .unwrap_or_else(|_| panic!("{label} is not a number in {row}"))
}

/// Who owes whom how much, from a favoritism row's "Favours: A owes B 2.30";
/// `None` when nobody owes anything.
fn owes(row: &str) -> Option<(String, String, f64)> {
    let (_, rest) = row.split_once("Favours: ").expect("favours");
    if rest.starts_with("nobody owes anything") {
        return None;
    }
    let (debtor, rest) = rest.split_once(" owes ").expect("owes");
    let words: Vec<&str> = rest.split([' ', ',']).collect();
    let at = words
        .iter()
        .position(|w| w.parse::<f64>().is_ok())
        .expect("an amount");
    Some((
        debtor.to_string(),
        words[..at].join(" "),
        words[at].parse().unwrap(),
    ))
}

/// The favoritism row that starts with `start`: its line and the indented
/// lines under it.
fn favoritism_row(out: &str, start: &str) -> String {
    let mut lines = out.lines().skip_while(|l| !l.starts_with(start));
    let first = lines
        .next()
        .unwrap_or_else(|| panic!("no row {start}: {out}"));
    std::iter::once(first)
        .chain(lines.take_while(|l| l.starts_with("  ")))
        .collect::<Vec<_>>()
        .join("\n")
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
async fn stats_show_every_column_with_the_all_games_row_and_survive_a_restart() {
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
    // The All games row comes first, then the most recently played.
    let all_at = out.find("\nAll games").expect("an All games row");
    let reviewing_at = out.find("\nTic-Tac-Toe (R)").expect("the reviewing row");
    let alone_at = out.find("\nTic-Tac-Toe (A)").expect("the alone row");
    assert!(all_at < reviewing_at && reviewing_at < alone_at, "{out}");
    assert!(!out.contains("Average"), "no average of ratings: {out}");

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
    // Three matches in: provisional, so marked and never starred.
    assert!(alone.provisional(), "{alone:?}");
    assert_eq!(cells[2], format!("{}?", alone.shown()), "{out}");
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
    assert_eq!(cells[2], format!("{}?", reviewing.shown()), "{out}");
    assert!(reviewing.shown() < 0, "{out}");
    assert_eq!(&cells[4..6], ["0", "0"], "a loss: {out}");
    // All games: the most recent match, the matches added up, the wins and
    // draws of all of them, and no rating or top burst (blank cells).
    let all = row(&out, "All games");
    let (won, drawn) = (alone.won + reviewing.won, alone.drawn + reviewing.drawn);
    assert_eq!(
        all[..4],
        [
            "1m".to_string(),
            "3".to_string(),
            format!("{:.0}", 100.0 * f64::from(won) / 3.0),
            format!("{:.0}", 100.0 * f64::from(drawn) / 3.0)
        ],
        "{out}"
    );
    assert!(
        out.contains("ratings are per game, so it has none"),
        "{out}"
    );
    // Buttons to the rating history and the favoritism.
    assert!(out.contains("history ann Tic-Tac-Toe"), "{out}");
    assert!(out.contains("favoritism ann"), "{out}");

    // One game, and someone else's stats.
    let one = c.say("stats ann Tic-Tac-Toe").await;
    assert!(one.contains("Tic-Tac-Toe (A)"), "{one}");
    let random = c.say("@bob stats Random").await;
    assert!(
        !random.contains("All games"),
        "one row, nothing to add up: {random}"
    );
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
            "Rating history of ann: Tic-Tac-Toe (D) {}? after 1 match, Tic-Tac-Toe (A) {}? after 2 matches. \
             Each line starts at 0, a new player's rating",
            delegating.shown(),
            alone.shown()
        )),
        "{out}"
    );
    assert!(out.contains("\n? marks a provisional rating"), "{out}");
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
    assert!(
        out.contains("`help favoritism` explains every figure"),
        "{out}"
    );
    let row = favoritism_row(&out, "- *Random in Tic-Tac-Toe: ");
    assert!(row.contains("5 matches"), "{row}");
    // ann lost every time: Random won more than expected (a kick back
    // above the spec's 7%), ann won less, each beside what happened and
    // what was expected; Random owes ann, having taken her chances.
    assert!(row.contains("In those 5: ann won 0% where "), "{row}");
    assert!(row.contains("*Random won 100% where "), "{row}");
    assert!(figure(&row, "kick back") > 7, "{row}");
    assert!(figure(&row, "win boost") < -7, "{row}");
    assert!(figure(&row, "preference") < -14, "{row}");
    let (debtor, creditor, amount) = owes(&row).expect("someone owes");
    assert_eq!((debtor.as_str(), creditor.as_str()), ("*Random", "ann"));
    assert!(amount > 1.0 && row.contains("so in default"), "{row}");
    // ann's shown rating fell below zero: no relative rating, and why.
    let s = c.storage();
    let mine = s
        .rating(&key(&s, "ann", Augmentation::Alone).await)
        .await
        .unwrap();
    assert!(mine.shown() < 0, "{mine:?}");
    assert!(
        row.contains(&format!("Ratings now: ann {}?, *Random ", mine.shown())),
        "{row}"
    );
    assert!(
        row.contains("no relative rating, as that compares two ratings above 0"),
        "{row}"
    );
    // Random's row of ann says the same the other way round.
    let out = c.say("favoritism Random Tic-Tac-Toe").await;
    let row = favoritism_row(&out, "- ann in Tic-Tac-Toe: ");
    assert!(figure(&row, "win boost") > 7, "{row}");
    assert!(figure(&row, "kick back") < -7, "{row}");
    assert_eq!(
        owes(&row).map(|o| (o.0, o.1)),
        Some(("*Random".into(), "ann".into()))
    );
    assert!(row.contains("no relative rating"), "{row}");

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
    let line = favoritism_row(&out, "- *Random in Tic-Tac-Toe: ");
    assert!(line.contains("50 matches"), "{line}");
    let (win, draw, kick) = (
        figure(&line, "win boost"),
        figure(&line, "draw boost"),
        figure(&line, "kick back"),
    );
    assert!(
        win.abs() <= 7 && kick.abs() <= 7 && draw.abs() <= 15,
        "{line}"
    );
    // Random meets itself both ways round: its wins are its kick backs.
    assert_eq!(win, kick, "{line}");
    assert!(
        line.contains("Ratings now: *Random 0?, *Random 0?; no relative rating"),
        "{line}"
    );
    assert_eq!(owes(&line), None, "{line}");
    // The stats count every match; the rating never moved.
    let stats = c.say("stats Random").await;
    let cells = row(&stats, "Tic-Tac-Toe (A)");
    // A beginner's rating: provisional, so no star.
    assert_eq!(&cells[1..4], ["50", "0?", "0"], "{stats}");
}

#[tokio::test]
async fn equals_who_draw_have_the_same_rating_and_owe_nothing() {
    let mut c = chat(46).await;
    c.befriend("ann", "bob").await;
    // 4on7sq has the option to agree a draw.
    c.say("@ann challenge 4on7sq bob").await;
    c.say("@bob accept").await;
    let offerer = c.whose_turn(&["ann", "bob"]).await;
    let other = if offerer == "ann" { "bob" } else { "ann" };
    c.say(&format!("@{offerer} draw")).await;
    let out = c.say(&format!("@{other} agree")).await;
    assert!(out.contains("Ratings in 4on7sq"), "{out}");
    let out = c.say("@ann favoritism").await;
    let row = favoritism_row(&out, "- bob in 4on7sq: ");
    // Two beginners: 45% each to win, 10% to draw; they drew.
    assert!(
        row.contains(
            "In that match: ann won 0% where 45% was expected (win boost -45%), \
             they drew 100% where 10% was expected (draw boost +90%), \
             bob won 0% where 45% was expected (kick back -45%)."
        ),
        "{row}"
    );
    // A draw between equals lifts both alike above 0: a ratio now means
    // something, and it is 0%.
    assert!(
        row.contains("bob's is the same (relative rating 0%)"),
        "{row}"
    );
    assert!(row.contains("Favours: nobody owes anything."), "{row}");
}

#[tokio::test]
async fn machines_and_levels_are_named_as_in_a_challenge() {
    let mut c = chat(47).await;
    let started = c.say("challenge Tic-Tac-Toe sp").await;
    assert!(started.contains("*Tic-Tac-Toe SP"), "{started}");
    let out = c.say("resign").await;
    assert!(out.contains("Ratings in"), "{out}");
    c.later(60);
    // The standard player won its one match.
    for asked in [
        "stats sp Tic-Tac-Toe",
        "stats SP tic-tac-toe",
        "stats ai Tic-Tac-Toe",
        "stats \"Tic-Tac-Toe SP\"",
    ] {
        let out = c.say(asked).await;
        assert!(out.contains("Stats of *Tic-Tac-Toe SP"), "{asked}: {out}");
        let cells = row(&out, "Tic-Tac-Toe (A)");
        assert_eq!(
            (cells[1].as_str(), cells[4].as_str()),
            ("1", "100"),
            "{asked}: {out}"
        );
    }
    let history = c.say("history sp Tic-Tac-Toe").await;
    assert!(history.contains("*Tic-Tac-Toe SP"), "{history}");
    assert!(!history.contains("no player named"), "{history}");
    let favoritism = c.say("favoritism sp Tic-Tac-Toe").await;
    assert!(favoritism.contains("*Tic-Tac-Toe SP"), "{favoritism}");
    assert!(!favoritism.contains("no player named"), "{favoritism}");
    // A level that never played: its own player, with no matches.
    let easy = c.say("stats easy Tic-Tac-Toe").await;
    assert!(
        easy.contains("*Tic-Tac-Toe easy has played no rated match"),
        "{easy}"
    );
    // The standard player of which game? The refusal says how to name it.
    let alone = c.say("stats sp").await;
    assert!(
        alone.contains(
            "\"sp\" is a machine of each game: name the game after it. Write it as \
             `stats [PLAYER] [GAME]`, e.g. `stats sp Connect4`."
        ),
        "{alone}"
    );
    let random = c.say("stats random").await;
    assert!(
        random.contains("Random has played no rated match"),
        "{random}"
    );
}
