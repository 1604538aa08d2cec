//! The Discord transport: a thin adapter on serenity. Interactions (slash
//! commands, buttons, select menus, forms) and DMs become requests for
//! the bot; its replies become responses, follow-ups, posts and DMs.
//! What a person may do is decided in `commands`.
//!
//! - `config`: the settings (`DISCORD_*`).
//! - `slash`: slash commands from the command model, and back to lines.
//! - `components`: choices as buttons, select menus and forms.
//! - `render`: a message as Discord messages (text parts, PNG embeds).
//! - `incoming`: interactions and DMs to requests.
//! - `deliver`: replies to responses, follow-ups, posts and DMs.
//! - `memory`: what is kept between interactions.
//! - `gateway` / `endpoint`: the two ways interactions arrive.

pub mod components;
pub mod config;
pub mod deliver;
pub mod endpoint;
pub mod gateway;
pub mod incoming;
pub mod memory;
pub mod render;
pub mod slash;

use std::sync::Arc;

use redscience_commands::{Bot, Reply};
use serenity::all::{ApplicationId, Command, Http, HttpBuilder};
use tokio::sync::mpsc;

pub use config::DiscordConfig;
use deliver::{Shared, retrying};
use memory::Memory;

use crate::relay::Relay;

/// A REST client for the configured API. With another base (a proxy or
/// a test's fake) serenity's own rate limiter is off: it would call
/// Discord directly; the proxy limits instead, and 429s are retried.
pub fn http(config: &DiscordConfig) -> Http {
    let mut builder =
        HttpBuilder::new(&config.token).application_id(ApplicationId::new(config.application_id));
    if let Some(base) = &config.api_base {
        builder = builder.proxy(base.clone()).ratelimiter_disabled(true);
    }
    builder.build()
}

/// Runs the Discord transport until it is stopped or cannot go on. Its
/// answers for other platforms go through `relay`; `outbox` brings the
/// messages for Discord from elsewhere (the clock, other transports).
pub async fn run(
    config: DiscordConfig,
    bot: Arc<Bot>,
    relay: Arc<Relay>,
    mut outbox: mpsc::UnboundedReceiver<Reply>,
) -> Result<(), String> {
    let shared = Arc::new(Shared {
        bot,
        relay,
        http: Arc::new(http(&config)),
        memory: Memory::default(),
        defer_after: config.defer_after,
    });
    register(&shared.http).await?;
    let from_elsewhere = {
        let shared = shared.clone();
        tokio::spawn(async move {
            while let Some(reply) = outbox.recv().await {
                shared.deliver(reply, None).await;
            }
        })
    };
    let done = match (config.interactions_addr, config.public_key) {
        (Some(addr), Some(key)) => endpoint::serve(shared, key, addr).await,
        _ => gateway::run(shared, http(&config), &config.shards).await,
    };
    from_elsewhere.abort();
    done
}

/// Registers the slash commands (all at once: the set replaces the old).
async fn register(http: &Http) -> Result<(), String> {
    let definitions = slash::definitions();
    let count = definitions.len();
    retrying(|| Command::set_global_commands(http, definitions.clone()))
        .await
        .map_err(|e| format!("Discord refused the slash commands: {e}"))?;
    tracing::info!("Discord: {count} slash commands registered");
    Ok(())
}
