use serde_json::{Value, json};

use super::*;
use crate::testing::rules;

fn problems(extra: Value) -> Vec<Problem> {
    validate(&rules(extra)).err().unwrap_or_default()
}

/// Asserts that the rules have a problem in `field` whose message contains `words`.
#[track_caller]
fn fails(extra: Value, field: &str, words: &str) {
    let found = problems(extra.clone());
    assert!(
        found
            .iter()
            .any(|p| p.field == field && p.message.contains(words)),
        "{extra}: expected {field}: ...{words}..., got {found:#?}"
    );
}

#[track_caller]
fn passes(extra: Value) {
    let found = problems(extra.clone());
    assert!(found.is_empty(), "{extra}: {found:#?}");
}

#[test]
fn tic_tac_toe_is_valid() {
    assert_eq!(validate(&RuleSet::tic_tac_toe("Tic-Tac-Toe")), Ok(()));
}

#[test]
fn every_problem_is_reported_at_once() {
    let found = problems(json!({
        "schema_version": 9,
        "name": "two words",
        "pieces_per_turn": 7,
        "seconds_per_turn": 7,
        "boards": 4,
        "board": "squares",
        "dimensions": [20, 3, 1],
        "chaos_color": "pink",
        "overachievers_disqualified": true,
        "shapes": [{"power": "can", "reserves": {"black": 1, "white": 1, "pink": 1}}],
        "phases": [{"fold": "less_than_most_committed", "locked_seats": ["chaos"]}],
        "turn_checks": [{"check": "in_a_row", "length": 20, "result": "win"}],
        "stalemate": []
    }));
    let fields: Vec<&str> = found.iter().map(|p| p.field.as_str()).collect();
    assert_eq!(
        fields,
        [
            "schema_version",
            "name",
            "pieces_per_turn",
            "seconds_per_turn",
            "boards",
            "dimensions[0]",
            "chaos_color",
            "overachievers_disqualified",
            "shapes[0].capture",
            "shapes[0].result",
            "shapes[0].reserves.pink",
            "phases[0].fold",
            "phases[0].locked_seats[0]",
            "turn_checks[0].length",
            "stalemate",
        ],
        "{found:#?}"
    );
}

#[test]
fn messages_say_what_is_accepted() {
    let found = problems(json!({"seconds_per_turn": 7, "schema_version": 3}));
    assert_eq!(
        found[0].message,
        "version 3 cannot be read; this build reads versions 1 to 2 (write 2)"
    );
    assert!(
        found[1].message.contains("3, 6, 10"),
        "{}",
        found[1].message
    );
    assert!(found[1].message.contains("604800"), "{}", found[1].message);
}

#[test]
fn names() {
    fails(json!({"name": ""}), "name", "empty");
    fails(json!({"name": "a".repeat(41)}), "name", "at most 40");
    passes(json!({"name": "a".repeat(40)}));
    for bad in ["a b", "a*", "(a", "a)", "a\tb"] {
        fails(json!({ "name": bad }), "name", "'*', '(' or ')'");
    }
    passes(json!({"name": "3P-Misere_Notakto.v2"}));
}

#[test]
fn board_and_dimensions() {
    fails(
        json!({"dimensions": [4, 4, 1]}),
        "dimensions",
        "always 3x3x1",
    );
    fails(
        json!({"board": "stacks", "dimensions": [7, 1, 1]}),
        "dimensions[2]",
        "2 or more",
    );
    fails(
        json!({"board": "squares", "dimensions": [0, 3, 1]}),
        "dimensions[0]",
        "1 to 19",
    );
    // 512 / (8 * 8) = 8: a 9th level is too many.
    fails(
        json!({"board": "squares", "dimensions": [8, 8, 9]}),
        "dimensions[2]",
        "may be 1 to 8",
    );
    passes(json!({"board": "squares", "dimensions": [8, 8, 8]}));
    // 30 x 30 is more than 512 spaces already: no value of the third fits,
    // and no range "1 to 0" is offered.
    let problems = validate(&rules(
        json!({"board": "squares", "dimensions": [30, 30, 1]}),
    ))
    .expect_err("too many spaces");
    assert!(
        problems.iter().all(|p| !p.to_string().contains("1 to 0")),
        "{problems:?}"
    );
    fails(
        json!({"board": "squares", "dimensions": [30, 30, 1]}),
        "dimensions[2]",
        "make them smaller first",
    );
    passes(json!({"board": "squares", "dimensions": [19, 19, 1]}));
    fails(
        json!({"pieces_per_turn": 0}),
        "pieces_per_turn",
        "use 1 to 6",
    );
    fails(
        json!({"pieces_per_turn": 7}),
        "pieces_per_turn",
        "use 1 to 6",
    );
    passes(json!({"pieces_per_turn": 6}));
    passes(json!({"pieces_per_turn": 2}));
    fails(
        json!({"seconds_per_turn": 61}),
        "seconds_per_turn",
        "one of",
    );
    passes(json!({"seconds_per_turn": 604_800}));
    fails(json!({"boards": 0}), "boards", "1, 2 or 3");
}

#[test]
fn shapes_and_powers() {
    fails(json!({"shapes": []}), "shapes", "1 to 6");
    fails(
        json!({"shapes": [{"reserves": {"black": 1}}, {"reserves": {"white": 1}}]}),
        "shapes[1].shape",
        "already listed at shapes[0]",
    );
    fails(
        json!({"shapes": [{"capture": "cover", "reserves": {"black": 1}}]}),
        "shapes[0].capture",
        "power \"none\"",
    );
    fails(
        json!({"shapes": [{"result": "remove", "reserves": {"black": 1}}]}),
        "shapes[0].result",
        "power \"none\"",
    );
    fails(
        json!({"shapes": [{"power": "must", "result": "remove", "reserves": {"black": 1}}]}),
        "shapes[0].capture",
        "needs a capture condition",
    );
    fails(
        json!({"shapes": [{"power": "can", "capture": "cover", "reserves": {"black": 1}}]}),
        "shapes[0].result",
        "needs a capture result",
    );
    fails(
        json!({"shapes": [{"power": "can", "capture": "cover_by_rank", "result": "convert",
            "reserves": {"black": 1}}]}),
        "shapes[0].result",
        "convert-on-cover only on stacks",
    );
    passes(json!({"board": "stacks", "dimensions": [3, 1, 3],
        "shapes": [{"power": "can", "capture": "cover", "result": "convert", "reserves": {"black": 1}}]}));
    fails(
        json!({"shapes": [{"movement": ["orth_by_stack"], "reserves": {"black": 1}}]}),
        "shapes[0].movement[0]",
        "only for stacks",
    );
    fails(
        json!({"shapes": [{"movement": ["adjacent", "knight", "adjacent"], "reserves": {"black": 1}}]}),
        "shapes[0].movement[2]",
        "listed twice",
    );
    fails(json!({"shapes": [{"reserves": {}}]}), "shapes", "no pieces");
}

#[test]
fn reserves_name_colours_in_play_within_the_maximum() {
    fails(
        json!({"shapes": [{"reserves": {"black": 5, "pink": 4}}]}),
        "shapes[0].reserves.pink",
        "colours in play are black and white",
    );
    // A zero for another colour is the same as leaving it out.
    passes(json!({"shapes": [{"reserves": {"black": 5, "white": 4, "pink": 0}}]}));
    fails(
        json!({"shapes": [{"reserves": {"black": 6, "white": 4}}]}),
        "shapes[0].reserves.black",
        "at most 5",
    );
    fails(
        json!({"colors": "shared", "shapes": [{"reserves": {"black": 9, "white": 1}}]}),
        "shapes[0].reserves.white",
        "colours in play are black",
    );
    passes(json!({"colors": "shared", "shapes": [{"reserves": {"black": 9}}]}));
    // Chaos plays the colour after the players', or the one the game names.
    passes(
        json!({"players": "two_vs_chaos", "shapes": [{"reserves": {"black": 3, "white": 3, "pink": 3}}]}),
    );
    fails(
        json!({"players": "two_vs_chaos", "shapes": [{"reserves": {"black": 3, "yellow": 3}}]}),
        "shapes[0].reserves.yellow",
        "black, white and pink",
    );
    passes(json!({"players": "two_vs_chaos", "chaos_color": "yellow",
        "shapes": [{"reserves": {"black": 3, "white": 3, "yellow": 3}}]}));
    // Captures that take pieces off the board lift the cap.
    passes(json!({"board": "squares", "dimensions": [3, 3, 1],
        "shapes": [{"power": "can", "capture": "cover", "result": "remove", "movement": ["adjacent"],
            "reserves": {"black": 20, "white": 20}}]}));
    fails(
        json!({"shapes": [{"movement": ["adjacent"], "reserves": {"black": 5, "white": 5}}]}),
        "shapes[0].movement",
        "board fills",
    );
}

#[test]
fn the_spec_games_fit_their_reserves() {
    // Connect6, 3Blotto13, KBeauty9 and Shopping9 at their counts.
    passes(
        json!({"board": "squares", "dimensions": [19, 19, 1], "pieces_per_turn": 2,
        "shapes": [{"reserves": {"black": 180, "white": 180}}],
        "initial": [{"at": "10,10,1", "color": "white"}]}),
    );
    passes(
        json!({"boards": 3, "board": "stacks", "dimensions": [2, 1, 13],
        "shapes": [{"reserves": {"black": 13, "white": 13}}]}),
    );
    passes(
        json!({"players": "four", "board": "stacks", "dimensions": [4, 1, 9],
        "shapes": [{"reserves": {"black": 9, "white": 9, "pink": 9, "yellow": 9}}]}),
    );
    passes(
        json!({"players": "two_vs_chaos", "board": "stacks", "dimensions": [3, 1, 9],
        "shapes": [{"reserves": {"black": 9, "white": 7}},
                   {"shape": "pentagon", "reserves": {"pink": 8}}],
        "initial": [{"at": "2", "color": "white", "shape": "pentagon", "count": 2}]}),
    );
    passes(
        json!({"colors": "players_choose", "board": "squares", "dimensions": [6, 6, 1],
        "shapes": [{"reserves": {"black": 18, "white": 18}}],
        "phases": [{"locked": ["3,1,1", "4,3,1"]}]}),
    );
}

#[test]
fn players_colours_and_chaos() {
    fails(
        json!({"colors": "partners_share"}),
        "colors",
        "needs players \"partners\"",
    );
    passes(
        json!({"players": "partners", "colors": "partners_share", "board": "squares",
        "dimensions": [4, 4, 1], "shapes": [{"reserves": {"black": 8, "white": 8}}]}),
    );
    fails(
        json!({"chaos_color": "yellow"}),
        "chaos_color",
        "no Chaos seat",
    );
    fails(
        json!({"players": "two_vs_chaos", "chaos_color": "white",
            "shapes": [{"reserves": {"black": 3, "white": 3}}]}),
        "chaos_color",
        "a player's colour",
    );
    fails(
        json!({"players": "three", "overachievers_disqualified": true,
            "shapes": [{"reserves": {"black": 3, "white": 3, "pink": 3}}]}),
        "overachievers_disqualified",
        "4-Player games only",
    );
    passes(
        json!({"players": "four", "overachievers_disqualified": true, "board": "squares",
        "dimensions": [4, 4, 1],
        "shapes": [{"reserves": {"black": 4, "white": 4, "pink": 4, "yellow": 4}}]}),
    );
}

#[test]
fn phases_and_their_seats() {
    fails(json!({"phases": []}), "phases", "1 to 6");
    fails(
        json!({"phases": [{}, {}, {}, {}, {}, {}, {}]}),
        "phases",
        "1 to 6",
    );
    fails(
        json!({"phases": [{}, {"fold": "less_than_most_committed"}]}),
        "phases[1].fold",
        "last phase cannot fold",
    );
    passes(json!({"phases": [{"fold": "less_than_most_committed"}, {}]}));
    fails(
        json!({"phases": [{"locked_seats": [3]}]}),
        "phases[0].locked_seats[0]",
        "has no seat 3; it has seats 1-2",
    );
    fails(
        json!({"phases": [{"locked_seats": ["chaos"]}]}),
        "phases[0].locked_seats[0]",
        "2-Player has no Chaos seat",
    );
    fails(
        json!({"phases": [{"locked_seats": [1, 1]}]}),
        "phases[0].locked_seats[1]",
        "listed twice",
    );
    passes(
        json!({"players": "one_vs_chaos", "shapes": [{"reserves": {"black": 4, "white": 4}}],
        "phases": [{"locked_seats": ["chaos"]}, {"locked_seats": [1]}]}),
    );
}

#[test]
fn space_references_name_existing_spaces() {
    fails(
        json!({"phases": [{"locked": ["4,1"]}]}),
        "phases[0].locked[0]",
        "the board is 3x3x1 (x 1-3, y 1-3, z 1)",
    );
    fails(
        json!({"sticky": ["2:1,1"]}),
        "sticky[0]",
        "there is only 1 board",
    );
    fails(
        json!({"cloaking": "hides", "phases": [{"cloaked": ["1,1,2"]}]}),
        "phases[0].cloaked[0]",
        "names no space",
    );
    passes(json!({"boards": 2, "sticky": ["2:1,1", "*,2"]}));
}

#[test]
fn cloaking_and_cloaked_spaces_go_together() {
    fails(
        json!({"phases": [{"cloaked": ["all"]}]}),
        "phases[0].cloaked",
        "need cloaking",
    );
    fails(
        json!({"cloaking": "obscures"}),
        "cloaking",
        "no phase cloaks",
    );
    passes(json!({"cloaking": "obscures", "phases": [{}, {"cloaked": ["2,2"]}]}));
}

#[test]
fn exclusive_spaces() {
    fails(
        json!({"exclusive": [{"seats": [], "spaces": ["1,1"]}]}),
        "exclusive[0].seats",
        "at least one seat",
    );
    fails(
        json!({"exclusive": [{"seats": [3], "spaces": ["1,1"]}]}),
        "exclusive[0].seats[0]",
        "no seat 3",
    );
    fails(
        json!({"exclusive": [{"seats": [1], "spaces": []}]}),
        "exclusive[0].spaces",
        "at least one space",
    );
    fails(
        json!({"exclusive": [{"seats": [1], "spaces": ["1,1", "1,9"]}]}),
        "exclusive[0].spaces[1]",
        "names no space",
    );
}

#[test]
fn initial_pieces_on_flat_boards() {
    let ok = json!({"initial": [{"at": "2,2", "color": "white"}],
        "shapes": [{"reserves": {"black": 4, "white": 3}}]});
    passes(ok.clone());
    let with = |entry: Value| {
        let mut v = ok.clone();
        v["initial"].as_array_mut().unwrap().push(entry);
        v
    };
    fails(
        with(json!({"at": "2,2,1", "color": "black"})),
        "initial[1].at",
        "already holds",
    );
    fails(
        with(json!({"at": "4,4", "color": "black"})),
        "initial[1].at",
        "names no space",
    );
    fails(
        with(json!({"at": "3", "color": "black"})),
        "initial[1].at",
        "names 3 spaces",
    );
    fails(
        with(json!({"at": "1,1", "color": "black", "count": 2})),
        "initial[1].count",
        "use count 1",
    );
    fails(
        with(json!({"at": "1,1", "color": "black", "count": 0})),
        "initial[1].count",
        "at least 1",
    );
    fails(
        with(json!({"at": "1,1", "color": "pink"})),
        "initial[1].color",
        "not played",
    );
    fails(
        with(json!({"at": "1,1", "color": "black", "shape": "star"})),
        "initial[1].shape",
        "not among the game's shapes",
    );
    let mut locked = with(json!({"at": "1,1", "color": "black"}));
    locked["phases"] = json!([{"locked": ["1,1"]}]);
    fails(locked, "initial[1].at", "(1,1,1) is locked in phase 1");
}

#[test]
fn initial_pieces_on_stacks() {
    let stacks = |initial: Value, locked: Value| {
        json!({"board": "stacks", "dimensions": [3, 1, 4],
            "shapes": [{"reserves": {"black": 2, "white": 2}}],
            "phases": [{"locked": locked}], "initial": initial})
    };
    passes(stacks(
        json!([{"at": "1", "color": "white", "count": 3}, {"at": "1", "color": "black"}]),
        json!([]),
    ));
    fails(
        stacks(
            json!([{"at": "1", "color": "white", "count": 3}, {"at": "1", "color": "black", "count": 2}]),
            json!([]),
        ),
        "initial[1].count",
        "stack 1 has room for only 1 more",
    );
    // A locked cell counts as filled: only the cells above it are free.
    fails(
        stacks(
            json!([{"at": "2", "color": "white", "count": 2}]),
            json!(["2,1,3"]),
        ),
        "initial[0].count",
        "room for only 1",
    );
    passes(stacks(
        json!([{"at": "2", "color": "white", "count": 3}]),
        json!(["2,1,1"]),
    ));
    // One stack or one cell, not several stacks.
    fails(
        stacks(json!([{"at": "*", "color": "white"}]), json!([])),
        "initial[0].at",
        "names 3 stacks",
    );
    passes(stacks(
        json!([{"at": "3,1,1", "color": "white"}]),
        json!([]),
    ));
    fails(
        stacks(
            json!([{"at": "3,1,1", "color": "white", "count": 2}]),
            json!([]),
        ),
        "initial[0].count",
        "name the whole stack",
    );
}

#[test]
fn turn_checks() {
    let check = |c: Value| json!({ "turn_checks": [c] });
    fails(
        check(json!({"check": "in_a_row", "length": 1, "result": "win"})),
        "turn_checks[0].length",
        "use 2 to 19",
    );
    fails(
        check(json!({"check": "all_lose_if_in_a_row", "length": 4})),
        "turn_checks[0].length",
        "the longest line possible is 3",
    );
    fails(
        check(json!({"check": "chaos_wins_if_total_above", "shape": "circle", "count": 9})),
        "turn_checks[0]",
        "needs a Chaos seat",
    );
    fails(
        check(json!({"check": "stalemate_if_chaos_cannot_capture"})),
        "turn_checks[0]",
        "needs a Chaos seat",
    );
    fails(
        check(json!({"check": "stalemate_if_chaos_cannot_capture"})),
        "turn_checks[0]",
        "a shape that can capture",
    );
    fails(
        check(json!({"check": "last_shape", "shape": "pentagon", "result": "win"})),
        "turn_checks[0].shape",
        "not among the game's shapes",
    );
    fails(
        check(json!({"check": "en_passant"})),
        "turn_checks[0]",
        "pawn_forward_center",
    );
    fails(
        check(json!({"check": "castle"})),
        "turn_checks[0]",
        "rook_orth_castle",
    );
    fails(
        json!({"turn_checks": [{"check": "any_piece", "result": "win"}, {"check": "any_piece", "result": "win"}]}),
        "turn_checks[1]",
        "listed twice",
    );
    passes(json!({"turn_checks": []}));
}

#[test]
fn stalemate_rules() {
    fails(json!({"stalemate": []}), "stalemate", "at least one");
    fails(
        json!({"stalemate": [{"rule": "most", "of": {"measure": "pieces"}, "result": "win"}, {"rule": "draw"}]}),
        "stalemate[1]",
        "\"draw\" decides every player",
    );
    fails(
        json!({"stalemate": [{"rule": "more_than_chaos", "of": {"measure": "pieces"}, "result": "win"}]}),
        "stalemate[0]",
        "needs a Chaos seat",
    );
    fails(
        json!({"stalemate": [{"rule": "less_than_chaos", "of": {"measure": "area"}, "result": "lose"}]}),
        "stalemate[0]",
        "needs a Chaos seat",
    );
    fails(
        json!({"stalemate": [{"rule": "most", "of": {"measure": "lines", "length": 20}, "result": "win"}]}),
        "stalemate[0].of.length",
        "use 2 to 19",
    );
    fails(
        json!({"stalemate": [{"rule": "least", "of": {"measure": "pieces", "shape": "x"}, "result": "lose"}]}),
        "stalemate[0].of.shape",
        "not among",
    );
    fails(
        json!({"stalemate": [{"rule": "last_in_a_row", "length": 5, "result": "win"}]}),
        "stalemate[0].length",
        "longest line possible is 3",
    );
    passes(json!({"players": "two_vs_chaos",
        "shapes": [{"reserves": {"black": 3, "white": 3, "pink": 3}}],
        "stalemate": [{"rule": "more_than_chaos", "of": {"measure": "pieces"}, "result": "win"},
                      {"rule": "less_than_chaos", "of": {"measure": "pieces"}, "result": "lose"}]}));
}

#[test]
fn the_built_in_games_are_valid() {
    for rules in crate::catalogue::all() {
        if let Err(found) = validate(&rules) {
            panic!("{}: {found:#?}", rules.name);
        }
    }
}

#[test]
fn tetrakis_spaces_name_their_triangles() {
    // Triangles 1 to 4 of a square are spaces; a fifth is not.
    passes(
        json!({"board": "tetrakis_squares", "dimensions": [2, 2, 1], "cloaking": "hides",
        "shapes": [{"reserves": {"black": 4, "white": 4}}],
        "phases": [{"locked": ["1,1,3"], "cloaked": ["2,2,4"]}],
        "initial": [{"at": "2,1,2", "color": "black"}]}),
    );
    fails(
        json!({"board": "tetrakis_squares", "dimensions": [2, 2, 1],
            "phases": [{"locked": ["1,1,5"]}]}),
        "phases[0].locked[0]",
        "names no space",
    );
    fails(
        json!({"board": "tetrakis_squares", "dimensions": [2, 2, 2]}),
        "dimensions[2]",
        "one flat layer",
    );
}

#[test]
fn labels_are_checked_and_version_1_files_still_read() {
    passes(json!({"schema_version": 1}));
    passes(json!({"schema_version": 2, "labels": {
        "how_to_play": "Noughts and crosses: three in a row wins.",
        "shapes": {"circle": "nought"},
        "spaces": [{"at": "2,2", "label": "the centre"}],
        "phases": ["Play"]}}));
    fails(
        json!({"labels": {"shapes": {"circle": "nought"}}}),
        "labels",
        "schema_version 2",
    );
    let v2 = |labels: Value| json!({"schema_version": 2, "labels": labels});
    fails(
        v2(json!({"shapes": {"star": "sun"}})),
        "labels.shapes.star",
        "not in play",
    );
    fails(
        v2(json!({"shapes": {"circle": ""}})),
        "labels.shapes.circle",
        "empty",
    );
    fails(
        v2(json!({"shapes": {"circle": "a".repeat(25)}})),
        "labels.shapes.circle",
        "at most 24",
    );
    fails(
        v2(json!({"shapes": {"circle": "white"}})),
        "labels.shapes.circle",
        "colour or shape",
    );
    fails(
        v2(json!({"shapes": {"circle": "pass"}})),
        "labels.shapes.circle",
        "typed for moves",
    );
    fails(
        v2(json!({"shapes": {"circle": "b2"}})),
        "labels.shapes.circle",
        "digits",
    );
    fails(
        v2(json!({"shapes": {"circle": "x-ray"}})),
        "labels.shapes.circle",
        "'-'",
    );
    fails(
        v2(json!({"shapes": {"circle": "*bold*"}})),
        "labels.shapes.circle",
        "not accepted",
    );
    fails(
        v2(json!({"phases": ["One", "Two"]})),
        "labels.phases",
        "at most one name per phase",
    );
    fails(
        v2(json!({"phases": ["line\nbreak"]})),
        "labels.phases[0]",
        "line break",
    );
    fails(
        v2(json!({"spaces": [{"at": "4,4", "label": "far"}]})),
        "labels.spaces[0].at",
        "4,4",
    );
    fails(
        v2(json!({"how_to_play": "a".repeat(701)})),
        "labels.how_to_play",
        "at most 700",
    );
    fails(
        v2(json!({"how_to_play": "Ask @everyone"})),
        "labels.how_to_play",
        "'@'",
    );
    fails(
        json!({"schema_version": 2, "shapes": [
            {"shape": "circle", "reserves": {"black": 5}},
            {"shape": "x", "reserves": {"white": 4}}],
            "labels": {"shapes": {"circle": "Rock", "x": "rock"}}}),
        "labels.shapes.x",
        "another shape too",
    );
}
