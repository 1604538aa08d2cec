//! Labels: what the game's things mean, in its own words. A how-to-play
//! paragraph, a label per shape ("rock"), a name per phase ("Hunt") and
//! names of spaces or stacks ("the pot"). They are words, not rules: each
//! answer is checked by the engine's validation of labels before it is
//! kept, and the labels of shapes or phases that go are dropped with a note.

use redscience_engine::rules::{BoardKind, Labels, SpaceLabel, SpaceRef};
use redscience_engine::{RuleSet, describe};

use super::input::{Opt, buttons, leading_space, normalize};
use super::name::RESERVED;
use super::phases::capitalize;
use super::step::Step;
use super::{Ask, Flow, problems_at};

const HOW_TO_PLAY_EXAMPLE: &str = "Each player secretly throws rock, paper or scissors: rock \
     blunts scissors, scissors cut paper, paper wraps rock.";

/// How a space is written in a name's line, for prompts and refusals.
const SPACE_FORMS: &str = "a space written \"2,2\", \"b3\", \"5\" (a whole stack or column) or \
     \"2:1,1\" (board 2)";

/// Typed text as one line: a paragraph typed over several lines is still
/// one paragraph, and runs of spaces are one.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn is_none(input: &str) -> bool {
    normalize(input) == "none"
}

/// The engine's problems, or Ok. The question's own hint follows unless
/// the engine's message already gives an example.
fn refuse(problems: Vec<String>, hint: &str) -> Result<(), String> {
    if problems.is_empty() {
        return Ok(());
    }
    let text = problems.join("; ");
    if text.contains("e.g.") {
        Err(text)
    } else {
        Err(format!("{text}; {hint}"))
    }
}

/// Refuses a label that is one of the words driving the wizard.
fn refuse_wizard_word(label: &str, hint: &str) -> Result<(), String> {
    if RESERVED.contains(&normalize(label).as_str()) {
        return Err(format!(
            "\"{label}\" is a word the wizard reads as a command, not a label; {hint}"
        ));
    }
    Ok(())
}

/// What `describe()` says of a shape or phase without its label: the part
/// after "Circle: " or "Phase 2: ".
fn described(rules: &RuleSet, head: &str) -> Option<String> {
    let mut plain = rules.clone();
    plain.labels = Labels::default();
    let head = format!("{head}: ");
    describe(&plain)
        .into_iter()
        .find_map(|line| line.strip_prefix(&head).map(str::to_string))
}

fn none_option(label: &str) -> Vec<Opt<()>> {
    vec![Opt::new((), "none", label)]
}

fn quoted_or(text: Option<&str>, nothing: &str) -> String {
    text.map_or_else(|| nothing.to_string(), |t| format!("\"{t}\""))
}

pub(super) fn ask(rules: &RuleSet, step: Step) -> Ask {
    match step {
        Step::HowToPlay => ask_how_to_play(rules),
        Step::ShapeLabel(i) => ask_shape(rules, i),
        Step::PhaseName(i) => ask_phase(rules, i),
        Step::SpaceLabels => ask_spaces(rules),
        _ => unreachable!("{step:?} is not a labels question"),
    }
}

pub(super) fn apply(rules: &mut RuleSet, step: Step, input: &str) -> Result<Flow, String> {
    match step {
        Step::HowToPlay => set_how_to_play(rules, input),
        Step::ShapeLabel(i) => set_shape_label(rules, i, input),
        Step::PhaseName(i) => set_phase_name(rules, i, input),
        Step::SpaceLabels => set_space_labels(rules, input),
        _ => unreachable!("{step:?} is not a labels question"),
    }
}

fn ask_how_to_play(rules: &RuleSet) -> Ask {
    let now = quoted_or(rules.labels.how_to_play.as_deref(), "none");
    let keep = if rules.labels.how_to_play.is_some() {
        "the text"
    } else {
        "none"
    };
    Ask::new(
        format!(
            "Labels say what the game's things mean; they change no rule. How to play: a short \
             paragraph shown with the game, for someone who never played it (what it is about, \
             what each choice means). Now: {now}. Type it as one paragraph of at most {} \
             characters, e.g. \"{HOW_TO_PLAY_EXAMPLE}\", or none.",
            redscience_engine::rules::HOW_TO_PLAY_MAX
        ),
        buttons(&none_option("No how-to-play text")),
        keep,
    )
}

fn set_how_to_play(rules: &mut RuleSet, input: &str) -> Result<Flow, String> {
    let hint = format!(
        "type one paragraph of at most {} characters, e.g. \"{HOW_TO_PLAY_EXAMPLE}\", or none",
        redscience_engine::rules::HOW_TO_PLAY_MAX
    );
    if is_none(input) {
        rules.labels.how_to_play = None;
        return Ok(Flow::Next);
    }
    let text = one_line(input);
    refuse_wizard_word(&text, &hint)?;
    rules.labels.how_to_play = Some(text);
    refuse(problems_at(rules, "labels.how_to_play"), &hint)?;
    Ok(Flow::Next)
}

fn shape_hint(shape: &str) -> String {
    format!("type a word or two for the {shape}, e.g. \"rock\" or \"stay silent\", or none")
}

fn ask_shape(rules: &RuleSet, i: usize) -> Ask {
    let shape = rules.shapes[i].shape;
    let name = shape.name();
    let does = described(rules, &capitalize(name))
        .map(|d| format!(" ({d})"))
        .unwrap_or_default();
    let label = rules.labels.shape(shape);
    let shown = capitalize(label.unwrap_or("rock"));
    Ask::new(
        format!(
            "Label of the {name}, shape {} of {}{does}: what does it stand for in this game? \
             Now: {}. Players may type the label in place of \"{name}\" in a move, and moves and \
             the rules show it (\"{shown} ({name})\"). Type a word or two, e.g. \"rock\" or \
             \"stay silent\", or none.",
            i + 1,
            rules.shapes.len(),
            quoted_or(label, "no label"),
        ),
        buttons(&none_option("No label")),
        quoted_or(label, "no label"),
    )
}

fn set_shape_label(rules: &mut RuleSet, i: usize, input: &str) -> Result<Flow, String> {
    let shape = rules.shapes[i].shape;
    let hint = shape_hint(shape.name());
    if is_none(input) {
        rules.labels.shapes.remove(&shape);
        return Ok(Flow::Next);
    }
    let label = one_line(input);
    refuse_wizard_word(&label, &hint)?;
    rules.labels.shapes.insert(shape, label.clone());
    refuse(problems_at(rules, "labels.shapes"), &hint)?;
    // The engine knows move words, not the bot's commands: a label typed
    // as a move that starts with a command's name would run the command.
    if let Some(word) = label
        .split_whitespace()
        .next()
        .filter(|w| crate::help::is_command(w))
    {
        return Err(format!(
            "\"{word}\" is a command of the bot, so a move typed as \"{label} ...\" would run \
             `{word}` instead; {hint}"
        ));
    }
    Ok(Flow::Next)
}

fn ask_phase(rules: &RuleSet, i: usize) -> Ask {
    let head = format!("Phase {}", i + 1);
    let does = described(rules, &head)
        .map(|d| format!(" ({d})"))
        .unwrap_or_default();
    let name = rules.labels.phase(i);
    let order = if rules.labels.phases.len() > i + 1 {
        " None also clears the names of the phases after it: names go in order."
    } else if i + 1 < rules.phases.len() {
        " Names go in order: a phase without a name leaves the phases after it without one."
    } else {
        ""
    };
    Ask::new(
        format!(
            "Name of phase {} of {}{does}: shown as \"{head} (Hunt)\". Now: {}. Type a word or \
             two, e.g. \"Hunt\", or none.{order}",
            i + 1,
            rules.phases.len(),
            quoted_or(name, "no name"),
        ),
        buttons(&none_option("No name")),
        quoted_or(name, "no name"),
    )
}

fn set_phase_name(rules: &mut RuleSet, i: usize, input: &str) -> Result<Flow, String> {
    let hint = "type a word or two, e.g. \"Hunt\", or none";
    let names = &mut rules.labels.phases;
    if is_none(input) {
        names.truncate(i);
        return Ok(Flow::Next);
    }
    let name = one_line(input);
    refuse_wizard_word(&name, hint)?;
    match names.len() {
        n if i < n => names[i] = name,
        n if i == n => names.push(name),
        n => {
            return Err(format!(
                "phase {} has no name, and names go in order; say back and name phase {}, or none",
                n + 1,
                n + 1
            ));
        }
    }
    refuse(problems_at(rules, &format!("labels.phases[{i}]")), hint)?;
    Ok(Flow::Next)
}

/// "5 the pot; 2,2 the centre", as they are typed.
fn space_labels_now(rules: &RuleSet) -> String {
    if rules.labels.spaces.is_empty() {
        return "none".into();
    }
    let items: Vec<String> = rules
        .labels
        .spaces
        .iter()
        .map(|s| format!("{} {}", s.at, s.label))
        .collect();
    items.join("; ")
}

/// A line that fits the board: a stack on stacks, a corner elsewhere.
fn space_example(rules: &RuleSet) -> &'static str {
    if rules.board == BoardKind::Stacks {
        "1 the pot"
    } else {
        "1,1 the corner"
    }
}

fn spaces_hint(rules: &RuleSet) -> String {
    format!(
        "write SPACE NAME, e.g. \"{}\", several separated by ';' or on separate lines, with \
         {SPACE_FORMS}; \"SPACE none\" removes one name, none removes them all; or next",
        space_example(rules)
    )
}

fn ask_spaces(rules: &RuleSet) -> Ask {
    let now = space_labels_now(rules);
    let keep = match rules.labels.spaces.len() {
        0 => "none".to_string(),
        1 => "1 name".to_string(),
        n => format!("{n} names"),
    };
    let choices = if rules.labels.spaces.is_empty() {
        Vec::new()
    } else {
        buttons(&none_option("Clear the names of spaces"))
    };
    Ask::new(
        format!(
            "Names of spaces: a space, or on stacks a whole stack, may have a name, e.g. \"the \
             pot\" or \"the centre\". Now: {now}. Type SPACE NAME, e.g. \"{}\", several \
             separated by ';' or on separate lines, with {SPACE_FORMS}. \"SPACE none\" removes \
             one name, none removes them all. Say next when finished.",
            space_example(rules)
        ),
        choices,
        keep,
    )
}

fn set_space_labels(rules: &mut RuleSet, input: &str) -> Result<Flow, String> {
    let hint = spaces_hint(rules);
    if is_none(input) {
        rules.labels.spaces.clear();
        return Ok(Flow::Stay);
    }
    let mut named: Vec<SpaceRef> = Vec::new();
    let lines = input.split(['\n', ';']).map(str::trim);
    for line in lines.filter(|l| !l.is_empty()) {
        let Some((at, rest)) = leading_space(line) else {
            return Err(format!("\"{line}\" does not start with a space; {hint}"));
        };
        let label = one_line(rest);
        if label.is_empty() {
            return Err(format!("\"{line}\" has no name after the space; {hint}"));
        }
        let spaces = &mut rules.labels.spaces;
        let existing = spaces.iter().position(|s| s.at == at);
        match existing {
            Some(j) if is_none(&label) => {
                spaces.remove(j);
            }
            None if is_none(&label) => {
                return Err(format!(
                    "{at} has no name to remove; the names now are {}",
                    space_labels_now(rules)
                ));
            }
            Some(j) => spaces[j].label = label,
            None => spaces.push(SpaceLabel { at, label }),
        }
        named.push(at);
    }
    if named.is_empty() {
        return Err(format!("the answer is empty; {hint}"));
    }
    let mut problems = Vec::new();
    for (j, space) in rules.labels.spaces.iter().enumerate() {
        if !named.contains(&space.at) {
            continue;
        }
        problems.extend(problems_at(rules, &format!("labels.spaces[{j}].at")));
        problems.extend(
            problems_at(rules, &format!("labels.spaces[{j}].label"))
                .into_iter()
                .map(|p| format!("the name of {}: {p}", space.at)),
        );
    }
    refuse(problems, &hint)?;
    Ok(Flow::Stay)
}

/// Drops the labels of shapes no longer in play and the names of phases no
/// longer there (validation refuses them), and says which went.
pub(super) fn drop_unfit(rules: &mut RuleSet) -> Vec<String> {
    let mut gone = Vec::new();
    let in_play: Vec<_> = rules.shapes.iter().map(|s| s.shape).collect();
    rules.labels.shapes.retain(|shape, label| {
        let keep = in_play.contains(shape);
        if !keep {
            gone.push(format!("\"{label}\" of the {}", shape.name()));
        }
        keep
    });
    let phases = rules.phases.len();
    if rules.labels.phases.len() > phases {
        for (i, name) in rules.labels.phases.drain(phases..).enumerate() {
            gone.push(format!("\"{name}\" of phase {}", phases + i + 1));
        }
    }
    if gone.is_empty() {
        return Vec::new();
    }
    vec![format!(
        "Dropped what no longer names anything in the game: {}.",
        super::input::and_list(&gone)
    )]
}

/// Labels need the schema version that has them.
pub(super) fn settle_version(rules: &mut RuleSet) {
    if !rules.labels.is_empty() {
        rules.schema_version = rules
            .schema_version
            .max(redscience_engine::rules::SCHEMA_VERSION);
    }
}
