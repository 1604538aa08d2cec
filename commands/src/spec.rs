//! The specification of every command: its name, its syntax, what it does,
//! who it acts as and where it may be said. Help, parsing, persona
//! handling and Discord's slash commands are read from here; the dispatch
//! (`crate::dispatch`) gives each its function.

/// Which player a command acts as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Acts {
    /// The person, whatever persona is in use (friends, personas, help).
    Person,
    /// The persona in use (challenges, leaderboards, stats).
    Persona,
    /// A move in a match: the persona in use, or whichever of the person's
    /// players the match here waits for.
    Move,
}

/// Where a command may be said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    Anywhere,
    /// In a channel, where others can answer (challenges).
    Channel,
    /// In a private conversation with the bot (sealed plans).
    Private,
}

/// Who may use a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum May {
    Anyone,
    /// People (not personas) of level Creator and above; the words say
    /// what only they do ("have friends").
    Creators(&'static str),
}

/// One command.
#[derive(Debug, PartialEq, Eq)]
pub struct Command {
    pub name: &'static str,
    /// The forms as `help` writes them, separated by ` | `.
    pub usage: &'static str,
    /// An example of each form, in the same order, separated by ` | `.
    pub examples: &'static str,
    pub about: &'static str,
    pub acts: Acts,
    pub place: Where,
    pub may: May,
}

impl Command {
    /// The first paragraph of `about`, what `help` lists; `help NAME`
    /// gives all of it.
    pub fn summary(&self) -> &'static str {
        self.about
            .split_once("\n\n")
            .map_or(self.about, |(first, _)| first)
    }

    /// Each form as `help` writes it, with its example.
    pub fn forms(&self) -> impl Iterator<Item = (&'static str, &'static str)> {
        self.usage.split(" | ").zip(self.examples.split(" | "))
    }
}

/// Every command, in the order `help` lists them.
pub static COMMANDS: &[Command] = &[
    Command {
        name: "help",
        usage: "help [COMMAND]",
        examples: "help challenge",
        about: "Lists the commands, or explains one.",
        acts: Acts::Person,
        place: Where::Anywhere,
        may: May::Anyone,
    },
    Command {
        name: "game",
        usage: "game list | game show NAME | game export NAME | game create | game copy NAME | game import [NAME] (with a JSON file) | game rename OLD NEW",
        examples: "game list | game show Connect4 | game export Connect4 | game create | game copy Connect4 | game import | game rename My-Game My-Game-2",
        about: "Browse, export, invent and import games. Renaming is for Admins.",
        acts: Acts::Person,
        place: Where::Anywhere,
        may: May::Anyone,
    },
    Command {
        name: "challenge",
        usage: "challenge GAME [OPPONENT...] [alone|reviewing|delegating] [live|1h|12h|1d|3d|7d] [unrated]",
        examples: "challenge Tic-Tac-Toe Random",
        about: "Invites players to a match: friends by name (on Discord also by mention, on Matrix by user id or display name), the game's machines (`sp` the standard player, `easy`, `medium`, `hard`, `random`), Chaos games fill Chaos's seat themselves, and `open` for a seat anyone here may take. Missing opponents are open seats. The clock is the time per move: `live` (the game's own) or 1h to 7d; 1d unless named, against machines too.",
        acts: Acts::Persona,
        place: Where::Channel,
        may: May::Anyone,
    },
    Command {
        name: "accept",
        usage: "accept [ID] [alone|reviewing|delegating]",
        examples: "accept 3",
        about: "Accepts a challenge to you, or takes an open seat (the only one here when no ID is given).",
        acts: Acts::Persona,
        place: Where::Anywhere,
        may: May::Anyone,
    },
    Command {
        name: "decline",
        usage: "decline [ID] [all]",
        examples: "decline 3",
        about: "Declines a challenge to you; `decline all` declines every challenge waiting for your answer.",
        acts: Acts::Persona,
        place: Where::Anywhere,
        may: May::Anyone,
    },
    Command {
        name: "cancel",
        usage: "cancel [ID]",
        examples: "cancel 3",
        about: "Withdraws a challenge you made, or leaves the game wizard.",
        acts: Acts::Persona,
        place: Where::Anywhere,
        may: May::Anyone,
    },
    Command {
        name: "move",
        usage: "move [#MATCH] TEXT",
        examples: "move 2,2",
        about: "Plays your turn: a cell `2,3` or `b3` (on stacks a column `4`), a movement `1,1-1,2`, a two-piece turn `2,2+3,3`, with a shape or colour first when you have a choice (`pentagon 2,3`).",
        acts: Acts::Move,
        place: Where::Anywhere,
        may: May::Anyone,
    },
    Command {
        name: "plan",
        usage: "plan [#MATCH] TEXT",
        examples: "plan #12 2,2",
        about: "Your sealed move in a simultaneous round. Send it privately; the channel only learns that you planned.",
        acts: Acts::Move,
        place: Where::Anywhere,
        may: May::Anyone,
    },
    Command {
        name: "pass",
        usage: "pass [#MATCH]",
        examples: "pass #12",
        about: "Passes, where the game allows it.",
        acts: Acts::Move,
        place: Where::Anywhere,
        may: May::Anyone,
    },
    Command {
        name: "draw",
        usage: "draw [#MATCH]",
        examples: "draw #12",
        about: "Offers a draw, where the game allows it.",
        acts: Acts::Move,
        place: Where::Anywhere,
        may: May::Anyone,
    },
    Command {
        name: "agree",
        usage: "agree [#MATCH]",
        examples: "agree #12",
        about: "Accepts the draw offered to you.",
        acts: Acts::Move,
        place: Where::Anywhere,
        may: May::Anyone,
    },
    Command {
        name: "refuse",
        usage: "refuse [#MATCH]",
        examples: "refuse #12",
        about: "Refuses the draw offered to you.",
        acts: Acts::Move,
        place: Where::Anywhere,
        may: May::Anyone,
    },
    Command {
        name: "board",
        usage: "board [#MATCH]",
        examples: "board #12",
        about: "Shows a match as you may see it.",
        acts: Acts::Persona,
        place: Where::Anywhere,
        may: May::Anyone,
    },
    Command {
        name: "games",
        usage: "games",
        examples: "games",
        about: "Lists your unfinished matches and whose turn it is, and the open challenges to you and from you.",
        acts: Acts::Persona,
        place: Where::Anywhere,
        may: May::Anyone,
    },
    Command {
        name: "resign",
        usage: "resign [#MATCH]",
        examples: "resign #12",
        about: "Leaves the match: you lose (with your partner, in Partners); in a match of three or four the others play on.",
        acts: Acts::Persona,
        place: Where::Anywhere,
        may: May::Anyone,
    },
    Command {
        name: "undo",
        usage: "undo [#MATCH]",
        examples: "undo #12",
        about: "Takes back your last turn, before anyone else has moved, in unrated matches.",
        acts: Acts::Persona,
        place: Where::Anywhere,
        may: May::Anyone,
    },
    Command {
        name: "rematch",
        usage: "rematch [#MATCH]",
        examples: "rematch #12",
        about: "Challenges the same players to the same game again.",
        acts: Acts::Persona,
        place: Where::Anywhere,
        may: May::Anyone,
    },
    Command {
        name: "token",
        usage: "token",
        examples: "token",
        about: "Sends you a security token privately, for importing games from the command line.",
        acts: Acts::Person,
        place: Where::Anywhere,
        may: May::Anyone,
    },
    Command {
        name: "friend",
        usage: "friend add NAME | friend accept NAME | friend remove NAME | friend ban NAME | friend unban NAME | friend list",
        examples: "friend add bob | friend accept bob | friend remove bob | friend ban bob | friend unban bob | friend list",
        about: "Friends can challenge each other by name. `add` sends a request (the other person gets Accept, Decline and Ban buttons), `accept` answers one, `remove` ends a friendship or withdraws or declines a request, `ban` stops someone's requests and challenges by name until `unban`, and `list` shows your friends, requests and bans privately.",
        acts: Acts::Person,
        place: Where::Anywhere,
        may: May::Creators("have friends"),
    },
    Command {
        name: "creations",
        usage: "creations [PLAYER]",
        examples: "creations ann",
        about: "Lists the games and players someone created (yours without a name), most used first: usage is 100 × matches ÷ days since created.",
        acts: Acts::Person,
        place: Where::Anywhere,
        may: May::Anyone,
    },
    Command {
        name: "leaderboard",
        usage: "leaderboard GAME [UNIVERSE] [here]",
        examples: "leaderboard Connect4",
        about: "A game's players by rating + top burst, as text and a picture: the top ten ranked, at most ten rows, always with you (if you played), Random and the game's standard player, ⋮ for rows left out; buttons to show a player, play them (friends, non-humans, your personas) or send a friend request. `here` keeps only the players of this community (of this channel where there is no community). ? marks a provisional rating (too few matches to be sure of it).",
        acts: Acts::Persona,
        place: Where::Anywhere,
        may: May::Anyone,
    },
    Command {
        name: "persona",
        usage: "persona create NAME [UNIVERSE] | persona list | persona use [NAME [UNIVERSE]]",
        examples: "persona create ann-oz Oz | persona list | persona use ann-oz",
        about: "Personas are copies of you with stats of their own, each in one universe for good (Public Universe unless you name a new universe, or one where you already have a persona); a Creator may create 3. `use NAME` makes your challenges, moves, leaderboards and stats that persona's, in its universe; `use` alone makes them yours again. Players meet only within one universe; a friend invited to another universe plays there as a persona of the same name, made for them.",
        acts: Acts::Person,
        place: Where::Anywhere,
        may: May::Anyone,
    },
    Command {
        name: "clock",
        usage: "clock stop [#MATCH]",
        examples: "clock stop #12",
        about: "For Trainers and Admins: stops the clock of a match where every other player is a non-human or one of your personas. The match then has no time limit and does not change ratings.",
        acts: Acts::Person,
        place: Where::Anywhere,
        may: May::Anyone,
    },
    Command {
        name: "stats",
        usage: "stats [PLAYER] [GAME]",
        examples: "stats ann Connect4",
        about: "Shows a player's stats (yours without a name) per game and form of augmentation, most recently played first: Last Match, Matches, Rating, Top Burst, Win %, Draw % and Decision (sec), with an All games row on top when there are several games.\n\n\
            A rating is 100 × (skill − 3 × doubt), the skill that results have shown beyond doubt: every player starts at 0, and each match shrinks the doubt, which lifts the rating, so early ratings swing widely, below 0 too. \
            ? marks a provisional rating, one still too unsure to compare (about the first 7 to 12 matches of two players, fewer with more players). \
            ★ marks a rating within its own doubt (100 × σ points) of the best rating in that game that is not provisional; a provisional rating or one of 0 or below never has it. \
            Top Burst is the largest rise of the rating in one match. Ratings belong to one game each, so the All games row has none: it adds up the matches, and its Win % and Draw % are of all of them.",
        acts: Acts::Persona,
        place: Where::Anywhere,
        may: May::Anyone,
    },
    Command {
        name: "history",
        usage: "history [PLAYER] [GAME...]",
        examples: "history ann Connect4",
        about: "Draws a player's rating over time as a chart, one line per game named (every game they played when none is named): one step per rated match, with dates where days begin; hollow dots are provisional ratings.",
        acts: Acts::Persona,
        place: Where::Anywhere,
        may: May::Anyone,
    },
    Command {
        name: "analyze",
        usage: "analyze GAME",
        examples: "analyze StagHunt",
        about: "Solves a game with sealed rounds (players plan at once, e.g. StagHunt): each seat's equilibrium plans with their probabilities, what the game is worth to each, how far the equilibrium found is from exact (its exploitability, also as a share of the payoff range), and how the standard player plays it.",
        acts: Acts::Person,
        place: Where::Anywhere,
        may: May::Anyone,
    },
    Command {
        name: "favoritism",
        usage: "favoritism [PLAYER] [GAME]",
        examples: "favoritism ann Connect4",
        about: "Shows, for each player someone met in a game (yours without a name), how their results together compare with what the ratings expected, and who owes whom favours.\n\n\
            Before each match the ratings give each side a chance to win and a chance of a draw (two equal players: 45%, 45% and 10%). Over the last 10 matches of the two (fewer if they met less), a row compares what happened with those chances, in points of percentage:\n\
            - win boost: how much more often the player won than expected (60% won where 45% was expected: +15%); below 0, less often;\n\
            - draw boost: the same for draws;\n\
            - kick back: the same for the other player's wins, so -37% means the other won 37 percentage points less often than expected;\n\
            - preference = 2 × win boost + draw boost: above 0, the player does better against that one than the ratings expect, below 0 worse;\n\
            - relative rating: how much higher (+) or lower (-) the other's rating is, as a share of the player's; given only when both ratings are above 0, since a share of 0 or of a negative rating means nothing;\n\
            - favours owed, over every match of the two: a player who loses gives up the chances it had, a favour to the winner; who owes whom is the difference, 1 being one match's worth, and owing more than 1 is \"in default\".\n\
            A player on both sides (Random against Random) meets itself both ways round, so its boosts even out.",
        acts: Acts::Persona,
        place: Where::Anywhere,
        may: May::Anyone,
    },
];

/// A command by name (any case).
pub fn find(name: &str) -> Option<&'static Command> {
    COMMANDS.iter().find(|c| c.name.eq_ignore_ascii_case(name))
}

/// Every command's name, in order.
pub fn names() -> impl Iterator<Item = &'static str> {
    COMMANDS.iter().map(|c| c.name)
}

#[cfg(test)]
mod tests {
    use super::COMMANDS;

    #[test]
    fn every_form_has_an_example_of_that_form() {
        for command in COMMANDS {
            let forms = command.usage.split(" | ").count();
            assert_eq!(
                command.examples.split(" | ").count(),
                forms,
                "{}: one example per form",
                command.name
            );
            for (usage, example) in command.forms() {
                let mut usage = usage.split_whitespace();
                let mut example = example.split_whitespace();
                assert_eq!(usage.next(), example.next(), "{}", command.name);
                // A subcommand is written as it is.
                if let Some(sub) = usage
                    .next()
                    .filter(|w| w.chars().all(|c| c.is_ascii_lowercase()))
                {
                    assert_eq!(Some(sub), example.next(), "{}", command.name);
                }
            }
        }
    }
}
