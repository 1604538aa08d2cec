//! Ratings after a finished rated match: Weng-Lin (OpenSkill) from the
//! `skillratings` crate, kept per (player, augmentation, rule set) by the
//! storage, which also keeps the stats, the top burst, the time the shown
//! rating last changed and a history row per match. The rules are in
//! docs/rules.md ("Ratings"):
//!
//! - seats on one team (Partners) are rated as one team; the teams are
//!   ranked by their results, wins first, then draws, then losses;
//! - Chaos is rated at the beginner constant and never updated;
//! - a result every player shares, all winning or all losing, moves no
//!   rating when two or more sides of players played: it says nothing of
//!   one against another, and friends could otherwise farm it;
//! - a lone player without a Chaos seat (a puzzle) has a virtual Chaos at
//!   the beginner constant, which loses when the player wins and wins when
//!   it loses, so the puzzle still says something;
//! - a player holding seats on more than one team (Random against Random)
//!   learns nothing about itself: its rating stays, its stats count;
//! - unrated matches (challenged `unrated`, or a Trainer stopped the clock)
//!   change nothing.

use chrono::{DateTime, Utc};
use redscience_engine::SeatResult;
use redscience_storage::{Augmentation, Kind, LiveMatch, Rating, RatingKey, RatingUpdate, Storage};
use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

use crate::naming::name_of;
use crate::reply::{Message, Reply};
use crate::services::Services;

/// One seat as the rating maths sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeatRating {
    /// The engine's team: Partners share one, everyone else has their own.
    pub team: usize,
    pub result: SeatResult,
    pub mu: f64,
    pub sigma: f64,
    /// Chaos's seat: rated at the beginner constant, never updated.
    pub chaos: bool,
}

fn rank(result: SeatResult) -> usize {
    match result {
        SeatResult::Win => 1,
        SeatResult::Draw => 2,
        SeatResult::Loss => 3,
    }
}

fn beginner() -> WengLinRating {
    WengLinRating {
        rating: Rating::BEGINNER_MU,
        uncertainty: Rating::BEGINNER_SIGMA,
    }
}

/// The result every player shares, where two or more sides of players
/// all won or all lost (Chaos aside): such a match moves no rating, as it
/// says nothing of one player against another. None otherwise.
pub fn shared_result(seats: &[SeatRating]) -> Option<SeatResult> {
    let players: Vec<&SeatRating> = seats.iter().filter(|s| !s.chaos).collect();
    let first = players.first()?.result;
    let mut sides: Vec<usize> = players.iter().map(|s| s.team).collect();
    sides.sort_unstable();
    sides.dedup();
    (sides.len() >= 2 && first != SeatResult::Draw && players.iter().all(|s| s.result == first))
        .then_some(first)
}

/// Each seat's (μ, σ) after the match, in seat order. Chaos seats keep
/// the beginner constant; a match with fewer than two sides changes nothing.
pub fn weng_lin(seats: &[SeatRating]) -> Vec<(f64, f64)> {
    // (team, result, seats), in order of first appearance; Chaos is a side alone.
    let mut teams: Vec<(Option<usize>, SeatResult, Vec<usize>)> = Vec::new();
    for (i, seat) in seats.iter().enumerate() {
        let team = (!seat.chaos).then_some(seat.team);
        match teams.iter_mut().find(|t| team.is_some() && t.0 == team) {
            Some(t) => t.2.push(i),
            None => teams.push((team, seat.result, vec![i])),
        }
    }
    let rating = |i: usize| {
        if seats[i].chaos {
            beginner()
        } else {
            WengLinRating {
                rating: seats[i].mu,
                uncertainty: seats[i].sigma,
            }
        }
    };
    let mut sides: Vec<(Vec<WengLinRating>, usize)> = teams
        .iter()
        .map(|t| (t.2.iter().map(|&i| rating(i)).collect(), rank(t.1)))
        .collect();
    let unchanged: Vec<(f64, f64)> = seats.iter().map(|s| (s.mu, s.sigma)).collect();
    if shared_result(seats).is_some() {
        return unchanged;
    }
    let player_sides = teams.iter().filter(|t| t.0.is_some()).count();
    if !seats.iter().any(|s| s.chaos)
        && player_sides == 1
        && let Some(first) = teams.first().map(|t| t.1)
        && first != SeatResult::Draw
    {
        // A puzzle's virtual Chaos: it loses when the player wins, and
        // wins when the player loses.
        let chaos = if first == SeatResult::Win {
            SeatResult::Loss
        } else {
            SeatResult::Win
        };
        sides.push((vec![beginner()], rank(chaos)));
    }
    if sides.len() < 2 {
        return unchanged;
    }
    let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = sides
        .iter()
        .map(|(r, k)| (r.as_slice(), MultiTeamOutcome::new(*k)))
        .collect();
    let out = weng_lin_multi_team(&input, &WengLinConfig::new());
    let mut after = unchanged;
    for (t, team) in teams.iter().enumerate() {
        for (j, &i) in team.2.iter().enumerate() {
            if !seats[i].chaos {
                after[i] = (out[t][j].rating, out[t][j].uncertainty);
            }
        }
    }
    after
}

/// One player's rating before and after a match.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    pub key: RatingKey,
    pub before: Rating,
    pub after: Rating,
}

/// Rates a finished rated match once: every player (Chaos excepted) gets
/// its new rating, stats and history row in one transaction. Returns
/// `None` for a match still going, an unrated match, or one already rated
/// (by this call's twin, say).
pub async fn rate(
    storage: &Storage,
    live: &LiveMatch,
) -> redscience_storage::Result<Option<Vec<Change>>> {
    // Another match of the same player rated meanwhile: compute again.
    let mut tries = 0;
    loop {
        match rate_once(storage, live).await {
            Err(redscience_storage::Error::Conflict(_)) if tries < 5 => tries += 1,
            done => return done,
        }
    }
}

async fn rate_once(
    storage: &Storage,
    live: &LiveMatch,
) -> redscience_storage::Result<Option<Vec<Change>>> {
    if !live.is_over() || !storage.awaits_rating(live.id).await? {
        return Ok(None);
    }
    let game = live.state().game().clone();
    let mut seats = Vec::new();
    let mut keys: Vec<Option<RatingKey>> = Vec::new();
    for record in &live.seats {
        let player = storage.player(record.player_id).await?;
        let chaos = game.seats[record.seat].is_chaos || player.kind == Kind::Chaos;
        let key = RatingKey {
            player_id: record.player_id,
            augmentation: record.augmentation,
            rule_set_id: live.rule_set_id,
        };
        let rating = if chaos {
            Rating::beginner()
        } else {
            storage.rating(&key).await?
        };
        let Some(result) = record.result else {
            return Err(redscience_storage::Error::Corrupt(format!(
                "match {} is over but seat {} has no result",
                live.id,
                record.seat + 1
            )));
        };
        seats.push(SeatRating {
            team: game.seats[record.seat].team,
            result,
            mu: rating.mu,
            sigma: rating.sigma,
            chaos,
        });
        keys.push((!chaos).then_some(key));
    }
    let after = weng_lin(&seats);
    let mut changes: Vec<Change> = Vec::new();
    let mut updates: Vec<RatingUpdate> = Vec::new();
    for (i, key) in keys.iter().enumerate() {
        let Some(key) = *key else { continue };
        if updates.iter().any(|u| u.key == key) {
            continue;
        }
        let own: Vec<usize> = (0..keys.len()).filter(|&j| keys[j] == Some(key)).collect();
        let one_side = own.iter().all(|&j| seats[j].team == seats[i].team);
        let (mu, sigma) = if one_side {
            after[i]
        } else {
            (seats[i].mu, seats[i].sigma)
        };
        updates.push(RatingUpdate {
            key,
            mu,
            sigma,
            based_on: Some((seats[i].mu, seats[i].sigma)),
        });
        changes.push(Change {
            key,
            before: storage.rating(&key).await?,
            after: Rating::beginner(),
        });
    }
    if let Err(e) = storage.record_ratings(live.id, &updates).await {
        return if storage.awaits_rating(live.id).await? {
            Err(e)
        } else {
            Ok(None)
        };
    }
    for change in &mut changes {
        change.after = storage.rating(&change.key).await?;
    }
    Ok(Some(changes))
}

/// The line a finished match's report ends with: each rated player's shown
/// rating before and after. `None` when the match changes no rating.
pub(crate) async fn after_match(services: &Services, live: &LiveMatch) -> Option<String> {
    match rate(services.storage(), live).await {
        Ok(Some(changes)) => Some(line(services, live, &changes).await),
        Ok(None) => None,
        Err(e) => Some(format!("The ratings could not be updated: {e}.")),
    }
}

/// The ratings line of a finished match, and the notes it needs: what
/// `?` means when a provisional rating is in it, and why ratings move
/// further in a match of three or four sides.
async fn line(services: &Services, live: &LiveMatch, changes: &[Change]) -> String {
    let game = live.state().game();
    let seats: Vec<SeatRating> = live
        .seats
        .iter()
        .map(|r| SeatRating {
            team: game.seats[r.seat].team,
            result: r.result.unwrap_or(SeatResult::Draw),
            mu: Rating::BEGINNER_MU,
            sigma: Rating::BEGINNER_SIGMA,
            chaos: game.seats[r.seat].is_chaos,
        })
        .collect();
    if let Some(shared) = shared_result(&seats) {
        return shared_result_line(shared, &game.rules.name);
    }
    let mut parts = Vec::new();
    for change in changes {
        let name = name_of(services, change.key.player_id).await;
        let how = match change.key.augmentation {
            Augmentation::Alone => String::new(),
            other => format!(" ({other})"),
        };
        parts.push(format!("{name}{how} {}", moved(change)));
    }
    let mut text = format!("Ratings in {}: {}.", game.rules.name, parts.join(", "));
    let mut teams: Vec<usize> = game.seats.iter().map(|s| s.team).collect();
    teams.sort_unstable();
    teams.dedup();
    if teams.len() > 2 {
        text.push('\n');
        text.push_str(&several_sides_note(teams.len()));
    }
    let provisional = |r: &Rating| r.played > 0 && r.provisional();
    if changes
        .iter()
        .any(|c| provisional(&c.before) || provisional(&c.after))
    {
        text.push('\n');
        text.push_str(PROVISIONAL_NOTE);
    }
    text
}

/// The ratings line of a match whose players all won or all lost.
fn shared_result_line(shared: SeatResult, game: &str) -> String {
    let everyone = if shared == SeatResult::Win {
        "Everyone won"
    } else {
        "Everyone lost"
    };
    format!(
        "{everyone}: ratings in {game} unchanged, as a result every player shares says nothing of one player against another."
    )
}

/// What a match did to one rating: "new → 344?" for a first rated match
/// (a beginner's 0 is no rating yet), "344? → 112? (-232)" after that.
pub fn moved(change: &Change) -> String {
    let after = figure(&change.after);
    if change.before.played == 0 {
        return format!("new → {after}");
    }
    if (change.before.mu, change.before.sigma) == (change.after.mu, change.after.sigma) {
        return format!("{after} (unchanged)");
    }
    let rise = change.after.shown() - change.before.shown();
    format!("{} → {after} ({rise:+})", figure(&change.before))
}

/// A shown rating as text: "1234", or "344?" while it is provisional.
pub fn figure(rating: &Rating) -> String {
    figure_of(rating.shown(), rating.provisional())
}

/// "1234", or "344?" for a provisional rating.
pub fn figure_of(shown: i32, provisional: bool) -> String {
    if provisional {
        format!("{shown}?")
    } else {
        shown.to_string()
    }
}

/// What `?` means, where a provisional rating is shown.
pub const PROVISIONAL_NOTE: &str = "? marks a provisional rating: too few matches yet to be sure of it. \
     A rating counts only the skill results have shown beyond doubt, so everyone starts at 0; \
     each match shrinks the doubt, which lifts the rating, so early ratings swing widely, below 0 too.";

/// Why a match of three or four sides moves ratings further than a duel.
fn several_sides_note(sides: usize) -> String {
    format!(
        "With {sides} sides, each result counts against each of the other {} (as a win, a draw or a loss), so ratings can move up to {} times as far as after a match of two.",
        sides - 1,
        sides - 1
    )
}

/// How long a finished match may wait for its report to rate it before
/// the clock does.
const CATCH_UP_AFTER_SECONDS: i64 = 60;

/// Rates the finished rated matches whose rating was interrupted (the bot
/// stopped between a match's end and its report), and posts their ratings
/// line to the match's channel. Called by the clock.
pub(crate) async fn catch_up(services: &Services) -> Reply {
    let mut reply = Reply::default();
    let before = services.storage().now() - chrono::TimeDelta::seconds(CATCH_UP_AFTER_SECONDS);
    let Ok(ids) = services.storage().matches_awaiting_rating(before).await else {
        return reply;
    };
    for id in ids {
        let challenge = services
            .storage()
            .challenge_of_match(id)
            .await
            .ok()
            .flatten();
        if challenge
            .as_ref()
            .is_some_and(|c| !services.clocks(c.place.platform))
        {
            continue;
        }
        let Ok(live) = services.storage().load_match(id).await else {
            continue;
        };
        // A match that cannot be rated is not announced on every tick.
        let Ok(Some(changes)) = rate(services.storage(), &live).await else {
            continue;
        };
        let line = line(services, &live, &changes).await;
        if let Some(challenge) = challenge {
            reply.push(Message::new(
                crate::naming::channel_of(&challenge),
                format!("Match {id}: {line}"),
            ));
        }
    }
    reply
}

/// How long a rating's shown value has been held, e.g. "3 days"; `None`
/// for a player who has not played.
pub fn held_for(rating: &Rating, now: DateTime<Utc>) -> Option<String> {
    rating
        .changed_at
        .map(|at| crate::clock_words::span(now - at))
}

#[cfg(test)]
mod tests {
    use super::*;
    use SeatResult::{Draw, Loss, Win};

    fn fresh(team: usize, result: SeatResult) -> SeatRating {
        SeatRating {
            team,
            result,
            mu: Rating::BEGINNER_MU,
            sigma: Rating::BEGINNER_SIGMA,
            chaos: false,
        }
    }

    const MU: f64 = Rating::BEGINNER_MU;
    const SIGMA: f64 = Rating::BEGINNER_SIGMA;

    #[test]
    fn a_win_raises_and_a_loss_lowers() {
        let after = weng_lin(&[fresh(0, Win), fresh(1, Loss)]);
        assert!(after[0].0 > MU && after[1].0 < MU, "{after:?}");
        assert!(after[0].1 < SIGMA && after[1].1 < SIGMA, "{after:?}");
        // Equal players: what one gains the other loses.
        assert!((after[0].0 - MU - (MU - after[1].0)).abs() < 1e-9);
    }

    #[test]
    fn a_draw_between_equals_keeps_mu_and_narrows_sigma() {
        let after = weng_lin(&[fresh(0, Draw), fresh(1, Draw)]);
        for (mu, sigma) in after {
            assert!((mu - MU).abs() < 1e-9 && sigma < SIGMA);
        }
        // A stronger player drawing with a weaker one loses some.
        let strong = SeatRating {
            mu: 30.0,
            sigma: 3.0,
            ..fresh(0, Draw)
        };
        let after = weng_lin(&[strong, fresh(1, Draw)]);
        assert!(after[0].0 < 30.0 && after[1].0 > MU, "{after:?}");
    }

    #[test]
    fn many_seats_are_ranked_by_result() {
        let after = weng_lin(&[
            fresh(0, Loss),
            fresh(1, Win),
            fresh(2, Draw),
            fresh(3, Loss),
        ]);
        assert!(after[1].0 > after[2].0 && after[2].0 > after[0].0);
        assert!((after[0].0 - after[3].0).abs() < 1e-9);
        assert!(after[0].0 < MU && after[1].0 > MU);
    }

    #[test]
    fn partners_move_together() {
        let after = weng_lin(&[fresh(0, Win), fresh(1, Loss), fresh(0, Win), fresh(1, Loss)]);
        assert_eq!(after[0], after[2]);
        assert_eq!(after[1], after[3]);
        assert!(after[0].0 > MU && after[1].0 < MU);
    }

    #[test]
    fn chaos_is_rated_as_a_beginner_and_never_moves() {
        // Chaos's stored numbers are ignored: it always plays as a beginner.
        let chaos = SeatRating {
            mu: 40.0,
            sigma: 1.0,
            chaos: true,
            ..fresh(9, Win)
        };
        let after = weng_lin(&[fresh(0, Loss), fresh(1, Draw), chaos]);
        assert_eq!(after[2], (40.0, 1.0));
        let against_beginner = weng_lin(&[
            fresh(0, Loss),
            fresh(1, Draw),
            SeatRating {
                chaos: true,
                ..fresh(9, Win)
            },
        ]);
        assert_eq!(after[0], against_beginner[0]);
        assert!(after[0].0 < MU);
    }

    #[test]
    fn a_result_every_player_shares_moves_no_rating() {
        let strong = SeatRating {
            mu: 30.0,
            sigma: 3.0,
            ..fresh(0, Win)
        };
        for seats in [
            vec![fresh(0, Win), fresh(1, Win)],
            vec![strong, fresh(1, Win)],
            vec![fresh(0, Loss), fresh(1, Loss), fresh(2, Loss)],
            // Two players hunting stag beat Chaos together: still shared.
            vec![
                fresh(0, Win),
                fresh(1, Win),
                SeatRating {
                    chaos: true,
                    ..fresh(2, Loss)
                },
            ],
        ] {
            let unchanged: Vec<(f64, f64)> = seats.iter().map(|s| (s.mu, s.sigma)).collect();
            assert_eq!(weng_lin(&seats), unchanged, "{seats:?}");
            assert!(shared_result(&seats).is_some());
        }
        assert_eq!(shared_result(&[fresh(0, Loss), fresh(1, Loss)]), Some(Loss));
        // Partners winning together are one side: the other side lost.
        assert_eq!(
            shared_result(&[fresh(0, Win), fresh(1, Loss), fresh(0, Win), fresh(1, Loss)]),
            None
        );
        // Everyone drawing is a plain draw: σ narrows.
        let all_draw = weng_lin(&[fresh(0, Draw), fresh(1, Draw)]);
        assert!(
            all_draw
                .iter()
                .all(|r| (r.0 - MU).abs() < 1e-9 && r.1 < SIGMA)
        );
    }

    #[test]
    fn a_lone_player_is_rated_against_a_virtual_chaos_or_the_real_one() {
        let won = weng_lin(&[fresh(0, Win)]);
        assert!(won[0].0 > MU, "{won:?}");
        let lost = weng_lin(&[fresh(0, Loss)]);
        assert!(lost[0].0 < MU, "{lost:?}");
        let against_chaos = weng_lin(&[
            fresh(0, Win),
            SeatRating {
                chaos: true,
                ..fresh(1, Loss)
            },
        ]);
        assert_eq!(against_chaos[0], won[0]);
    }

    #[test]
    fn the_shared_result_line_says_why_nothing_moved() {
        assert_eq!(
            shared_result_line(Win, "StagHunt"),
            "Everyone won: ratings in StagHunt unchanged, as a result every player shares says nothing of one player against another."
        );
        assert!(shared_result_line(Loss, "X").starts_with("Everyone lost: "));
    }

    fn change(before: (f64, f64, u32), after: (f64, f64, u32)) -> Change {
        let rating = |(mu, sigma, played)| Rating {
            mu,
            sigma,
            played,
            ..Rating::beginner()
        };
        Change {
            key: RatingKey {
                player_id: 1,
                augmentation: Augmentation::Alone,
                rule_set_id: 1,
            },
            before: rating(before),
            after: rating(after),
        }
    }

    #[test]
    fn a_first_match_reads_new_and_a_provisional_rating_carries_a_question_mark() {
        // 100 × (22.4 − 3 × 8.1) = −190: a first loss, provisional.
        assert_eq!(
            moved(&change((MU, SIGMA, 0), (22.4, 8.1, 1))),
            "new → -190?"
        );
        // Still provisional after a second match: both ends marked.
        assert_eq!(
            moved(&change((22.4, 8.1, 1), (25.0, 7.9, 2))),
            "-190? → 130? (+320)"
        );
        // σ from above 6 to below: the mark goes.
        assert_eq!(
            moved(&change((30.0, 6.1, 9), (31.0, 5.9, 10))),
            "1170? → 1330 (+160)"
        );
        assert_eq!(
            moved(&change((30.0, 4.0, 40), (29.0, 4.0, 41))),
            "1800 → 1700 (-100)"
        );
        assert_eq!(
            moved(&change((30.0, 4.0, 40), (30.0, 4.0, 41))),
            "1800 (unchanged)"
        );
    }

    #[test]
    fn a_beginner_is_provisional_and_sigma_six_is_not() {
        assert!(Rating::beginner().provisional());
        assert_eq!(figure(&Rating::beginner()), "0?");
        let firm = Rating {
            sigma: Rating::PROVISIONAL_SIGMA,
            ..Rating::beginner()
        };
        assert!(!firm.provisional());
        assert_eq!(figure(&firm), "700");
    }

    #[test]
    fn several_sides_say_how_many_each_result_counts_against() {
        assert_eq!(
            several_sides_note(3),
            "With 3 sides, each result counts against each of the other 2 (as a win, a draw or a loss), so ratings can move up to 2 times as far as after a match of two."
        );
    }

    #[test]
    fn held_for_is_the_time_since_the_shown_rating_changed() {
        let now = Utc::now();
        let mut rating = Rating::beginner();
        assert_eq!(held_for(&rating, now), None);
        rating.changed_at = Some(now - chrono::TimeDelta::days(3));
        assert_eq!(held_for(&rating, now).as_deref(), Some("3 days"));
    }
}
