//! From a Matrix message to a request: is it for the bot, and what does it
//! ask. Pure functions, so the rules are tested without a homeserver.
//!
//! In a shared room the bot answers messages that start with the prefix
//! (`!rs challenge Connect4 Random`), and, while its last message there
//! offered numbered choices, a bare number or the words of an option. In a
//! direct room with the bot every message is for it, prefix or not. A
//! Matrix reply to one of the bot's messages picks from that message's
//! choices.

use redscience_commands::{Choice, Pick, What};

/// Removes the quoted original a client may put before a reply's text
/// (lines starting with `> ` followed by an empty line).
pub fn strip_reply_fallback(body: &str) -> &str {
    if !body.starts_with("> ") {
        return body;
    }
    let mut rest = body;
    while let Some(line_end) = rest.find('\n') {
        let line = &rest[..line_end];
        if line.starts_with('>') {
            rest = &rest[line_end + 1..];
        } else {
            break;
        }
    }
    rest.trim_start_matches('\n')
}

/// The text after `prefix` when `body` starts with it as a word
/// (case-insensitive).
pub fn after_prefix<'a>(body: &'a str, prefix: &str) -> Option<&'a str> {
    let body = body.trim_start();
    let head = body.get(..prefix.len())?;
    if !head.eq_ignore_ascii_case(prefix) {
        return None;
    }
    let rest = &body[prefix.len()..];
    (rest.is_empty() || rest.starts_with(char::is_whitespace)).then(|| rest.trim())
}

/// The option `text` picks: the one shown with these words, or the one
/// with this number where options are numbered (never a value's or a
/// move's position: see `docs/rules.md`, "Input means one thing").
pub fn pick<'a>(text: &str, choices: &'a [Choice]) -> Option<&'a Choice> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let by_words = choices.iter().find(|c| {
        c.typed_text().is_some_and(|t| t.eq_ignore_ascii_case(text))
            || c.label.eq_ignore_ascii_case(text)
    });
    let numbered: Vec<&Choice> = choices
        .iter()
        .filter(|c| c.pick == Pick::Numbered)
        .collect();
    by_words.or_else(|| {
        let n = text.parse::<usize>().ok()?;
        numbered.get(n.checked_sub(1)?).copied()
    })
}

/// What the bot is asked, when the message is for it: `direct` says the
/// room is a direct room with the sender; `choices` are the options the
/// message answers (those of the bot message it replies to, else the
/// latest ones in the room); `is_reply_to_bot` whether it is a Matrix
/// reply to one of the bot's messages.
pub fn request_text(
    body: &str,
    prefix: &str,
    direct: bool,
    choices: &[Choice],
    is_reply_to_bot: bool,
) -> Option<What> {
    let body = strip_reply_fallback(body).trim();
    let text = match after_prefix(body, prefix) {
        Some(text) => text,
        None if direct || is_reply_to_bot => body,
        // In a shared room only an answer to the choices on show. A
        // number goes to the bot as typed, which judges it against the
        // question open now (an older list's number means nothing).
        None => {
            return pick(body, choices).map(|c| match c.pick {
                Pick::Numbered => What::Text(body.to_string()),
                Pick::Typed(_) => What::Choice(c.id.clone()),
            });
        }
    };
    // A reply to one of the bot's messages answers that message.
    if is_reply_to_bot && let Some(choice) = pick(text, choices) {
        return Some(What::Choice(choice.id.clone()));
    }
    Some(match text.strip_prefix('/') {
        Some(command) => What::Command(command.trim().to_string()),
        None => What::Text(text.to_string()),
    })
}

/// The command a file comes with: its caption after the prefix, or in a
/// direct room the whole caption (perhaps empty). `None`: not for the bot.
pub fn file_command(caption: &str, prefix: &str, direct: bool) -> Option<String> {
    let caption = caption.trim();
    match after_prefix(caption, prefix) {
        Some(command) => Some(command.to_string()),
        None if direct => Some(caption.to_string()),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choices() -> Vec<Choice> {
        vec![
            Choice::new("accept 3", "Accept"),
            Choice::new("decline 3", "Decline"),
        ]
    }

    fn question() -> Vec<Choice> {
        vec![
            Choice::numbered("squares", "Squares"),
            Choice::numbered("stacks", "Stacks"),
        ]
    }

    #[test]
    fn the_prefix_is_a_word_of_its_own() {
        assert_eq!(after_prefix("!rs help", "!rs"), Some("help"));
        assert_eq!(after_prefix("  !RS   games ", "!rs"), Some("games"));
        assert_eq!(after_prefix("!rs", "!rs"), Some(""));
        assert_eq!(after_prefix("!rshelp", "!rs"), None);
        assert_eq!(after_prefix("hello !rs help", "!rs"), None);
        assert_eq!(after_prefix("é", "!rs"), None);
    }

    #[test]
    fn shared_rooms_hear_the_prefix_and_answers_to_choices_only() {
        let none: Vec<Choice> = Vec::new();
        assert_eq!(request_text("hello all", "!rs", false, &none, false), None);
        assert_eq!(request_text("2", "!rs", false, &none, false), None);
        assert_eq!(
            request_text("!rs 2,2", "!rs", false, &none, false),
            Some(What::Text("2,2".into()))
        );
        // Commands on show are picked by their words, never a number.
        assert_eq!(request_text("2", "!rs", false, &choices(), false), None);
        assert_eq!(
            request_text("accept 3", "!rs", false, &choices(), false),
            Some(What::Choice("accept 3".into()))
        );
        assert_eq!(
            request_text("accept", "!rs", false, &choices(), false),
            Some(What::Choice("accept 3".into()))
        );
        // A question's number goes to the bot to judge.
        assert_eq!(
            request_text("2", "!rs", false, &question(), false),
            Some(What::Text("2".into()))
        );
        assert_eq!(request_text("3", "!rs", false, &question(), false), None);
        assert_eq!(
            request_text("!rs /games", "!rs", false, &none, false),
            Some(What::Command("games".into()))
        );
    }

    #[test]
    fn direct_rooms_and_replies_need_no_prefix() {
        let none: Vec<Choice> = Vec::new();
        assert_eq!(
            request_text("plan 1", "!rs", true, &none, false),
            Some(What::Text("plan 1".into()))
        );
        assert_eq!(
            request_text(
                "> <@redscience:x> Pick one\n\naccept",
                "!rs",
                false,
                &choices(),
                true
            ),
            Some(What::Choice("accept 3".into()))
        );
        // Commands are never numbered: a number in a reply is typed text.
        assert_eq!(
            request_text(
                "> <@redscience:x> Pick one\n\n1",
                "!rs",
                false,
                &choices(),
                true
            ),
            Some(What::Text("1".into()))
        );
        assert_eq!(
            request_text(
                "> <@redscience:x> Board\n\n2",
                "!rs",
                false,
                &question(),
                true
            ),
            Some(What::Choice("stacks".into()))
        );
    }

    #[test]
    fn a_file_s_caption_is_its_command() {
        assert_eq!(
            file_command("!rs game import", "!rs", false),
            Some("game import".into())
        );
        assert_eq!(file_command("my game", "!rs", false), None);
        assert_eq!(
            file_command("game import", "!rs", true),
            Some("game import".into())
        );
        assert_eq!(file_command("", "!rs", true), Some(String::new()));
    }

    #[test]
    fn numbers_are_typed_as_they_are_when_the_options_are_numbers() {
        let sizes = vec![Choice::new("3", "3"), Choice::new("4", "4")];
        assert_eq!(pick("1", &sizes), None);
        assert_eq!(pick("4", &sizes).map(|c| c.id.as_str()), Some("4"));
        let columns = vec![
            Choice::typed("move #1@5 2", "Black circle to column 2", "2"),
            Choice::typed("move #1@5 4", "Black circle to column 4", "4"),
        ];
        assert_eq!(pick("1", &columns), None);
        assert_eq!(
            pick("4", &columns).map(|c| c.id.as_str()),
            Some("move #1@5 4")
        );
    }
}
