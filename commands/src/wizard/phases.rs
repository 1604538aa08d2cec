//! Phases: how many, and per phase its order, movement, pass option, locked
//! seats, locked and cloaked spaces, and fold rule.
//!
//! An added phase copies the last one (its fold rule aside), so walls and
//! cloaks meant for the whole game carry over. Cloaked spaces are asked only
//! with cloaking, and a fold rule only on a phase that another follows.

use redscience_engine::RuleSet;
use redscience_engine::rules::{FoldRule, Order, SeatRef, SpaceRef};

use super::input::{
    Opt, SPACES_HELP, all_seats, and_list, buttons, counted, file_name, pick, seats, seats_help,
    spaces,
};
use super::step::Step;
use super::{Ask, Flow, problems_at};

fn count_options() -> Vec<Opt<usize>> {
    (1..=6)
        .map(|n| {
            let label = if n == 1 {
                "1 phase".to_string()
            } else {
                format!("{n} phases")
            };
            Opt::new(n, n.to_string(), label)
        })
        .collect()
}

fn order_words(o: Order) -> &'static str {
    match o {
        Order::Sequential => "Sequential",
        Order::Simultaneous => "Simultaneous",
        Order::Single => "Single",
    }
}

fn order_options() -> Vec<Opt<Order>> {
    [Order::Sequential, Order::Simultaneous, Order::Single]
        .into_iter()
        .map(|o| Opt::new(o, file_name(&o), order_words(o)))
        .collect()
}

/// The answers to a phase's first question: an order, or a shortcut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OrderAnswer {
    Order(Order),
    /// Keep the phase as it is and go to the next.
    Keep,
    /// Copy the phase before (its fold rule aside) and go to the next.
    Same,
}

fn order_answers(i: usize) -> Vec<Opt<OrderAnswer>> {
    let mut opts: Vec<Opt<OrderAnswer>> = order_options()
        .into_iter()
        .map(|o| Opt::new(OrderAnswer::Order(o.value), o.id, o.label))
        .collect();
    opts.push(Opt::new(
        OrderAnswer::Keep,
        "keep_phase",
        format!("Keep phase {} as it is", i + 1),
    ));
    if i > 0 {
        opts.push(Opt::new(
            OrderAnswer::Same,
            "same",
            format!("Same as phase {i}"),
        ));
    }
    opts
}

fn movement_options() -> Vec<Opt<bool>> {
    vec![
        Opt::new(false, "movement_allowed", "Movement allowed"),
        Opt::new(true, "placement_only", "Placement only"),
    ]
}

fn pass_options() -> Vec<Opt<bool>> {
    vec![
        Opt::new(true, "pass", "Option to pass").alias("yes"),
        Opt::new(false, "no_pass", "No option to pass").alias("no"),
    ]
}

fn fold_options() -> Vec<Opt<Option<FoldRule>>> {
    vec![
        Opt::new(None, "no_fold", "No fold").alias("none"),
        Opt::new(
            Some(FoldRule::LessThanMostCommitted),
            "less_than_most_committed",
            "Less-than-most committed pieces folds",
        ),
    ]
}

/// "seat 1", "Chaos".
fn seat_words(seat: SeatRef) -> String {
    match seat {
        SeatRef::Player(n) => format!("seat {n}"),
        SeatRef::Chaos => "Chaos".into(),
    }
}

/// Single seats, and "only N unlocked" for each seat when there are three or more.
fn locked_seat_options(rules: &RuleSet) -> Vec<Opt<Vec<SeatRef>>> {
    let all = all_seats(rules.players);
    let mut opts = vec![Opt::new(Vec::new(), "none", "No seat locked")];
    for seat in &all {
        opts.push(Opt::new(
            vec![*seat],
            seat.to_string(),
            format!("{} locked", capitalize(&seat_words(*seat))),
        ));
    }
    if all.len() >= 3 {
        for seat in &all {
            let others: Vec<SeatRef> = all.iter().copied().filter(|s| s != seat).collect();
            opts.push(Opt::new(
                others,
                format!("only_{seat}"),
                format!("Only {} unlocked", seat_words(*seat)),
            ));
        }
    }
    opts
}

fn seats_list(list: &[SeatRef]) -> String {
    let items: Vec<String> = list.iter().map(|s| seat_words(*s)).collect();
    and_list(&items)
}

fn spaces_list(list: &[SpaceRef]) -> String {
    if list.is_empty() {
        return "none".into();
    }
    list.iter()
        .map(|r| r.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn title(rules: &RuleSet, i: usize) -> String {
    format!("Phase {} of {}", i + 1, rules.phases.len())
}

fn space_options() -> Vec<Opt<()>> {
    vec![
        Opt::new((), "none", "None"),
        Opt::new((), "all", "Every space"),
    ]
}

pub(super) fn ask(rules: &RuleSet, step: Step) -> Ask {
    match step {
        Step::PhaseCount => Ask::new(
            format!(
                "Phases: the game has {}. Stalemate moves play to the next phase; each phase \
                 has its own order, pass option, locked seats and locked and cloaked spaces. \
                 An added phase starts as a copy of the last.",
                rules.phases.len()
            ),
            buttons(&count_options()),
            counted(rules.phases.len(), "phase"),
        ),
        Step::Order(i) => {
            let p = &rules.phases[i];
            let (orders, extra): (Vec<_>, Vec<_>) = order_answers(i)
                .into_iter()
                .partition(|o| matches!(o.value, OrderAnswer::Order(_)));
            let mut choices = buttons(&orders);
            choices.extend(buttons(&extra));
            Ask::new(
                format!(
                    "{}: order, now {}. Sequential: players take turns; simultaneous: everyone \
                     plans a move and all are played together; single: one simultaneous round.",
                    title(rules, i),
                    order_words(p.order)
                ),
                choices,
                order_words(p.order),
            )
        }
        Step::PhaseMovement(i) => {
            let now = if rules.phases[i].placement_only {
                "Placement only"
            } else {
                "Movement allowed"
            };
            Ask::new(
                format!(
                    "{}: may pieces on the board move, or must every move come from reserves? Now {now}.",
                    title(rules, i)
                ),
                buttons(&movement_options()),
                now,
            )
        }
        Step::Pass(i) => {
            let now = if rules.phases[i].pass {
                "Option to pass"
            } else {
                "No option to pass"
            };
            Ask::new(
                format!("{}: may players pass? Now {now}.", title(rules, i)),
                buttons(&pass_options()),
                now,
            )
        }
        Step::LockedSeats(i) => {
            let now = match rules.phases[i].locked_seats.as_slice() {
                [] => "no seat locked".to_string(),
                list => format!("{} locked", seats_list(list)),
            };
            Ask::new(
                format!(
                    "{}: locked seats cannot move in this phase (they pass). Now {now}. \
                     Pick, or type {}.",
                    title(rules, i),
                    seats_help(rules.players)
                ),
                buttons(&locked_seat_options(rules)),
                now,
            )
        }
        Step::LockedSpaces(i) => {
            let now = spaces_list(&rules.phases[i].locked);
            Ask::new(
                format!(
                    "{}: locked spaces are walls no one enters or leaves in this phase. Now: {now}. \
                     Type {SPACES_HELP}.",
                    title(rules, i)
                ),
                buttons(&space_options()),
                now,
            )
        }
        Step::CloakedSpaces(i) => {
            let now = spaces_list(&rules.phases[i].cloaked);
            Ask::new(
                format!(
                    "{}: pieces on cloaked spaces are hidden from the other players. Now: {now}. \
                     Type {SPACES_HELP}.",
                    title(rules, i)
                ),
                buttons(&space_options()),
                now,
            )
        }
        Step::Fold(i) => {
            let now = match rules.phases[i].fold {
                None => "No fold",
                Some(FoldRule::LessThanMostCommitted) => "Less-than-most committed pieces folds",
            };
            Ask::new(
                format!(
                    "{}: a fold rule applies when this phase ends; players who fold cannot move \
                     for the rest of the game. Now {now}.",
                    title(rules, i)
                ),
                buttons(&fold_options()),
                now,
            )
        }
        _ => unreachable!("{step:?} is not a phases question"),
    }
}

pub(super) fn apply(rules: &mut RuleSet, step: Step, input: &str) -> Result<Flow, String> {
    match step {
        Step::PhaseCount => {
            let n = pick(input, &count_options())?;
            if n < rules.phases.len() {
                rules.phases.truncate(n);
            }
            while rules.phases.len() < n {
                let mut copy = rules.phases.last().cloned().unwrap_or_default();
                copy.fold = None;
                rules.phases.push(copy);
            }
        }
        Step::Order(i) => match pick(input, &order_answers(i))? {
            OrderAnswer::Order(order) => rules.phases[i].order = order,
            OrderAnswer::Keep => return Ok(Flow::Goto(Step::after_phase(i, rules))),
            OrderAnswer::Same => {
                let mut copy = rules.phases[i - 1].clone();
                copy.fold = None;
                rules.phases[i] = copy;
                return Ok(Flow::Goto(Step::after_phase(i, rules)));
            }
        },
        Step::PhaseMovement(i) => {
            rules.phases[i].placement_only = pick(input, &movement_options())?
        }
        Step::Pass(i) => rules.phases[i].pass = pick(input, &pass_options())?,
        Step::LockedSeats(i) => {
            let locked = match pick(input, &locked_seat_options(rules)) {
                Ok(list) => list,
                Err(_) => seats(input, rules.players)?,
            };
            rules.phases[i].locked_seats = locked;
        }
        Step::LockedSpaces(i) => {
            rules.phases[i].locked = spaces(input)?;
            refuse_problems(rules, &format!("phases[{i}].locked"))?;
        }
        Step::CloakedSpaces(i) => {
            rules.phases[i].cloaked = spaces(input)?;
            refuse_problems(rules, &format!("phases[{i}].cloaked"))?;
        }
        Step::Fold(i) => rules.phases[i].fold = pick(input, &fold_options())?,
        _ => unreachable!("{step:?} is not a phases question"),
    }
    Ok(Flow::Next)
}

/// Refuses spaces that name nothing on this board, in the engine's words.
pub(super) fn refuse_problems(rules: &RuleSet, field: &str) -> Result<(), String> {
    let problems = problems_at(rules, field);
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("{}; write {SPACES_HELP}", problems.join("; ")))
    }
}

pub(super) fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
