//! Boards: how many, which kind, and the dimensions.
//!
//! Hash is frozen at 3x3x1; stacks need a height of 2 or more; tetrakis
//! squares are one flat layer; and each dimension offers 1 to the floor of
//! 512 / the product of the other two, at most 19.

use std::ops::RangeInclusive;

use redscience_engine::RuleSet;
use redscience_engine::rules::BoardKind;

use super::input::{Opt, buttons, counted, file_name, number, pick, select};
use super::step::Step;
use super::{Ask, Flow};

fn kind_words(kind: BoardKind) -> &'static str {
    match kind {
        BoardKind::Hash => "Hash",
        BoardKind::Squares => "Squares",
        BoardKind::Stacks => "Stacks",
        BoardKind::Hexagons => "Hexagons",
        BoardKind::SquaresOnToroid => "Squares on Toroid",
        BoardKind::TetrakisSquares => "Tetrakis squares",
    }
}

/// The kinds, and (ours) hexagons cut to a hexagon: (kind, hexagon-shaped).
fn kind_options() -> Vec<Opt<(BoardKind, bool)>> {
    let mut opts: Vec<Opt<(BoardKind, bool)>> = [
        BoardKind::Hash,
        BoardKind::Squares,
        BoardKind::Stacks,
        BoardKind::Hexagons,
        BoardKind::SquaresOnToroid,
        BoardKind::TetrakisSquares,
    ]
    .into_iter()
    .map(|k| Opt::new((k, false), file_name(&k), kind_words(k)))
    .collect();
    opts.push(
        Opt::new(
            (BoardKind::Hexagons, true),
            "hexagon_of_hexagons",
            "Hexagon of hexagons",
        )
        .alias("hexagon"),
    );
    opts
}

/// The kind as the wizard names it.
fn board_words(rules: &RuleSet) -> &'static str {
    if rules.hexagon_shaped {
        "Hexagon of hexagons"
    } else {
        kind_words(rules.board)
    }
}

/// A hexagon of hexagons is as wide as deep, an odd width: the nearest one
/// to the board's widest side.
fn fit_hexagon(rules: &mut RuleSet) {
    let [x, y, _] = rules.dimensions;
    let width = x.max(y).clamp(3, 19);
    let width = if width % 2 == 0 { width - 1 } else { width };
    rules.dimensions[0] = width;
    rules.dimensions[1] = width;
}

fn board_count_options() -> Vec<Opt<u8>> {
    (1..=3)
        .map(|n| {
            let label = if n == 1 {
                "1 board".to_string()
            } else {
                format!("{n} boards")
            };
            Opt::new(n, n.to_string(), label)
        })
        .collect()
}

/// The values dimension `axis` may take with the other two as they are
/// (the engine's ranges).
pub(super) fn dimension_range(rules: &RuleSet, axis: usize) -> RangeInclusive<u32> {
    redscience_engine::validate::dimension_range(rules, axis)
}

/// Adjusts the dimensions to the kind, as the Factory redraws the board.
/// A flat board turned into stacks stands up: its rows become the height
/// (7 columns of 6 rows become 7 stacks 6 high, Tic-Tac-Toe's 3x3 becomes
/// 3 stacks 3 high); one row of stacks laid flat becomes rows again.
fn fit(rules: &mut RuleSet, was: BoardKind) {
    let [x, y, z] = rules.dimensions;
    match rules.board {
        BoardKind::Hash => rules.dimensions = [3, 3, 1],
        BoardKind::Stacks if was != BoardKind::Stacks && z == 1 => {
            rules.dimensions = if y >= 2 { [x, 1, y] } else { [x, 1, 2] };
        }
        BoardKind::Stacks => rules.dimensions[2] = z.max(2),
        _ if was == BoardKind::Stacks && y == 1 => rules.dimensions = [x, z, 1],
        _ => {}
    }
    if rules.board == BoardKind::TetrakisSquares {
        rules.dimensions[2] = 1;
    }
    for axis in 0..3 {
        let range = dimension_range(rules, axis);
        let value = u32::from(rules.dimensions[axis]).clamp(*range.start(), *range.end());
        rules.dimensions[axis] = value as u8;
    }
}

fn axis_words(rules: &RuleSet, axis: usize) -> &'static str {
    if rules.hexagon_shaped && axis == 0 {
        return "the width across, odd (a side of 3 is 5 across)";
    }
    match (rules.board, axis) {
        (_, 0) => "x, the number of columns",
        (BoardKind::Stacks, 1) => {
            "y, the number of rows of stacks (1 for one upright board, as in Connect4)"
        }
        (_, 1) => "y, the number of rows",
        (BoardKind::Stacks, _) => {
            "z, the height of every stack (pieces drop to the lowest free space of a column)"
        }
        _ => "z, the number of layers (1 for a flat board)",
    }
}

fn size(rules: &RuleSet) -> String {
    let [x, y, z] = rules.dimensions;
    format!("{x}x{y}x{z}")
}

pub(super) fn ask(rules: &RuleSet, step: Step) -> Ask {
    match step {
        Step::Boards => Ask::new(
            format!(
                "Boards: now {}. Several boards are copies of one board played at once; \
                 whoever wins the most boards wins.",
                rules.boards
            ),
            buttons(&board_count_options()),
            counted(usize::from(rules.boards), "board"),
        ),
        Step::BoardKind => Ask::new(
            format!(
                "Board: now {} {}. Hash is the classic 3x3 board; stacks drop pieces to the \
                 lowest free space of a column (Connect4: 7 columns, height 6), and a flat board \
                 chosen as stacks stands up, its rows becoming the height; the others are \
                 extensions.",
                board_words(rules),
                size(rules)
            ),
            buttons(&kind_options()),
            board_words(rules),
        ),
        Step::Dimension(axis) => {
            let range = dimension_range(rules, axis);
            let odd_only = rules.hexagon_shaped && axis == 0;
            let opts: Vec<Opt<u32>> = range
                .clone()
                .filter(|n| !odd_only || (n % 2 == 1 && *n >= 3))
                .map(|n| Opt::new(n, n.to_string(), n.to_string()))
                .collect();
            let value = rules.dimensions[axis];
            Ask::new(
                format!(
                    "Dimensions: the board is {}. Choose {} ({} to {}).",
                    size(rules),
                    axis_words(rules, axis),
                    range.start(),
                    range.end()
                ),
                select("dimension", &opts, Some(value.to_string())),
                value.to_string(),
            )
        }
        _ => unreachable!("{step:?} is not a board question"),
    }
}

pub(super) fn apply(rules: &mut RuleSet, step: Step, input: &str) -> Result<Flow, String> {
    match step {
        Step::Boards => rules.boards = pick(input, &board_count_options())?,
        Step::BoardKind => {
            let was = rules.board;
            let (kind, shaped) = pick(input, &kind_options())?;
            rules.board = kind;
            rules.hexagon_shaped = shaped;
            fit(rules, was);
            if shaped {
                fit_hexagon(rules);
            }
        }
        Step::Dimension(axis) => {
            let range = dimension_range(rules, axis);
            let why = match (rules.board, axis) {
                (BoardKind::Stacks, 2) => " (stacks need a height of at least 2)",
                _ => "",
            };
            let value = number(input, range, "dimension").map_err(|e| {
                format!(
                    "{e}{why}; each dimension is at most {}, and the three multiply to at most {}",
                    redscience_engine::validate::DIMENSION_MAX,
                    redscience_engine::validate::BOARD_CELLS_MAX
                )
            })?;
            if rules.hexagon_shaped && axis == 0 {
                if value % 2 == 0 || value < 3 {
                    return Err(format!(
                        "a hexagon of hexagons is an odd number across, 3 to 19: {value} is not; \
                         e.g. 5 for a side of 3"
                    ));
                }
                // As deep as it is wide.
                rules.dimensions[1] = value as u8;
            }
            rules.dimensions[axis] = value as u8;
        }
        _ => unreachable!("{step:?} is not a board question"),
    }
    Ok(Flow::Next)
}
