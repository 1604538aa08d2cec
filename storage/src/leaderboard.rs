//! What a game's leaderboard is made of: every rated (player,
//! augmentation) of one universe, Random and the game's standard player
//! from any universe, sorted by shown rating + top burst; the game's
//! standard player, created with its first leaderboard; and the players of
//! a community, for the leaderboard's filter.

use std::collections::{HashMap, HashSet};

use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter,
    QuerySelect, Set, TransactionTrait,
};

use crate::accounts::{NewPlayer, SystemPlayer, insert_player, player_by_id};
use crate::challenges::ChannelRef;
use crate::entities::{challenges, players, ratings, rule_sets, seats};
use crate::error::{Result, refuse};
use crate::ratings::Rating;
use crate::roles::{Augmentation, Kind, Security};
use crate::{PUBLIC_UNIVERSE, Player, Storage};

/// One row a leaderboard may show: a player in one form of augmentation.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub player: Player,
    pub augmentation: Augmentation,
    pub rating: Rating,
}

impl Standing {
    /// What the leaderboard sorts by: the shown rating plus the top burst.
    pub fn score(&self) -> i32 {
        self.rating.shown() + self.rating.top_burst
    }
}

/// The standard player's name for a game: "*Tic-Tac-Toe SP".
pub fn standard_player_name(game: &str) -> String {
    format!("*{game} SP")
}

/// The words of the search's difficulty levels, each a machine player of
/// its own per game ("*Tic-Tac-Toe easy"), weakest first.
pub const LEVELS: [&str; 3] = ["easy", "medium", "hard"];

/// A level player's name, made from its game's standard player's name
/// ("*Tic-Tac-Toe SP" -> "*Tic-Tac-Toe easy"), so that a game renamed
/// keeps its levels as it keeps its standard player.
pub fn level_player_name(standard_name: &str, level: &str) -> String {
    let game = standard_name
        .strip_suffix(" SP")
        .unwrap_or(standard_name)
        .trim_start_matches('*');
    format!("*{game} {level}")
}

/// The level a machine player searches at ("easy", "medium", "hard"),
/// read from its name; None for everyone else (standard players included).
pub fn level_of(player: &Player) -> Option<&'static str> {
    if player.kind != Kind::Standard
        || player.creator_id.is_some()
        || player.universe != PUBLIC_UNIVERSE
        || !player.name.starts_with('*')
    {
        return None;
    }
    let (_, last) = player.name.rsplit_once(' ')?;
    LEVELS.into_iter().find(|l| *l == last)
}

async fn ensure_standard_player<C: ConnectionTrait>(
    db: &C,
    rule_set_id: i64,
    now: sea_orm::prelude::DateTimeUtc,
) -> Result<Player> {
    let Some(game) = rule_sets::Entity::find_by_id(rule_set_id)
        .lock_exclusive()
        .one(db)
        .await?
    else {
        return refuse(format!("there is no game number {rule_set_id}"));
    };
    if let Some(id) = game.standard_player_id {
        return player_by_id(db, id).await;
    }
    let name = standard_player_name(&game.name);
    // A game renamed and named back again finds its old standard player.
    let player = find_or_make_machine(db, &name, now).await?;
    let mut active = game.into_active_model();
    active.standard_player_id = Set(Some(player.id));
    active.update(db).await?;
    Ok(player)
}

async fn find_machine<C: ConnectionTrait>(db: &C, name: &str) -> Result<Option<Player>> {
    players::Entity::find()
        .filter(players::Column::Universe.eq(PUBLIC_UNIVERSE))
        .filter(players::Column::NameKey.eq(name.to_lowercase()))
        .filter(players::Column::Kind.eq(Kind::Standard.word()))
        .one(db)
        .await?
        .map(Player::try_from)
        .transpose()
}

/// The machine player of this name in the Public Universe, made when it
/// is not there yet (a standard or a level player).
async fn find_or_make_machine<C: ConnectionTrait>(
    db: &C,
    name: &str,
    now: sea_orm::prelude::DateTimeUtc,
) -> Result<Player> {
    if let Some(player) = find_machine(db, name).await? {
        return Ok(player);
    }
    insert_player(
        db,
        NewPlayer {
            name,
            universe: PUBLIC_UNIVERSE,
            security: Security::Persona,
            kind: Kind::Standard,
            creator_id: None,
            parent_id: None,
        },
        now,
    )
    .await
}

impl Storage {
    /// The game's player at a level of the search ("*Tic-Tac-Toe easy", a
    /// non-human in the Public Universe like the standard player), created
    /// the first time it is asked for.
    pub async fn level_player(&self, rule_set_id: i64, level: &str) -> Result<Player> {
        let Some(level) = LEVELS.into_iter().find(|l| l.eq_ignore_ascii_case(level)) else {
            return refuse(format!(
                "\"{level}\" is not a level; the levels are {}",
                LEVELS.join(", ")
            ));
        };
        let txn = self.db.begin().await?;
        let standard = ensure_standard_player(&txn, rule_set_id, self.now()).await?;
        let name = level_player_name(&standard.name, level);
        let player = find_or_make_machine(&txn, &name, self.now()).await?;
        txn.commit().await?;
        Ok(player)
    }

    /// The game's level players that exist (asked for at least once),
    /// weakest first.
    pub async fn level_players(&self, rule_set_id: i64) -> Result<Vec<Player>> {
        let standard = self.standard_player(rule_set_id).await?;
        let mut out = Vec::new();
        for level in LEVELS {
            if let Some(p) =
                find_machine(&self.db, &level_player_name(&standard.name, level)).await?
            {
                out.push(p);
            }
        }
        Ok(out)
    }

    /// The game's standard player ("*Tic-Tac-Toe SP", a non-human that
    /// searches with the standard budget), created the first time it is
    /// asked for.
    pub async fn standard_player(&self, rule_set_id: i64) -> Result<Player> {
        let txn = self.db.begin().await?;
        let player = ensure_standard_player(&txn, rule_set_id, self.now()).await?;
        txn.commit().await?;
        Ok(player)
    }

    /// Every rated (player, augmentation) of the game in `universe`, plus
    /// Random and the standard player whatever their universe (at the
    /// beginner's rating when they have not played it yet), best first:
    /// by shown rating + top burst, then shown rating, then name.
    pub async fn standings(&self, rule_set_id: i64, universe: &str) -> Result<Vec<Standing>> {
        let standard = self.standard_player(rule_set_id).await?;
        let random = self.system_player(SystemPlayer::Random).await?;
        let levels = self.level_players(rule_set_id).await?;
        let rows = ratings::Entity::find()
            .filter(ratings::Column::RuleSetId.eq(rule_set_id))
            .all(&self.db)
            .await?;
        let mut ids: Vec<i64> = rows.iter().map(|r| r.player_id).collect();
        ids.sort_unstable();
        ids.dedup();
        let mut who: HashMap<i64, Player> = HashMap::new();
        for chunk in ids.chunks(500) {
            for m in players::Entity::find()
                .filter(players::Column::Id.is_in(chunk.iter().copied()))
                .all(&self.db)
                .await?
            {
                who.insert(m.id, Player::try_from(m)?);
            }
        }
        let mut out = Vec::new();
        let mut seen_random = false;
        let mut seen_standard = false;
        let mut seen_levels: HashSet<i64> = HashSet::new();
        for row in rows {
            let Some(player) = who.get(&row.player_id).cloned() else {
                continue;
            };
            let level = levels.iter().any(|l| l.id == player.id);
            let everywhere = player.id == random.id || player.id == standard.id || level;
            if player.universe != universe && !everywhere {
                continue;
            }
            seen_random |= player.id == random.id;
            seen_standard |= player.id == standard.id;
            if level {
                seen_levels.insert(player.id);
            }
            let Some(augmentation) = Augmentation::parse(&row.augmentation) else {
                return Err(crate::Error::Corrupt(format!(
                    "a rating of player {} has augmentation \"{}\"",
                    player.id, row.augmentation
                )));
            };
            out.push(Standing {
                player,
                augmentation,
                rating: Rating::from(row),
            });
        }
        let unseen_levels = levels.into_iter().map(|l| (seen_levels.contains(&l.id), l));
        for (seen, player) in [(seen_random, random), (seen_standard, standard)]
            .into_iter()
            .chain(unseen_levels)
        {
            if !seen {
                out.push(Standing {
                    player,
                    augmentation: Augmentation::Alone,
                    rating: Rating::beginner(),
                });
            }
        }
        out.sort_by(|a, b| {
            b.score()
                .cmp(&a.score())
                .then(b.rating.shown().cmp(&a.rating.shown()))
                .then_with(|| {
                    a.player
                        .name
                        .to_lowercase()
                        .cmp(&b.player.name.to_lowercase())
                })
                .then(a.player.id.cmp(&b.player.id))
                .then_with(|| a.augmentation.word().cmp(b.augmentation.word()))
        });
        Ok(out)
    }

    /// The players who sat in a match challenged in this community (on a
    /// platform without communities, this channel).
    pub async fn community_members(&self, place: &ChannelRef) -> Result<HashSet<i64>> {
        let mut query = challenges::Entity::find()
            .select_only()
            .column(challenges::Column::MatchId)
            .filter(challenges::Column::Platform.eq(place.platform.word()))
            .filter(challenges::Column::MatchId.is_not_null());
        query = match &place.community {
            Some(community) => query.filter(challenges::Column::Community.eq(community.as_str())),
            None => query
                .filter(challenges::Column::Community.is_null())
                .filter(challenges::Column::Channel.eq(place.channel.as_str())),
        };
        let match_ids: Vec<Option<i64>> = query.into_tuple().all(&self.db).await?;
        let match_ids: Vec<i64> = match_ids.into_iter().flatten().collect();
        if match_ids.is_empty() {
            return Ok(HashSet::new());
        }
        let mut members = HashSet::new();
        for chunk in match_ids.chunks(500) {
            let ids: Vec<i64> = seats::Entity::find()
                .select_only()
                .column(seats::Column::PlayerId)
                .filter(seats::Column::MatchId.is_in(chunk.iter().copied()))
                .into_tuple()
                .all(&self.db)
                .await?;
            members.extend(ids);
        }
        Ok(members)
    }
}
