//! Players, colour mode, cloaking and pieces per turn.

use redscience_engine::RuleSet;
use redscience_engine::rules::{Cloaking, ColorMode, Players, SpaceRef};

use super::dependent::{Seating, colors_in_play, remap_reserves, reseat};
use redscience_engine::validate::PIECES_PER_TURN_MAX;

use super::input::{Opt, buttons, file_name, pick, select};
use super::step::Step;
use super::{Ask, Flow};

fn player_options() -> Vec<Opt<Players>> {
    [
        Players::Two,
        Players::TwoVsChaos,
        Players::Three,
        Players::ThreeVsChaos,
        Players::Four,
        Players::Partners,
        Players::OneVsChaos,
        Players::One,
    ]
    .into_iter()
    .map(|p| {
        let opt = Opt::new(p, file_name(&p), p.words());
        if p == Players::One {
            opt.alias("alone").alias("1 player").alias("1")
        } else if p.has_chaos() || p == Players::Partners {
            opt
        } else {
            // "2 players" (the label "2-Player" reads as itself), and a
            // bare number is a count of players: this question's options
            // are not numbered (see `Step::numbers_are_values`).
            let n = p.player_seats();
            opt.alias(&format!("{n} players")).alias(&n.to_string())
        }
    })
    .collect()
}

/// The colour modes, with assigned colours also 2 to 4 a seat where there
/// are colours enough ("assigned_2", "2 colours each").
fn color_options(rules: &RuleSet) -> Vec<Opt<(ColorMode, u8)>> {
    let players = rules.players;
    let mut modes = vec![ColorMode::Assigned, ColorMode::Shared];
    if players == Players::Partners {
        modes.push(ColorMode::PartnersShare);
    }
    modes.push(ColorMode::PlayersChoose);
    let mut opts: Vec<Opt<(ColorMode, u8)>> = modes
        .into_iter()
        .map(|m| Opt::new((m, 1), file_name(&m), m.words()))
        .collect();
    let several = (2..=redscience_engine::validate::COLORS_PER_SEAT_MAX).filter(|&per_seat| {
        let seating = Seating {
            players,
            colors: ColorMode::Assigned,
            per_seat,
        };
        seating.fits(rules)
    });
    let several: Vec<Opt<(ColorMode, u8)>> = several
        .map(|n| {
            Opt::new(
                (ColorMode::Assigned, n),
                format!("assigned_{n}"),
                colors_words(ColorMode::Assigned, n),
            )
            .alias(&format!("{n} colours each"))
            .alias(&format!("{n} colors each"))
        })
        .collect();
    opts.splice(1..1, several);
    opts
}

/// "Assigned Colors", "2 Colors Each".
fn colors_words(mode: ColorMode, per_seat: u8) -> String {
    match per_seat {
        1 => mode.words().to_string(),
        n => format!("{n} Colors Each"),
    }
}

fn cloaking_words(c: Cloaking) -> &'static str {
    match c {
        Cloaking::None => "No cloaking",
        Cloaking::Hides => "Cloaking hides",
        Cloaking::Obscures => "Cloaking obscures",
    }
}

fn cloaking_options() -> Vec<Opt<Cloaking>> {
    [Cloaking::None, Cloaking::Hides, Cloaking::Obscures]
        .into_iter()
        .map(|c| Opt::new(c, file_name(&c), cloaking_words(c)))
        .collect()
}

/// "1 piece/turn", "3 pieces/turn", "1 to 3 pieces/turn".
fn pieces_words(n: u8, up_to: bool) -> String {
    match (n, up_to) {
        (1, _) => "1 piece/turn".into(),
        (n, false) => format!("{n} pieces/turn"),
        (n, true) => format!("1 to {n} pieces/turn"),
    }
}

/// Exactly N pieces ("3"), or 1 to N ("1-3", "up to 3"), N up to 6.
fn pieces_options() -> Vec<Opt<(u8, bool)>> {
    let exactly = (1..=PIECES_PER_TURN_MAX)
        .map(|n| Opt::new((n, false), n.to_string(), pieces_words(n, false)));
    let up_to = (2..=PIECES_PER_TURN_MAX).map(|n| {
        Opt::new((n, true), format!("1-{n}"), pieces_words(n, true))
            .alias(&format!("up to {n}"))
            .alias(&format!("1 to {n}"))
    });
    exactly.chain(up_to).collect()
}

pub(super) fn ask(rules: &RuleSet, step: Step) -> Ask {
    match step {
        Step::Players => Ask::new(
            format!(
                "Players: how many play? Now {}. With Chaos, a random player named Chaos \
                 always moves last and owns pieces of its own; alone, one player solves a \
                 puzzle.",
                rules.players.words()
            ),
            buttons(&player_options()),
            rules.players.words(),
        ),
        Step::Colors => {
            let colors: Vec<&str> = colors_in_play(rules).iter().map(|c| c.name()).collect();
            let now = colors_words(rules.colors, rules.colors_per_seat);
            Ask::new(
                format!(
                    "Colours: now {now} ({}). Assigned: each player has a colour (or 2 to 4 \
                     colours each, each with its own reserves and lines); shared: everyone \
                     places black from one pool; players choose: every colour comes from one \
                     pool and the mover picks.",
                    colors.join(", ")
                ),
                buttons(&color_options(rules)),
                now,
            )
        }
        Step::Cloaking => Ask::new(
            format!(
                "Cloaking: now {}. Hides: pieces on cloaked spaces are invisible to the other \
                 players; obscures: their colour shows but not their shape. You choose the \
                 cloaked spaces per phase (every space, unless you change it).",
                cloaking_words(rules.cloaking)
            ),
            buttons(&cloaking_options()),
            cloaking_words(rules.cloaking),
        ),
        Step::PiecesPerTurn => {
            let now = pieces_words(rules.pieces_per_turn, rules.pieces_up_to);
            Ask::new(
                format!(
                    "Pieces per turn: now {now}. A turn of 1 to N pieces may end with a pass \
                     after its first move."
                ),
                select("pieces per turn", &pieces_options(), None),
                now,
            )
        }
        _ => unreachable!("{step:?} is not a seats question"),
    }
}

/// Says so when an answer other than the colours question took a seat's
/// further colours away (the players outgrew them).
pub(super) fn colors_dropped(before: &RuleSet, after: &RuleSet, step: Step) -> Option<String> {
    (before.colors_per_seat > 1 && after.colors_per_seat == 1 && step != Step::Colors).then(|| {
        format!(
            "Each player has one colour again: {} with {} colours each needs more colours \
             than there are.",
            after.players.words(),
            before.colors_per_seat
        )
    })
}

pub(super) fn apply(rules: &mut RuleSet, step: Step, input: &str) -> Result<Flow, String> {
    match step {
        Step::Players => {
            let players = pick(input, &player_options())?;
            let colors = match rules.colors {
                ColorMode::PartnersShare if players != Players::Partners => ColorMode::Assigned,
                other => other,
            };
            remap_reserves(rules, players, colors);
        }
        Step::Colors => {
            let (colors, per_seat) = pick(input, &color_options(rules))?;
            let seating = Seating {
                players: rules.players,
                colors,
                per_seat,
            };
            reseat(rules, seating);
        }
        Step::Cloaking => {
            let cloaking = pick(input, &cloaking_options())?;
            if cloaking != Cloaking::None && rules.phases.iter().all(|p| p.cloaked.is_empty()) {
                for phase in &mut rules.phases {
                    phase.cloaked = vec![SpaceRef::ALL];
                }
            }
            rules.cloaking = cloaking;
        }
        Step::PiecesPerTurn => {
            let (n, up_to) = pick(input, &pieces_options())?;
            rules.pieces_per_turn = n;
            rules.pieces_up_to = up_to;
        }
        _ => unreachable!("{step:?} is not a seats question"),
    }
    Ok(Flow::Next)
}
