//! From a reply to Matrix messages: text with its options, files as
//! uploads (pictures as `m.image`), each to the room it is meant for.
//! A private message only ever goes to a direct room with its reader.

use matrix_sdk::attachment::{AttachmentConfig, AttachmentInfo, BaseImageInfo};
use matrix_sdk::ruma::events::room::message::RoomMessageEventContent;
use matrix_sdk::ruma::{OwnedEventId, OwnedRoomId, UInt, UserId};
use matrix_sdk::{Client, Room, RoomState};
use redscience_commands::{Choice, ChoiceSet, Destination, Message};
use redscience_storage::Platform;

use super::directs::Directs;

/// The options of a message, numbered across its sets.
pub fn options(message: &Message) -> Vec<Choice> {
    message
        .choices
        .iter()
        .flat_map(ChoiceSet::options)
        .cloned()
        .collect()
}

/// The text of a message as sent: the words, then its options as the bot
/// writes them for text (numbered answers, or the words that pick them).
pub fn text(message: &Message) -> String {
    let mut out = message.text.clone();
    for line in redscience_commands::options_as_text(message) {
        out.push('\n');
        out.push_str(&line);
    }
    out
}

/// The media type of an attachment, from its name.
pub fn media_type(name: &str) -> mime::Mime {
    let lower = name.to_ascii_lowercase();
    if lower.ends_with(".png") {
        mime::IMAGE_PNG
    } else if lower.ends_with(".json") {
        mime::APPLICATION_JSON
    } else if lower.ends_with(".txt") {
        mime::TEXT_PLAIN_UTF_8
    } else {
        mime::APPLICATION_OCTET_STREAM
    }
}

/// Width and height of a PNG, from its header.
pub fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    if bytes.len() < 24 || &bytes[..8] != b"\x89PNG\r\n\x1a\n" || &bytes[12..16] != b"IHDR" {
        return None;
    }
    let w = u32::from_be_bytes(bytes[16..20].try_into().ok()?);
    let h = u32::from_be_bytes(bytes[20..24].try_into().ok()?);
    Some((w, h))
}

/// Sends one message to `room`: its text, then its files. The event of
/// the text, or `None` when it could not be sent (logged).
pub async fn send(room: &Room, message: &Message) -> Option<OwnedEventId> {
    let sent = match room
        .send(RoomMessageEventContent::text_plain(text(message)))
        .await
    {
        Ok(sent) => sent,
        Err(e) => {
            tracing::warn!("cannot send to {}: {e}", room.room_id());
            return None;
        }
    };
    for file in &message.attachments {
        let kind = media_type(&file.name);
        let mut config = AttachmentConfig::new();
        if let Some((w, h)) = png_size(&file.bytes) {
            config = config.info(AttachmentInfo::Image(BaseImageInfo {
                width: UInt::new(u64::from(w)),
                height: UInt::new(u64::from(h)),
                size: UInt::new(file.bytes.len() as u64),
                ..Default::default()
            }));
        }
        if let Err(e) = room
            .send_attachment(&file.name, &kind, file.bytes.clone(), config)
            .await
        {
            tracing::warn!("cannot upload {} to {}: {e}", file.name, room.room_id());
        }
    }
    Some(sent.response.event_id)
}

/// The room a message goes to: the channel's room, or the direct room
/// with the reader of a private message. `None` for another transport's
/// message.
pub async fn target(
    client: &Client,
    directs: &mut Directs,
    to: &Destination,
) -> Result<Option<Room>, String> {
    match to {
        Destination::Channel(channel) if channel.platform == Platform::Matrix => {
            let id = OwnedRoomId::try_from(channel.channel.as_str())
                .map_err(|e| format!("\"{}\" is not a room id: {e}", channel.channel))?;
            match client.get_room(&id) {
                Some(room) if room.state() == RoomState::Joined => Ok(Some(room)),
                _ => Err(format!("the bot is not in room {id}")),
            }
        }
        Destination::Private(chat) if chat.platform == Platform::Matrix => {
            let user = <&UserId>::try_from(chat.id.as_str())
                .map_err(|e| format!("\"{}\" is not a Matrix user id: {e}", chat.id))?;
            directs.room_for(client, user).await.map(Some)
        }
        // Another transport's message.
        _ => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use redscience_storage::ChatId;

    #[test]
    fn options_show_the_words_that_pick_them() {
        let m = Message::new(Destination::Private(ChatId::matrix("@a:x")), "Your move.")
            .with_choices(ChoiceSet::Buttons(vec![
                Choice::new("move 2,2", "(2,2)"),
                Choice::new("resign", "Resign"),
            ]))
            .with_choices(ChoiceSet::Select {
                placeholder: "p".into(),
                options: vec![Choice::new("3", "3")],
                default: Some("3".into()),
            });
        assert_eq!(
            text(&m),
            "Your move.\n`move 2,2`: (2,2)\n`resign`\n`3` (proposed)"
        );
        assert_eq!(options(&m).len(), 3);
    }

    #[test]
    fn pictures_are_pngs_with_their_size() {
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        png.extend_from_slice(&300u32.to_be_bytes());
        png.extend_from_slice(&200u32.to_be_bytes());
        assert_eq!(png_size(&png), Some((300, 200)));
        assert_eq!(png_size(b"not a png at all, not at all"), None);
        assert_eq!(media_type("board-3.PNG"), mime::IMAGE_PNG);
        assert_eq!(media_type("game.json"), mime::APPLICATION_JSON);
    }
}
