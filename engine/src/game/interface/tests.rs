use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use serde_json::json;

use super::*;
use crate::catalogue;
use crate::game::Game;
use crate::random::random_move;
use crate::rules::{Color, Shape};
use crate::testing::{catalogue_game, game, game_without_checks, play, played};

fn returns_of(s: &State) -> Option<Vec<f64>> {
    s.returns().map(Iterator::collect)
}

fn seats(list: &[usize]) -> Seats {
    list.iter().copied().collect()
}

/// Plays Random's moves on `s` until `stop` holds; false if the match
/// ended first.
fn play_until(s: &mut State, rng: &mut Xoshiro256PlusPlus, stop: impl Fn(&State) -> bool) -> bool {
    while !stop(s) {
        let Some(mv) = random_move(s, rng) else {
            return false;
        };
        s.apply_action(mv).expect("Random's moves are legal");
    }
    true
}

/// How often Random picks each move on `s`, out of `draws`.
fn frequencies(s: &State, draws: usize, seed: u64) -> Vec<(Move, f64)> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut counts: Vec<(Move, usize)> = Vec::new();
    for _ in 0..draws {
        let mv = random_move(s, &mut rng).expect("a move");
        match counts.iter_mut().find(|(m, _)| *m == mv) {
            Some((_, n)) => *n += 1,
            None => counts.push((mv, 1)),
        }
    }
    counts
        .into_iter()
        .map(|(m, n)| (m, n as f64 / draws as f64))
        .collect()
}

#[test]
fn returns_are_one_for_a_win_half_for_a_draw_and_nothing_while_play_goes_on() {
    let ttt = catalogue_game("Tic-Tac-Toe");
    let under_way = played(&ttt, &["1,1", "1,2"]);
    assert!(!under_way.is_terminal());
    assert_eq!(returns_of(&under_way), None);
    // Black completes the bottom row.
    let black_won = played(&ttt, &["1,1", "1,2", "2,1", "2,2", "3,1"]);
    assert!(black_won.is_terminal());
    assert_eq!(returns_of(&black_won), Some(vec![1.0, 0.0]));
    // White completes the middle row.
    let white_won = played(&ttt, &["1,1", "1,2", "2,1", "2,2", "3,3", "3,2"]);
    assert_eq!(returns_of(&white_won), Some(vec![0.0, 1.0]));
    // A full board without a line (black's last piece is forced):
    //   B W B
    //   B W W
    //   W B B
    let full = played(
        &ttt,
        &["1,3", "2,3", "3,3", "2,2", "1,2", "3,2", "2,1", "1,1"],
    );
    assert!(full.is_terminal());
    assert_eq!(returns_of(&full), Some(vec![0.5, 0.5]));
}

#[test]
fn returns_of_rock_paper_scissors_follow_its_rules() {
    // Paper (X) beats rock (circle): black holds both pieces and wins.
    let rps = catalogue_game("RockPaperScissors");
    let paper_beats_rock = played(&rps, &["x 1", "circle 1"]);
    assert_eq!(returns_of(&paper_beats_rock), Some(vec![1.0, 0.0]));
    // Three ties in a row draw (the third throw is each side's last piece,
    // played for them).
    let ties = played(&rps, &["x 1", "x 1", "circle 1", "circle 1"]);
    assert_eq!(returns_of(&ties), Some(vec![0.5, 0.5]));
}

#[test]
fn in_a_sealed_round_both_seats_plan_then_the_one_still_to_plan() {
    let rps = catalogue_game("RockPaperScissors");
    let mut s = rps.start();
    let both = seats(&[0, 1]);
    assert_eq!(
        s.movers(),
        Movers::Sealed {
            planners: both,
            awaited: both
        }
    );
    assert_eq!(s.movers().next(), Some(0), "the first seat is asked first");
    play(&mut s, &["x 1"]);
    assert_eq!(
        s.movers(),
        Movers::Sealed {
            planners: both,
            awaited: seats(&[1])
        }
    );
    assert_eq!(s.movers().next(), Some(1));
    play(&mut s, &["circle 1"]);
    assert_eq!(s.movers(), Movers::Nobody);
    assert_eq!(s.movers().next(), None);
    assert!(s.legal_actions().is_empty());
    assert!(s.chance_outcomes().is_empty());
    assert_eq!(s.chance_outcomes().iter().count(), 0);
}

#[test]
fn chaos_turns_are_chance_nodes_and_chaos_sits_out_a_round_it_is_locked_in() {
    // 3P-PublicGoods: a Single round for the three players (Chaos locked),
    // a sequential phase, then Chaos's phase.
    let goods = catalogue_game("3P-PublicGoods");
    let chaos = goods.chaos_seat().expect("a Chaos seat");
    assert_eq!(chaos, 3);
    let mut s = goods.start_seeded(3);
    assert_eq!(s.chance_seat(), Some(chaos));
    assert_eq!(s.seat_count(), 4);
    let players = seats(&[0, 1, 2]);
    assert_eq!(
        s.movers(),
        Movers::Sealed {
            planners: players,
            awaited: players
        }
    );
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let reached = play_until(&mut s, &mut rng, |s| {
        matches!(s.movers(), Movers::Chance(_))
    });
    assert!(reached, "Chaos's phase comes before the end");
    assert_eq!(s.movers(), Movers::Chance(chaos));
    assert_eq!(s.phase(), 2, "Chaos moves in the third phase only");
    let total: f64 = s.chance_outcomes().iter().map(|(_, p)| p).sum();
    assert!((total - 1.0).abs() < 1e-9, "{total}");
}

#[test]
fn chance_outcomes_weigh_placements_by_reserve_and_random_draws_them() {
    // Shopping9's Chaos places pink pentagons on its own stack (8 in
    // reserve) or passes: 8 to 1.
    let shopping = catalogue_game("Shopping9");
    let chaos = shopping.chaos_seat().expect("a Chaos seat");
    let mut s = shopping.start_seeded(9);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
    let reached = play_until(&mut s, &mut rng, |s| {
        matches!(s.movers(), Movers::Chance(_))
    });
    assert!(reached, "Chaos's phase comes before the end");
    assert_eq!(s.movers(), Movers::Chance(chaos));
    assert_eq!(s.reserve(Color::Pink, Shape::Pentagon), 8);
    let outcomes: Vec<(Move, f64)> = s.chance_outcomes().iter().collect();
    assert_eq!(outcomes.len(), 2, "{outcomes:?}");
    let place = outcomes
        .iter()
        .find(|(m, _)| matches!(m, Move::Place { .. }))
        .expect("a placement");
    let pass = outcomes
        .iter()
        .find(|(m, _)| *m == Move::Pass)
        .expect("a pass");
    assert!((place.1 - 8.0 / 9.0).abs() < 1e-9, "{place:?}");
    assert!((pass.1 - 1.0 / 9.0).abs() < 1e-9, "{pass:?}");
    // Random (and so Chaos in the match) draws with those chances.
    let drawn = frequencies(&s, 20_000, 1);
    let placed = drawn
        .iter()
        .find(|(m, _)| *m == place.0)
        .map_or(0.0, |d| d.1);
    assert!((placed - 8.0 / 9.0).abs() < 0.01, "placed {placed}");
}

#[test]
fn chance_outcomes_match_randoms_choices_over_many_draws() {
    // Three circles and one pentagon each, eight empty spaces: a circle is
    // three times as likely as a pentagon on any space.
    let g = game_without_checks(json!({"board": "squares", "dimensions": [8, 1, 1],
        "shapes": [{"shape": "circle", "reserves": {"black": 3, "white": 3}},
            {"shape": "pentagon", "reserves": {"black": 1, "white": 1}}]}));
    let s = g.start();
    let outcomes: Vec<(Move, f64)> = s.chance_outcomes().iter().collect();
    assert_eq!(outcomes.len(), 16);
    for (mv, p) in &outcomes {
        let expected = match mv {
            Move::Place {
                shape: Shape::Circle,
                ..
            } => 3.0 / 32.0,
            Move::Place {
                shape: Shape::Pentagon,
                ..
            } => 1.0 / 32.0,
            other => panic!("unexpected {other:?}"),
        };
        assert!((p - expected).abs() < 1e-9, "{mv:?}: {p}");
    }
    let drawn = frequencies(&s, 40_000, 2);
    assert_eq!(drawn.len(), 16, "every move is drawn");
    for (mv, f) in drawn {
        let (_, p) = outcomes.iter().find(|(m, _)| *m == mv).expect("listed");
        // Over five standard deviations of a share of 40,000 draws.
        assert!((f - p).abs() < 0.008, "{mv:?}: drawn {f}, chance {p}");
    }
    let circles: f64 = frequencies(&s, 40_000, 3)
        .iter()
        .filter(|(m, _)| {
            matches!(
                m,
                Move::Place {
                    shape: Shape::Circle,
                    ..
                }
            )
        })
        .map(|(_, f)| f)
        .sum();
    assert!((circles - 0.75).abs() < 0.012, "circles drawn {circles}");
}

#[test]
fn chance_outcomes_sum_to_one_wherever_a_catalogue_game_goes() {
    for rules in catalogue::all() {
        let name = rules.name.clone();
        let game = Game::new(rules).unwrap();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(4);
        let mut s = game.start_seeded(4);
        for _ in 0..60 {
            if s.is_terminal() {
                break;
            }
            let outcomes: Vec<(Move, f64)> = s.chance_outcomes().iter().collect();
            let total: f64 = outcomes.iter().map(|(_, p)| p).sum();
            assert!((total - 1.0).abs() < 1e-9, "{name}: {total}");
            assert!(
                outcomes.iter().all(|(m, _)| s.legal_actions().contains(m)),
                "{name}: only legal actions"
            );
            let mv = random_move(&s, &mut rng).expect("a move");
            s.apply_action(mv).unwrap();
        }
    }
}

#[test]
fn draw_offers_are_never_legal_actions_but_answers_are() {
    let g = game(json!({"draw_option": true}));
    let mut s = g.start();
    assert!(s.legal().contains(&Move::OfferDraw), "a person may offer");
    assert!(!s.legal_actions().contains(&Move::OfferDraw));
    assert_eq!(s.legal_actions().len(), 9);
    // A person offers; the other seat answers.
    s.apply(Move::OfferDraw).unwrap();
    assert_eq!(s.movers(), Movers::One(1));
    assert_eq!(s.legal_actions(), [Move::AgreeDraw, Move::RefuseDraw]);
    let outcomes: Vec<(Move, f64)> = s.chance_outcomes().iter().collect();
    assert_eq!(
        outcomes,
        vec![(Move::AgreeDraw, 0.5), (Move::RefuseDraw, 0.5)]
    );
}

#[test]
fn an_illegal_action_is_refused_and_changes_nothing() {
    let mut s = played(&catalogue_game("Tic-Tac-Toe"), &["2,2"]);
    let taken = Move::Place {
        color: Color::White,
        shape: Shape::Circle,
        to: 4,
    };
    assert!(s.piece_at(4).is_some(), "(2,2) is cell 4, taken");
    let before = s.legal_actions().to_vec();
    assert_eq!(s.apply_action(taken), Err(IllegalAction::Move(taken)));
    assert_eq!(s.legal_actions(), before);
    assert_eq!(s.decisions().len(), 1);
    let free = before[0];
    s.apply_action(free).unwrap();
    assert_eq!(s.decisions().len(), 2);
}

#[test]
fn an_information_state_lacks_what_its_seat_has_not_seen() {
    // Row 1 is cloaked: black's piece there is hidden from white.
    let g = game(json!({"cloaking": "hides", "phases": [{"cloaked": ["1,*"]}]}));
    let s = played(&g, &["1,1"]);
    assert!(s.piece_at(0).is_some());
    let whites = s.information_state(1);
    assert_eq!(whites.piece_at(0), None, "white has not seen it");
    let blacks = s.information_state(0);
    assert!(blacks.piece_at(0).is_some(), "black placed it");
    assert!(whites.history().is_empty() && whites.decisions().is_empty());
    // What white knows of the past: black moved, not where.
    assert_eq!(
        s.decisions_known_to(1),
        Some(vec![KnownDecision { seat: 0, mv: None }])
    );
    assert_eq!(
        s.decisions_known_to(0),
        Some(vec![KnownDecision {
            seat: 0,
            mv: Some(s.decisions()[0])
        }])
    );
    assert_eq!(whites.decisions_known_to(1), Some(Vec::new()), "no past");
}

fn two_piece_round() -> std::sync::Arc<Game> {
    game_without_checks(json!({"board": "squares", "dimensions": [3, 1, 1],
        "pieces_per_turn": 2, "phases": [{"order": "simultaneous"}],
        "shapes": [{"reserves": {"black": 2, "white": 2}}],
        "stalemate": [{"rule": "most", "of": {"measure": "pieces"}, "result": "win"}]}))
}

#[test]
fn in_a_round_an_information_state_keeps_only_its_own_plan() {
    let g = two_piece_round();
    let mut s = g.start();
    let first = s.legal_actions()[0];
    s.apply_action(first).unwrap();
    assert_eq!(s.movers().next(), Some(0), "black's plan has a move to go");
    assert_eq!(s.plan(0).unwrap().moves(), [first]);
    let blacks = s.information_state(0);
    assert_eq!(blacks.plan(0).unwrap().moves(), [first]);
    assert_eq!(blacks.legal_actions(), s.legal_actions());
    let whites = s.information_state(1);
    assert!(
        whites.plan(0).unwrap().moves().is_empty(),
        "sealed from white"
    );
    assert!(whites.plan(1).unwrap().moves().is_empty());
    assert_eq!(
        s.decisions_known_to(1),
        Some(vec![KnownDecision { seat: 0, mv: None }])
    );
}

#[test]
fn plans_made_apart_resolve_together() {
    let rps = catalogue_game("RockPaperScissors");
    let start = rps.start();
    let throw = |plan: &Plan, shape: Shape| -> Move {
        *plan
            .legal_actions()
            .iter()
            .find(|m| matches!(m, Move::Place { shape: s, .. } if *s == shape))
            .expect("a throw of that shape")
    };
    let mut black = start.plan(0).unwrap();
    let mut white = start.plan(1).unwrap();
    assert_eq!((black.seat(), white.seat()), (0, 1));
    assert!(!black.is_sealed());
    let mut s = start.clone();
    assert_eq!(black.clone().seal(), None, "a plan must be finished");
    black.extend(throw(&black, Shape::X)).unwrap();
    white.extend(throw(&white, Shape::Circle)).unwrap();
    assert!(black.is_sealed() && black.legal_actions().is_empty());
    assert_eq!(
        black.extend(Move::Pass),
        Err(IllegalAction::Move(Move::Pass)),
        "a sealed plan takes no more moves"
    );
    let (black, white) = (black.seal().unwrap(), white.seal().unwrap());
    assert_eq!(black.seat(), 0);
    assert_eq!(black.moves().len(), 1);
    assert_eq!(
        s.apply_plans(vec![black.clone(), black.clone()]),
        Err(IllegalAction::Plans),
        "one plan per seat"
    );
    assert_eq!(s.movers().next(), Some(0), "a refused plan changes nothing");
    s.apply_plans(vec![black, white]).unwrap();
    // As if each had planned in the match: paper beats rock.
    let played_out = played(&rps, &["x 1", "circle 1"]);
    assert_eq!(returns_of(&s), returns_of(&played_out));
    assert_eq!(returns_of(&s), Some(vec![1.0, 0.0]));
    assert_eq!(s.plan(0).map(|p| p.seat()), None, "no round any more");
    let ttt = catalogue_game("Tic-Tac-Toe").start();
    assert_eq!(
        ttt.clone().apply_plans(Vec::new()),
        Err(IllegalAction::Plans),
        "no round to resolve"
    );
}

#[test]
fn the_start_position_replays_the_match() {
    let g = catalogue_game("Tic-Tac-Toe");
    let s = played(&g, &["1,1", "2,2", "3,3"]);
    let mut replayed = s.start_position();
    assert!(replayed.decisions().is_empty());
    for &mv in s.decisions() {
        replayed.apply_action(mv).unwrap();
    }
    assert_eq!(replayed.observation(0), s.observation(0));
    assert_eq!(replayed.observation(1), s.observation(1));
}

#[test]
fn seats_hold_seat_indices() {
    let set = seats(&[2, 0, 5]);
    assert_eq!(set.len(), 3);
    assert!(set.contains(0) && set.contains(2) && set.contains(5));
    assert!(!set.contains(1) && !set.contains(40));
    assert_eq!(set.first(), Some(0));
    assert_eq!(set.iter().collect::<Vec<_>>(), vec![0, 2, 5]);
    assert!(Seats::default().is_empty());
    assert_eq!(Seats::default().first(), None);
}
