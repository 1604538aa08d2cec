//! A player's Stats, Rating History and Favoritism (the spec's Player
//! tabs, upstream notes §1.3): `stats PLAYER [GAME]`, `history PLAYER
//! [GAME...]` as a chart, and `favoritism PLAYER [GAME]`. The rules are in
//! docs/rules.md ("Stats").

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, TimeDelta, Utc};
use redscience_engine::{Game, SeatResult};
use redscience_render::{RatingSeries, rating_chart_png};
use redscience_storage::{
    Augmentation, Kind, Player, RatedMatch, Rating, RatingKey, StatsRow, SystemPlayer,
};

use crate::context::{Answer, Ctx, Said, said};
use crate::reply::{Choice, ChoiceSet, MAX_CHOICES, Message};

/// Weng-Lin's β (half a beginner's σ), the spread of one performance.
const BETA: f64 = 25.0 / 6.0;

/// Φ⁻¹((1 + p) / 2) for p = 0.10, TrueSkill's default draw probability:
/// the draw margin, in units of the match's spread, that makes two equally
/// rated sides draw one time in ten.
const DRAW_QUANTILE: f64 = 0.125_661_346_855_074;

/// How many of the latest matches together the boosts average over.
const BOOST_MATCHES: usize = 10;

/// The standard normal distribution function.
fn phi(x: f64) -> f64 {
    0.5 * (1.0 + erf(x / std::f64::consts::SQRT_2))
}

/// Abramowitz and Stegun 7.1.26 (error below 1.5e-7).
fn erf(x: f64) -> f64 {
    let sign = x.signum();
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let y = 1.0
        - (((((1.061_405_429 * t - 1.453_152_027) * t) + 1.421_413_741) * t - 0.284_496_736) * t
            + 0.254_829_592)
            * t
            * (-x * x).exp();
    sign * y
}

/// The expected chances, before a match, that side a finishes ahead of
/// side b, behind it, or level with it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Expected {
    pub win_a: f64,
    pub win_b: f64,
    pub draw: f64,
}

/// From each side's members' (μ, σ) before the match: a team performs as
/// the sum of its members (as Weng-Lin rates teams), each performance
/// spread by β, and the two finish level when they are within the draw
/// margin of each other.
pub fn expected(a: &[(f64, f64)], b: &[(f64, f64)]) -> Expected {
    let mu = |side: &[(f64, f64)]| side.iter().map(|r| r.0).sum::<f64>();
    let var = |side: &[(f64, f64)]| side.iter().map(|r| r.1 * r.1).sum::<f64>();
    let n = (a.len() + b.len()) as f64;
    let c = (var(a) + var(b) + n * BETA * BETA).sqrt();
    let d = (mu(a) - mu(b)) / c;
    let win_a = phi(d - DRAW_QUANTILE);
    let win_b = phi(-d - DRAW_QUANTILE);
    Expected {
        win_a,
        win_b,
        draw: (1.0 - win_a - win_b).max(0.0),
    }
}

/// What one match together says about a and b.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Together {
    /// X(win_a) − E(win_a).
    pub win: f64,
    /// X(win_b) − E(win_b).
    pub kick: f64,
    /// X(draw) − E(draw).
    pub draw: f64,
    /// favor(b, a): what b did for a.
    pub favor_from_b: f64,
}

/// One match between side a and side b, whose results compare as given.
pub fn together(e: Expected, a: SeatResult, b: SeatResult) -> Together {
    let order = |r: SeatResult| match r {
        SeatResult::Win => 0,
        SeatResult::Draw => 1,
        SeatResult::Loss => 2,
    };
    let (a_won, b_won) = (order(a) < order(b), order(b) < order(a));
    let x = |v: bool| if v { 1.0 } else { 0.0 };
    let favor_from_b = if a_won {
        e.win_b + e.draw
    } else if b_won {
        -e.win_a - e.draw
    } else {
        e.win_b - e.win_a
    };
    Together {
        win: x(a_won) - e.win_a,
        kick: x(b_won) - e.win_b,
        draw: x(!a_won && !b_won) - e.draw,
        favor_from_b,
    }
}

/// One row of a player's Favoritism: another player (or the same one, on
/// another side) in one game.
#[derive(Clone, Debug, PartialEq)]
pub struct Favoritism {
    pub rule_set_id: i64,
    pub augmentation: Augmentation,
    pub other: i64,
    pub other_augmentation: Augmentation,
    pub last_match: DateTime<Utc>,
    pub matches: usize,
    pub win_boost: f64,
    pub draw_boost: f64,
    pub kick_back: f64,
    /// Σ over every match together of favor(b, a).
    pub favors_owed: f64,
}

impl Favoritism {
    pub fn preference(&self) -> f64 {
        self.draw_boost + 2.0 * self.win_boost
    }
}

type PairKey = (i64, Augmentation, i64, Augmentation);

/// Each pair's figures for `player` from its rated matches (oldest first);
/// `team_of(match, seat)` says which side a seat is on.
pub fn favoritism_of(
    player: i64,
    matches: &[RatedMatch],
    team_of: impl Fn(&RatedMatch, usize) -> usize,
    has_stats: impl Fn(i64) -> bool,
) -> Vec<Favoritism> {
    let beginner = (Rating::BEGINNER_MU, Rating::BEGINNER_SIGMA);
    let mut per_pair: HashMap<PairKey, Vec<(DateTime<Utc>, Together)>> = HashMap::new();
    for m in matches {
        let teams: Vec<usize> = m.seats.iter().map(|s| team_of(m, s.seat)).collect();
        let side = |t: usize| -> Vec<(f64, f64)> {
            m.seats
                .iter()
                .zip(&teams)
                .filter(|(_, team)| **team == t)
                .map(|(s, _)| s.before.unwrap_or(beginner))
                .collect()
        };
        let result_of = |t: usize| {
            m.seats
                .iter()
                .zip(&teams)
                .find(|(_, team)| **team == t)
                .map(|(s, _)| s.result)
                .expect("a side has a seat")
        };
        // (pair) -> the (side of a, side of b) orientations in this match.
        let mut orientations: HashMap<PairKey, Vec<(usize, usize)>> = HashMap::new();
        for (i, sa) in m.seats.iter().enumerate() {
            if sa.player_id != player {
                continue;
            }
            for (j, sb) in m.seats.iter().enumerate() {
                if teams[i] == teams[j] || !has_stats(sb.player_id) {
                    continue;
                }
                let key = (
                    m.rule_set_id,
                    sa.augmentation,
                    sb.player_id,
                    sb.augmentation,
                );
                let o = (teams[i], teams[j]);
                let list = orientations.entry(key).or_default();
                if !list.contains(&o) {
                    list.push(o);
                }
            }
        }
        for (key, list) in orientations {
            // A match counts once: its orientations are averaged (a player
            // on two sides meets itself both ways round).
            let n = list.len() as f64;
            let mut sum = Together {
                win: 0.0,
                kick: 0.0,
                draw: 0.0,
                favor_from_b: 0.0,
            };
            for (ta, tb) in list {
                let t = together(expected(&side(ta), &side(tb)), result_of(ta), result_of(tb));
                sum.win += t.win / n;
                sum.kick += t.kick / n;
                sum.draw += t.draw / n;
                sum.favor_from_b += t.favor_from_b / n;
            }
            per_pair.entry(key).or_default().push((m.finished_at, sum));
        }
    }
    let mut out: Vec<Favoritism> = per_pair
        .into_iter()
        .map(
            |((rule_set_id, augmentation, other, other_augmentation), list)| {
                let recent = &list[list.len().saturating_sub(BOOST_MATCHES)..];
                let k = recent.len() as f64;
                let mean =
                    |f: fn(&Together) -> f64| recent.iter().map(|(_, t)| f(t)).sum::<f64>() / k;
                Favoritism {
                    rule_set_id,
                    augmentation,
                    other,
                    other_augmentation,
                    last_match: list.iter().map(|(at, _)| *at).max().expect("a match"),
                    matches: list.len(),
                    win_boost: mean(|t| t.win),
                    draw_boost: mean(|t| t.draw),
                    kick_back: mean(|t| t.kick),
                    favors_owed: list.iter().map(|(_, t)| t.favor_from_b).sum(),
                }
            },
        )
        .collect();
    out.sort_by(|x, y| {
        y.last_match
            .cmp(&x.last_match)
            .then(x.rule_set_id.cmp(&y.rule_set_id))
            .then(x.other.cmp(&y.other))
    });
    out
}

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

/// The player named, in the asker's universe (Random and the standard
/// players are in every universe); Chaos has no stats.
async fn player(ctx: &Ctx<'_>, word: &str, usage: &str) -> Result<Player, Said> {
    let name = word.trim_start_matches('@');
    if name.eq_ignore_ascii_case("chaos") || name.eq_ignore_ascii_case("*chaos") {
        return Err(format!(
            "Chaos has no stats: it is never rated. Name a person, Random or a standard player: `{usage}`."
        ));
    }
    let found = if name.eq_ignore_ascii_case("random") || name.eq_ignore_ascii_case("*random") {
        Some(
            ctx.storage()
                .system_player(SystemPlayer::Random)
                .await
                .map_err(said)?,
        )
    } else {
        match ctx
            .storage()
            .player_in(name, &ctx.player.universe)
            .await
            .map_err(said)?
        {
            Some(p) => Some(p),
            None if name.starts_with('*') => {
                ctx.storage().player_named(name).await.map_err(said)?
            }
            None => None,
        }
    };
    match found {
        Some(p) if p.kind == Kind::Chaos => Err(format!(
            "Chaos has no stats: it is never rated. Name a person, Random or a standard player: `{usage}`."
        )),
        Some(p) => Ok(p),
        None => Err(format!(
            "There is no player named \"{name}\" in {}. Name a player, `Random`, or nobody for yourself: `{usage}`.",
            ctx.player.universe
        )),
    }
}

/// The player (yourself when no name is given) and the rest of the words.
async fn player_and_rest<'a>(
    ctx: &Ctx<'_>,
    args: &'a [String],
    usage: &str,
) -> Result<(Player, &'a [String]), Said> {
    match args.split_first() {
        None => Ok((ctx.player.clone(), args)),
        Some((first, rest)) => Ok((player(ctx, first, usage).await?, rest)),
    }
}

/// The game named by `words` (joined by spaces), or every game.
async fn game_filter(ctx: &Ctx<'_>, words: &[String]) -> Result<Option<(i64, String)>, Said> {
    if words.is_empty() {
        return Ok(None);
    }
    let name = words.join(" ");
    match ctx.storage().rule_set(&name).await.map_err(said)? {
        Some(g) => Ok(Some((g.id, g.name))),
        None => Err(format!(
            "There is no game called \"{name}\". `game list` lists the games."
        )),
    }
}

fn percent(x: f64) -> String {
    format!("{:.0}", 100.0 * x)
}

fn signed_percent(x: f64) -> String {
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
    let near_best = f64::from(row.best_shown - r.shown()) <= 100.0 * r.sigma;
    [
        r.last_match_at
            .map(|at| ago(now - at))
            .unwrap_or_else(|| "-".to_string()),
        r.played.to_string(),
        format!("{}{}", r.shown(), if near_best { "★" } else { "" }),
        r.top_burst.to_string(),
        percent(f64::from(r.won) / played),
        percent(f64::from(r.drawn) / played),
        if r.decisions == 0 {
            "-".to_string()
        } else {
            format!(
                "{:.1}",
                r.decision_ms as f64 / 1000.0 / f64::from(r.decisions)
            )
        },
    ]
}

/// The Average row: the mean of each column over the rows (the most
/// recent Last Match; Decision over the rows that have decisions).
fn average(rows: &[StatsRow], now: DateTime<Utc>) -> [String; 7] {
    let n = rows.len() as f64;
    let mean = |f: &dyn Fn(&Rating) -> f64| rows.iter().map(|r| f(&r.rating)).sum::<f64>() / n;
    let last = rows.iter().filter_map(|r| r.rating.last_match_at).max();
    let decided: Vec<f64> = rows
        .iter()
        .filter(|r| r.rating.decisions > 0)
        .map(|r| r.rating.decision_ms as f64 / 1000.0 / f64::from(r.rating.decisions))
        .collect();
    let matches = mean(&|r| f64::from(r.played));
    [
        last.map(|at| ago(now - at))
            .unwrap_or_else(|| "-".to_string()),
        if matches.fract() == 0.0 {
            format!("{matches:.0}")
        } else {
            format!("{matches:.1}")
        },
        format!("{:.0}", mean(&|r| f64::from(r.shown()))),
        format!("{:.0}", mean(&|r| f64::from(r.top_burst))),
        percent(mean(&|r| f64::from(r.won) / f64::from(r.played.max(1)))),
        percent(mean(&|r| f64::from(r.drawn) / f64::from(r.played.max(1)))),
        if decided.is_empty() {
            "-".to_string()
        } else {
            format!("{:.1}", decided.iter().sum::<f64>() / decided.len() as f64)
        },
    ]
}

const STATS_USAGE: &str = "stats [PLAYER] [GAME]";
const HISTORY_USAGE: &str = "history [PLAYER] [GAME...]";
const FAVORITISM_USAGE: &str = "favoritism [PLAYER] [GAME]";

/// `stats [PLAYER] [GAME]`: the Stats table, most recently played first,
/// with the Average row on top.
pub(crate) async fn stats(ctx: &Ctx<'_>, args: &[String]) -> Answer {
    let (who, rest) = player_and_rest(ctx, args, STATS_USAGE).await?;
    let game = game_filter(ctx, rest).await?;
    let mut rows = ctx.storage().stats(who.id).await.map_err(said)?;
    if let Some((id, _)) = &game {
        rows.retain(|r| r.key.rule_set_id == *id);
    }
    if rows.is_empty() {
        let subject = subject_has(ctx, &who);
        let what = match &game {
            Some((_, name)) => name.clone(),
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
    let mut average_row = vec!["Average".to_string()];
    average_row.extend(average(&rows, now));
    table.push(average_row);
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
        "Stats of {}, most recently played first (★: within one σ of the best rating in that game; \
         A alone, R reviewing, D delegating, B debating):\n```",
        who.name
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
pub(crate) async fn history(ctx: &Ctx<'_>, args: &[String]) -> Answer {
    let (who, games) = player_and_rest(ctx, args, HISTORY_USAGE).await?;
    let rows = ctx.storage().stats(who.id).await.map_err(said)?;
    let mut chosen: Vec<&StatsRow> = Vec::new();
    if games.is_empty() {
        chosen.extend(rows.iter());
    }
    for name in games {
        let Some(game) = ctx.storage().rule_set(name).await.map_err(said)? else {
            return Err(format!(
                "There is no game called \"{name}\". `game list` lists the games; \
                 name games with spaces in quotes: `{HISTORY_USAGE}`."
            ));
        };
        let mine: Vec<&StatsRow> = rows
            .iter()
            .filter(|r| r.key.rule_set_id == game.id)
            .collect();
        if mine.is_empty() {
            return Err(format!(
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
        return Err(format!(
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
        let shown = |p: &redscience_storage::RatingPoint| {
            Rating {
                mu: p.mu,
                sigma: p.sigma,
                ..Rating::beginner()
            }
            .shown()
        };
        if let (Some(first), Some(last)) = (points.first(), points.last()) {
            summary.push(format!(
                "{name} {} → {} over {} {}",
                shown(first),
                shown(last),
                points.len() - 1,
                if points.len() == 2 {
                    "match"
                } else {
                    "matches"
                }
            ));
        }
        series.push(RatingSeries {
            name,
            points: points
                .iter()
                .map(|p| (p.at.timestamp(), shown(p)))
                .collect(),
        });
    }
    let title = format!("Rating History of {}", who.name);
    let png = rating_chart_png(&title, &series)
        .map_err(|e| format!("The chart could not be drawn ({e}); nothing was changed."))?;
    let text = format!("Rating history of {}: {}.", who.name, summary.join(", "));
    Ok(crate::reply::Reply::one(
        Message::new(ctx.here(), text).with_attachment("rating-history.png", png),
    ))
}

/// `favoritism [PLAYER] [GAME]`: for each other player met in a game, the
/// spec's figures, most recent first.
pub(crate) async fn favoritism(ctx: &Ctx<'_>, args: &[String]) -> Answer {
    let (who, rest) = player_and_rest(ctx, args, FAVORITISM_USAGE).await?;
    let game = game_filter(ctx, rest).await?;
    let storage = ctx.storage();
    let mut matches = storage.rated_matches_of(who.id).await.map_err(said)?;
    if let Some((id, _)) = &game {
        matches.retain(|m| m.rule_set_id == *id);
    }
    // Which side each seat is on, from each game's seats.
    let mut games: HashMap<i64, (String, Arc<Game>)> = HashMap::new();
    let mut players: HashMap<i64, Player> = HashMap::new();
    for m in &matches {
        if let std::collections::hash_map::Entry::Vacant(e) = games.entry(m.rule_set_id) {
            let saved = storage.rule_set_by_id(m.rule_set_id).await.map_err(said)?;
            let name = saved.name.clone();
            let compiled = Game::new(saved.rules).map_err(|_| {
                format!("The game {name} cannot be read by this release, so its favoritism cannot be worked out.")
            })?;
            e.insert((name, compiled));
        }
        for s in &m.seats {
            if let std::collections::hash_map::Entry::Vacant(e) = players.entry(s.player_id) {
                e.insert(storage.player(s.player_id).await.map_err(said)?);
            }
        }
    }
    let rows = favoritism_of(
        who.id,
        &matches,
        |m, seat| {
            games[&m.rule_set_id]
                .1
                .seats
                .get(seat)
                .map(|s| s.team)
                .unwrap_or(seat)
        },
        |id| players.get(&id).is_some_and(|p| p.kind != Kind::Chaos),
    );
    if rows.is_empty() {
        let subject = subject_has(ctx, &who);
        let what = match &game {
            Some((_, name)) => format!(" of {name}"),
            None => String::new(),
        };
        return Ok(ctx.answer(format!(
            "{subject} played no rated match{what} against anyone yet, so there is no favoritism to show."
        )));
    }
    let now = storage.now();
    let mut text = format!(
        "Favoritism of {}, most recent first (boosts: actual minus expected results over the last {BOOST_MATCHES} matches together; \
         preference = draw boost + 2 × win boost; kick back: the other's wins beyond expectation; \
         favours owed: what the other did for {} over every match, in expected results):",
        who.name, who.name
    );
    for row in &rows {
        let (game_name, _) = &games[&row.rule_set_id];
        let form = |a: Augmentation| match a {
            Augmentation::Alone => String::new(),
            other => format!(" ({other})"),
        };
        let other = &players[&row.other];
        let mine = storage
            .rating(&RatingKey {
                player_id: who.id,
                augmentation: row.augmentation,
                rule_set_id: row.rule_set_id,
            })
            .await
            .map_err(said)?
            .shown();
        let theirs = storage
            .rating(&RatingKey {
                player_id: row.other,
                augmentation: row.other_augmentation,
                rule_set_id: row.rule_set_id,
            })
            .await
            .map_err(said)?
            .shown();
        let relative = if mine > 0 {
            signed_percent(f64::from(theirs) / f64::from(mine) - 1.0)
        } else {
            "n/a".to_string()
        };
        let default = if row.favors_owed > 1.0 {
            " (in default)"
        } else {
            ""
        };
        text.push_str(&format!(
            "\n- {}{} in {game_name}{}: preference {}, last match {} ago, {} {}, win boost {}, draw boost {}, kick back {}, \
             relative rating {relative} ({theirs} vs {mine}), favours owed {:+.2}{default}",
            other.name,
            form(row.other_augmentation),
            match row.augmentation {
                Augmentation::Alone => String::new(),
                a => format!(" ({} {a})", who.name),
            },
            signed_percent(row.preference()),
            ago(now - row.last_match),
            row.matches,
            if row.matches == 1 { "match" } else { "matches" },
            signed_percent(row.win_boost),
            signed_percent(row.draw_boost),
            signed_percent(row.kick_back),
            row.favors_owed,
        ));
    }
    Ok(ctx.answer(text))
}

/// "You have" when the asker is asking about themselves, else "NAME has".
fn subject_has(ctx: &Ctx<'_>, who: &Player) -> String {
    if who.id == ctx.player.id {
        "You have".to_string()
    } else {
        format!("{} has", who.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use SeatResult::{Draw, Loss, Win};

    const BEGINNER: (f64, f64) = (Rating::BEGINNER_MU, Rating::BEGINNER_SIGMA);

    #[test]
    fn equals_draw_one_time_in_ten_and_split_the_rest() {
        let e = expected(&[BEGINNER], &[BEGINNER]);
        assert!((e.draw - 0.10).abs() < 1e-6, "{e:?}");
        assert!((e.win_a - e.win_b).abs() < 1e-12 && (e.win_a - 0.45).abs() < 1e-6);
        let strong = expected(&[(40.0, 2.0)], &[BEGINNER]);
        assert!(strong.win_a > 0.8 && strong.win_b < 0.1, "{strong:?}");
        assert!((strong.win_a + strong.win_b + strong.draw - 1.0).abs() < 1e-12);
    }

    #[test]
    fn phi_is_the_normal_distribution() {
        assert!((phi(0.0) - 0.5).abs() < 1e-9);
        assert!((phi(1.96) - 0.975).abs() < 1e-4);
        assert!((phi(-1.0) - 0.158_655).abs() < 1e-5);
        assert!((phi(DRAW_QUANTILE) - 0.55).abs() < 1e-6);
    }

    #[test]
    fn the_favor_follows_the_spec() {
        let e = Expected {
            win_a: 0.5,
            win_b: 0.3,
            draw: 0.2,
        };
        // a won: b gave up its chances of winning and drawing.
        let t = together(e, Win, Loss);
        assert!((t.favor_from_b - 0.5).abs() < 1e-12 && (t.win - 0.5).abs() < 1e-12);
        assert!((t.kick + 0.3).abs() < 1e-12 && (t.draw + 0.2).abs() < 1e-12);
        // b won: it took a's chances.
        let t = together(e, Loss, Win);
        assert!((t.favor_from_b + 0.7).abs() < 1e-12 && (t.kick - 0.7).abs() < 1e-12);
        // A draw: E(win_b) − E(win_a).
        let t = together(e, Draw, Draw);
        assert!((t.favor_from_b + 0.2).abs() < 1e-12 && (t.draw - 0.8).abs() < 1e-12);
    }

    fn seat(seat: usize, player_id: i64, result: SeatResult) -> redscience_storage::RatedSeat {
        redscience_storage::RatedSeat {
            seat,
            player_id,
            augmentation: Augmentation::Alone,
            result,
            before: Some(BEGINNER),
        }
    }

    fn rated(id: i64, seats: Vec<redscience_storage::RatedSeat>) -> RatedMatch {
        RatedMatch {
            id,
            rule_set_id: 1,
            finished_at: DateTime::<Utc>::from_timestamp(1_000_000 + id, 0).unwrap(),
            seats,
        }
    }

    #[test]
    fn a_player_that_always_loses_to_another_shows_a_kick_back_and_is_owed() {
        let matches: Vec<RatedMatch> = (1..=12)
            .map(|i| rated(i, vec![seat(0, 1, Loss), seat(1, 2, Win)]))
            .collect();
        let of_1 = favoritism_of(1, &matches, |_, s| s, |_| true);
        assert_eq!(of_1.len(), 1);
        let row = &of_1[0];
        assert_eq!((row.other, row.matches), (2, 12));
        assert!((row.kick_back - 0.55).abs() < 1e-6, "{row:?}");
        assert!((row.win_boost + 0.45).abs() < 1e-6 && (row.draw_boost + 0.10).abs() < 1e-6);
        assert!((row.preference() + 1.0).abs() < 1e-6);
        // 2 owes nothing to 1 in 1's row: what 2 did for 1 was take its chances.
        assert!((row.favors_owed + 12.0 * 0.55).abs() < 1e-6, "{row:?}");
        let of_2 = favoritism_of(2, &matches, |_, s| s, |_| true);
        assert!(
            (of_2[0].favors_owed - 12.0 * 0.55).abs() < 1e-6,
            "{:?}",
            of_2[0]
        );
        assert!((of_2[0].win_boost - 0.55).abs() < 1e-6);
    }

    #[test]
    fn a_player_on_both_sides_meets_itself_both_ways_round() {
        let matches = vec![rated(1, vec![seat(0, 7, Win), seat(1, 7, Loss)])];
        let rows = favoritism_of(7, &matches, |_, s| s, |_| true);
        assert_eq!(rows.len(), 1);
        let row = &rows[0];
        assert_eq!(row.other, 7);
        assert!((row.win_boost - row.kick_back).abs() < 1e-12);
        assert!((row.win_boost - 0.05).abs() < 1e-6, "{row:?}");
        assert!(row.favors_owed.abs() < 1e-12);
    }

    #[test]
    fn partners_are_not_rows_of_each_other() {
        let matches = vec![rated(
            1,
            vec![
                seat(0, 1, Win),
                seat(1, 2, Loss),
                seat(2, 3, Win),
                seat(3, 4, Loss),
            ],
        )];
        let rows = favoritism_of(1, &matches, |_, s| s % 2, |_| true);
        let others: Vec<i64> = rows.iter().map(|r| r.other).collect();
        assert_eq!(others.len(), 2);
        assert!(others.contains(&2) && others.contains(&4));
    }

    #[test]
    fn last_match_is_written_short() {
        assert_eq!(ago(TimeDelta::seconds(5)), "5s");
        assert_eq!(ago(TimeDelta::days(6)), "6d");
        assert_eq!(ago(TimeDelta::days(40)), "1mo");
    }
}
