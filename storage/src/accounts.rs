//! Players, the chat identities that speak for them, personas, promotion,
//! and the Admins named by configuration.

use std::fmt;

use sea_orm::prelude::DateTimeUtc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Set, TransactionTrait,
};

use crate::entities::{identities, players};
use crate::error::{Error, Result, refuse};
use crate::roles::{self, Action, Kind, Security};
use crate::{PUBLIC_UNIVERSE, Storage};

/// The most characters a player's name may have.
pub const PLAYER_NAME_MAX: usize = 40;

/// Where a chat account lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Platform {
    Discord,
    Matrix,
    /// The terminal chat that comes with the bot (and drives its tests).
    Console,
}

impl Platform {
    pub fn word(self) -> &'static str {
        match self {
            Platform::Discord => "discord",
            Platform::Matrix => "matrix",
            Platform::Console => "console",
        }
    }

    pub fn parse(word: &str) -> Option<Platform> {
        match word {
            "discord" => Some(Platform::Discord),
            "matrix" => Some(Platform::Matrix),
            "console" => Some(Platform::Console),
            _ => None,
        }
    }
}

/// A chat account: `discord:<user id>` or `matrix:@user:server`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ChatId {
    pub platform: Platform,
    pub id: String,
}

impl ChatId {
    pub fn discord(id: impl Into<String>) -> ChatId {
        ChatId {
            platform: Platform::Discord,
            id: id.into(),
        }
    }

    pub fn matrix(id: impl Into<String>) -> ChatId {
        ChatId {
            platform: Platform::Matrix,
            id: id.into(),
        }
    }

    /// A user of the console chat, by the name typed there.
    pub fn console(id: impl Into<String>) -> ChatId {
        ChatId {
            platform: Platform::Console,
            id: id.into(),
        }
    }

    /// Reads `discord:123`, `matrix:@ann:example.org`, or the bare forms
    /// `123` (a Discord id) and `@ann:example.org` (a Matrix id).
    pub fn parse(text: &str) -> std::result::Result<ChatId, String> {
        let text = text.trim();
        let (platform, id) = match text.split_once(':') {
            Some(("discord", id)) => (Some(Platform::Discord), id),
            Some(("matrix", id)) => (Some(Platform::Matrix), id),
            _ => (None, text),
        };
        let discord = !id.is_empty() && id.chars().all(|c| c.is_ascii_digit());
        let matrix =
            id.starts_with('@') && id[1..].contains(':') && !id.contains(char::is_whitespace);
        match platform {
            Some(Platform::Discord) | None if discord => Ok(ChatId::discord(id)),
            Some(Platform::Matrix) | None if matrix => Ok(ChatId::matrix(id)),
            _ => Err(format!(
                "\"{text}\" is not a chat id; write discord:<user id> (digits) or matrix:@user:server"
            )),
        }
    }
}

impl fmt::Display for ChatId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.platform.word(), self.id)
    }
}

/// One person or bot.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    pub id: i64,
    pub name: String,
    pub universe: String,
    pub security: Security,
    pub kind: Kind,
    pub creator_id: Option<i64>,
    pub parent_id: Option<i64>,
    pub avatar: Option<String>,
    pub created_at: DateTimeUtc,
}

impl TryFrom<players::Model> for Player {
    type Error = Error;

    fn try_from(m: players::Model) -> Result<Player> {
        let corrupt = |what: &str, word: &str| {
            Error::Corrupt(format!("player {} has {what} \"{word}\"", m.id))
        };
        Ok(Player {
            security: Security::parse(&m.security)
                .ok_or_else(|| corrupt("security level", &m.security))?,
            kind: Kind::parse(&m.kind).ok_or_else(|| corrupt("kind", &m.kind))?,
            id: m.id,
            name: m.name,
            universe: m.universe,
            creator_id: m.creator_id,
            parent_id: m.parent_id,
            avatar: m.avatar,
            created_at: m.created_at,
        })
    }
}

/// The spec's rule for names people choose: no whitespace, '*', '(' or ')'.
/// Names starting with '*' are the system's.
pub fn check_player_name(name: &str) -> Result<()> {
    let length = name.chars().count();
    if length == 0 {
        return refuse(format!(
            "the name is empty; give a name of 1 to {PLAYER_NAME_MAX} characters"
        ));
    }
    if length > PLAYER_NAME_MAX {
        return refuse(format!(
            "the name \"{name}\" has {length} characters; at most {PLAYER_NAME_MAX} are accepted"
        ));
    }
    if name.chars().any(|c| c.is_whitespace() || "*()".contains(c)) {
        return refuse(format!(
            "the name \"{name}\" contains whitespace, '*', '(' or ')', which names cannot; use '-' or '_' between words"
        ));
    }
    Ok(())
}

/// A name people may use, made from a chat display name.
pub fn name_from_display(display: &str) -> String {
    let mut name = String::new();
    for word in display.split_whitespace() {
        let word: String = word.chars().filter(|c| !"*()".contains(*c)).collect();
        if word.is_empty() {
            continue;
        }
        if !name.is_empty() {
            name.push('-');
        }
        name.push_str(&word);
    }
    let name: String = name.chars().take(PLAYER_NAME_MAX - 4).collect();
    if name.is_empty() {
        "Player".to_string()
    } else {
        name
    }
}

pub(crate) fn name_key(name: &str) -> String {
    name.to_lowercase()
}

pub(crate) async fn find_player_in<C: ConnectionTrait>(
    db: &C,
    name: &str,
    universe: &str,
) -> Result<Option<Player>> {
    players::Entity::find()
        .filter(players::Column::Universe.eq(universe))
        .filter(players::Column::NameKey.eq(name_key(name.trim())))
        .one(db)
        .await?
        .map(Player::try_from)
        .transpose()
}

pub(crate) async fn player_by_id<C: ConnectionTrait>(db: &C, id: i64) -> Result<Player> {
    match players::Entity::find_by_id(id).one(db).await? {
        Some(m) => m.try_into(),
        None => refuse(format!("there is no player number {id}")),
    }
}

/// The player, locked until the transaction ends (PostgreSQL; SQLite has one writer).
pub(crate) async fn lock_player<C: ConnectionTrait>(db: &C, id: i64) -> Result<Player> {
    match players::Entity::find_by_id(id)
        .lock_exclusive()
        .one(db)
        .await?
    {
        Some(m) => m.try_into(),
        None => refuse(format!("there is no player number {id}")),
    }
}

/// A player record to insert.
pub(crate) struct NewPlayer<'a> {
    pub name: &'a str,
    pub universe: &'a str,
    pub security: Security,
    pub kind: Kind,
    pub creator_id: Option<i64>,
    pub parent_id: Option<i64>,
}

pub(crate) async fn insert_player<C: ConnectionTrait>(
    db: &C,
    new: NewPlayer<'_>,
    now: DateTimeUtc,
) -> Result<Player> {
    let NewPlayer {
        name,
        universe,
        security,
        kind,
        creator_id,
        parent_id,
    } = new;
    let taken = players::Entity::find()
        .filter(players::Column::Universe.eq(universe))
        .filter(players::Column::NameKey.eq(name_key(name)))
        .one(db)
        .await?;
    if let Some(other) = taken {
        return refuse(format!(
            "the name \"{name}\" is taken in {universe} (by \"{}\"); choose another name",
            other.name
        ));
    }
    let model = players::ActiveModel {
        name: Set(name.to_string()),
        name_key: Set(name_key(name)),
        universe: Set(universe.to_string()),
        security: Set(security.word().to_string()),
        kind: Set(kind.word().to_string()),
        creator_id: Set(creator_id),
        parent_id: Set(parent_id),
        avatar: Set(None),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    model.try_into()
}

impl Storage {
    /// The player with this id.
    pub async fn player(&self, id: i64) -> Result<Player> {
        player_by_id(&self.db, id).await
    }

    /// The player of that name (any case) in the Public Universe.
    pub async fn player_named(&self, name: &str) -> Result<Option<Player>> {
        self.player_in(name, PUBLIC_UNIVERSE).await
    }

    /// The player of that name (any case) in a universe.
    pub async fn player_in(&self, name: &str, universe: &str) -> Result<Option<Player>> {
        find_player_in(&self.db, name, universe).await
    }

    /// Up to `limit` players of a universe whose name starts with `prefix`
    /// (any case), by name: suggestions while someone types a name.
    pub async fn players_starting(
        &self,
        prefix: &str,
        universe: &str,
        limit: u64,
    ) -> Result<Vec<Player>> {
        // LIKE's wildcards in a typed prefix are matched as themselves.
        let key: String = name_key(prefix.trim())
            .chars()
            .filter(|c| !matches!(c, '%' | '_' | '\\'))
            .collect();
        players::Entity::find()
            .filter(players::Column::Universe.eq(universe))
            .filter(players::Column::NameKey.starts_with(key))
            .order_by_asc(players::Column::NameKey)
            .limit(limit)
            .all(&self.db)
            .await?
            .into_iter()
            .map(Player::try_from)
            .collect()
    }

    /// The one Random player, the Chaos pseudo-player, or the shared Anonymous record.
    pub async fn system_player(&self, which: SystemPlayer) -> Result<Player> {
        match self.player_named(which.name()).await? {
            Some(p) => Ok(p),
            None => Err(Error::Corrupt(format!(
                "the system player {} is missing; run `redscience migrate`",
                which.name()
            ))),
        }
    }

    /// The player a chat account speaks for, created as a Creator (an Admin
    /// when configuration names the account) the first time it speaks.
    pub async fn player_for_chat(&self, chat: &ChatId, display_name: &str) -> Result<Player> {
        let txn = self.db.begin().await?;
        if let Some(identity) = find_identity(&txn, chat).await? {
            return player_by_id(&txn, identity.player_id).await;
        }
        let security = if self.admins.contains(chat) {
            Security::Admin
        } else {
            Security::Creator
        };
        let base = name_from_display(display_name);
        let mut name = base.clone();
        let mut n = 1;
        let player = loop {
            match insert_player(
                &txn,
                NewPlayer {
                    name: &name,
                    universe: PUBLIC_UNIVERSE,
                    security,
                    kind: Kind::Human,
                    creator_id: None,
                    parent_id: None,
                },
                self.now(),
            )
            .await
            {
                Ok(p) => break p,
                Err(Error::Refused(_)) if n < 1000 => {
                    n += 1;
                    name = format!("{base}-{n}");
                }
                Err(e) => return Err(e),
            }
        };
        insert_identity(&txn, chat, player.id, self.now()).await?;
        txn.commit().await?;
        Ok(player)
    }

    /// A human Creator with no chat account yet (the command line's `token NAME --create`).
    pub async fn create_human(&self, name: &str) -> Result<Player> {
        check_player_name(name)?;
        let txn = self.db.begin().await?;
        let player = insert_player(
            &txn,
            NewPlayer {
                name,
                universe: PUBLIC_UNIVERSE,
                security: Security::Creator,
                kind: Kind::Human,
                creator_id: None,
                parent_id: None,
            },
            self.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(player)
    }

    /// A persona (a copy of the actor, within the quota) or a standard player, owned by the actor.
    pub async fn create_player(&self, actor_id: i64, name: &str, kind: Kind) -> Result<Player> {
        check_player_name(name)?;
        let txn = self.db.begin().await?;
        let actor = lock_player(&txn, actor_id).await?;
        roles::allow(actor.security, Action::CreatePlayer { kind })?;
        if kind == Kind::Persona {
            let created = players::Entity::find()
                .filter(players::Column::CreatorId.eq(actor.id))
                .filter(players::Column::Kind.eq(Kind::Persona.word()))
                .count(&txn)
                .await?;
            roles::allow(actor.security, Action::CreatePersona { created })?;
        }
        let parent = (kind == Kind::Persona).then_some(actor.id);
        let player = insert_player(
            &txn,
            NewPlayer {
                name,
                universe: &actor.universe,
                security: Security::Persona,
                kind,
                creator_id: Some(actor.id),
                parent_id: parent,
            },
            self.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(player)
    }

    /// Sets another player's security level (Admins only).
    pub async fn set_security(&self, actor_id: i64, target: &str, to: Security) -> Result<Player> {
        let txn = self.db.begin().await?;
        let actor = player_by_id(&txn, actor_id).await?;
        let Some(found) = find_player_in(&txn, target, &actor.universe).await? else {
            return refuse(format!("there is no player named \"{target}\""));
        };
        let target = lock_player(&txn, found.id).await?;
        roles::allow(
            actor.security,
            Action::SetSecurity {
                target: target.security,
                to,
                is_self: actor.id == target.id,
            },
        )?;
        let updated = set_level(&txn, target.id, to).await?;
        txn.commit().await?;
        Ok(updated)
    }

    /// Makes every configured Admin that has spoken to the bot an Admin
    /// (done at start; accounts seen later become Admins on first contact).
    pub async fn bootstrap_admins(&self) -> Result<Vec<Player>> {
        let mut promoted = Vec::new();
        for chat in &self.admins {
            let txn = self.db.begin().await?;
            if let Some(identity) = find_identity(&txn, chat).await? {
                let player = lock_player(&txn, identity.player_id).await?;
                if player.security != Security::Admin && player.kind == Kind::Human {
                    promoted.push(set_level(&txn, player.id, Security::Admin).await?);
                }
            }
            txn.commit().await?;
        }
        Ok(promoted)
    }

    /// The chat accounts that speak for a player.
    pub async fn chat_ids(&self, player_id: i64) -> Result<Vec<ChatId>> {
        let rows = identities::Entity::find()
            .filter(identities::Column::PlayerId.eq(player_id))
            .all(&self.db)
            .await?;
        Ok(rows
            .into_iter()
            .filter_map(|r| {
                let platform = Platform::parse(&r.platform)?;
                Some(ChatId {
                    platform,
                    id: r.external_id,
                })
            })
            .collect())
    }
}

async fn set_level<C: ConnectionTrait>(db: &C, id: i64, to: Security) -> Result<Player> {
    let model = players::ActiveModel {
        id: Set(id),
        security: Set(to.word().to_string()),
        ..Default::default()
    }
    .update(db)
    .await?;
    model.try_into()
}

pub(crate) async fn find_identity<C: ConnectionTrait>(
    db: &C,
    chat: &ChatId,
) -> Result<Option<identities::Model>> {
    Ok(identities::Entity::find()
        .filter(identities::Column::Platform.eq(chat.platform.word()))
        .filter(identities::Column::ExternalId.eq(chat.id.as_str()))
        .one(db)
        .await?)
}

pub(crate) async fn insert_identity<C: ConnectionTrait>(
    db: &C,
    chat: &ChatId,
    player_id: i64,
    now: DateTimeUtc,
) -> Result<()> {
    identities::ActiveModel {
        platform: Set(chat.platform.word().to_string()),
        external_id: Set(chat.id.clone()),
        player_id: Set(player_id),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// The players the system keeps one of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SystemPlayer {
    Random,
    Chaos,
    Anonymous,
}

impl SystemPlayer {
    pub const ALL: [SystemPlayer; 3] = [
        SystemPlayer::Random,
        SystemPlayer::Chaos,
        SystemPlayer::Anonymous,
    ];

    pub fn name(self) -> &'static str {
        match self {
            SystemPlayer::Random => "*Random",
            SystemPlayer::Chaos => "*Chaos",
            SystemPlayer::Anonymous => "*Anonymous",
        }
    }

    pub(crate) fn kind_and_level(self) -> (Kind, Security) {
        match self {
            SystemPlayer::Random => (Kind::Random, Security::Persona),
            SystemPlayer::Chaos => (Kind::Chaos, Security::Persona),
            SystemPlayer::Anonymous => (Kind::Human, Security::Anonymous),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chat_ids_parse_with_or_without_the_platform() {
        assert_eq!(ChatId::parse("discord:42"), Ok(ChatId::discord("42")));
        assert_eq!(ChatId::parse("42"), Ok(ChatId::discord("42")));
        assert_eq!(
            ChatId::parse("matrix:@ann:example.org"),
            Ok(ChatId::matrix("@ann:example.org"))
        );
        assert_eq!(
            ChatId::parse("@ann:example.org").unwrap().to_string(),
            "matrix:@ann:example.org"
        );
        assert!(ChatId::parse("discord:@ann:x").is_err());
        assert!(ChatId::parse("ann").is_err());
    }

    #[test]
    fn display_names_become_valid_names() {
        assert_eq!(name_from_display("Ann  Lee (she)"), "Ann-Lee-she");
        assert_eq!(name_from_display("***"), "Player");
        assert!(check_player_name(&name_from_display(&"x".repeat(99))).is_ok());
        assert!(check_player_name("a b").is_err());
        assert!(check_player_name("*Random").is_err());
    }
}
