//! A player as people name one in a command, found in one place for every
//! command that names players, before the command runs: `challenge`'s
//! opponents, `friend`, `stats`, `history`, `favoritism` and `creations`.
//!
//! A word names, in this order: an open seat (`open`, in a challenge); a
//! machine (`sp`, `ai`, `easy`, `medium`, `hard`, `random`, any case, with
//! or without a star, or after the game's name: `"Connect4 SP"`); a chat
//! account (a Discord mention `<@123>`, a Matrix id `@ann:example.org`,
//! made a player if the bot never heard from them); a name in the asker's
//! universe (`@` before it allowed), or a display name with spaces as it
//! is stored (`Ann Lee` is `Ann-Lee`). What is refused, and how, depends
//! on what the command names players for ([`Purpose`]).

use redscience_storage::{Kind, Player, SavedRuleSet, SystemPlayer};

use crate::context::{Ctx, Refusal, mistyped, said};
use crate::machines::{self, Machine};

/// A player named, or an open seat (`challenge GAME open`).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Named {
    Player(Box<Player>),
    Open,
}

/// What a command names players for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Purpose {
    /// A seat of a challenge: a machine of its game, a person (of another
    /// universe too, through a persona), or `open`.
    Opponent,
    /// A friend request, answer or ban: a person, one name at a time.
    Friend,
    /// Stats, rating history, favoritism: anyone rated, machines with the
    /// game named after them.
    Rated,
    /// Whose creations: a player of the asker's universe.
    Creator,
}

impl Purpose {
    /// What the command named `command` names players for, if it does.
    pub(crate) fn of(command: &str) -> Option<Purpose> {
        Some(match command {
            "challenge" => Purpose::Opponent,
            "friend" => Purpose::Friend,
            "stats" | "history" | "favoritism" => Purpose::Rated,
            "creations" => Purpose::Creator,
            _ => return None,
        })
    }

    fn reads_machines(self) -> bool {
        matches!(self, Purpose::Opponent | Purpose::Rated)
    }

    /// The refusal of Chaos, which is never challenged nor rated.
    fn chaos(self) -> Option<Refusal> {
        match self {
            Purpose::Opponent => Some(Refusal::input(
                "Chaos is not challenged: games with a Chaos seat fill it by themselves.",
            )),
            Purpose::Rated => Some(Refusal::input(
                "Chaos has no stats: it is never rated. Name a person, Random or a standard player.",
            )),
            Purpose::Friend | Purpose::Creator => None,
        }
    }
}

/// The words of a challenge with a machine's name typed in two words
/// (`Connect4 SP`, `*Connect4 easy`) joined into one, then each found.
pub(crate) async fn opponents(
    ctx: &Ctx<'_>,
    words: &[String],
    game: &SavedRuleSet,
) -> Result<Vec<Named>, Refusal> {
    let mut found = Vec::new();
    for word in machines::join_names(words, &game.name) {
        found.push(find(ctx, "challenge", &word, Some(game)).await?);
    }
    Ok(found)
}

/// The player (or open seat) `word` names in the command named `command`
/// (one that names players: [`Purpose::of`]); `game` is the game the
/// command names, which a machine word needs.
pub(crate) async fn find(
    ctx: &Ctx<'_>,
    command: &str,
    word: &str,
    game: Option<&SavedRuleSet>,
) -> Result<Named, Refusal> {
    let purpose = Purpose::of(command).unwrap_or(Purpose::Creator);
    if purpose == Purpose::Opponent && word.eq_ignore_ascii_case("open") {
        return Ok(Named::Open);
    }
    if purpose.reads_machines()
        && let Some(machine) = machines::named(word, game.map_or("", |g| g.name.as_str()))
    {
        return machine_player(ctx, command, word, machine, game)
            .await
            .map(|p| Named::Player(Box::new(p)));
    }
    if let Some(found) = machines::person(ctx, word).await {
        return found.map(|p| Named::Player(Box::new(p)));
    }
    let name = word.trim().trim_start_matches('@');
    let chaos = purpose.chaos();
    if let Some(refusal) = &chaos
        && name.trim_start_matches('*').eq_ignore_ascii_case("chaos")
    {
        return Err(refusal.clone());
    }
    match (stored(ctx, name, purpose).await?, chaos) {
        (Some(p), Some(refusal)) if p.kind == Kind::Chaos => Err(refusal),
        (Some(p), _) => Ok(Named::Player(Box::new(p))),
        // A person of another universe plays a challenge here through a
        // persona of the same name.
        (None, _) if purpose == Purpose::Opponent => crate::identities::beyond_universe(ctx, name)
            .await
            .map(|p| Named::Player(Box::new(p)))
            .map_err(|e| e.map(|e| format!("{e} {}", machines::did_you_mean(name)))),
        (None, _) => Err(not_found(ctx, command, name, purpose)),
    }
}

/// A machine's player for `game`; without a game, only Random is one
/// player, and the others ask for the game.
async fn machine_player(
    ctx: &Ctx<'_>,
    command: &str,
    word: &str,
    machine: Machine,
    game: Option<&SavedRuleSet>,
) -> Result<Player, Refusal> {
    match (machine, game) {
        (Machine::Random, _) => ctx
            .storage()
            .system_player(SystemPlayer::Random)
            .await
            .map_err(said),
        (machine, Some(game)) => machines::player(ctx, machine, game).await,
        (_, None) => Err(mistyped!(
            "\"{word}\" is a machine of each game: name the game after it."
        )
        .with_example(format!("{command} {word} Connect4"))),
    }
}

/// The player stored under `name` in the asker's universe, or under the
/// stored form of a display name; for stats, also a machine by its full
/// name, with or without its star (`"Connect4 SP"`: machines are in every
/// universe).
async fn stored(ctx: &Ctx<'_>, name: &str, purpose: Purpose) -> Result<Option<Player>, Refusal> {
    let storage = ctx.storage();
    let universe = &ctx.player.universe;
    if let Some(p) = storage.player_in(name, universe).await.map_err(said)? {
        return Ok(Some(p));
    }
    if let Some(display) = machines::stored_form(name)
        && let Some(p) = storage.player_in(&display, universe).await.map_err(said)?
    {
        return Ok(Some(p));
    }
    if purpose != Purpose::Rated {
        return Ok(None);
    }
    if name.starts_with('*') {
        return storage.player_named(name).await.map_err(said);
    }
    if name.contains(' ') {
        let machine = storage
            .player_named(&format!("*{name}"))
            .await
            .map_err(said)?;
        return Ok(machine.filter(|p| !matches!(p.kind, Kind::Human | Kind::Persona)));
    }
    Ok(None)
}

/// The refusal of a name that is no one's, saying what is accepted.
fn not_found(ctx: &Ctx<'_>, command: &str, name: &str, purpose: Purpose) -> Refusal {
    let universe = &ctx.player.universe;
    match purpose {
        Purpose::Friend if name.contains(char::is_whitespace) => {
            Refusal::input("One name at a time (names have no spaces).")
        }
        Purpose::Friend => mistyped!("There is no player named \"{name}\" in {universe}."),
        Purpose::Rated => mistyped!(
            "There is no player named \"{name}\" in {universe}. Name a player, `Random`, or nobody for yourself."
        ),
        Purpose::Creator | Purpose::Opponent => mistyped!(
            "There is no player named \"{name}\" in {universe}; without a name, `{command}` lists yours."
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::Purpose;
    use crate::syntax::{self, ArgKind, Suggest};

    #[test]
    fn every_command_that_names_players_says_what_for() {
        for command in crate::spec::COMMANDS {
            let names_players = syntax::shape(command).forms.iter().any(|form| {
                form.args.iter().any(|arg| {
                    matches!(
                        arg.kind,
                        ArgKind::Text {
                            suggest: Some(Suggest::Player),
                            ..
                        }
                    )
                })
            });
            assert_eq!(
                Purpose::of(command.name).is_some(),
                names_players,
                "{}",
                command.name
            );
        }
    }
}
