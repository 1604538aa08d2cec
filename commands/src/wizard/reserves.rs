//! Reserves: how many pieces of a shape each colour starts with.
//!
//! Each reserve offers 0 up to the most that can be played (the spaces
//! divided among the colours, rounded up; no limit when captures take pieces
//! off the board). Every reserve of a shape at that maximum clears and skips
//! the shape's movement, as the Factory disables its move dropdown.

use redscience_engine::RuleSet;
use redscience_engine::rules::Color;

use super::dependent::{fill, holders, movement_disabled, reserve_cap, reserve_max};
use super::input::{Opt, and_list, buttons, normalize, select};
use super::{Ask, Flow};

/// "black 5, white 4".
fn counts_words(colors: &[Color], counts: &[u16]) -> String {
    let items: Vec<String> = colors
        .iter()
        .zip(counts)
        .map(|(c, n)| format!("{} {n}", c.name()))
        .collect();
    and_list(&items)
}

fn current(rules: &RuleSet, shape: usize) -> Vec<u16> {
    holders(rules)
        .iter()
        .map(|(_, c)| rules.shapes[shape].reserves.get(c).copied().unwrap_or(0))
        .collect()
}

pub(super) fn ask(rules: &RuleSet, shape: usize) -> Ask {
    let colors: Vec<Color> = holders(rules).into_iter().map(|(_, c)| c).collect();
    let s = &rules.shapes[shape];
    let now = counts_words(&colors, &current(rules, shape));
    let max = reserve_max(rules);
    let limit = match reserve_cap(rules) {
        Some(cap) => format!(
            "Each may be 0 to {cap} (the spaces shared among the colours); if every colour has \
             {cap}, the board fills before any could move, so the {} will not move.",
            s.shape.plural()
        ),
        None => {
            format!("Captures can take pieces off the board, so there is no limit below {max}.")
        }
    };
    let mut presets = vec![Opt::new(
        (),
        "fill",
        format!("Fill the board: {}", counts_words(&colors, &fill(rules))),
    )];
    if let Some(cap) = reserve_cap(rules) {
        presets.push(Opt::new((), "max", format!("Maximum: {cap} each")));
    }
    let each: Vec<Opt<()>> = (0..=max.min(24))
        .map(|n| Opt::new((), n.to_string(), format!("{n} each")))
        .collect();
    let mut choices = buttons(&presets);
    choices.extend(select("pieces of each colour", &each, None));
    Ask::new(
        format!(
            "Reserves of {} at the start: now {now}. Type one number for every colour, one \
             number per colour in seat order (\"5 4\"), or colours and numbers (\"black 5 \
             white 4\"). {limit}",
            s.shape.plural()
        ),
        choices,
        now,
    )
}

pub(super) fn apply(rules: &mut RuleSet, shape: usize, input: &str) -> Result<Flow, String> {
    let colors: Vec<Color> = holders(rules).into_iter().map(|(_, c)| c).collect();
    let max = reserve_max(rules);
    let counts = parse(rules, shape, &colors, max, input)?;
    let s = &mut rules.shapes[shape];
    for (color, count) in colors.iter().zip(counts) {
        s.reserves.insert(*color, count);
    }
    if movement_disabled(rules, shape) {
        rules.shapes[shape].movement.clear();
    }
    Ok(Flow::Next)
}

fn parse(
    rules: &RuleSet,
    shape: usize,
    colors: &[Color],
    max: u16,
    input: &str,
) -> Result<Vec<u16>, String> {
    let names: Vec<String> = colors.iter().map(|c| c.name().to_string()).collect();
    let accepted = format!(
        "answer fill{}, one number for every colour, {} numbers for {} in that order, or colours \
         and numbers like \"{} 3\"; each from 0 to {max}",
        if reserve_cap(rules).is_some() {
            ", max"
        } else {
            ""
        },
        colors.len(),
        and_list(&names),
        names[0]
    );
    let answer = normalize(input);
    match answer.as_str() {
        "fill" => return Ok(fill(rules)),
        "max" => {
            return reserve_cap(rules)
                .map(|cap| vec![cap; colors.len()])
                .ok_or_else(|| format!("there is no maximum here, since captures take pieces off the board; {accepted}"));
        }
        "" => return Err(format!("the answer is empty; {accepted}")),
        _ => {}
    }
    let words: Vec<&str> = answer.split('_').collect();
    let count = |word: &str| -> Result<u16, String> {
        match word.parse::<u32>() {
            Ok(n) if n <= u32::from(max) => Ok(n as u16),
            Ok(n) => Err(format!("{n} is more than can be played; {accepted}")),
            Err(_) => Err(format!(
                "\"{word}\" is not a number or a colour of this game; {accepted}"
            )),
        }
    };
    if words.iter().all(|w| w.chars().all(|c| c.is_ascii_digit())) {
        let numbers = words
            .iter()
            .map(|w| count(w))
            .collect::<Result<Vec<u16>, String>>()?;
        return match numbers.len() {
            1 => Ok(vec![numbers[0]; colors.len()]),
            n if n == colors.len() => Ok(numbers),
            n => Err(format!(
                "{n} numbers given for {} colours; {accepted}",
                colors.len()
            )),
        };
    }
    // Colours and numbers: "black 5 white 4"; colours not named keep their count.
    let mut counts = current(rules, shape);
    let mut i = 0;
    while i < words.len() {
        let color = Color::parse(words[i])
            .filter(|c| colors.contains(c))
            .ok_or_else(|| format!("\"{}\" is not a colour of this game; {accepted}", words[i]))?;
        let Some(word) = words.get(i + 1) else {
            return Err(format!(
                "{} needs a number after it; {accepted}",
                color.name()
            ));
        };
        let n = count(word)?;
        let at = colors.iter().position(|c| *c == color).unwrap_or(0);
        counts[at] = n;
        i += 2;
    }
    Ok(counts)
}
