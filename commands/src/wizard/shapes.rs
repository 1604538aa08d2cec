//! Shapes: how many, and per shape its power, capture condition, capture
//! result, chain rule and movement (reserves are in `reserves.rs`).
//!
//! "No power" clears the condition and result; the chain rule is asked
//! only of a chain of jumps, and any other capture clears it. On boards
//! other than stacks a "Cover" condition (cover or cover by rank) offers
//! only the results that remove the captive from its space: remove and
//! reincarnate (x1 or x2); other conditions that take the captive's space
//! cannot convert there.

use redscience_engine::RuleSet;
use redscience_engine::rules::{
    Axis, BoardKind, CaptureCondition, CaptureResult, Chain, Movement, Power, Shape, ShapeRules,
};

use super::bounds;
use super::input::{Opt, and_list, buttons, counted, file_name, normalize, or_list, pick, select};
use super::step::{Step, title};
use super::{Ask, Flow};

fn count_options() -> Vec<Opt<usize>> {
    (1..=6)
        .map(|n| {
            let label = if n == 1 {
                "1 shape".to_string()
            } else {
                format!("{n} shapes")
            };
            Opt::new(n, n.to_string(), label)
        })
        .collect()
}

fn power_words(p: Power) -> &'static str {
    p.words()
}

fn power_options() -> Vec<Opt<Power>> {
    [Power::None, Power::Must, Power::Can, Power::Only]
        .into_iter()
        .map(|p| Opt::new(p, file_name(&p), power_words(p)))
        .collect()
}

/// A power, or None for "keep the shape as it is" (and go to the next).
fn power_answers(rules: &RuleSet, i: usize) -> Vec<Opt<Option<Power>>> {
    let mut opts: Vec<Opt<Option<Power>>> = power_options()
        .into_iter()
        .map(|o| Opt::new(Some(o.value), o.id, o.label))
        .collect();
    opts.push(Opt::new(
        None,
        "keep_shape",
        format!("Keep the {} as it is", rules.shapes[i].shape.name()),
    ));
    opts
}

const CONDITIONS: [CaptureCondition; 11] = [
    CaptureCondition::Cover,
    CaptureCondition::CoverByRank,
    CaptureCondition::MoveOnDiagEnPassant,
    CaptureCondition::MoveOnTriagonal,
    CaptureCondition::Jump,
    CaptureCondition::ChainJump,
    CaptureCondition::ChainJumpBack,
    CaptureCondition::SurroundLine,
    CaptureCondition::SurroundOrthogonal,
    CaptureCondition::Approach,
    CaptureCondition::Adjacent,
];

/// On stacks every capture is an arrival on a stack: only the cover conditions.
fn condition_options(rules: &RuleSet) -> Vec<Opt<CaptureCondition>> {
    CONDITIONS
        .into_iter()
        .filter(|c| redscience_engine::validate::condition_fits(rules, *c))
        .map(|c| Opt::new(c, file_name(&c), c.words()))
        .collect()
}

/// The results a condition offers on this board.
pub(super) fn results_for(
    rules: &RuleSet,
    condition: Option<CaptureCondition>,
) -> Vec<CaptureResult> {
    let all = [
        CaptureResult::Remove,
        CaptureResult::Convert,
        CaptureResult::Reincarnate,
        CaptureResult::ReincarnateX2,
        CaptureResult::Paralyze,
    ];
    let flat = rules.board != BoardKind::Stacks;
    all.into_iter()
        // The engine's rule: a capture that takes the space converts only on stacks.
        .filter(|r| {
            condition.is_none_or(|c| redscience_engine::validate::result_fits(rules, c, *r))
        })
        // Ours: on a flat board a covered captive that is paralysed would
        // only be removed, so cover offers remove and reincarnate.
        .filter(|r| {
            !(flat
                && *r == CaptureResult::Paralyze
                && matches!(
                    condition,
                    Some(CaptureCondition::Cover | CaptureCondition::CoverByRank)
                ))
        })
        .collect()
}

fn result_options(rules: &RuleSet, shape: usize) -> Vec<Opt<CaptureResult>> {
    let s = &rules.shapes[shape];
    let mut results = results_for(rules, s.capture);
    // A jump that leaves what it passes captures nothing: only a "can".
    let leaves = s.power == Power::Can
        && s.capture.is_some_and(|c| {
            redscience_engine::validate::result_fits(rules, c, CaptureResult::Leave)
        });
    if leaves {
        results.push(CaptureResult::Leave);
    }
    results
        .into_iter()
        .map(|r| Opt::new(r, file_name(&r), r.words()))
        .collect()
}

const MOVEMENTS: [Movement; 22] = [
    Movement::Adjacent,
    Movement::OrthByStack,
    Movement::LinearOrKnight,
    Movement::AdjOrthogonal,
    Movement::AdjDiagonal,
    Movement::Orthogonal,
    Movement::Diagonal,
    Movement::Linear,
    Movement::Knight,
    Movement::Knight2x1x0,
    Movement::Knight2x1x1,
    Movement::KnightBlocked,
    Movement::AdjacentOrKnight,
    Movement::OrthByFullStack,
    Movement::ForwardOrth,
    Movement::ForwardDiag,
    Movement::ForwardAdjDiag,
    Movement::AdjacentNoBackSide,
    Movement::AdjacentNoBack,
    Movement::OrthNoBack,
    Movement::PawnForwardCenter,
    Movement::RookOrthCastle,
];

fn chain_words(chain: Chain) -> &'static str {
    match chain {
        Chain::MayStop => "The chain may stop",
        Chain::MustContinue => "Chain must continue",
    }
}

fn chain_options() -> Vec<Opt<Chain>> {
    [(Chain::MayStop, "may stop"), (Chain::MustContinue, "must")]
        .into_iter()
        .map(|(c, word)| Opt::new(c, file_name(&c), chain_words(c)).alias(word))
        .collect()
}

fn movement_options(rules: &RuleSet) -> Vec<Opt<Movement>> {
    MOVEMENTS
        .into_iter()
        .filter(|m| redscience_engine::validate::movement_fits(rules, *m))
        .map(|m| Opt::new(m, file_name(&m), m.words()))
        .collect()
}

fn movement_words(movement: &[Movement], axis: Option<Axis>) -> String {
    if movement.is_empty() {
        "Stationary".into()
    } else {
        let mut words: Vec<String> = movement.iter().map(|m| m.words().to_string()).collect();
        words.extend(axis.map(|a| a.words().to_string()));
        and_list(&words)
    }
}

/// Adds shapes in the Factory's order (each copying the reserves of the
/// highest-numbered existing shape) or removes the last ones.
fn set_count(rules: &mut RuleSet, n: usize) {
    if n < rules.shapes.len() {
        rules.shapes.truncate(n);
        return;
    }
    let reserves = rules
        .shapes
        .last()
        .map(|s| s.reserves.clone())
        .unwrap_or_default();
    let mut unused = Shape::ALL
        .into_iter()
        .filter(|s| rules.shape_rules(*s).is_none())
        .collect::<Vec<_>>()
        .into_iter();
    while rules.shapes.len() < n {
        let Some(shape) = unused.next() else { break };
        rules.shapes.push(ShapeRules {
            shape,
            power: Power::None,
            capture: None,
            result: None,
            chain: Default::default(),
            jump_over: Default::default(),
            jump_line: false,
            chain_no_return: false,
            movement: Vec::new(),
            axis: None,
            trail: None,
            reserves: reserves.clone(),
        });
    }
}

pub(super) fn ask(rules: &RuleSet, step: Step) -> Ask {
    match step {
        Step::ShapeCount => {
            let names: Vec<String> = rules.shapes.iter().map(|s| s.shape.name().into()).collect();
            Ask::new(
                format!(
                    "Shapes: the game has {} ({}). Shapes come in the order circle, pentagon, X, \
                     cross, triangle, star; an added shape starts with the reserves of the last one.",
                    rules.shapes.len(),
                    and_list(&names)
                ),
                buttons(&count_options()),
                counted(rules.shapes.len(), "shape"),
            )
        }
        Step::Power(i) => {
            let s = &rules.shapes[i];
            let (powers, keep): (Vec<_>, Vec<_>) = power_answers(rules, i)
                .into_iter()
                .partition(|o| o.value.is_some());
            let mut choices = buttons(&powers);
            choices.extend(buttons(&keep));
            Ask::new(
                format!(
                    "Power of the {}: now {}. Pieces with a power capture; must capture means \
                     no other move is legal while a capture is possible; only captures means \
                     every move of the shape, placement or movement, must capture (as a \
                     Reversi disc's placement must).",
                    title(rules, i),
                    power_words(s.power)
                ),
                choices,
                power_words(s.power),
            )
        }
        Step::Condition(i) => {
            let s = &rules.shapes[i];
            let now = s.capture.map_or("none yet", CaptureCondition::words);
            let ask = Ask::new(
                format!(
                    "How the {} captures (power_condition): now {now}.",
                    title(rules, i)
                ),
                select(
                    "condition",
                    &condition_options(rules),
                    s.capture.map(|c| file_name(&c)),
                ),
                now,
            );
            Ask {
                keep: s.capture.map(|c| c.words().to_string()),
                ..ask
            }
        }
        Step::Result(i) => {
            let s = &rules.shapes[i];
            let now = s.result.map_or("none yet", CaptureResult::words);
            let ask = Ask::new(
                format!(
                    "What happens to the {}'s captives (power_result): now {now}. \
                     Reincarnate puts them into the captor's reserves.",
                    title(rules, i)
                ),
                buttons(&result_options(rules, i)),
                now,
            );
            Ask {
                keep: s.result.map(|r| r.words().to_string()),
                ..ask
            }
        }
        Step::Chain(i) => {
            let now = chain_words(rules.shapes[i].chain);
            Ask::new(
                format!(
                    "The {}'s chain of jumps: now {now}. A chain that may stop ends when the \
                     mover passes; one that must continue goes on while the piece can jump, \
                     as in draughts.",
                    title(rules, i)
                ),
                buttons(&chain_options()),
                now,
            )
        }
        Step::Movement(i) => {
            let s = &rules.shapes[i];
            let mut opts = vec![Opt::new(None, "stationary", "Stationary")];
            opts.extend(movement_options(rules).into_iter().map(|o| Opt {
                value: Some(o.value),
                id: o.id,
                label: o.label,
                aliases: o.aliases,
            }));
            // The axes, typed beside the kinds ("orthogonal, rows_only").
            opts.extend(bounds::axis_options(rules).into_iter().map(|o| Opt {
                value: None,
                id: o.id,
                label: o.label,
                aliases: o.aliases,
            }));
            let now = movement_words(&s.movement, s.axis);
            Ask::new(
                format!(
                    "Movement of the {}: now {now}. Pick one, or type several separated by \
                     commas (\"adjacent, knight\"); add rows_only or columns_only to keep every \
                     move of it to one axis (\"linear, rows_only\"). A placed piece cannot move \
                     while an identical piece is in its owner's reserve.",
                    title(rules, i),
                ),
                select("movement", &opts, None),
                now,
            )
        }
        _ => unreachable!("{step:?} is not a shapes question"),
    }
}

pub(super) fn apply(rules: &mut RuleSet, step: Step, input: &str) -> Result<Flow, String> {
    match step {
        Step::ShapeCount => set_count(rules, pick(input, &count_options())?),
        Step::Power(i) => {
            let Some(power) = pick(input, &power_answers(rules, i))? else {
                return Ok(Flow::Goto(Step::after_shape(i, rules)));
            };
            let s = &mut rules.shapes[i];
            s.power = power;
            if power == Power::None {
                s.capture = None;
                s.result = None;
            }
        }
        Step::Condition(i) => {
            let condition = pick(input, &condition_options(rules))?;
            let keeps_result = rules.shapes[i]
                .result
                .is_some_and(|r| results_for(rules, Some(condition)).contains(&r));
            let s = &mut rules.shapes[i];
            s.capture = Some(condition);
            if !keeps_result {
                s.result = None;
            }
        }
        Step::Result(i) => {
            let result = pick(input, &result_options(rules, i))?;
            rules.shapes[i].result = Some(result);
        }
        Step::Chain(i) => {
            if !super::step::chains(&rules.shapes[i]) {
                return Err(format!(
                    "the {} captures by no chain of jumps; only a chain_jump or \
                     chain_jump_back capture can be made to continue",
                    rules.shapes[i].shape.name()
                ));
            }
            rules.shapes[i].chain = pick(input, &chain_options())?;
        }
        Step::Movement(i) => {
            let (movement, axis) = parse_movement(rules, input)?;
            bounds::set_movement(rules, i, movement, axis)?;
        }
        _ => unreachable!("{step:?} is not a shapes question"),
    }
    Ok(Flow::Next)
}

/// "stationary", or movement kinds separated by commas, '+' or "and",
/// with at most one axis among them ("rows_only").
fn parse_movement(rules: &RuleSet, input: &str) -> Result<(Vec<Movement>, Option<Axis>), String> {
    let opts = movement_options(rules);
    let axes = bounds::axis_options(rules);
    let accepted = || {
        let ids: Vec<String> = opts.iter().map(|o| o.id.clone()).collect();
        let axis_ids: Vec<String> = axes.iter().map(|o| o.id.clone()).collect();
        format!(
            "stationary, or one or more of {} separated by commas, with {} to keep to one axis",
            or_list(&ids),
            or_list(&axis_ids)
        )
    };
    if matches!(normalize(input).as_str(), "stationary" | "none") {
        return Ok((Vec::new(), None));
    }
    let mut out = Vec::new();
    let mut axis = None;
    for part in input
        .split([',', '+', ';'])
        .flat_map(|p| p.split(" and "))
        .filter(|p| !p.trim().is_empty())
    {
        if let Ok(a) = pick(part, &axes) {
            if axis.is_some_and(|b| b != a) {
                return Err(format!(
                    "a shape keeps to one axis at most; answer {}",
                    accepted()
                ));
            }
            axis = Some(a);
            continue;
        }
        let kind = pick(part, &opts).map_err(|_| {
            let stacks_only = MOVEMENTS
                .iter()
                .any(|m| m.needs_stacks() && normalize(&file_name(m)) == normalize(part));
            let squares_only = MOVEMENTS
                .iter()
                .any(|m| m.needs_flat_squares() && normalize(&file_name(m)) == normalize(part));
            if stacks_only {
                format!(
                    "\"{}\" is only for stacks boards; answer {}",
                    part.trim(),
                    accepted()
                )
            } else if squares_only {
                format!(
                    "\"{}\" needs a flat board of squares (hash, or squares one layer high), \
                     where a knight's leg is the square beside it; answer {}",
                    part.trim(),
                    accepted()
                )
            } else {
                format!(
                    "\"{}\" is not a movement; answer {}",
                    part.trim(),
                    accepted()
                )
            }
        })?;
        if !out.contains(&kind) {
            out.push(kind);
        }
    }
    if out.is_empty() {
        let what = match axis {
            Some(_) => "name at least one movement for the axis to keep to",
            None => "the answer is empty",
        };
        return Err(format!("{what}; answer {}", accepted()));
    }
    Ok((out, axis))
}
