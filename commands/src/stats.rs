//! A player's Stats and Rating History (the spec's Player tabs, upstream
//! notes §1.3): `stats PLAYER [GAME]` and `history PLAYER [GAME...]` as a
//! chart; `favoritism` (crate::favoritism) shares the helpers that find
//! the player and the game. The rules are in docs/rules.md ("Stats").

use chrono::{DateTime, TimeDelta, Utc};
use redscience_render::{ChartPoint, RatingSeries, rating_chart_png};
use redscience_storage::{Augmentation, Player, Rating, StatsRow};

use crate::arguments::Args;
use crate::context::{Answer, Ctx, refused, said};
use crate::ratings::figure;
use crate::reply::{Choice, ChoiceSet, MAX_CHOICES, Message};

/// "6d", "1mo": the time since something, as the spec's Last Match.
pub fn ago(d: TimeDelta) -> String {
    let s = d.num_seconds().max(0);
    match s {
        0..60 => format!("{s}s"),
        60..3600 => format!("{}m", s / 60),
        3600..86_400 => format!("{}h", s / 3600),
        86_400..2_592_000 => format!("{}d", s / 86_400),
        2_592_000..31_536_000 => format!("{}mo", s / 2_592_000),
        _ => format!("{}y", s / 31_536_000),
    }
}

/// A word for a command line, quoted when it has a space.
fn arg(word: &str) -> String {
    if word.contains(char::is_whitespace) {
        format!("\"{word}\"")
    } else {
        word.to_string()
    }
}

/// The player named (found before the command ran: `crate::named_players`),
/// yourself when no name is given.
pub(crate) fn player_named(ctx: &Ctx<'_>, args: &Args) -> Player {
    args.player().unwrap_or(&ctx.player).clone()
}

pub(crate) fn percent(x: f64) -> String {
    format!("{:.0}", 100.0 * x)
}

pub(crate) fn signed_percent(x: f64) -> String {
    let v = (100.0 * x).round();
    if v == 0.0 {
        "0%".to_string()
    } else {
        format!("{v:+.0}%")
    }
}

/// The figures of one Stats row: (last match, matches, rating, top burst,
/// win %, draw %, decision seconds).
fn cells(row: &StatsRow, now: DateTime<Utc>) -> [String; 7] {
    let r = &row.rating;
    let played = f64::from(r.played.max(1));
    [
        r.last_match_at
            .map(|at| ago(now - at))
            .unwrap_or_else(|| "-".to_string()),
        r.played.to_string(),
        format!("{}{}", figure(r), if starred(row) { "★" } else { "" }),
        r.top_burst.to_string(),
        percent(f64::from(r.won) / played),
        percent(f64::from(r.drawn) / played),
        seconds(r.decision_ms, r.decisions),
    ]
}

/// The spec's bold: a rating within one σ (100 σ shown points) of the
/// best in its game. Only established ratings above 0 are compared: a
/// provisional or negative rating is no best.
fn starred(row: &StatsRow) -> bool {
    let r = &row.rating;
    !r.provisional()
        && r.shown() > 0
        && row
            .best_shown
            .is_some_and(|best| f64::from(best - r.shown()) <= 100.0 * r.sigma)
}

/// The average time a decision took, "-" when there was none.
fn seconds(ms: i64, decisions: u32) -> String {
    if decisions == 0 {
        "-".to_string()
    } else {
        format!("{:.1}", ms as f64 / 1000.0 / f64::from(decisions))
    }
}

/// The All games row: every row's matches together (the most recent Last
/// Match, the matches added up, win and draw % of all of them, the mean
/// decision over all decisions). Ratings and top bursts belong to one game
/// each, so it has none.
fn all_games(rows: &[StatsRow], now: DateTime<Utc>) -> [String; 7] {
    let sum = |f: &dyn Fn(&Rating) -> i64| rows.iter().map(|r| f(&r.rating)).sum::<i64>();
    let played = sum(&|r| i64::from(r.played));
    let share = |n: i64| percent(n as f64 / played.max(1) as f64);
    let decisions = u32::try_from(sum(&|r| i64::from(r.decisions))).unwrap_or(u32::MAX);
    [
        rows.iter()
            .filter_map(|r| r.rating.last_match_at)
            .max()
            .map(|at| ago(now - at))
            .unwrap_or_else(|| "-".to_string()),
        played.to_string(),
        String::new(),
        String::new(),
        share(sum(&|r| i64::from(r.won))),
        share(sum(&|r| i64::from(r.drawn))),
        seconds(sum(&|r| r.decision_ms), decisions),
    ]
}

/// The label of the Stats row that counts every game together.
const ALL_GAMES: &str = "All games";

/// `stats [PLAYER] [GAME]`: the Stats table, most recently played first,
/// with the All games row on top when there are several.
pub(crate) async fn stats(ctx: &Ctx<'_>, args: &Args) -> Answer {
    let who = player_named(ctx, args);
    let game = args.game();
    let mut rows = ctx.storage().stats(who.id).await.map_err(said)?;
    if let Some(game) = game {
        rows.retain(|r| r.key.rule_set_id == game.id);
    }
    if rows.is_empty() {
        let subject = subject_has(ctx, &who);
        let what = match game {
            Some(game) => game.name.clone(),
            None => "any game".to_string(),
        };
        return Ok(ctx.answer(format!(
            "{subject} played no rated match of {what} yet, so there are no stats. \
             `challenge GAME Random` starts one."
        )));
    }
    let now = ctx.storage().now();
    let header = [
        "Game",
        "Last Match",
        "Matches",
        "Rating",
        "Top Burst",
        "Win %",
        "Draw %",
        "Decision (sec)",
    ];
    let mut table: Vec<Vec<String>> = vec![header.iter().map(|h| h.to_string()).collect()];
    if rows.len() > 1 {
        let mut total = vec![ALL_GAMES.to_string()];
        total.extend(all_games(&rows, now));
        table.push(total);
    }
    for row in &rows {
        let mut line = vec![format!("{} ({})", row.game, row.key.augmentation)];
        line.extend(cells(row, now));
        table.push(line);
    }
    let widths: Vec<usize> = (0..header.len())
        .map(|c| {
            table
                .iter()
                .map(|r| r[c].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut text = format!(
        "Stats of {}, most recently played first. Each game and form has its own rating: \
         ? marks a provisional one (too few matches to be sure of it), ★ one near the best in that game \
         that is not provisional (`help stats` explains both).{} A alone, R reviewing, D delegating, B debating.\n```",
        who.name,
        if rows.len() > 1 {
            " All games counts every row's matches together (ratings are per game, so it has none)."
        } else {
            ""
        }
    );
    for line in &table {
        let cells: Vec<String> = line
            .iter()
            .zip(&widths)
            .map(|(cell, w)| format!("{cell:<w$}", w = *w))
            .collect();
        text.push('\n');
        text.push_str(cells.join("  ").trim_end());
    }
    text.push_str("\n```");
    let mut games: Vec<&str> = Vec::new();
    for row in &rows {
        if !games.contains(&row.game.as_str()) {
            games.push(&row.game);
        }
    }
    let mut buttons: Vec<Choice> = games
        .iter()
        .take(MAX_CHOICES - 1)
        .map(|g| {
            Choice::new(
                format!("history {} {}", arg(&who.name), arg(g)),
                format!("Rating history: {g}"),
            )
        })
        .collect();
    buttons.push(Choice::new(
        format!("favoritism {}", arg(&who.name)),
        "Favoritism",
    ));
    Ok(crate::reply::Reply::one(
        Message::new(ctx.here(), text).with_choices(ChoiceSet::Buttons(buttons)),
    ))
}

/// `history [PLAYER] [GAME...]`: the shown rating over time, one curve per
/// game and form of augmentation, as a chart.
pub(crate) async fn history(ctx: &Ctx<'_>, args: &Args) -> Answer {
    let who = player_named(ctx, args);
    let games = args.games();
    let rows = ctx.storage().stats(who.id).await.map_err(said)?;
    let mut chosen: Vec<&StatsRow> = Vec::new();
    if games.is_empty() {
        chosen.extend(rows.iter());
    }
    for game in games {
        let mine: Vec<&StatsRow> = rows
            .iter()
            .filter(|r| r.key.rule_set_id == game.id)
            .collect();
        if mine.is_empty() {
            return Err(refused!(
                "{} has played no rated match of {} yet, so it has no rating history. `stats {}` lists the games played.",
                who.name,
                game.name,
                arg(&who.name)
            ));
        }
        for r in mine {
            if !chosen.contains(&r) {
                chosen.push(r);
            }
        }
    }
    if chosen.is_empty() {
        return Err(refused!(
            "{} has played no rated match yet, so there is no rating history.",
            who.name
        ));
    }
    let several_forms = |id: i64| rows.iter().filter(|r| r.key.rule_set_id == id).count() > 1;
    let mut series = Vec::new();
    let mut summary = Vec::new();
    for row in chosen {
        let points = ctx.storage().rating_points(&row.key).await.map_err(said)?;
        let name =
            if several_forms(row.key.rule_set_id) || row.key.augmentation != Augmentation::Alone {
                format!("{} ({})", row.game, row.key.augmentation)
            } else {
                row.game.clone()
            };
        let rating = |p: &redscience_storage::RatingPoint| Rating {
            mu: p.mu,
            sigma: p.sigma,
            ..Rating::beginner()
        };
        if let Some(last) = points.last() {
            let matches = points.len() - 1;
            summary.push(format!(
                "{name} {} after {matches} {}",
                figure(&rating(last)),
                if matches == 1 { "match" } else { "matches" }
            ));
        }
        series.push(RatingSeries {
            name,
            points: points
                .iter()
                .map(|p| ChartPoint {
                    at: p.at.timestamp(),
                    rating: rating(p).shown(),
                    provisional: rating(p).provisional(),
                })
                .collect(),
        });
    }
    let title = format!("Rating History of {}", who.name);
    let png = rating_chart_png(&title, &series)
        .map_err(|e| format!("The chart could not be drawn ({e}); nothing was changed."))?;
    let mut text = format!(
        "Rating history of {}: {}. Each line starts at 0, a new player's rating, and takes a step per rated match; \
         hollow dots are provisional ratings.",
        who.name,
        summary.join(", ")
    );
    if series
        .iter()
        .any(|s| s.points.iter().skip(1).any(|p| p.provisional))
    {
        text.push('\n');
        text.push_str(crate::ratings::PROVISIONAL_NOTE);
    }
    Ok(crate::reply::Reply::one(
        Message::new(ctx.here(), text).with_attachment("rating-history.png", png),
    ))
}

/// "You have" when the asker is asking about themselves, else "NAME has".
pub(crate) fn subject_has(ctx: &Ctx<'_>, who: &Player) -> String {
    if who.id == ctx.player.id {
        "You have".to_string()
    } else {
        format!("{} has", who.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use redscience_storage::RatingKey;

    fn row(shown: i32, sigma: f64, best: Option<i32>) -> StatsRow {
        StatsRow {
            key: RatingKey {
                player_id: 1,
                augmentation: Augmentation::Alone,
                rule_set_id: 1,
            },
            game: "Tic-Tac-Toe".to_string(),
            // μ − 3σ = shown / 100.
            rating: Rating {
                mu: f64::from(shown) / 100.0 + 3.0 * sigma,
                sigma,
                ..Rating::beginner()
            },
            best_shown: best,
        }
    }

    #[test]
    fn only_an_established_rating_above_zero_near_the_best_is_starred() {
        // Within one σ (400 points) of the best: starred.
        assert!(starred(&row(1500, 4.0, Some(1850))));
        assert!(!starred(&row(1400, 4.0, Some(1850))));
        // Provisional, however close to the best.
        assert!(!starred(&row(1850, 6.5, Some(1850))));
        // The best of a game where everyone is below 0 is no best.
        assert!(!starred(&row(-183, 4.0, Some(-183))));
        // Nobody established yet: nothing to be near.
        assert!(!starred(&row(344, 4.0, None)));
    }

    #[test]
    fn the_all_games_row_counts_matches_together_and_has_no_rating() {
        let now = Utc::now();
        let mut a = row(1200, 4.0, None);
        (a.rating.played, a.rating.won, a.rating.drawn) = (8, 6, 2);
        (a.rating.decision_ms, a.rating.decisions) = (30_000, 10);
        a.rating.last_match_at = Some(now - TimeDelta::days(6));
        let mut b = row(-300, 7.0, None);
        (b.rating.played, b.rating.won, b.rating.drawn) = (2, 0, 0);
        (b.rating.decision_ms, b.rating.decisions) = (10_000, 10);
        b.rating.last_match_at = Some(now - TimeDelta::hours(3));
        // 6 wins and 2 draws in 10 matches; 40 s over 20 decisions.
        assert_eq!(
            all_games(&[a, b], now),
            ["3h", "10", "", "", "60", "20", "2.0"]
        );
    }

    #[test]
    fn last_match_is_written_short() {
        assert_eq!(ago(TimeDelta::seconds(5)), "5s");
        assert_eq!(ago(TimeDelta::days(6)), "6d");
        assert_eq!(ago(TimeDelta::days(40)), "1mo");
    }
}
