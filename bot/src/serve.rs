//! `redscience serve`: the bot on every configured chat transport (Matrix
//! for now), with the database from `DATABASE_URL`.

use std::process::ExitCode;

/// Without a transport compiled in, there is nothing to serve.
#[cfg(not(feature = "matrix"))]
pub fn run() -> Result<ExitCode, String> {
    Err(none_configured())
}

/// Starts every configured transport and runs until Ctrl-C or a
/// transport cannot go on.
#[cfg(feature = "matrix")]
pub fn run() -> Result<ExitCode, String> {
    use redscience_commands::Bot;
    use redscience_storage::Config;

    init_logs();
    let Some(matrix) = crate::matrix::MatrixConfig::from_env()? else {
        return Err(none_configured());
    };
    let config = Config::from_env().map_err(|e| e.to_string())?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    runtime.block_on(async {
        let storage = crate::open_for_the_bot(&config).await?;
        let bot = Bot::new(storage, rand::random());
        // One bot serves every transport; Matrix is the only one so far.
        tokio::select! {
            done = crate::matrix::run(matrix, bot) => done.map(|()| ExitCode::SUCCESS),
            _ = tokio::signal::ctrl_c() => {
                eprintln!("redscience: stopping");
                Ok(ExitCode::SUCCESS)
            }
        }
    })
}

fn none_configured() -> String {
    if cfg!(feature = "matrix") {
        "no chat transport is configured: set MATRIX_HOMESERVER, MATRIX_USER and \
         MATRIX_PASSWORD (or MATRIX_ACCESS_TOKEN) in the environment or in .env \
         (see the README); `redscience console` chats in the terminal instead"
            .to_string()
    } else {
        "this build has no chat transport (it was built without the `matrix` feature); \
         `redscience console` chats in the terminal instead"
            .to_string()
    }
}

/// Logs to standard error; `RUST_LOG` refines them.
#[cfg(feature = "matrix")]
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
