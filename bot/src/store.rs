//! The commands that read or write storage: `migrate`, `token`, importing
//! with `game NAME -i FILE TOKEN`, and finding saved games for `game` and
//! `games`. The database is `DATABASE_URL` (default `redscience.db` here).

use std::future::Future;
use std::path::Path;
use std::process::ExitCode;

use redscience_engine::{RuleSet, catalogue, describe};
use redscience_storage::{Config, Purpose, Storage, TOKEN_LIFETIME};

/// Runs one storage task to completion.
fn block_on<T>(task: impl Future<Output = Result<T, String>>) -> Result<T, String> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?
        .block_on(task)
}

fn config() -> Result<Config, String> {
    Config::from_env().map_err(|e| e.to_string())
}

/// Opens storage, creating and migrating the database when needed.
async fn open(config: &Config) -> Result<Storage, String> {
    Storage::open(config)
        .await
        .map_err(|e| format!("{}: {e}", config.describe()))
}

/// `migrate`: creates the database if needed, applies pending migrations,
/// and seeds the system players and the catalogue.
pub fn migrate() -> Result<ExitCode, String> {
    let config = config()?;
    block_on(async {
        let fail = |e: redscience_storage::Error| format!("{}: {e}", config.describe());
        let mut storage = Storage::connect(&config.database_url).await.map_err(fail)?;
        storage.set_admins(config.admins.clone());
        let migrated = storage.migrate().await.map_err(fail)?;
        let seeded = storage.seed().await.map_err(fail)?;
        let admins = storage.bootstrap_admins().await.map_err(fail)?;
        println!("{}", config.describe());
        match migrated.applied.len() {
            0 => println!(
                "  schema up to date ({} migration(s) applied before)",
                migrated.known
            ),
            n => println!(
                "  applied {n} migration(s): {}",
                migrated.applied.join(", ")
            ),
        }
        let list = |what: &str, names: &[String]| {
            if !names.is_empty() {
                println!("  {what}: {}", names.join(", "));
            }
        };
        list("added players", &seeded.players_added);
        list("added catalogue games", &seeded.games_added);
        list("updated catalogue games", &seeded.games_updated);
        list("catalogue games with new labels", &seeded.labels_updated);
        list(
            "catalogue games left out (their name is taken)",
            &seeded.games_kept_out,
        );
        let promoted: Vec<String> = admins.into_iter().map(|p| p.name).collect();
        list("made Admins", &promoted);
        storage.close().await.map_err(fail)?;
        Ok(ExitCode::SUCCESS)
    })
}

/// `token NAME`: a security token for the player, printed alone on standard
/// output. The bot normally sends tokens privately; this is for the person
/// who runs the bot, and for scripts.
pub fn token(name: &str, create: bool) -> Result<ExitCode, String> {
    let config = config()?;
    block_on(async {
        let storage = open(&config).await?;
        let player = match storage
            .player_named(name)
            .await
            .map_err(|e| e.to_string())?
        {
            Some(p) => p,
            None if create => storage
                .create_human(name)
                .await
                .map_err(|e| e.to_string())?,
            None => {
                return Err(format!(
                    "there is no player named \"{name}\"; players appear when they first speak \
                     to the bot, or add --create to make a Creator of that name"
                ));
            }
        };
        let token = storage
            .issue_token(player.id, Purpose::Token)
            .await
            .map_err(|e| e.to_string())?;
        eprintln!(
            "A security token for {} ({}); it works once, for {} minutes:",
            player.name,
            player.security,
            TOKEN_LIFETIME.num_minutes()
        );
        println!("{token}");
        Ok(ExitCode::SUCCESS)
    })
}

/// `game NAME -i FILE TOKEN`: saves the file's rule set as NAME for the token's owner.
pub fn import(name: &str, file: &Path, token: &str) -> Result<ExitCode, String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let config = config()?;
    block_on(async {
        let storage = open(&config).await?;
        let saved = storage
            .import_rule_set(token, name, &text)
            .await
            .map_err(|e| format!("{} was not imported: {e}", file.display()))?;
        let owner = storage
            .player(saved.creator_id.unwrap_or_default())
            .await
            .map(|p| p.name)
            .unwrap_or_default();
        println!(
            "Saved {} as \"{}\" for {owner} (fingerprint {})",
            file.display(),
            saved.name,
            saved.fingerprint
        );
        Ok(ExitCode::SUCCESS)
    })
}

/// A saved game by name, when a database exists; catalogue games otherwise.
/// Read-only commands never create a database.
pub fn find_game(name: &str) -> Result<Option<RuleSet>, String> {
    let config = config()?;
    if !config.exists() {
        return Ok(catalogue::get(name));
    }
    block_on(async {
        let storage = open(&config).await?;
        let saved = storage.rule_set(name).await.map_err(|e| e.to_string())?;
        Ok(saved.map(|s| s.rules).or_else(|| catalogue::get(name)))
    })
}

/// One line per stored game (built-in ones too), or None without a database.
pub fn game_lines() -> Result<Option<Vec<String>>, String> {
    let config = config()?;
    if !config.exists() {
        return Ok(None);
    }
    block_on(async {
        let storage = open(&config).await?;
        let mut lines = Vec::new();
        for saved in storage.rule_sets().await.map_err(|e| e.to_string())? {
            let by = match saved.creator_id {
                None => String::new(),
                Some(id) => {
                    let name = storage.player(id).await.map(|p| p.name).unwrap_or_default();
                    format!(" (saved by {name})")
                }
            };
            lines.push(format!(
                "{:<20} {}{by}",
                saved.name,
                describe(&saved.rules).join(", ")
            ));
        }
        Ok(Some(lines))
    })
}
