//! A rule set compiled for play, and the state of one match.

mod admission;
mod board;
mod by_stack;
mod capture;
mod choices;
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
mod move_run;
mod movegen;
mod moves;
mod outcome;
mod placements;
pub mod position_key;
mod reserves;
mod round;
mod score;
mod seen_turns;
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
mod words;

use std::sync::Arc;

use crate::geometry::Geometry;
use crate::rules::{
    BoardKind, CaptureCondition, Cloaking, Color, ColorMode, Measure, Movement, Players, RuleSet,
    SeatRef, Shape, SpaceRef, StalemateRule, TurnCheck,
};

pub use interface::{
    ChanceOutcomes, IllegalAction, KnownDecision, Movers, Plan, SealedPlan, Seats, return_of,
};
pub(crate) use lean_run::{LeanRun, RunStop, threat_win};
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

pub fn unpack(cell: Cell) -> Option<(Color, Shape)> {
    let k = usize::from(cell.checked_sub(1)?);
    Some((Color::from_index(k / 6)?, Shape::from_index(k % 6)?))
}

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

/// A rule set ready for play: geometry, seats and masks, shared by every state.
#[derive(Debug)]
pub struct Game {
    pub rules: RuleSet,
    pub geometry: Geometry,
    pub seats: Vec<Seat>,
    pub(crate) phases: Vec<CompiledPhase>,
    pub(crate) sticky: Vec<bool>,
    /// Bit per seat index allowed to enter or leave; all bits where unrestricted.
    pub(crate) exclusive: Vec<u8>,
    pub(crate) initial_board: Vec<Cell>,
    pub(crate) initial_reserves: [u16; PIECE_KINDS],
    /// Movement kinds per shape index.
    pub(crate) movement: [Vec<Movement>; 6],
    /// The one axis each shape's moves keep to, if any, per shape index.
    pub(crate) axis: [Option<crate::rules::Axis>; 6],
    /// Capture power per shape index.
    pub(crate) powers: [Option<capture::ShapePower>; 6],
    /// How strongly each shape contests a cover, per shape index (from
    /// `powers`: judging a stack asks it of every piece).
    pub(crate) strengths: [capture::Strength; 6],
    /// Goals, forward-only movement, promotion, castling and jump directions.
    pub(crate) goals: goals::Goals,
    pub(crate) teams: usize,
    /// Whether reserves can only fall (nothing captures, so nothing goes
    /// back): then a turn that places a piece can never repeat.
    pub(crate) reserves_only_fall: bool,
    /// Which slot each cell opens or closes (see `board`).
    pub(crate) slot_of: Arc<[u16]>,
    /// On stacks, where each cell stands (see `board::StackLayout`).
    pub(crate) stack_layout: Option<Arc<board::StackLayout>>,
    /// Where placements land and which are listed (see
    /// `placements::Placing`).
    pub(crate) placing: placements::Placing,
    /// In-a-row lines as masks, per length and diagonals the rules count,
    /// where the board is small enough and its lines do not wrap (see `lines`).
    pub(crate) line_tables: Vec<lines::LineTable>,
    /// Where lines are counted on a board too big for `line_tables`: its
    /// line axes' layouts, for boards to keep their pieces as bits along
    /// them (see `line_bits`).
    pub(crate) line_layout: Option<Arc<line_bits::LineLayout>>,
    /// Where a turn checks that a seat joins its sides: the board's edge
    /// steps as shifts, to answer it a word at a time (see `side_bits`).
    pub(crate) side_layout: Option<Arc<outcome::side_bits::SideLayout>>,
    /// Where a shape captures by surrounding: the board's steps back as
    /// shifts, to find every placement that surrounds at once (see
    /// `surround_bits`).
    pub(crate) surround_layout: Option<Arc<surround_bits::SurroundLayout>>,
    /// Per colour, the only team that plays it, if one team alone does.
    pub(crate) color_owner: [Option<usize>; Color::ALL.len()],
    /// Per team, the colours its seats play, a bit each (bit i is colour i).
    pub(crate) team_colors: Vec<u16>,
    /// Which of the end-of-turn bookkeeping the rules need (see `upkeep`).
    pub(crate) upkeep: upkeep::Upkeep,
    /// Per cell, its orthogonal neighbours a bit each, where some stalemate
    /// rule measures area and the board has at most 64 cells: an area
    /// then grows by ORs (see `outcome::measures`).
    pub(crate) area_masks: Option<Vec<u64>>,
    /// Per direction, one step along it from a set of cells as bits (a
    /// shift where every step adds the same to the cell index), where some
    /// stalemate rule measures lines and the board has at most 64 cells
    /// with no walk that comes back: runs then grow by ORs (see
    /// `outcome::measures`).
    pub(crate) line_steps: Option<Vec<outcome::BitStep>>,
    /// Movements as bit masks, where the board and rules allow (see `steps`).
    pub(crate) step_table: Option<steps::StepTable>,
    /// What the runs may play, phase by phase (see `admission`): where
    /// none may, Random's moves are not offered to one (the phased games
    /// spent 3% of a playout finding each time that none applied).
    pub(crate) runs: admission::Runs,
    /// Results worked out once: of a stalemate, and of a lone check
    /// naming one team (see `outcome::Foreknown`).
    pub(crate) foreknown: outcome::Foreknown,
    /// Under "Cloaking hides", per seat, the cells where a piece it does
    /// not see can change its moves (see `knowledge::Judged`).
    pub(crate) judged: knowledge::Judged,
    /// Per phase, the seats that may have a move by stack, a bit each (see
    /// `by_stack::seats_that_may_step`).
    pub(crate) seats_may_step: Vec<u8>,
    /// The stacks a move by stack may land on (see `by_stack::StackRows`).
    pub(crate) stack_rows: Option<by_stack::StackRows>,
}

impl Game {
    /// Whether the rules end a match in ways beyond checks and stalemates,
    /// bound moves or turns beyond the runs, or say what no run knows (see
    /// `admission`): every turn then ends the general way, counted, and
    /// Random plays no runs.
    pub(crate) fn ending_rules(&self) -> bool {
        !self.runs.may_play
    }

    /// Whether a space is sticky (locked against exit for the whole game).
    pub fn is_sticky(&self, cell: u16) -> bool {
        self.sticky.get(usize::from(cell)).copied().unwrap_or(false)
    }

    /// The seats that may enter and leave a space, one bit per seat (bit 0
    /// is seat 1); every seat's bit is set on a space exclusive to no one.
    pub fn allowed_seats(&self, cell: u16) -> u8 {
        self.exclusive
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

    fn compile(rules: RuleSet) -> Game {
        let geometry = Geometry::compile(&rules);
        let seats = seats_of(&rules);
        let teams = seats.iter().map(|s| s.team).max().map_or(0, |t| t + 1);
        let cells = geometry.cell_count();
        let spaces = |refs: &[SpaceRef]| -> Vec<bool> {
            (0..cells as u16)
                .map(|c| {
                    let k = geometry.coord(c);
                    refs.iter().any(|r| r.matches(k.board, k.x, k.y, k.z))
                })
                .collect()
        };
        let seat_bit = |r: &SeatRef| -> u8 {
            let index = match r {
                SeatRef::Player(n) => usize::from(*n) - 1,
                SeatRef::Chaos => seats.len() - 1,
            };
            1 << index
        };
        let phases: Vec<CompiledPhase> = rules
            .phases
            .iter()
            .map(|p| CompiledPhase {
                cloaked_walls: (spaces(&p.cloaked).iter().zip(spaces(&p.locked)).enumerate())
                    .filter(|(_, (cloaked, locked))| **cloaked && *locked)
                    .map(|(c, _)| c as u16)
                    .collect(),
                placement_only: p.placement_only,
                pass: p.pass,
                locked_seats: p.locked_seats.iter().map(seat_bit).fold(0, |a, b| a | b),
                locked: spaces(&p.locked),
                cloaked: spaces(&p.cloaked),
                cloaked_cells: (spaces(&p.cloaked).iter().enumerate())
                    .filter(|(_, cloaked)| **cloaked)
                    .map(|(c, _)| c as u16)
                    .collect(),
            })
            .collect();
        let sticky = spaces(&rules.sticky);
        let mut exclusive = vec![u8::MAX; cells];
        for ex in &rules.exclusive {
            let allowed = ex.seats.iter().map(seat_bit).fold(0, |a, b| a | b);
            for (c, inside) in spaces(&ex.spaces).into_iter().enumerate() {
                if inside {
                    exclusive[c] = if exclusive[c] == u8::MAX {
                        allowed
                    } else {
                        exclusive[c] | allowed
                    };
                }
            }
        }
        let mut initial_board = vec![0; cells];
        for piece in &rules.initial {
            for c in 0..cells as u16 {
                let k = geometry.coord(c);
                if !piece.at.matches(k.board, k.x, k.y, k.z) {
                    continue;
                }
                if geometry.kind == BoardKind::Stacks && !piece.at.is_cell() {
                    // A whole stack: fill from the bottom, above any locked cell.
                    if k.z != 1 {
                        continue;
                    }
                    let column = geometry.columns()[geometry.column_of(c)].clone();
                    let mut placed = 0;
                    for (i, &cell) in column.iter().enumerate() {
                        let blocked_above = column[i..]
                            .iter()
                            .any(|&a| phases[0].locked[usize::from(a)]);
                        if placed < piece.count
                            && initial_board[usize::from(cell)] == 0
                            && !blocked_above
                        {
                            initial_board[usize::from(cell)] = pack(piece.color, piece.shape);
                            placed += 1;
                        }
                    }
                } else {
                    initial_board[usize::from(c)] = pack(piece.color, piece.shape);
                }
            }
        }
        let mut initial_reserves = [0; PIECE_KINDS];
        let mut movement: [Vec<Movement>; 6] = Default::default();
        let mut axis = [None; 6];
        for s in &rules.shapes {
            axis[s.shape.index()] = s.axis;
            for (color, n) in &s.reserves {
                initial_reserves[color.index() * 6 + s.shape.index()] = *n;
            }
            movement[s.shape.index()] = s.movement.clone();
        }
        let powers = capture::compile_powers(&rules);
        let goals = goals::Goals::compile(&rules, &geometry, &seats);
        let nothing_captures = powers.iter().all(Option::is_none);
        let nothing_moves = movement.iter().all(Vec::is_empty);
        let placing =
            placements::Placing::compile(&rules, &geometry, &phases, &exclusive, &seats, {
                (nothing_moves, nothing_captures)
            });
        let slot_of = board::slots_of(&geometry);
        let stacks = geometry.kind == BoardKind::Stacks;
        let stack_layout = stacks.then(|| {
            Arc::new(board::StackLayout::new(
                geometry.columns(),
                geometry.cell_count(),
            ))
        });
        let upkeep = upkeep::Upkeep::compile(
            &rules,
            &phases,
            &powers,
            nothing_captures,
            &placing.everywhere,
        );
        let line_tables: Vec<lines::LineTable> = lines_counted(&rules)
            .into_iter()
            .filter_map(|(length, diagonals)| {
                lines::LineTable::compile(&geometry, length, diagonals)
            })
            .collect();
        let upkeep = upkeep.with_line_tables(&rules, &geometry, &line_tables);
        let counts_lines = !lines_counted(&rules).is_empty();
        // The colours pieces on the board can have: the seats' and the
        // first pieces' (a capture converts only to a seat's colour).
        let board_colours = (seats.iter().map(|s| s.controls))
            .chain(
                initial_board
                    .iter()
                    .filter_map(|&c| unpack(c))
                    .map(|(color, _)| 1 << color.index()),
            )
            .fold(0u16, |colours, c| colours | c);
        let line_layout = (counts_lines && geometry.cell_count() > 64)
            .then(|| line_bits::LineLayout::compile(&geometry, board_colours))
            .flatten()
            .map(Arc::new);
        let side_layout = rules
            .turn_checks
            .iter()
            .any(|c| matches!(c, TurnCheck::ConnectSides { .. }))
            .then(|| outcome::side_bits::SideLayout::compile(&geometry, stacks))
            .flatten()
            .map(Arc::new);
        let surround_layout = rules
            .shapes
            .iter()
            .any(|s| {
                matches!(
                    s.capture,
                    Some(CaptureCondition::SurroundLine | CaptureCondition::SurroundOrthogonal)
                )
            })
            .then(|| surround_bits::SurroundLayout::compile(&geometry, stacks))
            .flatten()
            .map(Arc::new);
        let locked: Vec<&[bool]> = phases.iter().map(|p| p.locked.as_slice()).collect();
        // Unseen pieces are lifted off a seat's belief before its moves are
        // listed; an unseen wall would leave the tables' locks wrong.
        let cloaking_fits = match rules.cloaking {
            Cloaking::None => true,
            Cloaking::Hides => phases.iter().all(|p| p.cloaked_walls.is_empty()),
            Cloaking::Obscures => false,
        };
        // The tables know neither walls that stop slides nor axes.
        let step_table = (!rules.bounds_moves())
            .then(|| {
                steps::StepTable::compile(
                    &geometry,
                    (&movement, &powers, &goals),
                    cloaking_fits,
                    (&locked, &exclusive, &sticky),
                    &seats.iter().map(|s| s.controls).collect::<Vec<_>>(),
                )
            })
            .flatten();
        let measured = |wanted: fn(&Measure) -> bool| {
            rules.stalemate.iter().any(|r| match r {
                StalemateRule::Most { of, .. }
                | StalemateRule::Least { of, .. }
                | StalemateRule::MoreThanChaos { of, .. }
                | StalemateRule::LessThanChaos { of, .. }
                | StalemateRule::Any { of, .. } => wanted(of),
                _ => false,
            })
        };
        let area_masks = measured(|of| *of == Measure::Area)
            .then(|| outcome::orthogonal_masks(&geometry))
            .flatten();
        let line_steps =
            measured(|of| matches!(of, Measure::LongestLine { .. } | Measure::Lines { .. }))
                .then(|| outcome::step_masks(&geometry))
                .flatten();
        let judged = knowledge::Judged {
            on: knowledge::cells_judged_on(&rules, &geometry, &exclusive, &upkeep, seats.len()),
            for_captures: knowledge::cells_judged_for_captures(
                &rules,
                &geometry,
                &exclusive,
                seats.len(),
                steps::leaps_that_cover(&movement, &powers),
            ),
        };
        let mut game = Game {
            judged,
            area_masks,
            line_steps,
            step_table,
            runs: admission::Runs::default(),
            seats_may_step: Vec::new(),
            stack_rows: None,
            foreknown: outcome::Foreknown::default(),
            color_owner: [None; Color::ALL.len()],
            team_colors: (0..teams)
                .map(|team| {
                    seats
                        .iter()
                        .filter(|s| s.team == team)
                        .fold(0, |bits, s| bits | s.controls)
                })
                .collect(),
            line_tables,
            line_layout,
            side_layout,
            surround_layout,
            upkeep,
            reserves_only_fall: nothing_captures,
            slot_of,
            stack_layout,
            placing,
            goals,
            strengths: capture::compile_strengths(&powers),
            powers,
            rules,
            geometry,
            seats,
            phases,
            sticky,
            exclusive,
            initial_board,
            initial_reserves,
            movement,
            axis,
            teams,
        };
        for color in Color::ALL {
            game.color_owner[color.index()] = outcome::owner(&game, color);
        }
        game.foreknown = outcome::Foreknown::compile(&game);
        game.seats_may_step = by_stack::seats_that_may_step(&game);
        game.stack_rows = by_stack::StackRows::compile(&game);
        admission::Runs::admit(&mut game);
        game
    }

    /// The table for lines of `length` (with diagonals or not), if compiled.
    pub(crate) fn line_table(&self, length: u8, diagonals: bool) -> Option<&lines::LineTable> {
        self.line_tables
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

/// Seats in order, with their colours and the colours they control.
/// Every length and diagonals of line a rule looks for, once each.
fn lines_counted(rules: &RuleSet) -> Vec<(u8, bool)> {
    let checks = rules.turn_checks.iter().filter_map(|c| match c {
        TurnCheck::InARow {
            length, diagonals, ..
        }
        | TurnCheck::AllLoseIfInARow { length, diagonals } => Some((*length, *diagonals)),
        _ => None,
    });
    let stalemate = rules.stalemate.iter().filter_map(|r| match r {
        StalemateRule::LastInARow {
            length, diagonals, ..
        } => Some((*length, *diagonals)),
        _ => None,
    });
    let mut counted: Vec<(u8, bool)> = checks.chain(stalemate).collect();
    counted.sort_unstable();
    counted.dedup();
    counted
}

fn seats_of(rules: &RuleSet) -> Vec<Seat> {
    let players = rules.players.player_seats();
    let bit = |c: Color| 1u16 << c.index();
    let player_colors: u16 = (0..players)
        .map(|i| bit(Color::ALL[i]))
        .fold(0, |a, b| a | b);
    let mut seats: Vec<Seat> = (0..players)
        .map(|i| {
            let own = Color::ALL[i];
            let (color, controls) = match rules.colors {
                ColorMode::Assigned => (
                    own,
                    (crate::validate::seat_colors(rules, i).into_iter())
                        .fold(0, |bits, c| bits | bit(c)),
                ),
                ColorMode::Shared => (Color::Black, bit(Color::Black)),
                ColorMode::PartnersShare => {
                    let c = if i % 2 == 0 {
                        Color::Black
                    } else {
                        Color::White
                    };
                    (c, bit(c))
                }
                ColorMode::PlayersChoose => (own, player_colors),
            };
            let team = if rules.players == Players::Partners {
                i % 2
            } else {
                i
            };
            Seat {
                number: i as u8 + 1,
                is_chaos: false,
                color,
                controls,
                team,
            }
        })
        .collect();
    if rules.players.has_chaos() {
        let color = rules
            .chaos_color
            .unwrap_or_else(|| crate::validate::default_chaos_color(rules));
        let team = seats.iter().map(|s| s.team).max().map_or(0, |t| t + 1);
        seats.push(Seat {
            number: players as u8 + 1,
            is_chaos: true,
            color,
            controls: bit(color),
            team,
        });
    }
    seats
}

#[cfg(test)]
mod run_checks;
#[cfg(test)]
mod tests;
