//! Random's moves through a run of lean placements: in a phase whose turns
//! are lean (see `Upkeep::lean_turns`), the legal moves are a product of the
//! kinds the mover holds and the open slots, a placement changes nothing
//! but the board, the mover's reserve and the turn, and a turn's end asks
//! nothing but its lines. So a run of them is played without the general
//! move's questions: the draw is made from the product, the placement
//! recorded, the lines of the cells it changed looked at, and the product
//! brought up to date for the next mover. Tic-Tac-Toe, Connect4 and Gomoku
//! spend all their moves here, and most games spend their opening ones.
//!
//! Every move is the one [`crate::random::play_random`] would make from
//! the same random stream, and the state after it is the same (a test
//! plays every catalogue game both ways). Anything else (a pass, a move
//! the engine makes by force, the end of the game) goes the general way.

use rand::{Rng, RngExt};

use super::outcome;
use super::{Move, State};
use crate::rules::{Color, Shape};

impl State {
    /// Plays Random's moves, at most `limit`, while each is drawn from a
    /// lean phase's product; returns how many were played (none where the
    /// position is no such product).
    pub(crate) fn play_lean_run<R: Rng + ?Sized>(&mut self, rng: &mut R, limit: usize) -> usize {
        let mut played = 0;
        while played < limit && self.lean_now() {
            let Some(placing) = self.choices.placing.as_ref() else {
                break;
            };
            let per_slot = placing.held();
            let slots = self.placing_slots();
            let placements = per_slot * slots.len() as u32;
            let others: u32 = self.choices.listed.iter().map(|m| other_weight(*m)).sum();
            let total = placements + others;
            if total == 0 {
                break;
            }
            // The draw of `ChanceOutcomes::sample` on a product (see
            // `interface::sample_placement`), written out here: called
            // from the run instead, Connect4's and Qubic-4's playouts took
            // 8% longer. The lean runs' test holds the two to the same
            // moves from the same random stream.
            let mut pick = rng.random_range(0..total);
            played += 1;
            if pick >= placements {
                // A pass (a draw offer weighs nothing): the general way.
                pick -= placements;
                let mv = self
                    .choices
                    .listed
                    .iter()
                    .copied()
                    .find(|m| {
                        let w = other_weight(*m);
                        let found = pick < w;
                        pick = pick.wrapping_sub(w);
                        found
                    })
                    .expect("the pick falls on a listed move");
                self.decide(mv);
                continue;
            }
            // Most seats hold one piece of each kind they place: no division.
            let (slot, mut within) = match per_slot {
                1 => (pick, 0),
                _ => (pick / per_slot, pick % per_slot),
            };
            let to = self.slot_target(slots.nth(slot as usize));
            let (color, shape) = *placing
                .kinds()
                .iter()
                .find(|&&(color, shape)| {
                    let held = u32::from(self.reserve(color, shape));
                    let found = within < held;
                    within = within.wrapping_sub(held);
                    found
                })
                .expect("the pick falls on a kind held");
            self.place_lean(color, shape, to);
        }
        played
    }

    /// Whether Random's next move is drawn from a lean phase's product.
    #[inline]
    fn lean_now(&self) -> bool {
        self.game.upkeep.lean_turns[self.phase]
            && self.outcome.is_none()
            && self.draw_offered_by().is_none()
            && self.choices.placing.is_some()
    }

    /// What `decide` does for a placement drawn from a lean product: the
    /// placement as `place_quietly` makes it, the turn's end as
    /// `finish_turn` makes it where only lines are asked, and the product
    /// of the next position as `refresh_choices` finds it.
    fn place_lean(&mut self, color: Color, shape: Shape, to: u16) {
        let seat = self.to_move;
        let mv = Move::Place { color, shape, to };
        debug_assert_eq!(self.tactics.extra, 0, "nothing captures");
        self.decisions.push(mv);
        self.record_quiet_placement(color, shape, to, false);
        self.turn_moves.push(mv);
        if self.turn_moves.len() >= usize::from(self.game.rules.pieces_per_turn) {
            self.tactics.chain = None;
            if self.game.upkeep.untold_lines
                && self.turn_made_a_line()
                && let Some(results) = outcome::line_check_results(self, seat)
            {
                self.end_only_board(results, seat, outcome::Decider::TurnChecks);
                return self.play_automatic();
            }
            // A placement's turn never repeats: nothing before it can.
            if !self.seen_turns.is_empty() {
                self.seen_turns.clear();
            }
            self.to_move = self.seat_after(seat);
            self.turn_moves.clear();
            self.changed.clear();
            self.offered_this_turn = false;
        }
        if !self.refresh_lean_choices() {
            self.play_automatic();
        }
    }

    /// Whether a placement of the turn ending completed a line: the turn's
    /// moves are its placements, and the cells it changed their cells.
    fn turn_made_a_line(&self) -> bool {
        self.turn_moves.iter().any(|mv| match *mv {
            Move::Place { color, to, .. } => outcome::placement_made_a_line(self, to, color),
            _ => true,
        })
    }

    /// The product of the seat to move, brought up to date; false where it
    /// has at most one move, which the engine plays (see `play_automatic`).
    fn refresh_lean_choices(&mut self) -> bool {
        if !self.refill_product() {
            return false;
        }
        self.list_beside_product();
        self.choice_count() > 1
    }
}

/// Random's weight of a listed move beside a product: a pass 1, a draw
/// offer nothing (as `ChanceOutcomes` weighs them).
fn other_weight(mv: Move) -> u32 {
    match mv {
        Move::OfferDraw => 0,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;
    use serde_json::json;

    use crate::testing::{catalogue_game, game};
    use crate::{Game, State, catalogue};

    /// Invented rule sets whose placements are lean in ways the catalogue's
    /// are not: a pass beside them, two pieces a turn, draw offers, three
    /// seats of shared colours, spaces closed to a seat, stacks, no checks,
    /// and a placement phase before a moving one.
    fn invented() -> Vec<std::sync::Arc<Game>> {
        vec![
            game(json!({"phases": [{"pass": true}], "board": "squares", "dimensions": [4, 4, 1]})),
            game(
                json!({"pieces_per_turn": 2, "board": "squares", "dimensions": [6, 6, 1],
                        "turn_checks": [{"check": "in_a_row", "length": 4, "result": "win"}]}),
            ),
            game(
                json!({"draw_option": true, "players": "three", "board": "squares",
                        "dimensions": [5, 5, 1]}),
            ),
            game(json!({"players": "three", "colors": "shared",
                        "shapes": [{"reserves": {"black": 9}}]})),
            game(json!({"board": "squares", "dimensions": [4, 4, 1],
                        "exclusive": [{"seats": [2], "spaces": ["3,3", "3,2"]}]})),
            game(json!({"board": "stacks", "dimensions": [5, 1, 4],
                        "turn_checks": [{"check": "in_a_row", "length": 3, "result": "lose"}]})),
            game(json!({"turn_checks": [], "board": "squares", "dimensions": [4, 4, 1]})),
            game(
                json!({"shapes": [{"movement": ["adjacent"], "reserves": {"black": 3, "white": 3}}],
                        "phases": [{"placement_only": true}, {}]}),
            ),
        ]
    }

    /// What two states of one match must agree on.
    fn assert_same(lean: &State, general: &State, what: &str) {
        assert_eq!(lean.history(), general.history(), "{what}: history");
        assert_eq!(lean.decisions(), general.decisions(), "{what}: decisions");
        assert_eq!(lean.to_move(), general.to_move(), "{what}: to move");
        assert_eq!(lean.phase(), general.phase(), "{what}: phase");
        assert_eq!(
            lean.position_key(),
            general.position_key(),
            "{what}: position"
        );
        assert_eq!(
            lean.moves_this_turn(),
            general.moves_this_turn(),
            "{what}: turn"
        );
        assert_eq!(
            lean.legal_actions(),
            general.legal_actions(),
            "{what}: moves"
        );
        assert_eq!(lean.choice_count(), general.choice_count(), "{what}: count");
        assert_eq!(lean.results(), general.results(), "{what}: results");
        assert_eq!(
            lean.changed, general.changed,
            "{what}: cells changed this turn"
        );
        assert_eq!(lean.flags, general.flags, "{what}: the pieces' flags");
        assert_eq!(
            lean.offered_this_turn, general.offered_this_turn,
            "{what}: offered"
        );
        let seen = |s: &State| s.seen_turns.is_empty();
        assert_eq!(seen(lean), seen(general), "{what}: turns seen");
    }

    #[test]
    fn lean_runs_play_the_moves_and_reach_the_states_of_the_general_way() {
        let games = catalogue::names().into_iter().map(catalogue_game);
        let mut lean_games = 0;
        for game in games.chain(invented()) {
            let name = &game.rules.name;
            lean_games += usize::from(game.upkeep.lean_turns.iter().any(|l| *l));
            for seed in 0..12u64 {
                let mut lean = game.start_seeded(seed);
                let mut general = lean.clone();
                let mut lean_rng = Xoshiro256PlusPlus::seed_from_u64(seed);
                let mut general_rng = lean_rng.clone();
                let mut ply = 0;
                while !lean.is_finished() {
                    // Runs of a few moves, so the states are compared midway.
                    let limit = 1 + (ply % 3);
                    let mut played = lean.play_lean_run(&mut lean_rng, limit);
                    if played == 0 {
                        assert!(crate::random::play_random(&mut lean, &mut lean_rng));
                        played = 1;
                    }
                    for _ in 0..played {
                        assert!(crate::random::play_random(&mut general, &mut general_rng));
                    }
                    ply += played;
                    assert_same(&lean, &general, &format!("{name}, seed {seed}, ply {ply}"));
                }
                assert!(general.is_finished(), "{name}");
            }
        }
        assert!(lean_games >= 12, "{lean_games} games have lean placements");
    }

    #[test]
    fn only_placements_that_ask_nothing_but_lines_are_lean() {
        for name in [
            "Tic-Tac-Toe",
            "Connect4",
            "Qubic-4",
            "5on15sq",
            "Connect6-19x19",
        ] {
            assert_eq!(catalogue_game(name).upkeep.lean_turns, [true], "{name}");
        }
        // Stones that move after their placement: the placements are lean.
        let moving = game(
            json!({"shapes": [{"movement": ["adjacent"], "reserves": {"black": 3, "white": 3}}],
                                 "phases": [{"placement_only": true}, {}]}),
        );
        assert_eq!(moving.upkeep.lean_turns, [true, false]);
        // Hidden pieces, a line remembered for the stalemate, a capture.
        for fields in [
            json!({"cloaking": "hides", "phases": [{"cloaked": ["1,1"]}]}),
            json!({"stalemate": [{"rule": "last_in_a_row", "length": 2, "result": "win"}]}),
            json!({"shapes": [{"power": "can", "capture": "cover", "result": "remove",
                          "reserves": {"black": 5, "white": 5}}]}),
        ] {
            assert_eq!(game(fields.clone()).upkeep.lean_turns, [false], "{fields}");
        }
    }
}
