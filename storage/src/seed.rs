//! What every database holds from its first start: the system players and
//! the built-in catalogue, owned by the system so its games have
//! leaderboards like any other.

use redscience_engine::{RuleSet, catalogue, fingerprint};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, Set, TransactionTrait,
};

use crate::accounts::{NewPlayer, SystemPlayer, find_player_in, insert_player, name_key};
use crate::entities::{matches, rule_sets};
use crate::error::Result;
use crate::rule_sets::{by_fingerprint, by_name};
use crate::{PUBLIC_UNIVERSE, Storage};

/// What `seed` changed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeedReport {
    pub players_added: Vec<String>,
    /// Catalogue games stored for the first time.
    pub games_added: Vec<String>,
    /// Catalogue games whose rules changed in this release and had not been played: updated.
    pub games_updated: Vec<String>,
    /// Catalogue games left out: their name is taken by a user's game or by
    /// an older version that has been played (stored games never change).
    pub games_kept_out: Vec<String>,
    /// Catalogue games whose labels (words, not rules) changed in this
    /// release: the stored game took the new labels.
    pub labels_updated: Vec<String>,
}

impl Storage {
    /// Adds whatever is missing; running it again changes nothing.
    pub async fn seed(&self) -> Result<SeedReport> {
        let mut report = SeedReport::default();
        let txn = self.db.begin().await?;
        self.lock_for_setup(&txn).await?;
        for which in SystemPlayer::ALL {
            if find_player_in(&txn, which.name(), PUBLIC_UNIVERSE)
                .await?
                .is_none()
            {
                let (kind, level) = which.kind_and_level();
                insert_player(
                    &txn,
                    NewPlayer {
                        name: which.name(),
                        universe: PUBLIC_UNIVERSE,
                        security: level,
                        kind,
                        creator_id: None,
                        parent_id: None,
                    },
                    self.now(),
                )
                .await?;
                report.players_added.push(which.name().to_string());
            }
        }
        for rules in catalogue::all() {
            let fingerprint = fingerprint(&rules);
            if let Some(row) = by_fingerprint(&txn, &fingerprint).await? {
                if row.creator_id.is_none()
                    && let Some(name) = self.refresh_labels(&txn, row, &rules).await?
                {
                    report.labels_updated.push(name);
                }
                continue;
            }
            match by_name(&txn, &rules.name).await? {
                None => {
                    rule_sets::ActiveModel {
                        name: Set(rules.name.clone()),
                        name_key: Set(name_key(&rules.name)),
                        fingerprint: Set(fingerprint),
                        rules_json: Set(rules.to_json()),
                        creator_id: Set(None),
                        standard_player_id: Set(None),
                        created_at: Set(self.now()),
                        ..Default::default()
                    }
                    .insert(&txn)
                    .await?;
                    report.games_added.push(rules.name);
                }
                Some(row) if row.creator_id.is_none() => {
                    let played = matches::Entity::find()
                        .filter(matches::Column::RuleSetId.eq(row.id))
                        .count(&txn)
                        .await?;
                    if played == 0 {
                        rule_sets::ActiveModel {
                            id: Set(row.id),
                            fingerprint: Set(fingerprint),
                            rules_json: Set(rules.to_json()),
                            ..Default::default()
                        }
                        .update(&txn)
                        .await?;
                        report.games_updated.push(rules.name);
                    } else {
                        report.games_kept_out.push(rules.name);
                    }
                }
                Some(_) => report.games_kept_out.push(rules.name),
            }
        }
        txn.commit().await?;
        Ok(report)
    }

    /// Gives a stored catalogue game the labels of this release's file.
    /// The rules are the same (same fingerprint), and labels are no part of
    /// them, so even a played game takes them; its name stays as stored (an
    /// Admin may have renamed it). Returns the name when it changed anything.
    async fn refresh_labels(
        &self,
        txn: &sea_orm::DatabaseTransaction,
        row: rule_sets::Model,
        release: &RuleSet,
    ) -> Result<Option<String>> {
        let Ok(mut stored) = RuleSet::from_json(&row.rules_json) else {
            return Ok(None);
        };
        if stored.labels == release.labels {
            return Ok(None);
        }
        stored.labels = release.labels.clone();
        stored.schema_version = stored.schema_version.max(release.schema_version);
        let name = stored.name.clone();
        rule_sets::ActiveModel {
            id: Set(row.id),
            rules_json: Set(stored.to_json()),
            ..Default::default()
        }
        .update(txn)
        .await?;
        Ok(Some(name))
    }
}
