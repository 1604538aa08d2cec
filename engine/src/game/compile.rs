//! A rule set compiled for play: [`Game::compile`] has each part of a
//! game's tables built by the type that holds it, in the order they need
//! each other.

use std::sync::Arc;

use super::{
    CompiledPhase, Game, PIECE_KINDS, Seat, admission, board, by_stack, capture, goals, knowledge,
    line_bits, lines, outcome, pack, placements, steps, surround_bits, unpack, upkeep,
};
use crate::geometry::Geometry;
use crate::rules::{
    BoardKind, CaptureCondition, Cloaking, Color, ColorMode, Movement, Players, RuleSet, SeatRef,
    SpaceRef, StalemateRule, TurnCheck,
};

impl Game {
    pub(super) fn compile(rules: RuleSet) -> Game {
        let geometry = Geometry::compile(&rules);
        let seats = seats_of(&rules);
        let phases = compile_phases(&rules, &geometry, &seats);
        let spaces = Spaces::compile(&rules, &geometry, &seats);
        let start = Start::compile(&rules, &geometry, &phases);
        let goals = goals::Goals::compile(&rules, &geometry, &seats);
        let pieces = PieceRules::compile(&rules, &geometry, &phases, &spaces, &seats, &goals);
        let nothing_moves = pieces.movement.iter().all(Vec::is_empty);
        let placing = placements::Placing::compile(
            &rules,
            &geometry,
            &phases,
            &spaces.exclusive,
            &seats,
            (nothing_moves, pieces.nothing_captures),
        );
        let layouts = Layouts::compile(&rules, &geometry, &seats, &start);
        let upkeep = upkeep::Upkeep::compile(
            &rules,
            &phases,
            &pieces.powers,
            pieces.nothing_captures,
            &placing.everywhere,
        )
        .with_line_tables(&rules, &geometry, &layouts.line_tables);
        let judged = knowledge::Judged {
            on: knowledge::cells_judged_on(
                &rules,
                &geometry,
                &spaces.exclusive,
                &upkeep,
                seats.len(),
            ),
            for_captures: knowledge::cells_judged_for_captures(
                &rules,
                &geometry,
                &spaces.exclusive,
                seats.len(),
                steps::leaps_that_cover(&pieces.movement, &pieces.powers),
            ),
        };
        let mut game = Game {
            judged,
            outcomes: outcome::Tables::compile(&rules, &geometry),
            runs: admission::Runs::default(),
            teams: Teams::compile(&seats),
            layouts,
            upkeep,
            placing,
            goals,
            pieces,
            rules,
            geometry,
            seats,
            phases,
            spaces,
            start,
        };
        // The tables below ask the game as compiled so far.
        for color in Color::ALL {
            game.teams.color_owner[color.index()] = outcome::owner(&game, color);
        }
        game.outcomes.foreknown = outcome::Foreknown::compile(&game);
        game.pieces.seats_may_step = by_stack::seats_that_may_step(&game);
        game.pieces.stack_rows = by_stack::StackRows::compile(&game);
        admission::Runs::admit(&mut game);
        game
    }
}

/// Per cell, whether any of `refs` names it.
fn cells_named(geometry: &Geometry, refs: &[SpaceRef]) -> Vec<bool> {
    (0..geometry.cell_count() as u16)
        .map(|c| {
            let k = geometry.coord(c);
            refs.iter().any(|r| r.matches(k.board, k.x, k.y, k.z))
        })
        .collect()
}

/// The seats named, a bit each (bit 0 is seat 1; Chaos sits last).
fn seat_bits(seats: &[Seat], refs: &[SeatRef]) -> u8 {
    refs.iter()
        .map(|r| match r {
            SeatRef::Player(n) => usize::from(*n) - 1,
            SeatRef::Chaos => seats.len() - 1,
        })
        .fold(0, |bits, index| bits | 1 << index)
}

fn compile_phases(rules: &RuleSet, geometry: &Geometry, seats: &[Seat]) -> Vec<CompiledPhase> {
    let cells_where = |named: &[bool]| -> Vec<u16> {
        (named.iter().enumerate())
            .filter(|(_, named)| **named)
            .map(|(c, _)| c as u16)
            .collect()
    };
    rules
        .phases
        .iter()
        .map(|p| {
            let locked = cells_named(geometry, &p.locked);
            let cloaked = cells_named(geometry, &p.cloaked);
            let cloaked_walls: Vec<bool> = (cloaked.iter().zip(&locked))
                .map(|(c, l)| *c && *l)
                .collect();
            CompiledPhase {
                cloaked_walls: cells_where(&cloaked_walls),
                placement_only: p.placement_only,
                pass: p.pass,
                locked_seats: seat_bits(seats, &p.locked_seats),
                cloaked_cells: cells_where(&cloaked),
                locked,
                cloaked,
            }
        })
        .collect()
}

/// Which spaces hold or admit whom, per cell.
#[derive(Debug)]
pub(crate) struct Spaces {
    /// Locked against exit for the whole game.
    pub sticky: Vec<bool>,
    /// Bit per seat index allowed to enter or leave; all bits where unrestricted.
    pub exclusive: Vec<u8>,
}

impl Spaces {
    fn compile(rules: &RuleSet, geometry: &Geometry, seats: &[Seat]) -> Spaces {
        let mut exclusive = vec![u8::MAX; geometry.cell_count()];
        for ex in &rules.exclusive {
            let allowed = seat_bits(seats, &ex.seats);
            for (c, inside) in cells_named(geometry, &ex.spaces).into_iter().enumerate() {
                if inside {
                    exclusive[c] = if exclusive[c] == u8::MAX {
                        allowed
                    } else {
                        exclusive[c] | allowed
                    };
                }
            }
        }
        Spaces {
            sticky: cells_named(geometry, &rules.sticky),
            exclusive,
        }
    }
}

/// The first position: the board and each kind's reserve.
#[derive(Debug)]
pub(crate) struct Start {
    pub board: Vec<super::Cell>,
    pub reserves: [u16; PIECE_KINDS],
}

impl Start {
    fn compile(rules: &RuleSet, geometry: &Geometry, phases: &[CompiledPhase]) -> Start {
        let cells = geometry.cell_count();
        let mut board = vec![0; cells];
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
                    let column = &geometry.columns()[geometry.column_of(c)];
                    let mut placed = 0;
                    for (i, &cell) in column.iter().enumerate() {
                        let blocked_above = column[i..]
                            .iter()
                            .any(|&a| phases[0].locked[usize::from(a)]);
                        if placed < piece.count && board[usize::from(cell)] == 0 && !blocked_above {
                            board[usize::from(cell)] = pack(piece.color, piece.shape);
                            placed += 1;
                        }
                    }
                } else {
                    board[usize::from(c)] = pack(piece.color, piece.shape);
                }
            }
        }
        let mut reserves = [0; PIECE_KINDS];
        for s in &rules.shapes {
            for (color, n) in &s.reserves {
                reserves[color.index() * 6 + s.shape.index()] = *n;
            }
        }
        Start { board, reserves }
    }
}

/// How each shape moves and captures (per shape index), and the tables
/// compiled from it.
#[derive(Debug)]
pub(crate) struct PieceRules {
    /// Movement kinds per shape index.
    pub movement: [Vec<Movement>; 6],
    /// The one axis each shape's moves keep to, if any, per shape index.
    pub axis: [Option<crate::rules::Axis>; 6],
    /// Capture power per shape index.
    pub powers: [Option<capture::ShapePower>; 6],
    /// How strongly each shape contests a cover, per shape index (from
    /// `powers`: judging a stack asks it of every piece).
    pub strengths: [capture::Strength; 6],
    /// Whether nothing captures, so that nothing goes back to a reserve.
    pub nothing_captures: bool,
    /// Whether no capture puts a piece in a reserve (none reincarnates):
    /// then reserves never rise, and a turn that places a piece can never
    /// repeat, nor can any turn before it come back.
    pub placements_never_repeat: bool,
    /// Movements as bit masks, where the board and rules allow (see `steps`).
    pub step_table: Option<steps::StepTable>,
    /// Per phase, the seats that may have a move by stack, a bit each (see
    /// `by_stack::seats_that_may_step`).
    pub seats_may_step: Vec<u8>,
    /// The stacks a move by stack may land on (see `by_stack::StackRows`).
    pub stack_rows: Option<by_stack::StackRows>,
}

impl PieceRules {
    fn compile(
        rules: &RuleSet,
        geometry: &Geometry,
        phases: &[CompiledPhase],
        spaces: &Spaces,
        seats: &[Seat],
        goals: &goals::Goals,
    ) -> PieceRules {
        let mut movement: [Vec<Movement>; 6] = Default::default();
        let mut axis = [None; 6];
        for s in &rules.shapes {
            axis[s.shape.index()] = s.axis;
            movement[s.shape.index()] = s.movement.clone();
        }
        let powers = capture::compile_powers(rules);
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
                    geometry,
                    (&movement, &powers, goals),
                    cloaking_fits,
                    (&locked, &spaces.exclusive, &spaces.sticky),
                    &seats.iter().map(|s| s.controls).collect::<Vec<_>>(),
                )
            })
            .flatten();
        PieceRules {
            strengths: capture::compile_strengths(&powers),
            nothing_captures: powers.iter().all(Option::is_none),
            placements_never_repeat: !powers.iter().flatten().any(|p| {
                matches!(
                    p.result,
                    crate::rules::CaptureResult::Reincarnate
                        | crate::rules::CaptureResult::ReincarnateX2
                )
            }),
            powers,
            movement,
            axis,
            step_table,
            seats_may_step: Vec::new(),
            stack_rows: None,
        }
    }
}

/// The teams and their colours.
#[derive(Debug)]
pub(crate) struct Teams {
    pub count: usize,
    /// Per colour, the only team that plays it, if one team alone does.
    pub color_owner: [Option<usize>; Color::ALL.len()],
    /// Per team, the colours its seats play, a bit each (bit i is colour i).
    pub colors: Vec<u16>,
}

impl Teams {
    fn compile(seats: &[Seat]) -> Teams {
        let count = seats.iter().map(|s| s.team).max().map_or(0, |t| t + 1);
        Teams {
            count,
            color_owner: [None; Color::ALL.len()],
            colors: (0..count)
                .map(|team| {
                    (seats.iter().filter(|s| s.team == team)).fold(0, |bits, s| bits | s.controls)
                })
                .collect(),
        }
    }
}

/// The board laid out for the work done a word at a time.
#[derive(Debug)]
pub(crate) struct Layouts {
    /// Which slot each cell opens or closes, and on stacks where each
    /// cell stands (see `board::CellLayout`).
    pub cell_layout: Arc<board::CellLayout>,
    /// In-a-row lines as masks, per length and diagonals the rules count,
    /// where the board is small enough and its lines do not wrap (see `lines`).
    pub line_tables: Vec<lines::LineTable>,
    /// Where lines are counted on a board too big for `line_tables`: its
    /// line axes' layouts, for boards to keep their pieces as bits along
    /// them (see `line_bits`).
    pub line_layout: Option<Arc<line_bits::LineLayout>>,
    /// Where a turn checks that a seat joins its sides: the board's edge
    /// steps as shifts, to answer it a word at a time (see `side_bits`).
    pub side_layout: Option<Arc<outcome::side_bits::SideLayout>>,
    /// Where a shape captures by surrounding: the board's steps back as
    /// shifts, to find every placement that surrounds at once (see
    /// `surround_bits`).
    pub surround_layout: Option<Arc<surround_bits::SurroundLayout>>,
}

impl Layouts {
    fn compile(rules: &RuleSet, geometry: &Geometry, seats: &[Seat], start: &Start) -> Layouts {
        let stacks = geometry.kind == BoardKind::Stacks;
        let counted = lines_counted(rules);
        // The colours pieces on the board can have: the seats' and the
        // first pieces' (a capture converts only to a seat's colour).
        let board_colours = (seats.iter().map(|s| s.controls))
            .chain(
                (start.board.iter().filter_map(|&c| unpack(c)))
                    .map(|(color, _)| 1 << color.index()),
            )
            .fold(0u16, |colours, c| colours | c);
        let surrounds = rules.shapes.iter().any(|s| {
            matches!(
                s.capture,
                Some(CaptureCondition::SurroundLine | CaptureCondition::SurroundOrthogonal)
            )
        });
        let connects =
            (rules.turn_checks.iter()).any(|c| matches!(c, TurnCheck::ConnectSides { .. }));
        Layouts {
            cell_layout: board::CellLayout::of(geometry),
            line_tables: (counted.iter())
                .filter_map(|&(length, diagonals)| {
                    lines::LineTable::compile(geometry, length, diagonals)
                })
                .collect(),
            line_layout: (!counted.is_empty() && geometry.cell_count() > 64)
                .then(|| line_bits::LineLayout::compile(geometry, board_colours))
                .flatten()
                .map(Arc::new),
            side_layout: connects
                .then(|| outcome::side_bits::SideLayout::compile(geometry, stacks))
                .flatten()
                .map(Arc::new),
            surround_layout: surrounds
                .then(|| surround_bits::SurroundLayout::compile(geometry, stacks))
                .flatten()
                .map(Arc::new),
        }
    }
}

/// Every length and diagonals of line a rule looks for, once each.
pub(super) fn lines_counted(rules: &RuleSet) -> Vec<(u8, bool)> {
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

/// Seats in order, with their colours and the colours they control.
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
