//! A bot message as Discord messages: text in parts of at most 2,000
//! characters, pictures as attached PNGs shown in an embed, other files
//! attached, and the choices as components on the last part.

use redscience_commands::Message;
use serenity::all::{
    CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateEmbed,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage,
    EditInteractionResponse, EditMessage,
};

use super::components::{rows, units};
use super::memory::Memory;

/// Discord's limit on a message's text.
const CONTENT: usize = 2000;

/// One Discord message.
#[derive(Clone, Debug, Default)]
pub struct Outgoing {
    pub content: String,
    pub files: Vec<CreateAttachment>,
    pub embeds: Vec<CreateEmbed>,
    pub rows: Vec<CreateActionRow>,
}

/// The Discord messages for one bot message.
pub fn outgoing(message: &Message, memory: &Memory) -> Vec<Outgoing> {
    let mut parts: Vec<Outgoing> = split(&message.text, CONTENT)
        .into_iter()
        .map(|content| Outgoing {
            content,
            ..Outgoing::default()
        })
        .collect();
    let last = parts.last_mut().expect("split gives at least one part");
    for attachment in &message.attachments {
        let name = file_name(&attachment.name);
        if name.ends_with(".png") && last.embeds.len() < 10 {
            last.embeds
                .push(CreateEmbed::new().image(format!("attachment://{name}")));
        }
        last.files
            .push(CreateAttachment::bytes(attachment.bytes.clone(), name));
    }
    last.rows = rows(&units(message), message.typed.as_ref(), memory, false);
    parts
}

/// A file name Discord keeps as it is (it rewrites other characters,
/// which would break `attachment://` links).
pub fn file_name(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .collect();
    if cleaned.trim_matches(['.', '_']).is_empty() {
        "file".to_string()
    } else {
        cleaned
    }
}

/// Text in parts of at most `max` characters, cut at line ends where it
/// can be; never empty (Discord refuses an empty message).
pub fn split(text: &str, max: usize) -> Vec<String> {
    let mut parts = Vec::new();
    let mut current = String::new();
    for line in text.split_inclusive('\n') {
        let mut line = line;
        while !line.is_empty() {
            let room = max - current.chars().count();
            let len = line.chars().count();
            if len <= room {
                current.push_str(line);
                break;
            }
            if !current.is_empty() {
                parts.push(std::mem::take(&mut current));
                continue;
            }
            let cut = line
                .char_indices()
                .nth(max)
                .map(|(i, _)| i)
                .unwrap_or(line.len());
            parts.push(line[..cut].to_string());
            line = &line[cut..];
        }
    }
    if !current.is_empty() {
        parts.push(current);
    }
    let parts: Vec<String> = parts
        .into_iter()
        .map(|p| p.trim_end().to_string())
        .filter(|p| !p.is_empty())
        .collect();
    if parts.is_empty() {
        vec!["…".to_string()]
    } else {
        parts
    }
}

/// Mentions notify the people named, never roles or everyone.
fn mentions() -> CreateAllowedMentions {
    CreateAllowedMentions::new().all_users(true)
}

impl Outgoing {
    pub fn has_files(&self) -> bool {
        !self.files.is_empty()
    }

    pub fn response(self, ephemeral: bool) -> CreateInteractionResponseMessage {
        CreateInteractionResponseMessage::new()
            .content(self.content)
            .embeds(self.embeds)
            .components(self.rows)
            .files(self.files)
            .allowed_mentions(mentions())
            .ephemeral(ephemeral)
    }

    pub fn followup(self, ephemeral: bool) -> CreateInteractionResponseFollowup {
        CreateInteractionResponseFollowup::new()
            .content(self.content)
            .embeds(self.embeds)
            .components(self.rows)
            .files(self.files)
            .allowed_mentions(mentions())
            .ephemeral(ephemeral)
    }

    pub fn edit(self) -> EditInteractionResponse {
        let mut edit = EditInteractionResponse::new()
            .content(self.content)
            .embeds(self.embeds)
            .components(self.rows)
            .allowed_mentions(mentions());
        for file in self.files {
            edit = edit.new_attachment(file);
        }
        edit
    }

    pub fn post(self) -> CreateMessage {
        CreateMessage::new()
            .content(self.content)
            .embeds(self.embeds)
            .components(self.rows)
            .files(self.files)
            .allowed_mentions(mentions())
    }
}

/// An edit that only replaces a posted message's components.
pub fn components_only(rows: Vec<CreateActionRow>) -> EditMessage {
    EditMessage::new().components(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use redscience_commands::{Choice, ChoiceSet, Destination};
    use redscience_storage::ChatId;

    #[test]
    fn long_text_is_split_at_lines_and_nothing_is_lost() {
        let text = (0..300)
            .map(|i| format!("line {i:03} of the help"))
            .collect::<Vec<_>>()
            .join("\n");
        let parts = split(&text, 2000);
        assert!(parts.len() > 1);
        assert!(parts.iter().all(|p| p.chars().count() <= 2000));
        assert_eq!(parts.join("\n"), text);
        let long_line = "x".repeat(4500);
        let parts = split(&long_line, 2000);
        assert_eq!(parts.len(), 3);
        assert_eq!(parts.concat(), long_line);
        assert_eq!(split("", 2000), ["…"]);
    }

    #[test]
    fn a_board_picture_is_an_embedded_attachment_with_the_buttons_on_the_last_part() {
        let memory = Memory::default();
        let message = Message::new(Destination::Private(ChatId::discord("1")), "Your turn")
            .with_attachment("match 3.png", vec![137, 80, 78, 71])
            .with_choices(ChoiceSet::Buttons(vec![Choice::new(
                "move #3@0 1,1",
                "1,1",
            )]));
        let parts = outgoing(&message, &memory);
        assert_eq!(parts.len(), 1);
        let json = serde_json::to_value(parts[0].clone().post()).unwrap();
        assert_eq!(
            json["embeds"][0]["image"]["url"],
            "attachment://match_3.png"
        );
        assert_eq!(
            json["components"][0]["components"][0]["custom_id"],
            "c:move #3@0 1,1"
        );
        assert_eq!(
            json["allowed_mentions"]["parse"],
            serde_json::json!(["users"])
        );
        assert_eq!(file_name("../x y.json"), ".._x_y.json");
    }
}
