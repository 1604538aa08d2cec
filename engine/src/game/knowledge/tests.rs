//! Moves judged in place against moves judged on a copy of the belief, and
//! the seats' sets against what they see.

use crate::game::GameState;
use crate::testing::{catalogue_game, game_without_checks, play};

/// The moves judged in place are those judged on a copy of the seat's belief.
fn judged_in_place_as_on_a_copy(s: &mut crate::State) {
    let mut in_place = Vec::new();
    s.generate_known(&mut in_place);
    let mut on_copy = Vec::new();
    s.generate_legal(&mut on_copy);
    assert_eq!(in_place, on_copy);
}

/// Plays up to `turns` moves of `game`, the `first + turn * stride`-th
/// legal one each turn, judging every position in place and on a copy;
/// returns where it stopped.
fn judged_through(
    game: &std::sync::Arc<crate::Game>,
    first: usize,
    stride: usize,
    turns: usize,
) -> crate::State {
    let mut s = game.start();
    for turn in 0..turns {
        judged_in_place_as_on_a_copy(&mut s);
        if s.is_finished() {
            break;
        }
        let legal = s.legal();
        let mv = legal[(first + turn * stride) % legal.len()];
        s.apply(mv).unwrap();
    }
    s
}

#[test]
fn moves_judged_in_place_match_a_copy_of_the_belief() {
    let g = game_without_checks(serde_json::json!({"cloaking": "hides", "board": "squares",
        "phases": [{"cloaked": ["all"]}],
        "shapes": [{"reserves": {"black": 3, "white": 3}}]}));
    let mut s = g.start();
    play(&mut s, &["2,2", "1,1"]);
    judged_in_place_as_on_a_copy(&mut s);
    let key = s.position_key();
    assert_eq!(s.position_key(), key, "the board is put back");
    for name in ["3P-9X-HideSeek", "Shopping9", "3Blotto13"] {
        judged_through(&catalogue_game(name), 0, 7, 60);
    }
}

#[test]
fn unseen_pieces_on_a_stack_it_may_partly_enter_judged_as_on_a_copy() {
    // Nothing moves once placed: a seat judges only the stacks it may
    // enter, but a whole stack, since a hidden piece low on it, on a place
    // closed to the seat, raises where the seat's own piece lands.
    let g = game_without_checks(serde_json::json!({"cloaking": "hides", "board": "stacks",
        "dimensions": [3, 1, 3],
        "phases": [{"cloaked": ["all"], "pass": true}],
        "exclusive": [{"seats": [2], "spaces": ["1,1,1", "3"]}, {"seats": [1], "spaces": ["1,1,2"]}],
        "shapes": [{"reserves": {"black": 3, "white": 3}}]}));
    let mut s = g.start();
    // White's hidden piece at the bottom of stack 1 lets black land above it.
    play(&mut s, &["2", "1"]);
    judged_in_place_as_on_a_copy(&mut s);
    let legal = s.legal();
    assert!(
        !legal
            .iter()
            .any(|m| matches!(m, crate::Move::Place { to, .. } if g.geometry.column_of(*to) == 0)),
        "black believes stack 1 empty, and may not enter its bottom: {legal:?}"
    );
    for first in 0..12 {
        judged_through(&g, first, 5, 12);
    }
}

#[test]
fn unseen_walls_and_pieces_judged_in_place_as_on_a_copy() {
    // Sliders and walls on a cloaked board: a seat's moves run through
    // walls and pieces it has not met until it runs into them.
    let g = game_without_checks(serde_json::json!({"cloaking": "hides", "board": "squares",
        "dimensions": [4, 4, 1],
        "phases": [{"cloaked": ["all"], "pass": true, "locked": ["2,2", "3,3"]}],
        "shapes": [{"shape": "circle", "reserves": {"black": 3, "white": 3}},
                   {"shape": "x", "movement": ["linear"], "reserves": {"black": 1, "white": 1}}]}));
    let mut blocked = 0;
    for first in 0..6 {
        let s = judged_through(&g, first, 7, 40);
        let history = 0..s.history().len();
        blocked += history
            .filter(|&i| s.move_words(i).contains("blocked"))
            .count();
    }
    assert!(blocked > 0, "some attempts ran into what they did not see");
}

#[test]
fn a_position_copied_in_a_round_works_its_sets_out_afresh() {
    // A planner's position is copied while the last turn is applied,
    // before it is learned from (here the new phase shows the pieces
    // at (2,2) and (3,3)); it must not trust its sets.
    let g = game_without_checks(serde_json::json!({"cloaking": "hides", "board": "squares",
        "phases": [{"cloaked": ["all"], "pass": true},
                   {"order": "simultaneous", "cloaked": ["1,1", "1,2"]}],
        "shapes": [{"reserves": {"black": 4, "white": 4}}]}));
    let mut s = g.start();
    // A repeated turn (the third pass) ends the first phase.
    play(
        &mut s,
        &["1,1", "1,1", "2,2", "3,3", "pass", "pass", "pass"],
    );
    assert_eq!(s.phase(), 1);
    for seat in 0..2 {
        let Some(mut position) = s.plan_position(seat) else {
            continue;
        };
        for turn in 0..6 {
            judged_in_place_as_on_a_copy(&mut position);
            let legal = position.legal();
            if position.is_finished() || legal.is_empty() {
                break;
            }
            let mv = legal[(seat + turn * 3) % legal.len()];
            position.apply(mv).unwrap();
        }
    }
}

#[test]
fn seers_are_the_seats_that_see_fully() {
    for name in ["3P-9X-HideSeek", "KBeauty9", "Shopping9"] {
        let game = catalogue_game(name);
        let mut s = game.start();
        for _ in 0..20 {
            for cell in 0..game.geometry.cell_count() as u16 {
                for seat in 0..game.seats.len() {
                    let seen = s.seers(cell) & crate::game::known_bit(seat) != 0;
                    assert_eq!(seen, s.sees_fully(seat, cell), "{name}");
                }
            }
            let Some(&mv) = s.legal().first() else { break };
            s.apply(mv).unwrap();
        }
    }
}

#[test]
fn hidden_placements_as_a_product_list_as_the_belief_would() {
    // Phantom Tic-Tac-Toe: a seat's open slots include the cells of
    // pieces it has not seen, and running into one reveals it.
    let g = game_without_checks(serde_json::json!({"cloaking": "hides", "board": "squares",
        "phases": [{"cloaked": ["all"]}],
        "shapes": [{"reserves": {"black": 5, "white": 4}}]}));
    for first in 0..9u16 {
        let mut s = g.start();
        let mut turn = 0;
        while !s.is_finished() {
            assert!(s.placing().is_some(), "placements kept as a product");
            let mut on_copy = Vec::new();
            s.generate_legal(&mut on_copy);
            assert_eq!(s.choice_list(), on_copy);
            assert_eq!(s.choice_count(), on_copy.len());
            assert!(on_copy.iter().all(|m| s.allows(*m)));
            let pick = (usize::from(first) + turn * 5) % on_copy.len();
            s.apply(on_copy[pick]).unwrap();
            turn += 1;
        }
    }
}

#[test]
fn a_belief_keeps_the_legal_moves_of_the_position() {
    // Black's piece is hidden from white: black's information state lists
    // white's moves as white judges them, whichever slots black believes open.
    let g = game_without_checks(serde_json::json!({"cloaking": "hides", "board": "squares",
        "phases": [{"cloaked": ["all"]}],
        "shapes": [{"reserves": {"black": 3, "white": 3}}]}));
    let mut s = g.start();
    play(&mut s, &["2,2", "1,1", "3,3"]);
    assert!(s.placing().is_some());
    for seat in 0..2 {
        assert_eq!(s.information_state(seat).legal(), s.legal(), "seat {seat}");
    }
}

#[test]
fn under_obscurity_moves_are_judged_on_the_taken_spaces() {
    // Placements as a product (every placed piece takes its space), and
    // sliders through walls not yet met, judged in place as on a copy.
    let placing = game_without_checks(serde_json::json!({"cloaking": "obscures",
        "board": "squares", "phases": [{"cloaked": ["all"]}],
        "shapes": [{"reserves": {"black": 5, "white": 4}}]}));
    let sliding = game_without_checks(serde_json::json!({"cloaking": "obscures",
        "board": "squares", "dimensions": [4, 4, 1],
        "phases": [{"cloaked": ["all"], "pass": true, "locked": ["2,2", "3,3"]}],
        "shapes": [{"shape": "circle", "reserves": {"black": 3, "white": 3}},
                   {"shape": "x", "movement": ["linear"], "reserves": {"black": 1, "white": 1}}]}));
    for (g, product) in [(placing, true), (sliding, false)] {
        for first in 0..5 {
            let mut s = g.start();
            for turn in 0..30 {
                judged_in_place_as_on_a_copy(&mut s);
                if s.is_finished() {
                    break;
                }
                assert_eq!(s.placing().is_some(), product);
                let mut on_copy = Vec::new();
                s.generate_legal(&mut on_copy);
                assert_eq!(s.choice_list(), on_copy);
                assert!(on_copy.iter().all(|m| s.allows(*m)));
                let mv = on_copy[(first + turn * 7) % on_copy.len()];
                s.apply(mv).unwrap();
            }
        }
    }
}

/// Each seat's capture check judged on the cells it may enter, as on every
/// cell: Chaos's cat never enters the cloaked middle.
#[test]
fn chaos_judges_its_captures_on_the_cells_it_may_enter_as_on_every_cell() {
    let game = catalogue_game("3P-9X-HideSeek");
    assert!(!game.judged.for_captures.is_empty(), "the cat only steps");
    let mut every_cell = crate::Game::new(game.rules.clone()).expect("a catalogue game");
    std::sync::Arc::get_mut(&mut every_cell)
        .expect("not shared yet")
        .judged
        .for_captures
        .clear();
    let chaos = (game.seats.iter().position(|s| s.is_chaos)).expect("a Chaos seat");
    let (mut unseen_judged, mut answers) = (0, [0; 3]);
    for first in 0..12 {
        let (mut judged, mut whole) = (game.start(), every_cell.start());
        for turn in 0..80 {
            for seat in 0..game.seats.len() {
                let answer = judged.capture_available(seat);
                let expected = whole.capture_available(seat);
                assert_eq!(answer, expected, "game {first}, turn {turn}, seat {seat}");
                answers[match answer {
                    None => 0,
                    Some(false) => 1,
                    Some(true) => 2,
                }] += 1;
            }
            let cloaked = &game.phases[judged.position.phase()].cloaked_cells;
            unseen_judged += cloaked
                .iter()
                .filter(|&&c| {
                    judged.position.board[usize::from(c)] != 0 && !judged.sees_fully(chaos, c)
                })
                .count();
            if judged.is_finished() {
                break;
            }
            let legal = judged.legal();
            let mv = legal[(first + turn * 7) % legal.len()];
            judged.apply(mv).unwrap();
            whole.apply(mv).unwrap();
        }
    }
    assert!(
        unseen_judged > 0,
        "pieces Chaos does not see were on the board"
    );
    assert!(
        answers[1] > 0 && answers[2] > 0,
        "both answers came: {answers:?}"
    );
    // A shape that slides is stopped by pieces it cannot enter: every cell counts.
    let sliding = game_without_checks(serde_json::json!({"cloaking": "hides",
        "board": "squares", "phases": [{"cloaked": ["all"]}],
        "shapes": [{"shape": "x", "movement": ["orthogonal"], "reserves": {"black": 1, "white": 1}}]}));
    assert!(sliding.judged.for_captures.is_empty());
}
