//! Sending the bot's replies. While answering an interaction, messages for
//! its channel are the response and follow-ups, and messages for the
//! person who acted are ephemeral; other channels get posts, other people
//! DMs. When a DM is refused (closed DMs), the channel is told so, without
//! the private content, and gets a button that shows it to its owner alone.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use redscience_commands::{Bot, Destination, Message, Reply};
use redscience_storage::Platform;
use serenity::all::{
    Builder, ButtonStyle, ChannelId, CreateActionRow, CreateButton, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage, Http,
    InteractionId, MessageId, UserId,
};
use serenity::http::HttpError;
use tokio::sync::oneshot;

use super::components::{rows, topic, units};
use super::memory::{Live, Memory, View, lock};
use super::render::{Outgoing, components_only, outgoing};
use crate::relay::Relay;

/// What every part of the adapter shares.
pub struct Shared {
    pub bot: Arc<Bot>,
    pub relay: Arc<Relay>,
    pub http: Arc<Http>,
    pub memory: Memory,
    /// How long the bot may think before an interaction is deferred:
    /// Discord waits 3 seconds for the first response.
    pub defer_after: Duration,
}

/// The interaction being answered.
#[derive(Clone, Debug)]
pub struct Asked {
    pub id: InteractionId,
    pub token: String,
    pub user: UserId,
    pub channel: ChannelId,
    /// A button or select was used (its answer may be a silent one).
    pub component: bool,
}

/// Who carries an interaction's first response: a REST call (gateway),
/// or the HTTP answer to Discord's request (interactions endpoint, which
/// cannot carry files).
pub enum Responder {
    Rest(Arc<Http>),
    Endpoint(oneshot::Sender<CreateInteractionResponse>),
}

impl Responder {
    pub async fn respond(self, asked: &Asked, response: CreateInteractionResponse) {
        match self {
            Responder::Rest(http) => {
                let sent = retrying(|| {
                    response
                        .clone()
                        .execute(&*http, (asked.id, asked.token.as_str()))
                })
                .await;
                if let Err(e) = sent {
                    tracing::warn!("Discord: cannot respond to an interaction: {e}");
                }
            }
            Responder::Endpoint(tx) => {
                let _ = tx.send(response);
            }
        }
    }
}

/// Where one message goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Route {
    /// The interaction's channel, for everyone.
    Here,
    /// The person who acted, alone (an ephemeral message).
    Mine,
    Channel(ChannelId),
    Dm(UserId),
}

fn route(message: &Message, asked: Option<&Asked>) -> Option<Route> {
    match &message.to {
        Destination::Channel(c) => {
            let channel = ChannelId::new(c.channel.parse().ok().filter(|&n| n > 0)?);
            Some(match asked {
                Some(a) if a.channel == channel => Route::Here,
                _ => Route::Channel(channel),
            })
        }
        Destination::Private(chat) => {
            let user = UserId::new(chat.id.parse().ok().filter(|&n| n > 0)?);
            Some(match asked {
                Some(a) if a.user == user => Route::Mine,
                _ => Route::Dm(user),
            })
        }
    }
}

impl Shared {
    /// Answers an interaction with the bot's reply: within Discord's three
    /// seconds, deferring (the person sees "thinking") when it takes longer.
    pub async fn answer(
        self: &Arc<Self>,
        asked: Asked,
        responder: Responder,
        request: redscience_commands::Request,
    ) {
        let bot = self.bot.clone();
        let mut handling = tokio::spawn(async move { bot.handle(request).await });
        // No time at all to think means: always defer.
        let quick = match self.defer_after.is_zero() {
            true => None,
            false => tokio::time::timeout(self.defer_after, &mut handling)
                .await
                .ok(),
        };
        // No responder left: the interaction was deferred.
        let (reply, responder) = match quick {
            Some(done) => (done, Some(responder)),
            None => {
                let wait = CreateInteractionResponseMessage::new().ephemeral(true);
                responder
                    .respond(&asked, CreateInteractionResponse::Defer(wait))
                    .await;
                (handling.await, None)
            }
        };
        let reply = match reply {
            Ok(reply) => reply,
            Err(e) => {
                tracing::error!("Discord: answering failed: {e}");
                let sorry = Message::new(
                    Destination::Private(redscience_storage::ChatId::discord(
                        asked.user.to_string(),
                    )),
                    "Something went wrong on our side; nothing was changed. Please try again.",
                );
                Reply::one(sorry)
            }
        };
        let reply = self.relay.keep(reply, Platform::Discord);
        self.answer_with(asked, responder, reply).await;
    }

    /// Shows a reply made here (a page of options, a kept view) as the
    /// answer to an interaction.
    pub async fn show(&self, asked: Asked, responder: Responder, reply: Reply) {
        self.answer_with(asked, Some(responder), reply).await;
    }

    async fn answer_with(&self, asked: Asked, responder: Option<Responder>, reply: Reply) {
        let routed: Vec<(Route, &Message)> = reply
            .messages
            .iter()
            .filter_map(|m| route(m, Some(&asked)).map(|r| (r, m)))
            .collect();
        let first = routed
            .iter()
            .position(|(r, _)| matches!(r, Route::Here | Route::Mine));
        let mut rest_of_first: Vec<Outgoing> = Vec::new();
        match (responder, first) {
            (Some(responder), Some(i)) => {
                let (route, message) = routed[i];
                let ephemeral = route == Route::Mine;
                let mut parts = outgoing(message, &self.memory);
                let opening = parts.remove(0);
                rest_of_first = parts;
                // A public message with buttons is tracked (its buttons go
                // stale later) and files need REST: both need the message
                // Discord makes, which only an edit of the response returns.
                let tracked = !ephemeral && !opening.rows.is_empty();
                if opening.has_files() || tracked {
                    let wait = CreateInteractionResponseMessage::new().ephemeral(ephemeral);
                    responder
                        .respond(&asked, CreateInteractionResponse::Defer(wait))
                        .await;
                    let edit = opening.edit();
                    let edited = self.edit_original(&asked, &edit).await;
                    match edited {
                        Ok(posted) if !ephemeral => {
                            self.track(asked.channel, message, posted.id).await
                        }
                        Ok(_) => {}
                        Err(e) => tracing::warn!("Discord: cannot edit a response: {e}"),
                    }
                } else {
                    let response = CreateInteractionResponse::Message(opening.response(ephemeral));
                    responder.respond(&asked, response).await;
                }
            }
            (Some(responder), None) => {
                let response = if asked.component {
                    CreateInteractionResponse::Acknowledge
                } else {
                    CreateInteractionResponse::Message(
                        CreateInteractionResponseMessage::new()
                            .content("Done.")
                            .ephemeral(true),
                    )
                };
                responder.respond(&asked, response).await;
            }
            (None, first) => {
                // Deferred as ephemeral: its "thinking" becomes the
                // person's own message, or goes away.
                let mine = first.filter(|&i| routed[i].0 == Route::Mine);
                match mine {
                    Some(i) => {
                        let mut parts = outgoing(routed[i].1, &self.memory);
                        let opening = parts.remove(0);
                        rest_of_first = parts;
                        let edit = opening.edit();
                        if let Err(e) = self.edit_original(&asked, &edit).await {
                            tracing::warn!("Discord: cannot edit a deferred response: {e}");
                        }
                    }
                    None => {
                        if let Err(e) = self
                            .http
                            .delete_original_interaction_response(&asked.token)
                            .await
                        {
                            tracing::warn!("Discord: cannot remove a deferred response: {e}");
                        }
                    }
                }
                let skip = mine;
                return self.rest(&asked, &routed, skip, rest_of_first).await;
            }
        }
        self.rest(&asked, &routed, first, rest_of_first).await;
    }

    /// Everything after the first response, in order.
    async fn rest(
        &self,
        asked: &Asked,
        routed: &[(Route, &Message)],
        done: Option<usize>,
        rest_of_first: Vec<Outgoing>,
    ) {
        for (i, (route, message)) in routed.iter().enumerate() {
            if Some(i) == done {
                let ephemeral = *route == Route::Mine;
                for part in rest_of_first.clone() {
                    self.followup(asked, part, ephemeral, message).await;
                }
                continue;
            }
            match *route {
                Route::Here | Route::Mine => {
                    let ephemeral = *route == Route::Mine;
                    for part in outgoing(message, &self.memory) {
                        self.followup(asked, part, ephemeral, message).await;
                    }
                }
                Route::Channel(channel) => self.post(channel, message).await,
                Route::Dm(user) => self.dm(user, message, Some(asked)).await,
            }
        }
    }

    /// Replaces the deferred response. Right after an endpoint's deferral
    /// Discord may not know the response yet (it answers 404): wait a
    /// little and try again.
    async fn edit_original(
        &self,
        asked: &Asked,
        edit: &serenity::all::EditInteractionResponse,
    ) -> serenity::Result<serenity::all::Message> {
        let mut wait = Duration::from_millis(150);
        let mut tries = 0;
        loop {
            let edited = retrying(|| edit.clone().execute(&*self.http, asked.token.as_str())).await;
            match edited {
                Err(serenity::Error::Http(HttpError::UnsuccessfulRequest(e)))
                    if e.status_code.as_u16() == 404 && tries < 3 =>
                {
                    tries += 1;
                    tokio::time::sleep(wait).await;
                    wait *= 2;
                }
                other => return other,
            }
        }
    }

    async fn followup(&self, asked: &Asked, part: Outgoing, ephemeral: bool, message: &Message) {
        let followup: CreateInteractionResponseFollowup = part.followup(ephemeral);
        let sent = retrying(|| {
            followup
                .clone()
                .execute(&*self.http, (None, asked.token.as_str()))
        })
        .await;
        match sent {
            Ok(posted) if !ephemeral => self.track(asked.channel, message, posted.id).await,
            Ok(_) => {}
            Err(e) => tracing::warn!("Discord: a follow-up was not sent: {e}"),
        }
    }

    /// Sends a reply that answers no interaction (the clock, a DM typed to
    /// the bot, another transport); `near` is where to say that a DM was
    /// refused, when the reply has no channel of its own.
    pub async fn deliver(&self, reply: Reply, near: Option<ChannelId>) {
        let routed: Vec<(Route, &Message)> = reply
            .messages
            .iter()
            .filter_map(|m| route(m, None).map(|r| (r, m)))
            .collect();
        // A refused DM is said in the reply's own channel, if it has one.
        let channel = routed
            .iter()
            .find_map(|(r, _)| match r {
                Route::Channel(c) => Some(*c),
                _ => None,
            })
            .or(near);
        for (route, message) in routed {
            match route {
                Route::Channel(c) => self.post(c, message).await,
                Route::Dm(user) => self.dm_near(user, message, channel).await,
                Route::Here | Route::Mine => {}
            }
        }
    }

    async fn post(&self, channel: ChannelId, message: &Message) {
        for part in outgoing(message, &self.memory) {
            let post: CreateMessage = part.post();
            match retrying(|| post.clone().execute(&*self.http, (channel, None))).await {
                Ok(posted) => self.track(channel, message, posted.id).await,
                Err(e) => tracing::warn!("Discord: cannot post in {channel}: {e}"),
            }
        }
    }

    /// A private message by DM; if Discord refuses it, the interaction's
    /// channel says so and offers the button.
    async fn dm(&self, user: UserId, message: &Message, asked: Option<&Asked>) {
        if self.try_dm(user, message).await.is_ok() {
            return;
        }
        if let Some(asked) = asked {
            let notice = self.refused_notice(user, message);
            self.followup(asked, notice, false, message).await;
        }
    }

    async fn dm_near(&self, user: UserId, message: &Message, channel: Option<ChannelId>) {
        if self.try_dm(user, message).await.is_ok() {
            return;
        }
        match channel {
            Some(channel) => {
                let post = self.refused_notice(user, message).post();
                if let Err(e) =
                    retrying(|| post.clone().execute(&*self.http, (channel, None))).await
                {
                    tracing::warn!("Discord: cannot say in {channel} that a DM was refused: {e}");
                }
            }
            None => tracing::warn!(
                "Discord: a DM to {user} was refused, and there is no channel to say so"
            ),
        }
    }

    /// Sends a message to a person's DM channel.
    async fn try_dm(&self, user: UserId, message: &Message) -> Result<(), ()> {
        let known = lock(&self.memory.dm_channels).get(&user.get());
        let channel = match known {
            Some(id) => ChannelId::new(id),
            None => match retrying(|| user.create_dm_channel(&*self.http)).await {
                Ok(dm) => {
                    lock(&self.memory.dm_channels).insert(user.get(), dm.id.get());
                    dm.id
                }
                Err(e) => {
                    tracing::warn!("Discord: no DM channel with {user}: {e}");
                    return Err(());
                }
            },
        };
        for part in outgoing(message, &self.memory) {
            let post = part.post();
            if let Err(e) = retrying(|| post.clone().execute(&*self.http, (channel, None))).await {
                tracing::info!("Discord: a DM to {user} was refused: {e}");
                return Err(());
            }
        }
        Ok(())
    }

    /// "I could not DM you": the private message kept behind a button.
    fn refused_notice(&self, user: UserId, message: &Message) -> Outgoing {
        let key = self.memory.key();
        lock(&self.memory.views).insert(
            key.clone(),
            View {
                owner: user.get(),
                message: message.clone(),
            },
        );
        Outgoing {
            content: format!(
                "<@{user}>, I could not send you a direct message (Discord refused it: your \
                 DMs may be closed to this server). The button shows it to you alone."
            ),
            rows: vec![CreateActionRow::Buttons(vec![
                CreateButton::new(format!("v:{key}"))
                    .label("Show it to me")
                    .style(ButtonStyle::Primary),
            ])],
            ..Outgoing::default()
        }
    }

    /// Notes a posted message with a match's buttons, and disables the
    /// buttons of the previous one on the same match in that channel.
    async fn track(&self, channel: ChannelId, message: &Message, posted: MessageId) {
        let Some(topic) = topic(message) else { return };
        let units = units(message);
        if units.is_empty() && message.typed.is_none() {
            return;
        }
        let live = Live {
            message: posted.get(),
            units,
            typed: message.typed.clone(),
        };
        let previous = lock(&self.memory.live).insert((channel.get(), topic), live);
        if let Some(previous) = previous.filter(|p| p.message != posted.get()) {
            let stale = rows(&previous.units, previous.typed.as_ref(), &self.memory, true);
            let edit = components_only(stale);
            let id = MessageId::new(previous.message);
            if let Err(e) =
                retrying(|| edit.clone().execute(&*self.http, (channel, id, None))).await
            {
                tracing::debug!("Discord: cannot disable old buttons in {channel}: {e}");
            }
        }
    }
}

/// Runs a REST call again after Discord's "too many requests" (429), a
/// few times, waiting longer each time. (serenity's own rate limiter
/// waits before calls; this covers a proxy or a shared limit.)
pub async fn retrying<T, F, Fut>(call: F) -> serenity::Result<T>
where
    F: Fn() -> Fut,
    Fut: Future<Output = serenity::Result<T>>,
{
    let mut wait = Duration::from_millis(250);
    let mut tries = 0;
    loop {
        match call().await {
            Err(serenity::Error::Http(HttpError::UnsuccessfulRequest(e)))
                if e.status_code.as_u16() == 429 && tries < 4 =>
            {
                tries += 1;
                tracing::info!("Discord: rate limited on {}; retrying in {wait:?}", e.url);
                tokio::time::sleep(wait).await;
                wait *= 2;
            }
            other => return other,
        }
    }
}
