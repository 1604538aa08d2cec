//! What the bot said about matches, read from every message it sends to
//! the fake (HTTP callbacks, edits of a response, follow-ups, channel
//! posts): the latest turn prompt of each player and the matches that are
//! over, each with the moment the fake received it. The load driver waits
//! on these instead of scanning the recorded calls.
use serde_json::Value;
use std::collections::HashMap;
use std::time::Instant;

/// A "NAME, your turn in match M" prompt with its move buttons.
#[derive(Clone, Debug)]
pub struct Turn {
    pub match_id: i64,
    /// Decisions made in the match so far (the `@N` of its buttons).
    pub decisions: usize,
    /// The name the prompt opens with.
    pub mover: String,
    /// The moves offered, as typed (e.g. `2,2`).
    pub moves: Vec<String>,
    /// When the fake received it.
    pub at: Instant,
}

#[derive(Default)]
pub struct Watch {
    /// The latest prompt per player (by lowercase name).
    turns: HashMap<String, Turn>,
    /// Matches said to be over, and when that first arrived.
    over: HashMap<i64, Instant>,
    /// Each interaction token's first text, from an edit of its response
    /// or a follow-up.
    texts: HashMap<String, String>,
}

impl Watch {
    /// Reads one message body the bot sent (`token` when it answered an
    /// interaction by webhook).
    pub(super) fn observe(&mut self, body: &Value, token: Option<&str>, at: Instant) {
        let content = body["content"].as_str().unwrap_or_default();
        if let Some(token) = token
            && !content.is_empty()
        {
            self.texts
                .entry(token.to_string())
                .or_insert_with(|| content.to_string());
        }
        let mut rest = content;
        while let Some(i) = rest.find("Match ") {
            rest = &rest[i + 6..];
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            if let Ok(id) = digits.parse::<i64>()
                && rest[digits.len()..].starts_with(" is over")
            {
                self.over.entry(id).or_insert(at);
            }
        }
        let Some(i) = content.find(", your turn in match ") else {
            return;
        };
        let mover = content[..i].trim().to_string();
        let mut moves = Vec::new();
        let mut seen: Option<(i64, usize)> = None;
        for row in body["components"].as_array().into_iter().flatten() {
            for c in row["components"].as_array().into_iter().flatten() {
                let id = c["custom_id"].as_str().unwrap_or_default();
                // A move's button, or the typed-move form's (the only
                // one when there are too many moves to list).
                let Some(rest) = id
                    .strip_prefix("c:move #")
                    .or_else(|| id.strip_prefix("t:move #"))
                else {
                    continue;
                };
                let Some((head, text)) = rest.split_once(' ') else {
                    continue;
                };
                let Some((m, n)) = head.split_once('@') else {
                    continue;
                };
                let (Ok(m), Ok(n)) = (m.parse::<i64>(), n.parse::<usize>()) else {
                    continue;
                };
                seen = Some((m, n));
                if !text.is_empty() {
                    moves.push(text.to_string());
                }
            }
        }
        let Some((match_id, decisions)) = seen else {
            return;
        };
        let turn = Turn {
            match_id,
            decisions,
            mover: mover.clone(),
            moves,
            at,
        };
        let key = mover.to_lowercase();
        // A prompt that arrives after a newer one (another process was
        // slower) does not replace it.
        let newer = self
            .turns
            .get(&key)
            .is_none_or(|t| (t.match_id, t.decisions) < (match_id, decisions));
        if newer {
            self.turns.insert(key, turn);
        }
    }

    /// The latest prompt for `player` (by name, any case).
    pub fn turn(&self, player: &str) -> Option<Turn> {
        self.turns.get(&player.to_lowercase()).cloned()
    }

    /// When the fake first heard that the match is over.
    pub fn over(&self, match_id: i64) -> Option<Instant> {
        self.over.get(&match_id).copied()
    }

    /// The first text sent for an interaction's token by webhook.
    pub fn text(&self, token: &str) -> Option<String> {
        self.texts.get(token).cloned()
    }
}
