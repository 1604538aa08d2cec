//! The parts a state is made of: the position, and each record kept
//! beside it, with how each is copied.

use std::sync::Arc;

use super::super::Move;
use super::super::outcome::Outcome;
use super::super::words::History;

#[derive(Clone, Debug)]
pub(crate) struct DrawOffer {
    pub offerer: usize,
    /// Seats still to answer, in turn order; Chaos is never asked.
    pub waiting: Vec<usize>,
}

/// The position: the board, the reserves, the phase, the seat to move and
/// the turn in progress.
#[derive(Debug)]
pub(crate) struct Position {
    pub board: super::super::board::Board,
    /// Per cell: flags of the piece there (see `PARALYSED`); they move with it.
    pub flags: super::super::piece_flags::Flags,
    pub reserves: super::super::reserves::Reserves,
    /// The phase and the seat to move, as bytes (read as indexes through
    /// [`Position::phase`] and [`Position::to_move`]): a match has a few of
    /// each, and every state carries them.
    pub phase: u8,
    pub to_move: u8,
    /// Moves already made in the current turn.
    pub turn_moves: Vec<Move>,
    pub turn_start_key: u64,
    /// Cells whose contents changed during the current turn.
    pub changed: Vec<u16>,
    /// Chains of jumps, and the space a pawn just crossed (en passant).
    pub tactics: super::super::taking::Tactics,
    /// The walls moves have left behind, once one has (see `trails`).
    pub left_walls: Option<Box<super::super::trails::LeftWalls>>,
    /// The die's face for the turn under way, once rolled (see `dice`).
    pub rolled: Option<u8>,
}

impl Position {
    /// The phase under way, from 0.
    #[inline]
    pub fn phase(&self) -> usize {
        usize::from(self.phase)
    }

    /// The seat to move, from 0.
    #[inline]
    pub fn to_move(&self) -> usize {
        usize::from(self.to_move)
    }
}

/// Cloned by hand, so `clone_from` reuses the buffers.
impl Clone for Position {
    fn clone(&self) -> Position {
        Position {
            board: self.board.clone(),
            flags: self.flags.clone(),
            reserves: self.reserves.clone(),
            phase: self.phase,
            to_move: self.to_move,
            turn_moves: self.turn_moves.clone(),
            turn_start_key: self.turn_start_key,
            changed: self.changed.clone(),
            tactics: self.tactics.clone(),
            left_walls: self.left_walls.clone(),
            rolled: self.rolled,
        }
    }

    fn clone_from(&mut self, source: &Position) {
        let Position {
            board,
            flags,
            reserves,
            phase,
            to_move,
            turn_moves,
            turn_start_key,
            changed,
            tactics,
            left_walls,
            rolled,
        } = self;
        board.clone_from(&source.board);
        flags.copy_from(&source.flags);
        reserves.clone_from(&source.reserves);
        *phase = source.phase;
        *to_move = source.to_move;
        turn_moves.clone_from(&source.turn_moves);
        *turn_start_key = source.turn_start_key;
        changed.clone_from(&source.changed);
        tactics.clone_from(&source.tactics);
        left_walls.clone_from(&source.left_walls);
        *rolled = source.rolled;
    }
}

/// A match's random stream: where it is, and where it began.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stream {
    pub next: u64,
    pub seed: u64,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct DrawTalk {
    /// Boxed: most states have none, and every state carries the field.
    pub offer: Option<Box<DrawOffer>>,
    pub offered_this_turn: bool,
}

/// Who stands where as the match goes on.
#[derive(Clone, Debug)]
pub(crate) struct Standings {
    /// Bit per seat that has folded (see `fold`).
    pub folded: u8,
    /// Bit per seat that left the match (see `leave`); a seat that left
    /// is folded too.
    pub left: u8,
    /// Per "Last <shape>" check and board, the teams holding the shape at
    /// the start of the turn (see `outcome::shape_holders`).
    pub shape_holders: Vec<u16>,
    /// What changes only when a line, a team or a board is decided: shared
    /// by the copies of a state until one of them changes it.
    pub decided: Arc<Decided>,
}

/// The standings that change seldom (see [`Standings::decided_mut`]).
#[derive(Clone, Debug)]
pub(crate) struct Decided {
    /// Per stalemate rule, the teams that completed the line it names, the
    /// most recent last.
    pub last_line_teams: Vec<Vec<usize>>,
    /// Per team: disqualified as an overachiever.
    pub disqualified: Vec<bool>,
    /// Per board, whether it is decided and how (a decided board is
    /// locked to all).
    pub board_results: Vec<BoardResult>,
}

/// Whether a board is decided, and its outcome where the ending does not
/// tell it: a board the final stalemate or the last turn decides is only
/// marked, with no outcome to allocate (the end of most playouts).
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) enum BoardResult {
    #[default]
    Open,
    /// Decided; the match's ending tells how.
    Decided,
    /// Decided before the match ended, with this outcome.
    Kept(Box<Outcome>),
}

impl BoardResult {
    #[inline]
    pub(crate) fn is_open(&self) -> bool {
        matches!(self, BoardResult::Open)
    }

    #[inline]
    pub(crate) fn is_decided(&self) -> bool {
        !self.is_open()
    }
}

impl Decided {
    /// Becomes a copy of `source`, in its own lists.
    fn refill_from(&mut self, source: &Decided) {
        self.last_line_teams.clone_from(&source.last_line_teams);
        self.disqualified.clone_from(&source.disqualified);
        self.board_results.clone_from(&source.board_results);
    }
}

impl Standings {
    pub(super) fn copy_from(&mut self, source: &Standings) {
        self.folded = source.folded;
        self.left = source.left;
        self.shape_holders.clone_from(&source.shape_holders);
        // Refilled in place where no other state holds them: a playout
        // copies the start again and again, and shared standings were
        // copied anew (three allocations) at each game's first decision.
        match Arc::get_mut(&mut self.decided) {
            Some(mine) => mine.refill_from(&source.decided),
            None => self.decided.clone_from(&source.decided),
        }
    }

    /// The seldom-changed standings, to change: this state's own from now
    /// on (copied first if another state shares them).
    pub fn decided_mut(&mut self) -> &mut Decided {
        Arc::make_mut(&mut self.decided)
    }
}

/// The past of a match.
#[derive(Clone, Debug, Default)]
pub(crate) struct Records {
    pub history: History,
    pub decisions: super::super::log::Log<Move>,
}

/// The simultaneous round being planned, if any.
#[derive(Debug, Default)]
pub(crate) struct Rounds {
    pub current: Option<Box<super::super::round::Round>>,
    /// Set on a planner's position while its plan is open: the end of its
    /// turn closes the plan (clears this) instead of ending the turn.
    pub planning: bool,
}

/// Buffers a state keeps between calls; never copied.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    /// The moves `capture_available` and `in_truth` list, kept between
    /// their calls so that judging a turn allocates nothing (the first runs
    /// after every turn of a game with "Stalemate if Chaos cannot capture",
    /// the second for every cloaked move).
    pub moves: Vec<Move>,
    /// The stacks judged so far, by their contents (see `Verdicts`).
    pub verdicts: super::super::capture::Verdicts,
    /// The last round, resolved, kept for the next to reuse its lists and
    /// position (see `round::clone_round_from`).
    pub idle_round: Option<Box<super::super::round::Round>>,
}
