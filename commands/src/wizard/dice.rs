//! Dice: whether a die rolled at the start of each turn decides which shape
//! plays or how far a piece moves, asked once the shapes are set. Only
//! dice that validate are offered; [`settle`] drops them when a later
//! answer leaves them unfit, and says why.

use redscience_engine::RuleSet;
use redscience_engine::rules::{Dice, DiceDecides};

use super::input::{Opt, buttons, pick};
use super::{Ask, Flow, problems_at};

/// A die of 6 faces for distances: the common die.
const DISTANCE_FACES: u8 = 6;

/// The die the wizard offers for `decides`: one face per shape in play
/// (at least 2), or 6 faces for how far.
fn die(rules: &RuleSet, decides: DiceDecides) -> Dice {
    let faces = match decides {
        DiceDecides::Shape => rules.shapes.len().max(2) as u8,
        DiceDecides::Distance => DISTANCE_FACES,
    };
    Dice { faces, decides }
}

fn with_dice(rules: &RuleSet, dice: Option<Dice>) -> RuleSet {
    let mut candidate = rules.clone();
    candidate.dice = dice;
    candidate
}

/// Whether validation accepts `dice` on these rules.
fn fits(rules: &RuleSet, dice: Dice) -> bool {
    // Problems at "dice" include those at "dice.faces" and "dice.decides".
    problems_at(&with_dice(rules, Some(dice)), "dice").is_empty()
}

fn id_of(dice: Option<Dice>) -> &'static str {
    match dice.map(|d| d.decides) {
        None => "none",
        Some(DiceDecides::Shape) => "shape",
        Some(DiceDecides::Distance) => "distance",
    }
}

fn words_of(rules: &RuleSet, dice: Option<Dice>) -> String {
    match dice {
        None => "No dice".into(),
        Some(d) => redscience_engine::describe::dice_words(&with_dice(rules, Some(d)))
            .unwrap_or_else(|| "A die".into()),
    }
}

/// No dice, and each die that fits.
fn options(rules: &RuleSet) -> Vec<Opt<Option<Dice>>> {
    let dice = [DiceDecides::Shape, DiceDecides::Distance]
        .into_iter()
        .map(|decides| die(rules, decides))
        .filter(|&d| fits(rules, d));
    std::iter::once(None)
        .chain(dice.map(Some))
        .map(|d| Opt::new(d, id_of(d), words_of(rules, d)))
        .collect()
}

/// Whether the question applies: some die fits, or one is set.
pub(super) fn applies(rules: &RuleSet) -> bool {
    rules.dice.is_some() || options(rules).len() > 1
}

pub(super) fn ask(rules: &RuleSet) -> Ask {
    Ask::new(
        format!(
            "Dice: is a die rolled at the start of each turn, deciding which shape the player \
             moves or places, or how far a piece moves? Now: {}. The bot rolls for everyone; \
             a player the roll leaves without a move passes.",
            words_of(rules, rules.dice)
        ),
        buttons(&options(rules)),
        id_of(rules.dice),
    )
}

pub(super) fn apply(rules: &mut RuleSet, input: &str) -> Result<Flow, String> {
    let dice = pick(input, &options(rules))?;
    rules.dice = dice;
    Ok(Flow::Next)
}

/// Drops dice a later answer left unfit, saying what changed.
pub(super) fn settle(rules: &mut RuleSet) -> Vec<String> {
    match rules.dice {
        Some(dice) if !fits(rules, dice) => {
            rules.dice = None;
            vec![
                "The game no longer has dice: a die needs turns played one at a time, no \
                 cloaking, and two shapes to choose from or a shape that moves (on a flat \
                 board) to say how far."
                    .into(),
            ]
        }
        _ => Vec::new(),
    }
}
