//! A rule set compiled for play, and the state of one match.

mod admission;
mod board;
mod by_stack;
mod capture;
mod choices;
mod compile;
mod dice;
mod fold;
mod goals;
mod hands;
mod illegal;
mod interface;
mod knowledge;
mod lean_run;
mod leave;
mod line_bits;
mod lines;
mod log;
mod move_run;
mod movegen;
mod moves;
mod outcome;
mod piece_flags;
mod placements;
pub mod position_key;
mod reserves;
mod round;
mod score;
mod seen_turns;
mod slots;
mod split_list;
mod stack_run;
mod state;
mod step_moves;
mod steps;
mod surround_bits;
mod taking;
mod told;
mod trails;
mod turn_end;
mod upkeep;
mod view;
mod walk;
mod words;

use std::sync::Arc;

use crate::geometry::Geometry;
use crate::rules::{BoardKind, Color, RuleSet, Shape};

pub(crate) use compile::{Layouts, PieceRules, Spaces, Start, Teams};
pub use interface::{
    ChanceOutcomes, Chances, GameState, IllegalAction, KnownDecision, Movers, Plan, SealedPlan,
    Seats, return_of,
};
pub use lean_run::{LeanRun, RunStop};
pub use log::Log;
pub use moves::Move;
pub use outcome::{
    BoardEnding, Explanation, Fired, Line, Measured, Outcome, Rule, SIDE_AXES, SeatResult,
    StalemateCause, default_label,
};
pub use round::RoundProgress;
pub use state::{Applied, State};
pub use told::{PRIVATE_WORDS, SEALED_WORDS, Told, ToldWhat};
pub use view::{PlayerView, PublicView, Seen, Shown, SpaceView, View};

/// Colours and shapes index a piece: 9 x 6 kinds.
pub const PIECE_KINDS: usize = 9 * 6;

/// A piece on a cell, packed: 0 is empty, else 1 + colour * 6 + shape.
pub type Cell = u8;

/// Per-cell flag: the piece there was paralysed by a capture and cannot move.
pub(crate) const PARALYSED: u8 = 1;

/// Per-cell flag: `seat` has fully seen the piece there. Flags move with
/// their piece, so knowledge follows it.
pub(crate) fn known_bit(seat: usize) -> u8 {
    2 << seat
}

pub fn pack(color: Color, shape: Shape) -> Cell {
    1 + (color.index() * 6 + shape.index()) as u8
}

#[inline]
pub fn unpack(cell: Cell) -> Option<(Color, Shape)> {
    UNPACKED[usize::from(cell)]
}

/// [`unpack`] of every cell value, worked out when compiling: move
/// generation unpacks every piece it looks at, and a load is cheaper than
/// the division by the shape count.
const UNPACKED: [Option<(Color, Shape)>; 256] = {
    let mut table = [None; 256];
    let mut k = 0;
    while k < Color::ALL.len() * Shape::ALL.len() {
        table[k + 1] = Some((Color::ALL[k / 6], Shape::ALL[k % 6]));
        k += 1;
    }
    table
};

/// One seat of a match.
#[derive(Clone, Debug)]
pub struct Seat {
    /// 1-based seat number; Chaos sits last.
    pub number: u8,
    pub is_chaos: bool,
    /// The colour shown for this seat.
    pub color: Color,
    /// Bit per colour this seat may place and move.
    pub controls: u16,
    /// Seats with one shared outcome (partners) have the same team.
    pub team: usize,
}

impl Seat {
    pub fn controls(&self, color: Color) -> bool {
        self.controls & (1 << color.index()) != 0
    }

    /// "Player 1" ... or "Chaos".
    pub fn label(&self) -> String {
        if self.is_chaos {
            "Chaos".to_string()
        } else {
            format!("Player {}", self.number)
        }
    }
}

/// Per-phase masks.
#[derive(Clone, Debug)]
pub(crate) struct CompiledPhase {
    pub placement_only: bool,
    pub pass: bool,
    /// Bit per seat index.
    pub locked_seats: u8,
    pub locked: Vec<bool>,
    pub cloaked: Vec<bool>,
    /// The cloaked cells, in order: the only ones where a piece or a wall
    /// can be unseen.
    pub cloaked_cells: Vec<u16>,
    /// The cloaked cells that are locked: the only walls that can be
    /// unseen (most phases have none, and a seat's moves are judged often).
    pub cloaked_walls: Vec<u16>,
}

/// A rule set ready for play: geometry, seats and masks, shared by every
/// state. Each table is built and read by the module named beside it.
#[derive(Debug)]
pub struct Game {
    pub rules: RuleSet,
    pub geometry: Geometry,
    pub seats: Vec<Seat>,
    pub(crate) phases: Vec<CompiledPhase>,
    /// Which spaces hold or admit whom.
    pub(crate) spaces: Spaces,
    /// The first position's board and reserves.
    pub(crate) start: Start,
    /// How each shape moves and captures, and the tables made of it.
    pub(crate) pieces: PieceRules,
    /// Goals, forward-only movement, promotion, castling and jump directions.
    pub(crate) goals: goals::Goals,
    /// The teams, and which colours each plays.
    pub(crate) teams: Teams,
    /// The board's cells laid out for counting a word at a time.
    pub(crate) layouts: Layouts,
    /// Where placements land and which are listed (see
    /// `placements::Placing`).
    pub(crate) placing: placements::Placing,
    /// Which of the end-of-turn bookkeeping the rules need (see `upkeep`).
    pub(crate) upkeep: upkeep::Upkeep,
    /// What the runs may play, phase by phase (see `admission`): where
    /// none may, Random's moves are not offered to one (the phased games
    /// spent 3% of a playout finding each time that none applied).
    pub(crate) runs: admission::Runs,
    /// Results worked out once, and the masks stalemate measures grow by
    /// (see `outcome`).
    pub(crate) outcomes: outcome::Tables,
    /// Under "Cloaking hides", per seat, the cells where a piece it does
    /// not see can change its moves (see `knowledge::Judged`).
    pub(crate) judged: knowledge::Judged,
}

impl Game {
    /// Whether the rules end a match in ways beyond checks and stalemates,
    /// bound moves or turns beyond the runs, or say what no run knows (see
    /// `admission`): every turn then ends the general way, counted, and
    /// Random plays no runs.
    pub(crate) fn ending_rules(&self) -> bool {
        !self.runs.may_play
    }

    /// Whether no position can come twice: nothing captures, so reserves
    /// only fall and every turn that places a piece is new (a solver needs
    /// no cycle detection then).
    pub fn positions_never_repeat(&self) -> bool {
        self.pieces.nothing_captures
    }

    /// Whether a space is sticky (locked against exit for the whole game).
    pub fn is_sticky(&self, cell: u16) -> bool {
        self.spaces
            .sticky
            .get(usize::from(cell))
            .copied()
            .unwrap_or(false)
    }

    /// The seats that may enter and leave a space, one bit per seat (bit 0
    /// is seat 1); every seat's bit is set on a space exclusive to no one.
    pub fn allowed_seats(&self, cell: u16) -> u8 {
        self.spaces
            .exclusive
            .get(usize::from(cell))
            .copied()
            .unwrap_or(u8::MAX)
    }

    /// The colours a seat plays, as a person reads them: "black", or with
    /// several colours per seat "black and pink".
    pub fn seat_colors_name(&self, seat: usize) -> String {
        let names: Vec<&str> = self.seat_colors(seat).iter().map(|c| c.name()).collect();
        match names.as_slice() {
            [rest @ .., last] if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => names.join(""),
        }
    }

    /// The colours a seat is known by: its own, or with several colours
    /// per seat all it plays (a seat that may place any colour because
    /// players choose is still known by its own).
    pub fn seat_colors(&self, seat: usize) -> Vec<Color> {
        let Some(s) = self.seats.get(seat) else {
            return Vec::new();
        };
        if self.rules.colors_per_seat == 1 || s.is_chaos {
            return vec![s.color];
        }
        Color::ALL.into_iter().filter(|&c| s.controls(c)).collect()
    }

    /// A seat's goal edge, as (axis, value): axis 0 is x and 1 is y, so
    /// `(1, 4)` is the row y = 4. None for Chaos, which has no goal.
    pub fn goal(&self, seat: usize) -> Option<(usize, u8)> {
        self.goals.seats.get(seat).and_then(|g| g.edge)
    }

    /// Compiles a rule set for play. Fails with every problem when it is
    /// invalid; every valid rule set plays.
    pub fn new(rules: RuleSet) -> Result<Arc<Game>, Vec<crate::Problem>> {
        crate::validate(&rules)?;
        Ok(Arc::new(Game::compile(rules)))
    }

    /// The table for lines of `length` (with diagonals or not), if compiled.
    pub(crate) fn line_table(&self, length: u8, diagonals: bool) -> Option<&lines::LineTable> {
        self.layouts
            .line_tables
            .iter()
            .find(|t| t.length == length && t.diagonals == diagonals)
    }

    /// The starting position.
    pub fn start(self: &Arc<Game>) -> State {
        State::new(self.clone(), 0)
    }

    /// The starting position with the match's random stream (pot splits) seeded.
    pub fn start_seeded(self: &Arc<Game>, seed: u64) -> State {
        State::new(self.clone(), seed)
    }

    pub fn chaos_seat(&self) -> Option<usize> {
        self.seats.iter().position(|s| s.is_chaos)
    }

    /// The label the rules give a space or its whole stack, if any.
    pub fn space_label(&self, cell: u16) -> Option<&str> {
        let k = self.geometry.coord(cell);
        self.rules
            .labels
            .spaces
            .iter()
            .find(|l| l.at.matches(k.board, k.x, k.y, k.z))
            .map(|l| l.label.as_str())
    }

    /// Where a piece goes, as a person types it: "(2,3)", and on stacks
    /// the stack ("stack 4"), with the space's label first where it has
    /// one ("the pot (stack 5)", "the centre at (2,2)").
    pub fn place_words(&self, cell: u16) -> String {
        let place = match crate::notation::stack_words(&self.geometry, cell) {
            Some(stack) => format!("stack {stack}"),
            None => self.geometry.name(cell),
        };
        match self.space_label(cell) {
            Some(label) if self.geometry.kind == BoardKind::Stacks => format!("{label} ({place})"),
            Some(label) => format!("{label} at {place}"),
            None => place,
        }
    }

    /// A shape as shown: its label with its name ("rock (circle)"), or
    /// its name.
    pub fn shape_words(&self, shape: Shape) -> String {
        self.rules.labels.shape_words(shape)
    }
}

#[cfg(test)]
mod run_checks;
#[cfg(test)]
mod tests;
