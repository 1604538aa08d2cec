//! Spaces: the cells a reference names, and the pieces a game starts with.
//!
//! Fingerprints and descriptions use the same expansion, so "all" and the
//! list of every cell mean one thing everywhere.

use std::collections::btree_map::Entry;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::RangeInclusive;

use crate::RuleSet;
use crate::rules::{BoardKind, Color, Shape, SpaceRef};

use super::Report;
use super::seats::{color_list, colors_in_play};

/// One concrete space: (board, x, y, z), all 1-based.
pub(crate) type Cell = (u8, u8, u8, u8);

/// The boards a rule set plays on, for expanding space references.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Extent {
    pub boards: u8,
    pub dims: [u8; 3],
}

impl Extent {
    /// Clamped to the Factory's limits, so expanding an invalid rule set
    /// stays cheap; valid rule sets are never changed by the clamp.
    pub(crate) fn of(rules: &RuleSet) -> Extent {
        let mut dims = rules.dimensions.map(|d| d.min(19));
        // On tetrakis squares a space's third coordinate is its triangle.
        if rules.board == crate::rules::BoardKind::TetrakisSquares {
            dims[2] = 4;
        }
        Extent {
            boards: rules.boards.min(3),
            dims,
        }
    }

    fn range(selected: Option<u8>, max: u8) -> RangeInclusive<u8> {
        match selected {
            None => 1..=max,
            Some(v) if (1..=max).contains(&v) => v..=v,
            // Outside the board: an empty range.
            Some(_) => RangeInclusive::new(1, 0),
        }
    }

    /// Every cell the reference names, sorted; cells outside the board are ignored.
    pub(crate) fn cells(&self, r: &SpaceRef) -> Vec<Cell> {
        let [dx, dy, dz] = self.dims;
        let mut out = Vec::new();
        for b in Self::range(r.board, self.boards) {
            for x in Self::range(r.x, dx) {
                for y in Self::range(r.y, dy) {
                    for z in Self::range(r.z, dz) {
                        out.push((b, x, y, z));
                    }
                }
            }
        }
        out
    }

    /// Why a reference names no space, if it names none.
    pub(crate) fn problem(&self, r: &SpaceRef) -> Option<String> {
        if let Some(b) = r.board
            && !(1..=self.boards).contains(&b)
        {
            let boards = match self.boards {
                1 => "there is only 1 board".to_string(),
                n => format!("there are only {n} boards"),
            };
            return Some(format!("\"{r}\" names board {b}, but {boards}"));
        }
        let outside = [r.x, r.y, r.z]
            .iter()
            .zip(self.dims)
            .any(|(c, max)| c.is_some_and(|v| !(1..=max).contains(&v)));
        outside.then(|| format!("\"{r}\" names no space: {}", self.size_text()))
    }

    /// "the board is 3x3x1 (x 1-3, y 1-3, z 1)".
    fn size_text(&self) -> String {
        let [dx, dy, dz] = self.dims;
        let axes: Vec<String> = ["x", "y", "z"]
            .iter()
            .zip(self.dims)
            .map(|(axis, max)| match max {
                1 => format!("{axis} 1"),
                _ => format!("{axis} 1-{max}"),
            })
            .collect();
        format!("the board is {dx}x{dy}x{dz} ({})", axes.join(", "))
    }

    /// "stack 3", "stack (2,3)", with " on board 2" when there are several boards.
    pub(crate) fn stack_text(&self, (b, x, y, _): Cell) -> String {
        let stack = if self.dims[1] == 1 {
            format!("stack {x}")
        } else {
            format!("stack ({x},{y})")
        };
        self.on_board(stack, b)
    }

    /// "(2,3,1)", with " on board 2" when there are several boards.
    pub(crate) fn cell_text(&self, (b, x, y, z): Cell) -> String {
        self.on_board(format!("({x},{y},{z})"), b)
    }

    fn on_board(&self, text: String, board: u8) -> String {
        if self.boards > 1 {
            format!("{text} on board {board}")
        } else {
            text
        }
    }
}

/// Pieces placed before the first turn, as the engine places them.
#[derive(Debug, Default)]
pub(crate) struct Start {
    /// Sorted by cell.
    pub pieces: Vec<(Cell, Color, Shape)>,
    /// (entry, cell, earlier entry): a cell named by two entries.
    pub clashes: Vec<(usize, Cell, usize)>,
    /// (entry, stack bottom, pieces that fitted): a stack too full for its pieces.
    pub overflows: Vec<(usize, Cell, u16)>,
}

/// True when an initial entry fills whole stacks rather than naming cells.
fn fills_stacks(rules: &RuleSet, at: &SpaceRef) -> bool {
    rules.board == BoardKind::Stacks && at.z.is_none()
}

/// Expands the initial pieces: a cell takes one piece; on stacks, pieces given
/// for a whole stack fill its empty cells from the bottom in listing order,
/// above the highest cell locked in phase 1 (a locked cell counts as filled).
pub(crate) fn starting_pieces(rules: &RuleSet) -> Start {
    let extent = Extent::of(rules);
    let locked: BTreeSet<Cell> = rules
        .phases
        .first()
        .map(|p| p.locked.iter().flat_map(|r| extent.cells(r)).collect())
        .unwrap_or_default();
    let height = extent.dims[2];
    let mut board: BTreeMap<Cell, (Color, Shape, usize)> = BTreeMap::new();
    let mut start = Start::default();
    for (i, p) in rules.initial.iter().enumerate() {
        if fills_stacks(rules, &p.at) {
            let bottoms = extent.cells(&SpaceRef { z: Some(1), ..p.at });
            for (b, x, y, _) in bottoms {
                let floor = (1..=height)
                    .rev()
                    .find(|&z| locked.contains(&(b, x, y, z)))
                    .unwrap_or(0);
                let mut placed = 0;
                for z in floor + 1..=height {
                    if placed == p.count {
                        break;
                    }
                    if let Entry::Vacant(e) = board.entry((b, x, y, z)) {
                        e.insert((p.color, p.shape, i));
                        placed += 1;
                    }
                }
                if placed < p.count {
                    start.overflows.push((i, (b, x, y, 1), placed));
                }
            }
        } else {
            for cell in extent.cells(&p.at) {
                if let Some(&(_, _, other)) = board.get(&cell) {
                    start.clashes.push((i, cell, other));
                }
                board.insert(cell, (p.color, p.shape, i));
            }
        }
    }
    start.pieces = board
        .into_iter()
        .map(|(cell, (color, shape, _))| (cell, color, shape))
        .collect();
    start
}

/// Reports references that name no space. Returns whether all were good.
pub(super) fn check_refs(
    extent: &Extent,
    refs: &[SpaceRef],
    field: &str,
    report: &mut Report,
) -> bool {
    let mut ok = true;
    for (j, r) in refs.iter().enumerate() {
        if let Some(message) = extent.problem(r) {
            report.add(format!("{field}[{j}]"), message);
            ok = false;
        }
    }
    ok
}

/// The pieces a game starts with.
pub(super) fn check_initial(rules: &RuleSet, dimensions_ok: bool, report: &mut Report) {
    let extent = Extent::of(rules);
    let colors = colors_in_play(rules);
    let locked: BTreeSet<Cell> = rules
        .phases
        .first()
        .map(|p| p.locked.iter().flat_map(|r| extent.cells(r)).collect())
        .unwrap_or_default();
    let mut places_ok = dimensions_ok;
    for (i, p) in rules.initial.iter().enumerate() {
        let field = format!("initial[{i}]");
        let stacks = fills_stacks(rules, &p.at);
        check_initial_kind(rules, (&field, p, stacks), &colors, report);
        if !dimensions_ok {
            continue;
        }
        if let Some(message) = extent.problem(&p.at) {
            report.add(format!("{field}.at"), message);
            places_ok = false;
            continue;
        }
        let named = if stacks {
            extent.cells(&SpaceRef { z: Some(1), ..p.at })
        } else {
            extent.cells(&p.at)
        };
        let per_board = named.iter().filter(|c| c.0 == named[0].0).count();
        if per_board > 1 {
            places_ok = false;
            let message = if rules.board == BoardKind::Stacks {
                format!(
                    "\"{}\" names {per_board} stacks; name one stack, like \"3\", or one cell, like \"3,1,2\"",
                    p.at
                )
            } else {
                format!(
                    "\"{}\" names {per_board} spaces; a starting piece needs one cell, like \"2,3\"",
                    p.at
                )
            };
            report.add(format!("{field}.at"), message);
            continue;
        }
        if !stacks && let Some(&cell) = named.iter().find(|c| locked.contains(c)) {
            report.add(
                format!("{field}.at"),
                format!(
                    "{} is locked in phase 1; a piece cannot start on a locked space",
                    extent.cell_text(cell)
                ),
            );
        }
    }
    if !places_ok {
        // Clashes and overflows mean little until every entry names one place.
        return;
    }
    let start = starting_pieces(rules);
    for (i, cell, other) in start.clashes {
        report.add(
            format!("initial[{i}].at"),
            format!(
                "{} already holds a starting piece from initial[{other}]; a cell takes one piece",
                extent.cell_text(cell)
            ),
        );
    }
    for (i, bottom, fitted) in start.overflows {
        report.add(
            format!("initial[{i}].count"),
            format!(
                "{} has room for only {fitted} more pieces above its locked spaces and the pieces listed before; use at most {fitted}",
                extent.stack_text(bottom)
            ),
        );
    }
}

/// The colour, shape and count of the starting piece `p` (`field` in the
/// file; `stacks`: it fills a whole stack).
fn check_initial_kind(
    rules: &RuleSet,
    (field, p, stacks): (&str, &crate::rules::InitialPieces, bool),
    colors: &[Color],
    report: &mut Report,
) {
    if !colors.contains(&p.color) {
        report.add(
            format!("{field}.color"),
            format!(
                "{} is not played in this game; the colours in play are {}",
                p.color.name(),
                color_list(colors)
            ),
        );
    }
    if rules.shape_rules(p.shape).is_none() {
        report.add(
            format!("{field}.shape"),
            format!(
                "{} is not among the game's shapes; add it to shapes or choose a listed one",
                p.shape.name()
            ),
        );
    }
    if p.count == 0 {
        report.add(format!("{field}.count"), "the count must be at least 1");
    } else if p.count > 1 && !stacks {
        let hint = if rules.board == BoardKind::Stacks {
            "name the whole stack (leave z out) to stack several"
        } else {
            "list each cell separately"
        };
        report.add(
            format!("{field}.count"),
            format!("a cell holds one piece; use count 1, or {hint}"),
        );
    }
}
