//! Ratings through the console chat: every finished rated match moves its
//! players' ratings the expected way, whatever the number of seats and
//! however it ended; Chaos never changes; unrated matches change nothing;
//! and the ratings are still there after a restart. Runs on PostgreSQL when
//! `DATABASE_URL` names a server, on a scratch SQLite file otherwise.

use crate::common;

use common::{Chat, Setup, play_out};
use redscience_engine::SeatResult;
use redscience_storage::{Augmentation, ChatId, Rating, RatingKey, Storage, SystemPlayer};

async fn chat(seed: u64) -> Chat {
    Setup::new("ratings").postgres_from_env().chat(seed).await
}

/// `name`'s part of the "Ratings in" line of a match's last report, e.g.
/// "ann new → -183?" or "ann -183? → -312? (-129)".
fn part<'a>(out: &'a str, name: &str) -> &'a str {
    let line = out
        .lines()
        .find(|l| l.starts_with("Ratings in "))
        .unwrap_or_else(|| panic!("no ratings line: {out}"));
    line.split_once(": ")
        .unwrap()
        .1
        .trim_end_matches('.')
        .split(", ")
        .find(|p| p.starts_with(&format!("{name} ")))
        .unwrap_or_else(|| panic!("{name} is not in {line}"))
}

/// The shown rating of `name` before (`None` for a first rated match,
/// written "new") and after, from the ratings line; a provisional rating
/// carries "?", and the change in parentheses is the difference.
fn shown(out: &str, name: &str) -> (Option<i32>, i32) {
    let part = part(out, name);
    let rest = &part[name.len() + 1..];
    let (before, rest) = rest.split_once(" → ").expect("before → after");
    let number = |w: &str| -> i32 {
        w.trim_matches(|c| c == '(' || c == ')' || c == '?')
            .parse()
            .unwrap_or_else(|_| panic!("{w} is not a rating in {part}"))
    };
    let words: Vec<&str> = rest.split(' ').collect();
    let after = number(words[0]);
    if before == "new" {
        assert_eq!(words.len(), 1, "{part}");
        return (None, after);
    }
    let before = number(before);
    assert_eq!(words.len(), 2, "{part}");
    assert_eq!(after - before, number(words[1]), "{part}");
    (Some(before), after)
}

/// Whether the report explains the "?" of provisional ratings.
fn explains_provisional(out: &str) -> bool {
    out.contains("\n? marks a provisional rating: too few matches yet to be sure of it.")
}

/// What the match did to each seat: the result, and (μ, σ) before and
/// after from the rating history; Chaos seats have no history.
async fn seat_changes(
    s: &Storage,
    match_id: i64,
) -> Vec<(SeatResult, Option<((f64, f64), (f64, f64))>)> {
    let live = s.load_match(match_id).await.unwrap();
    let mut out = Vec::new();
    for seat in &live.seats {
        let key = RatingKey {
            player_id: seat.player_id,
            augmentation: seat.augmentation,
            rule_set_id: live.rule_set_id,
        };
        let row = s
            .rating_history(&key)
            .await
            .unwrap()
            .into_iter()
            .find(|(m, _, _)| *m == match_id)
            .map(|(_, before, after)| (before, after));
        out.push((seat.result.expect("a finished match"), row));
    }
    out
}

/// Every player's μ moved the way its result says: up for a win, down for
/// a loss; when everyone drew between equals, it stayed. Returns the
/// results seen.
async fn moved_as_expected(s: &Storage, match_id: i64) -> Vec<SeatResult> {
    let changes = seat_changes(s, match_id).await;
    let all_drew = changes.iter().all(|(r, _)| *r == SeatResult::Draw);
    for (result, row) in &changes {
        let ((mu0, sigma0), (mu1, sigma1)) = row.expect("every player is rated");
        assert!(sigma1 < sigma0, "{changes:?}");
        match result {
            SeatResult::Win => assert!(mu1 > mu0, "{changes:?}"),
            SeatResult::Loss => assert!(mu1 < mu0, "{changes:?}"),
            SeatResult::Draw if all_drew => assert!((mu1 - mu0).abs() < 1e-6, "{changes:?}"),
            SeatResult::Draw => {}
        }
    }
    changes.into_iter().map(|(r, _)| r).collect()
}

#[tokio::test]
async fn two_seats_losing_winning_drawing_and_running_out_of_time() {
    let mut c = chat(21).await;
    let s = c.storage();
    // A loss by resigning: ann goes down, Random goes up.
    c.say("challenge Tic-Tac-Toe Random").await;
    let out = c.say("resign").await;
    assert!(out.contains("ann resigned"), "{out}");
    // A first rated match: no rating before, a provisional one after,
    // below 0 for the loser, with the note that says why.
    let (before, after) = shown(&out, "ann");
    assert_eq!(before, None, "{out}");
    assert!(after < 0 && part(&out, "ann").ends_with('?'), "{out}");
    assert!(explains_provisional(&out), "{out}");
    assert!(out.contains("everyone starts at 0"), "{out}");
    let (before, after) = shown(&out, "*Random");
    assert!(before.is_none() && after > 0, "{out}");
    // Two sides: nothing to say about several.
    assert!(!out.contains("sides, each result counts"), "{out}");
    let mut results = moved_as_expected(&s, 1).await;
    results.sort_by_key(|r| format!("{r:?}"));
    assert_eq!(results, [SeatResult::Loss, SeatResult::Win]);
    // An agreed draw between two beginners: μ stays, σ narrows, and so
    // both shown ratings rise a little.
    c.befriend("ann", "bob").await;
    c.say("@ann challenge 4on7sq bob").await;
    c.say("@bob accept").await;
    let offerer = c.whose_turn(&["ann", "bob"]).await;
    let other = if offerer == "ann" { "bob" } else { "ann" };
    c.say(&format!("@{offerer} draw")).await;
    let out = c.say(&format!("@{other} agree")).await;
    assert!(
        out.contains("Match 2 is over.") && out.contains("Draw"),
        "{out}"
    );
    for name in ["ann", "bob"] {
        let (before, after) = shown(&out, name);
        assert!(before.is_none() && after > 0, "{out}");
    }
    assert_eq!(moved_as_expected(&s, 2).await, [SeatResult::Draw; 2]);
    // A win: bob resigns to ann in Tic-Tac-Toe; ann climbs from below zero.
    c.say("@ann challenge Tic-Tac-Toe bob").await;
    c.say("@bob accept").await;
    let out = c.say("@bob resign").await;
    let (before, after) = shown(&out, "ann");
    assert!(before.is_some_and(|b| b < 0 && after > b), "{out}");
    assert!(
        part(&out, "ann").contains("? → "),
        "still provisional: {out}"
    );
    // bob's draw was in 4on7sq: Tic-Tac-Toe is new to him.
    let (before, after) = shown(&out, "bob");
    assert!(before.is_none() && after < 0, "{out}");
    moved_as_expected(&s, 3).await;
    // A clock run out is rated like any other end.
    c.say("@ann challenge Tic-Tac-Toe Random live").await;
    let out = c.wait(61).await;
    assert!(out.contains("ann ran out of time"), "{out}");
    let (before, after) = shown(&out, "ann");
    assert!(before.is_some_and(|b| after < b), "{out}");
    moved_as_expected(&s, 4).await;
    // Ann's Tic-Tac-Toe history: three matches, each starting where the
    // last one ended; her 4on7sq rating is apart.
    let live = s.load_match(4).await.unwrap();
    let ann = s
        .player_for_chat(&ChatId::console("ann"), "ann")
        .await
        .unwrap();
    let key = RatingKey {
        player_id: ann.id,
        augmentation: Augmentation::Alone,
        rule_set_id: live.rule_set_id,
    };
    let history = s.rating_history(&key).await.unwrap();
    assert_eq!(
        history.iter().map(|h| h.0).collect::<Vec<_>>(),
        vec![1, 3, 4]
    );
    for pair in history.windows(2) {
        assert_eq!(pair[0].2, pair[1].1);
    }
    let rating = s.rating(&key).await.unwrap();
    assert_eq!((rating.played, rating.won, rating.lost), (3, 1, 2));
    assert_eq!((rating.mu, rating.sigma), history[2].2);
    // The top burst is the biggest rise of the shown rating in one match.
    let rises: Vec<i32> = history
        .iter()
        .map(|(_, (m0, s0), (m1, s1))| {
            (100.0 * (m1 - 3.0 * s1)).round() as i32 - (100.0 * (m0 - 3.0 * s0)).round() as i32
        })
        .collect();
    assert_eq!(rating.top_burst, *rises.iter().max().unwrap());
    assert!(rating.top_burst > 0);
}

#[tokio::test]
async fn three_and_four_seats_and_partners() {
    let mut c = chat(22).await;
    let s = c.storage();
    for friend in ["bob", "carl", "dora"] {
        c.befriend("ann", friend).await;
    }
    // Three players.
    c.say("@ann challenge 3P-Notakto bob carl").await;
    c.say("@bob accept").await;
    let started = c.say("@carl accept").await;
    let end = play_out(&mut c, started, 12).await;
    assert!(end.contains("Match 1 is over."), "{end}");
    for name in ["ann", "bob", "carl"] {
        shown(&end, name);
    }
    // Why a match of three moves ratings further than a duel.
    assert!(
        end.contains("With 3 sides, each result counts against each of the other 2"),
        "{end}"
    );
    let three = moved_as_expected(&s, 1).await;
    assert_eq!(three.len(), 3);
    // Four players, each on their own.
    c.save_as_ann(serde_json::json!({
        "schema_version": 1, "name": "Four-4x4", "players": "four", "board": "squares",
        "dimensions": [4, 4, 1],
        "shapes": [{"reserves": {"black": 4, "white": 4, "pink": 4, "yellow": 4}}]}))
        .await;
    c.say("@ann challenge Four-4x4 bob carl dora").await;
    c.say("@bob accept").await;
    c.say("@carl accept").await;
    let started = c.say("@dora accept").await;
    let end = play_out(&mut c, started, 20).await;
    assert!(end.contains("Match 2 is over."), "{end}");
    for name in ["ann", "bob", "carl", "dora"] {
        shown(&end, name);
    }
    assert!(
        end.contains("With 4 sides, each result counts against each of the other 3"),
        "{end}"
    );
    let four = moved_as_expected(&s, 2).await;
    assert!(
        four.contains(&SeatResult::Win) && four.contains(&SeatResult::Loss),
        "{four:?}"
    );
    // Partners: seats 1 and 3 against 2 and 4; partners move together.
    c.save_as_ann(serde_json::json!({
        "schema_version": 1, "name": "Partners-4x4", "players": "partners", "board": "squares",
        "dimensions": [4, 4, 1],
        "shapes": [{"reserves": {"black": 4, "white": 4, "pink": 4, "yellow": 4}}]}))
        .await;
    c.say("@ann challenge Partners-4x4 bob carl dora").await;
    c.say("@bob accept").await;
    c.say("@carl accept").await;
    let started = c.say("@dora accept").await;
    let end = play_out(&mut c, started, 20).await;
    assert!(end.contains("Match 3 is over."), "{end}");
    // Partners make two sides, however many seats.
    assert!(!end.contains("sides, each result counts"), "{end}");
    let partners = moved_as_expected(&s, 3).await;
    assert!(partners.contains(&SeatResult::Win), "{partners:?}");
    let changes = seat_changes(&s, 3).await;
    assert_eq!(changes[0], changes[2]);
    assert_eq!(changes[1], changes[3]);
    assert_ne!(changes[0], changes[1]);
}

#[tokio::test]
async fn chaos_is_never_rated() {
    let mut c = chat(23).await;
    let s = c.storage();
    let chaos = s.system_player(SystemPlayer::Chaos).await.unwrap();
    c.befriend("bob", "carl").await;
    for number in 1..=2 {
        c.say("@bob challenge NeedyTrust carl").await;
        let started = c.say("@carl accept").await;
        assert!(started.contains("Chaos ("), "{started}");
        let end = play_out(&mut c, started, 60).await;
        assert!(end.contains(&format!("Match {number} is over")), "{end}");
        let line = end.lines().find(|l| l.starts_with("Ratings in ")).unwrap();
        assert!(!line.contains("Chaos"), "{line}");
        shown(&end, "bob");
        shown(&end, "carl");
        let live = s.load_match(number).await.unwrap();
        let key = RatingKey {
            player_id: chaos.id,
            augmentation: Augmentation::Alone,
            rule_set_id: live.rule_set_id,
        };
        assert!(live.seats.iter().any(|r| r.player_id == chaos.id));
        assert_eq!(s.rating(&key).await.unwrap(), Rating::beginner());
        assert!(s.rating_history(&key).await.unwrap().is_empty());
        // The players moved the way their results say, against Chaos at
        // the beginner constant.
        let changes = seat_changes(&s, number).await;
        for (result, row) in changes.iter().take(2) {
            let ((mu0, _), (mu1, _)) = row.unwrap();
            match result {
                SeatResult::Win => assert!(mu1 > mu0, "{changes:?}"),
                SeatResult::Loss => assert!(mu1 < mu0, "{changes:?}"),
                SeatResult::Draw => {}
            }
        }
        assert_eq!(changes[2].1, None);
    }
}

#[tokio::test]
async fn when_all_players_win_no_rating_moves() {
    let mut c = chat(24).await;
    let s = c.storage();
    // Two cells, one piece each, no lines: the board fills and all win.
    c.save_as_ann(serde_json::json!({
        "schema_version": 1, "name": "Both-Win", "players": "two", "board": "squares",
        "dimensions": [1, 2, 1],
        "shapes": [{"reserves": {"black": 1, "white": 1}}],
        "turn_checks": [],
        "stalemate": [{"rule": "all_win"}]}))
        .await;
    let started = c.say("challenge Both-Win Random").await;
    let end = play_out(&mut c, started, 4).await;
    assert!(end.contains("Match 1 is over."), "{end}");
    assert!(
        end.contains("Everyone won: ratings in Both-Win unchanged"),
        "{end}"
    );
    let changes = seat_changes(&s, 1).await;
    for (result, row) in &changes {
        assert_eq!(*result, SeatResult::Win);
        let (before, after) = row.expect("the match has its history row");
        assert_eq!(before, after, "{changes:?}");
    }
}

#[tokio::test]
async fn random_against_random_over_50_matches_leaves_randoms_rating_alone() {
    let c = chat(25).await;
    let s = c.storage();
    let random = s.system_player(SystemPlayer::Random).await.unwrap();
    let game = s.rule_set("Tic-Tac-Toe").await.unwrap().unwrap();
    let mut results = Vec::new();
    for seed in 0..50u64 {
        let live = common::random_rated_match(&s, game.id, &[random.id, random.id], seed).await;
        let changes = redscience_commands::ratings::rate(&s, &live)
            .await
            .unwrap()
            .expect("a finished rated match is rated");
        assert_eq!(changes.len(), 1);
        results.push(live.seats[0].result.unwrap());
        // Rated once: a second call changes nothing.
        assert_eq!(
            redscience_commands::ratings::rate(&s, &live).await.unwrap(),
            None
        );
    }
    assert!(results.contains(&SeatResult::Win) && results.contains(&SeatResult::Loss));
    let key = RatingKey {
        player_id: random.id,
        augmentation: Augmentation::Alone,
        rule_set_id: game.id,
    };
    let rating = s.rating(&key).await.unwrap();
    assert_eq!(
        (rating.mu, rating.sigma),
        (Rating::BEGINNER_MU, Rating::BEGINNER_SIGMA)
    );
    assert_eq!((rating.shown(), rating.top_burst), (0, 0));
    assert_eq!(rating.played, 50);
    let history = s.rating_history(&key).await.unwrap();
    assert_eq!(history.len(), 50);
    assert!(history.iter().all(|(_, before, after)| before == after));
}

#[tokio::test]
async fn unrated_matches_change_nothing() {
    let mut c = chat(26).await;
    let s = c.storage();
    c.say("challenge Tic-Tac-Toe Random unrated").await;
    let out = c.say("resign").await;
    assert!(out.contains("ann resigned"), "{out}");
    assert!(!out.contains("Ratings in"), "{out}");
    let live = s.load_match(1).await.unwrap();
    assert_eq!(
        redscience_commands::ratings::rate(&s, &live).await.unwrap(),
        None
    );
    for record in &live.seats {
        let key = RatingKey {
            player_id: record.player_id,
            augmentation: record.augmentation,
            rule_set_id: live.rule_set_id,
        };
        assert_eq!(s.rating(&key).await.unwrap(), Rating::beginner());
    }
}

#[tokio::test]
async fn ratings_and_stats_survive_a_restart() {
    let mut c = chat(27).await;
    c.say("challenge Tic-Tac-Toe Random").await;
    let first = c.say("resign").await;
    let (_, after) = shown(&first, "ann");
    let s = c.storage();
    let ann = s
        .player_for_chat(&ChatId::console("ann"), "ann")
        .await
        .unwrap();
    let rule_set_id = s.load_match(1).await.unwrap().rule_set_id;
    let key = RatingKey {
        player_id: ann.id,
        augmentation: Augmentation::Alone,
        rule_set_id,
    };
    let kept = s.rating(&key).await.unwrap();
    drop(s);
    // A new bot on the same database.
    c.restart(28).await;
    let s = c.storage();
    assert_eq!(s.rating(&key).await.unwrap(), kept);
    assert_eq!(s.rating_history(&key).await.unwrap().len(), 1);
    c.say("challenge Tic-Tac-Toe Random").await;
    let second = c.say("resign").await;
    let (before, later) = shown(&second, "ann");
    assert_eq!(before, Some(after), "{second}");
    assert!(later < after, "{second}");
    let rating = s.rating(&key).await.unwrap();
    assert_eq!((rating.played, rating.lost), (2, 2));
}

#[tokio::test]
async fn a_match_whose_rating_was_interrupted_is_rated_by_the_clock() {
    let mut c = chat(29).await;
    let s = c.storage();
    c.say("challenge Tic-Tac-Toe Random").await;
    // The match ends without its report, as when the bot stops right
    // after the result is committed.
    let mut live = s.load_match(1).await.unwrap();
    let ann = s
        .player_for_chat(&ChatId::console("ann"), "ann")
        .await
        .unwrap();
    let seat = live
        .seats
        .iter()
        .position(|r| r.player_id == ann.id)
        .unwrap();
    live.leave(&s, &[seat], false).await.unwrap();
    let key = RatingKey {
        player_id: ann.id,
        augmentation: Augmentation::Alone,
        rule_set_id: live.rule_set_id,
    };
    // Its report may still be on its way for a minute.
    let early = c.wait(30).await;
    assert!(!early.contains("Ratings in"), "{early}");
    assert_eq!(s.rating(&key).await.unwrap(), Rating::beginner());
    let late = c.wait(31).await;
    assert!(late.contains("Match 1: Ratings in Tic-Tac-Toe: "), "{late}");
    let late = text_of(&late);
    let (before, after) = shown(&late, "ann");
    assert!(before.is_none() && after < 0, "{late}");
    assert!(explains_provisional(&late), "{late}");
    assert_eq!(s.rating_history(&key).await.unwrap().len(), 1);
    let again = c.wait(61).await;
    assert!(!again.contains("Ratings in"), "rated once: {again}");
}

/// The printed lines with any "Match N: " before a ratings line taken off.
fn text_of(out: &str) -> String {
    out.lines()
        .map(|l| match l.split_once(": Ratings in ") {
            Some((_, rest)) => format!("Ratings in {rest}"),
            None => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}
