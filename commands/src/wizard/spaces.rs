//! Spaces fixed for the whole game: sticky spaces, exclusive spaces and the
//! pieces on the board at the start. Exclusive spaces and starting pieces
//! are lists built one answer at a time ("back" undoes the last one).

use redscience_engine::RuleSet;
use redscience_engine::rules::{Exclusive, InitialPieces, Shape, SpaceRef};

use super::dependent::colors_in_play;
use super::input::{
    Opt, SPACES_HELP, all_seats, and_list, buttons, normalize, or_list, seats, seats_help, spaces,
};
use super::phases::refuse_problems;
use super::step::Step;
use super::{Ask, Flow, problems_at};

fn spaces_list(list: &[SpaceRef]) -> String {
    if list.is_empty() {
        return "none".into();
    }
    list.iter()
        .map(|r| r.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn exclusive_list(rules: &RuleSet) -> String {
    if rules.exclusive.is_empty() {
        return "none".into();
    }
    let items: Vec<String> = rules
        .exclusive
        .iter()
        .map(|ex| {
            let seats: Vec<String> = ex.seats.iter().map(|s| s.to_string()).collect();
            format!("{} = {}", seats.join(" "), spaces_list(&ex.spaces))
        })
        .collect();
    items.join("; ")
}

fn initial_list(rules: &RuleSet) -> String {
    if rules.initial.is_empty() {
        return "none".into();
    }
    let items: Vec<String> = rules
        .initial
        .iter()
        .map(|p| {
            let count = if p.count == 1 {
                String::new()
            } else {
                format!("{} ", p.count)
            };
            format!("{count}{} {} at {}", p.color.name(), p.shape.name(), p.at)
        })
        .collect();
    items.join("; ")
}

fn clear_option(label: &str) -> Vec<Opt<()>> {
    vec![Opt::new((), "clear", label)]
}

pub(super) fn ask(rules: &RuleSet, step: Step) -> Ask {
    match step {
        Step::Sticky => {
            let now = spaces_list(&rules.sticky);
            Ask::new(
                format!(
                    "Sticky spaces: a piece on a sticky space can never leave it. Now: {now}. \
                     Type {SPACES_HELP}."
                ),
                buttons(&[
                    Opt::new((), "none", "None"),
                    Opt::new((), "all", "Every space"),
                ]),
                now,
            )
        }
        Step::Exclusive => {
            let now = exclusive_list(rules);
            let choices = if rules.exclusive.is_empty() {
                Vec::new()
            } else {
                buttons(&clear_option("Clear the exclusive spaces"))
            };
            Ask::new(
                format!(
                    "Exclusive spaces: only the seats named may enter or leave them. Now: {now}. \
                     Add some as SEATS = SPACES, e.g. \"1 = 1,1 1,2\" or \"1 2 = 3\" (a whole \
                     stack or column). Seats: {}. Say next when finished.",
                    or_list(
                        &all_seats(rules.players)
                            .iter()
                            .map(|s| s.to_string())
                            .collect::<Vec<_>>()
                    )
                ),
                choices,
                now,
            )
        }
        Step::Initial => {
            let now = initial_list(rules);
            let choices = if rules.initial.is_empty() {
                Vec::new()
            } else {
                buttons(&clear_option("Clear the starting pieces"))
            };
            let colors: Vec<String> = colors_in_play(rules)
                .iter()
                .map(|c| c.name().into())
                .collect();
            let shapes: Vec<String> = rules.shapes.iter().map(|s| s.shape.name().into()).collect();
            Ask::new(
                format!(
                    "Starting pieces: pieces on the board before the first turn. Now: {now}. \
                     Add some as [COUNT] COLOUR SHAPE SPACES, e.g. \"white circle 2,2\" or, on \
                     stacks, \"2 white pentagons 3\" (stack 3, filled from the bottom). Colours: \
                     {}; shapes: {}. Say next when finished.",
                    and_list(&colors),
                    and_list(&shapes)
                ),
                choices,
                now,
            )
        }
        _ => unreachable!("{step:?} is not a spaces question"),
    }
}

pub(super) fn apply(rules: &mut RuleSet, step: Step, input: &str) -> Result<Flow, String> {
    match step {
        Step::Sticky => {
            rules.sticky = spaces(input)?;
            refuse_problems(rules, "sticky")?;
            Ok(Flow::Next)
        }
        Step::Exclusive => {
            if normalize(input) == "clear" {
                rules.exclusive.clear();
                return Ok(Flow::Stay);
            }
            add_exclusive(rules, input)?;
            Ok(Flow::Stay)
        }
        Step::Initial => {
            if normalize(input) == "clear" {
                rules.initial.clear();
                return Ok(Flow::Stay);
            }
            add_initial(rules, input)?;
            Ok(Flow::Stay)
        }
        _ => unreachable!("{step:?} is not a spaces question"),
    }
}

fn add_exclusive(rules: &mut RuleSet, input: &str) -> Result<(), String> {
    let format = format!(
        "write SEATS = SPACES, e.g. \"1 = 1,1 1,2\", with {} and {SPACES_HELP}; or next, or clear",
        seats_help(rules.players)
    );
    let Some((seat_text, space_text)) = input.split_once('=') else {
        return Err(format!("\"{}\" has no '='; {format}", input.trim()));
    };
    let seats = seats(seat_text, rules.players).map_err(|e| format!("{e}; {format}"))?;
    if seats.is_empty() {
        return Err(format!("name at least one seat; {format}"));
    }
    let spaces = spaces(space_text).map_err(|e| format!("{e}; {format}"))?;
    if spaces.is_empty() {
        return Err(format!("name at least one space; {format}"));
    }
    let field = format!("exclusive[{}]", rules.exclusive.len());
    rules.exclusive.push(Exclusive { seats, spaces });
    let problems = problems_at(rules, &field);
    if !problems.is_empty() {
        return Err(format!("{}; {format}", problems.join("; ")));
    }
    Ok(())
}

/// Splits off the first word: ("2", "white pentagons 3").
fn first_word(text: &str) -> (&str, &str) {
    let t = text.trim_start();
    match t.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest),
        None => (t, ""),
    }
}

fn add_initial(rules: &mut RuleSet, input: &str) -> Result<(), String> {
    let colors = colors_in_play(rules);
    let shapes: Vec<Shape> = rules.shapes.iter().map(|s| s.shape).collect();
    let color_names: Vec<String> = colors.iter().map(|c| c.name().into()).collect();
    let shape_names: Vec<String> = shapes.iter().map(|s| s.name().into()).collect();
    let format = format!(
        "write [COUNT] COLOUR SHAPE SPACES, e.g. \"{} {} 2,2\", with a colour of {}, a shape of {} \
         and {SPACES_HELP}; or next, or clear",
        color_names[0],
        shape_names[0],
        or_list(&color_names),
        or_list(&shape_names)
    );
    let (mut word, mut rest) = first_word(input);
    let mut count = 1u16;
    if let Ok(n) = word.parse::<u16>() {
        let (next, after) = first_word(rest);
        if redscience_engine::rules::Color::parse(next).is_some() {
            count = n;
            (word, rest) = (next, after);
        }
    }
    let Some(color) = redscience_engine::rules::Color::parse(word).filter(|c| colors.contains(c))
    else {
        return Err(format!("\"{word}\" is not a colour in play; {format}"));
    };
    let (next, after) = first_word(rest);
    let shape = match Shape::parse(next) {
        Some(shape) if shapes.contains(&shape) => {
            rest = after;
            shape
        }
        Some(shape) => {
            return Err(format!(
                "the {} is not among the game's shapes; {format}",
                shape.name()
            ));
        }
        None if shapes.len() == 1 => shapes[0],
        None => return Err(format!("name the shape; {format}")),
    };
    let rest = rest.trim_start();
    let rest = rest
        .strip_prefix("at ")
        .or_else(|| rest.strip_prefix("on "))
        .unwrap_or(rest);
    let places = spaces(rest).map_err(|e| format!("{e}; {format}"))?;
    if places.is_empty() {
        return Err(format!("name at least one space; {format}"));
    }
    let first = rules.initial.len();
    for at in places {
        rules.initial.push(InitialPieces {
            at,
            color,
            shape,
            count,
        });
    }
    let problems: Vec<String> = (first..rules.initial.len())
        .flat_map(|i| problems_at(rules, &format!("initial[{i}]")))
        .collect();
    if !problems.is_empty() {
        return Err(format!("{}; {format}", problems.join("; ")));
    }
    Ok(())
}
