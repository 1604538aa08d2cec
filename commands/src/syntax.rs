//! The command model: each command's forms and arguments, read from the
//! usage lines that `help` shows. Platforms with structured commands
//! (Discord's slash commands) build theirs from it, so they offer exactly
//! what the console and Matrix accept, and turn the values given back into
//! the same command line.
//!
//! The usage grammar: ` | ` separates forms; a lowercase word first is a
//! subcommand; `UPPER` is a value, `UPPER...` several words; `#MATCH` a
//! match number; `[...]` is optional (it nests); a lowercase word in
//! brackets is a flag (`[unrated]`), words joined by `|` one of them
//! (`[alone|reviewing|delegating]`); `(with a JSON file)` an attachment.

use crate::spec::{COMMANDS, Command};

/// One command: its name, what it does and its forms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandShape {
    pub name: &'static str,
    pub about: &'static str,
    /// One form without a subcommand, or one form per subcommand.
    pub forms: Vec<Form>,
}

/// One way to write a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Form {
    /// The subcommand word, e.g. `list` in `game list`.
    pub sub: Option<String>,
    /// The form as `help` writes it, e.g. `game show NAME`.
    pub usage: String,
    pub args: Vec<Arg>,
}

/// One argument of a form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arg {
    /// Lowercase, e.g. `game`, `match`, `mode`.
    pub name: String,
    pub kind: ArgKind,
    pub required: bool,
}

/// What an argument holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgKind {
    /// Text; `many` when it is several words (`OPPONENT...`).
    Text {
        suggest: Option<Suggest>,
        many: bool,
    },
    /// A whole number; `hash` when it is written `#12` (a match).
    Number { hash: bool },
    /// A word that is there or not, e.g. `unrated`.
    Flag(String),
    /// One word of several, e.g. `alone`, `reviewing`, `delegating`.
    OneOf(Vec<String>),
    /// A file sent with the command.
    File,
}

/// What a text argument names, for suggestions as a person types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Suggest {
    Game,
    Player,
    Command,
    Universe,
}

/// A value a person gave for an argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Given {
    Text(String),
    Number(i64),
    Bool(bool),
}

impl Arg {
    /// A short description of the argument (at most 100 characters).
    pub fn about(&self) -> String {
        match (&self.kind, self.name.as_str()) {
            (ArgKind::Number { hash: true }, _) => {
                "The match number (needed only when you play several)".into()
            }
            (ArgKind::Number { hash: false }, _) => "The challenge number".into(),
            (ArgKind::Flag(word), _) => format!("Add `{word}`"),
            (ArgKind::OneOf(words), "clock") => {
                format!("Time per move: {}", words.join(", "))
            }
            (ArgKind::OneOf(words), _) => format!("How you play: {}", words.join(", ")),
            (ArgKind::File, _) => "The rule-set file (JSON)".into(),
            (_, "game" | "old") => "The game's name".into(),
            (
                ArgKind::Text {
                    suggest: Some(Suggest::Game),
                    ..
                },
                _,
            ) => "The game's name".into(),
            (_, "opponent") => "The opponents: names, Random, Chaos or open".into(),
            (_, "player") => "The player's name (yours if left out)".into(),
            (
                ArgKind::Text {
                    suggest: Some(Suggest::Player),
                    ..
                },
                _,
            ) => "The player's name".into(),
            (_, "name") => "The persona's name".into(),
            (_, "command") => "A command's name".into(),
            (_, "universe") => "The universe (the Public Universe if left out)".into(),
            (_, "text") => "What you play, e.g. 2,3 or b3".into(),
            (_, "new") => "The new name".into(),
            (_, name) => format!("The {name}"),
        }
    }
}

impl Form {
    /// The command line for the values given: what a person would have
    /// typed. Arguments without a value are left out.
    pub fn line(&self, command: &str, given: impl Fn(&Arg) -> Option<Given>) -> String {
        let mut words = vec![command.to_string()];
        words.extend(self.sub.clone());
        for arg in &self.args {
            let Some(value) = given(arg) else { continue };
            let word = match (&arg.kind, value) {
                (ArgKind::File, _) => continue,
                (ArgKind::Flag(word), Given::Bool(true)) => word.clone(),
                (ArgKind::Flag(_), _) => continue,
                (ArgKind::Number { hash: true }, Given::Number(n)) => format!("#{n}"),
                (_, Given::Number(n)) => n.to_string(),
                (_, Given::Bool(b)) => b.to_string(),
                (ArgKind::Text { many: true, .. }, Given::Text(text)) => text.trim().to_string(),
                (_, Given::Text(text)) => quoted(text.trim()),
            };
            if !word.is_empty() {
                words.push(word);
            }
        }
        words.join(" ")
    }
}

/// A value as one word: in quotes when it has spaces.
fn quoted(text: &str) -> String {
    if text.contains(char::is_whitespace) {
        format!("\"{}\"", text.replace('"', ""))
    } else {
        text.to_string()
    }
}

/// Every command, in the order `help` lists them.
pub fn commands() -> Vec<CommandShape> {
    COMMANDS.iter().map(shape).collect()
}

/// The shape of one command of the specification.
pub fn shape(command: &Command) -> CommandShape {
    CommandShape {
        name: command.name,
        about: command.about,
        forms: command
            .usage
            .split(" | ")
            .map(|form| parse_form(command.name, form))
            .collect(),
    }
}

/// The shape of one command, by name (any case).
pub fn command(name: &str) -> Option<CommandShape> {
    commands()
        .into_iter()
        .find(|c| c.name.eq_ignore_ascii_case(name))
}

/// One form of a usage line, e.g. `challenge GAME [OPPONENT...] [unrated]`.
fn parse_form(command: &str, form: &str) -> Form {
    let mut tokens = tokens(form).into_iter();
    // The command's own name comes first.
    tokens.next();
    let mut tokens = tokens.peekable();
    let sub = match tokens.peek() {
        Some((word, 0)) if word.chars().all(|c| c.is_ascii_lowercase()) => {
            let sub = word.clone();
            tokens.next();
            Some(sub)
        }
        _ => None,
    };
    let args = tokens
        .map(|(token, depth)| parse_arg(command, sub.as_deref(), &token, depth == 0))
        .collect();
    Form {
        sub,
        usage: form.to_string(),
        args,
    }
}

/// The words of a form with their bracket depth (0: required); a
/// parenthesised group is one word.
fn tokens(form: &str) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut group: Option<String> = None;
    for word in form.split_whitespace() {
        if let Some(g) = &mut group {
            g.push(' ');
            g.push_str(word);
            if word.ends_with(')') {
                out.push((group.take().unwrap_or_default(), depth));
            }
            continue;
        }
        if word.starts_with('(') && !word.ends_with(')') {
            group = Some(word.to_string());
            continue;
        }
        let opened = word.chars().take_while(|&c| c == '[').count();
        let closed = word.chars().rev().take_while(|&c| c == ']').count();
        depth += opened;
        let bare = word.trim_start_matches('[').trim_end_matches(']');
        out.push((bare.to_string(), depth));
        depth = depth.saturating_sub(closed);
    }
    out
}

fn parse_arg(command: &str, sub: Option<&str>, token: &str, required: bool) -> Arg {
    let (name, kind) = if token.starts_with('(') {
        ("file".to_string(), ArgKind::File)
    } else if let Some(rest) = token.strip_prefix('#') {
        (rest.to_ascii_lowercase(), ArgKind::Number { hash: true })
    } else if token.contains('|') {
        let words: Vec<String> = token.split('|').map(str::to_string).collect();
        // A clock's words are the clock; any other group, how one plays.
        let name = if words.iter().any(|w| w == "live") {
            "clock"
        } else {
            "mode"
        };
        (name.to_string(), ArgKind::OneOf(words))
    } else if token.chars().all(|c| c.is_ascii_lowercase()) {
        (token.to_string(), ArgKind::Flag(token.to_string()))
    } else {
        let many = token.ends_with("...");
        let word = token.trim_end_matches("...");
        let name = word.to_ascii_lowercase();
        let suggest = match word {
            "GAME" | "OLD" => Some(Suggest::Game),
            "OPPONENT" | "PLAYER" => Some(Suggest::Player),
            "NAME" if command == "friend" => Some(Suggest::Player),
            "NAME" if command == "game" => Some(Suggest::Game),
            "COMMAND" => Some(Suggest::Command),
            "UNIVERSE" if sub != Some("create") => Some(Suggest::Universe),
            _ => None,
        };
        if word == "ID" {
            (name, ArgKind::Number { hash: false })
        } else {
            (name, ArgKind::Text { suggest, many })
        }
    };
    Arg {
        name,
        kind,
        required,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn given(values: &[(&str, Given)]) -> impl Fn(&Arg) -> Option<Given> {
        let values: Vec<(String, Given)> = values
            .iter()
            .map(|(n, g)| (n.to_string(), g.clone()))
            .collect();
        move |arg: &Arg| {
            values
                .iter()
                .find(|(n, _)| *n == arg.name)
                .map(|(_, g)| g.clone())
        }
    }

    #[test]
    fn every_command_has_a_shape_with_unique_argument_names() {
        let all = commands();
        assert_eq!(all.len(), COMMANDS.len());
        for shape in &all {
            assert!(!shape.forms.is_empty(), "{}", shape.name);
            let subs = shape.forms.iter().filter(|f| f.sub.is_some()).count();
            assert!(subs == 0 || subs == shape.forms.len(), "{}", shape.name);
            for form in &shape.forms {
                let mut names: Vec<&str> = form.args.iter().map(|a| a.name.as_str()).collect();
                names.sort();
                names.dedup();
                assert_eq!(names.len(), form.args.len(), "{}", form.usage);
                for arg in &form.args {
                    assert!(arg.about().len() <= 100);
                }
            }
        }
    }

    #[test]
    fn challenge_reads_its_values_flags_and_modes() {
        let challenge = command("challenge").unwrap();
        let form = &challenge.forms[0];
        assert_eq!(form.sub, None);
        let names: Vec<&str> = form.args.iter().map(|a| a.name.as_str()).collect();
        assert_eq!(names, ["game", "opponent", "mode", "clock", "unrated"]);
        assert_eq!(
            form.args[3].kind,
            ArgKind::OneOf(
                ["live", "1h", "12h", "1d", "3d", "7d"]
                    .map(String::from)
                    .to_vec()
            )
        );
        assert!(form.args[0].required && !form.args[1].required);
        assert_eq!(
            form.args[1].kind,
            ArgKind::Text {
                suggest: Some(Suggest::Player),
                many: true
            }
        );
        let line = form.line(
            "challenge",
            given(&[
                ("game", Given::Text("Connect4".into())),
                ("opponent", Given::Text("Ann Random".into())),
                ("mode", Given::Text("alone".into())),
                ("clock", Given::Text("3d".into())),
                ("unrated", Given::Bool(true)),
            ]),
        );
        assert_eq!(line, "challenge Connect4 Ann Random alone 3d unrated");
        let line = form.line(
            "challenge",
            given(&[
                ("game", Given::Text("My Game".into())),
                ("unrated", Given::Bool(false)),
            ]),
        );
        assert_eq!(line, "challenge \"My Game\"");
    }

    #[test]
    fn subcommands_matches_files_and_nested_options() {
        let game = command("game").unwrap();
        let subs: Vec<&str> = game.forms.iter().filter_map(|f| f.sub.as_deref()).collect();
        assert_eq!(
            subs,
            [
                "list", "show", "export", "create", "copy", "import", "rename"
            ]
        );
        let import = game
            .forms
            .iter()
            .find(|f| f.sub.as_deref() == Some("import"));
        let import: Vec<&ArgKind> = import.unwrap().args.iter().map(|a| &a.kind).collect();
        assert_eq!(import.last(), Some(&&ArgKind::File));
        let moves = &command("move").unwrap().forms[0];
        assert_eq!(moves.args[0].kind, ArgKind::Number { hash: true });
        assert!(!moves.args[0].required && moves.args[1].required);
        let line = moves.line(
            "move",
            given(&[
                ("match", Given::Number(12)),
                ("text", Given::Text("2,3".into())),
            ]),
        );
        assert_eq!(line, "move #12 2,3");
        let persona = command("persona").unwrap();
        let use_form = persona
            .forms
            .iter()
            .find(|f| f.sub.as_deref() == Some("use"))
            .unwrap();
        let optional: Vec<bool> = use_form.args.iter().map(|a| a.required).collect();
        assert_eq!(optional, [false, false]);
        let clock = &command("clock").unwrap().forms[0];
        assert_eq!(clock.sub.as_deref(), Some("stop"));
        assert_eq!(command("games").unwrap().forms[0].args, vec![]);
    }
}
