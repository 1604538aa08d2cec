//! Machines by name: the words that name a game's machine players in
//! `challenge` (`sp` or `ai` for the standard player, `easy`, `medium`,
//! `hard` for the search's levels, `random`; also `"GAME SP"`, `*GAME SP`,
//! `GAME easy`), the search budget each machine thinks with, and the line
//! that offers them. People are named by chat account too: a Discord
//! mention (`<@123>`) or a Matrix user id (`@ann:example.org`).

use redscience_ai::{Level, Thinking};
use redscience_engine::Game;
use redscience_storage::{ChatId, Player, SavedRuleSet, SystemPlayer};

use crate::context::{Ctx, Refusal, said};

/// A machine a word names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Machine {
    Random,
    /// The game's standard player.
    Standard,
    /// The search at a level, a player of its own per game.
    Level(Level),
}

/// The words that name a game's machines, as help and refusals list them.
pub(crate) const WORDS: &str = "`sp` (the standard player), `easy`, `medium`, `hard` or `random`";

fn standard_word(word: &str) -> bool {
    matches!(word, "sp" | "ai" | "standard")
}

/// The machine `word` names in a challenge to `game`, if any: `sp`, `ai`,
/// `easy`, `medium`, `hard`, `random` (any case, with or without a star),
/// or the game's name followed by one of them (`Connect4 SP`). A word
/// after `@` is a person's name, never a machine.
pub(crate) fn named(word: &str, game: &str) -> Option<Machine> {
    let lower = word.trim().trim_start_matches('*').trim().to_lowercase();
    let game = game.to_lowercase();
    let rest = match lower.strip_prefix(&game) {
        Some(rest) if rest.starts_with(char::is_whitespace) => rest.trim(),
        _ if lower == "random" => return Some(Machine::Random),
        _ => lower.as_str(),
    };
    if standard_word(rest) {
        Some(Machine::Standard)
    } else {
        Level::parse(rest).map(Machine::Level)
    }
}

/// The words of a challenge with a machine's name typed in two words
/// (`Connect4 SP`, `*Connect4 easy`) joined into one.
pub(crate) fn join_names(words: &[String], game: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let word = &words[i];
        if let Some(next) = words.get(i + 1)
            && word.trim_start_matches('*').eq_ignore_ascii_case(game)
            && matches!(
                named(next, game),
                Some(Machine::Standard | Machine::Level(_))
            )
        {
            out.push(format!("{word} {next}"));
            i += 2;
            continue;
        }
        out.push(word.clone());
        i += 1;
    }
    out
}

/// The player a machine is for this game, made when first asked for.
pub(crate) async fn player(
    ctx: &Ctx<'_>,
    machine: Machine,
    game: &SavedRuleSet,
) -> Result<Player, Refusal> {
    let storage = ctx.storage();
    match machine {
        Machine::Random => storage.system_player(SystemPlayer::Random).await,
        Machine::Standard => storage.standard_player(game.id).await,
        Machine::Level(level) => storage.level_player(game.id, level.name()).await,
    }
    .map_err(said)
}

/// How a machine player thinks in `game`: its level's budget, or the
/// standard player's (standard players, and anyone else who searches).
pub(crate) fn budget(player: &Player, game: &Game) -> Thinking {
    let level = redscience_storage::level_of(player).and_then(Level::parse);
    Thinking::of(level, game)
}

/// A game's name as typed in a command: quoted when it holds a space.
pub(crate) fn quoted(game: &str) -> String {
    if game.contains(char::is_whitespace) {
        format!("\"{game}\"")
    } else {
        game.to_string()
    }
}

/// The line that offers a game's machines, as commands to type; a game
/// played alone offers itself.
pub(crate) fn offer(game: &str, alone: bool) -> String {
    let g = quoted(game);
    if alone {
        return format!("Play it alone: `challenge {g}`.");
    }
    format!(
        "Play the machines: `challenge {g} sp` (the standard player), `challenge {g} easy`, \
         `challenge {g} medium`, `challenge {g} hard` or `challenge {g} random`."
    )
}

/// A hint for a name that is no one's: the machine word it is close to,
/// and the machine words.
pub(crate) fn did_you_mean(word: &str) -> String {
    let lower = word.trim().trim_start_matches(['*', '@']).to_lowercase();
    let close = ["sp", "ai", "easy", "medium", "hard", "random"]
        .into_iter()
        .filter(|w| lower.len() > 1 && distance(&lower, w) <= if w.len() > 3 { 2 } else { 1 })
        .min_by_key(|w| distance(&lower, w));
    let machines = format!("To play a machine, name {WORDS}.");
    match close {
        Some(w) => format!("Did you mean `{w}`? {machines}"),
        None => machines,
    }
}

/// Edit distance (insertions, deletions, substitutions).
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut last = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let old = row[j + 1];
            row[j + 1] = (old + 1).min(row[j] + 1).min(last + usize::from(ca != *cb));
            last = old;
        }
    }
    row[b.len()]
}

/// The chat account a word names: a Discord mention (`<@123>`,
/// `<@!123>`) or a Matrix user id (`@ann:example.org`).
pub(crate) fn chat_named(word: &str) -> Option<ChatId> {
    let word = word.trim();
    if let Some(inner) = word.strip_prefix("<@").and_then(|w| w.strip_suffix('>')) {
        let id = inner.trim_start_matches('!');
        return (!id.is_empty() && id.chars().all(|c| c.is_ascii_digit()))
            .then(|| ChatId::discord(id));
    }
    let matrix = word.starts_with('@')
        && word[1..]
            .split_once(':')
            .is_some_and(|(local, server)| !local.is_empty() && !server.is_empty())
        && !word.contains(char::is_whitespace);
    matrix.then(|| ChatId::matrix(word))
}

/// The person a word names by chat account (see [`chat_named`]), made a
/// player now if the bot never heard from them (named after the Matrix
/// id's localpart, or `discord-ID`, until they speak; a Discord adapter
/// that knows the name has introduced them already). None when the word
/// is not a chat account.
pub(crate) async fn person(ctx: &Ctx<'_>, word: &str) -> Option<Result<Player, Refusal>> {
    let chat = chat_named(word)?;
    let display = match chat.platform {
        redscience_storage::Platform::Matrix => chat
            .id
            .trim_start_matches('@')
            .split(':')
            .next()
            .unwrap_or_default()
            .to_string(),
        _ => format!("{}-{}", chat.platform.word(), chat.id),
    };
    Some(
        ctx.storage()
            .player_for_chat(&chat, &display)
            .await
            .map_err(said),
    )
}

/// A name as the bot stores it for a display name typed with spaces
/// (`"Ann Lee"` -> `Ann-Lee`), when it differs from the word.
pub(crate) fn stored_form(word: &str) -> Option<String> {
    let name = redscience_storage::name_from_display(word);
    (name != word.trim() && word.contains(char::is_whitespace)).then_some(name)
}

impl crate::Bot {
    /// Makes sure a chat account the bot has not heard from yet has a
    /// player, named after its display name: an adapter calls this for the
    /// people a request names (a Discord mention's resolved user), so that
    /// they can be challenged and befriended before they ever speak.
    pub async fn meet(&self, who: &crate::Who) {
        if let Err(e) = self
            .storage()
            .player_for_chat(&who.chat, &who.display_name)
            .await
        {
            // Not fatal: the request that named them says what went wrong.
            let _ = e;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn machine_words_in_any_case_with_or_without_the_game_or_star() {
        let game = "Connect4";
        for w in [
            "sp",
            "SP",
            "ai",
            "*Connect4 SP",
            "Connect4 SP",
            "connect4 sp",
            "*SP",
        ] {
            assert_eq!(named(w, game), Some(Machine::Standard), "{w}");
        }
        assert_eq!(named("Easy", game), Some(Machine::Level(Level::Easy)));
        assert_eq!(
            named("*Connect4 medium", game),
            Some(Machine::Level(Level::Medium))
        );
        assert_eq!(named("HARD", game), Some(Machine::Level(Level::Hard)));
        assert_eq!(named("random", game), Some(Machine::Random));
        assert_eq!(named("*Random", game), Some(Machine::Random));
        for w in ["ann", "Connect4", "Connect4SP", "Qubic SP", "@sp", "open"] {
            assert_eq!(named(w, game), None, "{w}");
        }
    }

    #[test]
    fn two_word_names_are_joined() {
        let words: Vec<String> = ["*Connect4", "SP", "Connect4", "easy", "ann", "unrated"]
            .map(String::from)
            .to_vec();
        assert_eq!(
            join_names(&words, "Connect4"),
            ["*Connect4 SP", "Connect4 easy", "ann", "unrated"]
        );
    }

    #[test]
    fn near_misses_are_named() {
        assert!(did_you_mean("hrad").starts_with("Did you mean `hard`?"));
        assert!(did_you_mean("esy").starts_with("Did you mean `easy`?"));
        let plain = did_you_mean("zebedee");
        assert!(!plain.contains("Did you mean"));
        for w in ["sp", "easy", "medium", "hard", "random"] {
            assert!(plain.contains(&format!("`{w}`")), "{plain}");
        }
    }

    #[test]
    fn chat_accounts_by_mention_or_matrix_id() {
        assert_eq!(chat_named("<@123>"), Some(ChatId::discord("123")));
        assert_eq!(chat_named("<@!123>"), Some(ChatId::discord("123")));
        assert_eq!(
            chat_named("@ann:example.org"),
            Some(ChatId::matrix("@ann:example.org"))
        );
        for w in ["<@ann>", "<@>", "@ann", "ann", "@:x", "<#123>"] {
            assert_eq!(chat_named(w), None, "{w}");
        }
    }

    #[test]
    fn display_names_become_stored_names() {
        assert_eq!(stored_form("Ann Lee"), Some("Ann-Lee".into()));
        assert_eq!(stored_form("ann"), None);
    }

    #[test]
    fn offers_are_commands_to_type() {
        let line = offer("Connect4", false);
        assert!(line.contains("`challenge Connect4 sp`"), "{line}");
        assert!(line.contains("`challenge Connect4 hard`"), "{line}");
        assert!(offer("My Game", false).contains("`challenge \"My Game\" easy`"));
        assert_eq!(
            offer("My Walk", true),
            "Play it alone: `challenge \"My Walk\"`."
        );
    }
}
