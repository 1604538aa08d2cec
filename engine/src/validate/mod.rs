//! Validation of a rule set: every problem at once.
//!
//! Each problem names its field the way a JSON path would (`shapes[1].reserves.white`)
//! and says what was wrong and what is accepted, so someone editing a rule-set
//! file can fix them all in one pass. The checks follow the Game Factory's
//! dropdown ranges and the save rules of the requirements, with the gaps
//! resolved as `docs/rules.md` records.

mod bounds;
mod dice;
mod labels;
mod outcomes;
mod phases;
mod seats;
mod shapes;
mod spaces;
#[cfg(test)]
mod tests;
mod trails;

use crate::rules::{BoardKind, OLDEST_SCHEMA_VERSION, SCHEMA_VERSION, TURN_SECONDS};
use crate::{Problem, RuleSet};

pub(crate) use seats::{chaos_color, default_chaos_color};
pub(crate) use spaces::{Cell, Extent, starting_pieces};

pub use bounds::{PIECES_PER_TURN_MAX, axis_fits};
pub use dice::DICE_FACES;
pub use outcomes::{IN_A_ROW_LENGTHS, TURN_LIMIT_MAX, longest_line};
pub use seats::{COLORS_PER_SEAT_MAX, colors_in_play, player_colors, seat_colors};
pub use shapes::{condition_fits, movement_fits, reserve_max, result_fits};

/// The most characters a game name may have (it appears in commands and lists).
const NAME_MAX: usize = 40;
/// The Factory's limit for any one dimension.
pub const DIMENSION_MAX: u32 = 19;
/// The Factory's limit for the product of the three dimensions.
pub const BOARD_CELLS_MAX: u32 = 512;

/// The values dimension `axis` (0 = x, 1 = y, 2 = z) may take with the
/// other two as they are: 1 to the Factory's limits (each at most 19, all
/// three multiplying to at most 512), at least 2 for the height of stacks,
/// and exactly 1 for the height of tetrakis squares. What validation accepts.
pub fn dimension_range(rules: &RuleSet, axis: usize) -> std::ops::RangeInclusive<u32> {
    let min = match (rules.board, axis) {
        (BoardKind::Stacks, 2) => 2,
        _ => 1,
    };
    let max = match (rules.board, axis) {
        (BoardKind::TetrakisSquares, 2) => 1,
        (BoardKind::Hash, _) => [3, 3, 1][axis.min(2)],
        _ => dimension_max(rules.dimensions, axis),
    };
    min..=max.max(min)
}

/// The largest value of dimension `axis` with the other two as they are.
fn dimension_max(d: [u8; 3], axis: usize) -> u32 {
    let others: u32 = (0..3)
        .filter(|&j| j != axis)
        .map(|j| u32::from(d[j]).max(1))
        .product();
    DIMENSION_MAX.min(BOARD_CELLS_MAX / others)
}

/// A hexagon of hexagons: on a hexagons board, as wide as it is deep, and
/// an odd width (a side of R is 2R - 1 across).
fn check_hexagon_shape(rules: &RuleSet, report: &mut Report) {
    if !rules.hexagon_shaped {
        return;
    }
    let [x, y, _] = rules.dimensions;
    if rules.board != BoardKind::Hexagons {
        report.add(
            "hexagon_shaped",
            "only a board of hexagons can be hexagon-shaped; set \"board\": \"hexagons\", or \
             leave hexagon_shaped out",
        );
    } else if x != y || x % 2 == 0 || x < 3 {
        report.add(
            "hexagon_shaped",
            format!(
                "a hexagon of hexagons is as wide as it is deep, an odd number from 3 (a side \
                 of 2) to 19 (a side of 10): {x}x{y} is not; use e.g. [5, 5, 1] for a side of 3"
            ),
        );
    }
}

/// Every problem with the rule set, or Ok.
pub fn validate(rules: &RuleSet) -> Result<(), Vec<Problem>> {
    let mut report = Report::default();
    check_header(rules, &mut report);
    let dimensions_ok = check_board(rules, &mut report);
    seats::check(rules, &mut report);
    check_hexagon_shape(rules, &mut report);
    shapes::check(rules, dimensions_ok, &mut report);
    bounds::check(rules, &mut report);
    trails::check(rules, &mut report);
    dice::check(rules, &mut report);
    dice::check_score(rules, &mut report);
    phases::check(rules, dimensions_ok, &mut report);
    outcomes::check(rules, &mut report);
    labels::check(rules, &mut report);
    if report.0.is_empty() {
        Ok(())
    } else {
        Err(report.0)
    }
}

/// The problems found so far.
#[derive(Default)]
pub(super) struct Report(Vec<Problem>);

impl Report {
    fn add(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.0.push(Problem::new(field, message));
    }
}

fn check_header(rules: &RuleSet, report: &mut Report) {
    if !(OLDEST_SCHEMA_VERSION..=SCHEMA_VERSION).contains(&rules.schema_version) {
        report.add(
            "schema_version",
            format!(
                "version {} cannot be read; this build reads versions {OLDEST_SCHEMA_VERSION} \
                 to {SCHEMA_VERSION} (write {SCHEMA_VERSION})",
                rules.schema_version
            ),
        );
    }
    let name = &rules.name;
    if name.is_empty() {
        report.add(
            "name",
            format!("the name is empty; give the game a name of 1 to {NAME_MAX} characters"),
        );
    }
    let length = name.chars().count();
    if length > NAME_MAX {
        report.add(
            "name",
            format!("the name has {length} characters; at most {NAME_MAX} are accepted"),
        );
    }
    if name.chars().any(|c| c.is_whitespace() || "*()".contains(c)) {
        report.add(
            "name",
            "a name cannot contain spaces or other whitespace, '*', '(' or ')'; use '-' or '_' between words",
        );
    }
    if !(1..=PIECES_PER_TURN_MAX).contains(&rules.pieces_per_turn) {
        report.add(
            "pieces_per_turn",
            format!(
                "{} pieces per turn is not offered; use 1 to {PIECES_PER_TURN_MAX}, e.g. 2",
                rules.pieces_per_turn
            ),
        );
    }
    if !TURN_SECONDS.contains(&rules.seconds_per_turn) {
        let offered: Vec<String> = TURN_SECONDS.iter().map(u32::to_string).collect();
        report.add(
            "seconds_per_turn",
            format!(
                "{} seconds per turn is not offered; use one of {}",
                rules.seconds_per_turn,
                offered.join(", ")
            ),
        );
    }
    if !(1..=3).contains(&rules.boards) {
        report.add(
            "boards",
            format!("{} boards is not offered; use 1, 2 or 3", rules.boards),
        );
    }
}

/// Checks the board kind against the dimensions. Returns whether the
/// dimensions are usable, so checks of spaces can trust them.
fn check_board(rules: &RuleSet, report: &mut Report) -> bool {
    let d = rules.dimensions;
    if rules.board == BoardKind::Hash {
        if d != [3, 3, 1] {
            report.add(
                "dimensions",
                format!(
                    "a hash board is always 3x3x1, not {}x{}x{}; use [3, 3, 1] or choose another board",
                    d[0], d[1], d[2]
                ),
            );
            return false;
        }
        return true;
    }
    let mut ok = true;
    for i in 0..3 {
        let max = dimension_max(d, i);
        let value = u32::from(d[i]);
        if (1..=max).contains(&value) {
            continue;
        }
        ok = false;
        let message = if max == 0 {
            // The other two alone are too many spaces: no value here fits.
            format!(
                "the other two dimensions alone make more than {BOARD_CELLS_MAX} spaces, so no \
                 value here fits; make them smaller first (each at most {DIMENSION_MAX}, and all \
                 three multiply to at most {BOARD_CELLS_MAX}, e.g. 8x8x8)"
            )
        } else {
            format!(
                "{value} is out of range; with the other two dimensions this one may be 1 to {max} \
                 (each at most {DIMENSION_MAX}, and all three multiply to at most {BOARD_CELLS_MAX})"
            )
        };
        report.add(format!("dimensions[{i}]"), message);
    }
    if rules.board == BoardKind::Stacks && d[2] == 1 {
        report.add(
            "dimensions[2]",
            "a stacks board needs a height (the third dimension) of 2 or more",
        );
    }
    if rules.board == BoardKind::TetrakisSquares && d[2] > 1 {
        report.add(
            "dimensions[2]",
            format!(
                "{} is not allowed: tetrakis squares are one flat layer (a height of 1), \
                 since a space's third coordinate names its triangle (1 north, 2 east, 3 south, 4 west)",
                d[2]
            ),
        );
    }
    ok
}
