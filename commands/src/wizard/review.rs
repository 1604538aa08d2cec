//! The last question: the review. It shows the start position and the rules
//! in the spec's words; "save" confirms them. Rules that do not pass
//! validation show their problems instead, and the review then offers going
//! back or editing a group, never saving.

use redscience_engine::text::view_text;
use redscience_engine::{Game, RuleSet, describe, validate};

use super::input::{Opt, buttons, normalize, or_list};
use super::playtest::Playtest;
use super::step::Group;
use super::{Ask, Flow};

/// The start position as text and the rules in the spec's words, or the
/// problems that stop the rules from being saved.
pub(super) fn preview(rules: &RuleSet) -> String {
    match Game::new(rules.clone()) {
        Ok(game) => {
            let state = game.start();
            let mut out = view_text(&game, &state.public_view().into());
            if !out.is_empty() && !out.ends_with('\n') {
                out.push('\n');
            }
            for line in described(rules) {
                out.push_str(&line);
                out.push('\n');
            }
            out
        }
        Err(problems) => {
            let mut out = String::from("These rules cannot be saved yet:\n");
            for p in problems {
                out.push_str(&format!("- {p}\n"));
            }
            out
        }
    }
}

/// The rules in the spec's words, with the labels `describe()` leaves out:
/// the how-to-play text first, as `game show` prints it, and a phase name
/// it does not show (one plain phase has no line of its own).
fn described(rules: &RuleSet) -> Vec<String> {
    let mut lines: Vec<String> = rules
        .labels
        .how_to_play
        .iter()
        .map(|how| format!("How to play: {how}"))
        .collect();
    let rules_lines = describe(rules);
    let unshown: Vec<String> = (rules.labels.phases.iter().enumerate())
        .filter(|(i, _)| {
            let shown = rules.labels.phase_words(*i);
            !rules_lines.iter().any(|line| line.starts_with(&shown))
        })
        .map(|(i, name)| format!("Phase {} is called \"{name}\"", i + 1))
        .collect();
    lines.extend(rules_lines);
    lines.extend(unshown);
    lines
}

fn edit_options() -> Vec<Opt<Group>> {
    Group::ALL
        .into_iter()
        .filter(|g| *g != Group::Review)
        .map(|g| Opt::new(g, format!("edit_{}", g.id()), format!("Edit {}", g.words())))
        .collect()
}

/// The warnings and the playtest, as lines for the review.
fn findings(rules: &RuleSet, playtest: Option<&Playtest>) -> String {
    let mut out = String::new();
    for warning in super::playtest::warnings(rules, playtest) {
        out.push_str(&format!("Warning: {warning}\n"));
    }
    match playtest {
        Some(p) => out.push_str(&format!("{}\n", p.words())),
        None => out.push_str("Playtest: not run yet.\n"),
    }
    out
}

pub(super) fn ask(rules: &RuleSet, playtest: Option<&Playtest>) -> Ask {
    let valid = validate(rules).is_ok();
    let mut main = Vec::new();
    if valid {
        main.push(Opt::new((), "save", format!("Save {}", rules.name)));
    }
    main.push(Opt::new((), "back", "Back to the last question"));
    let mut choices = buttons(&main);
    choices.extend(buttons(&edit_options()));
    let text = if valid {
        format!(
            "Review \"{}\":\n{}{}Say save to create the game, back to change the last answer, \
             or edit a group.",
            rules.name,
            preview(rules),
            findings(rules, playtest)
        )
    } else {
        format!(
            "Review \"{}\": {}Say back to change the last answer, or edit a group to fix them.",
            rules.name,
            preview(rules)
        )
    };
    Ask {
        text,
        choices,
        keep: None,
    }
}

pub(super) fn apply(rules: &mut RuleSet, input: &str) -> Result<Flow, String> {
    let edits = edit_options();
    let answer = normalize(input);
    if answer == "save" {
        return match validate(rules) {
            Ok(()) => Ok(Flow::Finish),
            Err(problems) => {
                let lines: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
                Err(format!(
                    "the rules cannot be saved: {}. Say back, or edit a group to fix them.",
                    lines.join("; ")
                ))
            }
        };
    }
    if let Some(edit) = edits
        .iter()
        .find(|o| normalize(&o.id) == answer || normalize(o.value.id()) == answer)
    {
        return Ok(Flow::Goto(edit.value.first()));
    }
    let ids: Vec<String> = edits.iter().map(|o| o.id.clone()).collect();
    Err(format!(
        "\"{}\" is not a choice here; answer save, back, or {}",
        input.trim(),
        or_list(&ids)
    ))
}
