//! Fingerprints: two rule sets that differ only by name are the same game.
//!
//! The requirements refuse to save a rule set "identical (except name)" to one
//! already saved. Identical means the same game, not the same file: the
//! fingerprint hashes a canonical form where defaults are written out, lists
//! that are really sets are sorted, and every space reference is expanded to
//! the cells it names, so "all" and the list of every cell agree.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::RuleSet;
use crate::rules::{
    Axis, BoardKind, CaptureCondition, CaptureResult, Chain, Cloaking, Color, ColorMode, FoldRule,
    JumpOver, Movement, NoMove, Order, Players, Power, Repetition, SeatRef, Shape, SpaceRef,
    StalemateRule, Trail, TurnCheck,
};
use crate::validate::{Cell, Extent, chaos_color, starting_pieces};

/// A lowercase hex SHA-256 of the canonical form without the name.
pub fn fingerprint(rules: &RuleSet) -> String {
    let json = serde_json::to_vec(&Canonical::of(rules)).expect("canonical forms serialise");
    Sha256::digest(&json)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[derive(Serialize)]
struct Canonical {
    schema_version: u32,
    players: Players,
    colors: ColorMode,
    #[serde(skip_serializing_if = "crate::rules::is_one")]
    colors_per_seat: u8,
    /// Chaos's actual colour, so naming the default changes nothing.
    chaos_color: Option<Color>,
    cloaking: Cloaking,
    pieces_per_turn: u8,
    seconds_per_turn: u32,
    boards: u8,
    board: BoardKind,
    dimensions: [u8; 3],
    shapes: Vec<CanonicalShape>,
    phases: Vec<CanonicalPhase>,
    sticky: BTreeSet<Cell>,
    /// Each exclusive cell with every seat it is exclusive to (a list of
    /// pairs: JSON object keys must be strings).
    exclusive: Vec<(Cell, BTreeSet<SeatRef>)>,
    initial: Vec<(Cell, Color, Shape)>,
    turn_checks: BTreeSet<TurnCheck>,
    stalemate: BTreeSet<StalemateRule>,
    draw_option: bool,
    overachievers_disqualified: bool,
    // The ending rules, left out at their defaults so that rule sets
    // written before them keep their fingerprints. A stuck seat's fate is
    // kept per phase, where it applies.
    #[serde(skip_serializing_if = "Repetition::is_stalemate")]
    repetition: Repetition,
    #[serde(skip_serializing_if = "Option::is_none")]
    turn_limit: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    quiet_turn_limit: Option<u16>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    lines_at_start: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    hexagon_shaped: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    walls_stop_slides: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pieces_up_to: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    capture_moves_again: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    dice: Option<crate::rules::Dice>,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<crate::rules::Score>,
}

#[derive(Serialize, PartialEq, Eq, PartialOrd, Ord)]
struct CanonicalShape {
    shape: Shape,
    power: Power,
    capture: Option<CaptureCondition>,
    result: Option<CaptureResult>,
    #[serde(skip_serializing_if = "Chain::is_may_stop")]
    chain: Chain,
    #[serde(skip_serializing_if = "JumpOver::is_enemy")]
    jump_over: JumpOver,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    jump_line: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    chain_no_return: bool,
    movement: BTreeSet<Movement>,
    #[serde(skip_serializing_if = "Option::is_none")]
    axis: Option<Axis>,
    #[serde(skip_serializing_if = "Option::is_none")]
    trail: Option<Trail>,
    reserves: BTreeMap<Color, u16>,
}

#[derive(Serialize)]
struct CanonicalPhase {
    order: Order,
    placement_only: bool,
    pass: bool,
    locked_seats: BTreeSet<SeatRef>,
    locked: BTreeSet<Cell>,
    cloaked: BTreeSet<Cell>,
    fold: Option<FoldRule>,
    #[serde(skip_serializing_if = "NoMove::is_pass")]
    no_move: NoMove,
}

impl Canonical {
    fn of(rules: &RuleSet) -> Canonical {
        let extent = Extent::of(rules);
        let cells = |refs: &[SpaceRef]| -> BTreeSet<Cell> {
            refs.iter().flat_map(|r| extent.cells(r)).collect()
        };
        let mut shapes: Vec<CanonicalShape> = rules
            .shapes
            .iter()
            .map(|s| CanonicalShape {
                shape: s.shape,
                power: s.power,
                capture: s.capture,
                result: s.result,
                chain: s.chain,
                jump_over: s.jump_over,
                jump_line: s.jump_line,
                chain_no_return: s.chain_no_return,
                movement: s.movement.iter().copied().collect(),
                axis: s.axis,
                trail: s.trail,
                reserves: s
                    .reserves
                    .iter()
                    .filter(|(_, n)| **n > 0)
                    .map(|(c, n)| (*c, *n))
                    .collect(),
            })
            .collect();
        shapes.sort();
        let mut exclusive: BTreeMap<Cell, BTreeSet<SeatRef>> = BTreeMap::new();
        for ex in &rules.exclusive {
            for cell in cells(&ex.spaces) {
                exclusive
                    .entry(cell)
                    .or_default()
                    .extend(ex.seats.iter().copied());
            }
        }
        Canonical {
            // The form of the canonical JSON, not of the file: version 2
            // added only labels, which are no part of the game.
            schema_version: 1,
            players: rules.players,
            colors: rules.colors,
            colors_per_seat: rules.colors_per_seat,
            chaos_color: chaos_color(rules),
            cloaking: rules.cloaking,
            pieces_per_turn: rules.pieces_per_turn,
            seconds_per_turn: rules.seconds_per_turn,
            boards: rules.boards,
            board: rules.board,
            dimensions: rules.dimensions,
            shapes,
            phases: rules
                .phases
                .iter()
                .map(|p| CanonicalPhase {
                    order: p.order,
                    placement_only: p.placement_only,
                    pass: p.pass,
                    locked_seats: p.locked_seats.iter().copied().collect(),
                    locked: cells(&p.locked),
                    cloaked: cells(&p.cloaked),
                    fold: p.fold,
                    no_move: p.no_move.unwrap_or(rules.no_move),
                })
                .collect(),
            sticky: cells(&rules.sticky),
            exclusive: exclusive.into_iter().collect(),
            initial: starting_pieces(rules).pieces,
            turn_checks: rules.turn_checks.iter().cloned().collect(),
            stalemate: rules.stalemate.iter().cloned().collect(),
            draw_option: rules.draw_option,
            overachievers_disqualified: rules.overachievers_disqualified,
            repetition: rules.repetition,
            turn_limit: rules.turn_limit,
            quiet_turn_limit: rules.quiet_turn_limit,
            lines_at_start: rules.lines_at_start,
            hexagon_shaped: rules.hexagon_shaped,
            walls_stop_slides: rules.walls_stop_slides,
            pieces_up_to: rules.pieces_up_to,
            capture_moves_again: rules.capture_moves_again,
            dice: rules.dice,
            score: rules.score,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    use crate::testing::rules;

    fn fp(extra: Value) -> String {
        fingerprint(&rules(extra))
    }

    #[test]
    fn is_lowercase_hex_sha256() {
        let f = fingerprint(&RuleSet::tic_tac_toe("Tic-Tac-Toe"));
        assert_eq!(f.len(), 64);
        assert!(
            f.chars()
                .all(|c| c.is_ascii_digit() || ('a'..='f').contains(&c))
        );
        assert_eq!(f, fp(json!({})), "the same rules give the same digest");
    }

    #[test]
    fn the_name_does_not_count() {
        assert_eq!(
            fingerprint(&RuleSet::tic_tac_toe("Tic-Tac-Toe")),
            fingerprint(&RuleSet::tic_tac_toe("Noughts-and-Crosses"))
        );
    }

    #[test]
    fn labels_and_the_file_version_do_not_count() {
        let labelled = json!({"schema_version": 2, "labels": {
            "how_to_play": "Three in a row wins.",
            "shapes": {"circle": "nought"},
            "spaces": [{"at": "2,2", "label": "the centre"}],
            "phases": ["Play"]}});
        assert_eq!(fp(labelled), fp(json!({})));
    }

    #[test]
    fn defaults_written_out_change_nothing() {
        let written = json!({"players": "two", "colors": "assigned", "cloaking": "none",
            "pieces_per_turn": 1, "seconds_per_turn": 60, "boards": 1, "board": "hash",
            "dimensions": [3, 3, 1],
            "shapes": [{"shape": "circle", "power": "none", "movement": [], "reserves": {"black": 5, "white": 4}}],
            "phases": [{"order": "sequential", "placement_only": false, "pass": false}],
            "turn_checks": [{"check": "in_a_row", "length": 3, "result": "win", "diagonals": true}],
            "stalemate": [{"rule": "draw"}], "draw_option": false, "overachievers_disqualified": false});
        assert_eq!(fp(written), fp(json!({})));
    }

    #[test]
    fn every_field_counts() {
        let base = fp(json!({}));
        let changes = [
            json!({"players": "three"}),
            json!({"colors": "shared"}),
            json!({"players": "two_vs_chaos"}),
            json!({"cloaking": "hides"}),
            json!({"pieces_per_turn": 2}),
            json!({"seconds_per_turn": 300}),
            json!({"boards": 2}),
            json!({"board": "squares"}),
            json!({"dimensions": [3, 3, 2]}),
            json!({"shapes": [{"reserves": {"black": 5, "white": 3}}]}),
            json!({"shapes": [{"reserves": {"black": 5, "white": 4}, "movement": ["adjacent"]}]}),
            json!({"shapes": [{"shape": "pentagon", "reserves": {"black": 5, "white": 4}}]}),
            json!({"shapes": [{"power": "can", "capture": "cover", "result": "remove",
                "reserves": {"black": 5, "white": 4}}]}),
            json!({"phases": [{"locked": ["2,2"]}]}),
            json!({"phases": [{"cloaked": ["2,2"]}]}),
            json!({"phases": [{"pass": true}]}),
            json!({"phases": [{"order": "simultaneous"}]}),
            json!({"phases": [{"placement_only": true}]}),
            json!({"phases": [{"locked_seats": [2]}]}),
            json!({"phases": [{}, {}]}),
            json!({"phases": [{"fold": "less_than_most_committed"}, {}]}),
            json!({"sticky": ["1,1"]}),
            json!({"exclusive": [{"seats": [1], "spaces": ["1,1"]}]}),
            json!({"initial": [{"at": "2,2", "color": "white"}]}),
            json!({"turn_checks": []}),
            json!({"turn_checks": [{"check": "in_a_row", "length": 3, "result": "lose"}]}),
            json!({"stalemate": [{"rule": "all_win"}]}),
            json!({"draw_option": true}),
            json!({"overachievers_disqualified": true}),
        ];
        let mut seen = BTreeSet::from([base]);
        for change in changes {
            assert!(
                seen.insert(fp(change.clone())),
                "{change} did not change the fingerprint"
            );
        }
    }

    #[test]
    fn chaos_colour_counts_only_when_it_differs_from_the_default() {
        let chaos = |c: Value| {
            let mut v = json!({"players": "two_vs_chaos"});
            if !c.is_null() {
                v["chaos_color"] = c;
            }
            fp(v)
        };
        assert_eq!(chaos(Value::Null), chaos(json!("pink")));
        assert_ne!(chaos(Value::Null), chaos(json!("yellow")));
    }

    #[test]
    fn all_is_the_list_of_every_cell() {
        let every: Vec<String> = (1..=3)
            .flat_map(|x| (1..=3).map(move |y| format!("{x},{y},1")))
            .collect();
        let all = fp(json!({"cloaking": "hides", "phases": [{"cloaked": ["all"]}]}));
        assert_eq!(
            all,
            fp(json!({"cloaking": "hides", "phases": [{"cloaked": every}]}))
        );
        assert_eq!(
            all,
            fp(json!({"cloaking": "hides", "phases": [{"cloaked": ["*", "2,2,1"]}]}))
        );
        // A cell outside the board names nothing.
        assert_eq!(
            fp(json!({"sticky": ["1,1"]})),
            fp(json!({"sticky": ["1,1", "9,9"]}))
        );
    }

    #[test]
    fn sets_ignore_order_and_repeats() {
        assert_eq!(
            fp(json!({"phases": [{"locked_seats": [2, 1]}]})),
            fp(json!({"phases": [{"locked_seats": [1, 2, 1]}]}))
        );
        let a = json!({"turn_checks": [
            {"check": "in_a_row", "length": 3, "result": "win"},
            {"check": "any_piece", "result": "lose"}]});
        let b = json!({"turn_checks": [
            {"check": "any_piece", "result": "lose"},
            {"check": "in_a_row", "length": 3, "result": "win"},
            {"check": "any_piece", "result": "lose"}]});
        assert_eq!(fp(a), fp(b));
        let shapes = |order: [&str; 2]| {
            fp(json!({"shapes": [
                {"shape": order[0], "reserves": {"black": 2}},
                {"shape": order[1], "reserves": {"black": 2}}]}))
        };
        assert_eq!(shapes(["circle", "x"]), shapes(["x", "circle"]));
        assert_eq!(
            fp(
                json!({"shapes": [{"movement": ["knight", "adjacent"], "reserves": {"black": 3, "white": 3}}]})
            ),
            fp(
                json!({"shapes": [{"movement": ["adjacent", "knight"], "reserves": {"black": 3, "white": 3}}]})
            )
        );
        assert_eq!(
            fp(
                json!({"exclusive": [{"seats": [1], "spaces": ["1,1"]}, {"seats": [2], "spaces": ["1,1"]}]})
            ),
            fp(json!({"exclusive": [{"seats": [2, 1], "spaces": ["1,1,1"]}]}))
        );
    }

    #[test]
    fn zero_reserves_are_absent_reserves() {
        assert_eq!(
            fp(json!({"shapes": [{"reserves": {"black": 5, "white": 0}}]})),
            fp(json!({"shapes": [{"reserves": {"black": 5}}]}))
        );
    }

    #[test]
    fn stack_pieces_fill_from_the_bottom_above_locks() {
        let stacks = |initial: Value, locked: Value| {
            fp(json!({"board": "stacks", "dimensions": [2, 1, 4],
                "shapes": [{"reserves": {"black": 2, "white": 2}}, {"shape": "pentagon"}],
                "phases": [{"locked": locked}], "initial": initial}))
        };
        let by_stack = stacks(
            json!([{"at": "1", "color": "white", "count": 2},
                   {"at": "1", "color": "black", "shape": "pentagon"}]),
            json!([]),
        );
        let by_cell = stacks(
            json!([{"at": "1,1,1", "color": "white"}, {"at": "1,1,2", "color": "white"},
                   {"at": "1,1,3", "color": "black", "shape": "pentagon"}]),
            json!([]),
        );
        assert_eq!(by_stack, by_cell);
        // A locked cell counts as filled: the pieces land above it.
        let above_lock = stacks(
            json!([{"at": "2", "color": "white", "count": 2}]),
            json!(["2,1,2"]),
        );
        let explicit = stacks(
            json!([{"at": "2,1,3", "color": "white"}, {"at": "2,1,4", "color": "white"}]),
            json!(["2,1,2"]),
        );
        assert_eq!(above_lock, explicit);
    }

    #[test]
    fn built_in_games_all_differ() {
        let prints: BTreeSet<String> = crate::catalogue::all().iter().map(fingerprint).collect();
        assert_eq!(prints.len(), crate::catalogue::names().len());
    }
}
