//! Outcome rules on small rule sets built inline.

use std::sync::Arc;

use super::measures::measure;
use crate::game::{Game, GameState, SeatResult};
use crate::rules::Measure;
use crate::testing::{catalogue_game, game_over, game_without_checks, play};

use SeatResult::{Draw, Loss, Win};

#[test]
fn area_floods_orthogonally_through_empty_and_locked_blank_spaces() {
    let g = game_without_checks(
        serde_json::json!({"board": "squares", "dimensions": [4, 1, 1],
        "shapes": [{"reserves": {"black": 1, "white": 1}}],
        "phases": [{"pass": true, "locked": ["2,1"]}],
        "stalemate": [{"rule": "most", "of": {"measure": "area"}, "result": "win"}]}),
    );
    let mut s = g.start();
    play(&mut s, &["1,1"]);
    // Black floods through the wall at (2,1) to the whole row.
    assert_eq!(
        measure(s.position(), &Measure::Area, 1).to_vec(),
        vec![4, 0]
    );
    // White at (3,1) stops black's flood: black keeps (1,1) and the wall;
    // white has (3,1), the wall and (4,1). The wall counts for both.
    play(&mut s, &["3,1"]);
    assert_eq!(
        measure(s.position(), &Measure::Area, 1).to_vec(),
        vec![2, 3]
    );
    assert_eq!(
        measure(s.position(), &Measure::Pieces { shape: None }, 1).to_vec(),
        vec![1, 1],
        "other measures are unchanged by the split"
    );
}

#[test]
fn most_and_least_area_decide_at_stalemate() {
    for (rule, results) in [("most", [Loss, Win]), ("least", [Win, Loss])] {
        let g = game_without_checks(
            serde_json::json!({"board": "squares", "dimensions": [3, 3, 1],
            "shapes": [{"reserves": {"black": 1, "white": 2}}],
            "stalemate": [{"rule": rule, "of": {"measure": "area"}, "result": "win"}]}),
        );
        let mut s = g.start();
        // Black in the corner, walled in by white: 1 space against white's 8.
        play(&mut s, &["1,1", "2,1", "1,2"]);
        let o = s.outcome().expect("nothing left to place: stalemate");
        assert_eq!(o.results, results, "{rule}: {}", o.reason(s.game()));
    }
}

#[test]
fn a_space_two_teams_reach_counts_for_both() {
    let g = game_without_checks(
        serde_json::json!({"board": "squares", "dimensions": [3, 3, 1],
        "shapes": [{"reserves": {"black": 1, "white": 1}}],
        "stalemate": [{"rule": "most", "of": {"measure": "area"}, "result": "win"}]}),
    );
    let mut s = g.start();
    play(&mut s, &["1,1", "3,3"]);
    assert_eq!(
        measure(s.position(), &Measure::Area, 1).to_vec(),
        vec![8, 8]
    );
    let o = s.outcome().unwrap();
    assert_eq!(
        o.results,
        vec![Win, Win],
        "tied at the top: {}",
        o.reason(s.game())
    );
}

#[test]
fn chaos_is_only_the_yardstick_of_than_chaos_rules() {
    // "Less pieces than Chaos loses" names only losers: the players not
    // named win, but Chaos, the yardstick, draws unless the Chaos rules
    // decide (all players win: Chaos loses; all lose: Chaos wins).
    let g = game_without_checks(
        serde_json::json!({"players": "two_vs_chaos", "board": "squares",
        "dimensions": [5, 1, 1], "phases": [{"pass": true}],
        "shapes": [{"reserves": {"black": 1, "white": 2, "pink": 2}}],
        "stalemate": [{"rule": "less_than_chaos", "of": {"measure": "pieces"}, "result": "lose"}]}),
    );
    let mut s = g.start();
    play(&mut s, &["1,1", "2,1", "3,1", "4,1", "5,1"]);
    let o = s.outcome().expect("the board is full");
    // Black 1 piece, white 2, Chaos 2.
    assert_eq!(o.results, vec![Loss, Win, Draw], "{}", o.reason(s.game()));
    let mut s = g.start();
    play(&mut s, &["1,1", "2,1", "pass", "4,1", "pass", "pass"]);
    let o = s.outcome().expect("everyone passed");
    // Black 1, white 2, Chaos 0: no player has less, so all win and Chaos loses.
    assert_eq!(o.results, vec![Win, Win, Loss], "{}", o.reason(s.game()));
}

#[test]
fn any_piece_wins_for_the_owners_of_the_pieces_left_after_the_round() {
    // 4P-TrendSetter: black and white collide on (1,1); pink and yellow land alone.
    let mut s = catalogue_game("4P-TrendSetter").start();
    play(&mut s, &["1,1", "1,1", "1,2", "1,3"]);
    let o = s.outcome().expect("pieces are on the board");
    assert_eq!(
        o.results,
        vec![Loss, Loss, Win, Win],
        "{}",
        o.reason(s.game())
    );
    assert!(
        o.reason(s.game()).contains(
            "Pieces on the board: Player 3 (pink) and Player 4 (yellow). Any piece wins."
        ),
        "{}",
        o.reason(s.game())
    );
    // Everyone collides: the board stays empty, nobody can move, and the
    // stalemate rule "All players lose" decides.
    let mut s = catalogue_game("4P-TrendSetter").start();
    play(&mut s, &["1,1", "1,1", "1,2", "1,2"]);
    let o = s.outcome().expect("nothing left to play: stalemate");
    assert_eq!(o.results, vec![Loss; 4], "{}", o.reason(s.game()));
}

#[test]
fn any_piece_loses_and_the_others_win() {
    // 4P-Coordination: "Any piece loses", "All players win if stalemate".
    let mut s = catalogue_game("4P-Coordination").start();
    play(&mut s, &["1,1", "1,1", "1,2", "1,3"]);
    assert_eq!(s.outcome().unwrap().results, vec![Win, Win, Loss, Loss]);
    let mut s = catalogue_game("4P-Coordination").start();
    play(&mut s, &["1,1", "1,1", "1,3", "1,3"]);
    assert_eq!(s.outcome().unwrap().results, vec![Win; 4]);
    // Sequential play: the first piece placed decides at once.
    let g = game_without_checks(
        serde_json::json!({"turn_checks": [{"check": "any_piece", "result": "win"}]}),
    );
    let mut s = g.start();
    play(&mut s, &["2,2"]);
    assert_eq!(s.outcome().unwrap().results, vec![Win, Loss]);
}

#[test]
fn chaos_wins_once_the_total_of_a_shape_passes_the_limit() {
    let g = game_without_checks(serde_json::json!({"players": "two_vs_chaos",
        "shapes": [{"reserves": {"black": 2, "white": 2}},
            {"shape": "pentagon", "reserves": {"pink": 1}}],
        "turn_checks": [{"check": "chaos_wins_if_total_above", "shape": "circle", "count": 2}]}));
    let mut s = g.start();
    // Chaos's pentagon does not count towards the circles.
    play(&mut s, &["1,1", "2,1", "3,3"]);
    assert!(s.outcome().is_none(), "two circles are not more than 2");
    play(&mut s, &["3,1"]);
    let o = s.outcome().expect("three circles");
    assert_eq!(o.results, vec![Loss, Loss, Win], "{}", o.reason(s.game()));
    assert!(
        o.reason(s.game())
            .contains("3 circles on the board. Chaos wins if total circles > 2."),
        "{}",
        o.reason(s.game())
    );
}

#[test]
fn shopping9_ends_when_the_shoppers_buy_more_than_nine_circles() {
    let mut s = catalogue_game("Shopping9").start();
    play(&mut s, &["1", "1", "1", "1", "1", "pass"]);
    assert_eq!(
        s.phase(),
        1,
        "white's automatic pass repeats: black's phase ends"
    );
    play(&mut s, &["2", "2", "2", "2"]);
    assert!(s.outcome().is_none(), "nine circles are not more than 9");
    play(&mut s, &["2"]);
    let o = s.outcome().expect("ten circles");
    assert_eq!(o.results, vec![Loss, Loss, Win], "{}", o.reason(s.game()));
}

#[test]
fn last_shape_fires_on_the_turn_that_leaves_one_team_of_several_holding_it() {
    let g = game_without_checks(
        serde_json::json!({"board": "squares", "dimensions": [3, 1, 1],
        "shapes": [{"shape": "pentagon", "power": "can", "capture": "cover", "result": "remove",
            "movement": ["adjacent"], "reserves": {"black": 1, "white": 1}}],
        "turn_checks": [{"check": "last_shape", "shape": "pentagon", "result": "win"}]}),
    );
    let mut s = g.start();
    play(&mut s, &["1,1"]);
    assert!(
        s.outcome().is_none(),
        "black alone has a pentagon, but no one else had one before"
    );
    // White places; black's only move is to (2,1), and white's only move
    // takes that pentagon: white holds the last one.
    play(&mut s, &["3,1"]);
    let o = s.outcome().expect("white took black's last pentagon");
    assert_eq!(o.results, vec![Loss, Win], "{}", o.reason(s.game()));
    assert!(
        o.reason(s.game())
            .contains("Player 2 (white) holds the last pentagons. Last pentagon wins."),
        "{}",
        o.reason(s.game())
    );
}

/// One seat against Chaos on four squares: the seat places two circles,
/// Chaos's pentagon on the first square must capture by covering, and the
/// phase stalemates once Chaos cannot capture; `cloaking` as the rules name it.
fn seeker_cloaked(phases: &serde_json::Value, cloaking: &str) -> Arc<Game> {
    game_without_checks(
        serde_json::json!({"players": "one_vs_chaos", "board": "squares",
        "dimensions": [4, 1, 1], "cloaking": cloaking,
        "shapes": [{"reserves": {"black": 2}},
            {"shape": "pentagon", "power": "must", "capture": "cover", "result": "remove",
                "movement": ["adjacent"]}],
        "initial": [{"at": "1,1", "color": "white", "shape": "pentagon"}],
        "phases": phases,
        "turn_checks": [{"check": "stalemate_if_chaos_cannot_capture"}],
        "stalemate": [{"rule": "most", "of": {"measure": "pieces"}, "result": "win"}]}),
    )
}

fn seeker(phases: serde_json::Value) -> Arc<Game> {
    seeker_cloaked(&phases, "none")
}

#[test]
fn the_last_phase_stalemates_once_chaos_cannot_capture() {
    let g = seeker(serde_json::json!([{"pass": true}]));
    assert!(g.seats[1].is_chaos);
    let mut s = g.start();
    // Next to Chaos's pentagon: Chaos can take it, so play goes on. It must:
    // the capture is its only legal move (no pass), played for it.
    play(&mut s, &["2,1"]);
    let last = s.history().last().unwrap();
    assert!(last.automatic && last.seat == 1, "{last:?}");
    // Having taken it, Chaos has moves but nothing to take.
    let o = s.outcome().expect("Chaos cannot capture: stalemate");
    assert_eq!(
        s.piece_at(1).map(|p| p.1),
        Some(crate::rules::Shape::Pentagon)
    );
    assert_eq!(o.results, vec![Loss, Win], "{}", o.reason(s.game()));
}

#[test]
fn an_earlier_phase_ends_once_chaos_cannot_capture_but_not_while_chaos_cannot_move() {
    let g = seeker(serde_json::json!([{"pass": true}, {"pass": true}]));
    let mut s = g.start();
    // Chaos's capture is its only legal move, played for it.
    play(&mut s, &["2,1"]);
    assert_eq!(s.phase(), 1, "the first phase ended");
    assert!(s.outcome().is_none());
    // Chaos locked: it has no move at all, so the check waits.
    let g = seeker(serde_json::json!([{"pass": true, "locked_seats": ["chaos"]}, {"pass": true}]));
    let mut s = g.start();
    play(&mut s, &["4,1"]);
    assert_eq!(s.phase(), 0);
    assert!(s.outcome().is_none());
}

#[test]
fn chaos_judges_its_captures_on_what_it_sees() {
    let mut fields = serde_json::json!([{"pass": true, "cloaked": ["2,1"]}]);
    let cloaked = |fields: &serde_json::Value| seeker_cloaked(fields, "hides");
    let mut s = cloaked(&fields).start();
    s.apply(s.legal_actions()[1]).expect("a placement");
    let placed = s.history().first().map(|a| a.mv);
    assert!(
        matches!(placed, Some(crate::game::Move::Place { to: 1, .. })),
        "{placed:?}"
    );
    // Hidden on a cloaked space: Chaos has moves there but sees nothing to take.
    let o = s
        .outcome()
        .expect("Chaos cannot capture what it cannot see");
    assert_eq!(o.results, vec![Win, Loss], "{}", o.reason(s.game()));
    // The same placement in the open (another space cloaked) is Chaos's
    // to take: it must, and then has nothing left to take.
    fields[0]["cloaked"] = serde_json::json!(["4,1"]);
    let mut s = cloaked(&fields).start();
    let placement = s.legal_actions()[1];
    assert_eq!(Some(placement), placed);
    s.apply(placement).expect("a placement");
    let o = s
        .outcome()
        .expect("Chaos took it, then could capture no more");
    assert_eq!(o.results, vec![Loss, Win], "{}", o.reason(s.game()));
}

#[test]
fn hide_seek_keeps_its_placement_phase_while_chaos_cannot_move() {
    let mut s = catalogue_game("3P-9X-HideSeek").start();
    play(&mut s, &["4,4"]);
    assert_eq!(s.phase(), 0, "Chaos cannot move in the placement phase");
    assert_eq!(s.capture_available(3), None);
    let mut moving = s.clone();
    moving.position.phase = 1;
    assert_eq!(
        moving.capture_available(3),
        Some(true),
        "in the next phase Chaos's pentagon can take a pink circle of the ring"
    );
}

fn four(fields: serde_json::Value) -> Arc<Game> {
    game_over(
        serde_json::json!({"turn_checks": [], "players": "four",
            "overachievers_disqualified": true, "board": "squares", "dimensions": [5, 5, 1]}),
        fields,
    )
}

#[test]
fn the_first_to_win_is_disqualified_and_the_second_wins() {
    let g = four(serde_json::json!({
        "shapes": [{"reserves": {"black": 4, "white": 4, "pink": 4, "yellow": 4}}],
        "turn_checks": [{"check": "in_a_row", "length": 2, "result": "win"}]}));
    let mut s = g.start();
    play(&mut s, &["1,1", "1,5", "5,1", "5,5", "2,1"]);
    assert!(s.outcome().is_none(), "black overachieved; play goes on");
    assert!(s.is_disqualified(0) && !s.is_disqualified(1));
    assert_eq!(s.to_move(), 1, "the next seat moves as usual");
    // Black's next line wins nothing; white's first line wins.
    play(&mut s, &["3,3", "5,3", "3,5", "1,2"]);
    assert!(s.outcome().is_none(), "a disqualified player cannot win");
    play(&mut s, &["2,5"]);
    let o = s.outcome().expect("white is second to get 2 in a row");
    assert_eq!(
        o.results,
        vec![Loss, Win, Loss, Loss],
        "{}",
        o.reason(s.game())
    );
    assert!(
        o.reason(s.game())
            .contains("Player 1 (black) was disqualified as an overachiever"),
        "{}",
        o.reason(s.game())
    );
}

#[test]
fn at_stalemate_the_top_set_is_disqualified_and_the_rule_applied_again() {
    let g = four(serde_json::json!({"dimensions": [3, 3, 1],
        "shapes": [{"reserves": {"black": 3, "white": 2, "pink": 2, "yellow": 1}}],
        "turn_checks": [],
        "stalemate": [{"rule": "most", "of": {"measure": "pieces"}, "result": "win"}]}));
    let mut s = g.start();
    play(
        &mut s,
        &["1,1", "2,1", "3,1", "1,2", "2,2", "3,2", "1,3", "2,3"],
    );
    // Black has most pieces (3) and is disqualified; white and pink share
    // the second most (2).
    let o = s.outcome().expect("nothing left to place");
    assert_eq!(
        o.results,
        vec![Loss, Win, Win, Loss],
        "{}",
        o.reason(s.game())
    );
    assert!(
        o.reason(s.game())
            .contains("Player 1 (black) was disqualified"),
        "{}",
        o.reason(s.game())
    );
}

#[test]
fn when_every_player_is_disqualified_all_lose() {
    // "All players win" names everyone: all are disqualified, and with no
    // one left, (virtual) Chaos wins.
    let g = four(serde_json::json!({"dimensions": [3, 3, 1],
        "shapes": [{"reserves": {"black": 1, "white": 1, "pink": 1, "yellow": 1}}],
        "turn_checks": [], "stalemate": [{"rule": "all_win"}]}));
    let mut s = g.start();
    play(&mut s, &["1,1", "2,1", "3,1", "1,3"]);
    let o = s.outcome().expect("nothing left to place");
    assert_eq!(o.results, vec![Loss; 4], "{}", o.reason(s.game()));
    // "Any piece wins" after a round where every piece lands alone: the same.
    let g = four(serde_json::json!({"dimensions": [4, 1, 1],
        "phases": [{"order": "simultaneous"}],
        "shapes": [{"reserves": {"black": 1, "white": 1, "pink": 1, "yellow": 1}}],
        "turn_checks": [{"check": "any_piece", "result": "win"}],
        "stalemate": [{"rule": "draw"}]}));
    let mut s = g.start();
    play(&mut s, &["1,1", "2,1", "3,1", "4,1"]);
    let o = s.outcome().expect("every player overachieved");
    assert_eq!(o.results, vec![Loss; 4], "{}", o.reason(s.game()));
}

#[test]
fn kbeauty9_plays_to_the_end() {
    let g = catalogue_game("KBeauty9");
    let mut s = g.start();
    let mut turns = 0;
    while !s.is_finished() {
        let mv = s.legal()[0];
        s.apply(mv).unwrap();
        turns += 1;
        assert!(turns < 1000, "the match ends");
    }
    let o = s.outcome().unwrap();
    assert!(
        o.results.iter().all(|r| *r != Draw),
        "{}",
        o.reason(s.game())
    );
}

#[test]
fn area_floods_along_hex_edges_and_tetrakis_edges() {
    // Hexagons: on a 2x2 rhombus every cell shares an edge with every other
    // but (1,1) and (2,2), a hex diagonal apart.
    let hex = game_without_checks(
        serde_json::json!({"board": "hexagons", "dimensions": [2, 2, 1],
        "shapes": [{"reserves": {"black": 2, "white": 2}}],
        "phases": [{"pass": true}],
        "stalemate": [{"rule": "most", "of": {"measure": "area"}, "result": "win"}]}),
    );
    let mut s = hex.start();
    play(&mut s, &["1,1", "1,2", "pass", "2,1"]);
    // Black's (1,1) is hemmed in by white's (1,2) and (2,1); (2,2) is only a
    // hex diagonal away from it, so white alone floods there.
    assert_eq!(
        measure(s.position(), &Measure::Area, 1).to_vec(),
        vec![1, 3]
    );
    // Tetrakis squares: the 4 triangles of one square; black north and
    // south, white east: black reaches west through the shared edges.
    let tk = game_without_checks(
        serde_json::json!({"board": "tetrakis_squares", "dimensions": [1, 1, 1],
        "shapes": [{"reserves": {"black": 2, "white": 2}}],
        "phases": [{"pass": true}],
        "stalemate": [{"rule": "most", "of": {"measure": "area"}, "result": "win"}]}),
    );
    let mut s = tk.start();
    play(&mut s, &["1,1,1", "1,1,2", "1,1,3"]);
    assert_eq!(
        measure(s.position(), &Measure::Area, 1).to_vec(),
        vec![3, 1]
    );
}

/// Seats named as a chat names them, Chaos last.
fn names(game: &Game) -> impl Fn(usize) -> String + '_ {
    |seat| {
        if game.seats[seat].is_chaos {
            "Chaos".to_string()
        } else {
            ["ann", "bob", "cy", "dee"][seat].to_string()
        }
    }
}

fn cell(g: &Game, x: u8, y: u8) -> u16 {
    g.geometry.cell(1, x, y, 1).unwrap()
}

#[test]
fn a_line_is_told_with_its_ends_and_the_rule_and_its_cells_decide() {
    let g = catalogue_game("Tic-Tac-Toe");
    let mut s = g.start();
    play(&mut s, &["3,3", "2,1", "2,2", "3,1", "1,1"]);
    let o = s.outcome().expect("black made a line");
    let who = names(&g);
    assert_eq!(o.headline(&who), "Victory: ann");
    assert_eq!(
        o.explain(&g, &who),
        vec!["ann made 3 in a row from (1,1) to (3,3). First 3-same-color-in-a-row wins."]
    );
    assert_eq!(
        o.deciding_cells(),
        vec![cell(&g, 1, 1), cell(&g, 2, 2), cell(&g, 3, 3)]
    );
    assert_eq!(
        o.reason(&g),
        "Player 1 (black) made 3 in a row from (1,1) to (3,3). First 3-same-color-in-a-row wins."
    );
    assert_eq!(o.summary(&g), "Victory: Player 1");
}

#[test]
fn a_full_board_without_a_line_is_a_draw_and_says_so() {
    let g = catalogue_game("Tic-Tac-Toe");
    let mut s = g.start();
    play(
        &mut s,
        &["1,1", "2,2", "3,3", "1,2", "3,2", "3,1", "1,3", "2,3"],
    );
    // Black's last piece has one place left, played for it.
    let o = s.outcome().expect("the board is full");
    assert_eq!(o.headline(&names(&g)), "Draw");
    assert_eq!(
        o.explain(&g, &names(&g)),
        vec!["The board is full.", "Stalemate draws."]
    );
    assert!(o.deciding_cells().is_empty());
}

#[test]
fn rules_measuring_the_same_thing_share_one_count() {
    // RockPaperScissors: the circle converts the pentagon; black holds both.
    let g = catalogue_game("RockPaperScissors");
    let mut s = g.start();
    play(&mut s, &["circle 1", "pentagon 1"]);
    let o = s.outcome().expect("the stack is full");
    assert_eq!(o.headline(&names(&g)), "Victory: ann");
    assert_eq!(
        o.explain(&g, &names(&g)),
        vec![
            "The board is full.",
            "Most pieces wins, least pieces loses: ann 2, bob 0."
        ]
    );
    assert_eq!(o.deciding_cells().len(), 2, "black's two pieces counted");
}

#[test]
fn several_boards_are_told_board_by_board_with_the_tally() {
    // 3Blotto13: black 7, 1, 5 on the boards; white 6, 6, 1.
    let g = catalogue_game("3Blotto13");
    let black = [1, 1, 1, 1, 1, 1, 1, 2, 3, 3, 3, 3, 3];
    let white = [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3];
    let turns: Vec<String> = black
        .iter()
        .zip(&white)
        .flat_map(|(b, w)| [format!("{b}:1"), format!("{w}:2")])
        .collect();
    let turns: Vec<&str> = turns.iter().map(String::as_str).collect();
    let mut s = g.start();
    play(&mut s, &turns);
    let o = s.outcome().expect("every circle is placed");
    assert_eq!(o.headline(&names(&g)), "Victory: ann");
    assert_eq!(
        o.explain(&g, &names(&g)),
        vec![
            "Nobody could move any more.",
            "Most pieces wins, on each board.",
            "Board 1: ann 7, bob 6. Winner: ann.",
            "Board 2: ann 1, bob 6. Winner: bob.",
            "Board 3: ann 5, bob 1. Winner: ann.",
            "Boards won: ann 2, bob 1.",
        ]
    );
}

#[test]
fn the_chaos_rules_are_told_when_they_decide_chaos_and_the_yardstick_comes_first() {
    let g = game_without_checks(
        serde_json::json!({"players": "two_vs_chaos", "board": "squares",
        "dimensions": [5, 1, 1], "phases": [{"pass": true}],
        "shapes": [{"reserves": {"black": 1, "white": 2, "pink": 2}}],
        "stalemate": [{"rule": "less_than_chaos", "of": {"measure": "pieces"}, "result": "lose"}]}),
    );
    let mut s = g.start();
    play(&mut s, &["1,1", "2,1", "pass", "4,1", "pass", "pass"]);
    let o = s.outcome().expect("everyone passed");
    assert_eq!(
        o.explain(&g, &names(&g)),
        vec![
            "Everyone passed.",
            "Less pieces than Chaos loses: Chaos 0, ann 1, bob 2.",
            "Every player won, so Chaos loses."
        ]
    );
    assert_eq!(o.headline(&names(&g)), "Victory: ann and bob");
}

#[test]
fn no_winner_says_who_lost_and_who_drew() {
    // Black ties Chaos (named by neither rule), white has less and loses.
    let g = game_without_checks(
        serde_json::json!({"players": "two_vs_chaos", "board": "squares",
        "dimensions": [5, 1, 1], "phases": [{"pass": true}],
        "shapes": [{"reserves": {"black": 1, "white": 1, "pink": 1}}],
        "stalemate": [{"rule": "more_than_chaos", "of": {"measure": "pieces"}, "result": "win"},
            {"rule": "less_than_chaos", "of": {"measure": "pieces"}, "result": "lose"}]}),
    );
    let mut s = g.start();
    play(&mut s, &["1,1", "pass", "3,1"]);
    while !s.is_finished() {
        s.apply(crate::game::Move::Pass).unwrap();
    }
    let o = s.outcome().unwrap();
    assert_eq!(o.results, vec![Draw, Loss, Draw]);
    assert_eq!(
        o.headline(&names(&g)),
        "No winner: bob loses; ann and Chaos draw"
    );
    assert_eq!(
        o.explain(&g, &names(&g))[1],
        "More pieces than Chaos wins, less pieces than Chaos loses: Chaos 1, ann 1, bob 0."
    );
}

#[test]
fn an_agreed_draw_is_told_as_such() {
    let g = catalogue_game("4on7sq");
    let mut s = g.start();
    play(&mut s, &["draw", "agree"]);
    let o = s.outcome().expect("agreed");
    assert_eq!(o.headline(&names(&g)), "Draw");
    assert_eq!(
        o.explain(&g, &names(&g)),
        vec!["Every player agreed to a draw."]
    );
}

#[test]
fn an_overachiever_is_named_with_why_they_lose() {
    let g = four(serde_json::json!({
        "shapes": [{"reserves": {"black": 4, "white": 4, "pink": 4, "yellow": 4}}],
        "turn_checks": [{"check": "in_a_row", "length": 2, "result": "win"}]}));
    let mut s = g.start();
    play(&mut s, &["1,1", "1,5", "5,1", "5,5", "2,1"]);
    play(&mut s, &["3,3", "5,3", "3,5", "1,2", "2,5"]);
    let o = s.outcome().expect("white is second to get 2 in a row");
    assert_eq!(o.headline(&names(&g)), "Victory: bob");
    assert_eq!(
        o.explain(&g, &names(&g)),
        vec![
            "bob made 2 in a row from (1,5) to (2,5). First 2-same-color-in-a-row wins.",
            "ann was disqualified as an overachiever (the first named a winner): ann loses, \
             and the others are judged without them."
        ]
    );
}

#[test]
fn stalemate_results_kept_untold_are_those_told_with_many_rules_or_few() {
    use rand::SeedableRng;
    // Rules that name no one (no piece of these shapes is ever placed),
    // each listed once, then "Most pieces wins", which decides: dropped,
    // black would draw too.
    let unnamed = ["pentagon", "x", "cross", "triangle", "star"]
        .iter()
        .flat_map(|shape| {
            ["win", "lose"].map(|result| {
                serde_json::json!({"rule": "any",
                    "of": {"measure": "pieces", "shape": shape}, "result": result})
            })
        })
        .collect::<Vec<_>>();
    let deciding =
        serde_json::json!({"rule": "most", "of": {"measure": "pieces"}, "result": "win"});
    let mut decided = 0;
    // Up to eight rules are kept in an array, more in a list.
    for before in [1, 7, 8, 10] {
        let mut stalemate = unnamed[..before].to_vec();
        stalemate.push(deciding.clone());
        let none = serde_json::json!({"black": 0, "white": 0});
        let circles = serde_json::json!({"black": 5, "white": 4});
        let mut shapes = vec![serde_json::json!({"shape": "circle", "reserves": circles})];
        shapes.extend(
            ["pentagon", "x", "cross", "triangle", "star"]
                .map(|shape| serde_json::json!({"shape": shape, "reserves": none})),
        );
        let game = game_without_checks(serde_json::json!({
            "board": "squares", "dimensions": [3, 3, 1], "shapes": shapes,
            "stalemate": stalemate}));
        for seed in 0..10 {
            let mut state = game.start_seeded(seed);
            let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
            crate::random::playout(&mut state, &mut rng);
            let kept = state.results().expect("the game ended").to_vec();
            let told = state.outcome().expect("told").results.clone();
            assert_eq!(kept, told, "{} rules, seed {seed}", before + 1);
            // Black places five of the nine, white four: black has most.
            // Among several rules fired, a team none names draws.
            assert_eq!(kept, [Win, Draw], "{} rules, seed {seed}", before + 1);
            decided += 1;
        }
    }
    assert_eq!(decided, 40);
}
