//! `redscience serve`: the bot on every configured chat transport (Discord,
//! Matrix) together, with the database from `DATABASE_URL`.

use std::process::ExitCode;

/// Without a transport compiled in, there is nothing to serve.
#[cfg(not(any(feature = "matrix", feature = "discord")))]
pub fn run() -> Result<ExitCode, String> {
    Err(none_configured())
}

/// Starts every configured transport and runs until Ctrl-C or a
/// transport cannot go on.
#[cfg(any(feature = "matrix", feature = "discord"))]
pub fn run() -> Result<ExitCode, String> {
    use std::sync::Arc;

    use redscience_commands::Bot;
    use redscience_storage::{Config, Platform};
    use tokio::task::JoinSet;

    use crate::relay::Relay;

    init_logs();
    #[cfg(feature = "matrix")]
    let matrix = crate::matrix::MatrixConfig::from_env()?;
    #[cfg(feature = "discord")]
    let discord = crate::discord::DiscordConfig::from_env()?;
    let configured = [
        #[cfg(feature = "matrix")]
        matrix.is_some(),
        #[cfg(feature = "discord")]
        discord.is_some(),
    ];
    if !configured.contains(&true) {
        return Err(none_configured());
    }
    let config = Config::from_env().map_err(|e| e.to_string())?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    runtime.block_on(async {
        let storage = crate::open_for_the_bot(&config).await?;
        let mut bot = Bot::new(storage, rand::random());
        let mut relay = Relay::default();
        let mut transports: JoinSet<Result<(), String>> = JoinSet::new();
        #[cfg(feature = "matrix")]
        let matrix = matrix.map(|config| (config, relay.add(Platform::Matrix)));
        #[cfg(feature = "discord")]
        let discord = discord.map(|config| (config, relay.add(Platform::Discord)));
        // Matches on a platform this process has no transport for are left
        // to the processes that have one (several may share the database).
        bot.clock_only_for(relay.platforms());
        let bot = Arc::new(bot);
        let relay = Arc::new(relay);
        #[cfg(feature = "matrix")]
        if let Some((config, outbox)) = matrix {
            transports.spawn(crate::matrix::run(
                config,
                bot.clone(),
                relay.clone(),
                outbox,
            ));
        }
        #[cfg(feature = "discord")]
        if let Some((config, outbox)) = discord {
            transports.spawn(crate::discord::run(
                config,
                bot.clone(),
                relay.clone(),
                outbox,
            ));
        }
        // One clock for every transport.
        let clock = tokio::spawn(crate::relay::clock(bot, relay));
        let done = tokio::select! {
            Some(done) = transports.join_next() => match done {
                Ok(result) => result.map(|()| ExitCode::SUCCESS),
                Err(e) => Err(format!("a transport stopped: {e}")),
            },
            _ = tokio::signal::ctrl_c() => {
                eprintln!("redscience: stopping");
                Ok(ExitCode::SUCCESS)
            }
        };
        clock.abort();
        transports.abort_all();
        done
    })
}

/// The command that builds and runs the bot with both chat transports.
const SERVE_COMMAND: &str = "cargo run --locked --features discord,matrix -- serve";

fn none_configured() -> String {
    nothing_to_serve(cfg!(feature = "discord"), cfg!(feature = "matrix"))
}

/// Why `serve` cannot start, given the transports this build has, and what
/// to do instead.
fn nothing_to_serve(discord: bool, matrix: bool) -> String {
    let mut ways = Vec::new();
    if discord {
        ways.push(
            "DISCORD_TOKEN, DISCORD_APPLICATION_ID (and DISCORD_PUBLIC_KEY for the \
             HTTP interactions endpoint) for Discord",
        );
    }
    if matrix {
        ways.push(
            "MATRIX_HOMESERVER, MATRIX_USER and MATRIX_PASSWORD (or MATRIX_ACCESS_TOKEN) \
             for Matrix",
        );
    }
    let missing: Vec<&str> = [("discord", discord), ("matrix", matrix)]
        .into_iter()
        .filter(|(_, built)| !built)
        .map(|(feature, _)| feature)
        .collect();
    if ways.is_empty() {
        format!(
            "this redscience was built without the chat transports (the `discord` and \
             `matrix` features: the default build is the console alone, which builds in \
             a few minutes). To serve Discord and Matrix, run `{SERVE_COMMAND}` from the \
             repository (or build with `cargo build --release --features discord,matrix`); \
             `redscience console` chats in the terminal meanwhile"
        )
    } else {
        let also = if missing.is_empty() {
            String::new()
        } else {
            format!(
                " (this build has no `{}` transport: `{SERVE_COMMAND}` builds both)",
                missing.join("`, `")
            )
        };
        format!(
            "no chat transport is configured: set {} in the environment or in .env \
             (see the README){also}; `redscience console` chats in the terminal instead",
            ways.join(", or ")
        )
    }
}

/// Logs to standard error; `RUST_LOG` refines them.
#[cfg(any(feature = "matrix", feature = "discord"))]
fn init_logs() {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| {
        // matrix-sdk logs harmless 404s (missing account data) as errors,
        // and warns on every message that there is no key backup.
        EnvFilter::new(
            "warn,redscience=info,matrix_sdk::http_client=off,matrix_sdk_crypto::backups=error",
        )
    });
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_build_without_transports_says_how_to_build_them() {
        let said = nothing_to_serve(false, false);
        assert!(said.contains("built without the chat transports"), "{said}");
        assert!(
            said.contains("`cargo run --locked --features discord,matrix -- serve`"),
            "{said}"
        );
    }

    #[test]
    fn a_build_with_one_transport_names_the_other() {
        let said = nothing_to_serve(false, true);
        assert!(said.contains("MATRIX_HOMESERVER"), "{said}");
        assert!(!said.contains("DISCORD_TOKEN"), "{said}");
        assert!(said.contains("no `discord` transport"), "{said}");
        let both = nothing_to_serve(true, true);
        assert!(both.contains("DISCORD_TOKEN") && both.contains("MATRIX_HOMESERVER"));
        assert!(!both.contains("this build has no"), "{both}");
    }
}
