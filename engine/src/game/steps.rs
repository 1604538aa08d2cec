//! Movements compiled into bit masks, for flat boards of at most 64 cells
//! where nothing captures but by covering what a step or a knight's leap
//! lands on, or by stepping diagonally forward onto a piece, and no wall is
//! cloaked: per seat and cell, the neighbours of each direction set (and
//! of each seat's forward steps), the knight's targets and the rays a slide
//! walks. A piece's targets are then a few ANDs with the free cells (empty,
//! open, enterable), found in cell order without a list to sort, and the
//! pieces its steps and leaps might cover or take.
//!
//! The general walk in `movegen::targets` stays the source of truth; where
//! these tables apply they find the same cells: an occupied cell is a
//! target only where the piece may cover it (asked of each such cell as
//! the walk asks it), a slide stops at the first piece and passes over
//! locked or closed cells (nothing slides where something captures), and
//! a step or knight move lands on a free cell or a piece it may cover. Under
//! "Cloaking hides" the board is the mover's belief, its unseen pieces
//! lifted, and no wall is unseen, so the tables' locks are its own.

use super::capture::ShapePower;
use super::goals::Goals;
use crate::geometry::{DirectionSet, Geometry, NO_CELL};
use crate::rules::{BoardKind, CaptureCondition, CaptureResult, Color, Movement, Shape};
use movers::MoverFilter;

/// The direction sets in the order the tables keep them.
const SETS: [DirectionSet; 3] = [
    DirectionSet::Any,
    DirectionSet::Orthogonal,
    DirectionSet::Diagonal,
];

/// What the tables keep per seat.
#[derive(Clone, Copy, Debug)]
struct SeatMasks {
    /// The pieces (a bit per packed value, see `pack`) of the colours it
    /// plays whose shape moves.
    moving: u64,
    /// The cells of its goal edge, a bit each.
    goal: u64,
    /// Which of its pieces may move, where a few shifts tell.
    movers: Option<MoverFilter>,
}

#[derive(Clone, Debug)]
pub(crate) struct StepTable {
    /// Per cell, per direction set, the rays of a slide.
    rays: Vec<[Rays; 3]>,
    /// The cells of the rays walked one by one (see [`Rays`]).
    ray_cells: Vec<u16>,
    /// Per seat and cell (`seat * cells + cell`), per shape: every target
    /// its steps and knight moves (not its slides) reach on an empty board,
    /// a bit each. Forward steps differ by seat; the rest are the same.
    leaps: Vec<[u64; 6]>,
    /// Per seat and cell, as `leaps`: the diagonally forward neighbours,
    /// where a shape that moves on them captures (see `takes_diagonally`).
    diagonal_forward: Vec<u64>,
    /// Per shape: whether it captures by stepping diagonally forward onto
    /// a piece ("move on diagonal"), a bit each.
    takes_diagonally: u8,
    /// Per shape: whether its capture paralyses, a bit each.
    paralyses: u8,
    /// Jumps (see [`JumpTable`]), where some shape captures by jumping.
    jumps: Option<JumpTable>,
    /// Per seat: which of its pieces move, and where they promote.
    seat_masks: Vec<SeatMasks>,
    /// The board's cell count: the stride of the per-seat tables.
    cells: usize,
    /// Per shape: the direction sets (`SETS`) it slides along, a bit each.
    slides: [u8; 6],
    /// Whether some shape captures, by covering what it lands on: then any
    /// piece may land on one it contests (see `capture::cover`).
    covers: bool,
    /// Per phase: the locked cells, a bit each.
    locked: Vec<u64>,
    /// Per seat: the cells it may enter, a bit each.
    enterable: Vec<u64>,
    /// The sticky cells, which no piece leaves, a bit each.
    sticky: u64,
    /// Every cell of the board.
    all: u64,
}

/// Per cell, per direction set (`SETS`), the rays of a slide, and the
/// cells they walk; None where a ray comes round without meeting its start.
fn compile_rays(geo: &Geometry) -> Option<(Vec<[Rays; 3]>, Vec<u16>)> {
    let cells = geo.cell_count();
    let mut rays = Vec::with_capacity(cells);
    let mut ray_cells = Vec::new();
    for from in 0..cells as u16 {
        let mut per_set: [Rays; 3] = Default::default();
        for (set, out) in SETS.iter().zip(per_set.iter_mut()) {
            for &d in geo.directions_in(*set) {
                let start = ray_cells.len() as u32;
                let mut c = geo.neighbour(from, d);
                // A slide that comes back to its own piece stops there.
                while c != NO_CELL && c != from {
                    if ray_cells[start as usize..].contains(&c) {
                        return None;
                    }
                    ray_cells.push(c);
                    c = geo.neighbour(c, d);
                }
                let end = ray_cells.len() as u32;
                out.add(&ray_cells[start as usize..], start, end);
            }
        }
        rays.push(per_set);
    }
    Some((rays, ray_cells))
}

/// Per seat and cell, per shape: the cells its steps and leaps reach, a
/// bit each (forward as the seat faces, where a kind is relative).
fn compile_leaps(
    geo: &Geometry,
    movement: &[Vec<Movement>; 6],
    goals: &Goals,
    seats: usize,
) -> Vec<[u64; 6]> {
    let cells = geo.cell_count();
    // Per cell, per direction set (`SETS`): the neighbours, a bit each.
    let adjacent: Vec<[u64; 3]> = (0..cells as u16)
        .map(|from| {
            SETS.map(|set| {
                bits(
                    geo.directions_in(set)
                        .iter()
                        .map(|&d| geo.neighbour(from, d))
                        .filter(|&n| n != NO_CELL),
                )
            })
        })
        .collect();
    // Per cell, per knight set (any, 2x1x0, 2x1x1): the targets, a bit each.
    let knight: Vec<[u64; 3]> = (0..cells as u16)
        .map(|from| [None, Some(1), Some(2)].map(|ones| bits(geo.knight_targets(from, ones))))
        .collect();
    let forward = |from: u16, dirs: &mut dyn Iterator<Item = usize>| {
        bits(
            dirs.map(|d| geo.neighbour(from, d))
                .filter(|&n| n != NO_CELL),
        )
    };
    (0..seats)
        .flat_map(|seat| (0..cells).map(move |from| (seat, from)))
        .map(|(seat, from)| {
            std::array::from_fn(|shape| {
                movement[shape].iter().fold(0, |bits, &kind| {
                    let steps = match relative(kind) {
                        true => {
                            let dirs = goals.kind_dirs(seat, kind);
                            forward(from as u16, &mut dirs.iter().copied())
                        }
                        false => leap(&adjacent, &knight, from, parts(kind).0),
                    };
                    bits | steps
                })
            })
        })
        .collect()
}

/// Whether the tables cover a movement kind.
fn covered(kind: Movement) -> bool {
    relative(kind) || unrelative(kind)
}

/// The single steps whose directions depend on the seat (toward its goal).
fn relative(kind: Movement) -> bool {
    matches!(
        kind,
        Movement::AdjacentNoBackSide | Movement::AdjacentNoBack | Movement::ForwardAdjDiag
    )
}

/// The movements the tables cover that are the same for every seat.
fn unrelative(kind: Movement) -> bool {
    matches!(
        kind,
        Movement::Adjacent
            | Movement::AdjOrthogonal
            | Movement::AdjDiagonal
            | Movement::Orthogonal
            | Movement::Diagonal
            | Movement::Linear
            | Movement::Knight
            | Movement::Knight2x1x0
            | Movement::Knight2x1x1
            | Movement::LinearOrKnight
            | Movement::AdjacentOrKnight
    )
}

fn bits(cells: impl IntoIterator<Item = u16>) -> u64 {
    cells.into_iter().fold(0, |m, c| m | 1 << c)
}

/// Whether every shape moves by single steps or knight's leaps and every
/// power captures only what it lands on (a cover): then a piece changes
/// another's moves only on a cell that piece may land on. The step tables
/// and the capture check's cells (`knowledge::cells_judged_for_captures`)
/// both rest on it.
pub(crate) fn leaps_that_cover(
    movement: &[Vec<Movement>; 6],
    powers: &[Option<ShapePower>; 6],
) -> bool {
    let leaps = movement
        .iter()
        .flatten()
        .all(|&k| unrelative(k) && parts(k).1 == 0);
    leaps_that_cover_by(powers) && leaps
}

/// Whether every power captures only what it lands on (a cover).
fn leaps_that_cover_by(powers: &[Option<ShapePower>; 6]) -> bool {
    powers.iter().flatten().all(|p| {
        matches!(
            p.condition,
            CaptureCondition::Cover | CaptureCondition::CoverByRank
        )
    })
}

/// Per seat and cell, the cells one diagonal step forward of it.
fn compile_diagonal_forward(geo: &Geometry, goals: &Goals, seats: usize) -> Vec<u64> {
    let cells = geo.cell_count();
    (0..seats)
        .flat_map(|seat| (0..cells as u16).map(move |from| (seat, from)))
        .map(|(seat, from)| {
            let dirs = geo.directions_in(DirectionSet::Diagonal).iter().copied();
            let dirs = dirs.filter(|&d| goals.diagonal_forward(geo, seat, d));
            bits(
                dirs.map(|d| geo.neighbour(from, d))
                    .filter(|&n| n != NO_CELL),
            )
        })
        .collect()
}

/// Per seat (playing the colours `controls` names), the pieces it may move
/// and the cells of the edge it races to, if any.
fn compile_seat_masks(
    geo: &Geometry,
    movement: &[Vec<Movement>; 6],
    goals: &Goals,
    controls: &[u16],
) -> Vec<SeatMasks> {
    let cells = geo.cell_count();
    (controls.iter().enumerate())
        .map(|(seat, &colours)| {
            let played = Color::ALL.iter().filter(|c| colours >> c.index() & 1 != 0);
            let kinds = played.flat_map(|&c| Shape::ALL.iter().map(move |&s| (c, s)));
            let goal = match goals.seats[seat].edge {
                Some((axis, value)) => bits((0..cells as u16).filter(|&c| {
                    let k = geo.coord(c);
                    [k.x, k.y][axis] == value
                })),
                None => 0,
            };
            SeatMasks {
                moving: kinds
                    .filter(|(_, s)| !movement[s.index()].is_empty())
                    .fold(0u64, |bits, (c, s)| bits | 1 << super::pack(c, s)),
                goal,
                movers: None,
            }
        })
        .collect()
}

impl StepTable {
    /// The tables for a game, or None where its rules need the walk: a
    /// board over 64 cells or of stacks, a capture where some shape does
    /// more than step or leap onto what it covers (see
    /// [`leaps_that_cover`]) or step diagonally forward onto a piece
    /// (its steps otherwise covered), cloaking that is more than unseen pieces
    /// (`cloaking_fits` false: the caller knows whether every wall is seen),
    /// a movement the tables do not cover, or a ray that comes round
    /// without meeting its start.
    pub(crate) fn compile(
        geo: &Geometry,
        (movement, powers, goals): (&[Vec<Movement>; 6], &[Option<ShapePower>; 6], &Goals),
        cloaking_fits: bool,
        (locked, exclusive, sticky): (&[&[bool]], &[u8], &[bool]),
        controls: &[u16],
    ) -> Option<StepTable> {
        let (cells, seats) = (geo.cell_count(), controls.len());
        let moves = movement.iter().any(|kinds| !kinds.is_empty());
        let on_diagonal = |p: &ShapePower| p.condition == CaptureCondition::MoveOnDiagEnPassant;
        // Where something covers, a piece that steps onto a captor is taken
        // there: every shape lands on pieces, so none may slide. A piece
        // that moves on the diagonal, or jumps, takes only there, as a
        // move of its own.
        let covering: [Option<ShapePower>; 6] = std::array::from_fn(|s| {
            powers[s].filter(|p| !on_diagonal(p) && !super::goals::is_jump(p.condition))
        });
        let jumps = JumpTable::compile(geo, powers, goals, seats);
        let jumps_fit = jumps.is_some()
            || !powers
                .iter()
                .flatten()
                .any(|p| super::goals::is_jump(p.condition));
        let covers = covering.iter().any(Option::is_some);
        let steps_only = movement
            .iter()
            .flatten()
            .all(|&k| covered(k) && parts(k).1 == 0);
        let captures_fit = !covers || steps_only && leaps_that_cover_by(&covering);
        if !moves
            || cells > 64
            || geo.kind == BoardKind::Stacks
            || !captures_fit
            || !jumps_fit
            || !cloaking_fits
            || !movement.iter().flatten().all(|&k| covered(k))
        {
            return None;
        }
        let (rays, ray_cells) = compile_rays(geo)?;
        let enterable = (0..seats)
            .map(|seat| {
                bits((0..cells as u16).filter(|&c| exclusive[usize::from(c)] & 1 << seat != 0))
            })
            .collect();
        let mut slides = [0u8; 6];
        for (shape, kinds) in movement.iter().enumerate() {
            slides[shape] = kinds.iter().fold(0, |sets, &kind| sets | parts(kind).1);
        }
        let leaps = compile_leaps(geo, movement, goals, seats);
        let diagonal_forward = compile_diagonal_forward(geo, goals, seats);
        let takes_diagonally = (0..6).fold(0, |bits, shape| {
            bits | u8::from(powers[shape].as_ref().is_some_and(on_diagonal)) << shape
        });
        let paralyses = (0..6).fold(0, |bits, shape| {
            let paralysing = powers[shape].as_ref().map(|p| p.result);
            bits | u8::from(paralysing == Some(CaptureResult::Paralyze)) << shape
        });
        let seat_masks = compile_seat_masks(geo, movement, goals, controls);
        let mut table = StepTable {
            leaps,
            diagonal_forward,
            takes_diagonally,
            paralyses,
            jumps,
            seat_masks,
            cells,
            slides,
            covers,
            rays,
            ray_cells,
            locked: locked
                .iter()
                .map(|mask| bits((0..cells as u16).filter(|&c| mask[usize::from(c)])))
                .collect(),
            enterable,
            sticky: bits((0..cells as u16).filter(|&c| sticky[usize::from(c)])),
            all: bits(0..cells as u16),
        };
        let shapes = (0..6).fold(0u8, |bits, s| bits | u8::from(!movement[s].is_empty()) << s);
        for seat in 0..seats {
            let rules = (movement, powers, goals);
            table.seat_masks[seat].movers =
                MoverFilter::compile(geo, rules, &table, (seat, shapes));
        }
        Some(table)
    }

    /// The quick test of which of `seat`'s pieces may move, where there is
    /// one (see [`MoverFilter`]).
    #[inline]
    pub(crate) fn mover_filter(&self, seat: usize) -> Option<&MoverFilter> {
        self.seat_masks[seat].movers.as_ref()
    }

    /// The cells `seat` may land on in `phase` given the occupied ones:
    /// empty, unlocked and open to it.
    #[inline]
    pub(crate) fn free(&self, phase: usize, seat: usize, occupied: u64) -> u64 {
        self.all & !occupied & !self.locked[phase] & self.enterable[seat]
    }

    /// The cells a piece of `shape` on `from` reaches by all its
    /// movements, a bit each: its steps and knight moves from one table,
    /// then each of its slides.
    #[inline]
    pub(crate) fn shape_reach(
        &self,
        (seat, from): (usize, u16),
        shape: usize,
        occupied: u64,
        free: u64,
    ) -> u64 {
        let f = usize::from(from);
        let mut reach = self.leaps[seat * self.cells + f][shape] & free;
        let mut sets = self.slides[shape];
        while sets != 0 {
            reach |= self.slide(f, sets.trailing_zeros() as usize, occupied, free);
            sets &= sets - 1;
        }
        reach
    }

    /// Of `pieces` (those on cells the mover may enter), the ones a piece of
    /// `seat`'s `shape` on `from` might cover: those its steps and knight
    /// moves reach, where some shape captures (whether it may cover each
    /// is the walk's question, `State::may_cover`).
    #[inline]
    pub(crate) fn prey(&self, seat: usize, from: u16, shape: usize, pieces: u64) -> u64 {
        match self.covers {
            true => self.leaps[seat * self.cells + usize::from(from)][shape] & pieces,
            false => 0,
        }
    }

    /// Whether `shape` captures by stepping diagonally forward onto a piece.
    #[inline]
    pub(crate) fn takes_diagonally(&self, shape: usize) -> bool {
        self.takes_diagonally >> shape & 1 != 0
    }

    /// Of `pieces` (enemies on cells the mover may enter), the ones a piece
    /// of `seat`'s `shape` on `from` might take by stepping diagonally
    /// forward onto them (whether it may take each is the walk's question,
    /// `State::capturable`).
    #[inline]
    pub(crate) fn diagonal_prey(&self, seat: usize, from: u16, shape: usize, pieces: u64) -> u64 {
        match self.takes_diagonally(shape) {
            true => self.diagonal_forward[seat * self.cells + usize::from(from)] & pieces,
            false => 0,
        }
    }

    /// The cells `seat` may enter, and so leave, in `phase`, a bit each.
    #[inline]
    pub(crate) fn open_to(&self, phase: usize, seat: usize) -> u64 {
        self.enterable[seat] & !self.locked[phase]
    }

    /// The cells a piece of `seat`'s may leave in `phase`: those it may
    /// enter, but sticky ones.
    #[inline]
    pub(crate) fn leavable(&self, phase: usize, seat: usize) -> u64 {
        self.open_to(phase, seat) & !self.sticky
    }

    /// The jumps of `seat`'s `shape` from `from`, as (passed, landing)
    /// cells, and whose pieces they pass: None where the shape does not
    /// jump.
    #[inline]
    pub(crate) fn jumps(&self, seat: usize, from: u16, shape: usize) -> Option<Jumps<'_>> {
        let jumps = self.jumps.as_ref()?;
        let over = jumps.over[shape];
        if over == 0 {
            return None;
        }
        let range = jumps.ranges[seat * self.cells + usize::from(from)][shape];
        let start = range.start as usize;
        Some(Jumps {
            list: &jumps.cells[start..start + usize::from(range.len)],
            over,
            passed: range.passed,
            landings: range.landings,
        })
    }

    /// Whether every jump is the straight line between its ends, and no
    /// two of a piece land on one cell: then a move that lands where a
    /// jump does, over a piece it takes, is that jump's capture.
    #[inline]
    pub(crate) fn jumps_straight(&self) -> bool {
        self.jumps.as_ref().is_some_and(|j| j.straight)
    }

    /// Whether a step listed from the tables captures exactly where it is
    /// a jump over a piece it takes (see `State::table_steps`): nothing
    /// covers or takes diagonally, and every jump is straight.
    #[inline]
    pub(crate) fn captures_known(&self) -> bool {
        !self.covers && self.takes_diagonally == 0 && self.jumps.as_ref().is_none_or(|j| j.straight)
    }

    /// Whether `shape`'s capture paralyses.
    #[inline]
    pub(crate) fn paralyses(&self, shape: usize) -> bool {
        self.paralyses >> shape & 1 != 0
    }

    /// The pieces (a bit per packed value) of `seat`'s colours that move.
    #[inline]
    pub(crate) fn moving(&self, seat: usize) -> u64 {
        self.seat_masks[seat].moving
    }

    /// The cells on `seat`'s goal edge, where its forward-only pieces
    /// promote (see `Game::on_goal`).
    #[inline]
    pub(crate) fn goal(&self, seat: usize) -> u64 {
        self.seat_masks[seat].goal
    }

    /// Whether some shape captures by stepping diagonally forward.
    #[inline]
    pub(crate) fn takes_any_diagonally(&self) -> bool {
        self.takes_diagonally != 0
    }

    /// The free cells a slide from `f` along the direction set `set`
    /// reaches: each ray up to the first piece, passing over closed cells.
    fn slide(&self, f: usize, set: usize, occupied: u64, free: u64) -> u64 {
        let rays = &self.rays[f][set];
        let mut reach = 0;
        for &cells in &rays.rising {
            // Below the lowest piece (all of it where none: 0 - 1).
            let blockers = cells & occupied;
            reach |= cells & (blockers & blockers.wrapping_neg()).wrapping_sub(1);
        }
        for &cells in &rays.falling {
            // Above the highest piece (all of it where none: a shift by 0).
            let blockers = cells & occupied;
            let above = (!0u64).checked_shl(64 - blockers.leading_zeros());
            reach |= cells & above.unwrap_or(0);
        }
        for &(start, end) in &rays.walked {
            for &c in &self.ray_cells[start as usize..end as usize] {
                let bit = 1u64 << c;
                if occupied & bit != 0 {
                    break;
                }
                reach |= bit;
            }
        }
        reach & free
    }
}

/// Per seat, cell and shape, the jumps a piece makes: over the neighbour
/// in each of its jump directions (in the walk's order) to the cell
/// beyond. For jumps over one piece that take it or leave it, never
/// barred by where a chain has stood: longer jumps, paralysis and chains
/// that may not return are the walk's.
#[derive(Clone, Debug)]
struct JumpTable {
    /// Per seat and cell (`seat * cells + cell`), per shape: the range of
    /// its jumps in `cells`.
    ranges: Vec<[JumpRange; 6]>,
    /// The (passed, landing) cells of every jump.
    cells: Vec<[u8; 2]>,
    /// Per shape: whose pieces its jumps pass over (`OVER_*`), 0 where it
    /// does not jump.
    over: [u8; 6],
    /// Whether every jump is the one straight line between its ends (see
    /// `Geometry::line_between`), as the capture it makes is judged: on a
    /// board whose edges join, two jumps may land on one cell.
    straight: bool,
}

/// The jumps of one piece from one cell, as [`StepTable::jumps`] finds them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Jumps<'a> {
    /// The (passed, landing) cells of each jump.
    pub list: &'a [[u8; 2]],
    /// Whose pieces they pass over (`OVER_*`).
    pub over: u8,
    /// The cells they pass and land on, a bit each: most pieces in most
    /// positions have no piece to pass or nowhere to land, which these say
    /// without a walk of the list.
    pub passed: u64,
    pub landings: u64,
}

/// Where one piece's jumps from one cell lie in [`JumpTable::cells`].
#[derive(Clone, Copy, Debug, Default)]
struct JumpRange {
    start: u32,
    len: u8,
    passed: u64,
    landings: u64,
}

/// Whose pieces a jump passes over, as [`JumpTable::over`] keeps it.
pub(crate) const OVER_ENEMY: u8 = 1;
pub(crate) const OVER_OWN: u8 = 2;
pub(crate) const OVER_ANY: u8 = 3;

impl JumpTable {
    /// The jumps of a game, or None where no shape jumps or some jump is
    /// the walk's (see the type).
    fn compile(
        geo: &Geometry,
        powers: &[Option<ShapePower>; 6],
        goals: &Goals,
        seats: usize,
    ) -> Option<JumpTable> {
        use crate::rules::JumpOver;
        let jumping = |p: &ShapePower| super::goals::is_jump(p.condition);
        if !powers.iter().flatten().any(jumping) {
            return None;
        }
        let mut over = [0u8; 6];
        for (shape, power) in powers.iter().enumerate() {
            let Some(p) = power.filter(jumping) else {
                continue;
            };
            if p.jump_line || p.chain_no_return || p.result == CaptureResult::Paralyze {
                return None;
            }
            over[shape] = match p.jump_over {
                JumpOver::Enemy => OVER_ENEMY,
                JumpOver::Own => OVER_OWN,
                JumpOver::Any => OVER_ANY,
            };
        }
        let cells = geo.cell_count();
        let mut table = JumpTable {
            ranges: Vec::with_capacity(seats * cells),
            cells: Vec::new(),
            over,
            straight: true,
        };
        for seat in 0..seats {
            for from in 0..cells as u16 {
                let ranges = std::array::from_fn(|shape| {
                    let start = table.cells.len() as u32;
                    if let Some(p) = powers[shape].filter(jumping) {
                        let back = p.condition == CaptureCondition::ChainJumpBack;
                        let shape = Shape::ALL[shape];
                        for &d in goals.jump_dirs(seat, shape, back) {
                            let passed = geo.neighbour(from, d);
                            if passed == NO_CELL || passed == from {
                                continue;
                            }
                            let landing = geo.neighbour(passed, d);
                            if landing != NO_CELL && landing != from {
                                let start = start as usize;
                                table.straight &= geo.line_between(from, landing) == Some((d, 2))
                                    && !(table.cells[start..])
                                        .iter()
                                        .any(|j| j[1] == landing as u8);
                                table.cells.push([passed as u8, landing as u8]);
                            }
                        }
                    }
                    let list = &table.cells[start as usize..];
                    JumpRange {
                        start,
                        len: list.len() as u8,
                        passed: bits(list.iter().map(|j| u16::from(j[0]))),
                        landings: bits(list.iter().map(|j| u16::from(j[1]))),
                    }
                });
                table.ranges.push(ranges);
            }
        }
        Some(table)
    }
}

/// The rays of a slide from one cell along one direction set. A ray whose
/// cells rise (or fall) in index from the nearest on, as along any straight
/// line of a grid, is kept as their bits: the first piece on it is its
/// lowest (or highest) occupied bit, and the cells before that piece are
/// the bits below (or above) it. Another ray (one that crosses a seam, or
/// zigzags through a tetrakis board's triangles) is walked cell by cell,
/// as the range of its cells in `ray_cells`.
#[derive(Clone, Debug, Default)]
struct Rays {
    rising: Vec<u64>,
    falling: Vec<u64>,
    walked: Vec<(u32, u32)>,
}

impl Rays {
    /// Adds the ray of `cells`, nearest first, whose walk would be the
    /// range `start..end` of the tables' walked cells.
    fn add(&mut self, cells: &[u16], start: u32, end: u32) {
        if cells.windows(2).all(|w| w[0] < w[1]) {
            self.rising.push(bits(cells.iter().copied()));
        } else if cells.windows(2).all(|w| w[0] > w[1]) {
            self.falling.push(bits(cells.iter().copied()));
        } else {
            self.walked.push((start, end));
        }
    }
}

/// A movement as the tables hold it: the steps and knight moves it makes
/// (`ADJACENT << set` and `KNIGHT << set`, a bit each) and the direction
/// sets it slides along (a bit per set of `SETS`).
fn parts(kind: Movement) -> (u8, u8) {
    match kind {
        Movement::Adjacent => (ADJACENT, 0),
        Movement::AdjOrthogonal => (ADJACENT << 1, 0),
        Movement::AdjDiagonal => (ADJACENT << 2, 0),
        Movement::Linear => (0, 1),
        Movement::Orthogonal => (0, 1 << 1),
        Movement::Diagonal => (0, 1 << 2),
        Movement::Knight => (KNIGHT, 0),
        Movement::Knight2x1x0 => (KNIGHT << 1, 0),
        Movement::Knight2x1x1 => (KNIGHT << 2, 0),
        Movement::LinearOrKnight => (KNIGHT, 1),
        Movement::AdjacentOrKnight => (ADJACENT | KNIGHT, 0),
        // Steps whose directions are the seat's (see `StepTable::compile`).
        kind if relative(kind) => (0, 0),
        _ => unreachable!("compiled only for the movements it covers"),
    }
}

/// The bits of [`parts`]'s steps: three for the neighbours of each
/// direction set, then three for the knight's sets.
const ADJACENT: u8 = 1;
const KNIGHT: u8 = 1 << 3;

/// The targets from `from` of the steps and knight moves in `leaps` (see
/// [`parts`]), on an empty board.
fn leap(adjacent: &[[u64; 3]], knight: &[[u64; 3]], from: usize, leaps: u8) -> u64 {
    (0..3).fold(0, |bits, set| {
        let step = if leaps & ADJACENT << set != 0 {
            adjacent[from][set]
        } else {
            0
        };
        let jump = if leaps & KNIGHT << set != 0 {
            knight[from][set]
        } else {
            0
        };
        bits | step | jump
    })
}

mod movers;

#[cfg(test)]
mod tests {
    use crate::game::GameState;
    use crate::testing::catalogue_game;

    #[test]
    fn small_boards_where_nothing_captures_but_by_covering_get_tables_and_others_walk() {
        // 3P-9X-HideSeek: cloaked, and a cat that steps to cover a mouse.
        for name in ["9-Holes", "Tapatan", "Achi", "3P-9X-HideSeek"] {
            assert!(catalogue_game(name).pieces.step_table.is_some(), "{name}");
        }
        // Nothing moves.
        assert!(catalogue_game("Tic-Tac-Toe").pieces.step_table.is_none());
        let with = |shape: serde_json::Value, cloaking: &str, locked: &[&str]| {
            let shapes = serde_json::json!([shape]);
            let cloaked = match cloaking {
                "none" => serde_json::json!([]),
                _ => serde_json::json!(["all"]),
            };
            crate::testing::game_without_checks(serde_json::json!({"board": "squares",
                "cloaking": cloaking, "shapes": shapes,
                "phases": [{"cloaked": cloaked, "locked": locked}]}))
            .pieces
            .step_table
            .is_some()
        };
        let covering = serde_json::json!({"shape": "x", "power": "can", "capture": "cover",
            "result": "remove", "movement": ["adjacent"], "reserves": {"black": 2, "white": 2}});
        assert!(with(covering.clone(), "hides", &[]));
        // A wall the mover may not see, or pieces seen only where taken.
        assert!(!with(covering.clone(), "hides", &["2,2"]));
        assert!(!with(covering.clone(), "obscures", &[]));
        // A jump over one piece has tables; a jump over a line of them,
        // and a capture at a slide's end, do not.
        let mut jumping = covering.clone();
        jumping["capture"] = "jump".into();
        assert!(with(jumping.clone(), "none", &[]));
        jumping["jump_line"] = true.into();
        assert!(!with(jumping, "none", &[]));
        let mut sliding = covering.clone();
        sliding["movement"] = serde_json::json!(["orthogonal"]);
        assert!(!with(sliding, "none", &[]));
        // A piece that slides may end on a captor that covers.
        let shapes = serde_json::json!([covering, {"shape": "circle",
            "movement": ["linear"], "reserves": {"black": 1, "white": 1}}]);
        let beside_a_slider = crate::testing::game_without_checks(
            serde_json::json!({"board": "squares", "shapes": shapes}),
        );
        assert!(beside_a_slider.pieces.step_table.is_none());
    }

    #[test]
    fn a_slide_stops_at_the_first_piece_and_a_knight_jumps() {
        // 9-Holes: a circle slides along any line or jumps as a knight.
        let game = catalogue_game("9-Holes");
        let table = game.pieces.step_table.as_ref().expect("a 3x3 board");
        let geo = &game.geometry;
        let cell = |x, y| geo.cell(1, x, y, 1).expect("on the board");
        let (corner, edge, far_edge) = (cell(1, 1), cell(2, 1), cell(3, 1));
        let knight = 1 << cell(2, 3) | 1 << cell(3, 2);
        let circle = crate::rules::Shape::Circle.index();
        let nothing = 0;
        // From a corner on an empty board: the whole row, column and
        // diagonal, and the two cells a knight's move away.
        let reach = table.shape_reach((0, corner), circle, nothing, table.free(0, 0, nothing));
        assert_eq!(reach.count_ones(), 8);
        assert_eq!(reach & knight, knight);
        // A piece next to it in the row blocks the rest of the row; the
        // knight jumps as before.
        let occupied = 1u64 << edge;
        let reach = table.shape_reach((0, corner), circle, occupied, table.free(0, 0, occupied));
        assert_eq!(reach & (1 << edge | 1 << far_edge), 0);
        assert_eq!(reach.count_ones(), 6);
        assert_eq!(reach & knight, knight);
    }

    /// The same legal moves with the tables as by the walk, move for move
    /// through random games, on every flat board kind and every movement
    /// the tables cover, with locked and exclusive spaces.
    #[test]
    fn the_tables_list_what_the_walk_lists() {
        use rand::SeedableRng;
        use rand::rngs::Xoshiro256PlusPlus;
        use serde_json::json;
        use std::sync::Arc;

        use crate::game::Game;
        use crate::testing::rules;

        let boards = [
            ("hash", [3, 3, 1]),
            ("squares", [5, 4, 1]),
            ("squares_on_toroid", [4, 4, 1]),
            ("hexagons", [4, 4, 1]),
            ("tetrakis_squares", [3, 3, 1]),
            ("squares", [4, 4, 4]),
        ];
        let movements = [
            "adjacent",
            "adj_orthogonal",
            "adj_diagonal",
            "orthogonal",
            "diagonal",
            "linear",
            "knight",
            "knight_2x1x0",
            "knight_2x1x1",
            "linear_or_knight",
            "adjacent_or_knight",
            "adjacent_no_back_side",
            "adjacent_no_back",
            "forward_adj_diag",
        ];
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(22);
        let mut compared = 0;
        for (board, dims) in boards {
            for (m, movement) in movements.iter().enumerate() {
                let other = movements[(m + 3) % movements.len()];
                let rule_set = rules(json!({
                    "board": board,
                    "dimensions": dims,
                    "shapes": [
                        {"shape": "circle", "movement": [movement],
                         "reserves": {"black": 3, "white": 3}},
                        {"shape": "x", "movement": [movement, other],
                         "reserves": {"black": 1, "white": 1}}],
                    "phases": [{"order": "sequential", "locked": ["2,2"]},
                               {"order": "sequential"}],
                    "exclusive": [{"seats": [1], "spaces": ["1,2"]}],
                    "turn_checks": [{"check": "in_a_row", "length": 3, "result": "win"}],
                }));
                let with_tables = Game::new(rule_set.clone()).expect("a valid rule set");
                assert!(
                    with_tables.pieces.step_table.is_some(),
                    "{board} {dims:?} {movement}: tables"
                );
                let mut walking = Game::compile(rule_set);
                walking.pieces.step_table = None;
                let walking = Arc::new(walking);
                for seed in 0..6 {
                    let mut a = with_tables.start_seeded(seed);
                    let mut b = walking.start_seeded(seed);
                    for _ in 0..60 {
                        assert_eq!(
                            a.legal_actions(),
                            b.legal_actions(),
                            "{board} {dims:?} {movement}"
                        );
                        compared += 1;
                        let Some(mv) = crate::random::random_move(&a, &mut rng) else {
                            break;
                        };
                        a.apply_action(mv).expect("legal");
                        b.apply_action(mv).expect("legal in both");
                    }
                }
            }
        }
        assert!(compared > 1000, "{compared} positions compared");
    }

    /// The tables list what the walk lists where a shape captures by
    /// stepping diagonally forward onto a piece, beside shapes that step
    /// forward, slide or cover, on every flat board kind: Breakthrough and
    /// variants of it.
    #[test]
    fn the_tables_list_the_diagonal_captures_the_walk_lists() {
        use serde_json::json;

        use crate::testing::rules;

        let mut rule_sets = vec![crate::catalogue::get("Breakthrough").expect("catalogue")];
        let boards = [
            ("squares", [5, 6, 1]),
            ("squares_on_toroid", [4, 5, 1]),
            ("hexagons", [4, 5, 1]),
            ("squares", [3, 4, 3]),
        ];
        let others = [
            json!({"shape": "x", "movement": ["orthogonal"], "reserves": {"black": 1, "white": 1}}),
            json!({"shape": "x", "power": "can", "capture": "cover", "result": "remove",
                   "movement": ["adjacent_no_back"], "reserves": {"black": 2, "white": 2}}),
            json!({"shape": "x", "power": "can", "capture": "move_on_diag_en_passant",
                   "result": "paralyze", "movement": ["forward_adj_diag", "adj_orthogonal"],
                   "reserves": {"black": 2, "white": 2}}),
        ];
        for (board, dims) in boards {
            for other in &others {
                rule_sets.push(rules(json!({
                    "board": board,
                    "dimensions": dims,
                    "shapes": [
                        {"shape": "circle", "power": "can",
                         "capture": "move_on_diag_en_passant", "result": "remove",
                         "movement": ["adjacent_no_back_side"],
                         "reserves": {"black": 4, "white": 4}},
                        other],
                    "phases": [{"order": "sequential", "locked": ["2,3"]}],
                    "exclusive": [{"seats": [1], "spaces": ["1,2"]}],
                    "turn_checks": [{"check": "reach_goal", "result": "win"}],
                })));
            }
        }
        let (compared, captures) = compare_with_walk(rule_sets, (24, 120, 23));
        assert!(compared > 2500, "{compared} positions compared");
        assert!(captures > 1000, "{captures} captures listed");
    }

    /// The tables list what the walk lists where shapes jump: jumps, chain
    /// jumps and chains that may jump back, over an opponent's pieces,
    /// one's own or anyone's, taking or leaving what they pass, beside
    /// shapes that step, slide or do not jump, on every flat board kind
    /// (Draughts and variants of it), and the capture the mover must make
    /// is among them.
    #[test]
    fn the_tables_list_the_jumps_the_walk_lists() {
        use serde_json::json;

        use crate::testing::rules;

        let draughts = crate::testing::catalogue_game("Draughts");
        let table = draughts.pieces.step_table.as_ref().expect("tables");
        assert!(
            table.jumps_straight(),
            "Draughts's captures read from its jumps"
        );
        let mut rule_sets = vec![crate::catalogue::get("Draughts").expect("catalogue")];
        let boards = [
            ("squares", [5, 6, 1]),
            ("squares_on_toroid", [4, 6, 1]),
            ("hexagons", [5, 5, 1]),
            ("squares", [3, 4, 3]),
        ];
        let jumpers = [
            json!({"capture": "chain_jump", "power": "must", "chain": "must_continue",
                   "result": "remove", "movement": ["forward_adj_diag"]}),
            json!({"capture": "jump", "power": "can", "result": "remove",
                   "jump_over": "any", "movement": ["adjacent"]}),
            json!({"capture": "jump", "power": "can", "result": "leave",
                   "jump_over": "own", "movement": ["adj_orthogonal"]}),
            json!({"capture": "chain_jump_back", "power": "must", "result": "remove",
                   "movement": ["adj_orthogonal", "adj_diagonal"]}),
            json!({"capture": "chain_jump", "power": "can", "result": "reincarnate",
                   "movement": ["adjacent_no_back"]}),
        ];
        for (board, dims) in boards {
            for (j, jumper) in jumpers.iter().enumerate() {
                let mut circle = jumper.clone();
                circle["shape"] = "circle".into();
                circle["reserves"] = json!({"black": 5, "white": 5});
                let mut other = jumpers[(j + 1) % jumpers.len()].clone();
                other["shape"] = "x".into();
                other["movement"] = json!(["orthogonal"]);
                other["reserves"] = json!({"black": 1, "white": 1});
                rule_sets.push(rules(json!({
                    "board": board,
                    "dimensions": dims,
                    "shapes": [circle, other, {"shape": "triangle",
                        "movement": ["adj_diagonal"], "reserves": {"black": 1, "white": 1}}],
                    "phases": [{"order": "sequential", "locked": ["2,3"]}],
                    "exclusive": [{"seats": [1], "spaces": ["1,2"]}],
                    "turn_checks": [],
                })));
            }
        }
        let (compared, captures) = compare_with_walk(rule_sets, (12, 150, 24));
        assert!(compared > 5000, "{compared} positions compared");
        assert!(captures > 1000, "{captures} captures listed");
    }

    /// The tables list what the walk lists where a shape covers what its
    /// steps and leaps land on, in the open and under "Cloaking hides",
    /// and in 3P-9X-HideSeek.
    #[test]
    fn the_tables_list_the_covers_the_walk_lists() {
        use serde_json::json;

        use crate::testing::rules;

        let leaps = ["adjacent", "adj_orthogonal", "knight", "adjacent_or_knight"];
        let mut rule_sets = vec![crate::catalogue::get("3P-9X-HideSeek").expect("catalogue")];
        for (m, movement) in leaps.iter().enumerate() {
            for (cloaking, result) in [
                ("none", "remove"),
                ("hides", "remove"),
                ("hides", "reincarnate"),
            ] {
                let cloaked = match cloaking {
                    "none" => json!([]),
                    _ => json!(["1,1", "2,2", "3,3", "3,2"]),
                };
                rule_sets.push(rules(json!({
                    "board": "squares",
                    "dimensions": [4, 4, 1],
                    "cloaking": cloaking,
                    "shapes": [
                        {"shape": "circle", "movement": ["adj_diagonal"],
                         "reserves": {"black": 3, "white": 3}},
                        {"shape": "x", "power": "can", "capture": "cover", "result": result,
                         "movement": [movement, leaps[(m + 1) % leaps.len()]],
                         "reserves": {"black": 2, "white": 2}}],
                    "phases": [{"order": "sequential", "cloaked": cloaked, "locked": ["4,4"]}],
                    "exclusive": [{"seats": [1], "spaces": ["1,2"]}],
                    "turn_checks": [],
                })));
            }
        }
        let (compared, covers) = compare_with_walk(rule_sets, (8, 80, 22));
        assert!(compared > 1000, "{compared} positions compared");
        assert!(covers > 100, "{covers} covers listed");
    }

    /// Plays `games` random games of `moves` moves from each rule set, with
    /// the tables and with the walk alone (the tables taken away), and
    /// asserts the same legal moves at every position. Returns the
    /// positions compared and the captures the walk found among them.
    fn compare_with_walk(
        rule_sets: Vec<crate::rules::RuleSet>,
        (games, moves, seed): (u64, usize, u64),
    ) -> (usize, usize) {
        use rand::SeedableRng;
        use rand::rngs::Xoshiro256PlusPlus;
        use std::sync::Arc;

        use crate::game::Game;

        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let (mut compared, mut captures) = (0, 0);
        for rule_set in rule_sets {
            let name = format!("{} {:?}", rule_set.name, rule_set.board);
            let with_tables = Game::new(rule_set.clone()).expect("a valid rule set");
            assert!(with_tables.pieces.step_table.is_some(), "{name}: tables");
            let mut walking = Game::compile(rule_set);
            walking.pieces.step_table = None;
            let walking = Arc::new(walking);
            for game in 0..games {
                let mut a = with_tables.start_seeded(game);
                let mut b = walking.start_seeded(game);
                for _ in 0..moves {
                    let legal = a.legal_actions();
                    assert_eq!(legal, b.legal_actions(), "{name}");
                    compared += 1;
                    captures += legal.iter().filter(|m| b.captures(**m)).count();
                    let Some(mv) = crate::random::random_move(&a, &mut rng) else {
                        break;
                    };
                    a.apply_action(mv).expect("legal");
                    b.apply_action(mv).expect("legal in both");
                }
            }
        }
        (compared, captures)
    }
}
