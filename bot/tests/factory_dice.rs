//! Dice (issue 23): a die the engine rolls at the start of every turn, a
//! chance node of the game interface, that decides which shape plays or how
//! far a piece moves; each in a small game played to the outcomes it allows.

use crate::factory_support::{assert_described, legal, refused, with};
use std::sync::Arc;

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use serde_json::{Value, json};

use redscience_engine::game::{Chances, GameState, Movers};
use redscience_engine::rules::Shape;
use redscience_engine::testing::played;
use redscience_engine::{Game, Move, SeatResult, State};

use SeatResult::{Draw, Loss, Win};

fn results(state: &State) -> Vec<SeatResult> {
    state.outcome().expect("the match is over").results.clone()
}

/// Tic-Tac-Toe with circles and crosses for both; a 2-sided die says which
/// shape the seat places: 1 a circle, 2 a cross. A line is of one colour.
fn dice_ttt(extra: Value) -> Arc<Game> {
    with(
        json!({
            "shapes": [{"shape": "circle", "reserves": {"black": 5, "white": 5}},
                       {"shape": "cross", "reserves": {"black": 5, "white": 5}}],
            "dice": {"faces": 2, "decides": "shape"},
        }),
        extra,
    )
}

/// 2x6 squares: black's rook at (1,1) races to the top row, white's at
/// (2,6) to the bottom; a 6-sided die says exactly how far it slides.
fn dice_race(extra: Value) -> Arc<Game> {
    with(
        json!({
            "board": "squares", "dimensions": [2, 6, 1],
            "turn_checks": [{"check": "reach_goal", "result": "win"}],
            "shapes": [{"shape": "circle", "movement": ["orthogonal"], "reserves": {}}],
            "initial": [{"at": "1,1", "color": "black"}, {"at": "2,6", "color": "white"}],
            "dice": {"faces": 6, "decides": "distance"},
        }),
        extra,
    )
}

fn shapes_placed(state: &State) -> Vec<Shape> {
    let mut shapes: Vec<Shape> = (state.legal().iter())
        .filter_map(|m| match m {
            Move::Place { shape, .. } => Some(*shape),
            _ => None,
        })
        .collect();
    shapes.dedup();
    shapes
}

#[test]
fn each_turn_starts_with_a_roll_that_names_the_shape_placed() {
    let g = dice_ttt(json!({}));
    let state = g.start();
    assert_eq!(state.movers(), Movers::Roll(0));
    assert!(state.awaits_roll());
    assert_eq!(legal(&state), ["roll 1", "roll 2"]);
    let chances: Vec<(Move, f64)> = state.chance_outcomes().iter().collect();
    assert_eq!(
        chances,
        [(Move::Roll { face: 1 }, 0.5), (Move::Roll { face: 2 }, 0.5)],
        "each face is as likely"
    );
    // A person's move is refused until the die is rolled, and says why.
    let refusal = state.explain_illegal(state_place(&g, 2, 2));
    assert!(refusal.contains("the die is rolled first"), "{refusal}");

    let circles = played(&g, &["roll 1"]);
    assert_eq!(circles.movers(), Movers::One(0));
    assert_eq!(circles.rolled(), Some(1));
    assert_eq!(shapes_placed(&circles), [Shape::Circle]);
    assert_eq!(circles.legal().len(), 9);
    let crosses = played(&g, &["roll 2"]);
    assert_eq!(shapes_placed(&crosses), [Shape::Cross]);
    let refusal = crosses.explain_illegal(Move::Place {
        color: redscience_engine::rules::Color::Black,
        shape: Shape::Circle,
        to: cell(&g, 1, 1),
    });
    assert!(
        refusal.contains("is not legal: the die shows 2: play a cross;"),
        "the die, not the board, rules the circle out: {refusal}"
    );
    // The next turn rolls afresh for the next seat.
    let next = played(&g, &["roll 2", "2,2"]);
    assert_eq!(next.movers(), Movers::Roll(1));
    assert_eq!(next.rolled(), None);
    assert_eq!(
        next.move_words(0),
        "Rolled 2 (play a cross)",
        "the roll is echoed with what it means"
    );
    assert_described(
        &g,
        "A 2-sided die rolled each turn says which shape plays (1 circle, 2 cross)",
    );
}

fn cell(g: &Game, x: u8, y: u8) -> u16 {
    g.geometry.cell(1, x, y, 1).expect("on the board")
}

fn state_place(g: &Game, x: u8, y: u8) -> Move {
    Move::Place {
        color: redscience_engine::rules::Color::Black,
        shape: Shape::Circle,
        to: cell(g, x, y),
    }
}

#[test]
fn shape_dice_play_to_a_win_a_loss_and_a_draw() {
    let g = dice_ttt(json!({}));
    // Black's line mixes circles and crosses: a line is of one colour.
    let won = played(
        &g,
        &[
            "roll 1", "1,1", "roll 2", "1,2", "roll 2", "2,1", "roll 1", "2,2", "roll 1", "3,1",
        ],
    );
    assert_eq!(results(&won), vec![Win, Loss]);
    let lost = played(
        &g,
        &[
            "roll 1", "1,1", "roll 2", "2,2", "roll 2", "2,1", "roll 1", "1,3", "roll 1", "3,3",
            "roll 2", "3,1",
        ],
    );
    assert_eq!(results(&lost), vec![Loss, Win]);
    let drawn = played(
        &g,
        &[
            "roll 1", "2,2", "roll 1", "1,1", "roll 2", "3,1", "roll 2", "1,3", "roll 1", "1,2",
            "roll 1", "3,2", "roll 2", "2,3", "roll 2", "2,1", "roll 1",
        ],
    );
    assert_eq!(results(&drawn), vec![Draw, Draw], "the board filled");
}

#[test]
fn distance_dice_move_a_piece_exactly_as_far_and_a_roll_too_far_passes() {
    let g = dice_race(json!({}));
    assert_eq!(legal(&played(&g, &["roll 1"])), ["1,1-1,2", "1,1-2,1"]);
    // Three spaces: one way only, made for the seat.
    let three = played(&g, &["roll 3"]);
    assert_eq!(three.movers(), Movers::Roll(1), "black's one move was made");
    assert_eq!(
        three.piece_at(cell(&g, 1, 4)).map(|p| p.1),
        Some(Shape::Circle)
    );
    // Five spaces reach the goal at once.
    assert_eq!(results(&played(&g, &["roll 5"])), vec![Win, Loss]);
    // Six spaces go nowhere on a board 6 long: the turn passes, whatever
    // a stuck seat's rule, and white rolls.
    for no_move in ["pass", "lose"] {
        let g = dice_race(json!({"no_move": no_move}));
        let six = played(&g, &["roll 6"]);
        let last = six.history().last().expect("moves were made");
        assert_eq!((last.mv, last.automatic), (Move::Pass, true));
        assert!(!six.is_terminal(), "the die, not the board, stopped black");
        assert_eq!(six.movers(), Movers::Roll(1));
        assert_eq!(results(&played(&g, &["roll 6", "roll 5"])), vec![Loss, Win]);
    }
    assert_described(
        &g,
        "A 6-sided die rolled each turn says how far a piece moves",
    );
}

#[test]
fn a_seat_with_no_move_does_not_roll_and_its_rule_judges_it() {
    // Black holds only a cross that never moves; white's rook races.
    let stuck = |no_move: &str| {
        dice_race(json!({
            "no_move": no_move,
            "shapes": [{"shape": "circle", "movement": ["orthogonal"], "reserves": {}},
                       {"shape": "cross", "reserves": {}}],
            "initial": [{"at": "1,1", "color": "black", "shape": "cross"},
                        {"at": "2,6", "color": "white"}],
        }))
    };
    let lost = stuck("lose").start();
    assert_eq!(results(&lost), vec![Loss, Win]);
    assert!(
        lost.history()
            .iter()
            .all(|a| !matches!(a.mv, Move::Roll { .. }))
    );
    let passed = stuck("pass").start();
    assert_eq!(passed.history().len(), 1, "black passed, without a roll");
    assert_eq!(passed.history()[0].mv, Move::Pass);
    assert_eq!(passed.movers(), Movers::Roll(1));
}

#[test]
fn rolls_are_decisions_a_replay_repeats_and_random_draws_them_evenly() {
    let g = dice_race(json!({}));
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut counts = [0u32; 6];
    for _ in 0..6_000 {
        match redscience_engine::random::random_move(&g.start(), &mut rng) {
            Some(Move::Roll { face }) => counts[usize::from(face) - 1] += 1,
            other => panic!("a roll is drawn first, not {other:?}"),
        }
    }
    for (face, n) in counts.iter().enumerate() {
        assert!((900..=1100).contains(n), "face {}: {n} of 6000", face + 1);
    }
    let mut state = g.start_seeded(9);
    while let Some(mv) = redscience_engine::random::random_move(&state, &mut rng) {
        state.apply(mv).expect("a random move is legal");
    }
    assert!(
        state
            .decisions()
            .iter()
            .any(|m| matches!(m, Move::Roll { .. }))
    );
    let again = State::replay_seeded(&g, 9, state.decisions()).expect("replays");
    assert_eq!(again.history(), state.history());
}

#[test]
fn the_search_rolls_at_a_roll_and_plays_the_roll_it_got() {
    let g = dice_ttt(json!({}));
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let at_roll = played(&g, &["roll 1", "1,1", "roll 1", "3,3"]);
    for _ in 0..20 {
        let mv = redscience_ai::search(&at_roll, &mut rng, |n| n >= 50);
        assert!(matches!(mv, Some(Move::Roll { .. })), "{mv:?}");
    }
    // Black holds (1,1) and (2,1) and rolled a circle: (3,1) wins now.
    let to_win = played(
        &g,
        &[
            "roll 1", "1,1", "roll 2", "3,3", "roll 2", "2,1", "roll 1", "1,3", "roll 1",
        ],
    );
    let mv = redscience_ai::search(&to_win, &mut rng, |n| n >= 2_000).expect("a move");
    assert_eq!(to_win.move_text(mv), "Black circle to (3,1)");
    // White, with a cross to place, blocks black's (3,1) through the rolls
    // to come.
    let to_block = played(
        &g,
        &["roll 1", "1,1", "roll 2", "3,3", "roll 2", "2,1", "roll 2"],
    );
    let mv = redscience_ai::search(&to_block, &mut rng, |n| n >= 2_000).expect("a move");
    assert_eq!(to_block.move_text(mv), "White cross to (3,1)");
}

#[test]
fn dice_that_cannot_mean_anything_are_refused_with_what_would_do() {
    let shape = |faces: u8| json!({"faces": faces, "decides": "shape"});
    let two_shapes = json!([{"shape": "circle"}, {"shape": "cross"}]);
    for faces in [1, 13] {
        let said = refused(
            json!({"shapes": two_shapes, "dice": shape(faces)}),
            "dice.faces",
        );
        assert!(said[0].contains("2 to 12 faces"), "{said:?}");
    }
    let said = refused(json!({"dice": shape(2)}), "dice.decides");
    assert!(said[0].contains("with one shape in play"), "{said:?}");
    let distance = json!({"faces": 6, "decides": "distance"});
    let said = refused(json!({"dice": distance}), "dice.decides");
    assert!(said[0].contains("no shape moves"), "{said:?}");
    let said = refused(
        json!({"board": "stacks", "dimensions": [4, 1, 4], "dice": distance,
               "shapes": [{"shape": "circle", "movement": ["adjacent"]}]}),
        "dice.decides",
    );
    assert!(said[0].contains("on stacks"), "{said:?}");
    let said = refused(
        json!({"shapes": two_shapes, "dice": shape(2), "cloaking": "hides"}),
        "dice",
    );
    assert!(said[0].contains("\"cloaking\" to \"none\""), "{said:?}");
    let said = refused(
        json!({"shapes": two_shapes, "dice": shape(2), "phases": [{"order": "simultaneous"}]}),
        "dice",
    );
    assert!(said[0].contains("\"sequential\""), "{said:?}");
}
