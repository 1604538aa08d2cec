//! Migrations, seeding, players from chat, Admins, personas, links and friends.

use crate::common;

use common::{admin, human, on_each_backend, refusal};
use redscience_engine::catalogue;
use redscience_storage::migration::Migrator;
use redscience_storage::scratch::Scratch;
use redscience_storage::sea_orm::{ConnectionTrait, Statement};
use redscience_storage::sea_orm_migration::MigratorTrait;
use redscience_storage::{
    ChatId, Config, FriendStatus, Kind, Purpose, Security, Storage, SystemPlayer,
};

const TABLES: [&str; 14] = [
    "players",
    "identities",
    "security_tokens",
    "rule_sets",
    "matches",
    "seats",
    "moves",
    "sealed_plans",
    "draw_offers",
    "deadlines",
    "ratings",
    "rating_history",
    "friend_requests",
    "challenges",
];

async fn count(s: &Storage, table: &str) -> i64 {
    let backend = s.connection().get_database_backend();
    let row = s
        .connection()
        .query_one_raw(Statement::from_string(
            backend,
            format!("SELECT COUNT(*) AS n FROM {table}"),
        ))
        .await
        .unwrap_or_else(|e| panic!("{table}: {e}"))
        .expect("one row");
    row.try_get::<i64>("", "n").unwrap()
}

#[tokio::test]
async fn migrations_build_the_schema_from_an_empty_database() {
    let mut scratches = vec![Scratch::sqlite()];
    if let Some(url) = redscience_storage::scratch::postgres_from_env() {
        scratches.push(Scratch::postgres(&url).await.unwrap());
    }
    for scratch in scratches {
        let s = Storage::connect(&scratch.url).await.unwrap();
        let pending = Migrator::get_pending_migrations(s.connection())
            .await
            .unwrap();
        assert_eq!(pending.len(), Migrator::migrations().len());
        let report = s.migrate().await.unwrap();
        assert_eq!(report.applied.len(), report.known);
        for table in TABLES {
            assert_eq!(count(&s, table).await, 0, "{}: {table}", s.backend());
        }
        assert!(
            s.migrate().await.unwrap().applied.is_empty(),
            "a second run is a no-op"
        );
        let seeded = s.seed().await.unwrap();
        assert_eq!(seeded.games_added.len(), catalogue::all().len());
        assert_eq!(seeded.players_added.len(), 3);
        assert_eq!(
            s.seed().await.unwrap(),
            Default::default(),
            "seeding twice adds nothing"
        );
        for name in catalogue::names() {
            let saved = s.rule_set(name).await.unwrap().expect("seeded");
            assert_eq!(saved.creator_id, None, "{name} belongs to the system");
            assert_eq!(saved.rules, catalogue::get(name).unwrap());
        }
        if s.backend() == "sqlite" {
            let backend = s.connection().get_database_backend();
            let row = s
                .connection()
                .query_one_raw(Statement::from_string(
                    backend,
                    "PRAGMA journal_mode".to_string(),
                ))
                .await
                .unwrap()
                .unwrap();
            assert_eq!(row.try_get::<String>("", "journal_mode").unwrap(), "wal");
        }
        s.close().await.unwrap();
        scratch.remove().await.unwrap();
    }
}

#[tokio::test]
async fn people_become_creators_and_configured_admins_become_admins() {
    on_each_backend(async |s: Storage| {
        let ann_chat = ChatId::discord("1001");
        let ann = s.player_for_chat(&ann_chat, "Ann Lee").await.unwrap();
        assert_eq!(
            (ann.name.as_str(), ann.security, ann.kind),
            ("Ann-Lee", Security::Creator, Kind::Human)
        );
        assert_eq!(ann.universe, "Public Universe");
        assert_eq!(
            s.player_for_chat(&ann_chat, "Renamed").await.unwrap().id,
            ann.id
        );
        let other = s
            .player_for_chat(&ChatId::matrix("@ann:x.org"), "Ann Lee")
            .await
            .unwrap();
        assert_eq!(other.name, "Ann-Lee-2", "names are unique per universe");

        let config = Config::new("", "discord:1001").unwrap();
        assert_eq!(config.admins, vec![ann_chat.clone()]);
        let mut configured = s.clone();
        configured.set_admins(config.admins.clone());
        // Start-up makes configured accounts that exist Admins.
        let promoted = configured.bootstrap_admins().await.unwrap();
        assert_eq!(promoted.len(), 1);
        assert_eq!(promoted[0].security, Security::Admin);
        assert!(configured.bootstrap_admins().await.unwrap().is_empty());
        // And accounts first seen later are Admins from the start.
        configured.set_admins(vec![ChatId::matrix("@root:x.org")]);
        let later = configured
            .player_for_chat(&ChatId::matrix("@root:x.org"), "Root")
            .await
            .unwrap();
        assert_eq!(later.security, Security::Admin);
        let root = admin(&s).await;
        assert_eq!(root.security, Security::Admin);

        // Only Admins promote, never themselves, and only people.
        let bo = human(&s, "Bo", Security::Creator).await;
        let message = refusal(s.set_security(bo.id, "Ann-Lee", Security::Trainer).await);
        assert!(message.contains("only Admins"), "{message}");
        let message = refusal(s.set_security(root.id, &root.name, Security::Creator).await);
        assert!(message.contains("another Admin"), "{message}");
        let message = refusal(s.set_security(root.id, "*Random", Security::Admin).await);
        assert!(message.contains("cannot change"), "{message}");
        let message = refusal(s.set_security(root.id, "Bo", Security::Anonymous).await);
        assert!(message.contains("creator, trainer and admin"), "{message}");
        let bo = s
            .set_security(root.id, "bo", Security::Trainer)
            .await
            .unwrap();
        assert_eq!(bo.security, Security::Trainer);
        assert_eq!(s.player(bo.id).await.unwrap().security, Security::Trainer);
    })
    .await;
}

#[tokio::test]
async fn system_players_exist_once() {
    on_each_backend(async |s: Storage| {
        let random = s.system_player(SystemPlayer::Random).await.unwrap();
        assert_eq!(
            (random.kind, random.security),
            (Kind::Random, Security::Persona)
        );
        let chaos = s.system_player(SystemPlayer::Chaos).await.unwrap();
        assert_eq!(chaos.kind, Kind::Chaos);
        let anon = s.system_player(SystemPlayer::Anonymous).await.unwrap();
        assert_eq!(anon.security, Security::Anonymous);
        let tia = human(&s, "Tia", Security::Trainer).await;
        let message = refusal(s.create_player(tia.id, "Random-2", Kind::Random).await);
        assert!(message.contains("only one random player"), "{message}");
        let message = refusal(s.issue_token(anon.id, Purpose::Token).await);
        assert!(message.contains("anonymous"), "{message}");
    })
    .await;
}

#[tokio::test]
async fn a_creator_makes_three_personas_and_a_trainer_more() {
    on_each_backend(async |s: Storage| {
        let ann = human(&s, "Ann", Security::Creator).await;
        for n in 1..=3 {
            let p = s
                .create_player(ann.id, &format!("Ann-{n}"), Kind::Persona)
                .await
                .unwrap();
            assert_eq!(
                (p.kind, p.security, p.parent_id),
                (Kind::Persona, Security::Persona, Some(ann.id))
            );
        }
        let message = refusal(s.create_player(ann.id, "Ann-4", Kind::Persona).await);
        assert!(message.contains("3 personas"), "{message}");
        let message = refusal(s.create_player(ann.id, "Bot", Kind::Standard).await);
        assert!(message.contains("only Trainers and Admins"), "{message}");
        let message = refusal(s.create_player(ann.id, "two words", Kind::Persona).await);
        assert!(message.contains("whitespace"), "{message}");
        let tia = human(&s, "Tia", Security::Trainer).await;
        for n in 1..=4 {
            s.create_player(tia.id, &format!("Tia-{n}"), Kind::Persona)
                .await
                .unwrap();
        }
        let sp = s
            .create_player(tia.id, "Tia-SP", Kind::Standard)
            .await
            .unwrap();
        assert_eq!(sp.creator_id, Some(tia.id));
        let message = refusal(s.create_player(tia.id, "ann", Kind::Persona).await);
        assert!(message.contains("taken"), "{message}");
    })
    .await;
}

#[tokio::test]
async fn a_link_code_joins_a_second_chat_account_once() {
    on_each_backend(async |mut s: Storage| {
        let discord = ChatId::discord("77");
        let matrix = ChatId::matrix("@ann:example.org");
        let ann = s.player_for_chat(&discord, "Ann").await.unwrap();
        let stray = s.player_for_chat(&matrix, "ann-on-matrix").await.unwrap();
        assert_ne!(stray.id, ann.id);
        let code = s.issue_token(ann.id, Purpose::Link).await.unwrap();
        assert_eq!(code.len(), 12);
        let message = refusal(s.import_rule_set(&code, "X", "{}").await);
        assert!(message.contains("link code"), "{message}");
        let linked = s.link_chat(&matrix, &code.to_lowercase()).await.unwrap();
        assert_eq!(linked.id, ann.id);
        assert_eq!(
            s.player_for_chat(&matrix, "whatever").await.unwrap().id,
            ann.id
        );
        let mut ids = s.chat_ids(ann.id).await.unwrap();
        ids.sort_by_key(|c| c.to_string());
        assert_eq!(ids, vec![discord.clone(), matrix.clone()]);
        let message = refusal(s.link_chat(&ChatId::discord("78"), &code).await);
        assert!(message.contains("already used"), "{message}");
        let late = s.issue_token(ann.id, Purpose::Link).await.unwrap();
        let later = s.now() + redscience_storage::TOKEN_LIFETIME;
        s.set_clock(move || later);
        let message = refusal(s.link_chat(&ChatId::discord("79"), &late).await);
        assert!(message.contains("expired"), "{message}");
    })
    .await;
}

#[tokio::test]
async fn friend_requests_are_accepted_banned_and_revoked() {
    on_each_backend(async |s: Storage| {
        let ann = human(&s, "Ann", Security::Creator).await;
        let bo = human(&s, "Bo", Security::Creator).await;
        let cy = human(&s, "Cy", Security::Creator).await;
        assert_eq!(
            s.request_friend(ann.id, "bo").await.unwrap(),
            FriendStatus::Pending
        );
        let message = refusal(s.request_friend(ann.id, "Bo").await);
        assert!(message.contains("waiting"), "{message}");
        assert_eq!(s.friends(bo.id).await.unwrap().incoming[0].id, ann.id);
        assert_eq!(s.friends(ann.id).await.unwrap().outgoing[0].id, bo.id);
        s.accept_friend(bo.id, "Ann").await.unwrap();
        assert_eq!(s.friends(ann.id).await.unwrap().friends[0].id, bo.id);
        let message = refusal(s.request_friend(bo.id, "Ann").await);
        assert!(message.contains("friends already"), "{message}");
        // Crossing requests make friends at once.
        assert_eq!(
            s.request_friend(cy.id, "Ann").await.unwrap(),
            FriendStatus::Pending
        );
        assert_eq!(
            s.request_friend(ann.id, "Cy").await.unwrap(),
            FriendStatus::Accepted
        );
        // A ban ends the friendship and stops requests until revoked.
        s.ban_friend(bo.id, "Ann").await.unwrap();
        let tab = s.friends(bo.id).await.unwrap();
        assert!(tab.friends.is_empty());
        assert_eq!(tab.banned[0].id, ann.id);
        let message = refusal(s.request_friend(ann.id, "Bo").await);
        assert!(message.contains("not accepting"), "{message}");
        let message = refusal(s.request_friend(bo.id, "Ann").await);
        assert!(message.contains("revoke"), "{message}");
        let message = refusal(s.revoke_ban(ann.id, "Bo").await);
        assert!(message.contains("have not banned"), "{message}");
        s.revoke_ban(bo.id, "Ann").await.unwrap();
        assert_eq!(s.friends(bo.id).await.unwrap(), Default::default());
        assert_eq!(
            s.request_friend(ann.id, "Bo").await.unwrap(),
            FriendStatus::Pending
        );
        let message = refusal(s.request_friend(ann.id, "*Random").await);
        assert!(message.contains("only Creators"), "{message}");
        let message = refusal(s.request_friend(ann.id, "Ann").await);
        assert!(message.contains("that is you"), "{message}");
    })
    .await;
}
