//! The game-creation wizard: the Game Factory as a conversation.
//!
//! A [`Wizard`] holds a rule set being built and the question being asked.
//! It starts from Tic-Tac-Toe's defaults (or from a saved game, for `game
//! copy NAME`) and asks one chat-sized question at a time, in groups: the
//! name; players, colours, cloaking and pieces per turn; the board; the
//! shapes; the phases; special spaces and starting pieces; the outcome
//! rules (turn checks, stalemate rules, the draw option, and the ending
//! rules: a player who cannot move, turn limits, repeated turns); labels
//! (how to play, names of shapes, phases and spaces); time per turn; then
//! a review. Every question offers only valid
//! choices and applies the Factory's dependent rules; "next" keeps the
//! current value, "skip" keeps the rest of a group and "done" goes straight
//! to the review, so plain Tic-Tac-Toe takes three answers (a name, "done",
//! "save").
//!
//! Pure and synchronous: the bot drives it and saves the finished rules.

mod board;
mod bounds;
mod checks;
mod dependent;
mod dice;
mod endings;
mod flow;
mod follow;
mod input;
mod labels;
mod name;
mod options;
mod phases;
pub mod playtest;
mod reserves;
mod review;
mod score;
mod seats;
mod shapes;
mod spaces;
mod stalemate;
mod step;
#[cfg(test)]
mod tests;
mod trails;

use redscience_engine::RuleSet;

use crate::reply::{Choice, ChoiceSet, Pick};

use input::normalize;
use step::{Group, Step};

/// A game being created, and the question being asked.
#[derive(Clone, Debug)]
pub struct Wizard {
    rules: RuleSet,
    step: Step,
    /// Each answered question with the rules, and what the person had set,
    /// as they were before the answer.
    history: Vec<(Step, RuleSet, follow::SetByPerson, Vec<String>)>,
    finished: bool,
    /// What the person set themselves; only other values follow the board.
    set: follow::SetByPerson,
    /// What the last answer changed besides itself, said with the next question.
    notes: Vec<String>,
    /// The review's playtest, with the rules it played.
    playtest: Option<(RuleSet, playtest::Playtest)>,
    /// The name of the game being copied, which the copy may not take.
    original: Option<String>,
}

/// A question for the person creating a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prompt {
    pub text: String,
    /// Picking a choice is the same as typing its id.
    pub choices: Vec<ChoiceSet>,
}

/// A question's options numbered for typing, unless one of them is a
/// value (a count, a size, seconds, a seat) or the question takes typed
/// numbers as values (a stack or column, a seat): then a typed number is
/// that value, and no option has a number that could be confused with one.
fn numbered_unless_values(mut sets: Vec<ChoiceSet>, typed_values: bool) -> Vec<ChoiceSet> {
    let values = typed_values
        || sets
            .iter()
            .flat_map(ChoiceSet::options)
            .any(|c| c.id.trim().parse::<f64>().is_ok());
    if values {
        return sets;
    }
    for set in &mut sets {
        let options = match set {
            ChoiceSet::Buttons(options) => options,
            ChoiceSet::Select { options, .. } => options,
        };
        for option in options {
            option.pick = Pick::Numbered;
        }
    }
    sets
}

/// The answer with each typed number replaced by the id of the option shown
/// with that number (each part of a list, where the question takes
/// several). Refuses a number no option has, saying which are accepted.
fn resolve_numbers(input: &str, numbered: &[&Choice], several: bool) -> Result<String, String> {
    if numbered.is_empty() {
        return Ok(input.to_string());
    }
    let parts: Vec<&str> = input.split([',', ';']).map(str::trim).collect();
    let is_number = |p: &str| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit());
    if !several && parts.len() > 1 && parts.iter().all(|p| is_number(p)) {
        return Err(format!(
            "this question takes one answer, not \"{}\"; {}",
            input.trim(),
            numbers_accepted(numbered)
        ));
    }
    if !several {
        let t = input.trim();
        return if is_number(t) {
            option_id(t, numbered)
        } else {
            Ok(input.to_string())
        };
    }
    let ids: Result<Vec<String>, String> = parts
        .iter()
        .filter(|p| !p.is_empty())
        .map(|p| {
            if is_number(p) {
                option_id(p, numbered)
            } else {
                Ok((*p).to_string())
            }
        })
        .collect();
    Ok(ids?.join(", "))
}

/// The id of the option numbered `text`.
fn option_id(text: &str, numbered: &[&Choice]) -> Result<String, String> {
    text.parse::<usize>()
        .ok()
        .and_then(|n| numbered.get(n.wrapping_sub(1)))
        .map(|c| c.id.clone())
        .ok_or_else(|| {
            format!(
                "there is no option {text} here; {}",
                numbers_accepted(numbered)
            )
        })
}

/// "type an option's number, 1 to 6 (e.g. 2 for \"Squares\"), or its words".
fn numbers_accepted(numbered: &[&Choice]) -> String {
    let example = numbered.get(1).or(numbered.first());
    let example = example
        .map(|c| format!(" (e.g. 2 for \"{}\")", c.label))
        .filter(|_| numbered.len() > 1)
        .unwrap_or_else(|| {
            numbered
                .first()
                .map(|c| format!(" (1 for \"{}\")", c.label))
                .unwrap_or_default()
        });
    let range = if numbered.len() == 1 {
        "1".to_string()
    } else {
        format!("1 to {}", numbered.len())
    };
    format!("type an option's number, {range}{example}, or its words")
}

/// A refusal at a numbered question also says that numbers pick options.
fn with_numbers_hint(error: String, numbered: &[&Choice]) -> String {
    if numbered.is_empty() || error.contains("option's number") {
        error
    } else {
        format!("{error}; or {}", numbers_accepted(numbered))
    }
}

/// What one question says and offers, before the wizard adds "next",
/// "skip" and "done".
#[derive(Clone, Debug)]
struct Ask {
    text: String,
    choices: Vec<ChoiceSet>,
    /// What "next" keeps; None where the question has no value to keep.
    keep: Option<String>,
}

impl Ask {
    fn new(text: impl Into<String>, choices: Vec<ChoiceSet>, keep: impl Into<String>) -> Ask {
        Ask {
            text: text.into(),
            choices,
            keep: Some(keep.into()),
        }
    }
}

/// Where an accepted answer leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    /// The question that follows in the flow.
    Next,
    /// The same question again (lists built one entry at a time).
    Stay,
    Goto(Step),
    /// The person confirmed the review.
    Finish,
}

impl Default for Wizard {
    fn default() -> Self {
        Wizard::new()
    }
}

impl Wizard {
    /// A new game, starting from Tic-Tac-Toe's defaults.
    pub fn new() -> Wizard {
        Wizard {
            rules: RuleSet::tic_tac_toe(""),
            step: Step::Name,
            history: Vec::new(),
            finished: false,
            set: Default::default(),
            notes: Vec::new(),
            playtest: None,
            original: None,
        }
    }

    /// A new game starting from a copy of `rules` (`game copy NAME`): every
    /// value is prefilled, and the copy needs a name of its own.
    pub fn from_rules(rules: RuleSet) -> Wizard {
        let original = Some(rules.name.clone()).filter(|n| !n.is_empty());
        Wizard {
            rules,
            step: Step::Name,
            history: Vec::new(),
            finished: false,
            set: Default::default(),
            notes: Vec::new(),
            playtest: None,
            original,
        }
    }

    /// The rules as built so far.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// True once the person confirmed the review; the bot then saves
    /// [`Wizard::rules`]. [`Wizard::back`] reopens the review (when saving
    /// is refused, e.g. because the name is taken).
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// The rules to playtest when the review is asked and has no playtest of
    /// them yet. The bot runs [`playtest::run`] on them off the async
    /// runtime and hands the result to [`Wizard::set_playtest`].
    pub fn wants_playtest(&self) -> Option<RuleSet> {
        let fresh = self
            .playtest
            .as_ref()
            .is_some_and(|(rules, _)| *rules == self.rules);
        (self.step == Step::Review
            && !self.finished
            && !fresh
            && redscience_engine::validate(&self.rules).is_ok())
        .then(|| self.rules.clone())
    }

    /// Keeps the playtest of `rules`; the review shows it while the rules
    /// are still those.
    pub fn set_playtest(&mut self, rules: RuleSet, playtest: playtest::Playtest) {
        self.playtest = Some((rules, playtest));
    }

    /// The playtest of the rules as they are, if one was run.
    pub fn playtest(&self) -> Option<&playtest::Playtest> {
        self.playtest
            .as_ref()
            .filter(|(rules, _)| *rules == self.rules)
            .map(|(_, p)| p)
    }

    /// The start position as text and the rules in the spec's words, or the
    /// problems that stop the rules from being saved.
    pub fn preview(&self) -> String {
        review::preview(&self.rules)
    }

    /// True when the question takes words as typed (a how-to-play
    /// paragraph, a label): a line starting with a command's name ("Move
    /// the stone...", "Plan") is then an answer, not a command.
    pub fn takes_text(&self) -> bool {
        !self.finished && self.step.group() == Group::Labels
    }

    /// The current question, with only valid choices.
    pub fn prompt(&self) -> Prompt {
        if self.finished {
            return Prompt {
                text: format!(
                    "\"{}\" is confirmed and ready to save. Say back to return to the review.",
                    self.rules.name
                ),
                choices: Vec::new(),
            };
        }
        let ask = self.ask();
        let mut choices = numbered_unless_values(ask.choices, self.step.numbers_are_values());
        let mut nav = Vec::new();
        if let Some(keep) = &ask.keep {
            nav.push(Choice::new("next", format!("Next (keep {keep})")));
            if !matches!(self.step, Step::Name | Step::Review) {
                nav.push(Choice::new(
                    "skip",
                    format!("Skip the rest of {}", self.step.group().words()),
                ));
            }
            if self.step != Step::Review {
                nav.push(Choice::new("done", "Done: review and save"));
            }
        }
        if !nav.is_empty() {
            choices.push(ChoiceSet::Buttons(nav));
        }
        let text = if self.notes.is_empty() {
            ask.text
        } else {
            format!("{}\n{}", self.notes.join(" "), ask.text)
        };
        Prompt { text, choices }
    }

    /// Applies an answer (typed text or a choice's id). On an error nothing
    /// changes, and the message says what was wrong and what is accepted.
    pub fn answer(&mut self, input: &str) -> Result<(), String> {
        if self.finished {
            return Err(format!(
                "\"{}\" is already confirmed; say back to return to the review and change it",
                self.rules.name
            ));
        }
        // A typed number picks the option shown with that number, here and
        // on every transport; where the options are values it is the value.
        let prompt = self.prompt();
        let numbered: Vec<&Choice> = crate::reply::numbered(&prompt.choices);
        let resolved = resolve_numbers(input, &numbered, self.step.takes_several())?;
        let input = resolved.as_str();
        let word = normalize(input);
        if word == "back" {
            return if self.back() {
                Ok(())
            } else {
                Err(
                    "this is the first question, so there is nothing to go back to; \
                     type the game's name, or cancel"
                        .into(),
                )
            };
        }
        let keeps = self.ask().keep.is_some();
        let mut rules = self.rules.clone();
        let mut answered = false;
        let flow = match word.as_str() {
            "next" if keeps && self.step != Step::Review => Flow::Next,
            "skip" if keeps && !matches!(self.step, Step::Name | Step::Review) => {
                Flow::Goto(self.step.skip())
            }
            "done" if keeps && self.step != Step::Review => Flow::Goto(Step::Review),
            _ => {
                answered = true;
                self.apply(&mut rules, input)
                    .map_err(|e| with_numbers_hint(e, &numbered))?
            }
        };
        if flow == Flow::Finish {
            self.finished = true;
            return Ok(());
        }
        let mut set = self.set.clone();
        if answered {
            match self.step {
                Step::Reserves(i) => {
                    if let Some(s) = rules.shapes.get(i) {
                        set.reserves.insert(s.shape);
                    }
                }
                Step::TurnChecks => set.checks = true,
                Step::Stalemate => set.stalemate = true,
                _ => {}
            }
        }
        let mut notes = follow::follow(&self.rules, &mut rules, &set);
        notes.extend(labels::drop_unfit(&mut rules));
        dependent::settle(&mut rules);
        notes.extend(endings::settle(&self.rules, &mut rules));
        notes.extend(bounds::settle(&mut rules));
        notes.extend(trails::settle(&mut rules));
        notes.extend(dice::settle(&mut rules));
        notes.extend(score::settle(&mut rules));
        notes.extend(seats::colors_dropped(&self.rules, &rules, self.step));
        let mut next = match flow {
            Flow::Next => self.step.following(&rules),
            Flow::Stay => self.step,
            Flow::Goto(step) => step,
            Flow::Finish => unreachable!("handled above"),
        };
        while !next.applies(&rules) {
            next = next.following(&rules);
        }
        let before = std::mem::replace(&mut self.rules, rules);
        let set_before = std::mem::replace(&mut self.set, set);
        let notes_before = std::mem::replace(&mut self.notes, notes);
        self.history
            .push((self.step, before, set_before, notes_before));
        self.step = next;
        Ok(())
    }

    /// Goes back one question, undoing its answer. False at the first question.
    pub fn back(&mut self) -> bool {
        if self.finished {
            self.finished = false;
            return true;
        }
        match self.history.pop() {
            Some((step, rules, set, notes)) => {
                self.step = step;
                self.rules = rules;
                self.set = set;
                self.notes = notes;
                true
            }
            None => false,
        }
    }

    fn ask(&self) -> Ask {
        let rules = &self.rules;
        let step = self.step;
        match step.group() {
            Group::Name => name::ask(rules, self.original.as_deref()),
            Group::Seats => seats::ask(rules, step),
            Group::Board => board::ask(rules, step),
            Group::Shapes => match step {
                Step::Reserves(i) => reserves::ask(rules, i),
                Step::CaptureAgain => bounds::ask_capture_again(rules),
                Step::Dice => dice::ask(rules),
                Step::Jumps(i) => bounds::ask_jumps(rules, i),
                Step::Trail(i) => trails::ask(rules, i),
                _ => shapes::ask(rules, step),
            },
            Group::Phases => match step {
                Step::PhaseNoMove(i) => endings::ask_phase(rules, i),
                _ => phases::ask(rules, step),
            },
            Group::Spaces => match step {
                Step::WallsStopSlides => bounds::ask_walls(rules),
                _ => spaces::ask(rules, step),
            },
            Group::Outcome => match step {
                Step::TurnChecks => checks::ask(rules),
                Step::Stalemate => stalemate::ask(rules),
                Step::NoMove | Step::TurnLimit | Step::QuietTurnLimit | Step::Repetition => {
                    endings::ask(rules, step)
                }
                Step::Score => score::ask(rules),
                _ => options::ask_outcome(rules, step),
            },
            Group::Time => options::ask_time(rules),
            Group::Labels => labels::ask(rules, step),
            Group::Review => review::ask(rules, self.playtest()),
        }
    }

    fn apply(&self, rules: &mut RuleSet, input: &str) -> Result<Flow, String> {
        let step = self.step;
        match step.group() {
            Group::Name => name::apply(rules, input, self.original.as_deref()),
            Group::Seats => seats::apply(rules, step, input),
            Group::Board => board::apply(rules, step, input),
            Group::Shapes => match step {
                Step::Reserves(i) => reserves::apply(rules, i, input),
                Step::CaptureAgain => bounds::apply_capture_again(rules, input),
                Step::Dice => dice::apply(rules, input),
                Step::Jumps(i) => bounds::apply_jumps(rules, i, input),
                Step::Trail(i) => trails::apply(rules, i, input),
                _ => shapes::apply(rules, step, input),
            },
            Group::Phases => match step {
                Step::PhaseNoMove(i) => endings::apply_phase(rules, i, input),
                _ => phases::apply(rules, step, input),
            },
            Group::Spaces => match step {
                Step::WallsStopSlides => bounds::apply_walls(rules, input),
                _ => spaces::apply(rules, step, input),
            },
            Group::Outcome => match step {
                Step::TurnChecks => checks::apply(rules, input),
                Step::Stalemate => stalemate::apply(rules, input),
                Step::NoMove | Step::TurnLimit | Step::QuietTurnLimit | Step::Repetition => {
                    endings::apply(rules, step, input)
                }
                Step::Score => score::apply(rules, input),
                _ => options::apply_outcome(rules, step, input),
            },
            Group::Time => options::apply_time(rules, input),
            Group::Labels => labels::apply(rules, step, input),
            Group::Review => review::apply(rules, input),
        }
    }
}

/// The messages of the validation problems in `field` (or inside it), for
/// refusing an answer that would break the rules there.
fn problems_at(rules: &RuleSet, field: &str) -> Vec<String> {
    match redscience_engine::validate(rules) {
        Ok(()) => Vec::new(),
        Err(problems) => problems
            .into_iter()
            .filter(|p| {
                p.field == field
                    || p.field
                        .strip_prefix(field)
                        .is_some_and(|rest| rest.starts_with('.') || rest.starts_with('['))
            })
            .map(|p| p.message)
            .collect(),
    }
}
