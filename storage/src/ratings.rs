//! Ratings and stats per (player, augmentation, rule set), with a history
//! row per rated match. The rating maths lives with the commands; storage
//! keeps the numbers and makes sure a match is rated at most once.

use sea_orm::prelude::DateTimeUtc;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
    TransactionTrait,
};

use crate::Storage;
use crate::accounts::player_by_id;
use crate::entities::{matches, moves, rating_history, ratings, seats};
use crate::error::{Error, Result, refuse};
use crate::matches::keeps_stats;
use crate::roles::Augmentation;

/// Whose rating: a player in one form of augmentation in one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RatingKey {
    pub player_id: i64,
    pub augmentation: Augmentation,
    pub rule_set_id: i64,
}

/// A rating with its stats.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    pub mu: f64,
    pub sigma: f64,
    pub played: u32,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    /// Milliseconds over `decisions` decisions.
    pub decision_ms: i64,
    pub decisions: u32,
    pub top_burst: i32,
    pub last_match_at: Option<DateTimeUtc>,
    pub changed_at: Option<DateTimeUtc>,
}

impl Rating {
    pub const BEGINNER_MU: f64 = 25.0;
    pub const BEGINNER_SIGMA: f64 = 25.0 / 3.0;
    /// A rating is provisional while its σ is above this. A beginner's σ
    /// is 8.33; it falls below 6 after about 12 two-player matches
    /// against other new players, about 7 against established ones, or 4
    /// matches of four (docs/rules.md, "Ratings").
    pub const PROVISIONAL_SIGMA: f64 = 6.0;

    /// A player who has not played yet (and Chaos, always).
    pub fn beginner() -> Rating {
        Rating {
            mu: Rating::BEGINNER_MU,
            sigma: Rating::BEGINNER_SIGMA,
            played: 0,
            won: 0,
            drawn: 0,
            lost: 0,
            decision_ms: 0,
            decisions: 0,
            top_burst: 0,
            last_match_at: None,
            changed_at: None,
        }
    }

    /// The rating shown: round(100 × (μ − 3σ)).
    pub fn shown(&self) -> i32 {
        shown(self.mu, self.sigma)
    }

    /// Whether the rating is still too unsure to compare (σ wide), as
    /// chess sites mark a new player's rating: a beginner's always is.
    pub fn provisional(&self) -> bool {
        self.sigma > Rating::PROVISIONAL_SIGMA
    }
}

fn shown(mu: f64, sigma: f64) -> i32 {
    (100.0 * (mu - 3.0 * sigma)).round() as i32
}

impl From<ratings::Model> for Rating {
    fn from(m: ratings::Model) -> Rating {
        Rating {
            mu: m.mu,
            sigma: m.sigma,
            played: m.played as u32,
            won: m.won as u32,
            drawn: m.drawn as u32,
            lost: m.lost as u32,
            decision_ms: m.decision_ms,
            decisions: m.decisions as u32,
            top_burst: m.top_burst,
            last_match_at: Some(m.last_match_at),
            changed_at: Some(m.changed_at),
        }
    }
}

/// A rating after a match.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingUpdate {
    pub key: RatingKey,
    pub mu: f64,
    pub sigma: f64,
    /// The (mu, sigma) this was computed from, when it must still hold:
    /// if another match changed the rating meanwhile, nothing is recorded
    /// and [`Error::Conflict`] says to compute again.
    pub based_on: Option<(f64, f64)>,
}

/// The row of one rating.
fn of_key(key: &RatingKey) -> sea_orm::Select<ratings::Entity> {
    ratings::Entity::find()
        .filter(ratings::Column::PlayerId.eq(key.player_id))
        .filter(ratings::Column::Augmentation.eq(key.augmentation.word()))
        .filter(ratings::Column::RuleSetId.eq(key.rule_set_id))
}

impl Storage {
    /// The current rating, or a beginner's when there is none.
    pub async fn rating(&self, key: &RatingKey) -> Result<Rating> {
        Ok(of_key(key)
            .one(&self.db)
            .await?
            .map(Rating::from)
            .unwrap_or_else(Rating::beginner))
    }

    /// (match, μ and σ before, μ and σ after) for each rated match, oldest first.
    pub async fn rating_history(
        &self,
        key: &RatingKey,
    ) -> Result<Vec<(i64, (f64, f64), (f64, f64))>> {
        let rows = rating_history::Entity::find()
            .filter(rating_history::Column::PlayerId.eq(key.player_id))
            .filter(rating_history::Column::Augmentation.eq(key.augmentation.word()))
            .filter(rating_history::Column::RuleSetId.eq(key.rule_set_id))
            .order_by_asc(rating_history::Column::Id)
            .all(&self.db)
            .await?;
        Ok(rows
            .into_iter()
            .map(|r| {
                (
                    r.match_id,
                    (r.mu_before, r.sigma_before),
                    (r.mu_after, r.sigma_after),
                )
            })
            .collect())
    }

    /// Whether a match is finished, counts for ratings and is not rated yet.
    pub async fn awaits_rating(&self, match_id: i64) -> Result<bool> {
        let Some(row) = matches::Entity::find_by_id(match_id).one(&self.db).await? else {
            return refuse(format!("there is no match number {match_id}"));
        };
        Ok(row.finished_at.is_some() && row.rated && row.rated_at.is_none())
    }

    /// Finished rated matches not rated yet that finished before `before`
    /// (rating them was interrupted), oldest first.
    pub async fn matches_awaiting_rating(&self, before: DateTimeUtc) -> Result<Vec<i64>> {
        let rows = matches::Entity::find()
            .filter(matches::Column::Rated.eq(true))
            .filter(matches::Column::RatedAt.is_null())
            .filter(matches::Column::FinishedAt.lt(before))
            .order_by_asc(matches::Column::Id)
            .all(&self.db)
            .await?;
        Ok(rows.into_iter().map(|m| m.id).collect())
    }

    /// Records a finished match's new ratings and stats, all at once, once.
    pub async fn record_ratings(&self, match_id: i64, updates: &[RatingUpdate]) -> Result<()> {
        let now = self.now();
        let txn = self.db.begin().await?;
        // Writing first makes this transaction the writer at once on SQLite
        // (so a concurrent rating waits instead of failing), and locks the
        // match's row on PostgreSQL; the checks below roll it back.
        let claimed = matches::Entity::update_many()
            .col_expr(matches::Column::RatedAt, Expr::value(now))
            .filter(matches::Column::Id.eq(match_id))
            .filter(matches::Column::RatedAt.is_null())
            .exec(&txn)
            .await?
            .rows_affected
            == 1;
        let Some(row) = matches::Entity::find_by_id(match_id)
            .lock_exclusive()
            .one(&txn)
            .await?
        else {
            return refuse(format!("there is no match number {match_id}"));
        };
        if row.finished_at.is_none() {
            return refuse(format!(
                "match {match_id} is not finished, so it cannot be rated yet"
            ));
        }
        if !row.rated {
            return refuse(format!("match {match_id} does not count for ratings"));
        }
        if !claimed {
            return refuse(format!("match {match_id} has already been rated"));
        }
        let seat_rows = seats::Entity::find()
            .filter(seats::Column::MatchId.eq(match_id))
            .all(&txn)
            .await?;
        for update in updates {
            let key = update.key;
            let player = player_by_id(&txn, key.player_id).await?;
            if !keeps_stats(player.kind) {
                return refuse(format!("{} has no stats and is never rated", player.name));
            }
            if key.rule_set_id != row.rule_set_id {
                return refuse(format!(
                    "match {match_id} was not played with game number {}",
                    key.rule_set_id
                ));
            }
            let mine: Vec<&seats::Model> = seat_rows
                .iter()
                .filter(|s| {
                    s.player_id == key.player_id && s.augmentation == key.augmentation.word()
                })
                .collect();
            if mine.is_empty() {
                return refuse(format!(
                    "{} did not play match {match_id} with augmentation {}",
                    player.name, key.augmentation
                ));
            }
            let result = mine[0].result.clone().unwrap_or_default();
            let seat_numbers: Vec<i16> = mine.iter().map(|s| s.seat).collect();
            let taken: Vec<i64> = moves::Entity::find()
                .select_only()
                .column(moves::Column::TakenMs)
                .filter(moves::Column::MatchId.eq(match_id))
                .filter(moves::Column::Seat.is_in(seat_numbers))
                .into_tuple()
                .all(&txn)
                .await?;
            // Locked until the commit: another match's rating of this
            // player waits on PostgreSQL (SQLite has one writer anyway).
            let before = of_key(&key).lock_exclusive().one(&txn).await?;
            let old = before
                .clone()
                .map(Rating::from)
                .unwrap_or_else(Rating::beginner);
            if update
                .based_on
                .is_some_and(|(mu, sigma)| (mu, sigma) != (old.mu, old.sigma))
            {
                return Err(Error::Conflict(format!(
                    "{}'s rating changed while match {match_id} was rated",
                    player.name
                )));
            }
            let rise = shown(update.mu, update.sigma) - old.shown();
            let changed_at = if rise != 0 || before.is_none() {
                now
            } else {
                old.changed_at.unwrap_or(now)
            };
            let model = ratings::ActiveModel {
                player_id: Set(key.player_id),
                augmentation: Set(key.augmentation.word().to_string()),
                rule_set_id: Set(key.rule_set_id),
                mu: Set(update.mu),
                sigma: Set(update.sigma),
                played: Set(old.played as i32 + 1),
                won: Set(old.won as i32 + i32::from(result == "win")),
                drawn: Set(old.drawn as i32 + i32::from(result == "draw")),
                lost: Set(old.lost as i32 + i32::from(result == "loss")),
                decision_ms: Set(old.decision_ms + taken.iter().sum::<i64>()),
                decisions: Set(old.decisions as i32 + taken.len() as i32),
                top_burst: Set(old.top_burst.max(rise)),
                last_match_at: Set(now),
                changed_at: Set(changed_at),
            };
            if before.is_some() {
                model.update(&txn).await?;
            } else {
                // A first rating: another match may have made the row since
                // (nothing to lock before it exists); compute again then.
                if let Err(e) = model.insert(&txn).await {
                    return Err(match e.sql_err() {
                        Some(sea_orm::SqlErr::UniqueConstraintViolation(_)) => {
                            Error::Conflict(format!(
                                "{}'s first rating was made while match {match_id} was rated",
                                player.name
                            ))
                        }
                        _ => Error::Database(e),
                    });
                }
            }
            rating_history::ActiveModel {
                player_id: Set(key.player_id),
                augmentation: Set(key.augmentation.word().to_string()),
                rule_set_id: Set(key.rule_set_id),
                match_id: Set(match_id),
                mu_before: Set(old.mu),
                sigma_before: Set(old.sigma),
                mu_after: Set(update.mu),
                sigma_after: Set(update.sigma),
                created_at: Set(now),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
        }
        txn.commit().await?;
        Ok(())
    }
}
