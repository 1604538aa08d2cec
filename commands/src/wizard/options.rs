//! Game-wide options: whether lines on the board at the start count, the
//! draw option, the overachiever rule (4-Player games only) and the time
//! per turn.

use redscience_engine::RuleSet;
use redscience_engine::rules::{Players, TURN_SECONDS};

use super::input::{Opt, buttons, normalize, or_list, pick, select};
use super::step::Step;
use super::{Ask, Flow};

fn yes_no(yes: &str, no: &str) -> Vec<Opt<bool>> {
    vec![
        Opt::new(true, "yes", yes.to_string()),
        Opt::new(false, "no", no.to_string()),
    ]
}

fn draw_options() -> Vec<Opt<bool>> {
    yes_no("Option to Agree Draw", "No draw offers")
}

fn lines_at_start_options() -> Vec<Opt<bool>> {
    yes_no(
        "Lines on the board at the start count",
        "Only lines made in play count",
    )
}

/// Whether "Lines on the board at the start count" would be valid here:
/// starting pieces, a line or goal check, a first phase played in turns.
pub(super) fn lines_at_start_fits(rules: &RuleSet) -> bool {
    let mut candidate = rules.clone();
    candidate.lines_at_start = true;
    super::problems_at(&candidate, "lines_at_start").is_empty()
}

fn overachiever_options() -> Vec<Opt<bool>> {
    yes_no("Overachiever(s) disqualified", "No overachiever rule")
}

fn said(options: &[Opt<bool>], value: bool) -> String {
    options
        .iter()
        .find(|o| o.value == value)
        .map(|o| o.label.clone())
        .unwrap_or_default()
}

pub(super) fn ask_outcome(rules: &RuleSet, step: Step) -> Ask {
    match step {
        Step::DrawOption => {
            let now = said(&draw_options(), rules.draw_option);
            Ask::new(
                format!(
                    "Draw offers: with the Option to Agree Draw a player may offer a draw, and \
                     the game is drawn if every other player (but Chaos) agrees. Now: {now}."
                ),
                buttons(&draw_options()),
                now,
            )
        }
        Step::LinesAtStart => {
            let now = said(&lines_at_start_options(), rules.lines_at_start);
            Ask::new(
                format!(
                    "Starting lines: pieces set up at the start may already form a line (or \
                     stand on a goal). If they count, the checks at the end of the first turn \
                     judge them, credited to their colour's player. Now: {now}."
                ),
                buttons(&lines_at_start_options()),
                now,
            )
        }
        Step::Overachievers => {
            let now = said(&overachiever_options(), rules.overachievers_disqualified);
            Ask::new(
                format!(
                    "Overachievers (4-Player games): the first players named winners are \
                     disqualified and play on, so the second to win wins. Now: {now}."
                ),
                buttons(&overachiever_options()),
                now,
            )
        }
        _ => unreachable!("{step:?} is not an option question"),
    }
}

pub(super) fn apply_outcome(rules: &mut RuleSet, step: Step, input: &str) -> Result<Flow, String> {
    match step {
        Step::DrawOption => rules.draw_option = pick(input, &draw_options())?,
        Step::LinesAtStart => {
            let count = pick(input, &lines_at_start_options())?;
            let mut candidate = rules.clone();
            candidate.lines_at_start = count;
            let problems = super::problems_at(&candidate, "lines_at_start");
            if !problems.is_empty() {
                return Err(format!(
                    "lines at the start cannot count here: {}",
                    problems.join("; ")
                ));
            }
            rules.lines_at_start = count;
        }
        Step::Overachievers => {
            if rules.players != Players::Four {
                return Err("the overachiever rule is for 4-Player games only".into());
            }
            rules.overachievers_disqualified = pick(input, &overachiever_options())?;
        }
        _ => unreachable!("{step:?} is not an option question"),
    }
    Ok(Flow::Next)
}

pub(super) use redscience_engine::describe::time_words;

fn time_options() -> Vec<Opt<u32>> {
    TURN_SECONDS
        .iter()
        .map(|&s| {
            let words = time_words(s);
            let short = match words.split_once(' ') {
                Some((n, unit)) => format!("{n}{}", &unit[..1]),
                None => words.clone(),
            };
            Opt::new(s, s.to_string(), format!("{words}/turn"))
                .alias(&words)
                .alias(&short)
        })
        .collect()
}

/// Reads "90", "90s", "5 minutes", "1h", "3 days" as seconds.
fn seconds(input: &str) -> Option<u32> {
    let answer = normalize(input);
    let digits: String = answer.chars().take_while(char::is_ascii_digit).collect();
    let n: u32 = digits.parse().ok()?;
    let unit = answer[digits.len()..].trim_start_matches('_');
    let factor = match unit {
        "" | "s" | "sec" | "secs" | "second" | "seconds" => 1,
        "m" | "min" | "mins" | "minute" | "minutes" => 60,
        "h" | "hour" | "hours" => 3_600,
        "d" | "day" | "days" => 86_400,
        _ => return None,
    };
    n.checked_mul(factor)
}

/// "3 seconds, 6 seconds, ... or 7 days": every time offered.
fn times_offered() -> String {
    let offered: Vec<String> = TURN_SECONDS.iter().map(|s| time_words(*s)).collect();
    or_list(&offered)
}

pub(super) fn ask_time(rules: &RuleSet) -> Ask {
    let now = time_words(rules.seconds_per_turn);
    Ask::new(
        format!(
            "Time per turn: now {now}. When it runs out, the player's augmentor moves for them, \
             or the player loses. Only the Factory's times are offered, not any number of \
             seconds: {}. A number alone is seconds (15 is 15 seconds); \"5 minutes\", \"1h\" \
             and \"3 days\" work too. Hours and days are for play by correspondence.",
            times_offered()
        ),
        select(
            "time per turn",
            &time_options(),
            Some(rules.seconds_per_turn.to_string()),
        ),
        now,
    )
}

pub(super) fn apply_time(rules: &mut RuleSet, input: &str) -> Result<Flow, String> {
    let opts = time_options();
    let typed = seconds(input);
    let value = pick(input, &opts)
        .ok()
        .or_else(|| typed.filter(|s| TURN_SECONDS.contains(s)));
    let Some(value) = value else {
        let accepted = format!(
            "answer one of the times offered: {} (a number alone is seconds, e.g. 15; or \
             e.g. \"5 minutes\")",
            times_offered()
        );
        return Err(match typed {
            Some(s) => {
                let below = TURN_SECONDS.iter().rev().find(|&&t| t < s);
                let above = TURN_SECONDS.iter().find(|&&t| t > s);
                let nearest: Vec<String> = below
                    .into_iter()
                    .chain(above)
                    .map(|t| time_words(*t))
                    .collect();
                format!(
                    "{} per turn is not offered: time per turn is one of the Factory's times, \
                     not any number of seconds (the nearest are {}); {accepted}",
                    time_words(s),
                    or_list(&nearest)
                )
            }
            None => format!("\"{}\" is not a time; {accepted}", input.trim()),
        });
    };
    rules.seconds_per_turn = value;
    Ok(Flow::Next)
}
