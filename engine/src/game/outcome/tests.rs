//! Outcome rules on small rule sets built inline.

use std::sync::Arc;

use super::measures::measure;
use crate::game::{Game, SeatResult, State};
use crate::notation::apply_turn;
use crate::rules::Measure;

fn game(json: serde_json::Value) -> Arc<Game> {
    let mut v = serde_json::json!({"schema_version": 1, "name": "t", "turn_checks": []});
    v.as_object_mut()
        .unwrap()
        .extend(json.as_object().unwrap().clone());
    Game::new(serde_json::from_value(v).unwrap()).unwrap()
}

fn play(state: &mut State, turns: &[&str]) {
    for t in turns {
        apply_turn(state, t, |_| None).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
}

use SeatResult::{Loss, Win};

#[test]
fn area_floods_orthogonally_through_empty_and_locked_blank_spaces() {
    let g = game(
        serde_json::json!({"board": "squares", "dimensions": [4, 1, 1],
        "shapes": [{"reserves": {"black": 1, "white": 1}}],
        "phases": [{"pass": true, "locked": ["2,1"]}],
        "stalemate": [{"rule": "most", "of": {"measure": "area"}, "result": "win"}]}),
    );
    let mut s = g.start();
    play(&mut s, &["1,1"]);
    // Black floods through the wall at (2,1) to the whole row.
    assert_eq!(measure(&s, &Measure::Area, 1), vec![4, 0]);
    // White at (3,1) stops black's flood: black keeps (1,1) and the wall;
    // white has (3,1), the wall and (4,1). The wall counts for both.
    play(&mut s, &["3,1"]);
    assert_eq!(measure(&s, &Measure::Area, 1), vec![2, 3]);
    assert_eq!(
        measure(&s, &Measure::Pieces { shape: None }, 1),
        vec![1, 1],
        "other measures are unchanged by the split"
    );
}

#[test]
fn most_and_least_area_decide_at_stalemate() {
    for (rule, results) in [("most", [Loss, Win]), ("least", [Win, Loss])] {
        let g = game(
            serde_json::json!({"board": "squares", "dimensions": [3, 3, 1],
            "shapes": [{"reserves": {"black": 1, "white": 2}}],
            "stalemate": [{"rule": rule, "of": {"measure": "area"}, "result": "win"}]}),
        );
        let mut s = g.start();
        // Black in the corner, walled in by white: 1 space against white's 8.
        play(&mut s, &["1,1", "2,1", "1,2"]);
        let o = s.outcome().expect("nothing left to place: stalemate");
        assert_eq!(o.results, results, "{rule}: {}", o.reason);
    }
}

#[test]
fn a_space_two_teams_reach_counts_for_both() {
    let g = game(
        serde_json::json!({"board": "squares", "dimensions": [3, 3, 1],
        "shapes": [{"reserves": {"black": 1, "white": 1}}],
        "stalemate": [{"rule": "most", "of": {"measure": "area"}, "result": "win"}]}),
    );
    let mut s = g.start();
    play(&mut s, &["1,1", "3,3"]);
    assert_eq!(measure(&s, &Measure::Area, 1), vec![8, 8]);
    let o = s.outcome().unwrap();
    assert_eq!(o.results, vec![Win, Win], "tied at the top: {}", o.reason);
}
