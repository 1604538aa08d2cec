//! The Factory's dependent rules as the wizard applies them.

use redscience_engine::rules::{BoardKind, Color, ColorMode, Movement, Players, Shape};

use super::super::step::Step;
use super::{answer_all, ids, named, pick_all};
use crate::wizard::Wizard;

fn counts(w: &Wizard, shape: usize) -> Vec<(Color, u16)> {
    w.rules().shapes[shape]
        .reserves
        .iter()
        .map(|(c, n)| (*c, *n))
        .collect()
}

/// A 7x7 squares game with circles 6 black / 9 white and pentagons 2 / 3, at the review.
fn seven_by_seven() -> Wizard {
    let mut w = named("Seats");
    pick_all(&mut w, &["skip", "next", "squares", "7", "7", "1", "2"]);
    // The circle's reserves filled the board (25 and 24 on 49 spaces), and
    // the added pentagon copies them.
    assert_eq!(w.rules().shapes[1].shape, Shape::Pentagon);
    assert_eq!(counts(&w, 1), [(Color::Black, 25), (Color::White, 24)]);
    pick_all(&mut w, &["next"]);
    answer_all(&mut w, &["black 6 white 9"]);
    pick_all(&mut w, &["next", "next"]);
    answer_all(&mut w, &["2 3"]);
    pick_all(&mut w, &["done"]);
    assert_eq!(w.step, Step::Review);
    w
}

#[test]
fn more_players_copy_the_reserves_of_the_highest_seat() {
    let mut w = seven_by_seven();
    pick_all(&mut w, &["edit_players", "three"]);
    assert_eq!(
        counts(&w, 0),
        [(Color::Black, 6), (Color::White, 9), (Color::Pink, 9)]
    );
    assert_eq!(
        counts(&w, 1),
        [(Color::Black, 2), (Color::White, 3), (Color::Pink, 3)]
    );
    // Back to two players: pink's reserves go with seat 3.
    assert!(w.back());
    pick_all(&mut w, &["four"]);
    assert_eq!(
        counts(&w, 0),
        [
            (Color::Black, 6),
            (Color::White, 9),
            (Color::Pink, 9),
            (Color::Yellow, 9)
        ]
    );
    pick_all(&mut w, &["done", "edit_players", "two"]);
    assert_eq!(counts(&w, 0), [(Color::Black, 6), (Color::White, 9)]);
}

#[test]
fn chaos_is_a_seat_whose_reserves_follow_it() {
    let mut w = seven_by_seven();
    pick_all(&mut w, &["edit_players", "two_vs_chaos"]);
    // Chaos is new: it copies the highest player, white.
    assert_eq!(
        counts(&w, 0),
        [(Color::Black, 6), (Color::White, 9), (Color::Pink, 9)]
    );
    answer_all(&mut w, &["done", "edit_shapes", "next", "next"]);
    answer_all(&mut w, &["pink 1"]);
    // Seat 3 joins: it copies white, and Chaos keeps its own 1 in yellow.
    pick_all(&mut w, &["done", "edit_players", "three_vs_chaos"]);
    assert_eq!(
        counts(&w, 0),
        [
            (Color::Black, 6),
            (Color::White, 9),
            (Color::Pink, 9),
            (Color::Yellow, 1)
        ]
    );
}

#[test]
fn shared_colour_keeps_one_pool_and_partners_share_needs_partners() {
    let mut w = seven_by_seven();
    pick_all(&mut w, &["edit_players", "next"]);
    assert!(!ids(&w.prompt()).contains(&"partners_share".to_string()));
    pick_all(&mut w, &["shared"]);
    assert_eq!(counts(&w, 0), [(Color::Black, 6)]);
    pick_all(
        &mut w,
        &["done", "edit_players", "partners", "partners_share"],
    );
    assert_eq!(w.rules().colors, ColorMode::PartnersShare);
    assert_eq!(counts(&w, 0), [(Color::Black, 6), (Color::White, 6)]);
    // Leaving Partners leaves "partners share" too.
    pick_all(&mut w, &["done", "edit_players", "three"]);
    assert_eq!(w.rules().colors, ColorMode::Assigned);
    assert_eq!(w.rules().players, Players::Three);
}

#[test]
fn hash_freezes_the_dimensions_at_three_by_three() {
    let mut w = named("Frozen");
    pick_all(&mut w, &["skip", "next", "squares", "5", "4", "2"]);
    assert_eq!(w.rules().dimensions, [5, 4, 2]);
    pick_all(&mut w, &["done", "edit_board", "next", "hash"]);
    assert_eq!(w.rules().board, BoardKind::Hash);
    assert_eq!(w.rules().dimensions, [3, 3, 1]);
    // No dimension question on a hash board.
    assert_eq!(w.step, Step::ShapeCount);
}

#[test]
fn dimensions_offer_one_to_512_over_the_others_up_to_nineteen() {
    let mut w = named("Big");
    pick_all(&mut w, &["skip", "next", "squares", "19", "19"]);
    assert_eq!(w.step, Step::Dimension(2));
    // 512 / (19 x 19) = 1.
    let offered: Vec<String> = ids(&w.prompt())
        .into_iter()
        .filter(|id| id.parse::<u32>().is_ok())
        .collect();
    assert_eq!(offered, ["1"]);
    let err = w.answer("2").unwrap_err();
    assert!(
        err.contains("the only dimension possible here is 1"),
        "{err}"
    );
    pick_all(&mut w, &["1"]);

    // Stacks: Tic-Tac-Toe stands up as 3 stacks 3 high; 19 columns of
    // height 3 leave at most 8 rows of stacks, and the height is at least 2.
    let mut w = named("Tall");
    pick_all(&mut w, &["skip", "next", "stacks"]);
    assert_eq!(w.rules().dimensions, [3, 1, 3]);
    pick_all(&mut w, &["19"]);
    let numbers: Vec<u32> = ids(&w.prompt())
        .iter()
        .filter_map(|id| id.parse().ok())
        .collect();
    assert_eq!(numbers, (1..=8).collect::<Vec<u32>>());
    let err = w.answer("14").unwrap_err();
    assert!(err.contains("from 1 to 8"), "{err}");
    pick_all(&mut w, &["8"]);
    let numbers: Vec<u32> = ids(&w.prompt())
        .iter()
        .filter_map(|id| id.parse().ok())
        .collect();
    assert_eq!(numbers, [2, 3], "512 / (19 x 8) = 3, and stacks need 2");
    let err = w.answer("1").unwrap_err();
    assert!(err.contains("height of at least 2"), "{err}");
}

#[test]
fn choosing_stacks_stands_a_flat_board_up_and_tetrakis_stays_flat() {
    let mut w = named("Heights");
    pick_all(&mut w, &["skip", "next", "stacks"]);
    // The 3 rows of Tic-Tac-Toe become the height of 3 stacks.
    assert_eq!(w.rules().dimensions, [3, 1, 3]);
    pick_all(&mut w, &["next", "next", "5"]);
    assert_eq!(w.rules().dimensions, [3, 1, 5]);
    // One row of stacks laid flat: the height becomes the rows.
    pick_all(&mut w, &["done", "edit_board", "next", "tetrakis_squares"]);
    assert_eq!(w.rules().dimensions, [3, 5, 1]);
    pick_all(&mut w, &["4", "4"]);
    // No height question on tetrakis squares.
    assert_eq!(w.step, Step::ShapeCount);
    // 16 squares of 4 triangles: 64 spaces, filled 32 and 32.
    pick_all(&mut w, &["next", "next", "fill"]);
    assert_eq!(w.rules().shapes[0].reserves[&Color::Black], 32);
}

#[test]
fn the_maximum_reserve_disables_movement() {
    let mut w = named("Full");
    pick_all(&mut w, &["skip", "skip", "next", "next", "1"]);
    assert_eq!(w.step, Step::Movement(0));
    pick_all(&mut w, &["adjacent"]);
    assert_eq!(w.rules().shapes[0].movement, [Movement::Adjacent]);
    pick_all(&mut w, &["done", "edit_shapes", "next", "next", "max"]);
    // 5 each on 9 spaces: the board fills, so movement is cleared and not asked.
    assert!(w.rules().shapes[0].movement.is_empty());
    assert_eq!(w.step, Step::PhaseCount);
}

#[test]
fn stalemate_rules_that_decide_everyone_stand_alone() {
    let mut w = named("Ends");
    pick_all(&mut w, &["skip", "skip", "skip", "skip", "skip", "next"]);
    assert_eq!(w.step, Step::Stalemate);
    pick_all(&mut w, &["most_in_a_row_wins", "least_pieces_loses"]);
    assert_eq!(w.rules().stalemate.len(), 2, "draw made way for both");
    pick_all(&mut w, &["all_lose"]);
    assert_eq!(w.rules().stalemate.len(), 1, "all lose replaced both");
    let err = w.answer("all_lose").unwrap_err();
    assert!(err.contains("a game needs one"), "{err}");
}
