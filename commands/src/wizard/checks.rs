//! Turn checks: the rules run at the end of every turn, as a list built like
//! the Factory's "Add Check" and "Delete Check" buttons: picking a check adds
//! it, picking one already listed removes it, "none" empties the list.
//! Only checks that fit the game are offered: "Connecting opposite sides",
//! for one, needs a board whose sides do not wrap round, at most 3 players
//! and each player's axis at least 2 long; typed where it does not fit, it
//! is refused in the engine's words.

use redscience_engine::RuleSet;
use redscience_engine::rules::{Movement, Power, Shape, TurnCheck, WinLose};
use redscience_engine::validate::IN_A_ROW_LENGTHS;

use super::input::{Opt, and_list, buttons, normalize, select};
use super::{Ask, Flow, problems_at};

fn orth(diagonals: bool) -> &'static str {
    if diagonals { "" } else { "_orth" }
}

fn verb(result: WinLose) -> &'static str {
    match result {
        WinLose::Win => "wins",
        WinLose::Lose => "loses",
    }
}

/// The id of a check, e.g. "first_4_wins" or "last_pentagon_loses".
pub(super) fn id(check: &TurnCheck) -> String {
    match check {
        TurnCheck::InARow {
            length,
            result,
            diagonals,
        } => format!("first_{length}_{}{}", verb(*result), orth(*diagonals)),
        TurnCheck::AllLoseIfInARow { length, diagonals } => {
            format!("all_lose_{length}{}", orth(*diagonals))
        }
        TurnCheck::AnyPiece { result } => format!("any_piece_{}", verb(*result)),
        TurnCheck::LastShape { shape, result } => {
            format!("last_{}_{}", normalize(shape.name()), verb(*result))
        }
        TurnCheck::ChaosWinsIfTotalAbove { shape, count } => {
            format!(
                "chaos_wins_if_total_{}_above_{count}",
                normalize(shape.plural())
            )
        }
        TurnCheck::ReachGoal { result } => format!("reach_goal_{}", verb(*result)),
        TurnCheck::ConnectSides { result } => format!("connect_sides_{}", verb(*result)),
        TurnCheck::StackOfColors { colors, result } => {
            format!("stack_of_{colors}_{}", verb(*result))
        }
        TurnCheck::StalemateIfChaosCannotCapture => "stalemate_if_chaos_cannot_capture".into(),
        TurnCheck::StalemateIfBoardFull => "stalemate_if_board_full".into(),
        TurnCheck::EnPassant => "en_passant".into(),
        TurnCheck::Castle => "castle".into(),
    }
}

/// The check in the spec's words.
pub(super) fn words(check: &TurnCheck) -> String {
    redscience_engine::describe::turn_check_words(check)
}

/// Every check a person may type (the count of "Chaos wins if total ..." aside).
fn universe() -> Vec<TurnCheck> {
    let mut out = Vec::new();
    for diagonals in [true, false] {
        for length in IN_A_ROW_LENGTHS {
            for result in [WinLose::Win, WinLose::Lose] {
                out.push(TurnCheck::InARow {
                    length,
                    result,
                    diagonals,
                });
            }
        }
        for length in IN_A_ROW_LENGTHS {
            out.push(TurnCheck::AllLoseIfInARow { length, diagonals });
        }
    }
    for result in [WinLose::Win, WinLose::Lose] {
        out.push(TurnCheck::AnyPiece { result });
    }
    for shape in Shape::ALL {
        for result in [WinLose::Win, WinLose::Lose] {
            out.push(TurnCheck::LastShape { shape, result });
        }
    }
    for result in [WinLose::Win, WinLose::Lose] {
        out.push(TurnCheck::ReachGoal { result });
    }
    for result in [WinLose::Win, WinLose::Lose] {
        out.push(TurnCheck::ConnectSides { result });
    }
    for colors in 2..=redscience_engine::validate::COLORS_PER_SEAT_MAX * 2 {
        for result in [WinLose::Win, WinLose::Lose] {
            out.push(TurnCheck::StackOfColors { colors, result });
        }
    }
    out.push(TurnCheck::StalemateIfChaosCannotCapture);
    out.push(TurnCheck::StalemateIfBoardFull);
    out.push(TurnCheck::EnPassant);
    out.push(TurnCheck::Castle);
    out
}

/// True when adding the check keeps the list valid.
fn fits(rules: &RuleSet, check: &TurnCheck) -> bool {
    let mut candidate = rules.clone();
    let field = format!("turn_checks[{}]", candidate.turn_checks.len());
    candidate.turn_checks.push(check.clone());
    problems_at(&candidate, &field).is_empty()
}

/// The checks offered: those listed (to remove) and the common ones that fit.
fn offered(rules: &RuleSet) -> (Vec<Opt<TurnCheck>>, Vec<Opt<TurnCheck>>) {
    let label = |c: &TurnCheck| {
        if rules.turn_checks.contains(c) {
            format!("Remove: {}", words(c))
        } else {
            format!("Add: {}", words(c))
        }
    };
    let offer = |c: &TurnCheck| rules.turn_checks.contains(c) || fits(rules, c);
    let mut lines = Vec::new();
    let mut others = Vec::new();
    let longest = redscience_engine::validate::longest_line(rules);
    for check in universe() {
        let common = match &check {
            // The Factory's lengths, and the board's longest line (any
            // other length may be typed).
            TurnCheck::InARow {
                length, diagonals, ..
            } => (*diagonals || *length <= 4) && (*length <= 6 || *length == longest),
            TurnCheck::AllLoseIfInARow { length, diagonals } => *diagonals && *length <= 6,
            TurnCheck::LastShape { shape, .. } => rules.shape_rules(*shape).is_some(),
            TurnCheck::StalemateIfChaosCannotCapture => {
                rules.players.has_chaos() && rules.shapes.iter().any(|s| s.power != Power::None)
            }
            TurnCheck::EnPassant => has_movement(rules, Movement::PawnForwardCenter),
            TurnCheck::Castle => has_movement(rules, Movement::RookOrthCastle),
            _ => true,
        };
        if !(rules.turn_checks.contains(&check) || common && offer(&check)) {
            continue;
        }
        let opt = Opt::new(check.clone(), id(&check), label(&check)).alias(&words(&check));
        match check {
            TurnCheck::InARow { .. } => lines.push(opt),
            _ => others.push(opt),
        }
    }
    // Listed checks the universe does not hold ("Chaos wins if total ...").
    for check in &rules.turn_checks {
        if !universe().contains(check) {
            others.push(Opt::new(check.clone(), id(check), label(check)).alias(&words(check)));
        }
    }
    (lines, others)
}

fn has_movement(rules: &RuleSet, m: Movement) -> bool {
    rules.shapes.iter().any(|s| s.movement.contains(&m))
}

fn listed(rules: &RuleSet) -> String {
    if rules.turn_checks.is_empty() {
        return "none".into();
    }
    let items: Vec<String> = rules.turn_checks.iter().map(words).collect();
    and_list(&items)
}

pub(super) fn ask(rules: &RuleSet) -> Ask {
    let (lines, others) = offered(rules);
    let mut choices = select("in-a-row checks", &lines, None);
    choices.extend(select("other checks", &others, None));
    choices.extend(buttons(&[Opt::new((), "none", "No turn checks")]));
    let now = listed(rules);
    Ask::new(
        format!(
            "Turn checks run at the end of every turn. Now: {now}. Pick a check to add it, or a \
             listed one to remove it; type several separated by commas. \"Chaos wins if total \
             circles > 9\" is typed as chaos_wins_if_total_circles_above_9. A player's goal is \
             the far side (Player 1's the top row); to connect sides, Player 1 joins bottom and \
             top, Player 2 left and right. Say next when finished."
        ),
        choices,
        now,
    )
}

/// "chaos_wins_if_total_circles_above_9" (or "Chaos wins if total circles > 9").
fn parse_chaos_total(answer: &str) -> Option<TurnCheck> {
    let rest = answer.strip_prefix("chaos_wins_if_total_")?;
    let (shape_word, rest) = rest.split_once('_')?;
    let shape = Shape::parse(shape_word)?;
    let count = rest
        .strip_prefix("above_")
        .or_else(|| rest.strip_prefix("over_"))
        .unwrap_or(rest)
        .parse()
        .ok()?;
    Some(TurnCheck::ChaosWinsIfTotalAbove { shape, count })
}

fn parse_one(rules: &RuleSet, part: &str) -> Result<TurnCheck, String> {
    let answer = normalize(part);
    if let Some(check) = parse_chaos_total(&answer) {
        return Ok(check);
    }
    let all: Vec<Opt<TurnCheck>> = universe()
        .into_iter()
        .chain(rules.turn_checks.iter().cloned())
        .map(|c| Opt::new(c.clone(), id(&c), words(&c)))
        .collect();
    super::input::pick(part, &all).map_err(|_| {
        let (lines, others) = offered(rules);
        let ids: Vec<String> = lines.iter().chain(&others).map(|o| o.id.clone()).collect();
        format!(
            "\"{}\" is not a turn check; answer none, next, or checks such as {}",
            part.trim(),
            super::input::or_list(&ids)
        )
    })
}

pub(super) fn apply(rules: &mut RuleSet, input: &str) -> Result<Flow, String> {
    if matches!(normalize(input).as_str(), "none" | "clear") {
        rules.turn_checks.clear();
        return Ok(Flow::Stay);
    }
    let parts: Vec<&str> = input
        .split([',', ';'])
        .filter(|p| !p.trim().is_empty())
        .collect();
    if parts.is_empty() {
        return Err("the answer is empty; pick a check, none, or next".into());
    }
    for part in parts {
        let check = parse_one(rules, part)?;
        if let Some(at) = rules.turn_checks.iter().position(|c| *c == check) {
            rules.turn_checks.remove(at);
            continue;
        }
        let field = format!("turn_checks[{}]", rules.turn_checks.len());
        rules.turn_checks.push(check.clone());
        let problems = problems_at(rules, &field);
        if !problems.is_empty() {
            return Err(format!(
                "{} cannot be added: {}",
                words(&check),
                problems.join("; ")
            ));
        }
    }
    Ok(Flow::Stay)
}
