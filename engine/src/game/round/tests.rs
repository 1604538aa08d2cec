//! Sealed rounds: plans judged from the round start, and how they resolve.

use crate::game::{Move, SeatResult, State};
use crate::notation::apply_turn;
use crate::rules::{Color, Shape};
use crate::testing::{game_without_checks, play};

#[test]
fn plans_are_judged_from_the_round_start_and_collisions_destroy_all_arrivals() {
    let g = game_without_checks(
        serde_json::json!({"players": "four", "board": "squares", "dimensions": [1, 3, 1],
        "phases": [{"order": "simultaneous"}],
        "shapes": [{"reserves": {"black": 1, "white": 1, "pink": 1, "yellow": 1}}],
        "stalemate": [{"rule": "most", "of": {"measure": "pieces"}, "result": "win"}]}),
    );
    let mut s = g.start();
    play(&mut s, &["1,1"]);
    assert_eq!(s.to_move(), 1, "white plans next");
    assert!(
        s.piece_at(0).is_none(),
        "plans stay sealed until the round resolves"
    );
    // White may plan the same space: it judges the board as it stood at the round's start.
    play(&mut s, &["1,1", "1,2"]);
    play(&mut s, &["1,3"]);
    assert_eq!(s.piece_at(0), None, "black and white collided on (1,1)");
    assert_eq!(s.piece_at(1), Some((Color::Pink, Shape::Circle)));
    assert_eq!(s.piece_at(2), Some((Color::Yellow, Shape::Circle)));
    let o = s.outcome().expect("nothing left to play: stalemate");
    assert_eq!(
        o.results,
        vec![
            SeatResult::Loss,
            SeatResult::Loss,
            SeatResult::Win,
            SeatResult::Win
        ]
    );
}

#[test]
fn arrivals_on_a_stack_resolve_by_rank() {
    let rps = |black: &str, white: &str| {
        let g = game_without_checks(
            serde_json::json!({"board": "stacks", "dimensions": [1, 1, 2],
            "phases": [{"order": "simultaneous"}],
            "shapes": [
                {"shape": "circle", "power": "can", "capture": "cover_by_rank", "result": "convert", "reserves": {"black": 1, "white": 1}},
                {"shape": "pentagon", "power": "can", "capture": "cover_by_rank", "result": "convert", "reserves": {"black": 1, "white": 1}},
                {"shape": "x", "power": "can", "capture": "cover_by_rank", "result": "convert", "reserves": {"black": 1, "white": 1}}],
            "stalemate": [{"rule": "most", "of": {"measure": "pieces"}, "result": "win"}]}),
        );
        let mut s = g.start();
        play(&mut s, &[black, white]);
        s
    };
    let s = rps("x 1", "circle 1");
    assert_eq!(s.piece_at(0), Some((Color::Black, Shape::X)));
    assert_eq!(
        s.piece_at(1),
        Some((Color::Black, Shape::Circle)),
        "the captive is converted"
    );
    let s = rps("circle 1", "pentagon 1");
    assert_eq!(
        s.piece_at(1),
        Some((Color::Black, Shape::Pentagon)),
        "circle beats pentagon"
    );
    let s = rps("x 1", "x 1");
    assert_eq!(
        (s.piece_at(0), s.piece_at(1)),
        (None, None),
        "equal ranks destroy each other"
    );
}

#[test]
fn an_arrival_that_does_not_fit_waits_for_the_stack_to_take_its_pot() {
    // Five circles invested at once on a stack of three pentagons with
    // room for two: the pot is taken as the stack fills, and every circle
    // comes back doubled; none is lost for want of room.
    let g = game_without_checks(
        serde_json::json!({"players": "three", "board": "stacks", "dimensions": [4, 1, 5],
        "initial": [{"at": "1", "color": "black", "shape": "circle", "count": 1},
            {"at": "2", "color": "white", "shape": "circle", "count": 2},
            {"at": "3", "color": "pink", "shape": "circle", "count": 2},
            {"at": "4", "color": "black", "shape": "pentagon", "count": 1},
            {"at": "4", "color": "white", "shape": "pentagon", "count": 1},
            {"at": "4", "color": "pink", "shape": "pentagon", "count": 1}],
        "phases": [{"order": "single", "pass": true}, {"pass": true}],
        "shapes": [{"shape": "circle", "movement": ["orth_by_stack"]},
            {"shape": "pentagon", "power": "can", "capture": "cover", "result": "reincarnate_x2"}],
        "stalemate": [{"rule": "most", "of": {"measure": "pieces"}, "result": "win"}]}),
    );
    for seed in 0..4 {
        let mut s = g.start_seeded(seed);
        play(&mut s, &["1,1,1-4", "2,1,1-4", "3,1,1-4"]);
        let circles: u16 = [Color::Black, Color::White, Color::Pink]
            .iter()
            .map(|c| s.reserve(*c, Shape::Circle))
            .sum();
        assert_eq!(circles, 10, "seed {seed}: 5 circles, doubled");
        let on_board = (0..g.geometry.cell_count() as u16)
            .filter(|&c| s.piece_at(c).is_some())
            .count();
        assert_eq!(on_board, 3, "seed {seed}: only the pentagons stay");
    }
}

#[test]
fn captors_arriving_together_on_a_stack_share_it() {
    // One arrival covers the stack alone; two arriving in one round do not
    // attack each other.
    let g = game_without_checks(
        serde_json::json!({"board": "stacks", "dimensions": [2, 1, 3],
        "initial": [{"at": "2", "color": "black", "shape": "pentagon", "count": 1}],
        "phases": [{"order": "simultaneous", "pass": true}],
        "shapes": [{"shape": "pentagon", "power": "can", "capture": "cover", "result": "remove",
            "reserves": {"black": 1, "white": 1}}]}),
    );
    let mut s = g.start();
    play(&mut s, &["1", "1"]);
    let column = |s: &State, x: u8| {
        (1..=3)
            .filter_map(|z| s.piece_at(g.geometry.cell(1, x, 1, z).unwrap()))
            .map(|p| p.0)
            .collect::<Vec<_>>()
    };
    assert_eq!(column(&s, 1), vec![Color::Black, Color::White]);
    let mut s = g.start();
    play(&mut s, &["pass", "2"]);
    assert_eq!(
        column(&s, 2),
        vec![Color::White],
        "white's lone arrival takes black's"
    );
}

#[test]
fn a_planner_may_offer_a_draw_before_its_plan() {
    let g = game_without_checks(
        serde_json::json!({"board": "squares", "dimensions": [3, 1, 1], "draw_option": true,
        "phases": [{"order": "simultaneous"}],
        "shapes": [{"reserves": {"black": 1, "white": 1}}],
        "stalemate": [{"rule": "most", "of": {"measure": "pieces"}, "result": "win"}]}),
    );
    let mut s = g.start();
    assert!(s.legal().contains(&Move::OfferDraw));
    play(&mut s, &["draw"]);
    assert_eq!(s.to_move(), 1, "white answers before anyone plans on");
    assert_eq!(s.legal(), [Move::AgreeDraw, Move::RefuseDraw]);
    play(&mut s, &["refuse"]);
    assert_eq!(
        s.to_move(),
        0,
        "black plans after all, and cannot offer again"
    );
    assert!(!s.legal().contains(&Move::OfferDraw));
    play(&mut s, &["1,1"]);
    // White's plan: it may offer too.
    play(&mut s, &["draw", "agree"]);
    let o = s.outcome().expect("agreed");
    assert_eq!(o.results, vec![SeatResult::Draw, SeatResult::Draw]);
    assert_eq!(s.piece_at(0), None, "the round never resolved");
}

#[test]
fn a_single_phase_lasts_one_round() {
    let g = game_without_checks(
        serde_json::json!({"board": "squares", "dimensions": [3, 1, 1],
        "phases": [{"order": "single", "pass": true}, {"pass": true}],
        "shapes": [{"reserves": {"black": 2, "white": 2}}],
        "stalemate": [{"rule": "most", "of": {"measure": "pieces"}, "result": "win"}]}),
    );
    let mut s = g.start();
    play(&mut s, &["1", "3"]);
    assert_eq!(s.phase(), 1, "one round, then the next phase");
    assert_eq!(s.to_move(), 0);
    play(&mut s, &["2"]);
    assert!(
        s.history().iter().any(|a| a.seat == 1 && a.automatic),
        "white can only pass"
    );
}

#[test]
fn several_boards_each_get_an_outcome_and_most_boards_won_wins() {
    let g = game_without_checks(
        serde_json::json!({"boards": 2, "board": "squares", "dimensions": [3, 1, 1],
        "shapes": [{"reserves": {"black": 3, "white": 3}}],
        "turn_checks": [{"check": "in_a_row", "length": 2, "result": "win"}]}),
    );
    let mut s = g.start();
    play(&mut s, &["1:1", "2:1", "1:2"]);
    assert!(s.outcome().is_none(), "black won board 1; board 2 plays on");
    let err = apply_turn(&mut s, "1:3", |_| None).unwrap_err();
    assert!(
        err.contains("not legal"),
        "a decided board is locked: {err}"
    );
    // Black's last piece has one place left (played for it); board 2 fills
    // without a line and stalemates into a draw there.
    play(&mut s, &["2:3"]);
    let o = s.outcome().expect("both boards decided");
    assert!(
        o.reason(s.game())
            .contains("Boards won: Player 1 (black) 1, Player 2 (white) 0."),
        "{}",
        o.reason(s.game())
    );
    assert_eq!(
        o.results,
        vec![SeatResult::Win, SeatResult::Loss],
        "{}",
        o.reason(s.game())
    );
}

#[test]
fn a_refilled_plan_is_the_plan_made_afresh() {
    // Two pieces a plan, so a planner can be caught mid-plan.
    let g = game_without_checks(
        serde_json::json!({"players": "three", "board": "squares", "dimensions": [2, 2, 1],
        "pieces_per_turn": 2, "phases": [{"order": "simultaneous"}],
        "shapes": [{"reserves": {"black": 2, "white": 2, "pink": 2}}],
        "stalemate": [{"rule": "most", "of": {"measure": "pieces"}, "result": "win"}]}),
    );
    let mut s = g.start();
    let mut reused = s.plan(2).expect("pink plans");
    for step in 0..3 {
        for seat in 0..3 {
            let fresh = s.plan(seat).expect("a planner");
            assert!(reused.refill(&s, seat), "step {step}, seat {seat}");
            assert_eq!(reused.seat(), fresh.seat());
            assert_eq!(reused.moves(), fresh.moves(), "step {step}, seat {seat}");
            assert_eq!(reused.legal_actions(), fresh.legal_actions());
            assert_eq!(reused.is_sealed(), fresh.is_sealed());
        }
        // Black's plan goes one move further each step.
        let mv = s.legal()[0];
        s.apply(mv).expect("a legal move");
    }
    assert!(!reused.refill(&g.start_seeded(1), 5), "no such planner");
}

#[test]
fn a_plan_of_one_placement_leaves_the_round_start_for_the_next_planner() {
    let g = game_without_checks(
        serde_json::json!({"board": "stacks", "dimensions": [2, 1, 2],
        "phases": [{"order": "simultaneous"}],
        "shapes": [{"shape": "x", "power": "can", "capture": "cover_by_rank", "result": "remove",
            "reserves": {"black": 1, "white": 1}}],
        "stalemate": [{"rule": "most", "of": {"measure": "pieces"}, "result": "win"}]}),
    );
    let mut s = g.start();
    play(&mut s, &["1"]);
    let round = s.rounds.current.as_ref().expect("white still plans");
    assert_eq!(round.planner(), 1);
    assert!(
        round.fresh,
        "nothing was played: white is judged on the state"
    );
    assert!(round.planned().is_empty());
    let mut afresh = Vec::new();
    s.position_for(1).generate_legal(&mut afresh);
    assert_eq!(s.legal(), afresh, "white plans from the round start");
    // Both land on stack 1: equal ranks destroy each other.
    play(&mut s, &["1"]);
    assert_eq!((s.piece_at(0), s.piece_at(1)), (None, None));
}

#[test]
fn a_plan_that_must_be_played_is_played_on_a_copy_and_the_next_planner_starts_fresh() {
    // Two pieces a turn: black's first placement is played on the
    // planner's position, so the state stays the round start.
    let g = game_without_checks(
        serde_json::json!({"board": "squares", "dimensions": [4, 1, 1],
        "pieces_per_turn": 2, "phases": [{"order": "simultaneous"}],
        "shapes": [{"shape": "circle", "power": "none", "reserves": {"black": 2, "white": 2}}]}),
    );
    let mut s = g.start();
    let start: Vec<u8> = s.position.board[..].to_vec();
    let first = s.legal()[0];
    let Move::Place { to: taken, .. } = first else {
        panic!("a placement first: {first:?}");
    };
    s.apply(first).expect("legal");
    let round = s.rounds.current.as_ref().expect("black's plan is open");
    assert!(
        !round.fresh,
        "black's first move was played on the round's position"
    );
    assert_eq!((round.planner(), round.planned()), (0, &[first][..]));
    assert_eq!(
        &s.position.board[..],
        &start[..],
        "the state stays at the round start"
    );
    assert!(
        !s.legal()
            .iter()
            .any(|m| matches!(m, Move::Place { to, .. } if *to == taken)),
        "black's own first piece fills its space: {:?}",
        s.legal()
    );
    s.apply(s.legal()[0]).expect("legal");
    let round = s.rounds.current.as_ref().expect("white still plans");
    assert_eq!(round.planner(), 1);
    assert!(
        round.fresh,
        "white starts from the round start, judged on the state"
    );
    let mut afresh = Vec::new();
    s.position_for(1).generate_legal(&mut afresh);
    assert_eq!(s.legal(), afresh);
    assert_eq!(
        s.legal()
            .iter()
            .filter(|m| matches!(m, Move::Place { .. }))
            .count(),
        4,
        "black's sealed pieces are not on white's board: {:?}",
        s.legal()
    );
}
