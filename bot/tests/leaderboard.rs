//! Leaderboards through the console chat: sorted by shown rating + top
//! burst, the top ten ranked, at most ten rows that always include Random,
//! the game's standard player and the asker (if they played), gaps marked,
//! each row's buttons as the spec allows, a PNG card, and the `here`
//! filter. Runs on PostgreSQL when `DATABASE_URL` names a server, on a
//! scratch SQLite file otherwise.

use crate::common;

use common::{Chat, Setup};
use redscience_storage::{Augmentation, ChatId, RatingKey, RatingUpdate};

async fn chat(seed: u64) -> Chat {
    Setup::new("leaderboard")
        .postgres_from_env()
        .real_clock()
        .chat(seed)
        .await
}

impl Chat {
    /// `winner` beats `loser` at Tic-Tac-Toe: the loser resigns.
    async fn beat(&mut self, winner: &str, loser: &str, channel: &str) {
        self.say(&format!("@{winner} {channel}challenge Tic-Tac-Toe {loser}"))
            .await;
        self.say(&format!("@{loser} {channel}accept")).await;
        let out = self.say(&format!("@{loser} {channel}resign")).await;
        assert!(out.contains("Ratings in "), "{out}");
    }
}

/// One shown row: rank, label, rating (and whether it is provisional,
/// written "344?"), top burst, whether it is the asker's.
#[derive(Debug, PartialEq)]
struct Row {
    rank: Option<u32>,
    name: String,
    rating: i32,
    provisional: bool,
    burst: i32,
    you: bool,
}

/// The rows and gaps ("⋮ N more") of a leaderboard reply, in order; a gap
/// is a row named "⋮".
fn rows(out: &str) -> Vec<Row> {
    let mut lines = out.lines().skip_while(|l| !l.contains(" leaderboard"));
    let header = lines
        .next()
        .unwrap_or_else(|| panic!("no leaderboard: {out}"));
    assert!(header.contains("by rating + top burst"), "{header}");
    let mut found = Vec::new();
    for line in lines {
        if line.starts_with('⋮') {
            found.push(Row {
                rank: None,
                name: "⋮".into(),
                rating: 0,
                provisional: false,
                burst: 0,
                you: false,
            });
            continue;
        }
        let (rank, rest) = if let Some(rest) = line.strip_prefix("- ") {
            (None, rest)
        } else if let Some((n, rest)) = line.split_once(". ")
            && let Ok(n) = n.parse::<u32>()
        {
            (Some(n), rest)
        } else {
            break;
        };
        let you = rest.ends_with("← you");
        let rest = rest.trim_end_matches("← you").trim_end();
        let words: Vec<&str> = rest.split(' ').collect();
        let burst: i32 = words.last().unwrap().parse().unwrap();
        let figure = |w: &str| w.trim_end_matches('?').parse::<i32>().ok();
        let at = words.iter().position(|w| figure(w).is_some()).unwrap();
        found.push(Row {
            rank,
            name: words[..at].join(" "),
            rating: figure(words[at]).unwrap(),
            provisional: words[at].ends_with('?'),
            burst,
            you,
        });
    }
    found
}

fn shown(rows: &[Row]) -> Vec<&Row> {
    rows.iter().filter(|r| r.name != "⋮").collect()
}

/// The rows are in order of rating + top burst, ranks count up from 1 and
/// stop at 10, Random and the standard player are never ranked, and at
/// most ten rows show.
fn check_order(rows: &[Row]) {
    let shown = shown(rows);
    assert!(shown.len() <= 10, "{rows:?}");
    for pair in shown.windows(2) {
        assert!(
            pair[0].rating + pair[0].burst >= pair[1].rating + pair[1].burst,
            "{rows:?}"
        );
    }
    for r in &shown {
        if r.name.starts_with('*') {
            assert_eq!(r.rank, None, "{r:?}");
        }
        assert!(r.rank.is_none_or(|n| (1..=10).contains(&n)), "{r:?}");
    }
}

/// The button ids offered, in order.
fn buttons(out: &str) -> Vec<String> {
    crate::common::offered(out, "")
}

#[tokio::test]
async fn random_the_standard_player_and_the_user_always_show_and_only_ten_are_ranked() {
    let mut c = chat(31).await;
    // Before anyone played: Random and the standard player, at the
    // beginner's rating, and a picture.
    let out = c.say("leaderboard Tic-Tac-Toe").await;
    let first = rows(&out);
    assert_eq!(
        first,
        [
            Row {
                rank: None,
                name: "*Random".into(),
                rating: 0,
                provisional: true,
                burst: 0,
                you: false
            },
            Row {
                rank: None,
                name: "*Tic-Tac-Toe SP".into(),
                rating: 0,
                provisional: true,
                burst: 0,
                you: false
            },
        ]
    );
    // A beginner's rating is provisional, and the mark is explained.
    assert!(out.contains("\n- *Random 0? +0\n"), "{out}");
    assert!(out.contains("\n? marks a provisional rating"), "{out}");
    assert!(
        out.contains("Nobody has played Tic-Tac-Toe rated yet"),
        "{out}"
    );
    let file = out
        .lines()
        .find_map(|l| l.trim().strip_prefix("(file: "))
        .unwrap_or_else(|| panic!("no picture: {out}"))
        .trim_end_matches(')');
    assert!(file.ends_with("leaderboard-Tic-Tac-Toe.png"), "{file}");
    let png = std::fs::read(file).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");

    // Six winners each beat a loser; Random beats ann twice.
    for n in 1..=6 {
        let (w, l) = (format!("w{n}"), format!("l{n}"));
        c.befriend(&w, &l).await;
        c.beat(&w, &l, "").await;
    }
    for _ in 0..2 {
        c.say("@ann challenge Tic-Tac-Toe Random").await;
        let out = c.say("@ann resign").await;
        assert!(out.contains("ann resigned"), "{out}");
    }
    // 13 players besides Random and the standard player: the six winners
    // rank 1-6, the losers 7-12 (equal, so by name), ann 13th.
    let out = c.say("leaderboard Tic-Tac-Toe").await;
    let board = rows(&out);
    check_order(&board);
    assert!(!out.contains("Nobody has played"), "{out}");
    let shown_rows = shown(&board);
    assert_eq!(shown_rows.len(), 10, "{board:?}");
    let names: Vec<&str> = board.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "*Random",
            "w1 (A)",
            "w2 (A)",
            "w3 (A)",
            "w4 (A)",
            "w5 (A)",
            "w6 (A)",
            "*Tic-Tac-Toe SP",
            "l1 (A)",
            "⋮",
            "ann (A)"
        ],
        "{out}"
    );
    let ann = board.iter().find(|r| r.you).unwrap();
    assert_eq!((ann.name.as_str(), ann.rank), ("ann (A)", None), "{out}");
    assert!(ann.rating < 0 && ann.provisional, "{out}");
    assert_eq!(board[1].rank, Some(1));
    assert_eq!(board[8].rank, Some(7));
    assert!(out.contains("⋮ 5 more players"), "{out}");

    // Buttons: ann's own row only shows her; Random and the standard
    // player can be played; people who are not friends get a request.
    let ids = buttons(&out);
    assert!(
        ids.contains(&"stats ann Tic-Tac-Toe".to_string()),
        "{ids:?}"
    );
    assert!(!ids.iter().any(|b| b.contains("challenge Tic-Tac-Toe ann")));
    assert!(ids.contains(&"challenge Tic-Tac-Toe Random".to_string()));
    assert!(ids.contains(&"challenge Tic-Tac-Toe \"*Tic-Tac-Toe SP\"".to_string()));
    assert!(ids.contains(&"friend add w1".to_string()), "{ids:?}");
    assert!(!ids.contains(&"challenge Tic-Tac-Toe w1".to_string()));
    // Once friends, w1 can be played instead.
    c.befriend("ann", "w1").await;
    let out = c.say("leaderboard Tic-Tac-Toe").await;
    let ids = buttons(&out);
    assert!(
        ids.contains(&"challenge Tic-Tac-Toe w1".to_string()),
        "{ids:?}"
    );
    assert!(!ids.contains(&"friend add w1".to_string()), "{ids:?}");

    // The tenth ranked player is ranked; the eleventh is not, and each
    // sees themselves.
    let out = c.say("@l4 leaderboard Tic-Tac-Toe").await;
    let board = rows(&out);
    check_order(&board);
    let me = board.iter().find(|r| r.you).unwrap();
    assert_eq!((me.name.as_str(), me.rank), ("l4 (A)", Some(10)), "{out}");
    let out = c.say("@l5 leaderboard Tic-Tac-Toe").await;
    let board = rows(&out);
    check_order(&board);
    let me = board.iter().find(|r| r.you).unwrap();
    assert_eq!((me.name.as_str(), me.rank), ("l5 (A)", None), "{out}");
    assert!(board.iter().all(|r| r.rank.is_none_or(|n| n <= 10)));
    // Someone who never played is told so, and still sees the board.
    let out = c.say("@zed leaderboard Tic-Tac-Toe").await;
    assert!(
        out.contains("You have not played Tic-Tac-Toe rated yet"),
        "{out}"
    );
    assert!(!rows(&out).iter().any(|r| r.you), "{out}");
    assert_eq!(shown(&rows(&out)).len(), 10);

    // The standard player's Play button starts a match against it.
    let out = c.say("leaderboard Tic-Tac-Toe").await;
    let play = "challenge Tic-Tac-Toe \"*Tic-Tac-Toe SP\"";
    assert!(buttons(&out).iter().any(|b| b == play), "{out}");
    let started = c.say(play).await;
    assert!(started.contains("*Tic-Tac-Toe SP"), "{started}");
    assert!(c.say("games").await.contains("Tic-Tac-Toe"));
}

#[tokio::test]
async fn sorted_by_rating_plus_top_burst() {
    let mut c = chat(32).await;
    let s = c.storage();
    c.say("@pat help").await;
    c.say("@quin help").await;
    let pat = s
        .player_for_chat(&ChatId::console("pat"), "pat")
        .await
        .unwrap();
    let quin = s
        .player_for_chat(&ChatId::console("quin"), "quin")
        .await
        .unwrap();
    let game = s.rule_set("Tic-Tac-Toe").await.unwrap().unwrap();
    let key = |player_id| RatingKey {
        player_id,
        augmentation: Augmentation::Alone,
        rule_set_id: game.id,
    };
    // pat soars to 2500 and falls back to 1500 (top burst 2500); quin
    // climbs to 1900 in one go (top burst 1900). quin's rating is higher,
    // but pat's rating + burst (4000) beats quin's (3800).
    for (seed, updates) in [
        (
            1u64,
            vec![
                RatingUpdate {
                    key: key(pat.id),
                    mu: 40.0,
                    sigma: 5.0,
                    based_on: None,
                },
                RatingUpdate {
                    key: key(quin.id),
                    mu: 34.0,
                    sigma: 5.0,
                    based_on: None,
                },
            ],
        ),
        (
            2,
            vec![RatingUpdate {
                key: key(pat.id),
                mu: 30.0,
                sigma: 5.0,
                based_on: None,
            }],
        ),
    ] {
        let live = common::random_rated_match(&s, game.id, &[pat.id, quin.id], seed).await;
        s.record_ratings(live.id, &updates).await.unwrap();
    }
    let out = c.say("leaderboard Tic-Tac-Toe").await;
    let board = rows(&out);
    check_order(&board);
    let top: Vec<(&str, i32, bool, i32, Option<u32>)> = board
        .iter()
        .take(2)
        .map(|r| (r.name.as_str(), r.rating, r.provisional, r.burst, r.rank))
        .collect();
    // σ = 5 is below the provisional bound of 6: firm ratings, no "?".
    assert_eq!(
        top,
        [
            ("pat (A)", 1500, false, 2500, Some(1)),
            ("quin (A)", 1900, false, 1900, Some(2))
        ],
        "{out}"
    );
}

#[tokio::test]
async fn here_keeps_the_players_of_this_channel_and_bad_input_is_explained() {
    let mut c = chat(33).await;
    c.befriend("ann", "bob").await;
    c.befriend("cat", "dan").await;
    c.beat("ann", "bob", "").await;
    c.beat("cat", "dan", "[#other] ").await;
    let everyone = c.say("leaderboard Tic-Tac-Toe").await;
    let names: Vec<String> = shown(&rows(&everyone))
        .iter()
        .map(|r| r.name.clone())
        .collect();
    for name in ["ann (A)", "bob (A)", "cat (A)", "dan (A)", "*Random"] {
        assert!(names.contains(&name.to_string()), "{everyone}");
    }
    // Here, in #general: ann and bob, with Random and the standard player.
    let here = c.say("leaderboard Tic-Tac-Toe here").await;
    assert!(here.contains("players of this channel"), "{here}");
    let names: Vec<String> = shown(&rows(&here)).iter().map(|r| r.name.clone()).collect();
    assert_eq!(
        names,
        ["ann (A)", "*Random", "*Tic-Tac-Toe SP", "bob (A)"],
        "{here}"
    );
    // In #other: cat and dan; ann still sees herself.
    let other = c.say("[#other] leaderboard Tic-Tac-Toe here").await;
    let names: Vec<String> = shown(&rows(&other))
        .iter()
        .map(|r| r.name.clone())
        .collect();
    assert_eq!(
        names,
        [
            "ann (A)",
            "cat (A)",
            "*Random",
            "*Tic-Tac-Toe SP",
            "dan (A)"
        ],
        "{other}"
    );
    // The universe may be named (any case); the user's own is the only one.
    let named = c.say("leaderboard Tic-Tac-Toe public universe").await;
    assert_eq!(rows(&named), rows(&everyone));
    // Bad input says what was wrong and what is accepted.
    let out = c.say("leaderboard").await;
    assert!(
        out.contains("Which game?") && out.contains("game list"),
        "{out}"
    );
    let out = c.say("leaderboard Nonesuch").await;
    assert!(out.contains("no game called \"Nonesuch\""), "{out}");
    let out = c.say("leaderboard Tic-Tac-Toe Narnia").await;
    assert!(
        out.contains("\"Narnia\" is not a universe you play in") && out.contains("Public Universe"),
        "{out}"
    );
    let out = c.say("[dm] leaderboard Tic-Tac-Toe here").await;
    assert!(
        out.contains("private conversation has none") && out.contains("leaderboard Tic-Tac-Toe"),
        "{out}"
    );
    // Privately, without the filter, it is shown privately.
    let out = c.say("[dm] leaderboard Tic-Tac-Toe").await;
    assert!(out.starts_with("[dm ann]"), "{out}");
    assert!(c.say("help leaderboard").await.contains("leaderboard GAME"));
}
