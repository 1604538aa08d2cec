//! The Game Factory's options beyond the spec's lists (issue 23), each
//! played in a small game to every outcome it allows: what a seat with no
//! legal move does, what a repeated turn does, and the move limits.

use std::sync::Arc;

use serde_json::{Value, json};

use redscience_engine::game::{Explanation, GameState, Rule, StalemateCause, default_label};
use redscience_engine::rules::{NoMove, Repetition, WinLose};
use redscience_engine::testing::{game, play, played};
use redscience_engine::{Game, SeatResult, State};

use SeatResult::{Draw, Loss, Win};

fn results(state: &State) -> Vec<SeatResult> {
    state
        .outcome()
        .unwrap_or_else(|| panic!("the match goes on: {:?}", state.history().len()))
        .results
        .clone()
}

fn why(game: &Arc<Game>, state: &State) -> Vec<String> {
    let outcome = state.outcome().expect("over");
    outcome.explain(game, &default_label(game))
}

/// 2x2 squares, no checks: black holds one circle and white two, so black
/// has nothing to place at its second turn.
fn short_of_pieces(extra: Value) -> Arc<Game> {
    let mut fields = json!({
        "board": "squares", "dimensions": [2, 2, 1], "turn_checks": [],
        "shapes": [{"shape": "circle", "reserves": {"black": 1, "white": 2}}],
    });
    for (k, v) in extra.as_object().expect("an object") {
        fields[k] = v.clone();
    }
    game(fields)
}

#[test]
fn a_seat_with_no_move_passes_by_default() {
    let g = short_of_pieces(json!({}));
    let mut state = played(&g, &["1,1", "2,2"]);
    // Black's pass is automatic, so white is asked at once.
    assert_eq!(state.to_move(), 1);
    assert!(!state.is_terminal());
    play(&mut state, &["1,2"]);
    // Nobody can move: the repeated forced pass stalemates, and it draws.
    assert_eq!(results(&state), vec![Draw, Draw]);
    assert_eq!(why(&g, &state)[0], "Nobody could move any more.");
}

#[test]
fn a_seat_with_no_move_loses_or_wins_as_the_rules_say() {
    for (rule, black, white, words) in [
        ("lose", Loss, Win, "A player who cannot move loses."),
        ("win", Win, Loss, "A player who cannot move wins."),
    ] {
        let g = short_of_pieces(json!({ "no_move": rule }));
        let state = played(&g, &["1,1", "2,2"]);
        assert_eq!(results(&state), vec![black, white], "{rule}");
        let told = why(&g, &state);
        assert_eq!(
            told,
            vec![format!("Player 1 (black) had no legal move. {words}")],
            "{rule}"
        );
        let outcome = state.outcome().expect("over");
        let Explanation::Match(fired) = &outcome.explanation else {
            panic!("{rule}: {:?}", outcome.explanation)
        };
        let expected = if rule == "lose" {
            WinLose::Lose
        } else {
            WinLose::Win
        };
        assert_eq!(fired.rule, Rule::NoMove(expected));
        assert_eq!(fired.named, vec![true, false]);
    }
}

#[test]
fn a_phase_may_say_otherwise_than_the_game() {
    // Black runs out in the second phase, which passes; the game says lose.
    let g = short_of_pieces(json!({
        "no_move": "lose",
        "phases": [{"no_move": "pass"}],
    }));
    let state = played(&g, &["1,1", "2,2"]);
    assert!(!state.is_terminal(), "the phase passes");
    assert_eq!(state.to_move(), 1);
    // And the other way round.
    let g = short_of_pieces(json!({ "phases": [{"no_move": "lose"}] }));
    let state = played(&g, &["1,1", "2,2"]);
    assert_eq!(results(&state), vec![Loss, Win]);
}

#[test]
fn a_locked_seat_passes_whatever_the_rule() {
    // White is locked out of the first phase: its passes are no defeat.
    let g = short_of_pieces(json!({
        "no_move": "lose",
        "phases": [{"locked_seats": ["2"]}, {}],
        "shapes": [{"shape": "circle", "reserves": {"black": 2, "white": 2}}],
    }));
    let mut state = g.start();
    play(&mut state, &["1,1"]);
    assert!(!state.is_terminal());
    assert_eq!(state.to_move(), 0, "white's locked turn passed");
}

/// 3x3 squares, black's circle at (1,1) and white's at (3,3), stepping
/// orthogonally; nothing to place and no checks.
fn walkers(extra: Value) -> Arc<Game> {
    let mut fields = json!({
        "board": "squares", "turn_checks": [],
        "shapes": [{"shape": "circle", "movement": ["adj_orthogonal"], "reserves": {}}],
        "initial": [
            {"at": "1,1", "color": "black", "shape": "circle"},
            {"at": "3,3", "color": "white", "shape": "circle"},
        ],
    });
    for (k, v) in extra.as_object().expect("an object") {
        fields[k] = v.clone();
    }
    game(fields)
}

/// There and back again: black's fifth turn repeats its first.
const THERE_AND_BACK: [&str; 5] = ["1,1-1,2", "3,3-3,2", "1,2-1,1", "3,2-3,3", "1,1-1,2"];

#[test]
fn a_repeated_turn_stalemates_by_default() {
    let g = walkers(json!({}));
    let state = played(&g, &THERE_AND_BACK);
    assert_eq!(results(&state), vec![Draw, Draw]);
    assert_eq!(
        why(&g, &state)[0],
        "A turn repeated an earlier one in the same position."
    );
}

#[test]
fn a_repeated_turn_draws_or_loses_as_the_rules_say() {
    let g =
        walkers(json!({ "repetition": "repeater_loses", "stalemate": [{"rule": "mover_wins"}] }));
    let state = played(&g, &THERE_AND_BACK);
    // The repeater loses, though "Stalemate wins" would have made it win.
    assert_eq!(results(&state), vec![Loss, Win]);
    assert_eq!(
        why(&g, &state),
        vec![
            "Player 1 (black) repeated a turn in the same position. A repeated turn loses."
                .to_string()
        ]
    );
    let g = walkers(json!({ "repetition": "draw", "stalemate": [{"rule": "mover_wins"}] }));
    let state = played(&g, &THERE_AND_BACK);
    assert_eq!(results(&state), vec![Draw, Draw]);
    let outcome = state.outcome().expect("over");
    assert!(
        matches!(&outcome.explanation, Explanation::Match(f) if f.rule == Rule::Repetition(Repetition::Draw)),
        "{:?}",
        outcome.explanation
    );
}

#[test]
fn a_repeated_turn_may_be_allowed_where_a_limit_ends_the_game() {
    let g = walkers(json!({ "repetition": "ignored", "turn_limit": 7 }));
    let mut state = played(&g, &THERE_AND_BACK);
    assert!(!state.is_terminal(), "the repetition is allowed");
    play(&mut state, &["3,3-3,2"]);
    assert!(!state.is_terminal(), "six turns");
    play(&mut state, &["1,2-1,1"]);
    assert_eq!(results(&state), vec![Draw, Draw]);
    assert_eq!(
        why(&g, &state),
        vec![
            "The match reached its limit of 7 turns.".to_string(),
            "Stalemate draws.".to_string()
        ]
    );
    let outcome = state.outcome().expect("over");
    assert_eq!(
        outcome.explanation.boards()[0].stalemate,
        Some(StalemateCause::TurnLimit(7))
    );
}

#[test]
fn a_pass_repeated_still_ends_the_phase_when_repetitions_are_allowed() {
    let g = short_of_pieces(json!({ "repetition": "ignored", "turn_limit": 100 }));
    let state = played(&g, &["1,1", "2,2", "1,2"]);
    assert_eq!(results(&state), vec![Draw, Draw]);
    assert_eq!(why(&g, &state)[0], "Nobody could move any more.");
}

#[test]
fn the_turn_limit_lets_the_stalemate_rules_decide() {
    // Two turns, then "Most pieces wins": black placed two, white one.
    let g = game(json!({
        "board": "squares", "turn_checks": [], "turn_limit": 3,
        "stalemate": [{"rule": "most", "of": {"measure": "pieces"}, "result": "win"}],
    }));
    let state = played(&g, &["1,1", "2,2", "3,3"]);
    assert_eq!(results(&state), vec![Win, Loss]);
    assert_eq!(
        why(&g, &state)[0],
        "The match reached its limit of 3 turns."
    );
}

/// 4x1 squares with a black X that steps and covers, and white's
/// circles to place.
fn cover_race(quiet: u16) -> Arc<Game> {
    game(json!({
        "board": "squares", "dimensions": [4, 1, 1], "turn_checks": [],
        "quiet_turn_limit": quiet, "phases": [{"pass": true}],
        "shapes": [
            {"shape": "x", "power": "can", "capture": "cover", "result": "remove",
             "movement": ["adj_orthogonal"], "reserves": {}},
            {"shape": "circle", "reserves": {"white": 1}},
        ],
        "initial": [{"at": "1,1", "color": "black", "shape": "x"}],
    }))
}

#[test]
fn the_quiet_limit_counts_turns_without_capture_or_placement() {
    let g = cover_race(3);
    // A quiet step, a placement, a capture: without the placement and the
    // capture starting the count again, it would have ended here. White,
    // with nothing to place, passes by itself: one quiet turn.
    let mut state = played(&g, &["1,1-2,1", "3,1", "2,1-3,1"]);
    assert!(!state.is_terminal());
    // A quiet step, then white's pass: three.
    play(&mut state, &["3,1-4,1"]);
    assert_eq!(results(&state), vec![Draw, Draw]);
    assert_eq!(
        why(&g, &state)[0],
        "3 turns went by with no capture and no placement."
    );
}

#[test]
fn every_ending_rule_is_written_in_the_files_words() {
    let g = walkers(json!({
        "no_move": "lose", "repetition": "ignored", "turn_limit": 50,
        "quiet_turn_limit": 20,
    }));
    let rules = &g.rules;
    assert_eq!(rules.no_move, NoMove::Lose);
    let said = redscience_engine::describe(rules);
    for line in [
        "A player who cannot move loses",
        "Repeated turns are allowed",
        "Stalemate after 50 turns",
        "Stalemate after 20 turns without capture or placement",
    ] {
        assert!(said.iter().any(|l| l == line), "{line} in {said:?}");
    }
    // Read back as written.
    let again = redscience_engine::RuleSet::from_json(&rules.to_json()).expect("reads");
    assert_eq!(&again, rules);
}
