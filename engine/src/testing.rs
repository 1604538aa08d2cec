//! Builders and drivers the tests of every crate share: a game from a few
//! rule-set fields, a catalogue game by name, and turns played by their
//! text. Compiled for the engine's own tests and, with the `testing`
//! feature, for the other crates' tests; never in a release of the bot.

use std::sync::Arc;

use serde_json::{Value, json};

use crate::notation::apply_turn;
use crate::{Game, RuleSet, State, catalogue};

/// A rule set from `fields` laid over `base`, both JSON objects; fields
/// left out of both take Tic-Tac-Toe's values. Panics, saying why, when the
/// result is not a rule set.
pub fn rules_over(base: Value, fields: Value) -> RuleSet {
    let mut merged = json!({"schema_version": 1, "name": "t"});
    let object = merged.as_object_mut().expect("an object");
    for layer in [base, fields] {
        let Value::Object(layer) = layer else {
            panic!("rule-set fields are a JSON object, not {layer}");
        };
        object.extend(layer);
    }
    serde_json::from_value(merged).unwrap_or_else(|e| panic!("not a rule set: {e}"))
}

/// The rule set of `fields`; the others take Tic-Tac-Toe's values.
pub fn rules(fields: Value) -> RuleSet {
    rules_over(json!({}), fields)
}

/// The compiled game of `fields` laid over `base` (see [`rules_over`]).
/// Panics with every problem when the rule set does not validate.
pub fn game_over(base: Value, fields: Value) -> Arc<Game> {
    compile(rules_over(base, fields))
}

/// The compiled game of `fields`; the others take Tic-Tac-Toe's values.
pub fn game(fields: Value) -> Arc<Game> {
    game_over(json!({}), fields)
}

/// The compiled game of `fields` without Tic-Tac-Toe's in-a-row check
/// (`"turn_checks": []`), for rules tested on their own.
pub fn game_without_checks(fields: Value) -> Arc<Game> {
    game_over(json!({"turn_checks": []}), fields)
}

/// A game of the built-in catalogue, by name.
pub fn catalogue_game(name: &str) -> Arc<Game> {
    let rules = catalogue::get(name).unwrap_or_else(|| panic!("{name} is not in the catalogue"));
    compile(rules)
}

fn compile(rules: RuleSet) -> Arc<Game> {
    let name = rules.name.clone();
    Game::new(rules).unwrap_or_else(|problems| {
        let list: Vec<String> = problems.iter().map(ToString::to_string).collect();
        panic!("{name} cannot be played: {}", list.join("; "))
    })
}

/// Plays turns by their text, one text per turn ("a+b" for a two-move
/// turn), panicking with the turn and the engine's reason when one is
/// refused.
pub fn play(state: &mut State, turns: &[&str]) {
    for turn in turns {
        apply_turn(state, turn, |_| None).unwrap_or_else(|e| panic!("{turn}: {e}"));
    }
}

/// The cell a placement typed as `text` would fill in `state`.
pub fn cell_of(state: &State, text: &str) -> u16 {
    let mut next = state.clone();
    play(&mut next, &[text]);
    match next.decisions().last() {
        Some(crate::Move::Place { to, .. }) => *to,
        other => panic!("{text} places, not {other:?}"),
    }
}

/// A new match of `game` after `turns` (see [`play`]).
pub fn played(game: &Arc<Game>, turns: &[&str]) -> State {
    let mut state = game.start();
    play(&mut state, turns);
    state
}

/// The line games whose lean runs keep the cells completing a line (two
/// seats, each placing its own piece, a line that wins).
pub const LINE_GAMES: [&str; 6] = [
    "Tic-Tac-Toe",
    "Connect4",
    "Qubic-4",
    "4on7sq",
    "5on15sq",
    "Connect6-19x19",
];

/// Positions of random play in each of [`LINE_GAMES`], `per_game` each
/// (its first seeds), none over: each a random number of Random's moves
/// (fewer than 60) from the start.
pub fn line_game_positions(per_game: usize) -> Vec<State> {
    use crate::game::GameState;
    use rand::{RngExt, SeedableRng};
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(24);
    let mut positions = Vec::new();
    for name in LINE_GAMES {
        let game = catalogue_game(name);
        for seed in 0..per_game as u64 {
            let mut state = game.start_seeded(seed);
            let moves = rng.random_range(0..game.geometry.cell_count().min(60));
            for _ in 0..moves {
                let mut next = state.clone();
                let Some(mv) = crate::random::random_move(&next, &mut rng) else {
                    break;
                };
                if next.apply_action(mv).is_err() || next.is_terminal() {
                    break;
                }
                state = next;
            }
            positions.push(state);
        }
    }
    positions
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_override_the_base_and_the_base_overrides_tic_tac_toe() {
        let rules = rules_over(
            json!({"name": "base", "turn_checks": []}),
            json!({"name": "x"}),
        );
        assert_eq!(rules.name, "x");
        assert!(rules.turn_checks.is_empty());
        assert!(!rules_over(json!({}), json!({})).turn_checks.is_empty());
    }

    #[test]
    #[should_panic(expected = "1,1: ")]
    fn a_refused_turn_names_itself() {
        let mut state = game(json!({})).start();
        play(&mut state, &["1,1", "1,1"]);
    }
}
