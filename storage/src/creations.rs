//! A player's creations (the spec's Creations tab): the games they saved
//! and the players they created, each with its usage.

use sea_orm::prelude::DateTimeUtc;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};

use crate::Storage;
use crate::accounts::Player;
use crate::entities::{matches, players, rule_sets, seats};
use crate::error::Result;

/// What was created.
#[derive(Clone, Debug, PartialEq)]
pub enum Created {
    /// A saved game.
    Game,
    /// A player (a persona or a standard player).
    Player(Player),
}

/// One creation with its usage.
#[derive(Clone, Debug, PartialEq)]
pub struct Creation {
    pub name: String,
    pub what: Created,
    pub created_at: DateTimeUtc,
    /// Matches of the game, or matches the player had a seat in.
    pub matches: u64,
    /// Whole days since it was created.
    pub days: i64,
}

impl Creation {
    /// The spec's Usage: 100 x mentions / days since created, with a
    /// match as the mention (there are no game sets yet) and the first day
    /// counted as a whole one; rounded up.
    pub fn usage(&self) -> u64 {
        (100 * self.matches).div_ceil(self.days.max(1) as u64)
    }
}

impl Storage {
    /// The games and players `creator` created, most used first (then
    /// newest first, then by name).
    pub async fn creations(&self, creator: i64) -> Result<Vec<Creation>> {
        let now = self.now();
        let days = |at: DateTimeUtc| (now - at).num_days().max(0);
        let mut out = Vec::new();
        let games = rule_sets::Entity::find()
            .filter(rule_sets::Column::CreatorId.eq(creator))
            .order_by_asc(rule_sets::Column::Id)
            .all(&self.db)
            .await?;
        for g in games {
            let played = matches::Entity::find()
                .filter(matches::Column::RuleSetId.eq(g.id))
                .count(&self.db)
                .await?;
            out.push(Creation {
                name: g.name,
                what: Created::Game,
                created_at: g.created_at,
                matches: played,
                days: days(g.created_at),
            });
        }
        let made = players::Entity::find()
            .filter(players::Column::CreatorId.eq(creator))
            .filter(players::Column::Id.ne(creator))
            .order_by_asc(players::Column::Id)
            .all(&self.db)
            .await?;
        for p in made {
            let p = Player::try_from(p)?;
            let played = matches_played(&self.db, p.id).await?;
            out.push(Creation {
                name: p.name.clone(),
                created_at: p.created_at,
                days: days(p.created_at),
                what: Created::Player(p),
                matches: played,
            });
        }
        out.sort_by(|a, b| {
            b.usage()
                .cmp(&a.usage())
                .then(b.created_at.cmp(&a.created_at))
                .then(a.name.to_lowercase().cmp(&b.name.to_lowercase()))
        });
        Ok(out)
    }
}

/// The matches a player had a seat in (a player may hold several seats of one match).
pub(crate) async fn matches_played<C: ConnectionTrait>(db: &C, player_id: i64) -> Result<u64> {
    Ok(seats::Entity::find()
        .filter(seats::Column::PlayerId.eq(player_id))
        .all(db)
        .await?
        .into_iter()
        .map(|s| s.match_id)
        .collect::<std::collections::BTreeSet<_>>()
        .len() as u64)
}
