//! Property tests over generated rule sets with the options of issue 23:
//! stuck seats that lose or win, repetitions, move limits, "Only
//! captures", chains that must go on, forward diagonal steps, goals and
//! sides to connect, shapes kept to one axis, walls that stop slides, full
//! boards, lines at the start and lines as long as the board, on squares
//! and hexagons of several sizes.
//!
//! Every rule set that validates must play: random games apply only legal
//! moves, never panic, keep every piece accounted for, end with one result
//! per seat or stop at the engine's move cap (and say so), and replay from
//! their decisions to the same match. No rule set may make a whole-game
//! tool run on: `random::playouts` returns, counting the games a cap ended.

use proptest::prelude::*;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};

use redscience_engine::random::{GAME_MOVE_CAP, playouts, random_move};
use redscience_engine::rules::{CaptureResult, Color, Power, Shape};
use redscience_engine::{Game, RuleSet, State};

fn pick<'a, T>(rng: &mut Xoshiro256PlusPlus, items: &'a [T]) -> &'a T {
    &items[rng.random_range(0..items.len())]
}

/// A rule set drawn from `seed`: two players on a small board, one or two
/// shapes with movement, powers and reserves, and the new ending rules.
/// It may not validate; the caller skips those.
pub(crate) fn generated(seed: u64) -> RuleSet {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let board = *pick(&mut rng, &["squares", "hexagons"]);
    let side = rng.random_range(3..=6u8);
    let movements = [
        "adjacent",
        "adj_orthogonal",
        "adj_diagonal",
        "orthogonal",
        "diagonal",
        "linear",
        "knight",
        "forward_orth",
        "adjacent_no_back_side",
        "forward_adj_diag",
        "knight_blocked",
    ];
    let conditions = [
        "cover",
        "jump",
        "chain_jump",
        "chain_jump_back",
        "surround_line",
        "approach",
        "adjacent",
        "move_on_diag_en_passant",
    ];
    let results = ["remove", "convert", "paralyze"];
    // Two colours a seat: black and pink, white and yellow.
    let two_each = rng.random_bool(0.2);
    let mut shapes = Vec::new();
    for shape in ["circle", "x"].iter().take(rng.random_range(1..=2)) {
        let mut s = json!({"shape": shape});
        if rng.random_bool(0.8) {
            let mut kinds: Vec<&str> = (0..rng.random_range(1..=2))
                .map(|_| *pick(&mut rng, &movements))
                .collect();
            kinds.dedup();
            s["movement"] = json!(kinds);
            if rng.random_bool(0.2) {
                s["axis"] = json!(*pick(&mut rng, &["rows", "columns"]));
            }
        }
        let power = *pick(&mut rng, &["none", "can", "must", "only"]);
        if power != "none" {
            let condition = *pick(&mut rng, &conditions);
            s["power"] = json!(power);
            s["capture"] = json!(condition);
            s["result"] = json!(*pick(&mut rng, &results));
            if condition.starts_with("chain") && rng.random_bool(0.5) {
                s["chain"] = json!("must_continue");
            }
            if condition.contains("jump") {
                let over = *pick(&mut rng, &["enemy", "own", "any"]);
                s["jump_over"] = json!(over);
                s["jump_line"] = json!(rng.random_bool(0.3));
                if power == "can" && rng.random_bool(0.3) {
                    s["result"] = json!("leave");
                }
                let stays = over != "enemy" || s["result"] == json!("leave");
                if condition.starts_with("chain") && (stays || rng.random_bool(0.3)) {
                    s["chain_no_return"] = json!(true);
                }
            }
        }
        let each = rng.random_range(0..=u16::from(side));
        s["reserves"] = json!({"black": each, "white": each});
        if two_each {
            s["reserves"] = json!({"black": each, "white": each, "pink": each, "yellow": each});
        }
        // A trail: a wall, or a piece of its own shape while any is in reserve.
        if s.get("movement").is_some() && rng.random_bool(0.2) {
            let own = json!({"piece": shape});
            s["trail"] = if each > 0 && rng.random_bool(0.5) {
                own
            } else {
                json!("wall")
            };
        }
        shapes.push(s);
    }
    let mut initial = Vec::new();
    for x in 1..=side {
        if rng.random_bool(0.5) {
            initial.push(json!({"at": format!("{x},1"), "color": "black", "shape": "circle"}));
            initial.push(json!({"at": format!("{x},{side}"), "color": "white", "shape": "circle"}));
        }
    }
    let checks = [
        json!({"check": "in_a_row", "length": 3, "result": "win"}),
        json!({"check": "in_a_row", "length": side, "result": "win", "diagonals": false}),
        json!({"check": "stalemate_if_board_full"}),
        json!({"check": "reach_goal", "result": "win"}),
        json!({"check": "connect_sides", "result": "win"}),
        json!({"check": "connect_sides", "result": "lose"}),
        json!({"check": "last_shape", "shape": "circle", "result": "win"}),
    ];
    let turn_checks: Vec<Value> = (0..rng.random_range(0..=2))
        .map(|_| pick(&mut rng, &checks).clone())
        .collect::<Vec<_>>();
    let mut turn_checks_unique: Vec<Value> = Vec::new();
    for c in turn_checks {
        if !turn_checks_unique.contains(&c) {
            turn_checks_unique.push(c);
        }
    }
    let pieces = rng.random_range(1..=4u8);
    let captures = shapes.iter().any(|s| s.get("power").is_some());
    let mut fields = json!({
        "schema_version": 2, "name": "generated", "board": board,
        "dimensions": [side, side, 1], "shapes": shapes, "initial": initial,
        "turn_checks": turn_checks_unique,
        "no_move": *pick(&mut rng, &["pass", "lose", "win"]),
        "repetition": *pick(&mut rng, &["stalemate", "draw", "repeater_loses", "ignored"]),
        "phases": [{"pass": rng.random_bool(0.3)}],
        "lines_at_start": rng.random_bool(0.2),
        "pieces_per_turn": pieces,
        "pieces_up_to": pieces > 1 && rng.random_bool(0.4),
        "capture_moves_again": captures && rng.random_bool(0.3),
    });
    if two_each {
        fields["colors_per_seat"] = json!(2);
    } else if rng.random_bool(0.1) {
        // One player alone: black's pieces only.
        fields["players"] = json!("one");
        for s in fields["shapes"].as_array_mut().expect("a list") {
            s["reserves"]
                .as_object_mut()
                .expect("a map")
                .remove("white");
        }
        let initial = fields["initial"].as_array_mut().expect("a list");
        initial.retain(|p| p["color"] == json!("black"));
        if rng.random_bool(0.5) {
            let count = *pick(&mut rng, &["moves", "pieces"]);
            let better = *pick(&mut rng, &["fewer", "more"]);
            fields["score"] = json!({"count": count, "better": better});
        }
    }
    if rng.random_bool(0.5) {
        fields["turn_limit"] = json!(rng.random_range(1..=300));
    }
    if rng.random_bool(0.5) {
        fields["quiet_turn_limit"] = json!(rng.random_range(1..=60));
    }
    if board == "hexagons" && side % 2 == 1 && rng.random_bool(0.5) {
        fields["hexagon_shaped"] = json!(true);
    }
    if rng.random_bool(0.3) {
        let wall = format!(
            "{},{}",
            rng.random_range(1..=side),
            rng.random_range(2..side)
        );
        fields["phases"][0]["locked"] = json!([wall]);
        fields["walls_stop_slides"] = json!(rng.random_bool(0.7));
    }
    if two_each && rng.random_bool(0.5) {
        // Stacks 3 high, won by stacking both of a seat's colours.
        fields["board"] = json!("stacks");
        fields["dimensions"] = json!([side, 1, 3]);
        fields["initial"] = json!([]);
        fields["hexagon_shaped"] = json!(false);
        fields["walls_stop_slides"] = json!(false);
        fields["phases"][0]["locked"] = json!([]);
        fields["lines_at_start"] = json!(false);
        for s in fields["shapes"].as_array_mut().expect("a list") {
            let s = s.as_object_mut().expect("a shape");
            s.remove("trail");
            s.remove("axis");
            // On stacks every capture is an arrival.
            if s.contains_key("capture") {
                s.insert("capture".into(), json!("cover"));
                for jump_only in ["jump_over", "jump_line", "chain", "chain_no_return"] {
                    s.remove(jump_only);
                }
            }
            if let Some(kinds) = s.get_mut("movement").and_then(Value::as_array_mut) {
                kinds.retain(|k| k != "knight_blocked");
            }
        }
        let check = json!({"check": "stack_of_colors", "colors": 2, "result": "win"});
        fields["turn_checks"] = json!([check]);
    }
    if rng.random_bool(0.2) {
        // A die: which shape plays where there are two, else how far.
        let moving = (fields["shapes"].as_array().expect("a list"))
            .iter()
            .any(|s| s.get("movement").is_some());
        let decides = if fields["shapes"].as_array().is_some_and(|s| s.len() > 1) {
            "shape"
        } else if moving && fields["board"] != json!("stacks") {
            "distance"
        } else {
            ""
        };
        if !decides.is_empty() {
            fields["dice"] = json!({"faces": rng.random_range(2..=6), "decides": decides});
        }
    }
    serde_json::from_value(fields).expect("the generated fields form a rule set")
}

/// Pieces on the board and in reserve, of every kind.
fn total_pieces(state: &State) -> u32 {
    let cells = state.game().geometry.cell_count() as u16;
    let on_board = (0..cells).filter(|&c| state.piece_at(c).is_some()).count() as u32;
    let in_reserve: u32 = Color::ALL
        .iter()
        .flat_map(|&c| Shape::ALL.iter().map(move |&s| (c, s)))
        .map(|(c, s)| u32::from(state.reserve(c, s)))
        .sum();
    on_board + in_reserve
}

/// Whether no capture can add or take a piece: every capture converts or
/// paralyses in place (not by moving onto the captive, whose Paralyze
/// removes), or nothing captures.
fn pieces_stay(rules: &RuleSet) -> bool {
    use redscience_engine::rules::CaptureCondition::*;
    rules.shapes.iter().all(|s| {
        s.power == Power::None
            || matches!(
                s.result,
                Some(CaptureResult::Convert | CaptureResult::Paralyze | CaptureResult::Leave)
            ) && !matches!(
                s.capture,
                Some(Cover | CoverByRank | MoveOnDiagEnPassant | MoveOnTriagonal)
            )
    })
}

fn check(seed: u64) -> Result<bool, TestCaseError> {
    let rules = generated(seed);
    let Ok(game) = Game::new(rules.clone()) else {
        return Ok(false);
    };
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut state = game.start_seeded(seed);
    let start_total = total_pieces(&state);
    let mut moves = 0;
    while let Some(mv) = random_move(&state, &mut rng) {
        prop_assert!(state.legal().contains(&mv), "{mv:?} not legal: {rules:?}");
        state
            .apply(mv)
            .map_err(|e| TestCaseError::fail(format!("{mv:?} refused: {e}")))?;
        let total = total_pieces(&state);
        if pieces_stay(&rules) {
            prop_assert_eq!(total, start_total, "pieces appeared or vanished");
        } else {
            prop_assert!(total <= start_total, "pieces appeared: {rules:?}");
        }
        moves += 1;
        if moves >= GAME_MOVE_CAP {
            break;
        }
    }
    if let Some(outcome) = state.outcome() {
        prop_assert_eq!(outcome.results.len(), game.seats.len());
        let told = outcome.explain(&game, &|seat| format!("seat {seat}"));
        prop_assert!(!told.is_empty());
        // A score is counted whenever the rules keep one.
        prop_assert_eq!(state.score().is_some(), rules.score.is_some());
    } else {
        prop_assert_eq!(moves, GAME_MOVE_CAP, "Random stopped before the end");
        // A turn limit ends every game long before the cap.
        prop_assert!(
            rules.turn_limit.is_none(),
            "a turn limit did not end the game"
        );
    }
    let again = State::replay_seeded(&game, seed, state.decisions())
        .map_err(|(i, e)| TestCaseError::fail(format!("decision {i} refused on replay: {e}")))?;
    prop_assert_eq!(again.history(), state.history());
    // A whole-game tool returns, and counts the games its cap stopped.
    let played = playouts(&game, &mut rng, |n| n >= 3);
    prop_assert_eq!(played.games, 3);
    prop_assert!(played.capped <= 3);
    prop_assert!(played.moves <= 3 * GAME_MOVE_CAP as u64);
    Ok(true)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 192,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]
    #[test]
    fn generated_rule_sets_play_out_within_bounds(seed in any::<u64>()) {
        check(seed)?;
    }
}

/// The generator is no stub: most of what it draws validates and plays, and
/// every new option appears among the rule sets that do.
#[test]
fn the_generator_makes_playable_games_with_every_new_option() {
    let mut played = 0;
    let mut seen: std::collections::BTreeSet<String> = Default::default();
    for seed in 0..400 {
        if check(seed).expect("plays") {
            played += 1;
            let json = generated(seed).to_json();
            for option in [
                "\"only\"",
                "must_continue",
                "forward_adj_diag",
                "reach_goal",
                "connect_sides",
                "\"no_move\": \"lose\"",
                "\"no_move\": \"win\"",
                "\"repetition\": \"ignored\"",
                "turn_limit",
                "quiet_turn_limit",
                "\"hexagons\"",
                "\"axis\"",
                "walls_stop_slides",
                "stalemate_if_board_full",
                "lines_at_start",
                "\"diagonals\": false",
                "pieces_up_to",
                "capture_moves_again",
                "\"jump_over\": \"own\"",
                "\"jump_over\": \"any\"",
                "jump_line",
                "\"leave\"",
                "chain_no_return",
                "hexagon_shaped",
                "\"trail\": \"wall\"",
                "\"trail\": {",
                "colors_per_seat",
                "\"players\": \"one\"",
                "stack_of_colors",
                "\"decides\": \"shape\"",
                "\"decides\": \"distance\"",
                "\"score\"",
            ] {
                if json.contains(option) {
                    seen.insert(option.to_string());
                }
            }
        }
    }
    assert!(
        played >= 200,
        "only {played} of 400 generated rule sets played"
    );
    assert_eq!(seen.len(), 32, "options seen: {seen:?}");
}
