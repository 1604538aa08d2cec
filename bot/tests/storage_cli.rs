//! The storage commands as the operator and scripts use them: `migrate`,
//! `token`, `game NAME -i FILE TOKEN` and `game NAME -e FILE`, on SQLite and,
//! when `DATABASE_URL` names PostgreSQL, there too.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use redscience_storage::scratch::{Scratch, postgres_from_env};
use redscience_storage::{Config, Purpose, Storage};

/// A working directory of its own and a database of its own.
struct Env {
    dir: PathBuf,
    url: String,
}

impl Env {
    fn new(name: &str, url: &str) -> Env {
        let dir = std::env::temp_dir().join(format!(
            "redscience-storage-cli-{}-{name}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        Env {
            dir,
            url: url.to_string(),
        }
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_redscience"))
            .args(args)
            .current_dir(&self.dir)
            .env("DATABASE_URL", &self.url)
            .env("REDSCIENCE_ADMINS", "")
            .output()
            .expect("the binary runs")
    }

    fn file(&self, name: &str, text: &str) -> PathBuf {
        let path = self.dir.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

async fn scratches() -> Vec<Scratch> {
    let mut all = vec![Scratch::sqlite()];
    if let Some(url) = postgres_from_env() {
        all.push(Scratch::postgres(&url).await.unwrap());
    }
    all
}

/// How many migrations this build knows.
fn every_migration() -> usize {
    use redscience_storage::sea_orm_migration::MigratorTrait;
    redscience_storage::migration::Migrator::migrations().len()
}

#[tokio::test]
async fn migrate_creates_the_database_then_finds_nothing_to_do() {
    for scratch in scratches().await {
        let env = Env::new(&format!("migrate-{}", scratch.backend()), &scratch.url);
        let first = env.run(&["migrate"]);
        assert!(first.status.success(), "{}", err(&first));
        assert!(
            out(&first).contains(&format!("applied {} migration(s)", every_migration())),
            "{}",
            out(&first)
        );
        assert!(
            out(&first).contains("added catalogue games: Tic-Tac-Toe"),
            "{}",
            out(&first)
        );
        let again = env.run(&["migrate"]);
        assert!(out(&again).contains("schema up to date"), "{}", out(&again));
        assert!(!out(&again).contains("added"), "{}", out(&again));
        scratch.remove().await.unwrap();
    }
}

#[tokio::test]
async fn the_sqlite_default_is_a_file_in_the_working_directory() {
    let env = Env::new("default", "");
    let _ = std::fs::remove_file(env.dir.join("redscience.db"));
    let shown = env.run(&["game", "Connect4"]);
    assert!(shown.status.success());
    assert!(
        !env.dir.join("redscience.db").exists(),
        "reading creates no database"
    );
    let made = env.run(&["migrate"]);
    assert!(made.status.success(), "{}", err(&made));
    assert!(
        out(&made).starts_with("SQLite database redscience.db"),
        "{}",
        out(&made)
    );
    assert!(env.dir.join("redscience.db").exists());
    let games = env.run(&["games"]);
    assert!(out(&games).lines().any(|l| l.starts_with("Connect4")));
    std::fs::remove_dir_all(&env.dir).unwrap();
}

#[tokio::test]
async fn import_as_the_tokens_owner_then_export_the_saved_game() {
    for scratch in scratches().await {
        let env = Env::new(&format!("import-{}", scratch.backend()), &scratch.url);
        let missing = env.run(&["token", "Ann"]);
        assert_eq!(missing.status.code(), Some(1));
        assert!(err(&missing).contains("--create"), "{}", err(&missing));
        let issued = env.run(&["token", "Ann", "--create"]);
        assert!(issued.status.success(), "{}", err(&issued));
        let token = out(&issued).trim().to_string();
        assert_eq!(token.len(), 24, "{token}");

        let qubic = env.dir.join("qubic.json");
        assert!(
            env.run(&["game", "Qubic-4", "-e", path(&qubic)])
                .status
                .success()
        );
        let mut rules: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&qubic).unwrap()).unwrap();
        rules["dimensions"] = serde_json::json!([5, 5, 5]);
        let five = env.file("five.json", &rules.to_string());

        let wrong = env.run(&["game", "Qubic-5", "-i", path(&five), "NOT-A-TOKEN"]);
        assert_eq!(wrong.status.code(), Some(1));
        assert!(
            err(&wrong).contains("not one the bot issued"),
            "{}",
            err(&wrong)
        );

        let saved = env.run(&["game", "Qubic-5", "-i", path(&five), &token]);
        assert!(saved.status.success(), "{}", err(&saved));
        assert!(
            out(&saved).contains("as \"Qubic-5\" for Ann"),
            "{}",
            out(&saved)
        );

        let reused = env.run(&["game", "Qubic-5b", "-i", path(&five), &token]);
        assert_eq!(reused.status.code(), Some(1));
        assert!(err(&reused).contains("already used"), "{}", err(&reused));

        let exported = env.dir.join("exported.json");
        let export = env.run(&["game", "qubic-5", "-e", path(&exported)]);
        assert!(export.status.success(), "{}", err(&export));
        let back: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&exported).unwrap()).unwrap();
        assert_eq!(back["name"], "Qubic-5");
        assert_eq!(back["dimensions"], serde_json::json!([5, 5, 5]));
        let games = env.run(&["games"]);
        assert!(
            out(&games)
                .lines()
                .any(|l| l.starts_with("Qubic-5") && l.ends_with("(saved by Ann)")),
            "{}",
            out(&games)
        );
        let replay = env.run(&["replay", "Qubic-5", "5,5,5", "--json"]);
        assert!(replay.status.success(), "{}", err(&replay));
        std::fs::remove_dir_all(&env.dir).unwrap();
        scratch.remove().await.unwrap();
    }
}

#[tokio::test]
async fn refused_imports_say_what_was_wrong() {
    for scratch in scratches().await {
        let env = Env::new(&format!("refused-{}", scratch.backend()), &scratch.url);
        let token = out(&env.run(&["token", "Bo", "--create"]))
            .trim()
            .to_string();

        let unknown = env.file(
            "unknown.json",
            r#"{"schema_version": 1, "name": "X", "colour": "pink"}"#,
        );
        let o = env.run(&["game", "Pink", "-i", path(&unknown), &token]);
        assert_eq!(o.status.code(), Some(1));
        assert!(err(&o).contains("unknown field `colour`"), "{}", err(&o));

        let ttt = env.file("ttt.json", r#"{"schema_version": 1, "name": "Mine"}"#);
        let o = env.run(&["game", "two words", "-i", path(&ttt), &token]);
        assert!(
            err(&o).contains("name: a name cannot contain spaces"),
            "{}",
            err(&o)
        );
        let o = env.run(&["game", "Mine", "-i", path(&ttt), &token]);
        assert!(
            err(&o).contains("already saved as \"Tic-Tac-Toe\""),
            "{}",
            err(&o)
        );

        // A token that expired: issued 15 minutes ago.
        let config = Config::new(&scratch.url, "").unwrap();
        let mut storage = Storage::open(&config).await.unwrap();
        let bo = storage.player_named("Bo").await.unwrap().unwrap();
        let past = storage.now() - redscience_storage::TOKEN_LIFETIME;
        storage.set_clock(move || past);
        let stale = storage.issue_token(bo.id, Purpose::Token).await.unwrap();
        storage.close().await.unwrap();
        let mut rules = redscience_engine::RuleSet::tic_tac_toe("x");
        rules.dimensions = [3, 3, 1];
        rules.board = redscience_engine::rules::BoardKind::Squares;
        let squares = env.file("squares.json", &rules.to_json());
        let o = env.run(&["game", "Squares", "-i", path(&squares), &stale]);
        assert!(err(&o).contains("expired"), "{}", err(&o));

        // None of the refusals used up the first token.
        let o = env.run(&["game", "Squares", "-i", path(&squares), &token]);
        assert!(o.status.success(), "{}", err(&o));
        std::fs::remove_dir_all(&env.dir).unwrap();
        scratch.remove().await.unwrap();
    }
}
