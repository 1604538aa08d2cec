//! Captures: the cover contest, and how a stack's pieces are judged and dealt.

use super::*;
use crate::game::Move;
use crate::testing::{game_without_checks, play};

#[test]
fn covering_captures_on_a_flat_board_and_the_attacker_wins_between_equals() {
    let g = game_without_checks(
        serde_json::json!({"board": "squares", "shapes": [{"power": "can", "capture": "cover",
        "result": "remove", "movement": ["adjacent"], "reserves": {"black": 1, "white": 1}}]}),
    );
    let mut s = g.start();
    play(&mut s, &["1,1", "3,3", "1,1-2,2"]);
    let centre = g.geometry.cell(1, 2, 2, 1).unwrap();
    assert!(s.legal().contains(&Move::Step {
        from: g.geometry.cell(1, 3, 3, 1).unwrap(),
        to: centre
    }));
    play(&mut s, &["3,3-2,2"]);
    assert_eq!(s.piece_at(centre), Some((Color::White, Shape::Circle)));
    let pieces = (0..9).filter(|&c| s.piece_at(c).is_some()).count();
    assert_eq!(pieces, 1, "black's piece was removed");
}

#[test]
fn by_rank_cover_lets_the_higher_rank_win_and_equal_ranks_destroy_each_other() {
    let g = game_without_checks(
        serde_json::json!({"board": "squares", "dimensions": [3, 1, 1], "shapes": [
        {"shape": "circle", "power": "can", "capture": "cover_by_rank", "result": "reincarnate", "reserves": {"black": 1, "white": 1}},
        {"shape": "x", "power": "can", "capture": "cover_by_rank", "result": "remove", "reserves": {"black": 1, "white": 1}}]}),
    );
    let mut s = g.start();
    // White's X covers black's circle (X outranks circle): the circle is removed.
    play(&mut s, &["circle 1", "x 1"]);
    assert_eq!(s.piece_at(0), Some((Color::White, Shape::X)));
    // Black's X covers white's X: equal ranks destroy each other.
    play(&mut s, &["x 1"]);
    assert_eq!(s.piece_at(0), None);
    // White's circle stays in reserve; the reincarnating circle never captured.
    assert_eq!(s.reserve(Color::White, Shape::Circle), 1);
}

#[test]
fn a_mine_on_a_stack_removes_what_arrives() {
    let g = game_without_checks(
        serde_json::json!({"board": "stacks", "dimensions": [2, 1, 3],
        "initial": [{"at": "1", "color": "black", "shape": "pentagon"}],
        "shapes": [
            {"shape": "circle", "reserves": {"white": 2}},
            {"shape": "pentagon", "power": "can", "capture": "cover", "result": "remove", "reserves": {"black": 1}}]}),
    );
    let mut s = g.start();
    play(&mut s, &["2", "1"]);
    let stack: Vec<_> = (1..=3)
        .map(|z| s.piece_at(g.geometry.cell(1, 1, 1, z).unwrap()))
        .collect();
    assert_eq!(
        stack,
        vec![Some((Color::Black, Shape::Pentagon)), None, None]
    );
}

#[test]
fn an_arriving_captor_wins_its_conflict_with_the_captors_on_the_stack() {
    // "Pieces that capture other than by rank ... award conflicts between
    // each other to the attacker": white's mine removes black's.
    let g = game_without_checks(
        serde_json::json!({"board": "stacks", "dimensions": [2, 1, 3],
        "initial": [{"at": "1", "color": "black", "shape": "pentagon"}],
        "shapes": [{"shape": "pentagon", "power": "can", "capture": "cover", "result": "remove",
            "reserves": {"white": 1}}]}),
    );
    let mut s = g.start();
    play(&mut s, &["1"]);
    let column: Vec<_> = (1..=3)
        .map(|z| s.piece_at(g.geometry.cell(1, 1, 1, z).unwrap()))
        .collect();
    assert_eq!(
        column,
        vec![Some((Color::White, Shape::Pentagon)), None, None]
    );
    // Converting captors: the stack turns to the last to arrive.
    let g = game_without_checks(
        serde_json::json!({"board": "stacks", "dimensions": [1, 1, 3],
        "phases": [{"pass": true}],
        "shapes": [{"shape": "circle", "power": "can", "capture": "cover", "result": "convert",
            "reserves": {"black": 2, "white": 1}}]}),
    );
    let mut s = g.start();
    play(&mut s, &["1", "1"]);
    let stack = |s: &State| (0..3).map(|c| s.piece_at(c)).collect::<Vec<_>>();
    let white = Some((Color::White, Shape::Circle));
    let black = Some((Color::Black, Shape::Circle));
    assert_eq!(stack(&s), vec![white, white, None]);
    play(&mut s, &["1"]);
    assert_eq!(stack(&s), vec![black, black, black]);
}

#[test]
fn three_captors_split_a_doubled_pot_round_robin() {
    let g = game_without_checks(
        serde_json::json!({"players": "three", "board": "stacks", "dimensions": [2, 1, 8],
        "initial": [{"at": "2", "color": "black", "shape": "pentagon"},
                    {"at": "2", "color": "white", "shape": "pentagon"},
                    {"at": "2", "color": "pink", "shape": "pentagon"}],
        "phases": [{"pass": true}],
        "shapes": [
            {"shape": "circle", "reserves": {"black": 1}},
            {"shape": "pentagon", "power": "can", "capture": "cover", "result": "reincarnate_x2"}]}),
    );
    for seed in 0..6 {
        let mut s = g.start_seeded(seed);
        play(&mut s, &["2"]);
        let circles: Vec<u16> = [Color::Black, Color::White, Color::Pink]
            .iter()
            .map(|c| s.reserve(*c, Shape::Circle))
            .collect();
        assert_eq!(
            circles.iter().sum::<u16>(),
            2,
            "the invested circle came back doubled: {circles:?}"
        );
        assert!(
            circles.iter().all(|n| *n <= 1),
            "dealt round-robin: {circles:?}"
        );
        let on_stack = (1..=8)
            .filter(|&z| s.piece_at(g.geometry.cell(1, 2, 1, z).unwrap()).is_some())
            .count();
        assert_eq!(on_stack, 3, "only the pentagons stay");
    }
}

#[test]
fn must_capture_leaves_only_captures() {
    let g = game_without_checks(
        serde_json::json!({"board": "squares", "shapes": [{"power": "must", "capture": "cover",
        "result": "remove", "movement": ["adjacent"], "reserves": {"black": 1, "white": 1}}]}),
    );
    let mut s = g.start();
    play(&mut s, &["1,1"]);
    // White must take black's piece by covering it: the only capture is played for it.
    let last = &s.history()[1];
    assert!(
        last.automatic && s.move_words(1) == "White circle to (1,1)",
        "{last:?}"
    );
    assert_eq!(s.piece_at(0), Some((Color::White, Shape::Circle)));
}

#[test]
fn must_capture_also_rules_out_a_pass() {
    let g = game_without_checks(
        serde_json::json!({"board": "squares", "phases": [{"pass": true}],
        "shapes": [{"power": "must", "capture": "cover",
        "result": "remove", "movement": ["adjacent"], "reserves": {"black": 1, "white": 1}}]}),
    );
    let mut s = g.start();
    assert!(s.legal().contains(&Move::Pass), "nothing to capture yet");
    play(&mut s, &["1,1"]);
    // The capture is white's only legal move, so it is played for white.
    let last = &s.history()[1];
    assert!(
        last.automatic && s.move_words(1) == "White circle to (1,1)",
        "{last:?}"
    );
}

#[test]
fn ranks_follow_the_spec() {
    use Strength::*;
    assert_eq!(
        contest(ByRank(Shape::Pentagon), ByRank(Shape::Star)),
        Ordering::Greater
    );
    assert_eq!(
        contest(ByRank(Shape::Circle), ByRank(Shape::Pentagon)),
        Ordering::Greater
    );
    assert_eq!(
        contest(ByRank(Shape::Circle), ByRank(Shape::X)),
        Ordering::Less
    );
    assert_eq!(contest(ByRank(Shape::X), ByRank(Shape::X)), Ordering::Equal);
    assert_eq!(contest(Other, ByRank(Shape::Pentagon)), Ordering::Greater);
    assert_eq!(contest(None, ByRank(Shape::Circle)), Ordering::Less);
}
