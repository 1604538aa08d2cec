//! Favoritism (the spec's Favoritism tab, upstream notes §1.3): for each
//! player someone met in a game, how their results together compare with
//! what the ratings expected before each match, and who owes whom. The
//! rules are in docs/rules.md ("Favoritism").

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use redscience_engine::{Game, SeatResult};
use redscience_storage::{Augmentation, Kind, Player, RatedMatch, Rating, RatingKey, Storage};

use crate::arguments::Args;
use crate::context::{Answer, Ctx, Refusal, said};
use crate::ratings::figure;
use crate::stats::{ago, percent, player_named, signed_percent, subject_has};

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
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Together {
    /// X(win_a), X(win_b), X(draw): 1 for what happened, 0 otherwise.
    pub a_won: f64,
    pub b_won: f64,
    pub drew: f64,
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
        a_won: x(a_won),
        b_won: x(b_won),
        drew: x(!a_won && !b_won),
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
    /// How many of the latest matches the shares and boosts are over.
    pub counted: usize,
    /// Over those: the share a won, b won, and they drew.
    pub a_won: f64,
    pub b_won: f64,
    pub drew: f64,
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
            let mut sum = Together::default();
            for (ta, tb) in list {
                let t = together(expected(&side(ta), &side(tb)), result_of(ta), result_of(tb));
                sum.a_won += t.a_won / n;
                sum.b_won += t.b_won / n;
                sum.drew += t.drew / n;
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
                    counted: recent.len(),
                    a_won: mean(|t| t.a_won),
                    b_won: mean(|t| t.b_won),
                    drew: mean(|t| t.drew),
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

/// `favoritism [PLAYER] [GAME]`: for each other player met in a game, the
/// spec's figures, most recent first.
pub(crate) async fn favoritism(ctx: &Ctx<'_>, args: &Args) -> Answer {
    let who = player_named(ctx, args);
    let game = args.game();
    let storage = ctx.storage();
    let mut matches = storage.rated_matches_of(who.id).await.map_err(said)?;
    if let Some(game) = game {
        matches.retain(|m| m.rule_set_id == game.id);
    }
    let (games, players) = games_and_players(storage, &matches).await?;
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
        let what = match game {
            Some(game) => format!(" of {}", game.name),
            None => String::new(),
        };
        return Ok(ctx.answer(format!(
            "{subject} played no rated match{what} against anyone yet, so there is no favoritism to show."
        )));
    }
    let now = storage.now();
    let mut text = format!(
        "Favoritism of {0}, most recent first: how {0}'s results against each player compare with what \
         the ratings expected before each match. Preference = 2 × win boost + draw boost: above 0, {0} does \
         better against that player than expected. `help favoritism` explains every figure.",
        who.name
    );
    for row in &rows {
        let (game_name, _) = &games[&row.rule_set_id];
        let form = |name: &str, a: Augmentation| match a {
            Augmentation::Alone => name.to_string(),
            other => format!("{name} ({other})"),
        };
        let key = |player_id, augmentation| RatingKey {
            player_id,
            augmentation,
            rule_set_id: row.rule_set_id,
        };
        let pair = Pair {
            a: form(&who.name, row.augmentation),
            b: form(&players[&row.other].name, row.other_augmentation),
            game: game_name.clone(),
            rating_a: storage
                .rating(&key(who.id, row.augmentation))
                .await
                .map_err(said)?,
            rating_b: storage
                .rating(&key(row.other, row.other_augmentation))
                .await
                .map_err(said)?,
        };
        text.push('\n');
        text.push_str(&pair.describe(row, now));
    }
    Ok(ctx.answer(text))
}

/// Each game of `matches` (its name, and its seats, which say who is on
/// which side) and each player who sat in them.
async fn games_and_players(
    storage: &Storage,
    matches: &[RatedMatch],
) -> Result<(Games, HashMap<i64, Player>), Refusal> {
    let mut games: Games = HashMap::new();
    let mut players: HashMap<i64, Player> = HashMap::new();
    for m in matches {
        if let Entry::Vacant(e) = games.entry(m.rule_set_id) {
            let saved = storage.rule_set_by_id(m.rule_set_id).await.map_err(said)?;
            let name = saved.name.clone();
            let compiled = Game::new(saved.rules).map_err(|_| {
                format!("The game {name} cannot be read by this release, so its favoritism cannot be worked out.")
            })?;
            e.insert((name, compiled));
        }
        for s in &m.seats {
            if let Entry::Vacant(e) = players.entry(s.player_id) {
                e.insert(storage.player(s.player_id).await.map_err(said)?);
            }
        }
    }
    Ok((games, players))
}

/// Each game by id: its name and its compiled rules.
type Games = HashMap<i64, (String, Arc<Game>)>;

/// The two players of a Favoritism row, as the text names them, with
/// their current ratings in the row's game.
struct Pair {
    a: String,
    b: String,
    game: String,
    rating_a: Rating,
    rating_b: Rating,
}

impl Pair {
    /// A row in words: the matches, each boost beside the share that
    /// happened and the share the ratings expected, the ratings compared,
    /// and who owes whom.
    fn describe(&self, row: &Favoritism, now: DateTime<Utc>) -> String {
        let Pair { a, b, game, .. } = self;
        let over = match row.counted {
            1 => "In that match".to_string(),
            n if n == row.matches => format!("In those {n}"),
            n => format!("In the last {n}"),
        };
        // The expected share is the share that happened less the boost.
        let share = |happened: f64, boost: f64, what: &str| {
            format!(
                "{}% where {}% was expected ({what} {})",
                percent(happened),
                percent(happened - boost),
                signed_percent(boost)
            )
        };
        format!(
            "- {b} in {game}{}: {} {}, the last {} ago; preference {}.\n  \
             {over}: {a} won {}, they drew {}, {b} won {}.\n  \
             Ratings now: {a} {}, {b} {}; {}. Favours: {}.",
            if row.augmentation == Augmentation::Alone {
                String::new()
            } else {
                format!(" (as {a})")
            },
            row.matches,
            if row.matches == 1 { "match" } else { "matches" },
            ago(now - row.last_match),
            signed_percent(row.preference()),
            share(row.a_won, row.win_boost, "win boost"),
            share(row.drew, row.draw_boost, "draw boost"),
            share(row.b_won, row.kick_back, "kick back"),
            figure(&self.rating_a),
            figure(&self.rating_b),
            self.relative(),
            self.favours(row.favors_owed),
        )
    }

    /// The spec's relative rating, R_b ÷ R_a − 1, in words; a ratio means
    /// something only between two ratings above 0.
    fn relative(&self) -> String {
        let (mine, theirs) = (self.rating_a.shown(), self.rating_b.shown());
        if mine <= 0 || theirs <= 0 {
            return "no relative rating, as that compares two ratings above 0".to_string();
        }
        let ratio = f64::from(theirs) / f64::from(mine) - 1.0;
        let size = (100.0 * ratio).abs().round();
        let b = &self.b;
        if size == 0.0 {
            format!("{b}'s is the same (relative rating 0%)")
        } else {
            format!(
                "{b}'s is {size:.0}% {} (relative rating {})",
                if ratio > 0.0 { "higher" } else { "lower" },
                signed_percent(ratio)
            )
        }
    }

    /// Favours owed by a to b, in words: whoever owes, and "in default"
    /// when that is more than one match's worth.
    fn favours(&self, owed: f64) -> String {
        let (debtor, creditor) = if owed >= 0.0 {
            (&self.a, &self.b)
        } else {
            (&self.b, &self.a)
        };
        let amount = owed.abs();
        if amount < 0.005 {
            return "nobody owes anything".to_string();
        }
        format!(
            "{debtor} owes {creditor} {amount:.2}{}",
            if amount > 1.0 {
                ", more than one match's worth, so in default"
            } else {
                ""
            }
        )
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
        assert_eq!((row.other, row.matches, row.counted), (2, 12, 10));
        assert_eq!((row.a_won, row.drew, row.b_won), (0.0, 0.0, 1.0));
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

    fn rated_as(shown: i32, sigma: f64) -> Rating {
        // μ − 3σ = shown / 100.
        Rating {
            mu: f64::from(shown) / 100.0 + 3.0 * sigma,
            sigma,
            ..Rating::beginner()
        }
    }

    fn pair(mine: Rating, theirs: Rating) -> Pair {
        Pair {
            a: "ann".to_string(),
            b: "bob".to_string(),
            game: "Tic-Tac-Toe".to_string(),
            rating_a: mine,
            rating_b: theirs,
        }
    }

    #[test]
    fn a_row_reads_as_what_happened_against_what_was_expected() {
        let now = DateTime::<Utc>::from_timestamp(2_000_000, 0).unwrap();
        let row = Favoritism {
            rule_set_id: 1,
            augmentation: Augmentation::Alone,
            other: 2,
            other_augmentation: Augmentation::Alone,
            last_match: now - chrono::TimeDelta::days(3),
            matches: 12,
            counted: 10,
            a_won: 0.6,
            b_won: 0.3,
            drew: 0.1,
            win_boost: 0.15,
            draw_boost: 0.0,
            kick_back: -0.15,
            favors_owed: 2.3,
        };
        let text = pair(rated_as(1100, 4.0), rated_as(1210, 4.0)).describe(&row, now);
        assert_eq!(
            text,
            "- bob in Tic-Tac-Toe: 12 matches, the last 3d ago; preference +30%.\n  \
             In the last 10: ann won 60% where 45% was expected (win boost +15%), \
             they drew 10% where 10% was expected (draw boost 0%), \
             bob won 30% where 45% was expected (kick back -15%).\n  \
             Ratings now: ann 1100, bob 1210; bob's is 10% higher (relative rating +10%). \
             Favours: ann owes bob 2.30, more than one match's worth, so in default."
        );
    }

    #[test]
    fn no_relative_rating_unless_both_are_above_zero() {
        let p = pair(rated_as(-277, 7.0), rated_as(777, 7.0));
        assert_eq!(
            p.relative(),
            "no relative rating, as that compares two ratings above 0"
        );
        let p = pair(rated_as(500, 4.0), rated_as(-20, 4.0));
        assert!(p.relative().starts_with("no relative rating"));
        let p = pair(rated_as(1000, 4.0), rated_as(600, 4.0));
        assert_eq!(p.relative(), "bob's is 40% lower (relative rating -40%)");
        let p = pair(rated_as(1000, 4.0), rated_as(1001, 4.0));
        assert_eq!(p.relative(), "bob's is the same (relative rating 0%)");
    }

    #[test]
    fn favours_name_who_owes_whom() {
        let p = pair(Rating::beginner(), Rating::beginner());
        assert_eq!(p.favours(0.4), "ann owes bob 0.40");
        assert_eq!(
            p.favours(-6.6),
            "bob owes ann 6.60, more than one match's worth, so in default"
        );
        assert_eq!(p.favours(0.001), "nobody owes anything");
    }
}
