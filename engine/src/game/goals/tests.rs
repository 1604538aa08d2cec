//! Goals, forward-only movement, promotion, castling, and moves by full stack.

use std::sync::Arc;

use serde_json::{Value, json};

use crate::game::capture::judge_stack;
use crate::game::{Game, GameState, Move, State};
use crate::notation::apply_turn;
use crate::rules::{Color, Movement, Shape};
use crate::testing::{game_over, play};

/// A game on squares, without Tic-Tac-Toe's in-a-row check.
fn game(fields: Value) -> Arc<Game> {
    game_over(json!({"board": "squares", "turn_checks": []}), fields)
}

/// The cells the piece on (x,y) may step to, as "x,y", sorted.
fn reach(s: &State, x: u8, y: u8) -> Vec<String> {
    let geo = &s.game().geometry;
    let from = geo.cell(1, x, y, 1).unwrap();
    let mut out: Vec<String> = s
        .legal()
        .iter()
        .filter_map(|m| m.from_to())
        .filter(|(f, _)| *f == from)
        .map(|(_, t)| crate::notation::cell_words(geo, t))
        .collect();
    out.sort();
    out.dedup();
    out
}

#[test]
fn goals_go_round_the_board_counter_clockwise() {
    let g = game(json!({"players": "four", "dimensions": [4, 4, 1],
        "shapes": [{"reserves": {"black": 1, "white": 1, "pink": 1, "yellow": 1}}]}));
    let forward: Vec<_> = g.goals.seats.iter().map(|s| s.forward).collect();
    assert_eq!(
        forward,
        vec![
            Some([0, 1, 0]),
            Some([-1, 0, 0]),
            Some([0, -1, 0]),
            Some([1, 0, 0])
        ]
    );
    let two =
        game(json!({"dimensions": [4, 4, 1], "shapes": [{"reserves": {"black": 1, "white": 1}}]}));
    let top = two.geometry.cell(1, 2, 4, 1).unwrap();
    assert!(two.on_goal(0, top) && !two.on_goal(1, top));
    assert_eq!(two.goals.seats[1].forward, Some([0, -1, 0]), "opposite");
    let row =
        game(json!({"dimensions": [5, 1, 1], "shapes": [{"reserves": {"black": 1, "white": 1}}]}));
    assert_eq!(row.goals.seats[0].edge, Some((0, 1)), "x = 1 on one row");
    assert_eq!(row.goals.seats[1].edge, Some((0, 5)));
    let chaos = game(
        json!({"players": "one_vs_chaos", "shapes": [{"reserves": {"black": 1, "white": 1}}]}),
    );
    assert_eq!(chaos.goals.seats[1].forward, None, "Chaos has no goal");
}

/// One black piece at (2,2) and one white at (4,4) of a 4x4 board, moving by `kind`.
fn alone(kind: &str) -> State {
    let g = game(json!({"dimensions": [4, 4, 1], "phases": [{"pass": true}],
        "initial": [{"at": "2,2", "color": "black"}, {"at": "4,4", "color": "white"}],
        "shapes": [{"movement": [kind]}]}));
    g.start()
}

#[test]
fn forward_only_kinds_never_move_away_from_the_goal() {
    assert_eq!(reach(&alone("forward_orth"), 2, 2), ["2,3", "2,4"]);
    assert_eq!(
        reach(&alone("forward_diag"), 2, 2),
        ["1,3", "3,3", "4,4"][..2]
    );
    assert_eq!(
        reach(&alone("adjacent_no_back_side"), 2, 2),
        ["1,3", "2,3", "3,3"]
    );
    assert_eq!(
        reach(&alone("adjacent_no_back"), 2, 2),
        ["1,2", "1,3", "2,3", "3,2", "3,3"]
    );
    assert_eq!(
        reach(&alone("orth_no_back"), 2, 2),
        ["1,2", "2,3", "2,4", "3,2", "4,2"]
    );
    // White's goal is y = 1: its forward is down.
    let mut s = alone("forward_orth");
    play(&mut s, &["pass"]);
    assert_eq!(reach(&s, 4, 4), ["4,1", "4,2", "4,3"]);
}

#[test]
fn a_pawn_steps_forward_or_diagonally_toward_the_centre_line() {
    let g = game(json!({"dimensions": [5, 5, 1], "phases": [{"pass": true}],
        "initial": [{"at": "1,1", "color": "black"}, {"at": "3,2", "color": "black"},
            {"at": "5,5", "color": "white"}],
        "shapes": [{"movement": ["pawn_forward_center"]}]}));
    let s = g.start();
    assert_eq!(reach(&s, 1, 1), ["1,2", "2,2"]);
    assert_eq!(reach(&s, 3, 2), ["3,3"], "on the centre line: straight on");
}

/// A black triangle moving forward orth one step short of its goal, and
/// pieces that can move backwards to replace it.
fn promotion(extra: serde_json::Value) -> Arc<Game> {
    let mut shapes = vec![
        json!({"shape": "triangle", "movement": ["forward_orth"]}),
        json!({"shape": "pentagon", "movement": ["adjacent"], "reserves": {"white": 1}}),
        json!({"shape": "star", "reserves": {"white": 1}}),
    ];
    shapes.extend(extra.as_array().unwrap().iter().cloned());
    game(json!({"dimensions": [3, 3, 1], "phases": [{"pass": true}],
        "initial": [{"at": "1,2", "color": "black", "shape": "triangle"}],
        "shapes": shapes}))
}

#[test]
fn reaching_the_goal_replaces_the_piece_with_a_shape_that_moves_backwards() {
    let g = promotion(json!([]));
    let mut s = g.start();
    let geo = &g.geometry;
    let (from, to) = (geo.cell(1, 1, 2, 1).unwrap(), geo.cell(1, 1, 3, 1).unwrap());
    assert!(s.legal().contains(&Move::Promote {
        from,
        to,
        shape: Shape::Pentagon
    }));
    assert!(
        !s.legal().contains(&Move::Step { from, to }),
        "the replacement is required"
    );
    play(&mut s, &["1,2-1,3"]);
    assert_eq!(s.piece_at(to), Some((Color::Black, Shape::Pentagon)));
    assert_eq!(
        s.move_words(0),
        "Black triangle (1,2) to (1,3), becomes a pentagon"
    );
    // With two shapes to choose from, the mover says which.
    let g = promotion(json!([{"shape": "x", "movement": ["knight"], "reserves": {"white": 1}}]));
    let mut s = g.start();
    let err = apply_turn(&mut s, "1,2-1,3", |_| None).unwrap_err();
    assert!(
        err.contains("1,2-1,3=pentagon") && err.contains("1,2-1,3=X"),
        "{err}"
    );
    play(&mut s, &["1,2-1,3=x"]);
    assert_eq!(s.piece_at(to), Some((Color::Black, Shape::X)));
    assert_eq!(
        s.move_words(0),
        "Black triangle (1,2) to (1,3), becomes an X"
    );
}

#[test]
fn chaos_forward_only_pieces_stay_put() {
    let g = game(json!({"players": "one_vs_chaos", "dimensions": [3, 3, 1],
        "initial": [{"at": "2,2", "color": "white"}],
        "phases": [{"pass": true}],
        "shapes": [{"movement": ["adjacent_no_back"], "reserves": {"black": 1}}]}));
    let mut s = g.start();
    play(&mut s, &["pass"]);
    let chaos = &s.history()[1];
    assert!(
        chaos.seat == 1 && chaos.automatic && chaos.mv == Move::Pass,
        "{chaos:?}"
    );
}

/// A rook (cross) at (8,1) and an X at (5,1), both black, on an 8x2 board.
fn castle(checks: serde_json::Value) -> Arc<Game> {
    castle_in(checks, json!([{"pass": true}]))
}

fn castle_in(checks: serde_json::Value, phases: serde_json::Value) -> Arc<Game> {
    game(
        json!({"dimensions": [8, 2, 1], "phases": phases, "turn_checks": checks,
        "initial": [{"at": "8,1", "color": "black", "shape": "cross"},
            {"at": "5,1", "color": "black", "shape": "x"},
            {"at": "1,2", "color": "white", "shape": "x"}],
        "shapes": [{"shape": "cross", "movement": ["rook_orth_castle"]},
            {"shape": "x", "movement": ["adjacent"]}]}),
    )
}

#[test]
fn castling_swaps_the_rook_and_its_partner_across_the_gap() {
    let g = castle(json!([{"check": "castle"}]));
    let geo = &g.geometry;
    let cell = |x| geo.cell(1, x, 1, 1).unwrap();
    let mut s = g.start();
    let swap = Move::Step {
        from: cell(8),
        to: cell(5),
    };
    assert!(s.legal().contains(&swap));
    play(&mut s, &["8,1-5,1"]);
    assert_eq!(
        s.move_words(0),
        "Black cross (8,1) castles with the X at (5,1)"
    );
    assert_eq!(s.piece_at(cell(7)), Some((Color::Black, Shape::X)));
    assert_eq!(s.piece_at(cell(6)), Some((Color::Black, Shape::Cross)));
    assert_eq!(s.piece_at(cell(8)), None);
    assert_eq!(s.piece_at(cell(5)), None);
    // A rook that has moved no longer castles.
    let mut s = g.start();
    play(&mut s, &["8,1-8,2", "pass", "8,2-8,1", "pass"]);
    assert!(!s.legal().contains(&swap));
    // Without the check, a rook only slides.
    let g = castle(json!([]));
    assert!(!g.start().legal().contains(&swap));
}

#[test]
fn castling_planned_in_a_round_moves_both_pieces() {
    let g = castle_in(
        json!([{"check": "castle"}]),
        json!([{"order": "simultaneous", "pass": true}]),
    );
    let cell = |x| g.geometry.cell(1, x, 1, 1).unwrap();
    let mut s = g.start();
    play(&mut s, &["8,1-5,1", "pass"]);
    assert_eq!(s.piece_at(cell(7)), Some((Color::Black, Shape::X)));
    assert_eq!(s.piece_at(cell(6)), Some((Color::Black, Shape::Cross)));
}

#[test]
fn moves_by_full_stack_start_from_the_bottom_and_take_everything() {
    let g = game(
        json!({"board": "stacks", "dimensions": [3, 1, 4], "phases": [{"pass": true}],
        "initial": [{"at": "1", "color": "black", "shape": "x"},
            {"at": "1", "color": "white", "shape": "circle"}],
        "shapes": [{"shape": "circle", "movement": ["orth_by_full_stack"]},
            {"shape": "x", "movement": ["orth_by_full_stack"]}]}),
    );
    let mut s = g.start();
    let geo = &g.geometry;
    let cell = |x, z| geo.cell(1, x, 1, z).unwrap();
    assert_eq!(reach(&s, 1, 1), ["2,1,1", "3,1,1"]);
    play(&mut s, &["pass"]);
    let white = &s.history()[1];
    assert!(
        white.automatic && white.mv == Move::Pass,
        "white's circle is not at the bottom: {white:?}"
    );
    play(&mut s, &["1-3"]);
    assert_eq!(s.piece_at(cell(3, 1)), Some((Color::Black, Shape::X)));
    assert_eq!(s.piece_at(cell(3, 2)), Some((Color::White, Shape::Circle)));
    assert_eq!(s.piece_at(cell(1, 1)), None);
}

#[test]
fn hands_decide_a_stack_after_a_move_by_stack() {
    // Two black Xs arrive by stack on a white pentagon: a pair beats a
    // singleton, though a pentagon outranks an X piece by piece.
    let g = game(
        json!({"board": "stacks", "dimensions": [2, 1, 4], "phases": [{"pass": true}],
        "initial": [{"at": "1", "color": "black", "shape": "x", "count": 2},
            {"at": "2", "color": "white", "shape": "pentagon"}],
        "shapes": [{"shape": "x", "power": "can", "capture": "cover_by_rank", "result": "remove",
                "movement": ["orth_by_stack"], "reserves": {"white": 1}},
            {"shape": "pentagon", "power": "can", "capture": "cover_by_rank", "result": "remove"}]}),
    );
    let mut s = g.start();
    let geo = &g.geometry;
    let cell = |x, z| geo.cell(1, x, 1, z).unwrap();
    let by_stack = Move::Step {
        from: cell(1, 1),
        to: cell(2, 2),
    };
    assert!(s.captures(by_stack));
    s.apply(by_stack).unwrap();
    let stack: Vec<_> = (1..=4).map(|z| s.piece_at(cell(2, z))).collect();
    assert_eq!(
        stack,
        vec![
            Some((Color::Black, Shape::X)),
            Some((Color::Black, Shape::X)),
            None,
            None
        ]
    );
    // A placement is judged piece by piece: the pentagon takes a lone X.
    let pieces = [(Color::White, Shape::Pentagon), (Color::Black, Shape::X)];
    assert_eq!(
        judge_stack(&g, &pieces, false).captors.as_slice(),
        [Color::White]
    );
    assert_eq!(
        judge_stack(&g, &pieces, true).captors.as_slice(),
        [Color::White]
    );
    let pair = [
        (Color::White, Shape::Pentagon),
        (Color::Black, Shape::X),
        (Color::Black, Shape::X),
    ];
    assert_eq!(
        judge_stack(&g, &pair, false).captors.as_slice(),
        [Color::White]
    );
    let hands = judge_stack(&g, &pair, true);
    assert_eq!(hands.captors.as_slice(), [Color::Black]);
    assert_eq!(hands.pot.as_slice(), [0]);
}

#[test]
fn communal_pieces_join_every_hand_and_ties_split_the_pot() {
    // Yellow is no seat's colour in a 2-player game: its pieces are communal.
    let g = game(json!({"board": "stacks", "dimensions": [2, 1, 6],
        "shapes": [{"shape": "star", "power": "can", "capture": "cover", "result": "convert",
            "movement": ["orth_by_stack"], "reserves": {"black": 1, "white": 1}},
            {"shape": "circle", "reserves": {"black": 1, "white": 1}}]}));
    let pieces = [
        (Color::Yellow, Shape::Star),
        (Color::Black, Shape::Star),
        (Color::White, Shape::Star),
        (Color::White, Shape::Circle),
    ];
    let v = judge_stack(&g, &pieces, true);
    assert_eq!(
        v.captors.as_slice(),
        [Color::Black, Color::White],
        "pairs of stars tie"
    );
    assert!(v.kept & 1 != 0, "the communal star makes both hands");
    assert_eq!(v.pot.as_slice(), [3], "the chip goes to the pot");
    // Chips alone are no hand: nothing is captured.
    let chips = [(Color::Black, Shape::Circle), (Color::White, Shape::Circle)];
    assert!(judge_stack(&g, &chips, true).captors.is_empty());
    assert!(Movement::OrthByFullStack.needs_stacks());
}

#[test]
fn forward_on_hexagons_is_the_two_edges_toward_the_goal() {
    let g = game(
        json!({"board": "hexagons", "dimensions": [4, 4, 1], "phases": [{"pass": true}],
        "initial": [{"at": "2,2", "color": "black"}, {"at": "3,3", "color": "white"}],
        "shapes": [{"movement": ["forward_orth"]}]}),
    );
    let mut s = g.start();
    // Up the board: (0,+1) and (-1,+1) slide; sideways and back never.
    assert_eq!(reach(&s, 2, 2), ["1,3", "2,3", "2,4"]);
    play(&mut s, &["pass"]);
    // White's goal is y = 1: (0,-1) and (+1,-1).
    assert_eq!(reach(&s, 3, 3), ["3,1", "3,2", "4,2"]);
}

#[test]
fn forward_wraps_round_a_toroid_and_a_pawn_may_step_two_across_the_seam() {
    let g = game(
        json!({"board": "squares_on_toroid", "dimensions": [4, 4, 1],
        "phases": [{"pass": true}],
        "initial": [{"at": "2,4", "color": "black"}, {"at": "3,3", "color": "white", "shape": "x"}],
        "turn_checks": [{"check": "en_passant"}],
        "shapes": [{"movement": ["forward_orth"]}, {"shape": "x", "movement": ["pawn_forward_center"]}]}),
    );
    let s = g.start();
    // From the goal row the slide wraps to y = 1 and goes on until it would
    // come back to where it started.
    assert_eq!(reach(&s, 2, 4), ["2,1", "2,2", "2,3"]);
    let mut s = s;
    play(&mut s, &["pass"]);
    // White's pawn goes down: one step, or two on its first move (wrapping
    // under the bottom edge), and diagonally toward the centre column.
    assert_eq!(reach(&s, 3, 3), ["2,2", "3,1", "3,2"]);
    let g = game(
        json!({"board": "squares_on_toroid", "dimensions": [4, 4, 1],
        "phases": [{"pass": true}],
        "initial": [{"at": "3,1", "color": "white"}],
        "turn_checks": [{"check": "en_passant"}],
        "shapes": [{"movement": ["pawn_forward_center"], "reserves": {"black": 1, "white": 0}}]}),
    );
    let mut s = g.start();
    play(&mut s, &["pass"]);
    // Two down from y = 1 wraps to y = 3, through y = 4.
    assert!(
        reach(&s, 3, 1).contains(&"3,3".to_string()),
        "{:?}",
        reach(&s, 3, 1)
    );
}

#[test]
fn a_triagonal_on_a_hex_prism_is_a_hex_diagonal_and_a_level() {
    let g = game(
        json!({"board": "hexagons", "dimensions": [3, 3, 3], "phases": [{"pass": true}],
        "initial": [{"at": "1,1,1", "color": "black", "shape": "cross"},
            {"at": "2,2,2", "color": "white"}, {"at": "2,1,2", "color": "white"}],
        "shapes": [{"shape": "cross", "power": "can", "capture": "move_on_triagonal",
            "result": "remove", "movement": ["adjacent"], "reserves": {"black": 0, "white": 0}},
            {"shape": "circle", "reserves": {"black": 0, "white": 0}}]}),
    );
    let s = g.start();
    let geo = &g.geometry;
    let from = geo.cell(1, 1, 1, 1).unwrap();
    let targets: Vec<u16> = s
        .legal()
        .iter()
        .filter_map(|m| m.from_to())
        .filter(|(f, _)| *f == from)
        .map(|(_, t)| t)
        .collect();
    // (+1,+1,+1): a hex diagonal one level up, so the cross takes it.
    assert!(targets.contains(&geo.cell(1, 2, 2, 2).unwrap()));
    // (+1,0,+1): an edge neighbour one level up is no triagonal.
    assert!(!targets.contains(&geo.cell(1, 2, 1, 2).unwrap()));
}

/// Where no position can come back after a forward step, the repetition
/// memory is cleared at such steps; whole random games end exactly as
/// with the memory kept, where sideways steps can still repeat a turn.
#[test]
fn a_forward_step_forgets_the_turns_before_it_and_changes_no_result() {
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;

    let breakthrough = crate::testing::catalogue_game("Breakthrough");
    assert!(breakthrough.goals.forward_steps_last);
    assert!(
        !crate::testing::catalogue_game("Draughts")
            .goals
            .forward_steps_last
    );
    let sideways = |board: &str, result: &str| {
        crate::testing::rules(json!({
            "board": board, "dimensions": [4, 5, 1],
            "shapes": [{"shape": "circle", "power": "can", "capture": "cover",
                        "result": result, "movement": ["adjacent_no_back"],
                        "reserves": {}}],
            "phases": [{"order": "sequential"}],
            "initial": [
                {"at": "1,1", "color": "black", "shape": "circle", "count": 1},
                {"at": "3,1", "color": "black", "shape": "circle", "count": 1},
                {"at": "2,5", "color": "white", "shape": "circle", "count": 1},
                {"at": "4,5", "color": "white", "shape": "circle", "count": 1}],
            "turn_checks": [],
        }))
    };
    assert!(
        !Game::new(sideways("squares_on_toroid", "remove"))
            .unwrap()
            .goals
            .forward_steps_last
    );
    assert!(
        !Game::new(sideways("squares", "reincarnate"))
            .unwrap()
            .goals
            .forward_steps_last
    );
    let (mut repeated, mut games) = (0, 0);
    for rule_set in [
        sideways("squares", "remove"),
        sideways("hexagons", "paralyze"),
    ] {
        let forgetting = Game::new(rule_set.clone()).expect("valid");
        assert!(forgetting.goals.forward_steps_last, "{:?}", rule_set.board);
        let mut keeping = Game::compile(rule_set);
        keeping.goals.forward_steps_last = false;
        let keeping = Arc::new(keeping);
        for seed in 0..60 {
            let mut a = forgetting.start_seeded(seed);
            let mut b = keeping.start_seeded(seed);
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            while let Some(mv) = crate::random::random_move(&a, &mut rng) {
                a.apply_action(mv).expect("legal");
                b.apply_action(mv).expect("legal in both");
                assert_eq!(a.is_finished(), b.is_finished(), "seed {seed}");
            }
            assert_eq!(a.results(), b.results(), "seed {seed}");
            let reason = b.outcome().expect("over").reason(&keeping);
            repeated += usize::from(reason.contains("repeat"));
            games += 1;
        }
    }
    assert!(
        games == 120 && repeated >= 5,
        "{repeated} of {games} ended by a repeat"
    );
}

/// A step refused because a capture is compulsory says so, and a step no
/// rule allows still says the piece cannot go there.
#[test]
fn a_step_refused_for_a_compulsory_capture_says_so() {
    let game = crate::testing::catalogue_game("Draughts");
    let mut s = game.start_seeded(1);
    // Black's only move, the jump back over (3,5), is played for it.
    play(&mut s, &["3,3-4,4", "2,6-3,5"]);
    let cell = |x, y| game.geometry.cell(1, x, y, 1).expect("on the board");
    let quiet = Move::Step {
        from: cell(6, 6),
        to: cell(5, 5),
    };
    let why = s.explain_illegal(quiet);
    assert!(why.contains("a capture is compulsory"), "{why}");
    assert!(why.contains("`1,7-3,5`"), "{why}");
    let sideways = Move::Step {
        from: cell(6, 6),
        to: cell(6, 5),
    };
    let why = s.explain_illegal(sideways);
    assert!(why.contains("cannot move to (6,5)"), "{why}");
}
