//! Slash commands from the command model: the same names and arguments as
//! the console and Matrix, and back from a slash command's options to the
//! command line a person would have typed.

use redscience_commands::{Arg, ArgKind, CommandShape, Form, Given, Suggest, syntax};
use serenity::all::{
    CommandDataOption, CommandDataOptionValue, CommandInteraction, CommandOptionType,
    CreateCommand, CreateCommandOption,
};

/// Commands whose answers only the person sees, wherever they are used:
/// a sealed move, a security token.
const ALWAYS_PRIVATE: &[&str] = &["plan", "token"];

/// Every command, as Discord registers them.
pub fn definitions() -> Vec<CreateCommand> {
    syntax::commands().iter().map(definition).collect()
}

fn definition(shape: &CommandShape) -> CreateCommand {
    let mut command = CreateCommand::new(shape.name).description(short(shape.about, 100));
    let subcommands = shape.forms.iter().any(|f| f.sub.is_some());
    if subcommands {
        for form in &shape.forms {
            let sub = form.sub.clone().unwrap_or_default();
            let mut option = CreateCommandOption::new(
                CommandOptionType::SubCommand,
                sub,
                short(&form.usage, 100),
            );
            for arg in ordered(&for_users(shape, form)) {
                option = option.add_sub_option(argument(arg));
            }
            if takes_user(shape, form) {
                option = option.add_sub_option(user_option(shape));
            }
            command = command.add_option(option);
        }
    } else if let Some(form) = shape.forms.first() {
        for arg in ordered(&for_users(shape, form)) {
            command = command.add_option(argument(arg));
        }
        if takes_user(shape, form) {
            command = command.add_option(user_option(shape));
        }
    }
    command
}

/// The text argument a Discord user may be picked for instead of typed:
/// a challenge's opponents, a friend command's name.
fn user_arg(shape: &CommandShape) -> Option<&'static str> {
    match shape.name {
        "challenge" => Some("opponent"),
        "friend" => Some("name"),
        _ => None,
    }
}

/// Whether a form gets the `user` option (a Discord user, picked from the
/// server's members: people who never spoke to the bot included).
fn takes_user(shape: &CommandShape, form: &Form) -> bool {
    user_arg(shape).is_some_and(|name| form.args.iter().any(|a| a.name == name))
}

/// The form as Discord offers it: where a user may be picked instead, the
/// typed name is optional.
fn for_users(shape: &CommandShape, form: &Form) -> Form {
    let mut form = form.clone();
    if takes_user(shape, &form) {
        for arg in &mut form.args {
            if Some(arg.name.as_str()) == user_arg(shape) {
                arg.required = false;
            }
        }
    }
    form
}

fn user_option(shape: &CommandShape) -> CreateCommandOption {
    let about = if shape.name == "challenge" {
        "A Discord user to challenge (with the opponents typed, if any)"
    } else {
        "The Discord user (instead of typing a name)"
    };
    CreateCommandOption::new(CommandOptionType::User, "user", about)
}

/// Discord wants required options first; the line keeps the usage order.
fn ordered(form: &Form) -> impl Iterator<Item = &Arg> + '_ {
    let required = form.args.iter().filter(|a| a.required);
    required.chain(form.args.iter().filter(|a| !a.required))
}

fn argument(arg: &Arg) -> CreateCommandOption {
    let kind = match &arg.kind {
        ArgKind::Text { .. } | ArgKind::OneOf(_) => CommandOptionType::String,
        ArgKind::Number { .. } => CommandOptionType::Integer,
        ArgKind::Flag(_) => CommandOptionType::Boolean,
        ArgKind::File => CommandOptionType::Attachment,
    };
    let mut option =
        CreateCommandOption::new(kind, arg.name.clone(), arg.about()).required(arg.required);
    match &arg.kind {
        ArgKind::Text {
            suggest: Some(_), ..
        } => option = option.set_autocomplete(true),
        ArgKind::OneOf(words) => {
            for word in words {
                option = option.add_string_choice(word.clone(), word.clone());
            }
        }
        ArgKind::Number { .. } => option = option.min_int_value(1),
        _ => {}
    }
    option
}

/// Text cut to `max` characters, with an ellipsis when cut.
pub fn short(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(max.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

/// A slash command as the line a person would type, and the attachment
/// it carries (the id of an attachment option), if any.
pub struct Typed {
    pub line: String,
    pub attachment: Option<serenity::all::AttachmentId>,
    /// Its answers go to the person alone.
    pub private: bool,
}

/// The command line for a slash command; `None` for a command the bot
/// does not know (an old registration).
pub fn line(command: &CommandInteraction) -> Option<Typed> {
    let shape = syntax::command(&command.data.name)?;
    let (form, options) = form_and_options(&shape, &command.data.options)?;
    let mut attachment = None;
    for option in options {
        if let CommandDataOptionValue::Attachment(id) = option.value {
            attachment = Some(id);
        }
    }
    // A picked user is a mention after the typed names.
    let user = options
        .iter()
        .find_map(|o| match (o.name.as_str(), &o.value) {
            ("user", CommandDataOptionValue::User(id)) => Some(format!("<@{id}>")),
            _ => None,
        });
    let line = form.line(shape.name, |arg| {
        let typed = given(options, arg);
        match (&user, user_arg(&shape)) {
            (Some(mention), Some(name)) if arg.name == name => match typed {
                Some(Given::Text(text)) if !text.trim().is_empty() => {
                    Some(Given::Text(format!("{} {mention}", text.trim())))
                }
                _ => Some(Given::Text(mention.clone())),
            },
            _ => typed,
        }
    });
    Some(Typed {
        line,
        attachment,
        private: ALWAYS_PRIVATE.contains(&shape.name),
    })
}

/// The form a slash command used (its subcommand, if any) and its options.
fn form_and_options<'a>(
    shape: &'a CommandShape,
    options: &'a [CommandDataOption],
) -> Option<(&'a Form, &'a [CommandDataOption])> {
    let subcommands = shape.forms.iter().any(|f| f.sub.is_some());
    if !subcommands {
        return Some((shape.forms.first()?, options));
    }
    let chosen = options.first()?;
    let CommandDataOptionValue::SubCommand(inner) = &chosen.value else {
        return None;
    };
    let form = shape
        .forms
        .iter()
        .find(|f| f.sub.as_deref() == Some(chosen.name.as_str()))?;
    Some((form, inner))
}

fn given(options: &[CommandDataOption], arg: &Arg) -> Option<Given> {
    let option = options.iter().find(|o| o.name == arg.name)?;
    match &option.value {
        CommandDataOptionValue::String(text) => Some(Given::Text(text.clone())),
        CommandDataOptionValue::Integer(n) => Some(Given::Number(*n)),
        CommandDataOptionValue::Boolean(b) => Some(Given::Bool(*b)),
        CommandDataOptionValue::Autocomplete { value, .. } => Some(Given::Text(value.clone())),
        _ => None,
    }
}

/// What the focused option of an autocomplete asks for, what has been
/// typed so far, and whether it is a list of names.
pub fn focused(command: &CommandInteraction) -> Option<(Suggest, String, bool)> {
    let focus = command.data.autocomplete()?;
    let shape = syntax::command(&command.data.name)?;
    let (form, _) = form_and_options(&shape, &command.data.options).or_else(|| {
        // While typing, the subcommand's options may not all be there.
        shape.forms.first().map(|f| (f, &[][..]))
    })?;
    let arg = form.args.iter().find(|a| a.name == focus.name)?;
    match &arg.kind {
        ArgKind::Text {
            suggest: Some(kind),
            many,
        } => Some((*kind, focus.value.to_string(), *many)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_registers_within_discords_limits() {
        let all = definitions();
        assert_eq!(all.len(), syntax::commands().len());
        for command in all {
            let json = serde_json::to_value(&command).unwrap();
            let name = json["name"].as_str().unwrap();
            assert!(name.len() <= 32 && name.chars().all(|c| c.is_ascii_lowercase()));
            assert!(json["description"].as_str().unwrap().chars().count() <= 100);
            let options = json["options"].as_array().cloned().unwrap_or_default();
            assert!(options.len() <= 25, "{name}");
            // Required options come first, at every level.
            for level in std::iter::once(&options).chain(
                options
                    .iter()
                    .filter_map(|o| o["options"].as_array())
                    .collect::<Vec<_>>(),
            ) {
                let required: Vec<bool> = level
                    .iter()
                    .map(|o| o["required"].as_bool().unwrap_or(false))
                    .collect();
                assert!(required.windows(2).all(|w| w[0] || !w[1]), "{name}");
            }
        }
    }

    #[test]
    fn challenge_has_autocomplete_and_mode_choices() {
        let challenge = definitions()
            .into_iter()
            .map(|c| serde_json::to_value(&c).unwrap())
            .find(|c| c["name"] == "challenge")
            .unwrap();
        let options = challenge["options"].as_array().unwrap();
        let names: Vec<&str> = options
            .iter()
            .map(|o| o["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            ["game", "opponent", "mode", "clock", "unrated", "user"]
        );
        assert_eq!(options[5]["type"], 6);
        assert_eq!(options[0]["autocomplete"], true);
        assert_eq!(options[0]["required"], true);
        assert_eq!(options[2]["choices"].as_array().unwrap().len(), 3);
        assert_eq!(options[3]["choices"].as_array().unwrap().len(), 6);
        assert_eq!(options[4]["type"], 5);
        let game = definitions()
            .into_iter()
            .map(|c| serde_json::to_value(&c).unwrap())
            .find(|c| c["name"] == "game")
            .unwrap();
        let import = game["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == "import")
            .unwrap();
        assert_eq!(import["type"], 1);
        assert_eq!(import["options"][0]["type"], 11);
    }

    #[test]
    fn long_text_is_cut_with_an_ellipsis() {
        assert_eq!(short("abc", 3), "abc");
        assert_eq!(short("abcdef", 4), "abc…");
    }
}
