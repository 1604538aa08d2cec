//! `help` and `help COMMAND`: what each command does and how to write it,
//! read from the table of commands.

use crate::spec::{self, COMMANDS};

/// The reply to `help` with or without a command's name.
pub fn help(topic: Option<&str>) -> String {
    match topic {
        None => {
            let mut text = String::from("Commands (`help COMMAND` explains one):\n");
            for command in COMMANDS {
                text.push_str(&format!("- `{}`: {}\n", command.usage, command.summary()));
            }
            text.trim_end().to_string()
        }
        Some(name) => match spec::find(name) {
            Some(command) => format!("`{}`\n{}", command.usage, command.about),
            None => format!(
                "There is no command \"{name}\".{} The commands are: {} (`help COMMAND` explains one).",
                crate::words::did_you_mean(name, spec::names()),
                names()
            ),
        },
    }
}

/// Whether a word is a command's name.
pub fn is_command(word: &str) -> bool {
    spec::find(word).is_some()
}

/// "help, game, challenge, ...".
pub fn names() -> String {
    spec::names().collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every command in the table is listed and explained by `help NAME`.
    #[test]
    fn every_command_is_listed_and_explained() {
        assert!(COMMANDS.len() >= 20);
        let listed = help(None);
        for command in COMMANDS {
            assert!(
                listed.contains(&format!("`{}`", command.usage)),
                "{}",
                command.name
            );
            assert!(
                !help(Some(command.name)).starts_with("There is no"),
                "{}",
                command.name
            );
        }
        let mut names: Vec<&str> = spec::names().collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), COMMANDS.len(), "names are unique");
        assert!(help(Some("dance")).contains("There is no command"));
        // A long explanation stays with its command: the list has its
        // first paragraph, `help NAME` all of it.
        let favoritism = help(Some("favoritism"));
        assert!(favoritism.contains("kick back: ") && favoritism.contains("in default"));
        assert!(!listed.contains("kick back: "), "{listed}");
        assert!(help(Some("chalenge")).contains("Did you mean `challenge`?"));
    }
}
