//! Random's moves through a run of stacks placements (the phased
//! game-theory games: Trust, Ultimatum, Dictator, Centipede and people's
//! variants of them). In a sequential phase of a one-board stacks game
//! where nothing moves once placed, nothing is cloaked, a turn is one
//! piece and its end asks nothing but whether the turn repeats (see
//! [`stack_run_phases`]), a run of Random's moves is played apart from the
//! state, on a copy of its board, reserves, random stream and repetition
//! memory ([`StackRun`]). Most turns there are the passes of seats locked
//! out of the phase; the run makes them as a turn key each, with none of
//! the state's records. A placement lands on a stack and the stack is
//! resolved by the match's own resolution ([`StackSite`]) on the copies.
//!
//! Every move is the one [`crate::random::play_random`] would make from
//! the same random stream, and a playout wanting only its results stops
//! where the last phase stalemates and the rules judge the board alone;
//! otherwise the state makes the run's moves by deciding them, the general
//! way ([`StackRun::settle`]).

use rand::Rng;

use super::board::Board;
use super::capture::settle::StackSite;
use super::choices::{Drawn, draw, kind_at, pieces_held};
use super::lean_run::RunStop;
use super::move_run::stalemate_apart;
use super::placements::kept_landing;
use super::reserves::Reserves;
use super::seen_turns::SeenTurns;
use super::state::BoardResult;
use super::turn_end::{seat_after, turn_key};
use super::{Game, Move, SeatResult, State, known_bit, pack};
use crate::rules::{BoardKind, Cloaking, Color, Order, Shape};

/// A phase whose moves a [`StackRun`] plays, compiled.
#[derive(Debug)]
pub(crate) struct StackPhase {
    /// Per seat, the stacks it may land a piece on at some height: the
    /// others are never open to it in the phase, so never looked at.
    stacks_open_to: Vec<Vec<u16>>,
}

/// Per phase, where a [`StackRun`] can play Random's moves there: a
/// sequential phase of a game on one board of stacks where no shape moves
/// once placed, nothing is cloaked, turns are one piece, no draw can be
/// offered, no one is disqualified or folds, no seat must capture, and a
/// turn's end asks nothing of the board (no turn checks, no line or shape
/// remembered): only whether the turn repeats. None elsewhere.
pub(crate) fn stack_run_phases(game: &Game) -> Vec<Option<StackPhase>> {
    let rules = &game.rules;
    let upkeep = &game.upkeep;
    let game_wide = game.geometry.kind == BoardKind::Stacks
        && game.geometry.boards == 1
        && rules.cloaking == Cloaking::None
        && rules.pieces_per_turn == 1
        && !rules.draw_option
        && !rules.overachievers_disqualified
        && rules.turn_checks.is_empty()
        && rules.phases.iter().all(|p| p.fold.is_none())
        && game.pieces.movement.iter().all(Vec::is_empty)
        && !upkeep.must_capture
        && !upkeep.board_checks
        && !upkeep.remembers_lines
        && !upkeep.tracks_shape_holders
        && !upkeep.chaos_capture_check;
    let columns = game.geometry.columns();
    (rules.phases.iter().enumerate())
        .map(|(p, phase)| {
            if !game_wide || phase.order != Order::Sequential {
                return None;
            }
            let locked = &game.phases[p].locked;
            // A piece lands at the stack's floor or above (see
            // `kept_landing`), on a place open to the seat.
            let open_to = |seat: usize| -> Vec<u16> {
                (0..columns.len())
                    .filter(|&stack| {
                        let floor = usize::from(game.placing.floors[p][stack]);
                        columns[stack].iter().skip(floor).any(|&c| {
                            let c = usize::from(c);
                            !locked[c] && game.spaces.exclusive[c] & (1 << seat) != 0
                        })
                    })
                    .map(|stack| stack as u16)
                    .collect()
            };
            Some(StackPhase {
                stacks_open_to: (0..game.seats.len()).map(open_to).collect(),
            })
        })
        .collect()
}

/// A run of stacks placements played apart from the state: its board,
/// reserves, random stream, turn and repetition memory copied from it, and
/// Random's moves (and the engine's own: a locked seat's pass, a lone
/// move) made on the copies. Reused from playout to playout, so a run
/// allocates nothing once its buffers have grown.
#[derive(Debug, Default)]
pub(crate) struct StackRun {
    board: Board,
    /// The pieces' flags, as the resolution keeps them: nothing in a run
    /// reads them (no piece moves or is cloaked), so never copied in.
    flags: super::piece_flags::Flags,
    reserves: Reserves,
    /// The match's own random stream (pot splits).
    rng: u64,
    phase: usize,
    to_move: usize,
    /// The position's key at the turn's start, where the phase keeps it
    /// (see `Upkeep::start_key`).
    start_key: u64,
    seen: SeenTurns,
    /// The cells changed by the turn's placement.
    changed: Vec<u16>,
    /// Where the mover's piece would land on each stack open to it.
    landings: Vec<u16>,
    /// The moves Random drew, in order (the engine's own are not kept: the
    /// state makes them again after each).
    drawn: Vec<Move>,
    /// Once the game is decided, every seat's result.
    results: Vec<SeatResult>,
}

impl StackRun {
    /// Copies the position of `state` where Random's next move there is in
    /// a phase a run can play; false otherwise.
    pub(crate) fn load(&mut self, state: &State) -> bool {
        let game = state.game();
        if game.runs.stacks[state.position.phase()].is_none()
            || state.outcome.is_some()
            || !state.position.turn_moves.is_empty()
            || state.draw_offered_by().is_some()
            || state.rounds.current.is_some()
            || state.position.tactics.chain.is_some()
            || state.standings.folded != 0
            || state
                .standings
                .decided
                .board_results
                .iter()
                .any(BoardResult::is_decided)
        {
            return false;
        }
        self.board.clone_from(&state.position.board);
        self.flags.fit(&state.position.flags);
        self.reserves.clone_from(&state.position.reserves);
        self.rng = state.stream.next;
        self.phase = state.position.phase();
        self.to_move = state.position.to_move();
        self.start_key = state.position.turn_start_key;
        self.seen.clone_from(&state.seen_turns);
        self.changed.clear();
        self.drawn.clear();
        true
    }

    /// Every seat's result, where the run stopped at a decided end.
    pub(crate) fn results(&self) -> &[SeatResult] {
        &self.results
    }

    /// Plays Random's moves from the loaded position, at most `limit`, as
    /// the state plays them: the same draws from `rng`, the same moves, the
    /// engine's passes and lone moves made for it. Returns how many it
    /// drew, and why it stopped: the last phase's stalemate judged on the
    /// run's board, the limit, or a position the state must play (a phase
    /// no run plays, or a stalemate the rules judge on more than the board).
    pub(crate) fn play<R: Rng + ?Sized>(
        &mut self,
        game: &Game,
        rng: &mut R,
        limit: usize,
    ) -> (usize, RunStop) {
        let mut drawn = 0;
        loop {
            let mv = match self.forced_or_counted(game) {
                Ok(forced) => forced,
                Err(held) => {
                    if drawn == limit {
                        return (drawn, RunStop::Limit);
                    }
                    drawn += 1;
                    let mv = self.draw(game, rng, held);
                    self.drawn.push(mv);
                    mv
                }
            };
            if let Some(stop) = self.make(game, mv) {
                return (drawn, stop);
            }
        }
    }

    /// The move the engine makes for the seat to move, as `play_automatic`
    /// makes it (a locked seat's pass, a pass where it has no move, its
    /// only move); else the pieces it holds of the kinds it may place
    /// (Random's weight per stack), with the stacks open to it in
    /// `landings`.
    #[inline]
    fn forced_or_counted(&mut self, game: &Game) -> Result<Move, (u32, usize)> {
        let seat = self.to_move;
        let phase = &game.phases[self.phase];
        if phase.locked_seats & (1 << seat) != 0 {
            return Ok(Move::Pass);
        }
        let (pieces, kinds) = pieces_held(game, &self.reserves, seat);
        self.landings.clear();
        if kinds > 0 {
            self.open_stacks(game, seat);
        }
        // As `choice_count` counts: a placement per stack and kind held.
        let count = self.landings.len() * kinds + usize::from(phase.pass);
        match count {
            0 => Ok(Move::Pass),
            1 => Ok(match self.landings.first() {
                Some(&to) => {
                    let (color, shape) = kind_at(game, &self.reserves, seat, 0);
                    Move::Place { color, shape, to }
                }
                None => Move::Pass,
            }),
            _ => Err((pieces, kinds)),
        }
    }

    /// Where `seat`'s piece lands on each stack with room for it, in the
    /// stacks' order, where it may enter the place it lands on (as
    /// `placements` lists them).
    fn open_stacks(&mut self, game: &Game, seat: usize) {
        let board = &self.board;
        let locked = &game.phases[self.phase].locked;
        let phase = game.runs.stacks[self.phase]
            .as_ref()
            .expect("a run's phase");
        for &stack in &phase.stacks_open_to[seat] {
            let Some(to) = kept_landing(game, self.phase, board, usize::from(stack)) else {
                continue;
            };
            let t = usize::from(to);
            if !locked[t] && game.spaces.exclusive[t] & (1 << seat) != 0 {
                self.landings.push(to);
            }
        }
    }

    /// Random's draw among the moves `placements` lists (stack by stack,
    /// each kind held as many times as it is held), then a pass where the
    /// phase allows one: the draw of `ChanceOutcomes::sample`.
    fn draw<R: Rng + ?Sized>(
        &self,
        game: &Game,
        rng: &mut R,
        (pieces, kinds): (u32, usize),
    ) -> Move {
        let passes = u32::from(game.phases[self.phase].pass);
        let stacks = self.landings.len() as u32;
        match draw(rng, stacks, pieces, kinds, passes) {
            Some(Drawn::Placement { slot, within }) => {
                let to = self.landings[slot as usize];
                let (color, shape) = kind_at(game, &self.reserves, self.to_move, within);
                Move::Place { color, shape, to }
            }
            Some(Drawn::Other(_)) => Move::Pass,
            None => unreachable!("a drawing seat has a move"),
        }
    }

    /// Makes `mv` for the seat to move and ends its turn as `end_turn`
    /// and `finish_turn` do: whether the turn repeats, which ends the
    /// phase or, in the last, the game. The stop where the run ends.
    #[inline]
    fn make(&mut self, game: &Game, mv: Move) -> Option<RunStop> {
        let mover = self.to_move;
        // As `end_turn` keys the turn: where reserves never rise, a turn
        // that placed never repeats.
        let key = match mv {
            Move::Place { color, shape, to } => {
                self.place(game, color, shape, to);
                (!game.pieces.placements_never_repeat)
                    .then(|| turn_key(mover, self.turn_start(game), &[mv]))
            }
            _ => Some(turn_key(mover, self.turn_start(game), &[Move::Pass])),
        };
        if self.seen.repeats(key) {
            return self.phase_ends(game, mover);
        }
        self.to_move = seat_after(game, mover);
        // As `begin_turn` keeps it: the start of a turn after one that
        // changed the position (a pass changes nothing).
        if !self.changed.is_empty() && game.upkeep.start_key[self.phase] {
            self.start_key = self.position_key();
            self.changed.clear();
        }
        None
    }

    /// Puts the mover's piece on `to` and resolves its stack, noting the
    /// cells changed.
    fn place(&mut self, game: &Game, color: Color, shape: Shape, to: u16) {
        let board = &mut self.board;
        self.reserves.take_one(color, shape);
        board.fill(usize::from(to), pack(color, shape));
        self.flags.set(usize::from(to), known_bit(self.to_move));
        self.changed.clear();
        self.changed.push(to);
        StackSite {
            game,
            board,
            flags: &mut self.flags,
            reserves: &mut self.reserves,
            rng: &mut self.rng,
            changed: &mut self.changed,
            locked: &game.phases[self.phase].locked,
            // A run may serve another game next: it keeps no verdicts.
            verdicts: None,
        }
        .resolve(to, false, true);
    }

    /// The key of the position the turn started from, as `turn_start`
    /// finds it: kept where the phase keeps it, else the position now
    /// (where it is not kept, a turn that can repeat changed nothing).
    #[inline]
    fn turn_start(&self, game: &Game) -> u64 {
        match game.upkeep.start_key[self.phase] {
            true => self.start_key,
            false => self.position_key(),
        }
    }

    /// The run's position keyed as `State::position_key` keys it.
    fn position_key(&self) -> u64 {
        let board = &self.board;
        State::key_of(board, &self.reserves, self.phase)
    }

    /// A turn of `mover` repeated: the next phase begins with the next
    /// seat's turn, its start kept, as `finish_turn` begins it; the stop
    /// where the state plays it, or where the last phase ends the game.
    #[cold]
    fn phase_ends(&mut self, game: &Game, mover: usize) -> Option<RunStop> {
        if self.phase + 1 == game.phases.len() {
            return Some(self.stalemate(game));
        }
        self.phase += 1;
        self.seen.clear();
        self.changed.clear();
        self.to_move = seat_after(game, mover);
        if game.upkeep.start_key[self.phase] {
            self.start_key = self.position_key();
        }
        game.runs.stacks[self.phase]
            .is_none()
            .then_some(RunStop::Handover)
    }

    /// The last phase stalemated: its results where the rules give them
    /// whatever the position or from the board alone (measured on the
    /// run's board); else the state plays the run's moves and judges.
    #[cold]
    fn stalemate(&mut self, game: &Game) -> RunStop {
        let board = &self.board;
        stalemate_apart(game, board, &mut self.results)
    }

    /// Makes the run's moves in `state`, loaded from it, as `decide` makes
    /// them: Random's draws, each followed by the engine's own moves.
    pub(crate) fn settle(&self, state: &mut State) {
        for &mv in &self.drawn {
            state.decide(mv);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::game::GameState;
    use serde_json::{Value, json};

    use super::super::run_checks::{play_for_results_both_ways, play_runs_step_by_step};
    use crate::testing::{catalogue_game, game_over};
    use crate::{Game, State, catalogue};

    /// NeedyTrust's rules with `fields` laid over them.
    fn over_trust(fields: Value) -> std::sync::Arc<Game> {
        let trust: Value =
            serde_json::from_str(include_str!("../../catalogue/NeedyTrust.json")).expect("JSON");
        game_over(trust, fields)
    }

    /// Invented stacks games the catalogue's do not cover: three seats
    /// passing at will with reincarnating captures; two captors sharing
    /// what lands on their stack (dealt from the match's random stream); a
    /// phase with a locked
    /// place followed by a sealed one (the run hands over); a last phase
    /// judged by who moved last (the state judges); and more stacks than
    /// NeedyTrust's, open to every seat.
    fn invented() -> Vec<std::sync::Arc<Game>> {
        let stacks = |fields: Value| {
            let base = json!({"board": "stacks", "dimensions": [3, 1, 4], "turn_checks": []});
            game_over(base, fields)
        };
        vec![
            stacks(json!({"players": "three",
                "shapes": [{"shape": "circle", "power": "can", "capture": "cover",
                            "result": "reincarnate", "reserves": {"black": 2, "white": 2, "pink": 2}}],
                "phases": [{"pass": true}],
                "stalemate": [{"rule": "most", "of": {"measure": "pieces"}, "result": "win"}]})),
            stacks(json!({"dimensions": [4, 1, 3],
                "shapes": [{"shape": "circle", "power": "can", "capture": "cover",
                            "result": "convert", "reserves": {"black": 2, "white": 2}}],
                "phases": [{"locked": ["2"]}, {"order": "simultaneous", "pass": true}]})),
            stacks(json!({"players": "three",
                "shapes": [{"shape": "circle", "reserves": {"black": 2, "white": 2, "pink": 3}},
                           {"shape": "pentagon", "power": "can", "capture": "cover",
                            "result": "reincarnate", "reserves": {}}],
                "initial": [{"at": "1", "color": "black", "shape": "pentagon", "count": 1},
                            {"at": "1", "color": "white", "shape": "pentagon", "count": 1}],
                "phases": [{"pass": true}],
                "stalemate": [{"rule": "most", "of": {"measure": "pieces"}, "result": "win"}]})),
            over_trust(json!({"stalemate": [{"rule": "mover_wins"}]})),
            over_trust(json!({"dimensions": [6, 1, 4], "exclusive": [], "initial": []})),
        ]
    }

    /// Games with a phase a stacks run plays, from the catalogue and invented.
    fn stacks_games() -> Vec<std::sync::Arc<Game>> {
        let catalogue = catalogue::names().into_iter().map(catalogue_game);
        let games: Vec<_> = catalogue
            .chain(invented())
            .filter(|g| g.runs.stacks.iter().any(Option::is_some))
            .collect();
        assert!(games.len() >= 12, "{} games have stacks runs", games.len());
        games
    }

    #[test]
    fn the_phased_games_and_the_invented_ones_run_and_others_do_not() {
        for name in ["NeedyTrust", "RichUltimatum", "Centipede9", "NeedyDictator"] {
            let phases = &catalogue_game(name).runs.stacks;
            assert!(phases.iter().all(Option::is_some), "{name}: {phases:?}");
        }
        // A sealed phase is played the general way.
        let sealed = &invented()[1].runs.stacks;
        assert!(sealed[0].is_some() && sealed[1].is_none(), "{sealed:?}");
        for game in invented() {
            assert!(game.runs.stacks[0].is_some(), "{}", game.rules.name);
        }
        // A flat board, a turn check, hidden pieces, two pieces a turn:
        // the general way.
        for fields in [
            json!({"board": "squares", "dimensions": [4, 1, 1], "exclusive": [], "initial": [],
                   "shapes": [{"shape": "circle", "reserves": {"black": 2, "yellow": 2}}]}),
            json!({"turn_checks": [{"check": "in_a_row", "length": 2, "result": "win"}]}),
            json!({"cloaking": "hides", "phases": [{"cloaked": ["1"]}]}),
            json!({"pieces_per_turn": 2}),
        ] {
            let mut unlabelled = fields.clone();
            unlabelled["labels"] = json!({});
            let phases = &over_trust(unlabelled).runs.stacks;
            assert!(phases.iter().all(Option::is_none), "{fields}: {phases:?}");
        }
    }

    /// Whole random games played for their results through the runs end
    /// as the same games played move by move the general way, from the
    /// same random stream: the same number of moves and the same results.
    #[test]
    fn stacks_runs_end_games_as_the_general_way_ends_them() {
        let mut apart = 0;
        for game in stacks_games() {
            let mut run = super::super::LeanRun::default();
            for seed in 0..60u64 {
                apart += usize::from(play_for_results_both_ways(&game, seed, &mut run).1);
            }
        }
        assert!(apart >= 400, "{apart} games ended apart from their state");
    }

    fn assert_same(run: &State, general: &State, what: &str) {
        assert_eq!(run.history(), general.history(), "{what}: history");
        assert_eq!(run.position_key(), general.position_key(), "{what}");
        assert_eq!(
            run.position.to_move(),
            general.position.to_move(),
            "{what}: to move"
        );
        assert_eq!(
            run.stream.next, general.stream.next,
            "{what}: the match's stream"
        );
        assert_eq!(run.legal_actions(), general.legal_actions(), "{what}");
        assert_eq!(run.results(), general.results(), "{what}: results");
    }

    /// Runs of a few moves, settled into the state, reach the states the
    /// general way reaches after as many moves.
    #[test]
    fn stacks_runs_settle_into_the_states_of_the_general_way() {
        for game in stacks_games() {
            let mut run = super::super::LeanRun::default();
            for seed in 0..20u64 {
                play_runs_step_by_step(&game, seed, &mut run, assert_same);
            }
        }
    }
}
