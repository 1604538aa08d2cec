//! Saved games: validated, unique by fingerprint and by name, within the
//! saver's quota, and immutable except their name (which only Admins change).

use redscience_engine::{Game, Problem, RuleSet, fingerprint, validate};
use sea_orm::prelude::DateTimeUtc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, Set, TransactionTrait,
};

use crate::Storage;
use crate::accounts::{lock_player, name_key, player_by_id};
use crate::entities::rule_sets;
use crate::error::{Error, Result, refuse};
use crate::roles::{self, Action};
use crate::tokens::{Purpose, redeem};

/// A rule set as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedRuleSet {
    pub id: i64,
    pub name: String,
    pub fingerprint: String,
    pub rules: RuleSet,
    /// None for the built-in catalogue.
    pub creator_id: Option<i64>,
    pub created_at: DateTimeUtc,
}

impl TryFrom<rule_sets::Model> for SavedRuleSet {
    type Error = Error;

    fn try_from(m: rule_sets::Model) -> Result<SavedRuleSet> {
        let rules = RuleSet::from_json(&m.rules_json).map_err(|p| {
            Error::Corrupt(format!(
                "the stored rules of \"{}\" do not read: {p}",
                m.name
            ))
        })?;
        Ok(SavedRuleSet {
            id: m.id,
            name: m.name,
            fingerprint: m.fingerprint,
            rules,
            creator_id: m.creator_id,
            created_at: m.created_at,
        })
    }
}

fn lines(problems: &[Problem]) -> String {
    problems
        .iter()
        .map(Problem::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

/// Validates a rule set for saving and returns its fingerprint: every
/// problem at once, one per line, each naming its field.
pub fn check_rules(rules: &RuleSet) -> Result<String> {
    if let Err(problems) = validate(rules) {
        return refuse(format!(
            "\"{}\" cannot be saved:\n{}",
            rules.name,
            lines(&problems)
        ));
    }
    if let Err(problems) = Game::new(rules.clone()) {
        return refuse(format!(
            "\"{}\" is valid but this release cannot play it yet, so it cannot be saved:\n{}",
            rules.name,
            lines(&problems)
        ));
    }
    Ok(fingerprint(rules))
}

pub(crate) async fn by_name<C: ConnectionTrait>(
    db: &C,
    name: &str,
) -> Result<Option<rule_sets::Model>> {
    Ok(rule_sets::Entity::find()
        .filter(rule_sets::Column::NameKey.eq(name_key(name.trim())))
        .one(db)
        .await?)
}

pub(crate) async fn by_fingerprint<C: ConnectionTrait>(
    db: &C,
    fingerprint: &str,
) -> Result<Option<rule_sets::Model>> {
    Ok(rule_sets::Entity::find()
        .filter(rule_sets::Column::Fingerprint.eq(fingerprint))
        .one(db)
        .await?)
}

/// Who made a stored game, for messages.
async fn maker<C: ConnectionTrait>(db: &C, m: &rule_sets::Model) -> Result<String> {
    Ok(match m.creator_id {
        None => "the built-in catalogue".to_string(),
        Some(id) => player_by_id(db, id).await?.name,
    })
}

/// Saves `rules` for the actor inside a transaction the caller commits.
async fn save<C: ConnectionTrait>(
    db: &C,
    actor_id: i64,
    rules: &RuleSet,
    fingerprint: String,
    now: DateTimeUtc,
) -> Result<SavedRuleSet> {
    let actor = lock_player(db, actor_id).await?;
    if let Some(existing) = by_fingerprint(db, &fingerprint).await? {
        return refuse(format!(
            "these rules are already saved as \"{}\" (from {}); games that differ only by name \
             are the same game, so play \"{}\" or change the rules",
            existing.name,
            maker(db, &existing).await?,
            existing.name
        ));
    }
    if let Some(existing) = by_name(db, &rules.name).await? {
        return refuse(format!(
            "the name \"{}\" is taken by another game (from {}); choose another name",
            rules.name,
            maker(db, &existing).await?
        ));
    }
    let saved = rule_sets::Entity::find()
        .filter(rule_sets::Column::CreatorId.eq(actor.id))
        .count(db)
        .await?;
    roles::allow(actor.security, Action::SaveRuleSet { saved })?;
    rule_sets::ActiveModel {
        name: Set(rules.name.clone()),
        name_key: Set(name_key(&rules.name)),
        fingerprint: Set(fingerprint),
        rules_json: Set(rules.to_json()),
        creator_id: Set(Some(actor.id)),
        standard_player_id: Set(None),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?
    .try_into()
}

impl Storage {
    /// The saved game of that name (any case), built-in ones included.
    pub async fn rule_set(&self, name: &str) -> Result<Option<SavedRuleSet>> {
        by_name(&self.db, name)
            .await?
            .map(SavedRuleSet::try_from)
            .transpose()
    }

    pub async fn rule_set_by_id(&self, id: i64) -> Result<SavedRuleSet> {
        match rule_sets::Entity::find_by_id(id).one(&self.db).await? {
            Some(m) => m.try_into(),
            None => refuse(format!("there is no game number {id}")),
        }
    }

    /// Every saved game, oldest first.
    pub async fn rule_sets(&self) -> Result<Vec<SavedRuleSet>> {
        rule_sets::Entity::find()
            .order_by_asc(rule_sets::Column::Id)
            .all(&self.db)
            .await?
            .into_iter()
            .map(SavedRuleSet::try_from)
            .collect()
    }

    /// Saves a new game for a player: valid, playable, not a copy of a saved
    /// game under another name, a free name, and within the player's quota.
    pub async fn save_rule_set(&self, actor_id: i64, rules: &RuleSet) -> Result<SavedRuleSet> {
        let fingerprint = check_rules(rules)?;
        let txn = self.db.begin().await?;
        let saved = save(&txn, actor_id, rules, fingerprint, self.now()).await?;
        txn.commit().await?;
        Ok(saved)
    }

    /// `redscience game NAME -i FILE TOKEN`: reads the file's JSON, saves it
    /// as NAME for the token's owner, and uses the token up. Nothing is
    /// saved and the token stays usable when anything is refused.
    pub async fn import_rule_set(
        &self,
        token: &str,
        name: &str,
        json: &str,
    ) -> Result<SavedRuleSet> {
        self.token_owner(token).await?;
        let mut rules = RuleSet::from_json(json)
            .map_err(|p| Error::Refused(format!("the file is not a valid rule set:\n{p}")))?;
        rules.name = name.trim().to_string();
        let fingerprint = check_rules(&rules)?;
        let txn = self.db.begin().await?;
        let owner = redeem(&txn, token, Purpose::Token, self.now(), true).await?;
        let saved = save(&txn, owner.id, &rules, fingerprint, self.now()).await?;
        txn.commit().await?;
        Ok(saved)
    }

    /// Renames a saved game (Admins only); its rules stay as they are.
    pub async fn rename_rule_set(
        &self,
        actor_id: i64,
        name: &str,
        new_name: &str,
    ) -> Result<SavedRuleSet> {
        let txn = self.db.begin().await?;
        let actor = lock_player(&txn, actor_id).await?;
        roles::allow(actor.security, Action::RenameRuleSet)?;
        let Some(row) = by_name(&txn, name).await? else {
            return refuse(format!("there is no saved game named \"{name}\""));
        };
        let mut rules = SavedRuleSet::try_from(row.clone())?.rules;
        rules.name = new_name.trim().to_string();
        if let Err(problems) = validate(&rules) {
            let names: Vec<Problem> = problems.into_iter().filter(|p| p.field == "name").collect();
            if !names.is_empty() {
                return refuse(lines(&names));
            }
        }
        if let Some(other) = by_name(&txn, &rules.name).await?
            && other.id != row.id
        {
            return refuse(format!(
                "the name \"{}\" is taken by another game; choose another name",
                rules.name
            ));
        }
        let updated = rule_sets::ActiveModel {
            id: Set(row.id),
            name: Set(rules.name.clone()),
            name_key: Set(name_key(&rules.name)),
            rules_json: Set(rules.to_json()),
            ..Default::default()
        }
        .update(&txn)
        .await?;
        txn.commit().await?;
        updated.try_into()
    }
}
