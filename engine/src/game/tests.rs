//! Core play on small rule sets built inline (catalogue games are tested in `tests/`).

use super::*;
use crate::notation::{parse_turn, resolve};

fn game(json: serde_json::Value) -> Arc<Game> {
    let mut v = serde_json::json!({"schema_version": 1, "name": "t"});
    v.as_object_mut().unwrap().extend(json.as_object().unwrap().clone());
    Game::new(serde_json::from_value(v).unwrap()).unwrap()
}

fn play(state: &mut State, turns: &[&str]) {
    for t in turns {
        for m in parse_turn(t).unwrap() {
            let mv = resolve(state, &m).unwrap_or_else(|e| panic!("{t}: {e}"));
            state.apply(mv).unwrap();
        }
    }
}

#[test]
fn tic_tac_toe_row_wins_for_the_owner_of_the_colour() {
    let g = game(serde_json::json!({}));
    let mut s = g.start();
    play(&mut s, &["1,1", "1,2", "2,1", "2,2", "3,1"]);
    let o = s.outcome().expect("finished");
    assert_eq!(o.results, vec![SeatResult::Win, SeatResult::Loss]);
    assert_eq!(s.history()[0].text, "Black circle to (1,1)");
}

#[test]
fn full_board_without_a_line_stalemates_into_a_draw() {
    let g = game(serde_json::json!({}));
    let mut s = g.start();
    // B W B / B W W / W B B: no line.
    play(&mut s, &["1,1", "2,1", "3,1", "2,2", "1,2", "3,2", "2,3", "1,3"]);
    let last = &s.history()[8];
    assert!(last.automatic && last.text == "Black circle to (3,3)", "the only move left is played for black");
    let o = s.outcome().expect("the last piece is placed, then both pass");
    assert_eq!(o.results, vec![SeatResult::Draw, SeatResult::Draw]);
    let passes = s.history().iter().filter(|a| a.mv == Move::Pass && a.automatic).count();
    assert_eq!(passes, 3, "pass, pass, then the repeated pass is the stalemate");
}

#[test]
fn occupied_cells_are_refused_with_a_reason_and_undo_takes_back() {
    let g = game(serde_json::json!({}));
    let mut s = g.start();
    play(&mut s, &["2,2"]);
    let err = resolve(&s, &parse_turn("2,2").unwrap()[0]).unwrap_err();
    assert!(err.contains("(2,2) is occupied"), "{err}");
    let err = resolve(&s, &parse_turn("4,1").unwrap()[0]).unwrap_err();
    assert!(err.contains("off the board"), "{err}");
    assert!(s.undo());
    assert!(s.piece_at(g.geometry.cell(1, 2, 2, 1).unwrap()).is_none());
    assert!(!s.undo());
}

#[test]
fn draw_offers_are_answered_by_every_other_player() {
    let g = game(serde_json::json!({"draw_option": true, "players": "three",
        "shapes": [{"reserves": {"black": 3, "white": 3, "pink": 3}}]}));
    let mut s = g.start();
    s.apply(Move::OfferDraw).unwrap();
    assert_eq!(s.to_move(), 1);
    s.apply(Move::AgreeDraw).unwrap();
    s.apply(Move::RefuseDraw).unwrap();
    assert_eq!(s.to_move(), 0, "the offerer moves again");
    assert!(s.apply(Move::OfferDraw).is_err(), "one offer per turn");
    play(&mut s, &["1,1", "draw", "agree", "agree"]);
    assert_eq!(s.outcome().unwrap().results, vec![SeatResult::Draw; 3]);
}

#[test]
fn movement_waits_until_the_reserve_is_empty_and_exactly_one_move_is_automatic() {
    let g = game(serde_json::json!({"shapes": [{"movement": ["adjacent"], "reserves": {"black": 1, "white": 1}}],
        "stalemate": [{"rule": "draw"}]}));
    let mut s = g.start();
    play(&mut s, &["1,1"]);
    // White still has a piece in reserve; black's placed piece may move only once black's reserve is empty.
    play(&mut s, &["3,3"]);
    let moves = s.legal_moves();
    assert!(moves.iter().all(|m| matches!(m, Move::Step { .. })), "{moves:?}");
    assert_eq!(moves.len(), 3);
}

#[test]
fn connect_four_pieces_fall_and_stack_lines_count() {
    let g = game(serde_json::json!({"board": "stacks", "dimensions": [7, 1, 6],
        "shapes": [{"reserves": {"black": 21, "white": 21}}],
        "turn_checks": [{"check": "in_a_row", "length": 4, "result": "win"}]}));
    let mut s = g.start();
    play(&mut s, &["3", "4", "3", "4", "3", "4"]);
    assert_eq!(s.history()[2].text, "Black circle to (3,1,2)");
    play(&mut s, &["3"]);
    assert_eq!(s.outcome().unwrap().results, vec![SeatResult::Win, SeatResult::Loss]);
}

#[test]
fn shared_colour_lines_belong_to_the_mover() {
    let g = game(serde_json::json!({"players": "three", "colors": "shared", "shapes": [{"reserves": {"black": 9}}],
        "turn_checks": [{"check": "in_a_row", "length": 3, "result": "lose"}]}));
    let mut s = g.start();
    play(&mut s, &["1,1", "2,1", "3,3", "3,1"]);
    assert_eq!(s.outcome().unwrap().results, vec![SeatResult::Loss, SeatResult::Win, SeatResult::Win]);
}
