//! Random's moves through a run of lean moves where pieces move once
//! placed (Tapatan, Achi, Nine Holes and people's variants of them): in a
//! phase whose moves are placements from a reserve and steps of pieces on
//! a board of at most 64 cells, where nothing captures and a turn's end
//! asks nothing but its lines and whether the turn repeats (see
//! [`lean_move_phases`]), a run of Random's moves is played apart from the
//! state, on a copy of its board, reserves and repetition memory
//! ([`MoveRun`]). Each position's moves are counted from bit masks (the
//! open cells, and each movable piece's reach from the step tables)
//! instead of being listed, and the draw picks the same move as walking
//! the state's list would.
//!
//! Every move is the one [`crate::random::play_random`] would make from
//! the same random stream. A playout wanting only its results stops where
//! a line, or a repeated turn in the last phase, ends the game; otherwise
//! the state makes the run's moves by deciding them, the general way
//! ([`MoveRun::settle`]).

use rand::{Rng, RngExt};

use super::board::Board;
use super::choices::{kind_at, pieces_held};
use super::reserves::Reserves;
use super::seen_turns::SeenTurns;
use super::{Game, Move, SeatResult, State, outcome, pack, unpack};
use crate::rules::{BoardKind, Cloaking, Order, TurnCheck};

use super::lean_run::RunStop;

/// The cells of at most 64 a step may leave, per seat, in each phase whose
/// moves a [`MoveRun`] can play; empty for the other phases. A phase
/// qualifies where pieces move by the step tables (a flat board of at
/// most 64 cells, nothing captures, nothing cloaked), turns come one move
/// at a time to one seat, no pass or draw offer is ever a choice, no step
/// promotes, a placed turn never repeats (reserves only fall), and a
/// turn's end asks nothing but the in-a-row checks of the only board and
/// whether the turn repeats: no seat sits out, no line or shape is
/// remembered, Chaos's capture is not tested.
pub(crate) fn lean_move_phases(game: &Game) -> Vec<Vec<u64>> {
    let rules = &game.rules;
    let upkeep = &game.upkeep;
    let Some(table) = &game.pieces.step_table else {
        return vec![Vec::new(); game.phases.len()];
    };
    let game_wide = game.geometry.kind != BoardKind::Stacks
        && game.geometry.boards == 1
        && rules.cloaking == Cloaking::None
        && rules.pieces_per_turn == 1
        && !rules.draw_option
        && !rules.overachievers_disqualified
        && game.pieces.nothing_captures
        && !upkeep.captures
        && !upkeep.remembers_lines
        && !upkeep.tracks_shape_holders
        && !upkeep.chaos_capture_check
        && !upkeep.seats_sit_out
        && (upkeep.untold_lines || !upkeep.board_checks)
        && rules
            .turn_checks
            .iter()
            .all(|c| matches!(c, TurnCheck::InARow { .. }))
        && (game.goals.promotions.is_empty() || !game.goals.forward_only.contains(&true))
        && game.pieces.movement.iter().any(|m| !m.is_empty());
    let sticky = game
        .spaces
        .sticky
        .iter()
        .enumerate()
        .filter(|&(_, &s)| s)
        .fold(0u64, |bits, (cell, _)| bits | 1 << cell);
    (game.phases.iter().zip(&rules.phases).enumerate())
        .map(|(p, (compiled, phase))| {
            let lean = game_wide
                && !compiled.placement_only
                && !phase.pass
                && phase.order == Order::Sequential;
            match lean {
                true => (0..game.seats.len())
                    .map(|seat| table.free(p, seat, 0) & !sticky)
                    .collect(),
                false => Vec::new(),
            }
        })
        .collect()
}

/// A run of lean moves played apart from the state: its board (keyed, for
/// the repetition rule), reserves, turn and repetition memory copied from
/// it, and Random's moves made on the copy with none of the state's other
/// records. Reused from playout to playout, so a run allocates nothing once
/// its buffers have grown.
#[derive(Debug, Default)]
pub(crate) struct MoveRun {
    board: Board,
    reserves: Reserves,
    phase: usize,
    to_move: usize,
    seen: SeenTurns,
    /// The run's moves in order, each with whether the engine made it (the
    /// seat's only move).
    made: Vec<(Move, bool)>,
    /// The mover's movable pieces with moves, and the cells each reaches.
    reaches: Vec<(u16, u64)>,
    /// Once the game is decided, every seat's result.
    results: Vec<SeatResult>,
}

/// The moves of the seat to move, counted from bit masks.
struct Counted {
    /// The open cells it may place on (none where it holds nothing).
    open: u64,
    /// How many kinds it holds, and how many pieces of them.
    kinds: u32,
    pieces: u32,
    /// How many steps its pieces have.
    steps: u32,
}

impl MoveRun {
    /// Copies the position of `state` where Random's next move there is in
    /// a phase a run can play; false otherwise.
    pub(crate) fn load(&mut self, state: &State) -> bool {
        let game = state.game();
        if game.runs.moves[state.position.phase()].is_empty()
            || state.outcome.is_some()
            || !state.position.turn_moves.is_empty()
            || state.standings.left != 0
        {
            return false;
        }
        self.board.clone_from(&state.position.board);
        self.reserves.clone_from(&state.position.reserves);
        self.phase = state.position.phase();
        self.to_move = state.position.to_move();
        self.seen.clone_from(&state.seen_turns);
        self.made.clear();
        true
    }

    /// Every seat's result, where the run stopped at a decided end.
    pub(crate) fn results(&self) -> &[SeatResult] {
        &self.results
    }

    /// Plays Random's moves from the loaded position, at most `limit`, as
    /// the state plays them: the same draws from `rng`, the same moves, the
    /// engine's lone moves made for it. Returns how many it played (drew), and why
    /// it stopped: a line or a repeated turn of the last phase that
    /// decided the game, the limit, or a position the state must play (a
    /// seat with no move, or a repeated turn that ends a phase).
    pub(crate) fn play<R: Rng + ?Sized>(
        &mut self,
        game: &Game,
        rng: &mut R,
        limit: usize,
    ) -> (usize, RunStop) {
        let mut played = 0;
        while played < limit {
            let counted = self.count(game);
            let choices = counted.kinds * counted.open.count_ones() + counted.steps;
            let (mv, automatic) = match choices {
                0 => return (played, RunStop::Handover),
                1 => (self.only_move(game, &counted), true),
                _ => {
                    // The draw of `ChanceOutcomes::sample`: a placement
                    // weighs the pieces held of its kind, a step 1.
                    let placements = counted.pieces * counted.open.count_ones();
                    let pick = rng.random_range(0..placements + counted.steps);
                    (self.picked(game, &counted, pick, placements), false)
                }
            };
            // As `play_random` counts: the engine's own moves are not played.
            played += usize::from(!automatic);
            if let Some(stop) = self.make(game, mv, automatic) {
                return (played, stop);
            }
        }
        (played, RunStop::Limit)
    }

    /// Counts the moves of the seat to move, keeping its pieces' reaches.
    #[inline]
    fn count(&mut self, game: &Game) -> Counted {
        let table = game
            .pieces
            .step_table
            .as_ref()
            .expect("a lean phase has step tables");
        let board = &self.board;
        let reserves = &self.reserves;
        let seat = self.to_move;
        let occupied = board.occupied_word();
        let free = table.free(self.phase, seat, occupied);
        let (pieces, kinds) = pieces_held(game, reserves, seat);
        let kinds = kinds as u32;
        let mut mine =
            board.colours_word(game.seats[seat].controls) & game.runs.moves[self.phase][seat];
        self.reaches.clear();
        let mut steps = 0;
        while mine != 0 {
            let from = mine.trailing_zeros() as u16;
            mine &= mine - 1;
            let (color, shape) = unpack(board[usize::from(from)]).expect("a piece");
            if game.pieces.movement[shape.index()].is_empty() || reserves.get(color, shape) > 0 {
                continue;
            }
            let reach = table.shape_reach((seat, from), shape.index(), occupied, free);
            if reach != 0 {
                steps += reach.count_ones();
                self.reaches.push((from, reach));
            }
        }
        Counted {
            open: if kinds > 0 { free } else { 0 },
            kinds,
            pieces,
            steps,
        }
    }

    /// The only move, where the mover has one.
    fn only_move(&self, game: &Game, counted: &Counted) -> Move {
        match counted.open {
            0 => {
                let &(from, reach) = self.reaches.first().expect("one step");
                let to = reach.trailing_zeros() as u16;
                Move::Step { from, to }
            }
            open => {
                let (color, shape) = kind_at(game, &self.reserves, self.to_move, 0);
                let to = open.trailing_zeros() as u16;
                Move::Place { color, shape, to }
            }
        }
    }

    /// The move at `pick` in the state's list, each weighted as Random
    /// weighs it: open cells in order, on each every kind held as many
    /// times as it is held (`placements` in all), then each piece's steps
    /// in order of its cell and then of the cell it reaches.
    fn picked(&self, game: &Game, counted: &Counted, pick: u32, placements: u32) -> Move {
        if pick < placements {
            let (slot, within) = (pick / counted.pieces, pick % counted.pieces);
            let to = nth_bit(counted.open, slot);
            let (color, shape) = kind_at(game, &self.reserves, self.to_move, within);
            return Move::Place { color, shape, to };
        }
        let mut pick = pick - placements;
        for &(from, reach) in &self.reaches {
            let here = reach.count_ones();
            if pick < here {
                return Move::Step {
                    from,
                    to: nth_bit(reach, pick),
                };
            }
            pick -= here;
        }
        unreachable!("the pick falls on a move")
    }

    /// Makes `mv` and ends its turn as `finish_turn` does: its lines, then
    /// whether the turn repeats; the stop where the game (or the state's
    /// part) begins.
    fn make(&mut self, game: &Game, mv: Move, automatic: bool) -> Option<RunStop> {
        self.made.push((mv, automatic));
        let mover = self.to_move;
        let board = &mut self.board;
        let reserves = &mut self.reserves;
        let (to, color, turn_key) = match mv {
            Move::Place { color, shape, to } => {
                board.set(usize::from(to), pack(color, shape));
                reserves.take_one(color, shape);
                // A placement's turn never repeats (reserves only fall).
                (to, color, None)
            }
            Move::Step { from, to } => {
                let start = State::key_of(board, reserves, self.phase);
                board.shift(usize::from(from), usize::from(to));
                let (color, _) = unpack(board[usize::from(to)]).expect("a piece steps");
                (
                    to,
                    color,
                    Some(super::turn_end::turn_key(mover, start, &[mv])),
                )
            }
            _ => unreachable!("a run makes placements and steps"),
        };
        if game.upkeep.untold_lines
            && outcome::placement_made_a_line(game, board, to, color)
            && outcome::line_results_into(game, board, &[to], mover, &mut self.results)
        {
            return Some(RunStop::Line);
        }
        if self.seen.repeats(turn_key) {
            return Some(self.repeated(game));
        }
        self.to_move = super::turn_end::seat_after(game, mover);
        None
    }

    /// A repeated turn: in the last phase, the stalemate where its results
    /// do not depend on the position or come from the board alone; else
    /// the state plays on from the run's moves.
    #[cold]
    fn repeated(&mut self, game: &Game) -> RunStop {
        if self.phase + 1 < game.phases.len() {
            return RunStop::Handover;
        }
        let board = &self.board;
        stalemate_apart(game, board, &mut self.results)
    }

    /// Makes the run's moves in `state`, loaded from it, as `decide` makes
    /// them: the seat's decisions, each followed by the engine's own moves.
    pub(crate) fn settle(&self, state: &mut State) {
        for &(mv, automatic) in &self.made {
            if !automatic {
                state.decide(mv);
            }
        }
    }
}

/// The last phase's stalemate in a run played apart from the state, on
/// the run's `board`: its results into `results` where the rules give
/// them whatever the position or from the board alone; else the state
/// plays the run's moves and judges.
pub(super) fn stalemate_apart(
    game: &Game,
    board: &Board,
    results: &mut Vec<SeatResult>,
) -> RunStop {
    match &game.outcomes.foreknown.stalemate_anywhere {
        Some(anywhere) => {
            results.clone_from(anywhere);
            RunStop::Stalemate
        }
        None if game.outcomes.foreknown.stalemate_by_position => {
            outcome::stalemate_results_of_board(game, board, results);
            RunStop::Stalemate
        }
        None => RunStop::Handover,
    }
}

/// The cell of the `n`-th set bit of `word`, counted from the lowest.
#[inline]
fn nth_bit(word: u64, n: u32) -> u16 {
    super::board::nth_bit(word, n) as u16
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::run_checks::play_for_results_both_ways;
    use crate::testing::{catalogue_game, game};
    use crate::{Game, catalogue};

    /// Invented rule sets whose pieces move in ways the catalogue's do
    /// not: a placing phase before the moving one (the repeated turn ends
    /// a phase, not the game), slides and knights on a bigger board with
    /// three seats, colours shared by two seats, spaces closed to a seat
    /// and spaces a piece may never leave, two kinds of piece of which one
    /// never moves, no line check at all (only repetition ends the game),
    /// and a final board judged by its pieces.
    fn invented() -> Vec<std::sync::Arc<Game>> {
        vec![
            game(
                json!({"shapes": [{"movement": ["adjacent"], "reserves": {"black": 3, "white": 3}}],
                        "phases": [{"placement_only": true}, {}, {}]}),
            ),
            game(
                json!({"players": "three", "board": "squares", "dimensions": [4, 4, 1],
                        "shapes": [{"movement": ["linear", "knight"],
                                    "reserves": {"black": 2, "white": 2, "pink": 2}}]}),
            ),
            game(
                json!({"players": "three", "colors": "shared", "board": "squares",
                        "dimensions": [4, 3, 1],
                        "shapes": [{"movement": ["orthogonal"], "reserves": {"black": 4}}]}),
            ),
            game(json!({"board": "squares", "dimensions": [4, 4, 1],
                        "shapes": [{"movement": ["adj_diagonal"], "reserves": {"black": 3, "white": 3}}],
                        "exclusive": [{"seats": [2], "spaces": ["3,3", "3,2"]}],
                        "sticky": ["2,2"]})),
            game(
                json!({"shapes": [{"shape": "circle", "movement": ["adjacent"],
                                    "reserves": {"black": 2, "white": 2}},
                                   {"shape": "triangle", "reserves": {"black": 1, "white": 1}}]}),
            ),
            game(
                json!({"turn_checks": [], "board": "squares", "dimensions": [3, 2, 1],
                        "shapes": [{"movement": ["adjacent"], "reserves": {"black": 2, "white": 2}}]}),
            ),
            game(
                json!({"turn_checks": [], "board": "squares", "dimensions": [3, 3, 1],
                        "shapes": [{"movement": ["adj_orthogonal"], "reserves": {"black": 3, "white": 2}}],
                        "stalemate": [{"rule": "most", "of": {"measure": "area"}, "result": "win"}]}),
            ),
        ]
    }

    /// Games with a phase of lean moves, from the catalogue and invented.
    fn moving_games() -> Vec<std::sync::Arc<Game>> {
        let catalogue = catalogue::names().into_iter().map(catalogue_game);
        let games: Vec<_> = catalogue
            .chain(invented())
            .filter(|g| g.runs.moves.iter().any(|seats| !seats.is_empty()))
            .collect();
        assert!(games.len() >= 10, "{} games have lean moves", games.len());
        games
    }

    #[test]
    fn the_movement_games_and_the_invented_ones_are_lean() {
        for name in ["Tapatan", "Achi", "9-Holes"] {
            assert!(!catalogue_game(name).runs.moves[0].is_empty(), "{name}");
        }
        for game in invented() {
            let phases = &game.runs.moves;
            assert!(phases.iter().any(|p| !p.is_empty()), "{}", game.rules.name);
        }
        // Placing only, a capture, a pass, hidden pieces: the general way.
        for fields in [
            json!({}),
            json!({"shapes": [{"movement": ["adjacent"], "power": "can", "capture": "cover",
                               "result": "remove", "reserves": {"black": 3, "white": 3}}]}),
            json!({"shapes": [{"movement": ["adjacent"], "reserves": {"black": 3, "white": 3}}],
                   "phases": [{"pass": true}]}),
            json!({"shapes": [{"movement": ["adjacent"], "reserves": {"black": 3, "white": 3}}],
                   "cloaking": "hides", "phases": [{"cloaked": ["1,1"]}]}),
        ] {
            let phases = &game(fields.clone()).runs.moves;
            assert!(phases.iter().all(Vec::is_empty), "{fields}");
        }
    }

    /// Whole random games played for their results through the runs end
    /// as the same games played move by move the general way, from the
    /// same random stream: the same number of moves and the same results.
    #[test]
    fn runs_of_moves_end_games_as_the_general_way_ends_them() {
        let (mut apart, mut by_repetition) = (0, 0);
        for game in moving_games() {
            let mut run = super::super::LeanRun::default();
            for seed in 0..40u64 {
                let (general, ended_apart) = play_for_results_both_ways(&game, seed, &mut run);
                apart += usize::from(ended_apart);
                let repeated = general.outcome().expect("over").reason(&game);
                by_repetition += usize::from(repeated.contains("repeat"));
            }
        }
        assert!(apart >= 200, "{apart} games ended apart from their state");
        assert!(
            by_repetition >= 20,
            "{by_repetition} games ended by a repeated turn"
        );
    }
}
