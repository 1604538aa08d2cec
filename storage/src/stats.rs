//! What the Stats, Rating History and Favoritism views read: a player's
//! ratings with their stats, each rating's history with its times, and the
//! rated matches a player sat in with everyone's rating before the match.
//! The figures themselves are worked out by the commands.

use std::collections::HashMap;

use redscience_engine::SeatResult;
use sea_orm::prelude::DateTimeUtc;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::Storage;
use crate::entities::{matches, rating_history, ratings, rule_sets, seats};
use crate::error::{Error, Result};
use crate::ratings::{Rating, RatingKey};
use crate::roles::Augmentation;

/// One row of a player's Stats: a game played in one form of augmentation.
#[derive(Clone, Debug, PartialEq)]
pub struct StatsRow {
    pub key: RatingKey,
    pub game: String,
    pub rating: Rating,
    /// The best shown rating in that game among every player and form
    /// whose rating is not provisional; `None` while every one is.
    pub best_shown: Option<i32>,
}

/// A rating at one moment: after a match (or a beginner's before the first).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingPoint {
    pub at: DateTimeUtc,
    pub match_id: i64,
    pub mu: f64,
    pub sigma: f64,
}

/// One seat of a rated match, with its player's rating before the match.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatedSeat {
    /// 0-based.
    pub seat: usize,
    pub player_id: i64,
    pub augmentation: Augmentation,
    pub result: SeatResult,
    /// (μ, σ) before the match; `None` for Chaos, which is never rated.
    pub before: Option<(f64, f64)>,
}

/// A finished match that was rated.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedMatch {
    pub id: i64,
    pub rule_set_id: i64,
    pub finished_at: DateTimeUtc,
    pub seats: Vec<RatedSeat>,
}

fn augmentation(word: &str) -> Result<Augmentation> {
    Augmentation::parse(word)
        .ok_or_else(|| Error::Corrupt(format!("unknown augmentation \"{word}\" in the ratings")))
}

fn result(word: Option<&str>, match_id: i64) -> Result<SeatResult> {
    match word {
        Some("win") => Ok(SeatResult::Win),
        Some("loss") => Ok(SeatResult::Loss),
        Some("draw") => Ok(SeatResult::Draw),
        other => Err(Error::Corrupt(format!(
            "rated match {match_id} has a seat without a result ({other:?})"
        ))),
    }
}

impl Storage {
    /// Every (game, augmentation) a player has a rating in, most recently
    /// played first, each with the game's best established shown rating.
    pub async fn stats(&self, player_id: i64) -> Result<Vec<StatsRow>> {
        let rows = ratings::Entity::find()
            .filter(ratings::Column::PlayerId.eq(player_id))
            .order_by_desc(ratings::Column::LastMatchAt)
            .order_by_asc(ratings::Column::RuleSetId)
            .order_by_asc(ratings::Column::Augmentation)
            .all(&self.db)
            .await?;
        let mut best: HashMap<i64, Option<i32>> = HashMap::new();
        let mut names: HashMap<i64, String> = HashMap::new();
        let mut out = Vec::new();
        for row in rows {
            let game = row.rule_set_id;
            if let std::collections::hash_map::Entry::Vacant(e) = best.entry(game) {
                let all = ratings::Entity::find()
                    .filter(ratings::Column::RuleSetId.eq(game))
                    .all(&self.db)
                    .await?;
                e.insert(
                    all.into_iter()
                        .map(Rating::from)
                        .filter(|r| !r.provisional())
                        .map(|r| r.shown())
                        .max(),
                );
                let name = rule_sets::Entity::find_by_id(game)
                    .one(&self.db)
                    .await?
                    .map(|g| g.name)
                    .unwrap_or_else(|| format!("game {game}"));
                names.insert(game, name);
            }
            out.push(StatsRow {
                key: RatingKey {
                    player_id,
                    augmentation: augmentation(&row.augmentation)?,
                    rule_set_id: game,
                },
                game: names[&game].clone(),
                best_shown: best[&game],
                rating: Rating::from(row),
            });
        }
        Ok(out)
    }

    /// A rating over time: the beginner's rating at the first rated match,
    /// then the rating after each match, oldest first. Empty when the
    /// player has not played that game in that form.
    pub async fn rating_points(&self, key: &RatingKey) -> Result<Vec<RatingPoint>> {
        let rows = rating_history::Entity::find()
            .filter(rating_history::Column::PlayerId.eq(key.player_id))
            .filter(rating_history::Column::Augmentation.eq(key.augmentation.word()))
            .filter(rating_history::Column::RuleSetId.eq(key.rule_set_id))
            .order_by_asc(rating_history::Column::Id)
            .all(&self.db)
            .await?;
        let mut out = Vec::new();
        if let Some(first) = rows.first() {
            out.push(RatingPoint {
                at: first.created_at,
                match_id: first.match_id,
                mu: first.mu_before,
                sigma: first.sigma_before,
            });
        }
        out.extend(rows.iter().map(|r| RatingPoint {
            at: r.created_at,
            match_id: r.match_id,
            mu: r.mu_after,
            sigma: r.sigma_after,
        }));
        Ok(out)
    }

    /// The rated matches a player sat in, oldest first, with every seat's
    /// result and rating before the match.
    pub async fn rated_matches_of(&self, player_id: i64) -> Result<Vec<RatedMatch>> {
        let mine = seats::Entity::find()
            .filter(seats::Column::PlayerId.eq(player_id))
            .all(&self.db)
            .await?;
        let mut ids: Vec<i64> = mine.iter().map(|s| s.match_id).collect();
        ids.sort_unstable();
        ids.dedup();
        let mut out = Vec::new();
        for chunk in ids.chunks(500) {
            let found = matches::Entity::find()
                .filter(matches::Column::Id.is_in(chunk.to_vec()))
                .filter(matches::Column::RatedAt.is_not_null())
                .order_by_asc(matches::Column::Id)
                .all(&self.db)
                .await?;
            let rated: Vec<i64> = found.iter().map(|m| m.id).collect();
            let seat_rows = seats::Entity::find()
                .filter(seats::Column::MatchId.is_in(rated.clone()))
                .order_by_asc(seats::Column::MatchId)
                .order_by_asc(seats::Column::Seat)
                .all(&self.db)
                .await?;
            let history = rating_history::Entity::find()
                .filter(rating_history::Column::MatchId.is_in(rated))
                .all(&self.db)
                .await?;
            for m in found {
                let mut list = Vec::new();
                for s in seat_rows.iter().filter(|s| s.match_id == m.id) {
                    let aug = augmentation(&s.augmentation)?;
                    let before = history
                        .iter()
                        .find(|h| {
                            h.match_id == m.id
                                && h.player_id == s.player_id
                                && h.augmentation == s.augmentation
                        })
                        .map(|h| (h.mu_before, h.sigma_before));
                    list.push(RatedSeat {
                        seat: s.seat as usize,
                        player_id: s.player_id,
                        augmentation: aug,
                        result: result(s.result.as_deref(), m.id)?,
                        before,
                    });
                }
                out.push(RatedMatch {
                    id: m.id,
                    rule_set_id: m.rule_set_id,
                    finished_at: m.finished_at.or(m.rated_at).unwrap_or(m.created_at),
                    seats: list,
                });
            }
        }
        Ok(out)
    }
}
