//! Ending rules beyond checks and stalemates: what a player who cannot move
//! does (in the whole game, and in a sequential phase of a game with
//! several), the turn limits after which the stalemate rules decide, and
//! what a repeated turn does.
//!
//! Only valid choices are offered: "allowed" for repeated turns only while
//! a limit ends every game. [`settle`] applies the dependent rules after
//! every answer and says what it changed: a phase played in sealed rounds
//! always passes (a seat there with no move plans a pass), repeated turns
//! stop being allowed when nothing bounds the game any more, and a
//! "Connecting opposite sides" check the board no longer fits is named.

use redscience_engine::RuleSet;
use redscience_engine::rules::{NoMove, Order, Repetition, TurnCheck};
use redscience_engine::validate::TURN_LIMIT_MAX;

use super::input::{Opt, and_list, buttons, file_name, not_offered, or_list, pick};
use super::step::Step;
use super::{Ask, Flow, problems_at};

/// "passes", "loses", "wins": the verb a person may type for a rule.
fn no_move_verb(n: NoMove) -> &'static str {
    match n {
        NoMove::Pass => "passes",
        NoMove::Lose => "loses",
        NoMove::Win => "wins",
    }
}

fn no_move_options() -> Vec<Opt<NoMove>> {
    [NoMove::Pass, NoMove::Lose, NoMove::Win]
        .into_iter()
        .map(|n| Opt::new(n, file_name(&n), n.words()).alias(no_move_verb(n)))
        .collect()
}

/// A phase's rule, or None for the whole game's.
fn phase_no_move_options() -> Vec<Opt<Option<NoMove>>> {
    let mut opts = vec![Opt::new(None, "as_game", "As the whole game").alias("game")];
    opts.extend(
        no_move_options()
            .into_iter()
            .map(|o| Opt::new(Some(o.value), o.id, o.label).alias(no_move_verb(o.value))),
    );
    opts
}

/// "Phase 2", "Phases 2 and 3".
fn phases_named(numbers: &[usize]) -> String {
    let items: Vec<String> = numbers.iter().map(|n| n.to_string()).collect();
    if numbers.len() == 1 {
        format!("Phase {}", items[0])
    } else {
        format!("Phases {}", and_list(&items))
    }
}

/// The phases (numbered from 1) played in sealed rounds.
fn sealed_phases(rules: &RuleSet) -> Vec<usize> {
    (rules.phases.iter().enumerate())
        .filter(|(_, p)| p.order != Order::Sequential)
        .map(|(i, _)| i + 1)
        .collect()
}

/// Suggested limits; any number from 1 to [`TURN_LIMIT_MAX`] may be typed.
const TURN_LIMITS: [u16; 6] = [50, 100, 200, 300, 500, 1000];
const QUIET_LIMITS: [u16; 5] = [20, 40, 50, 80, 100];

fn limit_options(values: &[u16]) -> Vec<Opt<Option<u16>>> {
    let mut opts = vec![
        Opt::new(None, "none", "No limit")
            .alias("no")
            .alias("no limit"),
    ];
    opts.extend(
        values
            .iter()
            .map(|n| Opt::new(Some(*n), n.to_string(), format!("{n} turns"))),
    );
    opts
}

fn limit_words(limit: Option<u16>) -> String {
    match limit {
        None => "no limit".into(),
        Some(1) => "1 turn".into(),
        Some(n) => format!("{n} turns"),
    }
}

/// A limit typed as "none", "200" or "200 turns".
fn parse_limit(input: &str, values: &[u16]) -> Result<Option<u16>, String> {
    if let Ok(limit) = pick(input, &limit_options(values)) {
        return Ok(limit);
    }
    let accepted = format!(
        "answer none, or a number of turns from 1 to {TURN_LIMIT_MAX}, e.g. {}",
        values[values.len() / 2]
    );
    let answer = input.trim().to_lowercase();
    let digits = (answer.strip_suffix("turns"))
        .or_else(|| answer.strip_suffix("turn"))
        .unwrap_or(&answer)
        .trim();
    match digits.parse::<u64>() {
        Ok(n) if (1..=u64::from(TURN_LIMIT_MAX)).contains(&n) => Ok(Some(n as u16)),
        Ok(n) => Err(format!(
            "{n} turns is out of range: a limit is 1 to {TURN_LIMIT_MAX} turns; {accepted}"
        )),
        Err(_) => Err(format!(
            "\"{}\" is not a number of turns; {accepted}",
            input.trim()
        )),
    }
}

fn repetition_options() -> Vec<Opt<Repetition>> {
    [
        (Repetition::Stalemate, "stalemates"),
        (Repetition::Draw, "draws"),
        (Repetition::RepeaterLoses, "loses"),
        (Repetition::Ignored, "allowed"),
    ]
    .into_iter()
    .map(|(r, verb)| Opt::new(r, file_name(&r), r.words()).alias(verb))
    .collect()
}

/// Whether the repetition rule keeps the rules valid (only "allowed" can
/// fail: a limit must end every game).
fn repetition_fits(rules: &RuleSet, repetition: Repetition) -> bool {
    let mut candidate = rules.clone();
    candidate.repetition = repetition;
    problems_at(&candidate, "repetition").is_empty()
}

fn repetition_offered(rules: &RuleSet) -> Vec<Opt<Repetition>> {
    repetition_options()
        .into_iter()
        .filter(|o| rules.repetition == o.value || repetition_fits(rules, o.value))
        .collect()
}

const ALLOWED_NEEDS: &str = "repeated turns can be allowed only where a limit ends every game: \
     a turn limit, or a quiet-turn limit where every capture removes or paralyses";

pub(super) fn ask(rules: &RuleSet, step: Step) -> Ask {
    match step {
        Step::NoMove => {
            let now = rules.no_move.words();
            let sealed = sealed_phases(rules);
            let sealed_words = if sealed.is_empty() {
                String::new()
            } else {
                format!(
                    " {} {} played in sealed rounds, where a seat with no move plans a pass: \
                     there a player who cannot move always passes.",
                    phases_named(&sealed),
                    if sealed.len() == 1 { "is" } else { "are" }
                )
            };
            Ask::new(
                format!(
                    "A player who cannot move: when a player has no legal move as its turn \
                     starts, it passes (the Factory's rule), loses (every other player wins) or \
                     wins (every other player loses). Now: {now}.{sealed_words}"
                ),
                buttons(&no_move_options()),
                now,
            )
        }
        Step::TurnLimit => {
            let now = limit_words(rules.turn_limit);
            Ask::new(
                format!(
                    "Turn limit: after this many turns (passes and rounds included) the match \
                     ends and the stalemate rules decide. Now: {now}. Pick one, or type a \
                     number of turns from 1 to {TURN_LIMIT_MAX}, or none."
                ),
                buttons(&limit_options(&TURN_LIMITS)),
                now,
            )
        }
        Step::QuietTurnLimit => {
            let now = limit_words(rules.quiet_turn_limit);
            Ask::new(
                format!(
                    "Quiet-turn limit: after this many turns in a row without a capture or a \
                     placement the match ends and the stalemate rules decide (Draughts here draws \
                     after 40). Now: {now}. Pick one, or type a number of \
                     turns from 1 to {TURN_LIMIT_MAX}, or none."
                ),
                buttons(&limit_options(&QUIET_LIMITS)),
                now,
            )
        }
        Step::Repetition => {
            let now = rules.repetition.words();
            let allowed = if repetition_fits(rules, Repetition::Ignored) {
                String::new()
            } else {
                format!(" Not offered: \"allowed\", as {ALLOWED_NEEDS}.")
            };
            Ask::new(
                format!(
                    "A repeated turn (the same player, position and moves as earlier in the \
                     phase; passes aside) stalemates (the next phase, or the stalemate rules \
                     decide: the Factory's rule), draws the match, loses (the player who \
                     repeated it loses), or is allowed (play goes on). Now: {now}.{allowed}"
                ),
                buttons(&repetition_offered(rules)),
                now,
            )
        }
        _ => unreachable!("{step:?} is not an ending question"),
    }
}

pub(super) fn apply(rules: &mut RuleSet, step: Step, input: &str) -> Result<Flow, String> {
    match step {
        Step::NoMove => {
            let no_move = pick(input, &no_move_options())?;
            if no_move != NoMove::Pass && sealed_phases(rules).len() == rules.phases.len() {
                return Err(
                    "every phase is played in sealed rounds, where a player with no move plans \
                     a pass; answer pass, or make a phase sequential (edit_phases at the \
                     review) for a player who cannot move to lose or win"
                        .into(),
                );
            }
            rules.no_move = no_move;
        }
        Step::TurnLimit => rules.turn_limit = parse_limit(input, &TURN_LIMITS)?,
        Step::QuietTurnLimit => rules.quiet_turn_limit = parse_limit(input, &QUIET_LIMITS)?,
        Step::Repetition => {
            let offered = repetition_offered(rules);
            let repetition =
                pick(input, &repetition_options()).map_err(|_| not_offered(input, &offered))?;
            if !offered.iter().any(|o| o.value == repetition) {
                let ids: Vec<String> = offered.iter().map(|o| o.id.clone()).collect();
                return Err(format!(
                    "\"{}\" is not offered here: {ALLOWED_NEEDS} (set one first, e.g. a turn \
                     limit of 300); answer {}",
                    input.trim(),
                    or_list(&ids)
                ));
            }
            rules.repetition = repetition;
        }
        _ => unreachable!("{step:?} is not an ending question"),
    }
    Ok(Flow::Next)
}

pub(super) fn ask_phase(rules: &RuleSet, i: usize) -> Ask {
    let now = match rules.phases[i].no_move {
        None => format!("as the whole game: {}", no_move_verb(rules.no_move)),
        Some(n) => n.words().to_string(),
    };
    Ask::new(
        format!(
            "Phase {} of {}: a player who cannot move as its turn starts in this phase passes, \
             loses or wins, or does as in the whole game (asked with the outcome rules). \
             Now: {now}.",
            i + 1,
            rules.phases.len()
        ),
        buttons(&phase_no_move_options()),
        now,
    )
}

pub(super) fn apply_phase(rules: &mut RuleSet, i: usize, input: &str) -> Result<Flow, String> {
    if rules.phases[i].order != Order::Sequential {
        return Err(format!(
            "phase {} is played in sealed rounds, where a player with no move plans a pass; \
             make it sequential for a player who cannot move to lose or win",
            i + 1
        ));
    }
    rules.phases[i].no_move = pick(input, &phase_no_move_options())?;
    Ok(Flow::Next)
}

/// Applies the ending rules' dependent rules to `after` (the rules after an
/// answer, `before` as they were) and says what changed.
pub(super) fn settle(before: &RuleSet, after: &mut RuleSet) -> Vec<String> {
    let mut notes = Vec::new();
    let game = after.no_move;
    let mut passed = Vec::new();
    for (i, phase) in after.phases.iter_mut().enumerate() {
        if phase.order != Order::Sequential && phase.no_move.unwrap_or(game) != NoMove::Pass {
            phase.no_move = (game != NoMove::Pass).then_some(NoMove::Pass);
            passed.push(i + 1);
        }
    }
    if !passed.is_empty() {
        notes.push(format!(
            "{} {} played in sealed rounds, where a seat with no move plans a pass: a player \
             who cannot move passes there.",
            phases_named(&passed),
            if passed.len() == 1 { "is" } else { "are" }
        ));
    }
    if after.repetition == Repetition::Ignored && !problems_at(after, "repetition").is_empty() {
        after.repetition = Repetition::Stalemate;
        notes.push(
            "Repeated turns are no longer allowed: no limit ends every game now, so a repeated \
             turn stalemates again."
                .into(),
        );
    }
    if after.lines_at_start && !problems_at(after, "lines_at_start").is_empty() {
        after.lines_at_start = false;
        notes.push(
            "Lines on the board at the start no longer count: that needs starting pieces, an \
             in-a-row or goal check, and a first phase played in turns."
                .into(),
        );
    }
    notes.extend(unfit_sides(before, after));
    notes
}

/// "Connecting opposite sides" checks that fitted before the answer and no
/// longer do (a toroid, a fourth player, a side too short), in the engine's words.
fn unfit_sides(before: &RuleSet, after: &RuleSet) -> Vec<String> {
    let problems = |rules: &RuleSet, check: &TurnCheck| {
        (rules.turn_checks.iter().position(|c| c == check))
            .map(|at| problems_at(rules, &format!("turn_checks[{at}]")))
    };
    (after.turn_checks.iter())
        .filter(|c| matches!(c, TurnCheck::ConnectSides { .. }))
        .filter_map(|check| {
            let now = problems(after, check)?;
            let fitted = problems(before, check).is_some_and(|p| p.is_empty());
            (fitted && !now.is_empty()).then(|| {
                format!(
                    "{} no longer fits: {}; change the turn checks (edit_outcome at the review).",
                    super::checks::words(check),
                    now.join("; ")
                )
            })
        })
        .collect()
}
