//! Random's moves through a run of lean placements: in a phase whose turns
//! are lean (see `Upkeep::lean_turns`), the legal moves are a product of the
//! kinds the mover holds and the open slots, a placement changes nothing
//! but the board, the mover's reserve and the turn, and a turn's end asks
//! nothing but its lines. So a run of them is played apart from the state,
//! on a copy of its board and reserves ([`LeanRun`]): the draw is made from
//! the product, the piece put down, the lines through it looked at, and the
//! next mover's product counted, with none of the state's records. A
//! playout wanting only the results stops there when a line ends the game;
//! otherwise the state makes the run's placements its own afterwards
//! ([`State::settle_lean`]). Tic-Tac-Toe, Connect4 and Gomoku spend all
//! their moves here, and most games spend their opening ones.
//!
//! Every move is the one [`crate::random::play_random`] would make from
//! the same random stream, and the state after it is the same (tests play
//! every catalogue game both ways, for the states and for the results).
//! A lone placement the engine makes itself is made in the run too, and a
//! stalemate whose results the position cannot change ends it (a full
//! board's draw); a pass, any other end of a board's room and the end of
//! the phase go the general way.

mod threats;

use rand::Rng;

use super::board::{Board, Slots};
use super::choices::{Drawn, draw, kinds_held, pieces_held};
use super::knowledge::seers_of_piece;
use super::move_run::MoveRun;
use super::placements::{kept_drop, kept_landing};
use super::reserves::Reserves;
use super::stack_run::StackRun;
use super::{Game, Move, SeatResult, State, known_bit, outcome, pack};
use crate::rules::{BoardKind, Color, Shape};

/// A run of lean placements played apart from the state: the board and
/// the reserves (their keys left stale: nothing reads them) and the turn
/// are copied from it, and Random's placements are made on the copy with
/// none of the state's records (its history, the decisions, each cell's
/// flags, the legal moves listed). A playout that a
/// line ends within the run needs no more than its results; otherwise the
/// state makes the run's placements its own (see [`State::settle_lean`]).
/// Reused from playout to playout, so a run allocates nothing.
#[derive(Debug, Default)]
pub struct LeanRun {
    board: Board,
    reserves: Reserves,
    phase: usize,
    to_move: usize,
    /// The cells placed on this turn, those of the state's turn included.
    turn: Vec<u16>,
    /// Whether a placement of this turn completed a line.
    lined: bool,
    /// Under "Cloaking hides", judged on what each seat knows: per seat,
    /// the cells it believes open (empty, or holding a piece it has not
    /// seen); where some empty spaces are closed to a seat, per seat the
    /// open cells it may enter. Empty where every seat places on the
    /// board's open slots.
    believed_open: Vec<Slots>,
    /// The run's placements (and placements tried), in order.
    placed: Vec<Placed>,
    /// Once a line decided the game, every seat's result.
    results: Vec<SeatResult>,
    /// Where pieces move once placed, the run of lean moves (see
    /// `move_run`): scratch, loaded afresh for every run, so never copied.
    moving: MoveRun,
    /// On stacks, the run of stacks placements (see `stack_run`): scratch
    /// as `moving` is.
    stacking: StackRun,
    /// Which run [`LeanRun::play_from`] played last.
    played: Played,
    /// Where the run keeps the cells completing a line (see `threats`),
    /// for which pieces and lines.
    informed: Option<threats::Informed>,
    /// Per seat, the cells completing its lines (see `threats`).
    threats: threats::Threats,
    /// Whether `threats` holds every such cell of the board as it is (kept
    /// through the tree's moves, so a playout need not list them afresh).
    noted: bool,
}

/// Which of a lean run's kinds played (see [`LeanRun::settle`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Played {
    #[default]
    Placements,
    Moves,
    Stacks,
}

/// A placement of a lean run: four bytes, one store a placement.
#[derive(Clone, Copy, Debug)]
struct Placed {
    to: u16,
    /// The piece, packed (see [`pack`]).
    piece: u8,
    /// Made by the engine: the seat's only move.
    automatic: bool,
}

impl Placed {
    /// The move that made it.
    fn placement(&self) -> Move {
        let (color, shape) = super::unpack(self.piece).expect("a run places pieces");
        Move::Place {
            color,
            shape,
            to: self.to,
        }
    }
}

/// Cloned by hand, so `clone_from` reuses the buffers (a search copies
/// its root's run every iteration).
impl Clone for LeanRun {
    fn clone(&self) -> LeanRun {
        let mut run = LeanRun::default();
        run.clone_from(self);
        run
    }

    fn clone_from(&mut self, source: &LeanRun) {
        self.board.clone_from(&source.board);
        self.reserves.clone_from(&source.reserves);
        self.phase = source.phase;
        self.to_move = source.to_move;
        self.turn.clone_from(&source.turn);
        self.lined = source.lined;
        self.believed_open.clone_from(&source.believed_open);
        self.placed.clone_from(&source.placed);
        self.results.clone_from(&source.results);
        self.informed = source.informed;
        self.threats.clone_from(&source.threats);
        self.noted = source.noted;
    }
}

/// Why a lean run stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunStop {
    /// It played as many moves as it was allowed.
    Limit,
    /// A turn's line decided the game (every seat's result is in
    /// [`LeanRun::results`]).
    Line,
    /// No seat can place any more, so each passes in turn until a pass
    /// repeats and the stalemate rules decide, whatever the position or by
    /// the board alone (every seat's result is in [`LeanRun::results`]).
    Stalemate,
    /// Random drew the pass the phase allows; the state plays it.
    Pass,
    /// The next move is not Random's draw from a lean product: the engine
    /// plays a lone move, or the phase or the game is over.
    Handover,
}

impl RunStop {
    /// Whether the run ended the game, with every seat's result in
    /// [`LeanRun::results`].
    pub fn decided(&self) -> bool {
        matches!(self, RunStop::Line | RunStop::Stalemate)
    }
}

impl LeanRun {
    /// Copies the position of `state` when Random's next move there is
    /// drawn from a lean product that a run can play (under cloaking, no
    /// spaces closed to the mover); false otherwise.
    pub fn load(&mut self, state: &State) -> bool {
        let game = state.game();
        let blocked = &game.placing.blocked[state.position.phase()];
        if !state.lean_now()
            || !blocked.is_empty() && game.runs.hidden_placements[state.position.phase()]
        {
            return false;
        }
        self.turn.clear();
        self.lined = false;
        self.noted = false;
        for mv in state.moves_this_turn() {
            let Move::Place { color, to, .. } = *mv else {
                return false;
            };
            self.turn.push(to);
            self.lined |= game.upkeep.untold_lines
                && outcome::placement_made_a_line(game, &state.position.board, to, color);
        }
        self.board.clone_from(&state.position.board);
        self.reserves.clone_from(&state.position.reserves);
        self.phase = state.position.phase();
        self.to_move = state.position.to_move();
        self.placed.clear();
        // A seat's belief (a search's root) is a board without the pieces
        // it has not seen: there every seat places on its open slots.
        match state.believed_open() {
            Some(open_to) => open_to.clone_into(&mut self.believed_open),
            None if self.cloaked(game) && !state.knowledge.is_belief() => return false,
            // Spaces closed to every seat alike (walls): the run's board
            // closes them, and every seat places on its open slots.
            None if !blocked.is_empty() && game.placing.blocked_alike[self.phase] => {
                self.board.close_slots(&blocked[0]);
                self.believed_open.clear();
            }
            // Spaces closed to some seat (spaces kept for others): each
            // seat places on the open slots it may enter, kept per seat as
            // a belief is, and every placement seen by all.
            None if !blocked.is_empty() => {
                let open = self.board.open();
                self.believed_open
                    .resize_with(blocked.len(), Slots::default);
                for (mine, closed) in self.believed_open.iter_mut().zip(blocked) {
                    mine.assign_without(open, closed);
                }
            }
            None => self.believed_open.clear(),
        }
        let kinds = self.held(game).1;
        match self.believed_open.is_empty() {
            true => self.choices::<false>(game, kinds) > 0,
            false => self.choices::<true>(game, kinds) > 0,
        }
    }

    /// Every seat's result, where the run stopped at a decided end (see
    /// [`RunStop::decided`]).
    /// Which kind of run [`LeanRun::play_from`] played last: placements,
    /// moves or stacks (the agreement checks tally them).
    #[cfg(test)]
    pub(super) fn kind_played(&self) -> super::run_checks::FastPath {
        use super::run_checks::FastPath;
        match self.played {
            Played::Placements => FastPath::Placements,
            Played::Moves => FastPath::Moves,
            Played::Stacks => FastPath::Stacks,
        }
    }

    pub fn results(&self) -> &[SeatResult] {
        &self.results
    }

    /// Plays Random's moves from `state`, at most `limit`, on a copy of
    /// its position: a run of lean placements where the next move is drawn
    /// from a lean product, else a run of lean moves where pieces move once
    /// placed (see `move_run`). How many it played and why it stopped
    /// (every seat's result in [`LeanRun::results`] where it decided the
    /// game); None where neither run applies. The state is untouched until
    /// [`LeanRun::settle`].
    #[inline]
    pub(crate) fn play_from<R: Rng + ?Sized>(
        &mut self,
        state: &State,
        rng: &mut R,
        limit: usize,
        placements: impl FnOnce(&mut LeanRun, &Game, &mut R, usize) -> (usize, RunStop),
    ) -> Option<(usize, RunStop)> {
        match state.game().runs.any[state.position.phase()] {
            true => self.play_from_lean_phase(state, rng, limit, placements),
            false => None,
        }
    }

    /// [`LeanRun::play_from`] in a phase where a run may play.
    fn play_from_lean_phase<R: Rng + ?Sized>(
        &mut self,
        state: &State,
        rng: &mut R,
        limit: usize,
        placements: impl FnOnce(&mut LeanRun, &Game, &mut R, usize) -> (usize, RunStop),
    ) -> Option<(usize, RunStop)> {
        self.played = Played::Placements;
        if self.load(state) {
            return Some(placements(self, state.game(), rng, limit));
        }
        let (played, stop) = if self.moving.load(state) {
            self.played = Played::Moves;
            self.moving.play(state.game(), rng, limit)
        } else if self.stacking.load(state) {
            self.played = Played::Stacks;
            self.stacking.play(state.game(), rng, limit)
        } else {
            return None;
        };
        if played == 0 && !stop.decided() {
            // A seat with no move: the state passes for it.
            return None;
        }
        if stop.decided() {
            self.results.clear();
            self.results.extend_from_slice(match self.played {
                Played::Stacks => self.stacking.results(),
                _ => self.moving.results(),
            });
        }
        Some((played, stop))
    }

    /// Makes the moves of the last [`LeanRun::play_from`], which stopped
    /// at `stop`, in `state`, the state it played from.
    pub(crate) fn settle(&self, state: &mut State, stop: RunStop) {
        match self.played {
            Played::Moves => self.moving.settle(state),
            Played::Stacks => self.stacking.settle(state),
            Played::Placements => state.settle_lean(self, stop == RunStop::Pass),
        }
    }

    /// Plays Random's moves from the loaded position, at most `limit`, as
    /// `State::play_lean_run` plays them: the same draws from `rng`, the
    /// same placements, the same turns. Returns how many it played, and
    /// why it stopped.
    pub fn play<R: Rng + ?Sized>(
        &mut self,
        game: &Game,
        rng: &mut R,
        limit: usize,
    ) -> (usize, RunStop) {
        match self.believed_open.is_empty() {
            true => self.play_as::<false, R>(game, rng, limit),
            false => self.play_as::<true, R>(game, rng, limit),
        }
    }

    /// [`LeanRun::play`], where each seat places on the cells it believes
    /// open (`BELIEVED`) or every seat on the board's open slots: decided
    /// once a run, the moves ask nothing more (it cost 5% a move).
    fn play_as<const BELIEVED: bool, R: Rng + ?Sized>(
        &mut self,
        game: &Game,
        rng: &mut R,
        limit: usize,
    ) -> (usize, RunStop) {
        let passes = u32::from(game.phases[self.phase].pass);
        let mut played = 0;
        let (mut per_slot, mut kinds) = self.held(game);
        while played < limit {
            let slots = self.slots::<BELIEVED>();
            // The draw of `ChanceOutcomes::sample` on a product (see
            // `interface::sample_placement`): a pass weighs 1, a draw
            // offer nothing.
            played += 1;
            let (slot, mut within) = match draw(rng, slots.len() as u32, per_slot, kinds, passes) {
                Some(Drawn::Placement { slot, within }) => (slot, within),
                Some(Drawn::Other(_)) => return (played, RunStop::Pass),
                None => unreachable!("a run's mover has a move"),
            };
            let slot = slots.nth(slot as usize);
            // `choices::kind_at` over the kinds the seat may place, held or
            // not (a kind not held passes no pick): filtering them first
            // cost Tic-Tac-Toe 3% more instructions a game.
            // A seat placing one kind (most) places it: the draw chose a
            // placement, so it holds some.
            let (color, shape) = match &game.placing.kinds[self.to_move][..] {
                [only] => *only,
                kinds => *kinds
                    .iter()
                    .find(|&&(color, shape)| {
                        let held = u32::from(self.reserves.get(color, shape));
                        let found = within < held;
                        within = within.wrapping_sub(held);
                        found
                    })
                    .expect("the pick falls on a kind held"),
            };
            if let Some(line) = self.place::<BELIEVED>(game, color, shape, slot, false) {
                return (played, line);
            }
            match self.forced_moves::<BELIEVED>(game) {
                Ok(held) => (per_slot, kinds) = held,
                Err(stop) => return (played, stop),
            }
        }
        (played, RunStop::Limit)
    }

    /// The next position, as `refresh_lean_choices` judges it: a lone
    /// placement the engine makes, as `play_automatic` does, and again;
    /// then the pieces the mover holds of the kinds it may place (Random's
    /// weight per slot), or why the run stops.
    #[inline(always)]
    fn forced_moves<const BELIEVED: bool>(&mut self, game: &Game) -> Result<(u32, usize), RunStop> {
        let passes = game.phases[self.phase].pass;
        loop {
            let (per_slot, kinds) = self.held(game);
            match self.choices::<BELIEVED>(game, kinds) {
                1 if !passes => {
                    let ((color, shape), _) = kinds_held(game, &self.reserves, self.to_move)
                        .next()
                        .expect("a kind is held");
                    let slot = self.slots::<BELIEVED>().nth(0);
                    if let Some(line) = self.place_forced::<BELIEVED>(game, color, shape, slot) {
                        return Err(line);
                    }
                }
                0 | 1 => {
                    if let Some(stop) = self.stop_without_placements(game) {
                        return Err(stop);
                    }
                }
                _ => return Ok((per_slot, kinds)),
            }
        }
    }

    /// Where the mover has no placement to choose between: a stalemate,
    /// where at a turn's start of the last phase on the only board no seat
    /// can place (the state's seats would pass in turn until a pass
    /// repeats) and the rules give its results whatever the position, or
    /// from the board alone (measured on the run's board). Else,
    /// under cloaking, the mover passes as the state makes it pass (None,
    /// or the stop where that ended its turn with a line); otherwise the
    /// state plays on.
    #[cold]
    fn stop_without_placements(&mut self, game: &Game) -> Option<RunStop> {
        let can_place = |seat: usize| {
            self.slots_of(seat).len() > 0 && kinds_held(game, &self.reserves, seat).next().is_some()
        };
        let no_one_places = !(0..game.seats.len()).any(can_place);
        let stalemate = self.turn.is_empty()
            && self.phase + 1 == game.phases.len()
            && game.geometry.boards == 1
            && no_one_places;
        match &game.outcomes.foreknown.stalemate_anywhere {
            Some(results) if stalemate => {
                self.results.clone_from(results);
                Some(RunStop::Stalemate)
            }
            None if stalemate && game.outcomes.foreknown.stalemate_by_position => {
                let board = &self.board;
                outcome::stalemate_results_of_board(game, board, &mut self.results);
                Some(RunStop::Stalemate)
            }
            _ if self.cloaked(game) && !(no_one_places && self.turn.is_empty()) => {
                self.end_turn(game)
            }
            _ => Some(RunStop::Handover),
        }
    }

    /// Whether the run's phase is cloaked: the state then records the run's
    /// moves by deciding them (see [`State::settle_lean`]), so the run may
    /// also pass for a seat with nothing to place, as the state does.
    fn cloaked(&self, game: &Game) -> bool {
        game.runs.hidden_placements[self.phase]
    }

    /// The slots the mover may place on: those it believes open
    /// (`BELIEVED`), else the board's open slots.
    #[inline]
    fn slots<const BELIEVED: bool>(&self) -> &Slots {
        match BELIEVED {
            true => &self.believed_open[self.to_move],
            false => self.board.open(),
        }
    }

    /// The slots `seat` may place on: those it believes open where it
    /// judges on what it knows, else the board's open slots.
    #[inline]
    fn slots_of(&self, seat: usize) -> &Slots {
        match self.believed_open.get(seat) {
            Some(open) => open,
            None => self.board.open(),
        }
    }

    /// The placements the run's movers chose, in order (not the engine's
    /// lone ones).
    pub fn placements(&self) -> impl Iterator<Item = Move> + '_ {
        self.placed
            .iter()
            .filter(|p| !p.automatic)
            .map(Placed::placement)
    }

    /// Whether a piece stands on `cell` in the run's position.
    pub fn occupied(&self, cell: u16) -> bool {
        self.board[usize::from(cell)] != 0
    }

    /// The seat to move in the run's position.
    pub fn to_move(&self) -> usize {
        self.to_move
    }

    /// The placements the mover may make, in the order the state lists
    /// them (on each open slot, each kind it holds).
    pub fn moves(&self, game: &Game) -> Vec<Move> {
        let kinds = kinds_held(game, &self.reserves, self.to_move);
        let slots = self.slots_of(self.to_move);
        let mut moves = Vec::with_capacity(slots.len());
        for slot in slots.iter() {
            let to = self.landing(game, slot);
            let placements =
                kinds
                    .clone()
                    .map(|((color, shape), _)| Move::Place { color, shape, to });
            moves.extend(placements);
        }
        moves
    }

    /// Makes `mv`, one of [`LeanRun::moves`], as the mover's decision, then
    /// the engine's lone placements after it; None while the run goes on,
    /// else why it stops. For a search's tree: a turn is one placement.
    pub fn make(&mut self, game: &Game, mv: Move) -> Option<RunStop> {
        let Move::Place { color, shape, to } = mv else {
            unreachable!("a lean run's moves are placements");
        };
        let slot = match game.geometry.kind {
            BoardKind::Stacks => game.geometry.column_of(to) as u16,
            _ => to,
        };
        if let Some(informed) = self.informed
            && self.noted
        {
            return self.make_noting(game, informed, slot);
        }
        match self.believed_open.is_empty() {
            true => self.make_as::<false>(game, color, shape, slot),
            false => self.make_as::<true>(game, color, shape, slot),
        }
    }

    /// [`LeanRun::make`] as [`LeanRun::play_as`] plays.
    fn make_as<const BELIEVED: bool>(
        &mut self,
        game: &Game,
        color: Color,
        shape: Shape,
        slot: u16,
    ) -> Option<RunStop> {
        if let Some(line) = self.place::<BELIEVED>(game, color, shape, slot, false) {
            return Some(line);
        }
        self.forced_moves::<BELIEVED>(game).err()
    }

    /// The cell a piece put in `slot` lands on: the slot itself, or under
    /// gravity the stack's next cell.
    #[inline]
    pub fn landing(&self, game: &Game, slot: u16) -> u16 {
        let board = &self.board;
        match game.geometry.kind {
            BoardKind::Stacks => kept_landing(game, self.phase, board, usize::from(slot))
                .expect("an open stack has room"),
            _ => slot,
        }
    }

    /// [`LeanRun::place`] of the engine's lone placement: out of line, so
    /// Random's placement alone is inlined into the run's loop.
    #[inline(never)]
    fn place_forced<const BELIEVED: bool>(
        &mut self,
        game: &Game,
        color: Color,
        shape: Shape,
        slot: u16,
    ) -> Option<RunStop> {
        self.place::<BELIEVED>(game, color, shape, slot, true)
    }

    /// Places a piece of `color` and `shape` in `slot` (automatic where
    /// the engine makes the move), and ends the turn where it is whole;
    /// the stop where the turn's line decided the game. Where the mover
    /// places on the cells it believes open (`BELIEVED`), the cell may hold
    /// a piece it has not seen.
    #[inline(always)]
    fn place<const BELIEVED: bool>(
        &mut self,
        game: &Game,
        color: Color,
        shape: Shape,
        slot: u16,
        automatic: bool,
    ) -> Option<RunStop> {
        if BELIEVED {
            return self.place_believed(game, color, shape, slot, automatic);
        }
        self.put(game, color, shape, slot, automatic)
    }

    /// [`LeanRun::place`] on a cell the mover believes open (a flat board's
    /// slot is its cell): a piece it has not seen there blocks it, as the
    /// state plays it; else the seats that see the piece put there no
    /// longer believe the cell open.
    fn place_believed(
        &mut self,
        game: &Game,
        color: Color,
        shape: Shape,
        to: u16,
        automatic: bool,
    ) -> Option<RunStop> {
        let board = &self.board;
        if board[usize::from(to)] != 0 {
            self.placed.push(Placed {
                to,
                piece: pack(color, shape),
                automatic,
            });
            self.believed_open[self.to_move].remove(to);
            return self.end_turn(game);
        }
        self.seen_placed(game, color, shape, to);
        self.put(game, color, shape, to, automatic)
    }

    /// Puts a piece of `color` and `shape` in `slot`, where it may go.
    #[inline(always)]
    fn put(
        &mut self,
        game: &Game,
        color: Color,
        shape: Shape,
        slot: u16,
        automatic: bool,
    ) -> Option<RunStop> {
        let board = &mut self.board;
        let piece = pack(color, shape);
        let to = match game.geometry.kind {
            // Where it lands is known here: the board need not look it up.
            BoardKind::Stacks => {
                let stack = usize::from(slot);
                let (height, to) =
                    kept_drop(game, self.phase, board, stack).expect("an open stack has room");
                board.fill_stack_unkeyed(stack, height as u8, usize::from(to), piece);
                to
            }
            _ => {
                board.fill_unkeyed(usize::from(slot), piece);
                slot
            }
        };
        self.reserves.take_one_packed_unkeyed(piece);
        self.placed.push(Placed {
            to,
            piece,
            automatic,
        });
        self.lined |=
            game.upkeep.untold_lines && outcome::placement_made_a_line(game, board, to, color);
        if self.turn.len() + 1 < usize::from(game.rules.pieces_per_turn) {
            self.turn.push(to);
            return None;
        }
        // Most turns are one placement: such a turn's cell is not listed.
        match self.turn.is_empty() {
            true => self.end_turn_after(game, Some(to)),
            false => {
                self.turn.push(to);
                self.end_turn(game)
            }
        }
    }

    /// Ends the mover's turn: the stop where its lines decided the game,
    /// else None with the next seat to move.
    #[inline]
    fn end_turn(&mut self, game: &Game) -> Option<RunStop> {
        self.end_turn_after(game, None)
    }

    /// [`LeanRun::end_turn`], where the turn is the one placement on
    /// `lone` if given, else the cells of `turn`.
    #[inline(always)]
    fn end_turn_after(&mut self, game: &Game, lone: Option<u16>) -> Option<RunStop> {
        let mover = self.to_move;
        let board = &self.board;
        if self.lined {
            let cells = match &lone {
                Some(cell) => std::slice::from_ref(cell),
                None => &self.turn[..],
            };
            let decided = match (cells, &game.upkeep.untold_checks[..]) {
                // One placement, one check: the line is of its colour.
                ([cell], [(_, result)]) => {
                    let (color, _) = super::unpack(board[usize::from(*cell)]).expect("placed");
                    outcome::one_line_results_into(game, color, *result, mover, &mut self.results)
                }
                _ => outcome::line_results_into(game, board, cells, mover, &mut self.results),
            };
            if decided {
                return Some(RunStop::Line);
            }
        }
        self.to_move = super::turn_end::seat_after(game, mover);
        self.turn.clear();
        self.lined = false;
        None
    }

    /// The seats that see the piece the mover puts on `to` no longer
    /// believe that cell open: every seat where it is not cloaked, else the
    /// mover and whoever else sees such a piece (see
    /// `knowledge::seers_of_piece`).
    #[inline]
    fn seen_placed(&mut self, game: &Game, color: Color, shape: Shape, to: u16) {
        let seers = match game.phases[self.phase].cloaked[usize::from(to)] {
            true => seers_of_piece(game, color, shape, known_bit(self.to_move)),
            false => u8::MAX,
        };
        for (seat, open) in self.believed_open.iter_mut().enumerate() {
            if seers & known_bit(seat) != 0 {
                open.remove(to);
            }
        }
    }

    /// The pieces the mover holds of the kinds it may place, and how many
    /// of those kinds it holds.
    #[inline]
    fn held(&self, game: &Game) -> (u32, usize) {
        pieces_held(game, &self.reserves, self.to_move)
    }

    /// How many moves the mover has, as `State::choice_count` counts them
    /// (a kind and a slot make a move, a pass another), where it holds
    /// `kinds_held` kinds; none without a kind held, where the state looks
    /// for its moves the general way.
    #[inline]
    fn choices<const BELIEVED: bool>(&self, game: &Game, kinds_held: usize) -> usize {
        let slots = self.slots::<BELIEVED>().len();
        match kinds_held {
            0 => 0,
            _ => kinds_held * slots + usize::from(game.phases[self.phase].pass),
        }
    }
}

impl State {
    /// Plays Random's moves, at most `limit`, on a lean run (see
    /// [`LeanRun::play_from`]); returns how many were played (none where
    /// no run applies). The state ends as the general way leaves it: `run`
    /// plays the moves, and the state then records them.
    pub(crate) fn play_lean_run<R: Rng + ?Sized>(
        &mut self,
        run: &mut LeanRun,
        rng: &mut R,
        limit: usize,
    ) -> usize {
        match run.play_from(self, rng, limit, LeanRun::play) {
            Some((played, stop)) => {
                run.settle(self, stop);
                played
            }
            None => 0,
        }
    }

    /// Makes the placements of `run`, loaded from this state, as `decide`
    /// makes them, and then a pass where Random drew one.
    pub fn settle_lean(&mut self, run: &LeanRun, then_pass: bool) {
        if run.cloaked(&self.game) {
            // Cloaked placements learn what each seat sees: the general
            // way, which also makes the engine's own moves after each.
            for placed in run.placed.iter().filter(|p| !p.automatic) {
                self.decide(placed.placement());
            }
        } else {
            let last = run.placed.len();
            for (i, placed) in run.placed.iter().enumerate() {
                self.place_lean(placed, i + 1 == last);
            }
        }
        if then_pass {
            self.decide(Move::Pass);
        }
    }

    /// Whether Random's next move is drawn from a lean phase's product.
    #[inline]
    fn lean_now(&self) -> bool {
        (self.game.runs.placements[self.position.phase()]
            || self.game.runs.hidden_placements[self.position.phase()])
            && self.outcome.is_none()
            && self.draw_offered_by().is_none()
            && self.choices.placing.is_some()
            && self.standings.left == 0
    }

    /// What `decide` does for a placement drawn from a lean product (and
    /// `play_automatic` for a lone one): the
    /// placement as `place_quietly` makes it, the turn's end as
    /// `finish_turn` makes it where only lines are asked, and, after the
    /// last of a run (`last`), the moves of the next position as
    /// `refresh_choices` finds them. Before that nothing reads them.
    fn place_lean(&mut self, placed: &Placed, last: bool) {
        let mv = placed.placement();
        let Move::Place { color, shape, to } = mv else {
            unreachable!("a placement");
        };
        let automatic = placed.automatic;
        let seat = self.position.to_move();
        debug_assert_eq!(self.position.tactics.extra, 0, "nothing captures");
        if !automatic {
            self.records.decisions.push(mv);
        }
        self.record_quiet_placement(color, shape, to, automatic);
        self.position.turn_moves.push(mv);
        if self.position.turn_moves.len() >= usize::from(self.game.rules.pieces_per_turn) {
            self.position.tactics.chain = None;
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
            self.position.to_move = self.seat_after(seat) as u8;
            self.position.turn_moves.clear();
            self.position.changed.clear();
            self.talk.offered_this_turn = false;
        }
        if last && !self.refresh_lean_choices() {
            self.play_automatic();
        }
    }

    /// Whether a placement of the turn ending completed a line: the turn's
    /// moves are its placements, and the cells it changed their cells.
    fn turn_made_a_line(&self) -> bool {
        self.position.turn_moves.iter().any(|mv| match *mv {
            Move::Place { color, to, .. } => {
                outcome::placement_made_a_line(&self.game, &self.position.board, to, color)
            }
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

#[cfg(test)]
mod tests {
    use crate::game::GameState;
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;
    use serde_json::json;

    use super::super::run_checks::play_runs_step_by_step;
    use crate::testing::{catalogue_game, game};
    use crate::{Game, Move, State, catalogue};

    /// Invented rule sets whose placements are lean in ways the catalogue's
    /// are not: a pass beside them, two pieces a turn, draw offers, three
    /// seats of shared colours, spaces closed to a seat, stacks, no checks,
    /// a placement phase before a moving one, and two a turn on nine cells
    /// (the board fills in the middle of a turn, whose lines are then
    /// still to be checked); and under "Cloaking hides", Phantom
    /// Tic-Tac-Toe, three seats placing two a turn with some spaces cloaked,
    /// and hidden stones of shared colours that move after their placement
    /// (every seat that can move one sees it); and full boards judged by
    /// who moved last, and by the pieces and areas on them.
    fn invented() -> Vec<std::sync::Arc<Game>> {
        vec![
            game(json!({"pieces_per_turn": 2})),
            game(json!({"cloaking": "hides", "phases": [{"cloaked": ["all"]}]})),
            game(
                json!({"cloaking": "hides", "players": "three", "board": "squares",
                        "dimensions": [4, 4, 1], "pieces_per_turn": 2,
                        "phases": [{"cloaked": ["1,1", "2,2", "3,3", "4,4", "1,4", "4,1"]}]}),
            ),
            game(json!({"cloaking": "hides", "colors": "shared",
                        "shapes": [{"movement": ["adjacent"], "reserves": {"black": 6}}],
                        "phases": [{"placement_only": true, "cloaked": ["all"]}, {"cloaked": ["all"]}]})),
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
            // A full board judged by who moved last, and by the pieces on it.
            game(json!({"stalemate": [{"rule": "mover_loses"}]})),
            game(
                json!({"players": "three", "board": "squares", "dimensions": [3, 4, 1],
                        "shapes": [{"shape": "circle", "reserves": {"black": 3, "white": 4, "pink": 4}}],
                        "stalemate": [{"rule": "most", "of": {"measure": "pieces"}, "result": "win"},
                                      {"rule": "least", "of": {"measure": "area"}, "result": "lose"}]}),
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
            lean.position.changed, general.position.changed,
            "{what}: cells changed this turn"
        );
        assert_eq!(
            lean.position.flags, general.position.flags,
            "{what}: the pieces' flags"
        );
        assert_eq!(
            lean.talk.offered_this_turn, general.talk.offered_this_turn,
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
            lean_games += usize::from(game.runs.placements.iter().any(|l| *l));
            let mut run = super::LeanRun::default();
            for seed in 0..12u64 {
                play_runs_step_by_step(&game, seed, &mut run, assert_same);
            }
        }
        assert!(lean_games >= 12, "{lean_games} games have lean placements");
    }

    #[test]
    fn playouts_for_results_end_as_whole_playouts_end() {
        let games = catalogue::names().into_iter().map(catalogue_game);
        let mut untouched = 0;
        let mut run = super::LeanRun::default();
        for game in games.chain(invented()) {
            let name = &game.rules.name;
            for seed in 0..12u64 {
                let start = game.start_seeded(seed);
                let mut whole = start.clone();
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
                let mut whole_rng = rng.clone();
                let moves = crate::random::playout(&mut whole, &mut whole_rng);
                let mut state = start.clone();
                let played =
                    crate::random::play_for_results(&mut state, &mut run, &mut rng, usize::MAX);
                assert_eq!(played.moves, moves, "{name}, seed {seed}: moves");
                let apart = played.apart.then(|| run.results().to_vec());
                let results = match apart {
                    // Moved or not, the state stands where the last run began.
                    Some(results) if !played.moved => {
                        untouched += 1;
                        assert_eq!(state.position_key(), start.position_key(), "{name}");
                        assert!(state.decisions().is_empty(), "{name}, seed {seed}");
                        results
                    }
                    Some(results) => {
                        assert!(!state.is_finished(), "{name}, seed {seed}");
                        assert!(state.decisions().len() < whole.decisions().len());
                        results
                    }
                    None => {
                        assert!(played.moved, "{name}, seed {seed}: the state moved");
                        assert_eq!(state.history(), whole.history(), "{name}, seed {seed}");
                        state.results().expect("the state holds the end").to_vec()
                    }
                };
                assert_eq!(Some(&results[..]), whole.results(), "{name}, seed {seed}");
            }
        }
        assert!(
            untouched >= 100,
            "{untouched} playouts ended apart from their state"
        );
    }

    #[test]
    fn a_runs_moves_and_where_they_end_are_the_states() {
        use rand::RngExt;
        let one_a_turn = |g: &std::sync::Arc<Game>| {
            g.rules.phases.len() == 1 && !g.rules.phases[0].pass && g.rules.pieces_per_turn == 1
        };
        let games = catalogue::names().into_iter().map(catalogue_game);
        let (mut lines, mut stalemates, mut handed, mut by_board) = (0, 0, 0, 0);
        for game in games.chain(invented()).filter(one_a_turn) {
            let name = &game.rules.name;
            let mut run = super::LeanRun::default();
            for seed in 0..12u64 {
                let mut state = game.start_seeded(seed);
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
                if !run.load(&state) {
                    continue;
                }
                loop {
                    let listed = state.legal_actions().to_vec();
                    let placements: Vec<_> = listed
                        .iter()
                        .copied()
                        .filter(|m| matches!(m, Move::Place { .. }))
                        .collect();
                    assert_eq!(run.moves(&game), placements, "{name}, seed {seed}");
                    assert_eq!(run.to_move(), state.to_move(), "{name}, seed {seed}");
                    let mv = placements[rng.random_range(0..placements.len())];
                    let stop = run.make(&game, mv);
                    state.apply(mv).unwrap();
                    match stop {
                        None => assert!(!state.is_finished(), "{name}, seed {seed}"),
                        Some(stop) if stop.decided() => {
                            assert_eq!(state.results(), Some(run.results()), "{name}");
                            match stop {
                                super::RunStop::Line => lines += 1,
                                _ => stalemates += 1,
                            }
                            by_board +=
                                usize::from(game.outcomes.foreknown.stalemate_anywhere.is_none());
                            break;
                        }
                        Some(stop) => {
                            assert_eq!(stop, super::RunStop::Handover, "{name}");
                            // The board is full, or a seat holding nothing passed.
                            let passed = state.history().last().is_some_and(|applied| {
                                applied.automatic && applied.mv == Move::Pass
                            });
                            assert!(state.is_finished() || passed, "{name}, seed {seed}");
                            handed += 1;
                            break;
                        }
                    }
                }
            }
        }
        assert!(
            lines >= 50 && stalemates >= 5 && handed >= 5 && by_board >= 5,
            "{lines} lines, {stalemates} stalemates ({by_board} judged by the board), {handed} handed over"
        );
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
            assert_eq!(catalogue_game(name).runs.placements, [true], "{name}");
        }
        // Stones that move after their placement: the placements are lean.
        let moving = game(
            json!({"shapes": [{"movement": ["adjacent"], "reserves": {"black": 3, "white": 3}}],
                                 "phases": [{"placement_only": true}, {}]}),
        );
        assert_eq!(moving.runs.placements, [true, false]);
        // Hidden pieces, a line remembered for the stalemate, a capture.
        for fields in [
            json!({"cloaking": "hides", "phases": [{"cloaked": ["1,1"]}]}),
            json!({"stalemate": [{"rule": "last_in_a_row", "length": 2, "result": "win"}]}),
            json!({"shapes": [{"power": "can", "capture": "cover", "result": "remove",
                          "reserves": {"black": 5, "white": 5}}]}),
        ] {
            assert_eq!(game(fields.clone()).runs.placements, [false], "{fields}");
        }
        // Hidden placements are lean on the cells each seat believes open.
        let hidden = game(json!({"cloaking": "hides", "phases": [{"cloaked": ["1,1"]}]}));
        assert_eq!(hidden.runs.hidden_placements, [true]);
    }
}
