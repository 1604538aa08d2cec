//! `help` and `help COMMAND`: what each command does and how to write it.

/// (command, usage, what it does), in the order `help` lists them.
pub const COMMANDS: &[(&str, &str, &str)] = &[
    (
        "help",
        "help [COMMAND]",
        "Lists the commands, or explains one.",
    ),
    (
        "game",
        "game list | game show NAME | game export NAME | game create | game copy NAME | game import (with a JSON file) | game rename OLD NEW",
        "Browse, export, invent and import games. Renaming is for Admins.",
    ),
    (
        "challenge",
        "challenge GAME [OPPONENT...] [alone|reviewing|delegating] [live|1h|12h|1d|3d|7d] [unrated]",
        "Invites players to a match: friends by name (on Discord also by mention, on Matrix by user id or display name), the game's machines (`sp` the standard player, `easy`, `medium`, `hard`, `random`), Chaos games fill Chaos's seat themselves, and `open` for a seat anyone here may take. Missing opponents are open seats. The clock is the time per move: `live` (the game's own) or 1h to 7d; between people it is 1d unless named, against machines alone the game's own.",
    ),
    (
        "accept",
        "accept [ID] [alone|reviewing|delegating]",
        "Accepts a challenge to you, or takes an open seat (the only one here when no ID is given).",
    ),
    ("decline", "decline [ID]", "Declines a challenge to you."),
    (
        "cancel",
        "cancel [ID]",
        "Withdraws a challenge you made, or leaves the game wizard.",
    ),
    (
        "move",
        "move [#MATCH] TEXT",
        "Plays your turn: a cell `2,3` or `b3` (on stacks a column `4`), a movement `1,1-1,2`, a two-piece turn `2,2+3,3`, with a shape or colour first when you have a choice (`pentagon 2,3`).",
    ),
    (
        "plan",
        "plan [#MATCH] TEXT",
        "Your sealed move in a simultaneous round. Send it privately; the channel only learns that you planned.",
    ),
    ("pass", "pass [#MATCH]", "Passes, where the game allows it."),
    (
        "draw",
        "draw [#MATCH]",
        "Offers a draw, where the game allows it.",
    ),
    (
        "agree",
        "agree [#MATCH]",
        "Accepts the draw offered to you.",
    ),
    (
        "refuse",
        "refuse [#MATCH]",
        "Refuses the draw offered to you.",
    ),
    (
        "board",
        "board [#MATCH]",
        "Shows a match as you may see it.",
    ),
    (
        "games",
        "games",
        "Lists your unfinished matches and whose turn it is.",
    ),
    (
        "resign",
        "resign [#MATCH]",
        "Gives the match up: your side loses.",
    ),
    (
        "undo",
        "undo [#MATCH]",
        "Takes back your last turn, before anyone else has moved, in unrated matches.",
    ),
    (
        "rematch",
        "rematch [#MATCH]",
        "Challenges the same players to the same game again.",
    ),
    (
        "token",
        "token",
        "Sends you a security token privately, for importing games from the command line.",
    ),
    (
        "friend",
        "friend add NAME | friend accept NAME | friend remove NAME | friend ban NAME | friend unban NAME | friend list",
        "Friends can challenge each other by name. `add` sends a request (the other person gets Accept, Decline and Ban buttons), `accept` answers one, `remove` ends a friendship or withdraws or declines a request, `ban` stops someone's requests and challenges by name until `unban`, and `list` shows your friends, requests and bans privately.",
    ),
    (
        "creations",
        "creations [PLAYER]",
        "Lists the games and players someone created (yours without a name), most used first: usage is 100 × matches ÷ days since created.",
    ),
    (
        "leaderboard",
        "leaderboard GAME [UNIVERSE] [here]",
        "A game's players by rating + top burst, as text and a picture: the top ten ranked, at most ten rows, always with you (if you played), Random and the game's standard player, ⋮ for rows left out; buttons to show a player, play them (friends, non-humans, your personas) or send a friend request. `here` keeps only the players of this community (of this channel where there is no community).",
    ),
    (
        "persona",
        "persona create NAME [UNIVERSE] | persona list | persona use [NAME [UNIVERSE]]",
        "Personas are copies of you with stats of their own, each in one universe for good (Public Universe unless you name a new universe, or one where you already have a persona); a Creator may create 3. `use NAME` makes your challenges, moves, leaderboards and stats that persona's, in its universe; `use` alone makes them yours again. Players meet only within one universe; a friend invited to another universe plays there as a persona of the same name, made for them.",
    ),
    (
        "clock",
        "clock stop [#MATCH]",
        "For Trainers and Admins: stops the clock of a match where every other player is a non-human or one of your personas. The match then has no time limit and does not change ratings.",
    ),
    (
        "stats",
        "stats [PLAYER] [GAME]",
        "Shows a player's stats (yours without a name) per game and form of augmentation, most recently played first: Last Match, Matches, Rating, Top Burst, Win %, Draw % and Decision (sec), with an Average row on top.",
    ),
    (
        "history",
        "history [PLAYER] [GAME...]",
        "Draws a player's rating over time as a chart, one line per game named (every game they played when none is named).",
    ),
    (
        "favoritism",
        "favoritism [PLAYER] [GAME]",
        "Shows, for each player someone met in a game, the spec's favoritism: preference, last match, win boost, draw boost, kick back, relative rating and favours owed.",
    ),
];

/// The reply to `help` with or without a command's name.
pub fn help(topic: Option<&str>) -> String {
    match topic {
        None => {
            let mut text = String::from("Commands (`help COMMAND` explains one):\n");
            for (_, usage, what) in COMMANDS {
                text.push_str(&format!("- `{usage}`: {what}\n"));
            }
            text.trim_end().to_string()
        }
        Some(name) => match COMMANDS
            .iter()
            .find(|(n, _, _)| n.eq_ignore_ascii_case(name))
        {
            Some((_, usage, what)) => format!("`{usage}`\n{what}"),
            None => format!(
                "There is no command \"{name}\".{} The commands are: {} (`help COMMAND` explains one).",
                crate::words::did_you_mean(name, COMMANDS.iter().map(|c| c.0)),
                names()
            ),
        },
    }
}

/// A command's usage line, by name (any case).
pub fn usage(name: &str) -> Option<&'static str> {
    COMMANDS
        .iter()
        .find(|(n, _, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, usage, _)| *usage)
}

/// Whether a word is a command's name.
pub fn is_command(word: &str) -> bool {
    COMMANDS
        .iter()
        .any(|(n, _, _)| n.eq_ignore_ascii_case(word))
}

pub fn names() -> String {
    COMMANDS
        .iter()
        .map(|(n, _, _)| *n)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every command the bot answers is listed, and explained by `help NAME`.
    #[test]
    fn every_command_is_listed_and_explained() {
        let source = include_str!("bot.rs");
        // The arms of `dispatch`: lines that start with a quoted word and
        // hold `=>`; every quoted word before the arrow is a command.
        let dispatched: Vec<&str> = source
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with('"') && l.contains("=>"))
            .flat_map(|l| {
                let arm = l.split("=>").next().unwrap_or_default();
                arm.split('"').skip(1).step_by(2).collect::<Vec<_>>()
            })
            .filter(|name| !name.is_empty() && name.chars().all(|c| c.is_ascii_lowercase()))
            .collect();
        assert!(dispatched.len() >= 18, "{dispatched:?}");
        for name in dispatched {
            assert!(
                names().split(", ").any(|n| n == name),
                "{name} is not listed"
            );
            assert!(!help(Some(name)).starts_with("There is no"), "{name}");
        }
        assert!(help(Some("dance")).contains("There is no command"));
    }
}
