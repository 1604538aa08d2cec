//! How messages name players, seats and where things are said: shared by
//! every part of the bot that tells people about a match or a challenge.

use redscience_engine::State;
use redscience_engine::rules::{Cloaking, Order};
use redscience_storage::{Challenge, ChatId, Kind, LiveMatch, Platform};

use crate::reply::Destination;
use crate::services::Services;

/// A player's name for messages.
pub(crate) async fn name_of(services: &Services, id: i64) -> String {
    match services.storage().player(id).await {
        Ok(p) => p.name,
        Err(_) => format!("player {id}"),
    }
}

/// Where a challenge's (and its match's) public messages go.
pub(crate) fn channel_of(challenge: &Challenge) -> Destination {
    Destination::Channel(challenge.place.clone())
}

/// A player's chat account on `platform` (or any), for private messages.
pub(crate) async fn chat_of(
    services: &Services,
    platform: Platform,
    player_id: i64,
) -> Option<ChatId> {
    let mut chats = services.storage().chat_ids(player_id).await.ok()?;
    if chats.is_empty() {
        // A persona's messages go to its person.
        let player = services.storage().player(player_id).await.ok()?;
        if let (Kind::Persona, Some(parent)) = (player.kind, player.parent_id) {
            chats = services.storage().chat_ids(parent).await.ok()?;
        }
    }
    chats
        .iter()
        .find(|c| c.platform == platform)
        .or(chats.first())
        .cloned()
}

/// "Player 1 Ann (black), Player 2 Random (white)".
pub(crate) async fn seat_list(services: &Services, live: &LiveMatch) -> String {
    let game = live.state().game();
    let mut parts = Vec::new();
    for (seat, record) in live.seats.iter().enumerate() {
        let s = &game.seats[seat];
        let name = name_of(services, record.player_id).await;
        parts.push(if s.is_chaos {
            format!("Chaos ({})", s.color.name())
        } else {
            format!("{} {name} ({})", s.label(), game.seat_colors_name(seat))
        });
    }
    parts.join(", ")
}

/// Whether a seat is played by a person, themselves or through a persona
/// (everyone else moves by itself).
pub(crate) async fn is_human(services: &Services, live: &LiveMatch, seat: usize) -> bool {
    match services.storage().player(live.seats[seat].player_id).await {
        Ok(p) => matches!(p.kind, Kind::Human | Kind::Persona),
        Err(_) => false,
    }
}

/// Whether the moves of this match's current phase must be sent privately.
pub(crate) fn secret(state: &State) -> bool {
    let game = state.game();
    game.rules.cloaking != Cloaking::None
        || game.rules.phases[state.phase()].order != Order::Sequential
}
