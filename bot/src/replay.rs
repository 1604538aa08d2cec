//! `redscience replay`: plays given moves from the start and reports, as text
//! or as one JSON object for scripts.

use std::process::ExitCode;

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use redscience_engine::State;
use redscience_engine::game::{GameState, Shown, ToldWhat, default_label};
use redscience_engine::notation::apply_turn;
use redscience_engine::random::random_move;
use redscience_engine::text::{board_text, view_text};
use serde_json::json;

use crate::source;

pub struct Options {
    pub json: bool,
    pub seed: u64,
    pub chaos_given: bool,
    /// "public", or a 1-based seat: print what that viewer sees instead of the truth.
    pub view: Option<String>,
}

/// Whose eyes the report uses: the truth, a spectator, or one seat.
#[derive(Clone, Copy)]
pub(crate) enum Eyes {
    Truth,
    Viewer(Option<usize>),
}

pub(crate) fn eyes(view: Option<&str>, seats: usize) -> Result<Eyes, String> {
    match view {
        None => Ok(Eyes::Truth),
        Some(v) if v.eq_ignore_ascii_case("public") => Ok(Eyes::Viewer(None)),
        Some(v) => match v.parse::<usize>() {
            Ok(n) if (1..=seats).contains(&n) => Ok(Eyes::Viewer(Some(n - 1))),
            _ => Err(format!(
                "--view takes \"public\" or a seat number from 1 to {seats}, not \"{v}\""
            )),
        },
    }
}

struct Rejected {
    index: usize,
    text: String,
    reason: String,
}

pub fn run(game_or_file: &str, turns: &[String], options: Options) -> Result<ExitCode, String> {
    let game = source::compile(source::load(game_or_file)?)?;
    let eyes = eyes(options.view.as_deref(), game.seats.len())?;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(options.seed);
    let mut state = game.start_seeded(options.seed);
    let mut rejected = None;
    let mut legal = Vec::with_capacity(turns.len());
    for (index, turn) in turns.iter().enumerate() {
        if !options.chaos_given {
            play_chaos(&mut state, &mut rng, Some(turn));
        }
        legal.push(state.legal().iter().filter(|m| !m.is_draw_talk()).count());
        if let Err(reason) = play_turn(&mut state, turn, &mut rng) {
            rejected = Some(Rejected {
                index,
                text: turn.clone(),
                reason,
            });
            break;
        }
    }
    if rejected.is_none() && !options.chaos_given {
        play_chaos(&mut state, &mut rng, None);
    }
    if options.json {
        let mut report = json_report(&state, rejected.as_ref(), eyes);
        if let Eyes::Truth = eyes {
            report["legal"] = json!(legal);
            report["plies"] = json!(plies(&state));
        }
        println!("{report}");
    } else {
        print!("{}", text_report(&state, rejected.as_ref(), eyes));
    }
    Ok(if rejected.is_some() {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

/// Each move applied, as a letter: "d" a decision, "a" a move the engine
/// played for a seat with one choice, "p" a pass for a seat with none (for
/// scripts comparing plies with another engine's).
fn plies(state: &State) -> String {
    (state.history().iter())
        .map(|applied| match (applied.automatic, applied.mv) {
            (false, _) => 'd',
            (true, redscience_engine::Move::Pass) => 'p',
            (true, _) => 'a',
        })
        .collect()
}

/// Chaos plays from the seed whenever it is to move, and the die rolls
/// from it, unless `next`, the turn given next, names the roll (`roll 4`).
pub(crate) fn play_chaos(state: &mut State, rng: &mut Xoshiro256PlusPlus, next: Option<&str>) {
    let roll_given = next.is_some_and(names_a_roll);
    while !state.is_terminal()
        && if state.awaits_roll() {
            !roll_given
        } else {
            state.game().seats[state.to_move()].is_chaos
        }
    {
        match random_move(state, rng) {
            Some(m) => state.apply(m).expect("random moves are legal"),
            None => break,
        }
    }
}

/// Whether a given turn is the die's roll (`roll 4`), as the notation reads it.
fn names_a_roll(turn: &str) -> bool {
    matches!(
        redscience_engine::notation::parse_move(turn),
        Ok(redscience_engine::notation::MoveText::Roll(_))
    )
}

/// One given turn: its moves joined by '+', all legal or none applied; "?"
/// is a random move from the seed.
fn play_turn(state: &mut State, turn: &str, rng: &mut Xoshiro256PlusPlus) -> Result<(), String> {
    apply_turn(state, turn, |s| random_move(s, rng))
}

/// The moves in words as the chosen eyes know them: who, what, and
/// whether the engine played it for the seat. A viewer is told each run of
/// moves it may not see as one, once it is over (see `State::told`).
fn told_lines(state: &State, eyes: Eyes) -> Vec<(usize, String, bool)> {
    match eyes {
        Eyes::Truth => (state.history().iter().enumerate())
            .map(|(i, a)| (a.seat(), state.move_words(i), a.automatic))
            .collect(),
        Eyes::Viewer(viewer) => (state.told(viewer).iter())
            .map(|t| {
                let automatic = matches!(
                    t.what,
                    ToldWhat::Move {
                        automatic: true,
                        ..
                    }
                );
                (t.seat, state.told_words(t), automatic)
            })
            .collect(),
    }
}

fn moves_seen(state: &State, eyes: Eyes) -> Vec<String> {
    told_lines(state, eyes)
        .into_iter()
        .map(|(_, text, _)| text)
        .collect()
}

/// What a viewer sees: a seat (`Some`) or a spectator.
pub(crate) fn view_of(state: &State, viewer: Option<usize>) -> Shown {
    match viewer {
        Some(seat) => state.player_view(seat).into(),
        None => state.public_view().into(),
    }
}

/// The board as text as the chosen eyes see it: the truth is the
/// referee's, for whoever runs the command.
fn board_seen(state: &State, eyes: Eyes) -> String {
    match eyes {
        Eyes::Truth => board_text(state),
        Eyes::Viewer(viewer) => view_text(state.game(), &view_of(state, viewer)),
    }
}

fn json_report(state: &State, rejected: Option<&Rejected>, eyes: Eyes) -> serde_json::Value {
    let game = state.game();
    let moves = moves_seen(state, eyes);
    let mut report = json!({
        "game": game.rules.name,
        "status": if state.is_terminal() { "finished" } else { "ongoing" },
        "moves": moves,
    });
    let fields = report.as_object_mut().expect("an object");
    if let Eyes::Viewer(viewer) = eyes {
        let view = view_of(state, viewer);
        fields.insert(
            "view".into(),
            json!(viewer.map_or("public".to_string(), |s| (s + 1).to_string())),
        );
        fields.insert(
            "board".into(),
            json!(view_text(game, &view).lines().collect::<Vec<_>>()),
        );
        let reserves: Vec<String> = view
            .reserves()
            .iter()
            .map(|(c, s, n)| format!("{n} {} {}", c.name(), s.name()))
            .collect();
        fields.insert("reserves".into(), json!(reserves));
    }
    match state.outcome() {
        Some(outcome) => {
            fields.insert(
                "results".into(),
                json!(outcome.results.iter().map(|r| r.word()).collect::<Vec<_>>()),
            );
            fields.insert("reason".into(), json!(outcome.reason(game)));
            let label = default_label(game);
            fields.insert("explanation".into(), json!(outcome.explain(game, &label)));
            if let Some(score) = state.score() {
                fields.insert("score".into(), json!(score));
            }
            let cells: Vec<String> = outcome
                .deciding_cells()
                .into_iter()
                .map(|c| game.geometry.name(c))
                .collect();
            fields.insert("deciding_cells".into(), json!(cells));
        }
        None => {
            fields.insert("next".into(), json!(state.to_move() + 1));
        }
    }
    if let Some(r) = rejected {
        fields.insert(
            "rejected".into(),
            json!({"index": r.index, "move": r.text, "reason": r.reason}),
        );
    }
    report
}

fn text_report(state: &State, rejected: Option<&Rejected>, eyes: Eyes) -> String {
    let game = state.game();
    let mut out = format!("{}\n", game.rules.name);
    for (i, (seat, text, automatic)) in told_lines(state, eyes).into_iter().enumerate() {
        let auto = if automatic { " (automatic)" } else { "" };
        out.push_str(&format!(
            "{:>3}. {}: {}{auto}\n",
            i + 1,
            game.seats[seat].label(),
            text
        ));
    }
    out.push_str(&board_seen(state, eyes));
    if let Some(r) = rejected {
        out.push_str(&format!(
            "Move {} (\"{}\") rejected: {}\n",
            r.index + 1,
            r.text,
            r.reason
        ));
    }
    match state.outcome() {
        Some(outcome) => {
            let label = default_label(game);
            out.push_str(&format!("Result: {}\n", outcome.headline(&label)));
            for line in outcome
                .explain(game, &label)
                .into_iter()
                .chain(state.score_words())
            {
                out.push_str(&format!("  {line}\n"));
            }
        }
        None => {
            let (seat, to_move) = (&game.seats[state.to_move()], state.to_move());
            let colors = game.seat_colors_name(to_move);
            let die = state
                .rolled()
                .map(|face| format!(", {}", state.game().die_shows(face)))
                .unwrap_or_default();
            out.push_str(&format!("Next: {} ({colors}){die}\n", seat.label()));
        }
    }
    out
}

/// The position after `moves` (seat 1 first; `?` is a random move from the
/// seed), with Chaos and the die playing from the seed: what `suggest` and `render` start from.
pub(crate) fn position(
    game: &std::sync::Arc<redscience_engine::Game>,
    moves: &[String],
    seed: u64,
) -> Result<State, String> {
    let mut state = game.start_seeded(seed);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    for (i, text) in moves.iter().enumerate() {
        play_chaos(&mut state, &mut rng, Some(text));
        play_turn(&mut state, text, &mut rng)
            .map_err(|e| format!("move {} \"{text}\": {e}", i + 1))?;
    }
    play_chaos(&mut state, &mut rng, None);
    Ok(state)
}
