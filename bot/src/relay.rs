//! One bot behind several chat transports. Every message of a reply goes
//! to the transport of its platform (a Discord player may be challenged
//! from Matrix), and the clock ticks once for all of them.

use std::sync::Arc;
use std::time::Duration;

use redscience_commands::{Bot, Destination, Message, Reply};
use redscience_storage::Platform;
use tokio::sync::mpsc;

/// Where each transport takes the messages meant for its platform.
#[derive(Default)]
pub struct Relay {
    outboxes: Vec<(Platform, mpsc::UnboundedSender<Reply>)>,
}

/// The platform a message is for.
pub fn platform_of(message: &Message) -> Platform {
    match &message.to {
        Destination::Channel(channel) => channel.platform,
        Destination::Private(chat) => chat.platform,
    }
}

impl Relay {
    /// A transport for `platform`: the messages for it arrive on the
    /// receiver, a reply at a time, in order.
    pub fn add(&mut self, platform: Platform) -> mpsc::UnboundedReceiver<Reply> {
        let (tx, rx) = mpsc::unbounded_channel();
        self.outboxes.push((platform, tx));
        rx
    }

    /// The platforms with a running transport.
    pub fn platforms(&self) -> Vec<Platform> {
        self.outboxes.iter().map(|(p, _)| *p).collect()
    }

    /// Sends every message to its platform's transport, keeping the order
    /// within each platform.
    pub fn deliver(&self, reply: Reply) {
        for (platform, part) in split(reply) {
            match self.outboxes.iter().find(|(p, _)| *p == platform) {
                Some((_, tx)) => {
                    let _ = tx.send(part);
                }
                None => tracing::debug!(
                    "{} message(s) for {} dropped: that transport is not running",
                    part.messages.len(),
                    platform.word()
                ),
            }
        }
    }

    /// The messages of `reply` for `own`, after passing the others on to
    /// their transports.
    pub fn keep(&self, reply: Reply, own: Platform) -> Reply {
        let mut kept = Reply::default();
        let mut others = Reply::default();
        for message in reply.messages {
            if platform_of(&message) == own {
                kept.push(message);
            } else {
                others.push(message);
            }
        }
        if !others.messages.is_empty() {
            self.deliver(others);
        }
        kept
    }
}

/// A reply's messages grouped by platform, in the order each first appears.
fn split(reply: Reply) -> Vec<(Platform, Reply)> {
    let mut parts: Vec<(Platform, Reply)> = Vec::new();
    for message in reply.messages {
        let platform = platform_of(&message);
        match parts.iter_mut().find(|(p, _)| *p == platform) {
            Some((_, part)) => part.push(message),
            None => parts.push((platform, Reply::one(message))),
        }
    }
    parts
}

/// Lets the bot's clock run every second (reminders, expired turns),
/// for every transport at once.
pub async fn clock(bot: Arc<Bot>, relay: Arc<Relay>) {
    let mut clock = tokio::time::interval(Duration::from_secs(1));
    clock.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        clock.tick().await;
        relay.deliver(bot.tick().await);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use redscience_storage::{ChannelRef, ChatId};

    #[test]
    fn each_platform_gets_its_messages_in_order() {
        let mut relay = Relay::default();
        let mut matrix = relay.add(Platform::Matrix);
        let mut discord = relay.add(Platform::Discord);
        let room = Destination::Channel(ChannelRef {
            platform: Platform::Matrix,
            community: None,
            channel: "!room".into(),
        });
        let mut reply = Reply::default();
        reply.push(Message::new(room.clone(), "m1"));
        reply.push(Message::new(
            Destination::Private(ChatId::discord("7")),
            "d1",
        ));
        reply.push(Message::new(room, "m2"));
        reply.push(Message::new(
            Destination::Private(ChatId::console("x")),
            "dropped",
        ));
        let kept = relay.keep(reply, Platform::Matrix);
        let texts = |r: &Reply| {
            r.messages
                .iter()
                .map(|m| m.text.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(texts(&kept), ["m1", "m2"]);
        assert_eq!(texts(&discord.try_recv().unwrap()), ["d1"]);
        assert!(matrix.try_recv().is_err());
        assert!(discord.try_recv().is_err());
    }
}
