//! The gateway: a websocket to Discord that brings interactions and the
//! DMs people send the bot. Its only intent is DIRECT_MESSAGES (the text
//! of DMs needs no privileged intent); interactions come without any.

use std::sync::Arc;

use serenity::all::{
    ClientBuilder, Context, EventHandler, GatewayIntents, Http, Interaction, Message, Ready,
};

use super::config::Shards;
use super::deliver::{Responder, Shared};
use super::incoming;

struct Handler {
    shared: Arc<Shared>,
}

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn ready(&self, _: Context, ready: Ready) {
        tracing::info!(
            "Discord: connected as {} (shard {:?})",
            ready.user.name,
            ready.shard.map(|s| s.id.0)
        );
    }

    async fn interaction_create(&self, _: Context, interaction: Interaction) {
        let responder = Responder::Rest(self.shared.http.clone());
        incoming::interaction(&self.shared, interaction, responder).await;
    }

    async fn message(&self, _: Context, message: Message) {
        incoming::direct_message(&self.shared, message).await;
    }
}

/// Runs the gateway until it cannot go on. `http` is the client the
/// gateway uses to ask where to connect.
pub async fn run(shared: Arc<Shared>, http: Http, shards: &Shards) -> Result<(), String> {
    let intents = GatewayIntents::DIRECT_MESSAGES;
    let mut client = ClientBuilder::new_with_http(http, intents)
        .event_handler(Handler { shared })
        .await
        .map_err(|e| format!("cannot start the Discord client: {e}"))?;
    let started = match *shards {
        Shards::Auto => client.start_autosharded().await,
        Shards::All(total) => client.start_shards(total).await,
        // serenity's range ends with its last shard.
        Shards::Range { first, last, total } => client.start_shard_range(first..last, total).await,
    };
    started.map_err(|e| format!("the Discord gateway stopped: {e}"))
}
