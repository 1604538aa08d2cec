//! `redscience replay`: plays given moves from the start and reports, as text
//! or as one JSON object for scripts.

use std::process::ExitCode;

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use redscience_engine::State;
use redscience_engine::notation::apply_turn;
use redscience_engine::random::random_move;
use redscience_engine::text::board_text;
use serde_json::json;

use crate::source;

pub struct Options {
    pub json: bool,
    pub seed: u64,
    pub chaos_given: bool,
}

struct Rejected {
    index: usize,
    text: String,
    reason: String,
}

pub fn run(game_or_file: &str, turns: &[String], options: Options) -> Result<ExitCode, String> {
    let game = source::compile(source::load(game_or_file)?)?;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(options.seed);
    let mut state = game.start();
    let mut rejected = None;
    for (index, turn) in turns.iter().enumerate() {
        if !options.chaos_given {
            play_chaos(&mut state, &mut rng);
        }
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
        play_chaos(&mut state, &mut rng);
    }
    if options.json {
        println!("{}", json_report(&state, rejected.as_ref()));
    } else {
        print!("{}", text_report(&state, rejected.as_ref()));
    }
    Ok(if rejected.is_some() {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

/// Chaos plays from the seed whenever it is to move.
fn play_chaos(state: &mut State, rng: &mut Xoshiro256PlusPlus) {
    while !state.is_finished() && state.game().seats[state.to_move()].is_chaos {
        match random_move(state, rng) {
            Some(m) => state.apply(m).expect("random moves are legal"),
            None => break,
        }
    }
}

/// One given turn: its moves joined by '+', all legal or none applied; "?"
/// is a random move from the seed.
fn play_turn(state: &mut State, turn: &str, rng: &mut Xoshiro256PlusPlus) -> Result<(), String> {
    apply_turn(state, turn, |s| random_move(s, rng))
}

fn json_report(state: &State, rejected: Option<&Rejected>) -> serde_json::Value {
    let game = state.game();
    let mut report = json!({
        "game": game.rules.name,
        "status": if state.is_finished() { "finished" } else { "ongoing" },
        "moves": state.history().iter().map(|a| a.text.clone()).collect::<Vec<_>>(),
    });
    let fields = report.as_object_mut().expect("an object");
    match state.outcome() {
        Some(outcome) => {
            fields.insert(
                "results".into(),
                json!(outcome.results.iter().map(|r| r.word()).collect::<Vec<_>>()),
            );
            fields.insert("reason".into(), json!(outcome.reason));
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

fn text_report(state: &State, rejected: Option<&Rejected>) -> String {
    let game = state.game();
    let mut out = format!("{}\n", game.rules.name);
    for (i, applied) in state.history().iter().enumerate() {
        let auto = if applied.automatic {
            " (automatic)"
        } else {
            ""
        };
        out.push_str(&format!(
            "{:>3}. {}: {}{auto}\n",
            i + 1,
            game.seats[applied.seat].label(),
            applied.text
        ));
    }
    out.push_str(&board_text(state));
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
            out.push_str(&format!(
                "Result: {} ({})\n",
                outcome.summary(game),
                outcome.reason
            ));
        }
        None => {
            let seat = &game.seats[state.to_move()];
            out.push_str(&format!("Next: {} ({})\n", seat.label(), seat.color.name()));
        }
    }
    out
}
