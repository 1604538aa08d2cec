//! The words after a command, read once against the command's forms
//! (`crate::syntax`) into typed values before its function runs: the
//! subcommand, a challenge's number, a match (`#12`), flags, a way to play,
//! a clock, names, phrases (a universe, a move) and lists of names. Words
//! that fit no form are refused here, as what was typed, with the form's
//! syntax and an example of it; `written` adds the same to a command's own
//! refusals of what was typed.
//!
//! The order is as loose as the forms allow: the names a form begins with
//! (`challenge GAME`) come first, as typed; after them a match (`#12`), a
//! number, a flag (`unrated`), a way to play (`alone`) or a clock (`3d`)
//! may stand anywhere, and every other word fills the names in order, the
//! last taking several words where it may (`OPPONENT...`, a universe, a
//! move).

use redscience_storage::{Augmentation, MatchClock, Player, SavedRuleSet};

use crate::clock_words::{CLOCK_WORDS, clock_word};
use crate::context::{Ctx, Refusal, mistyped, sentence};
use crate::named_players::{self, Named};
use crate::spec::Command;
use crate::syntax::{self, Arg, ArgKind, Form};
use crate::turn_words::TurnWords;
use crate::words::or_list;

/// A match as named: `#12`, or a choice's `#12@7` (the position it was
/// offered for).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MatchRef {
    pub id: i64,
    pub offered_at: Option<usize>,
}

/// One argument's value.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Value {
    /// One word, or a phrase of several (a universe, a move) joined by spaces.
    Text(String),
    /// Several words, each a value of its own (`OPPONENT...`).
    Words(Vec<String>),
    /// A challenge's number.
    Number(i64),
    Match(MatchRef),
    /// A flag that was given (`unrated`).
    Flag,
    /// A way to play (`alone`, `reviewing`, `delegating`).
    Mode(Augmentation),
    Clock(MatchClock),
    /// A saved game, found by the name typed (see `find_games`).
    Game(Box<SavedRuleSet>),
    Games(Vec<SavedRuleSet>),
    /// A player, found by the name typed (see `find_named`).
    Player(Box<Player>),
    /// A challenge's opponents, each found.
    Opponents(Vec<Named>),
    /// A turn (`TEXT` of `move` and `plan`), read for any game.
    Turn(TurnWords),
}

/// The words after a command, read.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Args {
    command: &'static Command,
    form: usize,
    sub: Option<String>,
    values: Vec<(String, Value)>,
}

/// Words that fit none of a command's forms: the refusal, the form they
/// were read against, when one was chosen (by its subcommand), and where
/// only an argument was missing, what was read (for a better example).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Misread {
    pub form: Option<usize>,
    pub refusal: Refusal,
    pub partial: Option<Box<Args>>,
}

impl Args {
    /// The command's own name.
    pub fn command(&self) -> &'static str {
        self.command.name
    }

    /// Which of the command's forms the words were read as.
    pub fn form(&self) -> usize {
        self.form
    }

    /// The subcommand (`add` in `friend add bob`), as the form spells it.
    pub fn sub(&self) -> Option<&str> {
        self.sub.as_deref()
    }

    /// Whether nothing but the subcommand was given.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    fn value(&self, name: &str) -> Option<&Value> {
        self.values
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, value)| value)
    }

    /// A name or phrase (`game`, `player`, `universe`, `text`); several
    /// words given for a list are joined by spaces.
    pub fn text(&self, name: &str) -> Option<&str> {
        match self.value(name)? {
            Value::Text(text) => Some(text),
            _ => None,
        }
    }

    /// The turn typed (`move TEXT`, `plan TEXT`).
    pub fn turn(&self) -> Option<&TurnWords> {
        match self.value("text")? {
            Value::Turn(turn) => Some(turn),
            _ => None,
        }
    }

    /// A challenge's number (`id`).
    pub fn number(&self, name: &str) -> Option<i64> {
        match self.value(name)? {
            Value::Number(n) => Some(*n),
            _ => None,
        }
    }

    /// The match named with `#`.
    pub fn match_ref(&self) -> Option<MatchRef> {
        self.values.iter().find_map(|(_, value)| match value {
            Value::Match(m) => Some(*m),
            _ => None,
        })
    }

    /// The number of the match named with `#`.
    pub fn match_id(&self) -> Option<i64> {
        self.match_ref().map(|m| m.id)
    }

    /// Whether a flag (`unrated`, `here`, `all`) was given.
    pub fn flag(&self, name: &str) -> bool {
        matches!(self.value(name), Some(Value::Flag))
    }

    /// The way to play named (`alone`, `reviewing`, `delegating`).
    pub fn mode(&self) -> Option<Augmentation> {
        self.values.iter().find_map(|(_, value)| match value {
            Value::Mode(a) => Some(*a),
            _ => None,
        })
    }

    /// The clock named (`live`, `1h` ... `7d`).
    pub fn clock(&self) -> Option<MatchClock> {
        self.values.iter().find_map(|(_, value)| match value {
            Value::Clock(c) => Some(*c),
            _ => None,
        })
    }

    /// The saved game named (`GAME`, `game show NAME`), found before the
    /// command ran.
    pub fn game(&self) -> Option<&SavedRuleSet> {
        self.values.iter().find_map(|(_, value)| match value {
            Value::Game(saved) => Some(&**saved),
            _ => None,
        })
    }

    /// The saved game a command needs (`GAME`), found before it ran.
    pub fn saved_game(&self) -> Result<&SavedRuleSet, Refusal> {
        self.game()
            .ok_or_else(|| Refusal::input("Which game? Give its name; `game list` lists them."))
    }

    /// The saved games named (`GAME...`), found before the command ran.
    pub fn games(&self) -> &[SavedRuleSet] {
        self.values
            .iter()
            .find_map(|(_, value)| match value {
                Value::Games(games) => Some(games.as_slice()),
                _ => None,
            })
            .unwrap_or_default()
    }

    /// The player named (`PLAYER`, `friend add NAME`), found before the
    /// command ran; `None` when nobody was named.
    pub fn player(&self) -> Option<&Player> {
        self.values.iter().find_map(|(_, value)| match value {
            Value::Player(p) => Some(&**p),
            _ => None,
        })
    }

    /// A challenge's opponents (`OPPONENT...`), each found before the
    /// command ran.
    pub fn opponents(&self) -> &[Named] {
        self.values
            .iter()
            .find_map(|(_, value)| match value {
                Value::Opponents(seats) => Some(seats.as_slice()),
                _ => None,
            })
            .unwrap_or_default()
    }
}

/// A way to play, by its word (any case).
pub(crate) fn augmentation(word: &str) -> Option<Augmentation> {
    match word.to_ascii_lowercase().as_str() {
        "alone" => Some(Augmentation::Alone),
        "reviewing" => Some(Augmentation::Reviewing),
        "delegating" => Some(Augmentation::Delegating),
        _ => None,
    }
}

/// Other words for a subcommand: `friend decline` is `friend remove`.
const ALIASES: &[(&str, &str, &str)] = &[
    ("friend", "decline", "remove"),
    ("friend", "revoke", "unban"),
];

/// The subcommand a command means with no words: `persona` lists.
const DEFAULTS: &[(&str, &str)] = &[("persona", "list")];

/// Reads the words after `command` (as `words::split` gives them).
pub(crate) fn read(command: &'static Command, words: &[String]) -> Result<Args, Misread> {
    let shape = syntax::shape(command);
    let words: Vec<&str> = words
        .iter()
        .map(String::as_str)
        .filter(|w| !w.trim().is_empty())
        .collect();
    let name = command.name;
    let (form, rest) = if shape.forms.iter().any(|f| f.sub.is_some()) {
        let asked = match words.first() {
            Some(first) => first.to_ascii_lowercase(),
            None => match DEFAULTS.iter().find(|(c, _)| *c == name) {
                Some((_, sub)) => sub.to_string(),
                None => {
                    return Err(Misread {
                        form: None,
                        refusal: mistyped!("What should `{name}` do?"),
                        partial: None,
                    });
                }
            },
        };
        let sub = ALIASES
            .iter()
            .find(|(c, alias, _)| *c == name && *alias == asked)
            .map_or(asked.as_str(), |(_, _, sub)| sub);
        match shape
            .forms
            .iter()
            .position(|f| f.sub.as_deref() == Some(sub))
        {
            Some(i) => (i, words.get(1..).unwrap_or_default()),
            None => {
                return Err(Misread {
                    form: None,
                    refusal: mistyped!("\"{asked}\" is not something `{name}` does."),
                    partial: None,
                });
            }
        }
    } else {
        (0, &words[..])
    };
    let chosen = &shape.forms[form];
    let values = read_form(name, chosen, rest).map_err(|refusal| Misread {
        form: Some(form),
        refusal,
        partial: None,
    })?;
    let missing = chosen
        .args
        .iter()
        .zip(&values)
        .find(|(arg, value)| arg.required && arg.kind != ArgKind::File && value.is_none())
        .map(|(arg, _)| missing(name, arg));
    let args = Args {
        command,
        form,
        sub: chosen.sub.clone(),
        values: chosen
            .args
            .iter()
            .zip(values)
            .filter_map(|(arg, value)| value.map(|v| (arg.name.clone(), v)))
            .collect(),
    };
    match missing {
        Some(question) => Err(Misread {
            form: Some(form),
            refusal: Refusal::input(question),
            partial: Some(Box::new(args)),
        }),
        None => Ok(args),
    }
}

/// Whether an argument takes several words: a list (`OPPONENT...`) or a
/// phrase (a universe, a move, a friend's display name).
fn several(arg: &Arg) -> bool {
    matches!(arg.kind, ArgKind::Text { many: true, .. }) || phrase(arg)
}

/// Whether an argument is one value of several words joined by spaces.
fn phrase(arg: &Arg) -> bool {
    match &arg.kind {
        ArgKind::Text {
            many: false,
            suggest,
        } => {
            matches!(arg.name.as_str(), "universe" | "text")
                || (arg.name == "name" && *suggest == Some(syntax::Suggest::Player))
        }
        _ => false,
    }
}

fn is_text(arg: &Arg) -> bool {
    matches!(arg.kind, ArgKind::Text { .. })
}

/// What a word is, where it is not a name: a match, a number, a flag, a way
/// to play or a clock (or a refusal of it as one). `None` for a name.
fn option(form: &Form, names_left: bool, word: &str) -> Option<Result<(usize, Value), Refusal>> {
    let lower = word.to_ascii_lowercase();
    for (i, arg) in form.args.iter().enumerate() {
        match &arg.kind {
            ArgKind::Number { hash: true } => {
                let digits = word.strip_prefix('#').or_else(|| {
                    // A bare number is a match where no name could take it.
                    (!names_left && word.chars().all(|c| c.is_ascii_digit())).then_some(word)
                });
                if let Some(number) = digits {
                    return Some(match_ref(number).map(|m| (i, Value::Match(m))));
                }
            }
            ArgKind::Number { hash: false } => {
                if let Ok(n) = word.trim_start_matches('#').parse::<i64>() {
                    return Some(Ok((i, Value::Number(n))));
                }
            }
            ArgKind::Flag(flag) if *flag == lower => return Some(Ok((i, Value::Flag))),
            ArgKind::OneOf(_) if arg.name == "clock" => {
                if let Some(clock) = clock_word(word) {
                    return Some(clock.map(|c| (i, Value::Clock(c))).map_err(Refusal::input));
                }
            }
            ArgKind::OneOf(words) if words.contains(&lower) => {
                return Some(Ok((
                    i,
                    match augmentation(&lower) {
                        Some(a) => Value::Mode(a),
                        None => Value::Text(lower),
                    },
                )));
            }
            _ => {}
        }
    }
    None
}

/// `12` or `12@7` (after the `#`).
fn match_ref(number: &str) -> Result<MatchRef, Refusal> {
    let (id, at) = match number.split_once('@') {
        Some((id, at)) => (id, at.parse::<usize>().ok()),
        None => (number, None),
    };
    match id.parse::<i64>() {
        Ok(id) => Ok(MatchRef { id, offered_at: at }),
        Err(_) => Err(mistyped!("\"#{number}\" is not a match number.")),
    }
}

/// The values of one form's arguments, in order, from the words after the
/// command (and its subcommand).
fn read_form(command: &str, form: &Form, words: &[&str]) -> Result<Vec<Option<Value>>, Refusal> {
    let args = &form.args;
    let mut values: Vec<Option<Value>> = vec![None; args.len()];
    // The word each option was given by, for a refusal of two.
    let mut given: Vec<Option<&str>> = vec![None; args.len()];
    // The names in order, and how many the form begins with: those take
    // the first words as typed.
    let names: Vec<usize> = (0..args.len()).filter(|&i| is_text(&args[i])).collect();
    let leading = args
        .iter()
        .take_while(|a| is_text(a) && a.required && !several(a))
        .count();
    let mut next_name = 0;
    let mut open: Option<usize> = None;
    let mut left_over: Vec<&str> = Vec::new();
    for &word in words {
        if next_name < leading {
            values[names[next_name]] = Some(Value::Text(word.to_string()));
            next_name += 1;
            continue;
        }
        let names_left = open.is_some() || next_name < names.len();
        if let Some(found) = option(form, names_left, word) {
            let (i, value) = found?;
            if let (Some(earlier), Some(first)) = (&values[i], given[i])
                && *earlier != value
            {
                return Err(twice(&args[i], first, word));
            }
            values[i] = Some(value);
            given[i] = Some(word);
            continue;
        }
        if let Some(i) = open {
            match &mut values[i] {
                Some(Value::Words(list)) => list.push(word.to_string()),
                Some(Value::Text(text)) => {
                    text.push(' ');
                    text.push_str(word);
                }
                _ => {}
            }
            continue;
        }
        let Some(&i) = names.get(next_name) else {
            left_over.push(word);
            continue;
        };
        next_name += 1;
        let arg = &args[i];
        values[i] = Some(if matches!(arg.kind, ArgKind::Text { many: true, .. }) {
            Value::Words(vec![word.to_string()])
        } else {
            Value::Text(word.to_string())
        });
        if several(arg) {
            open = Some(i);
        }
    }
    if !left_over.is_empty() {
        return Err(too_many(command, form, &values, &left_over));
    }
    // `TEXT` is a turn wherever it is given (`move`, `plan`).
    for (arg, value) in args.iter().zip(values.iter_mut()) {
        if let (true, Some(Value::Text(text))) = (arg.name == "text", &value) {
            *value = Some(Value::Turn(TurnWords::read(text)));
        }
    }
    Ok(values)
}

/// Two words for one option (`1d 3d`, `alone reviewing`).
fn twice(arg: &Arg, earlier: &str, word: &str) -> Refusal {
    let what = match arg.name.as_str() {
        "clock" => "clocks",
        "mode" => "ways to play",
        "match" => "matches",
        _ => "numbers",
    };
    mistyped!("\"{earlier}\" and \"{word}\" are both {what}; name one.")
}

/// The question a missing argument asks.
fn missing(command: &str, arg: &Arg) -> String {
    match (command, arg.name.as_str(), &arg.kind) {
        (_, "game" | "old", _)
        | (
            _,
            _,
            ArgKind::Text {
                suggest: Some(syntax::Suggest::Game),
                ..
            },
        ) => "Which game? Give its name; `game list` lists them.".to_string(),
        ("persona", "name", _) => format!(
            "Name the persona. Without a universe it plays in {}.",
            redscience_storage::PUBLIC_UNIVERSE
        ),
        ("friend", "name", _) => "Whose name?".to_string(),
        ("plan", "text", _) => "What is your plan?".to_string(),
        (_, "text", _) => "What is your move?".to_string(),
        (_, "new", _) => "What is the new name?".to_string(),
        _ => format!("{} is missing.", arg.about()),
    }
}

/// Words left over when every argument that could take them has a value.
fn too_many(command: &str, form: &Form, values: &[Option<Value>], left: &[&str]) -> Refusal {
    let whole = match &form.sub {
        Some(sub) => format!("{command} {sub}"),
        None => command.to_string(),
    };
    if form.args.iter().all(|a| a.kind == ArgKind::File) {
        return mistyped!("`{whole}` takes nothing after it.");
    }
    // What the first word left over could have been.
    let open: Vec<String> = form
        .args
        .iter()
        .zip(values)
        .filter(|(_, v)| v.is_none())
        .filter_map(|(arg, _)| match &arg.kind {
            ArgKind::Number { hash: true } => Some("a match number like `#12`".to_string()),
            ArgKind::Number { hash: false } => Some("a challenge number".to_string()),
            ArgKind::Flag(word) => Some(format!("`{word}`")),
            ArgKind::OneOf(_) if arg.name == "clock" => Some(format!("a clock ({CLOCK_WORDS})")),
            ArgKind::OneOf(words) => Some(format!(
                "a way to play ({})",
                or_list(&words.iter().map(|w| w.to_string()).collect::<Vec<_>>())
            )),
            _ => None,
        })
        .collect();
    let words = left.join(" ");
    if !open.is_empty() {
        return mistyped!("\"{}\" is not {}.", left[0], or_list(&open));
    }
    // Every name has its word by now (a list or phrase would have taken
    // the words left): say which names the form takes.
    let names: Vec<String> = form
        .args
        .iter()
        .filter(|a| is_text(a))
        .map(|a| format!("one {}", a.name.to_uppercase()))
        .collect();
    if names.is_empty() {
        return mistyped!("\"{words}\" is more than `{whole}` takes.");
    }
    mistyped!(
        "`{whole}` takes {}; \"{words}\" is more. A name of several words goes in quotes: \"Two Words\".",
        names.join(" and ")
    )
}

/// Whether an argument names a saved game, found before the command runs:
/// `GAME` and the games `game show` and `game export` name. (`game copy`
/// and `game rename` look theirs up after checking who asks; `game import`
/// names a new one.)
fn names_saved_game(sub: Option<&str>, arg_name: &str) -> bool {
    arg_name == "game" || (matches!(sub, Some("show" | "export")) && arg_name == "name")
}

/// What the arguments name, found: the saved games first, then the
/// players (a machine needs its game). A name that is nothing is refused
/// as what was typed.
pub(crate) async fn find_named(ctx: &Ctx<'_>, args: Args) -> Result<Args, Refusal> {
    let args = find_games(ctx, args).await?;
    find_players(ctx, args).await
}

/// The players the arguments name (`crate::named_players`).
async fn find_players(ctx: &Ctx<'_>, mut args: Args) -> Result<Args, Refusal> {
    let command = args.command();
    let game = args.game().or(args.games().first()).cloned();
    let shape = syntax::shape(args.command);
    let players: Vec<&str> = shape.forms[args.form]
        .args
        .iter()
        .filter(|arg| {
            matches!(
                arg.kind,
                ArgKind::Text {
                    suggest: Some(syntax::Suggest::Player),
                    ..
                }
            )
        })
        .map(|arg| arg.name.as_str())
        .collect();
    for (name, value) in &mut args.values {
        if !players.contains(&name.as_str()) {
            continue;
        }
        match value {
            Value::Text(typed) => {
                let found = named_players::find(ctx, command, typed, game.as_ref()).await?;
                if let Named::Player(p) = found {
                    *value = Value::Player(p);
                }
            }
            Value::Words(typed) => {
                let Some(game) = &game else { continue };
                *value = Value::Opponents(named_players::opponents(ctx, typed, game).await?);
            }
            _ => {}
        }
    }
    Ok(args)
}

/// The saved games the arguments name, found by name (any case); a name
/// that is no game is refused as what was typed.
async fn find_games(ctx: &Ctx<'_>, mut args: Args) -> Result<Args, Refusal> {
    let sub = args.sub.clone();
    for (name, value) in &mut args.values {
        if !names_saved_game(sub.as_deref(), name) {
            continue;
        }
        match value {
            Value::Text(typed) => {
                let saved = crate::saved_games::find(ctx, typed).await?;
                *value = Value::Game(Box::new(saved));
            }
            Value::Words(typed) => {
                let mut games = Vec::new();
                for name in typed.iter() {
                    games.push(crate::saved_games::find(ctx, name).await?);
                }
                *value = Value::Games(games);
            }
            _ => {}
        }
    }
    Ok(args)
}

/// A refusal as the person sees it: one of what was typed gets the
/// command's syntax (of the form read, else of every form) and an example
/// (the refusal's own, else the form's); one by the state of things is
/// left as it is.
pub(crate) fn written(command: &Command, form: Option<usize>, refusal: Refusal) -> Refusal {
    let Refusal::Input { text, example } = refusal else {
        return refusal;
    };
    let all: Vec<(&str, &str)> = command.forms().collect();
    let shown: Vec<(&str, &str)> = match form.and_then(|i| all.get(i)) {
        Some(one) => vec![*one],
        None => all,
    };
    let usages: Vec<String> = shown
        .iter()
        .map(|(usage, _)| format!("`{usage}`"))
        .collect();
    // A form that is all words (`game list`) is its own example: the
    // first form with something to fill in gives it.
    let example = example.or_else(|| {
        shown
            .iter()
            .find(|(usage, example)| usage != example)
            .map(|(_, example)| example.to_string())
    });
    let example = example.map_or(String::new(), |e| format!(", e.g. `{e}`"));
    Refusal::input(format!(
        "{} Write it as {}{example}.",
        sentence(&text),
        or_list(&usages)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{self, COMMANDS};

    fn command_of(line: &str) -> &'static Command {
        let words = crate::words::split(line);
        spec::find(&words[0]).expect("a command")
    }

    fn read_line(line: &str) -> Result<Args, Misread> {
        let words = crate::words::split(line);
        read(command_of(line), &words[1..])
    }

    /// A line as read, in short ("sub=add name=bob"), or its refusal as
    /// the person sees it.
    fn shown(line: &str) -> String {
        match read_line(line) {
            Ok(args) => {
                let mut parts: Vec<String> =
                    args.sub().map(|s| format!("sub={s}")).into_iter().collect();
                for (name, value) in &args.values {
                    let value = match value {
                        Value::Text(text) => text.clone(),
                        Value::Words(words) => words.join(","),
                        Value::Number(n) => n.to_string(),
                        Value::Match(MatchRef { id, offered_at }) => match offered_at {
                            Some(at) => format!("#{id}@{at}"),
                            None => format!("#{id}"),
                        },
                        Value::Flag => "yes".to_string(),
                        Value::Mode(a) => format!("{a:?}"),
                        Value::Clock(c) => format!("{c:?}"),
                        Value::Game(g) => g.name.clone(),
                        Value::Games(g) => g
                            .iter()
                            .map(|g| g.name.as_str())
                            .collect::<Vec<_>>()
                            .join(","),
                        Value::Player(p) => p.name.clone(),
                        Value::Opponents(seats) => format!("{} seats", seats.len()),
                        Value::Turn(turn) => turn.typed().to_string(),
                    };
                    parts.push(format!("{name}={value}"));
                }
                parts.join(" ")
            }
            Err(misread) => format!(
                "refused: {}",
                written(command_of(line), misread.form, misread.refusal).text()
            ),
        }
    }

    #[test]
    fn lines_are_read_into_values_or_refused_with_their_own_syntax() {
        let table = [
            (
                "challenge Connect4 Ann Random alone 3d unrated",
                "game=Connect4 opponent=Ann,Random mode=Alone clock=Correspondence(259200) unrated=yes",
            ),
            // Options in any order after the game; the game as typed.
            (
                "challenge Connect4 UNRATED live Random delegating",
                "game=Connect4 opponent=Random mode=Delegating clock=Live unrated=yes",
            ),
            ("challenge 3d", "game=3d"),
            ("challenge \"My Game\" open", "game=My Game opponent=open"),
            (
                "challenge Connect4 Random 2d",
                "refused: \"2d\" is not a clock: name one of live, 1h, 12h, 1d, 3d or 7d (time per move). \
                 Nothing was done. Write it as `challenge GAME [OPPONENT...] [alone|reviewing|delegating] \
                 [live|1h|12h|1d|3d|7d] [unrated]`, e.g. `challenge Tic-Tac-Toe Random`.",
            ),
            (
                "challenge Connect4 1d Random 3d",
                "refused: \"1d\" and \"3d\" are both clocks; name one. Write it as `challenge GAME \
                 [OPPONENT...] [alone|reviewing|delegating] [live|1h|12h|1d|3d|7d] [unrated]`, e.g. \
                 `challenge Tic-Tac-Toe Random`.",
            ),
            (
                "challenge",
                "refused: Which game? Give its name; `game list` lists them. Write it as `challenge GAME \
                 [OPPONENT...] [alone|reviewing|delegating] [live|1h|12h|1d|3d|7d] [unrated]`, e.g. \
                 `challenge Tic-Tac-Toe Random`.",
            ),
            ("accept 3 reviewing", "id=3 mode=Reviewing"),
            ("accept Alone #3", "id=3 mode=Alone"),
            ("accept", ""),
            (
                "accept x",
                "refused: \"x\" is not a challenge number or a way to play (alone, reviewing or \
                 delegating). Write it as `accept [ID] [alone|reviewing|delegating]`, e.g. `accept 3`.",
            ),
            ("decline all", "all=yes"),
            ("decline 99", "id=99"),
            ("cancel", ""),
            ("move #12@7 pentagon 2,3", "match=#12@7 text=pentagon 2,3"),
            ("move 4", "text=4"),
            ("move 1 1", "text=1 1"),
            (
                "move",
                "refused: What is your move? Write it as `move [#MATCH] TEXT`, e.g. `move 2,2`.",
            ),
            (
                "plan #3",
                "refused: What is your plan? Write it as `plan [#MATCH] TEXT`, e.g. `plan #12 2,2`.",
            ),
            ("pass", ""),
            ("board 12", "match=#12"),
            ("board #12", "match=#12"),
            (
                "board #x",
                "refused: \"#x\" is not a match number. Write it as `board [#MATCH]`, e.g. `board #12`.",
            ),
            (
                "resign 3 4",
                "refused: \"3\" and \"4\" are both matches; name one. Write it as `resign [#MATCH]`, \
                 e.g. `resign #12`.",
            ),
            ("stats sp Connect4", "player=sp game=Connect4"),
            ("stats \"Connect4 SP\"", "player=Connect4 SP"),
            (
                "stats a b c d",
                "refused: `stats` takes one PLAYER and one GAME; \"c d\" is more. A name of several \
                 words goes in quotes: \"Two Words\". Write it as `stats [PLAYER] [GAME]`, e.g. \
                 `stats ann Connect4`.",
            ),
            ("history ann A B", "player=ann game=A,B"),
            (
                "leaderboard Connect4 Middle Earth here",
                "game=Connect4 universe=Middle Earth here=yes",
            ),
            ("leaderboard Connect4 here", "game=Connect4 here=yes"),
            ("persona", "sub=list"),
            (
                "persona use ann-oz Public Universe",
                "sub=use name=ann-oz universe=Public Universe",
            ),
            ("persona USE", "sub=use"),
            (
                "persona create",
                "refused: Name the persona. Without a universe it plays in Public Universe. Write it \
                 as `persona create NAME [UNIVERSE]`, e.g. `persona create ann-oz Oz`.",
            ),
            ("friend decline bob", "sub=remove name=bob"),
            ("friend add Ann Lee", "sub=add name=Ann Lee"),
            ("friend list", "sub=list"),
            (
                "friend hug bob",
                "refused: \"hug\" is not something `friend` does. Write it as `friend add NAME`, \
                 `friend accept NAME`, `friend remove NAME`, `friend ban NAME`, `friend unban NAME` or \
                 `friend list`, e.g. `friend add bob`.",
            ),
            (
                "friend ban",
                "refused: Whose name? Write it as `friend ban NAME`, e.g. `friend ban bob`.",
            ),
            ("game rename Old New", "sub=rename old=Old new=New"),
            ("game import My-Game", "sub=import name=My-Game"),
            ("game show \"My Game\"", "sub=show name=My Game"),
            (
                "game frobnicate",
                "refused: \"frobnicate\" is not something `game` does. Write it as `game list`, \
                 `game show NAME`, `game export NAME`, `game create`, `game copy NAME`, `game import \
                 [NAME] (with a JSON file)` or `game rename OLD NEW`, e.g. `game show Connect4`.",
            ),
            (
                "game list all",
                "refused: `game list` takes nothing after it. Write it as `game list`.",
            ),
            (
                "games now",
                "refused: `games` takes nothing after it. Write it as `games`.",
            ),
            ("clock stop #3", "sub=stop match=#3"),
            (
                "clock",
                "refused: What should `clock` do? Write it as `clock stop [#MATCH]`, e.g. `clock stop #12`.",
            ),
            ("help challenge", "command=challenge"),
            (
                "analyze",
                "refused: Which game? Give its name; `game list` lists them. Write it as `analyze GAME`, \
                 e.g. `analyze StagHunt`.",
            ),
        ];
        let mut wrong = Vec::new();
        for (line, expected) in table {
            let expected = expected.split_whitespace().collect::<Vec<_>>().join(" ");
            let got = shown(line);
            if got.split_whitespace().collect::<Vec<_>>().join(" ") != expected {
                wrong.push(format!("{line}\n  expected: {expected}\n  got:      {got}"));
            }
        }
        assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
    }

    #[test]
    fn every_example_reads_as_its_own_form() {
        for command in COMMANDS {
            for (i, (usage, example)) in command.forms().enumerate() {
                match read_line(example) {
                    Ok(args) => assert_eq!(args.form(), i, "{example} is not {usage}"),
                    Err(misread) => panic!("{example}: {:?}", misread.refusal),
                }
            }
        }
    }

    /// A list or a phrase takes every word after it that is no option,
    /// so nothing but options may follow it in a form.
    #[test]
    fn lists_and_phrases_are_the_last_names_of_their_forms() {
        for shape in syntax::commands() {
            for form in &shape.forms {
                let names: Vec<&Arg> = form.args.iter().filter(|a| is_text(a)).collect();
                for arg in names.iter().rev().skip(1) {
                    assert!(!several(arg), "{}: {} is not last", form.usage, arg.name);
                }
            }
        }
    }
}
