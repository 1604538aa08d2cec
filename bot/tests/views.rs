//! Hidden information never leaks into a view: over random playouts of
//! cloaked games, no `PublicView` or `PlayerView` shows a piece its viewer may
//! not see, and every piece the rules say a viewer sees is there.
//!
//! The test keeps its own witness of what each seat may know, from the public
//! history and the board, independent of the engine's knowledge flags.

use std::collections::HashSet;
use std::sync::Arc;

use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use redscience_engine::game::{GameState, Seen, SpaceView, View};
use redscience_engine::random::random_move;
use redscience_engine::rules::{Cloaking, Color, Shape};
use redscience_engine::testing::{game, played, rules};
use redscience_engine::text::board_text;
use redscience_engine::{Game, Move, RuleSet, State, catalogue};

/// Cloaked games: the catalogue's and a few built here.
fn cloaked_games() -> Vec<Arc<Game>> {
    let mut all: Vec<RuleSet> = catalogue::all();
    all.push(rules(
        serde_json::json!({"name": "HiddenTTT", "cloaking": "hides",
        "phases": [{"cloaked": ["all"]}]}),
    ));
    all.push(rules(serde_json::json!({"name": "HiddenEdges", "cloaking": "hides", "board": "squares",
        "dimensions": [4, 4, 1], "phases": [{"cloaked": ["1", "4", "*,1", "*,4"], "locked": ["1,1", "4,4"]}],
        "shapes": [{"movement": ["adjacent"], "reserves": {"black": 3, "white": 3}}],
        "turn_checks": [{"check": "in_a_row", "length": 3, "result": "win"}]})));
    all.push(rules(
        serde_json::json!({"name": "ObscuredFour", "cloaking": "obscures", "board": "squares",
        "dimensions": [4, 4, 1], "phases": [{"cloaked": ["all"]}],
        "shapes": [{"shape": "circle", "reserves": {"black": 4, "white": 4}},
                   {"shape": "x", "movement": ["linear"], "reserves": {"black": 2, "white": 2}}],
        "turn_checks": [{"check": "in_a_row", "length": 4, "result": "win"}]}),
    ));
    all.push(rules(
        serde_json::json!({"name": "HiddenConnect", "cloaking": "hides", "board": "stacks",
        "dimensions": [4, 1, 4], "phases": [{"cloaked": ["all"]}],
        "shapes": [{"reserves": {"black": 8, "white": 8}}],
        "turn_checks": [{"check": "in_a_row", "length": 3, "result": "win"}]}),
    ));
    // Moving pieces under cloak on the boards with their own neighbours:
    // blocked slides reveal along hex lines, wrapping rows and tetrakis strips.
    all.push(rules(
        serde_json::json!({"name": "HiddenHexSlides", "cloaking": "hides", "board": "hexagons",
        "dimensions": [4, 4, 1], "phases": [{"cloaked": ["all"], "locked": ["2,3"]}],
        "shapes": [{"movement": ["linear"], "reserves": {"black": 4, "white": 4}}],
        "turn_checks": [{"check": "in_a_row", "length": 4, "result": "win"}]}),
    ));
    all.push(rules(
        serde_json::json!({"name": "ObscuredToroidJumps", "cloaking": "obscures",
        "board": "squares_on_toroid", "dimensions": [4, 4, 1], "phases": [{"cloaked": ["1,*", "2,*"]}],
        "shapes": [{"shape": "cross", "power": "can", "capture": "jump", "result": "remove",
            "movement": ["orthogonal"], "reserves": {"black": 3, "white": 3}},
            {"shape": "x", "movement": ["forward_orth"], "reserves": {"black": 2, "white": 2}}],
        "turn_checks": [{"check": "in_a_row", "length": 4, "result": "win"}]}),
    ));
    all.push(rules(
        serde_json::json!({"name": "HiddenTetrakis", "cloaking": "hides", "board": "tetrakis_squares",
        "dimensions": [3, 3, 1], "phases": [{"cloaked": ["all"]}],
        "shapes": [{"power": "can", "capture": "surround_line", "result": "convert",
            "movement": ["adjacent"], "reserves": {"black": 5, "white": 5}}],
        "turn_checks": [{"check": "in_a_row", "length": 4, "result": "win"}]}),
    ));
    // The Factory's options of issue 23 under cloak: jumps over anyone's
    // pieces and over lines, chains that never return, another move after
    // a capture, turns of 1 to 3 pieces, walls that stop slides, an axis,
    // goals, a full board, a move limit and a stuck seat that loses.
    all.push(rules(
        serde_json::json!({"name": "HiddenHops", "cloaking": "hides", "board": "squares",
        "dimensions": [5, 5, 1], "pieces_per_turn": 3, "pieces_up_to": true,
        "capture_moves_again": true, "walls_stop_slides": true, "no_move": "lose",
        "turn_limit": 120,
        "phases": [{"cloaked": ["*,2", "*,3", "*,4"], "locked": ["3,3"]}],
        "shapes": [{"shape": "circle", "power": "can", "capture": "chain_jump", "result": "convert",
            "jump_over": "any", "jump_line": true, "chain_no_return": true,
            "movement": ["adjacent"], "reserves": {"black": 4, "white": 4}},
            {"shape": "x", "movement": ["orthogonal"], "axis": "columns",
             "reserves": {"black": 2, "white": 2}}],
        "turn_checks": [{"check": "reach_goal", "result": "win"},
                        {"check": "stalemate_if_board_full"}]}),
    ));
    all.push(rules(
        serde_json::json!({"name": "ObscuredLongLines", "cloaking": "obscures", "board": "squares",
        "dimensions": [7, 3, 1], "lines_at_start": true, "quiet_turn_limit": 30,
        "repetition": "draw",
        "phases": [{"cloaked": ["all"]}],
        "initial": [{"at": "1,1", "color": "black"}, {"at": "7,3", "color": "white"}],
        "shapes": [{"shape": "circle", "power": "can", "capture": "jump", "result": "leave",
            "jump_over": "own", "movement": ["adj_orthogonal"],
            "reserves": {"black": 8, "white": 8}}],
        "turn_checks": [{"check": "in_a_row", "length": 7, "result": "win", "diagonals": false},
                        {"check": "stalemate_if_board_full"}]}),
    ));
    all.into_iter()
        .filter(|r| r.cloaking != Cloaking::None)
        .map(|r| Game::new(r.clone()).unwrap_or_else(|p| panic!("{}: {p:?}", r.name)))
        .collect()
}

/// What a seat may legitimately know of cells under cloak, kept from the history.
struct Witness {
    /// Per seat: cells whose current piece it placed, moved there, covered,
    /// ran into, or saw uncloaked.
    known: Vec<HashSet<u16>>,
    /// The piece each cell held when last looked at.
    last: Vec<Option<(Color, Shape)>>,
}

impl Witness {
    fn new(state: &State) -> Witness {
        let cells = state.game().geometry.cell_count();
        let mut w = Witness {
            known: vec![HashSet::new(); state.game().seats.len()],
            last: vec![None; cells],
        };
        w.observe(state, 0);
        w
    }

    /// Takes in the history from entry `from` on, then the board as it is now.
    fn observe(&mut self, state: &State, from: usize) {
        let geo = &state.game().geometry;
        let names: Vec<String> = (0..geo.cell_count() as u16).map(|c| geo.name(c)).collect();
        for (i, applied) in state.history().iter().enumerate().skip(from) {
            let seat = applied.seat();
            match applied.mv {
                Move::Place { to, .. } | Move::Step { to, .. } => {
                    // The mover knows its landing stack or cell, and what it covered there.
                    let column = geo.columns()[geo.column_of(to)].clone();
                    self.known[seat].extend(column);
                    if let Move::Step { from, .. } = applied.mv {
                        for k in &mut self.known {
                            if k.contains(&from) {
                                k.insert(to);
                            }
                        }
                    }
                }
                _ => {}
            }
            // A blocked attempt reveals the cells it names.
            if let Some((_, rest)) = state.move_words(i).split_once("blocked at ") {
                for (c, name) in names.iter().enumerate() {
                    if rest.contains(name.as_str()) {
                        self.known[seat].insert(c as u16);
                    }
                }
            }
        }
        for cell in 0..geo.cell_count() as u16 {
            let now = state.piece_at(cell);
            if now != self.last[cell as usize] {
                // A different piece: what was known of the old one no longer holds,
                // except for the movers credited above.
                self.last[cell as usize] = now;
            }
            // A piece a seat can move is fully seen by it, and stays seen
            // after a capture converts it to another colour.
            if let Some((color, shape)) = now {
                let game = state.game();
                let mobile = game
                    .rules
                    .shape_rules(shape)
                    .is_some_and(|s| !s.movement.is_empty());
                for (seat, k) in self.known.iter_mut().enumerate() {
                    if mobile && game.seats[seat].controls(color) {
                        k.insert(cell);
                    }
                }
            }
            if now.is_some() && !state.is_cloaked(cell) {
                for k in &mut self.known {
                    k.insert(cell);
                }
            }
        }
    }

    fn may_see(&self, state: &State, seat: usize, cell: u16, color: Color, shape: Shape) -> bool {
        let game = state.game();
        let mine = game.seats[seat].controls(color);
        let mobile = game
            .rules
            .shape_rules(shape)
            .is_some_and(|s| !s.movement.is_empty());
        !state.is_cloaked(cell)
            || self.known[seat].contains(&cell)
            || mine && (mobile || game.rules.cloaking == Cloaking::Obscures)
            // Initial pieces of the seat's own colour may have been fully seen
            // from the start of an uncloaked phase; pieces keep being known.
            || mine && game.rules.phases.iter().any(|p| p.cloaked.is_empty())
    }
}

fn check(state: &State, witness: &Witness) -> Result<(), String> {
    let game = state.game();
    let cloaking = game.rules.cloaking;
    let any_cloaked = (0..game.geometry.cell_count() as u16).any(|c| state.is_cloaked(c));
    let public = state.public_view();
    let seats: Vec<_> = (0..game.seats.len())
        .map(|s| state.player_view(s))
        .collect();
    let mut views: Vec<(Option<usize>, &View)> = vec![(None, &public)];
    views.extend(seats.iter().enumerate().map(|(s, v)| (Some(s), &**v)));
    for (viewer, view) in views {
        for cell in 0..game.geometry.cell_count() as u16 {
            let truth = state.piece_at(cell);
            let seen = view.seen(cell);
            let cloaked = state.is_cloaked(cell);
            match seen {
                Seen::Piece(c, s) => {
                    if truth != Some((c, s)) {
                        return Err(format!(
                            "{viewer:?} sees {c:?} {s:?} at {cell}, truth {truth:?}"
                        ));
                    }
                    let allowed = match viewer {
                        None => !cloaked,
                        Some(v) => witness.may_see(state, v, cell, c, s),
                    };
                    if !allowed {
                        return Err(format!("{viewer:?} sees hidden {c:?} {s:?} at cell {cell}"));
                    }
                }
                Seen::Obscured(c) => {
                    if cloaking != Cloaking::Obscures || truth.map(|p| p.0) != Some(c) {
                        return Err(format!(
                            "{viewer:?} sees obscured {c:?} at {cell}, truth {truth:?}"
                        ));
                    }
                }
                Seen::Wall => {
                    if !state.is_locked(cell) || truth.is_some() {
                        return Err(format!(
                            "{viewer:?} sees a wall at {cell} that is not there"
                        ));
                    }
                    if cloaked && viewer.is_none() {
                        return Err(format!("the public sees a cloaked wall at {cell}"));
                    }
                }
                Seen::Empty => {
                    // Completeness: what stands uncloaked is seen by all.
                    if let Some(p) = truth
                        && !cloaked
                    {
                        return Err(format!("{viewer:?} misses {p:?} on uncloaked cell {cell}"));
                    }
                    if let (Some((c, _)), true) = (truth, cloaking == Cloaking::Obscures) {
                        return Err(format!(
                            "{viewer:?} misses the colour {c:?} at {cell} under obscurity"
                        ));
                    }
                }
            }
        }
        // Reserves: only one's own while any space is cloaked.
        if any_cloaked {
            for (color, _, _) in view.reserves() {
                let own = viewer.is_some_and(|v| game.seats[v].controls(*color));
                if !own {
                    return Err(format!(
                        "{viewer:?} sees {color:?} reserves while spaces are cloaked"
                    ));
                }
            }
        }
    }
    // Every piece a seat placed, still where it put it, is in that seat's view.
    for (i, applied) in state.history().iter().enumerate() {
        if let Move::Place { color, shape, to } = applied.mv
            && !state.move_words(i).contains("blocked")
            && state.piece_at(to) == Some((color, shape))
            && game.geometry.kind != redscience_engine::rules::BoardKind::Stacks
            && !state
                .history()
                .since(i + 1)
                .any(|a| matches!(a.mv, Move::Step { from, to: t } if from == to || t == to))
        {
            let seen = state.player_view(applied.seat()).seen(to);
            if seen != Seen::Piece(color, shape) {
                return Err(format!(
                    "seat {} does not see the piece it placed at {to}: {seen:?}",
                    applied.seat()
                ));
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn no_view_shows_what_its_viewer_may_not_see(seed in any::<u64>()) {
        let games = cloaked_games();
        prop_assert!(games.len() >= 4, "the cloaked games compile");
        for game in games {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut state = game.start_seeded(seed);
            let mut witness = Witness::new(&state);
            let mut seen_history = 0;
            let mut steps = 0;
            while let Some(mv) = random_move(&state, &mut rng) {
                state.apply(mv).map_err(|e| TestCaseError::fail(format!("{}: {e}", game.rules.name)))?;
                witness.observe(&state, seen_history);
                seen_history = state.history().len();
                if let Err(e) = check(&state, &witness) {
                    return Err(TestCaseError::fail(format!("{} after {steps} moves: {e}", game.rules.name)));
                }
                steps += 1;
                prop_assert!(steps < 5_000, "{} ends", game.rules.name);
            }
        }
    }
}

#[test]
fn a_spectator_sees_the_same_whatever_the_hidden_pieces_are() {
    let game = game(serde_json::json!({"name": "HiddenTTT", "cloaking": "hides",
        "phases": [{"cloaked": ["1,*", "2,*"]}]}));
    let a = played(&game, &["1,1", "3,3"]);
    let b = played(&game, &["2,2", "3,3"]);
    assert_ne!(board_text(&a), board_text(&b), "the hidden pieces differ");
    assert_eq!(a.public_view(), b.public_view());
    assert_eq!(
        a.player_view(1),
        b.player_view(1),
        "white cannot tell where black hid"
    );
}

/// Catalogue games with something hidden during play: cloaked spaces, or
/// sealed plans in simultaneous rounds.
fn games_with_secrets() -> Vec<Arc<Game>> {
    catalogue::all()
        .into_iter()
        .filter(|r| {
            r.cloaking != Cloaking::None
                || r.phases
                    .iter()
                    .any(|p| p.order != redscience_engine::rules::Order::Sequential)
        })
        .map(|r| Game::new(r.clone()).unwrap_or_else(|p| panic!("{}: {p:?}", r.name)))
        .collect()
}

/// Every space as it truly is, unhazed, read from the state itself.
fn true_spaces(state: &State) -> Vec<SpaceView> {
    (0..state.game().geometry.cell_count() as u16)
        .map(|c| SpaceView {
            seen: match state.piece_at(c) {
                Some((color, shape)) => Seen::Piece(color, shape),
                None if state.is_locked(c) => Seen::Wall,
                None => Seen::Empty,
            },
            cloaked: false,
        })
        .collect()
}

/// Every seat's reserves, as (colour, shape, count) with count above 0,
/// colour by colour.
fn true_reserves(state: &State) -> Vec<(Color, Shape, u16)> {
    let shapes: Vec<Shape> = state.game().rules.shapes.iter().map(|s| s.shape).collect();
    Color::ALL
        .iter()
        .flat_map(|&c| shapes.iter().map(move |&s| (c, s)))
        .map(|(c, s)| (c, s, state.reserve(c, s)))
        .filter(|r| r.2 > 0)
        .collect()
}

/// Where `view` differs from the truth of `state`: the first space, or
/// the reserves.
fn hidden(view: &View, state: &State) -> Option<String> {
    let truth = true_spaces(state);
    let space = (0..truth.len()).find(|&c| view.spaces()[c] != truth[c]);
    let reserves = true_reserves(state);
    match space {
        Some(c) => Some(format!(
            "space {c}: {:?}, truth {:?}",
            view.spaces()[c],
            truth[c]
        )),
        None if view.reserves() != reserves => Some(format!(
            "reserves {:?}, truth {:?}",
            view.reserves(),
            reserves
        )),
        None => None,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn once_the_match_is_over_every_view_is_the_truth(seed in any::<u64>()) {
        let games = games_with_secrets();
        prop_assert!(games.len() >= 10, "the catalogue has hidden and simultaneous games");
        for game in games {
            let name = &game.rules.name;
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut state = game.start_seeded(seed);
            let mut steps = 0;
            while let Some(mv) = random_move(&state, &mut rng) {
                state.apply(mv).map_err(|e| TestCaseError::fail(format!("{name}: {e}")))?;
                steps += 1;
                prop_assert!(steps < 5_000, "{} ends", name);
            }
            prop_assert!(state.is_terminal(), "{} ended", name);
            let full: Vec<String> = (0..state.history().len()).map(|i| state.move_words(i)).collect();
            let public = state.public_view();
            prop_assert!(
                public.spaces().iter().all(|s| !s.cloaked),
                "{}: no haze is left on the final board", name
            );
            prop_assert_eq!(hidden(&public, &state), None, "{}: the public view", name);
            prop_assert_eq!(&state.history_for(None), &full, "{}: public history", name);
            for seat in 0..game.seats.len() {
                let view = state.player_view(seat);
                prop_assert_eq!(hidden(&view, &state), None, "{}: seat {}'s view", name, seat + 1);
                prop_assert_eq!(&state.history_for(Some(seat)), &full, "{}: seat {}'s history", name, seat + 1);
            }
        }
    }
}

#[test]
fn an_agreed_draw_in_a_sealed_round_shows_the_plans_made() {
    // A plan is sealed while the round is under way; the draw agreed after
    // it ends the match before the round resolves, and the plan is shown.
    let game = game(
        serde_json::json!({"name": "SealedDraw", "board": "squares", "dimensions": [3, 1, 1],
        "draw_option": true, "phases": [{"order": "simultaneous"}],
        "shapes": [{"reserves": {"black": 1, "white": 1}}],
        "stalemate": [{"rule": "most", "of": {"measure": "pieces"}, "result": "win"}]}),
    );
    let mut state = played(&game, &["1,1"]);
    assert_eq!(state.history_for(Some(1)), vec!["(a sealed plan)"]);
    state = played(&game, &["1,1", "draw", "agree"]);
    assert!(state.is_terminal(), "the draw was agreed");
    assert_eq!(state.history_for(Some(1))[0], "Black circle to (1,1)");
    assert_eq!(state.history_for(None)[0], "Black circle to (1,1)");
}
