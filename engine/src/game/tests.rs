//! Core play on small rule sets built inline (catalogue games are tested in `tests/`).

use super::*;
use crate::notation::{parse_turn, resolve};
use crate::testing::{game, play};

#[test]
fn tic_tac_toe_row_wins_for_the_owner_of_the_colour() {
    let g = game(serde_json::json!({}));
    let mut s = g.start();
    play(&mut s, &["1,1", "1,2", "2,1", "2,2", "3,1"]);
    let o = s.outcome().expect("finished");
    assert_eq!(o.results, vec![SeatResult::Win, SeatResult::Loss]);
    assert_eq!(s.move_words(0), "Black circle to (1,1)");
}

#[test]
fn full_board_without_a_line_stalemates_into_a_draw() {
    let g = game(serde_json::json!({}));
    let mut s = g.start();
    // B W B / B W W / W B B: no line.
    play(
        &mut s,
        &["1,1", "2,1", "3,1", "2,2", "1,2", "3,2", "2,3", "1,3"],
    );
    let last = &s.history()[8];
    assert!(
        last.automatic && s.move_words(8) == "Black circle to (3,3)",
        "the only move left is played for black"
    );
    let o = s
        .outcome()
        .expect("the last piece is placed, then both pass");
    assert_eq!(o.results, vec![SeatResult::Draw, SeatResult::Draw]);
    let passes = s
        .history()
        .iter()
        .filter(|a| a.mv == Move::Pass && a.automatic)
        .count();
    assert_eq!(
        passes, 3,
        "pass, pass, then the repeated pass is the stalemate"
    );
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
    let g = game(
        serde_json::json!({"shapes": [{"movement": ["adjacent"], "reserves": {"black": 1, "white": 1}}],
        "stalemate": [{"rule": "draw"}]}),
    );
    let mut s = g.start();
    play(&mut s, &["1,1"]);
    // White still has a piece in reserve; black's placed piece may move only once black's reserve is empty.
    play(&mut s, &["3,3"]);
    let moves = s.legal().to_vec();
    assert!(
        moves.iter().all(|m| matches!(m, Move::Step { .. })),
        "{moves:?}"
    );
    assert_eq!(moves.len(), 3);
}

#[test]
fn connect_four_pieces_fall_and_stack_lines_count() {
    let g = game(
        serde_json::json!({"board": "stacks", "dimensions": [7, 1, 6],
        "shapes": [{"reserves": {"black": 21, "white": 21}}],
        "turn_checks": [{"check": "in_a_row", "length": 4, "result": "win"}]}),
    );
    let mut s = g.start();
    play(&mut s, &["3", "4", "3", "4", "3", "4"]);
    assert_eq!(s.move_words(2), "Black circle to stack 3");
    play(&mut s, &["3"]);
    assert_eq!(
        s.outcome().unwrap().results,
        vec![SeatResult::Win, SeatResult::Loss]
    );
}

#[test]
fn shared_colour_lines_belong_to_the_mover() {
    let g = game(
        serde_json::json!({"players": "three", "colors": "shared", "shapes": [{"reserves": {"black": 9}}],
        "turn_checks": [{"check": "in_a_row", "length": 3, "result": "lose"}]}),
    );
    let mut s = g.start();
    play(&mut s, &["1,1", "2,1", "3,3", "3,1"]);
    assert_eq!(
        s.outcome().unwrap().results,
        vec![SeatResult::Loss, SeatResult::Win, SeatResult::Win]
    );
}

#[test]
fn every_capture_condition_and_movement_kind_starts_a_match() {
    use crate::rules::{CaptureCondition as C, Movement as M};
    for condition in [
        C::Cover,
        C::CoverByRank,
        C::MoveOnDiagEnPassant,
        C::MoveOnTriagonal,
        C::Jump,
        C::ChainJump,
        C::ChainJumpBack,
        C::SurroundLine,
        C::SurroundOrthogonal,
        C::Approach,
        C::Adjacent,
    ] {
        let v = serde_json::json!({"schema_version": 1, "name": "t", "board": "squares",
            "shapes": [{"power": "can", "capture": condition, "result": "remove",
                "movement": ["adjacent"], "reserves": {"black": 5, "white": 4}}]});
        let rules = serde_json::from_value(v).unwrap();
        assert!(Game::new(rules).is_ok(), "{condition:?}");
    }
    for kind in [
        M::ForwardOrth,
        M::ForwardDiag,
        M::AdjacentNoBackSide,
        M::AdjacentNoBack,
        M::OrthNoBack,
        M::PawnForwardCenter,
        M::RookOrthCastle,
    ] {
        let v = serde_json::json!({"schema_version": 1, "name": "t", "board": "squares",
            "shapes": [{"movement": [kind], "reserves": {"black": 4, "white": 4}}],
            "turn_checks": [{"check": "en_passant"}, {"check": "castle"}]});
        let rules: crate::RuleSet = serde_json::from_value(v).unwrap();
        let problems = Game::new(rules).err().unwrap_or_default();
        // Validation asks for the pawn and rook moves these checks need; nothing is refused as unplayable.
        assert!(
            problems
                .iter()
                .all(|p| !p.message.contains("not supported")),
            "{kind:?}: {problems:?}"
        );
    }
}

#[test]
fn partners_share_one_outcome() {
    let g = game(
        serde_json::json!({"players": "partners", "board": "squares", "dimensions": [4, 4, 1],
        "shapes": [{"reserves": {"black": 4, "white": 4, "pink": 4, "yellow": 4}}]}),
    );
    let mut s = g.start();
    // Seat 3 (pink) completes a row; its partner, seat 1, wins with it.
    play(
        &mut s,
        &[
            "1,4", "2,4", "1,1", "4,4", "4,1", "4,3", "2,1", "3,3", "3,4", "4,2", "3,1",
        ],
    );
    let o = s.outcome().expect("pink made 3 in a row");
    assert_eq!(
        o.results,
        vec![
            SeatResult::Win,
            SeatResult::Loss,
            SeatResult::Win,
            SeatResult::Loss
        ]
    );
}

#[test]
fn chaos_sits_last_and_loses_when_all_players_win() {
    let g = game(serde_json::json!({"players": "two_vs_chaos",
        "shapes": [{"reserves": {"black": 1, "white": 1, "pink": 1}}],
        "turn_checks": [], "stalemate": [{"rule": "all_win"}]}));
    assert!(g.seats[2].is_chaos && g.seats[2].color == Color::Pink);
    let mut s = g.start();
    play(&mut s, &["1,1", "2,2"]);
    assert_eq!(s.to_move(), 2, "Chaos moves third");
    play(&mut s, &["3,3"]);
    let o = s.outcome().expect("nothing left to place: stalemate");
    assert_eq!(
        o.results,
        vec![SeatResult::Win, SeatResult::Win, SeatResult::Loss]
    );
}

#[test]
fn piece_counts_against_chaos_decide_each_player() {
    let g = game(
        serde_json::json!({"players": "two_vs_chaos", "chaos_color": "yellow",
        "shapes": [{"reserves": {"black": 1, "white": 3, "yellow": 2}}],
        "phases": [{"pass": true}],
        "turn_checks": [],
        "stalemate": [
            {"rule": "more_than_chaos", "of": {"measure": "pieces"}, "result": "win"},
            {"rule": "less_than_chaos", "of": {"measure": "pieces"}, "result": "lose"}]}),
    );
    let mut s = g.start();
    play(&mut s, &["1,1", "2,1", "3,1", "2,2", "3,2", "1,3"]);
    // Black 1 piece, white 3, Chaos (yellow) 2: white more, black less.
    while !s.is_finished() {
        s.apply(Move::Pass).unwrap();
    }
    let o = s.outcome().unwrap();
    assert_eq!(
        o.results,
        vec![SeatResult::Loss, SeatResult::Win, SeatResult::Draw],
        "{}",
        o.reason(s.game())
    );
}

#[test]
fn stalemate_advances_the_phase_and_locked_seats_pass() {
    let g = game(
        serde_json::json!({"shapes": [{"reserves": {"black": 2, "white": 2}}],
        "turn_checks": [],
        "phases": [{"pass": true, "locked_seats": [2]}, {"pass": true, "locked_seats": [1]}],
        "stalemate": [{"rule": "most", "of": {"measure": "pieces"}, "result": "win"}]}),
    );
    let mut s = g.start();
    play(&mut s, &["1,1"]);
    assert_eq!(s.to_move(), 0, "white is locked and passes automatically");
    play(&mut s, &["pass"]);
    // White's automatic pass repeats its earlier one facing the same position: phase 2 begins,
    // where black is locked and passes at once.
    assert_eq!(s.phase(), 1);
    assert_eq!(s.to_move(), 1);
    play(&mut s, &["2,2", "3,3"]);
    let o = s
        .outcome()
        .expect("with nothing left to place, the last phase stalemated by itself");
    assert_eq!(o.results, vec![SeatResult::Loss, SeatResult::Win]);
}

#[test]
fn exclusive_and_sticky_spaces_limit_entry_and_exit() {
    let g = game(
        serde_json::json!({"shapes": [{"movement": ["adjacent"], "reserves": {"black": 1, "white": 1}}],
        "turn_checks": [], "sticky": ["1,1"],
        "exclusive": [{"seats": [2], "spaces": ["3,3", "3,2"]}]}),
    );
    let mut s = g.start();
    let err = resolve(&s, &parse_turn("3,3").unwrap()[0]).unwrap_err();
    assert!(err.contains("may not enter (3,3)"), "{err}");
    play(&mut s, &["1,1", "3,3"]);
    // Black's piece is stuck on the sticky space; white may move within and out of its spaces.
    assert_eq!(s.to_move(), 1, "black cannot leave (1,1), so it passed");
    assert!(
        s.history()
            .iter()
            .any(|a| a.automatic && a.mv == Move::Pass && a.seat == 0)
    );
    let mut targets: Vec<String> = s
        .legal()
        .to_vec()
        .iter()
        .map(|m| match m {
            Move::Step { to, .. } => g.geometry.name(*to),
            other => panic!("only steps are legal, not {other:?}"),
        })
        .collect();
    targets.sort();
    assert_eq!(targets, vec!["(2,2)", "(2,3)", "(3,2)"]);
}

#[test]
fn a_locked_stack_is_refused_as_locked_not_full() {
    let g = game(
        serde_json::json!({"board": "stacks", "dimensions": [3, 1, 2],
        "phases": [{"locked": ["2"]}], "turn_checks": [],
        "shapes": [{"reserves": {"black": 2, "white": 2}}]}),
    );
    let s = g.start();
    let err = resolve(&s, &parse_turn("2").unwrap()[0]).unwrap_err();
    assert!(err.contains("stack 2 is locked"), "{err}");
}

#[test]
fn sticky_exclusive_and_goals_are_readable_for_drawing() {
    let g = game(
        serde_json::json!({"board": "squares", "dimensions": [3, 3, 1],
        "sticky": ["1,1"], "exclusive": [{"seats": ["2"], "spaces": ["3,3"]}],
        "shapes": [{"reserves": {"black": 4, "white": 4}}]}),
    );
    let cell = |x, y| g.geometry.cell(1, x, y, 1).unwrap();
    assert!(g.is_sticky(cell(1, 1)) && !g.is_sticky(cell(2, 2)));
    assert_eq!(g.allowed_seats(cell(3, 3)), 0b10, "only seat 2");
    assert_eq!(g.allowed_seats(cell(2, 2)), u8::MAX);
    assert_eq!(g.goal(0), Some((1, 3)), "player 1's goal is the top row");
    assert_eq!(g.goal(1), Some((1, 1)));
}
