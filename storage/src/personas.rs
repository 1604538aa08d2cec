//! Personas and universes. A persona is a copy of a person (its parent):
//! it has stats of its own, nobody logs in as it, and the person plays it.
//! Every player lives in one universe, locked once saved, and plays only
//! there. A chat account may act as one of its person's personas.

use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Set, TransactionTrait,
};

use crate::accounts::{
    ChatId, NewPlayer, Player, check_player_name, find_identity, find_player_in, insert_player,
    lock_player, name_key, player_by_id,
};
use crate::creations::{Created, Creation, matches_played};
use crate::entities::{identities, players};
use crate::error::{Result, refuse};
use crate::roles::{self, Action, Kind, Security};
use crate::{PUBLIC_UNIVERSE, Storage};

/// The most characters a universe's name may have.
pub const UNIVERSE_NAME_MAX: usize = 40;

/// A universe's name as typed, with its spaces tidied: 1 to 40 letters,
/// digits, spaces, '-', '_' or '\''. "public universe" in any case is the
/// Public Universe.
pub fn check_universe_name(text: &str) -> Result<String> {
    let name = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let length = name.chars().count();
    if length == 0 {
        return refuse(format!(
            "the universe's name is empty; give 1 to {UNIVERSE_NAME_MAX} letters, digits, spaces, '-' or '_'"
        ));
    }
    if length > UNIVERSE_NAME_MAX {
        return refuse(format!(
            "the universe's name \"{name}\" has {length} characters; at most {UNIVERSE_NAME_MAX} are accepted"
        ));
    }
    if let Some(bad) = name
        .chars()
        .find(|c| !(c.is_alphanumeric() || " -_'".contains(*c)))
    {
        return refuse(format!(
            "the universe's name \"{name}\" contains '{bad}'; use letters, digits, spaces, '-', '_' or '\\''"
        ));
    }
    if name.eq_ignore_ascii_case(PUBLIC_UNIVERSE) {
        return Ok(PUBLIC_UNIVERSE.to_string());
    }
    Ok(name)
}

/// Every universe some player lives in, as first spelled.
async fn universes<C: ConnectionTrait>(db: &C) -> Result<Vec<String>> {
    let mut all: Vec<String> = players::Entity::find()
        .select_only()
        .column(players::Column::Universe)
        .distinct()
        .into_tuple()
        .all(db)
        .await?;
    all.sort();
    Ok(all)
}

/// The personas of a person (their copies), by universe then name.
async fn personas<C: ConnectionTrait>(db: &C, person_id: i64) -> Result<Vec<Player>> {
    players::Entity::find()
        .filter(players::Column::ParentId.eq(person_id))
        .filter(players::Column::Kind.eq(Kind::Persona.word()))
        .order_by_asc(players::Column::Universe)
        .order_by_asc(players::Column::NameKey)
        .all(db)
        .await?
        .into_iter()
        .map(Player::try_from)
        .collect()
}

/// The person behind a player: a persona's parent, else the player itself.
async fn person<C: ConnectionTrait>(db: &C, player: &Player) -> Result<Player> {
    match (player.kind, player.parent_id) {
        (Kind::Persona, Some(parent)) => player_by_id(db, parent).await,
        _ => Ok(player.clone()),
    }
}

impl Storage {
    /// A persona of `actor` (a copy of them) named `name` in `universe`
    /// (the Public Universe when none is given). The universe must be the
    /// Public Universe, a new one (no player lives there yet), or one where
    /// the actor already has a persona. Creators create at most 3.
    pub async fn create_persona(
        &self,
        actor_id: i64,
        name: &str,
        universe: Option<&str>,
    ) -> Result<Player> {
        check_player_name(name)?;
        let universe = match universe {
            Some(u) => check_universe_name(u)?,
            None => PUBLIC_UNIVERSE.to_string(),
        };
        let txn = self.db.begin().await?;
        let actor = lock_player(&txn, actor_id).await?;
        if actor.security == Security::Anonymous {
            return refuse(
                "anonymous users cannot create personas: a persona is a copy of a person with an account. \
                 Speak to the bot from your own chat account to become a Creator, who may create 3",
            );
        }
        if actor.kind != Kind::Human {
            return refuse(format!(
                "{} is a {}, and only people create personas (copies of themselves)",
                actor.name, actor.kind
            ));
        }
        let created = players::Entity::find()
            .filter(players::Column::CreatorId.eq(actor.id))
            .filter(players::Column::Kind.eq(Kind::Persona.word()))
            .count(&txn)
            .await?;
        roles::allow(actor.security, Action::CreatePersona { created })?;
        let mine = personas(&txn, actor.id).await?;
        let existing = universes(&txn).await?;
        let universe = match existing
            .iter()
            .find(|u| u.to_lowercase() == universe.to_lowercase())
        {
            Some(u) if *u == PUBLIC_UNIVERSE || mine.iter().any(|p| p.universe == *u) => u.clone(),
            Some(u) => {
                return refuse(format!(
                    "\"{u}\" is someone else's universe, and you have no persona there. A persona goes to \
                     {PUBLIC_UNIVERSE}, to a new universe (a name nobody uses yet), or to a universe where you \
                     already have one; you get a persona in \"{u}\" when someone there invites you to play"
                ));
            }
            None => universe,
        };
        let player = insert_player(
            &txn,
            NewPlayer {
                name,
                universe: &universe,
                security: Security::Persona,
                kind: Kind::Persona,
                creator_id: Some(actor.id),
                parent_id: Some(actor.id),
            },
            self.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(player)
    }

    /// The personas of a person, by universe then name (those they created
    /// and those made for them when invited to another universe).
    pub async fn personas_of(&self, person_id: i64) -> Result<Vec<Player>> {
        personas(&self.db, person_id).await
    }

    /// A person's personas with their usage, as in the Creations list.
    pub async fn persona_usage(&self, person_id: i64) -> Result<Vec<Creation>> {
        let now = self.now();
        let mut out = Vec::new();
        for p in personas(&self.db, person_id).await? {
            out.push(Creation {
                name: p.name.clone(),
                created_at: p.created_at,
                days: (now - p.created_at).num_days().max(0),
                matches: matches_played(&self.db, p.id).await?,
                what: Created::Player(p),
            });
        }
        Ok(out)
    }

    /// The person behind a player: a persona's parent, else the player itself.
    pub async fn person_of(&self, player: &Player) -> Result<Player> {
        person(&self.db, player).await
    }

    /// The universes a player's person may look at and act in: their own
    /// (the Public Universe), then those of their personas, in order.
    pub async fn universes_of(&self, player: &Player) -> Result<Vec<String>> {
        let person = person(&self.db, player).await?;
        let mut out = vec![person.universe.clone()];
        for p in personas(&self.db, person.id).await? {
            if !out.contains(&p.universe) {
                out.push(p.universe);
            }
        }
        Ok(out)
    }

    /// The universes where a player of this name lives.
    pub async fn universes_with(&self, name: &str) -> Result<Vec<String>> {
        let found: Vec<String> = players::Entity::find()
            .select_only()
            .column(players::Column::Universe)
            .filter(players::Column::NameKey.eq(name_key(name.trim())))
            .order_by_asc(players::Column::Universe)
            .into_tuple()
            .all(&self.db)
            .await?;
        Ok(found)
    }

    /// The persona an invitation to `person` in `universe` goes to: the
    /// person's same-named persona there, created if needed (it does not
    /// count against the person's quota: nobody chose to create it).
    pub async fn persona_for_invitation(&self, person_id: i64, universe: &str) -> Result<Player> {
        let txn = self.db.begin().await?;
        let person = lock_player(&txn, person_id).await?;
        if person.kind != Kind::Human || person.security < Security::Creator {
            return refuse(format!(
                "{} is not a person with an account, so it has no personas",
                person.name
            ));
        }
        if person.universe == universe {
            return Ok(person);
        }
        let persona = match find_player_in(&txn, &person.name, universe).await? {
            Some(p) if p.kind == Kind::Persona && p.parent_id == Some(person.id) => p,
            Some(p) => {
                return refuse(format!(
                    "the name \"{}\" is taken in {universe} by another player, so {} cannot be invited there; \
                     they can create a persona there under another name",
                    p.name, person.name
                ));
            }
            None => {
                insert_player(
                    &txn,
                    NewPlayer {
                        name: &person.name,
                        universe,
                        security: Security::Persona,
                        kind: Kind::Persona,
                        creator_id: None,
                        parent_id: Some(person.id),
                    },
                    self.now(),
                )
                .await?
            }
        };
        txn.commit().await?;
        Ok(persona)
    }

    /// The persona a chat account acts as, if it acts as one.
    pub async fn acting_for_chat(&self, chat: &ChatId) -> Result<Option<Player>> {
        let Some(identity) = find_identity(&self.db, chat).await? else {
            return Ok(None);
        };
        let Some(acting) = identity.acting_id else {
            return Ok(None);
        };
        let persona = player_by_id(&self.db, acting).await?;
        Ok((persona.parent_id == Some(identity.player_id)).then_some(persona))
    }

    /// Makes a chat account act as one of its person's personas, or as the
    /// person again (`None`).
    pub async fn act_as(&self, chat: &ChatId, persona: Option<i64>) -> Result<()> {
        let txn = self.db.begin().await?;
        let Some(identity) = find_identity(&txn, chat).await? else {
            return refuse(format!("{chat} has not spoken to the bot yet"));
        };
        if let Some(id) = persona {
            let p = player_by_id(&txn, id).await?;
            if p.kind != Kind::Persona || p.parent_id != Some(identity.player_id) {
                return refuse(format!(
                    "{} is not one of your personas; `persona list` shows yours",
                    p.name
                ));
            }
        }
        identities::ActiveModel {
            id: Set(identity.id),
            acting_id: Set(persona),
            ..Default::default()
        }
        .update(&txn)
        .await?;
        txn.commit().await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Config;
    use crate::scratch::{Scratch, postgres_from_env};

    /// Runs `test` on a fresh SQLite file and, when `DATABASE_URL` names
    /// PostgreSQL, on a fresh database there too.
    async fn on_each_backend(test: impl AsyncFn(Storage)) {
        let mut scratches = vec![Scratch::sqlite()];
        if let Some(url) = postgres_from_env() {
            scratches.push(Scratch::postgres(&url).await.expect("a scratch database"));
        }
        for scratch in scratches {
            let config = Config::new(&scratch.url, "").expect("a scratch URL is valid");
            let storage = Storage::open(&config).await.expect("opens");
            test(storage.clone()).await;
            storage.close().await.expect("closes");
            scratch
                .remove()
                .await
                .expect("removes the scratch database");
        }
    }

    fn refusal<T: std::fmt::Debug>(result: Result<T>) -> String {
        match result {
            Err(crate::Error::Refused(message)) => message,
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn universe_names_are_tidied_and_checked() {
        assert_eq!(
            check_universe_name("  Middle   Earth ").unwrap(),
            "Middle Earth"
        );
        assert_eq!(
            check_universe_name("PUBLIC universe").unwrap(),
            PUBLIC_UNIVERSE
        );
        assert!(refusal(check_universe_name("")).contains("empty"));
        assert!(refusal(check_universe_name("a*b")).contains("'*'"));
        assert!(refusal(check_universe_name(&"u".repeat(41))).contains("at most 40"));
    }

    #[tokio::test]
    async fn creators_make_three_personas_in_allowed_universes() {
        on_each_backend(async |s: Storage| {
            let ann = s.create_human("ann").await.unwrap();
            let bob = s.create_human("bob").await.unwrap();
            let a1 = s.create_persona(ann.id, "ann1", None).await.unwrap();
            assert_eq!(a1.universe, PUBLIC_UNIVERSE);
            assert_eq!((a1.kind, a1.security), (Kind::Persona, Security::Persona));
            assert_eq!((a1.creator_id, a1.parent_id), (Some(ann.id), Some(ann.id)));
            let a2 = s
                .create_persona(ann.id, "ann2", Some("narnia"))
                .await
                .unwrap();
            assert_eq!(a2.universe, "narnia");
            // Ann has a persona in Narnia (any case); Bob has none there.
            let a3 = s
                .create_persona(ann.id, "ann3", Some("NARNIA"))
                .await
                .unwrap();
            assert_eq!(a3.universe, "narnia");
            let message = refusal(s.create_persona(bob.id, "bob1", Some("Narnia")).await);
            assert!(message.contains("no persona there"), "{message}");
            // Names are unique per universe, in any case.
            let taken = refusal(s.create_persona(bob.id, "ann2", Some("narnia")).await);
            assert!(taken.contains("no persona there"), "{taken}");
            let oz = s.create_persona(bob.id, "ann2", Some("Oz")).await.unwrap();
            assert_eq!(oz.universe, "Oz");
            let twice = refusal(s.create_persona(bob.id, "Ann2", Some("oz")).await);
            assert!(twice.contains("is taken in Oz"), "{twice}");
            // The fourth is refused, with what would be accepted.
            let fourth = refusal(s.create_persona(ann.id, "ann4", None).await);
            assert!(
                fourth.contains("3 personas") && fourth.contains("Trainers"),
                "{fourth}"
            );
            assert_eq!(s.personas_of(ann.id).await.unwrap().len(), 3);
            assert_eq!(
                s.universes_of(&a2).await.unwrap(),
                [PUBLIC_UNIVERSE.to_string(), "narnia".to_string()]
            );
            // The anonymous record and personas create none.
            let anonymous = s
                .system_player(crate::SystemPlayer::Anonymous)
                .await
                .unwrap();
            let message = refusal(s.create_persona(anonymous.id, "anon1", None).await);
            assert!(message.contains("Creator"), "{message}");
            let message = refusal(s.create_persona(a1.id, "sub", None).await);
            assert!(message.contains("only people"), "{message}");
        })
        .await;
    }

    #[tokio::test]
    async fn invitations_make_same_named_personas_outside_the_quota() {
        on_each_backend(async |s: Storage| {
            let ann = s.create_human("ann").await.unwrap();
            let bob = s.create_human("bob").await.unwrap();
            s.create_persona(ann.id, "bob", Some("Oz")).await.unwrap();
            let public = s
                .persona_for_invitation(bob.id, PUBLIC_UNIVERSE)
                .await
                .unwrap();
            assert_eq!(public.id, bob.id);
            let narnia = s.persona_for_invitation(bob.id, "Narnia").await.unwrap();
            assert_eq!(
                (narnia.name.as_str(), narnia.universe.as_str()),
                ("bob", "Narnia")
            );
            assert_eq!((narnia.creator_id, narnia.parent_id), (None, Some(bob.id)));
            let again = s.persona_for_invitation(bob.id, "Narnia").await.unwrap();
            assert_eq!(again.id, narnia.id);
            let message = refusal(s.persona_for_invitation(bob.id, "Oz").await);
            assert!(message.contains("taken in Oz"), "{message}");
            // Not counted: Bob still creates three, one of them in Narnia.
            for n in 1..=3 {
                s.create_persona(bob.id, &format!("b{n}"), Some("Narnia"))
                    .await
                    .unwrap();
            }
            assert_eq!(s.personas_of(bob.id).await.unwrap().len(), 4);
            assert_eq!(s.person_of(&narnia).await.unwrap().id, bob.id);
            assert_eq!(
                s.universes_with("BOB").await.unwrap(),
                ["Narnia", "Oz", PUBLIC_UNIVERSE]
            );
        })
        .await;
    }

    #[tokio::test]
    async fn a_chat_account_acts_as_its_own_personas_only() {
        on_each_backend(async |s: Storage| {
            let chat = ChatId::console("ann");
            let ann = s.player_for_chat(&chat, "ann").await.unwrap();
            let bob = s.create_human("bob").await.unwrap();
            let mine = s
                .create_persona(ann.id, "ann-oz", Some("Oz"))
                .await
                .unwrap();
            let theirs = s
                .create_persona(bob.id, "bob-oz", Some("Bob Land"))
                .await
                .unwrap();
            assert_eq!(s.acting_for_chat(&chat).await.unwrap(), None);
            s.act_as(&chat, Some(mine.id)).await.unwrap();
            assert_eq!(s.acting_for_chat(&chat).await.unwrap(), Some(mine.clone()));
            let message = refusal(s.act_as(&chat, Some(theirs.id)).await);
            assert!(message.contains("not one of your personas"), "{message}");
            assert_eq!(s.acting_for_chat(&chat).await.unwrap(), Some(mine));
            s.act_as(&chat, None).await.unwrap();
            assert_eq!(s.acting_for_chat(&chat).await.unwrap(), None);
            let usage = s.persona_usage(ann.id).await.unwrap();
            assert_eq!(usage.len(), 1);
            assert_eq!((usage[0].name.as_str(), usage[0].matches), ("ann-oz", 0));
        })
        .await;
    }
}
