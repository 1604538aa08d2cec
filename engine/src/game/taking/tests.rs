//! Captures other than cover, each on a small rule set built inline.

use std::sync::Arc;

use serde_json::{Value, json};

use crate::game::{Game, Move, State};
use crate::notation::apply_turn;
use crate::rules::{Color, Shape};
use crate::testing::{game_over, play, rules_over};

/// Rule sets on squares, without Tic-Tac-Toe's in-a-row check.
fn base() -> Value {
    json!({"board": "squares", "turn_checks": []})
}

fn rules(fields: Value) -> crate::RuleSet {
    rules_over(base(), fields)
}

fn game(fields: Value) -> Arc<Game> {
    game_over(base(), fields)
}

fn at(s: &State, x: u8, y: u8) -> Option<(Color, Shape)> {
    s.piece_at(s.game().geometry.cell(1, x, y, 1).unwrap())
}

fn step(s: &State, from: (u8, u8), to: (u8, u8)) -> Move {
    let geo = &s.game().geometry;
    Move::Step {
        from: geo.cell(1, from.0, from.1, 1).unwrap(),
        to: geo.cell(1, to.0, to.1, 1).unwrap(),
    }
}

/// A row of `len` cells, circles with `capture`/`result` moving one space
/// orthogonally, pieces where given, and the option to pass.
fn row(len: u8, capture: &str, result: &str, black: &[u8], white: &[u8]) -> Arc<Game> {
    let mut initial = Vec::new();
    for (color, xs) in [("black", black), ("white", white)] {
        for x in xs {
            initial.push(json!({"at": format!("{x},1"), "color": color}));
        }
    }
    game(
        json!({"dimensions": [len, 1, 1], "phases": [{"pass": true}], "initial": initial,
        "shapes": [{"power": "can", "capture": capture, "result": result,
            "movement": ["adj_orthogonal"]}]}),
    )
}

#[test]
fn a_jump_takes_the_piece_it_passes_over() {
    let g = row(5, "jump", "remove", &[1], &[2, 5]);
    let mut s = g.start();
    assert!(s.legal().contains(&step(&s, (1, 1), (3, 1))));
    assert!(
        !s.legal().contains(&step(&s, (1, 1), (2, 1))),
        "a jumper does not cover"
    );
    play(&mut s, &["1-3"]);
    assert_eq!(
        s.move_words(0),
        "Black circle (1,1) to (3,1), jumping (2,1)"
    );
    assert_eq!(at(&s, 2, 1), None);
    assert_eq!(at(&s, 3, 1), Some((Color::Black, Shape::Circle)));
    assert_eq!(s.to_move(), 1, "a plain jump does not chain");
    // Nothing to jump to when the space beyond is taken.
    let g = row(5, "jump", "remove", &[1], &[2, 3]);
    assert!(
        !g.start()
            .legal()
            .contains(&step(&g.start(), (1, 1), (3, 1)))
    );
}

#[test]
fn a_chain_jump_goes_on_with_the_same_piece_or_passes() {
    let g = row(7, "chain_jump", "remove", &[1], &[2, 4, 6]);
    let mut s = g.start();
    play(&mut s, &["1-3+3-5"]);
    assert_eq!(s.to_move(), 0, "the chain is still open");
    assert_eq!(
        s.legal(),
        &[step(&s, (5, 1), (7, 1)), Move::Pass],
        "only the same piece's jumps, or pass"
    );
    let err = apply_turn(&mut s.clone(), "5-6", |_| None).unwrap_err();
    assert!(err.contains("chain of jumps"), "{err}");
    play(&mut s, &["pass"]);
    assert_eq!(s.to_move(), 1);
    assert_eq!(at(&s, 6, 1), Some((Color::White, Shape::Circle)));
    // The whole chain in one turn; it closes by itself when no jump is left.
    let mut s = g.start();
    play(&mut s, &["1-3+3-5+5-7"]);
    let seats: Vec<usize> = s.history().iter().map(|a| a.seat()).collect();
    assert_eq!(&seats[..4], &[0, 0, 0, 1], "then white's turn");
    let pieces = (1..=7).filter(|&x| at(&s, x, 1).is_some()).count();
    assert_eq!(pieces, 1, "three captives in one turn");
}

#[test]
fn a_chain_jump_adds_to_a_two_piece_turn() {
    let mut g = rules(json!({"dimensions": [7, 1, 1], "phases": [{"pass": true}],
        "pieces_per_turn": 2,
        "initial": [{"at": "1,1", "color": "black"}, {"at": "2,1", "color": "white"},
            {"at": "4,1", "color": "white"}, {"at": "7,1", "color": "black"}],
        "shapes": [{"power": "can", "capture": "chain_jump", "result": "remove",
            "movement": ["adj_orthogonal"]}]}));
    g.turn_checks.clear();
    let g = Game::new(g).unwrap();
    let mut s = g.start();
    // Jump, chain jump, then the turn's second move.
    play(&mut s, &["1-3+3-5+7-6"]);
    let seats: Vec<usize> = s.history().iter().map(|a| a.seat()).collect();
    assert_eq!(&seats[..4], &[0, 0, 0, 1], "then white's turn");
    assert_eq!(at(&s, 5, 1), Some((Color::Black, Shape::Circle)));
    assert_eq!(at(&s, 6, 1), Some((Color::Black, Shape::Circle)));
}

#[test]
fn chain_jump_back_lets_a_forward_only_piece_jump_backwards() {
    let board = |capture: &str| {
        game(json!({"dimensions": [5, 5, 1], "phases": [{"pass": true}],
            "initial": [{"at": "1,1", "color": "black"}, {"at": "2,2", "color": "white"},
                {"at": "4,2", "color": "white"}, {"at": "5,5", "color": "white"}],
            "shapes": [{"power": "can", "capture": capture, "result": "remove",
                "movement": ["adjacent_no_back_side"]}]}))
    };
    let mut s = board("chain_jump").start();
    play(&mut s, &["1,1-3,3"]);
    assert_eq!(s.to_move(), 1, "no forward jump is left: the turn ends");
    let mut s = board("chain_jump_back").start();
    play(&mut s, &["1,1-3,3"]);
    assert_eq!(s.to_move(), 0, "a backward jump continues the chain");
    play(&mut s, &["3,3-5,1"]);
    assert_eq!(at(&s, 4, 2), None);
    assert_eq!(at(&s, 5, 1), Some((Color::Black, Shape::Circle)));
}

#[test]
fn surrounding_a_line_converts_it_in_every_direction_or_only_orthogonally() {
    let othello = |capture: &str| {
        game(json!({"dimensions": [4, 4, 1],
            "initial": [{"at": "1,1", "color": "black"}, {"at": "2,1", "color": "white"},
                {"at": "2,2", "color": "white"}],
            "shapes": [{"power": "can", "capture": capture, "result": "convert",
                "reserves": {"black": 3, "white": 3}}]}))
    };
    let mut s = othello("surround_line").start();
    play(&mut s, &["3,1", "4,4", "3,3"]);
    assert_eq!(
        at(&s, 2, 1),
        Some((Color::Black, Shape::Circle)),
        "sandwiched along the row"
    );
    assert_eq!(
        at(&s, 2, 2),
        Some((Color::Black, Shape::Circle)),
        "sandwiched along the diagonal"
    );
    let mut s = othello("surround_orthogonal").start();
    play(&mut s, &["3,1", "4,4", "3,3"]);
    assert_eq!(at(&s, 2, 1), Some((Color::Black, Shape::Circle)));
    assert_eq!(
        at(&s, 2, 2),
        Some((Color::White, Shape::Circle)),
        "diagonals do not count"
    );
}

#[test]
fn approach_takes_the_line_beyond_the_destination() {
    let g = row(6, "approach", "remove", &[1], &[3, 4, 6]);
    let mut s = g.start();
    play(&mut s, &["1-2"]);
    assert_eq!(at(&s, 3, 1), None);
    assert_eq!(at(&s, 4, 1), None);
    assert_eq!(
        at(&s, 6, 1),
        Some((Color::White, Shape::Circle)),
        "the line stops at the gap"
    );
    // Moving away takes nothing.
    let g = row(4, "approach", "remove", &[2], &[1]);
    let mut s = g.start();
    play(&mut s, &["2-3"]);
    assert_eq!(at(&s, 1, 1), Some((Color::White, Shape::Circle)));
}

#[test]
fn adjacent_takes_every_neighbour_of_the_destination() {
    let g = game(
        json!({"initial": [{"at": "1,1", "color": "white"}, {"at": "2,1", "color": "white"},
            {"at": "3,3", "color": "white"}, {"at": "1,3", "color": "black"}],
        "shapes": [{"power": "can", "capture": "adjacent", "result": "reincarnate",
            "reserves": {"black": 1, "white": 1}}]}),
    );
    let mut s = g.start();
    play(&mut s, &["2,2"]);
    for (x, y) in [(1, 1), (2, 1), (3, 3)] {
        assert_eq!(at(&s, x, y), None, "({x},{y})");
    }
    assert_eq!(at(&s, 1, 3), Some((Color::Black, Shape::Circle)));
    assert_eq!(s.reserve(Color::Black, Shape::Circle), 3, "reincarnated");
}

#[test]
fn paralysed_captives_stay_but_cannot_move_or_be_taken_again() {
    let g = row(5, "jump", "paralyze", &[1], &[2]);
    let mut s = g.start();
    play(&mut s, &["1-3"]);
    assert_eq!(at(&s, 2, 1), Some((Color::White, Shape::Circle)));
    let white = &s.history()[1];
    assert!(
        white.automatic && white.mv == Move::Pass,
        "white's only piece is paralysed: {white:?}"
    );
    assert!(
        s.explain_illegal(step(&s, (2, 1), (1, 1)))
            .contains("paralysed")
    );
    assert!(
        !s.legal().contains(&step(&s, (3, 1), (1, 1))),
        "no second jump over a paralysed piece"
    );
}

#[test]
fn must_capture_applies_to_surrounding() {
    let g = game(json!({"dimensions": [4, 1, 1],
        "initial": [{"at": "1,1", "color": "black"}, {"at": "2,1", "color": "white"}],
        "shapes": [{"power": "must", "capture": "surround_line", "result": "remove",
            "reserves": {"black": 1, "white": 1}}]}));
    let s = g.start();
    let first = &s.history()[0];
    assert!(
        first.automatic && s.move_words(0) == "Black circle to (3,1), taking 1 piece",
        "the only capture is played for black: {first:?}"
    );
    assert_eq!(at(&s, 2, 1), None);
}

/// Pawns: a cross moving "pawn move forward/center", capturing on the diagonal.
fn pawns(initial: serde_json::Value, en_passant: bool) -> Arc<Game> {
    let checks = if en_passant {
        json!([{"check": "en_passant"}])
    } else {
        json!([])
    };
    game(
        json!({"dimensions": [7, 7, 1], "phases": [{"pass": true}], "initial": initial,
        "turn_checks": checks,
        "shapes": [{"shape": "cross", "power": "can", "capture": "move_on_diag_en_passant",
            "result": "remove", "movement": ["pawn_forward_center"]}]}),
    )
}

#[test]
fn a_diagonal_captor_takes_only_diagonally_forward() {
    let g = pawns(
        json!([{"at": "4,4", "color": "black", "shape": "cross"},
            {"at": "4,5", "color": "white", "shape": "cross"},
            {"at": "5,5", "color": "white", "shape": "cross"},
            {"at": "3,3", "color": "white", "shape": "cross"}]),
        false,
    );
    let s = g.start();
    let black: Vec<Move> = s
        .legal()
        .iter()
        .copied()
        .filter(|m| {
            m.from_to()
                .is_some_and(|(f, _)| s.piece_at(f).unwrap().0 == Color::Black)
        })
        .collect();
    assert_eq!(
        black,
        vec![step(&s, (4, 4), (5, 5))],
        "blocked straight ahead, no capture backwards"
    );
}

#[test]
fn en_passant_takes_a_pawn_that_just_stepped_two() {
    let initial = json!([{"at": "4,5", "color": "black", "shape": "cross"},
        {"at": "3,7", "color": "white", "shape": "cross"}]);
    let g = pawns(initial.clone(), true);
    let mut s = g.start();
    let in_passing = step(&s, (4, 5), (3, 6));
    assert!(!s.legal().contains(&in_passing));
    play(&mut s, &["pass", "3,7-3,5"]);
    assert!(s.legal().contains(&in_passing));
    play(&mut s, &["4,5-3,6"]);
    assert_eq!(
        s.move_words(2),
        "Black cross (4,5) to (3,6), taking (3,5) en passant"
    );
    assert_eq!(at(&s, 3, 5), None);
    // Only at once: after another move the chance is gone.
    let mut s = g.start();
    play(&mut s, &["pass", "3,7-3,5", "pass", "pass"]);
    assert!(!s.legal().contains(&in_passing));
    // Without "En passant" there is no two-space step.
    let g = pawns(initial, false);
    let mut s = g.start();
    play(&mut s, &["pass"]);
    let err = apply_turn(&mut s, "3,7-3,5", |_| None).unwrap_err();
    assert!(err.contains("not legal"), "{err}");
}

#[test]
fn a_triagonal_captor_takes_along_three_dimensional_diagonals_only() {
    let g = game(json!({"dimensions": [3, 3, 3], "phases": [{"pass": true}],
        "initial": [{"at": "1,1,1", "color": "black", "shape": "star"},
            {"at": "2,2,2", "color": "white", "shape": "star"},
            {"at": "1,2,1", "color": "white", "shape": "star"},
            {"at": "2,2,1", "color": "white", "shape": "star"}],
        "shapes": [{"shape": "star", "power": "can", "capture": "move_on_triagonal",
            "result": "remove", "movement": ["linear"]}]}));
    let s = g.start();
    let geo = &g.geometry;
    let from = geo.cell(1, 1, 1, 1).unwrap();
    let to = |x, y, z| Move::Step {
        from,
        to: geo.cell(1, x, y, z).unwrap(),
    };
    assert!(s.legal().contains(&to(2, 2, 2)));
    assert!(!s.legal().contains(&to(1, 2, 1)));
    assert!(!s.legal().contains(&to(2, 2, 1)));
    let mut s = s;
    play(&mut s, &["1,1,1-2,2,2"]);
    assert_eq!(
        s.piece_at(geo.cell(1, 2, 2, 2).unwrap()),
        Some((Color::Black, Shape::Star))
    );
}

#[test]
fn captures_other_than_cover_need_a_flat_board() {
    let stacks = rules(json!({"board": "stacks", "dimensions": [3, 1, 3],
        "shapes": [{"power": "can", "capture": "jump", "result": "remove",
            "movement": ["orth_by_stack"], "reserves": {"black": 2, "white": 2}}]}));
    let problems = crate::validate(&stacks).unwrap_err();
    assert!(
        problems
            .iter()
            .any(|p| p.field == "shapes[0].capture" && p.message.contains("flat board")),
        "{problems:?}"
    );
    let convert = rules(
        json!({"shapes": [{"power": "can", "capture": "move_on_diag_en_passant",
        "result": "convert", "movement": ["adjacent"], "reserves": {"black": 2, "white": 2}}]}),
    );
    assert!(crate::validate(&convert).is_err());
}

/// A row of `len` cells as [`row`], played in simultaneous rounds.
fn rounds(len: u8, capture: &str, black: &[u8], white: &[u8]) -> Arc<Game> {
    let mut initial = Vec::new();
    for (color, xs) in [("black", black), ("white", white)] {
        for x in xs {
            initial.push(json!({"at": format!("{x},1"), "color": color}));
        }
    }
    game(json!({"dimensions": [len, 1, 1], "initial": initial,
        "phases": [{"order": "simultaneous", "pass": true}],
        "shapes": [{"power": "can", "capture": capture, "result": "remove",
            "movement": ["adj_orthogonal"]}]}))
}

#[test]
fn a_chain_of_jumps_planned_in_a_round_takes_every_piece_still_there() {
    let g = rounds(7, "chain_jump", &[1], &[2, 4, 7]);
    let mut s = g.start();
    play(&mut s, &["1-3+3-5", "7-6"]);
    assert_eq!(at(&s, 2, 1), None);
    assert_eq!(at(&s, 4, 1), None);
    assert_eq!(at(&s, 5, 1), Some((Color::Black, Shape::Circle)));
    assert_eq!(at(&s, 6, 1), Some((Color::White, Shape::Circle)));
    // A piece that leaves before the round settles is not taken.
    let g = game(json!({"dimensions": [3, 2, 1],
        "initial": [{"at": "1,1", "color": "black"}, {"at": "2,1", "color": "white"}],
        "phases": [{"order": "simultaneous", "pass": true}],
        "shapes": [{"power": "can", "capture": "jump", "result": "remove",
            "movement": ["adj_orthogonal"]}]}));
    let mut s = g.start();
    play(&mut s, &["1,1-3,1", "2,1-2,2"]);
    assert_eq!(at(&s, 3, 1), Some((Color::Black, Shape::Circle)));
    assert_eq!(at(&s, 2, 2), Some((Color::White, Shape::Circle)));
}

#[test]
fn surrounding_and_diagonal_captures_settle_after_a_round() {
    let g = rounds(5, "surround_line", &[1, 4], &[2]);
    let mut s = g.start();
    play(&mut s, &["4-3", "pass"]);
    assert_eq!(at(&s, 2, 1), None, "black closed the line on (3,1)");
    let g = game(json!({"dimensions": [5, 5, 1], "initial": [
            {"at": "2,2", "color": "black", "shape": "cross"},
            {"at": "3,3", "color": "white", "shape": "cross"}],
        "phases": [{"order": "simultaneous", "pass": true}],
        "shapes": [{"shape": "cross", "power": "can", "capture": "move_on_diag_en_passant",
            "result": "remove", "movement": ["pawn_forward_center"]}]}));
    let mut s = g.start();
    play(&mut s, &["2,2-3,3", "pass"]);
    assert_eq!(at(&s, 3, 3), Some((Color::Black, Shape::Cross)));
}

#[test]
fn random_play_stays_legal_under_every_condition_and_movement() {
    random_play_stays_legal("squares", 4, 0..4);
}

/// The same on the boards with neighbours of their own: hex lines and
/// diagonals, wrapping rows and columns, tetrakis strips and corner jumps.
#[test]
fn random_play_stays_legal_on_hexagons_toroids_and_tetrakis_squares() {
    random_play_stays_legal("hexagons", 4, 0..2);
    random_play_stays_legal("squares_on_toroid", 4, 0..2);
    random_play_stays_legal("tetrakis_squares", 3, 0..2);
}

fn random_play_stays_legal(board: &str, side: u8, seeds: std::ops::Range<u64>) {
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;
    let conditions = [
        "jump",
        "chain_jump",
        "chain_jump_back",
        "surround_line",
        "surround_orthogonal",
        "approach",
        "adjacent",
        "move_on_diag_en_passant",
        "move_on_triagonal",
        "cover",
    ];
    let movements = [
        "adjacent_no_back",
        "pawn_forward_center",
        "forward_orth",
        "rook_orth_castle",
        "linear",
    ];
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    for (i, capture) in conditions.iter().enumerate() {
        for (j, kind) in movements.iter().enumerate() {
            let moves_on = ["move_on_diag_en_passant", "move_on_triagonal", "cover"];
            let result = if moves_on.contains(capture) {
                "remove"
            } else {
                ["remove", "convert", "reincarnate", "paralyze"][(i + j) % 4]
            };
            let order = if (i + j) % 3 == 0 {
                "simultaneous"
            } else {
                "sequential"
            };
            let height = if *capture == "move_on_triagonal" && board != "tetrakis_squares" {
                3
            } else {
                1
            };
            let g = game(json!({"board": board, "dimensions": [side, side, height],
                "pieces_per_turn": 1 + (i + j) % 2,
                "phases": [{"pass": true}, {"order": order, "pass": true}],
                "turn_checks": [{"check": "en_passant"}, {"check": "castle"}],
                "shapes": [
                    {"shape": "cross", "power": "must", "capture": capture, "result": result,
                        "movement": [kind], "reserves": {"black": 4, "white": 4}},
                    {"shape": "x", "movement": ["pawn_forward_center"],
                        "reserves": {"black": 2, "white": 2}},
                    {"shape": "pentagon", "power": "can", "capture": capture, "result": result,
                        "movement": ["rook_orth_castle"], "reserves": {"black": 2, "white": 2}},
                    {"shape": "triangle", "movement": ["adjacent_no_back_side"],
                        "reserves": {"black": 3, "white": 3}}]}));
            for seed in seeds.clone() {
                let mut s = g.start_seeded(seed);
                // Every move the random player picks is legal and applies;
                // long games are cut short (stalemate needs a repeated turn).
                for _ in 0..1500 {
                    let Some(m) = crate::random::random_move(&s, &mut rng) else {
                        break;
                    };
                    s.apply(m)
                        .unwrap_or_else(|e| panic!("{board} {capture} {kind} {seed}: {e}"));
                }
            }
        }
    }
}

/// Random play of surrounding placements, on boards of every kind (a
/// toroid's lines come back round to the placed piece) and with paralysis
/// (a paralysed piece is no captive of a paralysing captor): the quick
/// answer of whether a placement surrounds anything is whether it takes
/// anything.
#[test]
fn a_placement_surrounds_something_exactly_when_it_takes_something() {
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::seq::IndexedRandom;
    let mut games =
        vec![Game::new(crate::catalogue::get("Reversi").expect("Reversi")).expect("plays")];
    for (board, capture, result) in [
        ("squares_on_toroid", "surround_line", "convert"),
        ("hexagons", "surround_line", "remove"),
        ("squares", "surround_orthogonal", "paralyze"),
        ("squares", "surround_line", "paralyze"),
    ] {
        games.push(crate::testing::game(
            json!({"board": board, "dimensions": [6, 6, 1],
            "turn_checks": [], "pieces_per_turn": 1,
            "phases": [{"order": "sequential", "placement_only": false, "pass": true}],
            "shapes": [{"shape": "circle", "power": "can", "capture": capture, "result": result,
                        "reserves": {"black": 18, "white": 18}}]}),
        ));
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let (mut takes, mut not) = (0, 0);
    for game in games {
        for seed in 0..20 {
            let mut state = game.start_seeded(seed);
            for _ in 0..80 {
                if state.is_finished() {
                    break;
                }
                let seat = state.to_move();
                for mv in state.legal().to_vec() {
                    if let Move::Place { color, shape, to } = mv {
                        let listed = !state.taking(seat, mv).after.is_empty();
                        let quick = state.surrounds_any(seat, (color, shape), to);
                        assert_eq!(quick, listed, "{}: {mv:?}", game.rules.name);
                        if listed {
                            takes += 1;
                        } else {
                            not += 1;
                        }
                    }
                }
                let moves = state.legal().to_vec();
                let mv = *moves.choose(&mut rng).expect("a move");
                state.apply(mv).expect("legal");
            }
        }
    }
    assert!(takes > 1000 && not > 1000, "{takes} take, {not} do not");
}
