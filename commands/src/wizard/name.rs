//! The first question: the game's name.
//!
//! Names follow the engine's rule (1 to 40 characters, no whitespace, '*',
//! '(' or ')'); storage later refuses a name another game already has. A
//! copy needs a name of its own, and the words that drive the wizard in
//! chat are not names.

use redscience_engine::RuleSet;

use super::{Ask, Flow, problems_at};

/// Words the bot or the wizard reads as commands at any question.
pub(super) const RESERVED: [&str; 6] = ["back", "cancel", "next", "skip", "done", "save"];

/// Why `name` cannot name the game, if it cannot.
fn name_problem(rules: &RuleSet, name: &str, original: Option<&str>) -> Option<String> {
    let mut candidate = rules.clone();
    candidate.name = name.to_string();
    let problems = problems_at(&candidate, "name");
    if !problems.is_empty() {
        return Some(problems.join("; "));
    }
    if RESERVED.contains(&name.to_ascii_lowercase().as_str()) {
        return Some(format!(
            "\"{name}\" is a word the wizard reads as a command; choose another name"
        ));
    }
    if original.is_some_and(|o| o.eq_ignore_ascii_case(name)) {
        return Some(format!(
            "\"{name}\" is the game being copied; the copy needs a new name"
        ));
    }
    None
}

pub(super) fn ask(rules: &RuleSet, original: Option<&str>) -> Ask {
    let rule = "1 to 40 characters, no spaces, '*', '(' or ')'; use '-' or '_' between words";
    let text = match original {
        Some(o) => format!(
            "Name: you are copying \"{o}\"; every rule starts as it has them. \
             What is the new game called? ({rule})"
        ),
        None => format!(
            "Name: a new game starts as Tic-Tac-Toe and you change what differs. \
             What is it called? ({rule})"
        ),
    };
    let keep = (name_problem(rules, &rules.name, original).is_none())
        .then(|| format!("the name {}", rules.name));
    Ask {
        text,
        choices: Vec::new(),
        keep,
    }
}

pub(super) fn apply(
    rules: &mut RuleSet,
    input: &str,
    original: Option<&str>,
) -> Result<Flow, String> {
    let name = input.trim();
    if let Some(problem) = name_problem(rules, name, original) {
        return Err(problem);
    }
    rules.name = name.to_string();
    Ok(Flow::Next)
}
