//! Stalemate rules: applied when the last phase stalemates. A list built
//! like the turn checks, with one difference: a rule that decides every
//! player ("Stalemate draws", "All players win if stalemate", ...) stands
//! alone, so adding one replaces the list, and adding any other rule drops
//! them. The list is never empty.

use redscience_engine::RuleSet;
use redscience_engine::rules::{Measure, StalemateRule, WinLose};

use super::input::{Opt, and_list, normalize, or_list, pick, select};
use super::{Ask, Flow, problems_at};

fn verb(result: WinLose) -> &'static str {
    match result {
        WinLose::Win => "wins",
        WinLose::Lose => "loses",
    }
}

/// A measure's id and whether it counts diagonals: ("2_in_a_row", false).
fn measure(of: &Measure) -> (String, bool) {
    match of {
        Measure::LongestLine { diagonals } => ("in_a_row".into(), *diagonals),
        Measure::Lines { length, diagonals } => (format!("{length}_in_a_row"), *diagonals),
        Measure::Pieces { shape: None } => ("pieces".into(), true),
        Measure::Pieces { shape: Some(s) } => (normalize(s.plural()), true),
        Measure::Area => ("area".into(), true),
    }
}

/// Whether the rule decides every player alone (the engine's list).
fn decides_all(rule: &StalemateRule) -> bool {
    rule.decides_everyone()
}

/// (id, words) of a rule, e.g. ("most_pieces_wins", "Most pieces wins");
/// the words are the engine's own.
pub(super) fn id_and_words(rule: &StalemateRule) -> (String, String) {
    let orth = |diagonals: bool| if diagonals { "" } else { "_orth" };
    let measured = |lead: &str, of: &Measure, tail: &str, result: &WinLose| {
        let (id, diagonals) = measure(of);
        let tail_id = normalize(tail);
        let tail_id = if tail_id.is_empty() {
            String::new()
        } else {
            format!("_{tail_id}")
        };
        format!(
            "{}_{id}{}{tail_id}_{}",
            normalize(lead),
            orth(diagonals),
            verb(*result)
        )
    };
    let id = match rule {
        StalemateRule::Draw => "draw".to_string(),
        StalemateRule::AllWin => "all_win".to_string(),
        StalemateRule::AllLose => "all_lose".to_string(),
        StalemateRule::MoverWins => "stalemate_wins".to_string(),
        StalemateRule::MoverLoses => "stalemate_loses".to_string(),
        StalemateRule::Most { of, result } => measured("Most", of, "", result),
        StalemateRule::Least { of, result } => measured("Least", of, "", result),
        StalemateRule::MoreThanChaos { of, result } => measured("More", of, " than Chaos", result),
        StalemateRule::LessThanChaos { of, result } => measured("Less", of, " than Chaos", result),
        StalemateRule::Any { of, result } => measured("Any", of, "", result),
        StalemateRule::LastInARow {
            length,
            result,
            diagonals,
        } => format!(
            "last_{length}_in_a_row{}_{}",
            orth(*diagonals),
            verb(*result)
        ),
    };
    (id, redscience_engine::describe::stalemate_words(rule))
}

/// Every rule a person may type: the engine's list.
fn universe() -> Vec<StalemateRule> {
    StalemateRule::every()
}

/// The list after picking `rule`: removed if listed, else added (alone
/// when it decides every player; dropping those that do otherwise).
fn toggle(list: &[StalemateRule], rule: &StalemateRule) -> Result<Vec<StalemateRule>, String> {
    if let Some(at) = list.iter().position(|r| r == rule) {
        if list.len() == 1 {
            return Err(format!(
                "\"{}\" is the only stalemate rule and a game needs one; pick another rule to \
                 replace it",
                id_and_words(rule).1
            ));
        }
        let mut out = list.to_vec();
        out.remove(at);
        return Ok(out);
    }
    if decides_all(rule) {
        return Ok(vec![rule.clone()]);
    }
    let mut out: Vec<StalemateRule> = list.iter().filter(|r| !decides_all(r)).cloned().collect();
    out.push(rule.clone());
    Ok(out)
}

/// True when picking the rule leaves valid stalemate rules.
fn fits(rules: &RuleSet, rule: &StalemateRule) -> bool {
    let Ok(list) = toggle(&rules.stalemate, rule) else {
        return false;
    };
    let mut candidate = rules.clone();
    candidate.stalemate = list;
    problems_at(&candidate, "stalemate").is_empty()
}

/// The spec's dropdown and its common extensions, plus the rules listed.
fn offered(rules: &RuleSet) -> Vec<Opt<StalemateRule>> {
    let common = |r: &StalemateRule| match r {
        StalemateRule::Most { of, result } | StalemateRule::Least { of, result } => {
            let most = matches!(r, StalemateRule::Most { .. });
            // "Least area wins" is BoS's rule.
            let usual = (most && *result == WinLose::Win)
                || (!most && (*result == WinLose::Lose || *of == Measure::Area));
            usual
                && match of {
                    Measure::LongestLine { diagonals } => *diagonals,
                    Measure::Lines { length, diagonals } => *length == 2 && *diagonals,
                    Measure::Pieces { shape: None } | Measure::Area => true,
                    Measure::Pieces { shape: Some(s) } => {
                        rules.shapes.len() > 1 && rules.shape_rules(*s).is_some()
                    }
                }
        }
        StalemateRule::MoreThanChaos { of, result } => {
            *of == Measure::Pieces { shape: None } && *result == WinLose::Win
        }
        StalemateRule::LessThanChaos { of, result } => {
            *of == Measure::Pieces { shape: None } && *result == WinLose::Lose
        }
        StalemateRule::Any { of, result } => {
            *of == (Measure::Lines {
                length: 3,
                diagonals: true,
            }) && *result == WinLose::Win
        }
        StalemateRule::LastInARow {
            length,
            result,
            diagonals,
        } => *length == 3 && *result == WinLose::Win && *diagonals,
        _ => true,
    };
    universe()
        .into_iter()
        .filter(|r| {
            if rules.stalemate.contains(r) {
                rules.stalemate.len() > 1
            } else {
                common(r) && fits(rules, r)
            }
        })
        .map(|r| {
            let (id, words) = id_and_words(&r);
            let label = if rules.stalemate.contains(&r) {
                format!("Remove: {words}")
            } else {
                format!("Add: {words}")
            };
            Opt::new(r, id, label).alias(&words)
        })
        .collect()
}

fn listed(rules: &RuleSet) -> String {
    let items: Vec<String> = rules.stalemate.iter().map(|r| id_and_words(r).1).collect();
    and_list(&items)
}

pub(super) fn ask(rules: &RuleSet) -> Ask {
    let now = listed(rules);
    Ask::new(
        format!(
            "Stalemate rules decide the game when the last phase stalemates. Now: {now}. Pick a \
             rule to add it, or a listed one to remove it; \"Stalemate draws\", \"All players \
             win/lose\" and \"Stalemate wins/loses\" stand alone. Other measures can be typed, \
             e.g. least_area_wins or most_3_in_a_row_orth_wins. Say next when finished."
        ),
        select("stalemate rules", &offered(rules), None),
        now,
    )
}

pub(super) fn apply(rules: &mut RuleSet, input: &str) -> Result<Flow, String> {
    let all: Vec<Opt<StalemateRule>> = universe()
        .into_iter()
        .map(|r| {
            let (id, words) = id_and_words(&r);
            Opt::new(r, id, words)
        })
        .collect();
    let parts: Vec<&str> = input
        .split([',', ';'])
        .filter(|p| !p.trim().is_empty())
        .collect();
    if parts.is_empty() {
        return Err("the answer is empty; pick a stalemate rule, or next".into());
    }
    for part in parts {
        let rule = pick(part, &all).map_err(|_| {
            let ids: Vec<String> = offered(rules).into_iter().map(|o| o.id).collect();
            format!(
                "\"{}\" is not a stalemate rule; answer next, or rules such as {}",
                part.trim(),
                or_list(&ids)
            )
        })?;
        rules.stalemate = toggle(&rules.stalemate, &rule)?;
        let problems = problems_at(rules, "stalemate");
        if !problems.is_empty() {
            return Err(format!(
                "{} cannot be used here: {}",
                id_and_words(&rule).1,
                problems.join("; ")
            ));
        }
    }
    Ok(Flow::Stay)
}
