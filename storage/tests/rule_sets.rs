//! Saving, importing and renaming games: quotas, duplicates, names and tokens.

use crate::common;

use common::{admin, human, on_each_backend, refusal, variant};
use redscience_engine::{RuleSet, catalogue};
use redscience_storage::{Purpose, Security, Storage, TOKEN_LIFETIME};

#[tokio::test]
async fn a_creator_saves_fifteen_games_and_the_sixteenth_is_refused() {
    on_each_backend(async |s: Storage| {
        let ann = human(&s, "Ann", Security::Creator).await;
        for n in 4..19 {
            s.save_rule_set(ann.id, &variant(&format!("Wide-{n}"), n))
                .await
                .unwrap_or_else(|e| panic!("{}: game {n}: {e}", s.backend()));
        }
        let message = refusal(s.save_rule_set(ann.id, &variant("Wide-19", 19)).await);
        assert!(message.contains("15"), "{message}");
        assert!(message.contains("Creator"), "{message}");
        assert!(
            message.contains("Trainers and Admins have no limit"),
            "{message}"
        );
        assert!(s.rule_set("Wide-19").await.unwrap().is_none());
        // A Trainer goes past fifteen.
        let tia = human(&s, "Tia", Security::Trainer).await;
        for n in 4..=19 {
            let mut rules = variant(&format!("Tall-{n}"), n);
            rules.dimensions = [3, n, 1];
            s.save_rule_set(tia.id, &rules).await.unwrap();
        }
    })
    .await;
}

#[tokio::test]
async fn the_same_rules_under_a_new_name_are_refused_naming_the_saved_game() {
    on_each_backend(async |s: Storage| {
        let ann = human(&s, "Ann", Security::Creator).await;
        let message = refusal(
            s.save_rule_set(ann.id, &RuleSet::tic_tac_toe("My-Tic-Tac-Toe"))
                .await,
        );
        assert!(
            message.contains("already saved as \"Tic-Tac-Toe\""),
            "{message}"
        );
        assert!(message.contains("built-in catalogue"), "{message}");
        s.save_rule_set(ann.id, &variant("Wide-5", 5))
            .await
            .unwrap();
        let bo = human(&s, "Bo", Security::Creator).await;
        let message = refusal(s.save_rule_set(bo.id, &variant("Also-Wide", 5)).await);
        assert!(message.contains("\"Wide-5\" (from Ann)"), "{message}");
        // And a new game under a taken name.
        let message = refusal(s.save_rule_set(bo.id, &variant("wide-5", 6)).await);
        assert!(message.contains("name \"wide-5\" is taken"), "{message}");
    })
    .await;
}

#[tokio::test]
async fn only_admins_rename_and_names_follow_the_rules() {
    on_each_backend(async |s: Storage| {
        let tia = human(&s, "Tia", Security::Trainer).await;
        let saved = s
            .save_rule_set(tia.id, &variant("Wide-5", 5))
            .await
            .unwrap();
        let message = refusal(s.rename_rule_set(tia.id, "Wide-5", "Five").await);
        assert!(message.contains("only Admins rename games"), "{message}");
        assert!(message.contains("trainer"), "{message}");
        let root = admin(&s).await;
        let message = refusal(s.rename_rule_set(root.id, "Wide-5", "Five wide").await);
        assert!(message.starts_with("name:"), "{message}");
        let message = refusal(s.rename_rule_set(root.id, "Wide-5", "Connect4").await);
        assert!(message.contains("taken"), "{message}");
        let renamed = s.rename_rule_set(root.id, "Wide-5", "Five").await.unwrap();
        assert_eq!(renamed.id, saved.id);
        assert_eq!(renamed.fingerprint, saved.fingerprint);
        assert_eq!(renamed.rules.name, "Five");
        assert!(s.rule_set("Wide-5").await.unwrap().is_none());
        assert_eq!(
            s.rule_set("five").await.unwrap().unwrap().rules.dimensions,
            [5, 3, 1]
        );
        // Renamed catalogue games are not seeded again under the old name.
        s.rename_rule_set(root.id, "Tic-Tac-Toe", "Noughts")
            .await
            .unwrap();
        let report = s.seed().await.unwrap();
        assert!(report.games_added.is_empty(), "{report:?}");
        assert!(s.rule_set("Tic-Tac-Toe").await.unwrap().is_none());
    })
    .await;
}

#[tokio::test]
async fn catalogue_labels_reach_games_stored_by_an_older_release() {
    on_each_backend(async |s: Storage| {
        use sea_orm::{ActiveModelTrait, Set};
        s.seed().await.unwrap();
        let stored = s.rule_set("Tic-Tac-Toe").await.unwrap().unwrap();
        // As an older release stored it: version 1, no labels, and a label
        // of its own that this release's file does not have.
        let mut old = stored.rules.clone();
        old.schema_version = 1;
        old.labels = Default::default();
        old.labels.phases = vec!["Old".to_string()];
        redscience_storage::entities::rule_sets::ActiveModel {
            id: Set(stored.id),
            rules_json: Set(old.to_json()),
            ..Default::default()
        }
        .update(s.connection())
        .await
        .unwrap();
        let report = s.seed().await.unwrap();
        assert_eq!(report.labels_updated, ["Tic-Tac-Toe"], "{report:?}");
        let now = s.rule_set("Tic-Tac-Toe").await.unwrap().unwrap();
        let release = redscience_engine::catalogue::get("Tic-Tac-Toe").unwrap();
        assert_eq!(now.rules.labels, release.labels);
        assert_eq!(now.fingerprint, stored.fingerprint);
        assert!(s.seed().await.unwrap().labels_updated.is_empty());
    })
    .await;
}

#[tokio::test]
async fn imports_need_a_fresh_unused_token_of_the_right_kind() {
    on_each_backend(async |mut s: Storage| {
        let ann = human(&s, "Ann", Security::Creator).await;
        let file = variant("ignored", 7).to_json();
        let message = refusal(s.import_rule_set("NOT-A-TOKEN", "Seven", &file).await);
        assert!(message.contains("not one the bot issued"), "{message}");
        assert!(message.contains("ask the bot for a new one"), "{message}");

        let token = s.issue_token(ann.id, Purpose::Token).await.unwrap();
        let saved = s.import_rule_set(&token, "Seven", &file).await.unwrap();
        assert_eq!(saved.name, "Seven");
        assert_eq!(saved.creator_id, Some(ann.id));
        let message = refusal(
            s.import_rule_set(&token, "Eight", &variant("x", 8).to_json())
                .await,
        );
        assert!(message.contains("already used"), "{message}");

        let link = s.issue_token(ann.id, Purpose::Link).await.unwrap();
        let message = refusal(
            s.import_rule_set(&link, "Eight", &variant("x", 8).to_json())
                .await,
        );
        assert!(
            message.contains("link code, not a security token"),
            "{message}"
        );

        let stale = s.issue_token(ann.id, Purpose::Token).await.unwrap();
        let later = s.now() + TOKEN_LIFETIME;
        s.set_clock(move || later);
        let message = refusal(
            s.import_rule_set(&stale, "Eight", &variant("x", 8).to_json())
                .await,
        );
        assert!(message.contains("expired"), "{message}");
        assert!(message.contains("15 minutes"), "{message}");
        assert!(s.rule_set("Eight").await.unwrap().is_none());
    })
    .await;
}

#[tokio::test]
async fn a_refused_import_leaves_the_token_usable_and_reports_every_problem() {
    on_each_backend(async |s: Storage| {
        let ann = human(&s, "Ann", Security::Creator).await;
        let token = s.issue_token(ann.id, Purpose::Token).await.unwrap();
        let unknown = r#"{"schema_version": 1, "name": "X", "colour": "pink"}"#;
        let message = refusal(s.import_rule_set(&token, "Pinkish", unknown).await);
        assert!(message.contains("not a valid rule set"), "{message}");
        assert!(message.contains("colour"), "{message}");
        let message = refusal(
            s.import_rule_set(&token, "Bad name*", &variant("x", 4).to_json())
                .await,
        );
        assert!(message.contains("name:"), "{message}");
        assert!(message.contains("'*'"), "{message}");
        let mut broken = variant("x", 4);
        broken.dimensions = [40, 3, 1];
        let message = refusal(
            s.import_rule_set(&token, "Too(wide)", &broken.to_json())
                .await,
        );
        let lines: Vec<&str> = message.lines().collect();
        assert!(lines.len() >= 3, "a line per problem: {message}");
        assert!(lines.iter().any(|l| l.starts_with("name:")), "{message}");
        assert!(
            lines.iter().any(|l| l.starts_with("dimensions")),
            "{message}"
        );
        let duplicate = catalogue::get("Connect4").unwrap().to_json();
        let message = refusal(s.import_rule_set(&token, "Four", &duplicate).await);
        assert!(message.contains("\"Connect4\""), "{message}");
        // None of that used the token up.
        let saved = s
            .import_rule_set(&token, "Four-Wide", &variant("x", 4).to_json())
            .await;
        assert_eq!(saved.unwrap().rules.name, "Four-Wide");
    })
    .await;
}

#[tokio::test]
async fn tokens_are_stored_only_as_hashes() {
    on_each_backend(async |s: Storage| {
        use redscience_storage::entities::security_tokens;
        use redscience_storage::sea_orm::EntityTrait;
        let ann = human(&s, "Ann", Security::Creator).await;
        let token = s.issue_token(ann.id, Purpose::Token).await.unwrap();
        let rows = security_tokens::Entity::find()
            .all(s.connection())
            .await
            .unwrap();
        assert_eq!(rows.len(), 1);
        assert_ne!(rows[0].hash, token);
        assert!(!rows[0].hash.contains(&token));
        assert_eq!(rows[0].expires_at - rows[0].created_at, TOKEN_LIFETIME);
        assert_eq!(s.token_owner(&token).await.unwrap().id, ann.id);
    })
    .await;
}
