//! The rule-set model: the whole Game Factory as serde types with a versioned
//! JSON form. Fields left out of a file take Tic-Tac-Toe's values, as the
//! spec's game list describes each game by its differences from Tic-Tac-Toe.

mod labels;
mod outcomes;
mod refs;
mod vocab;

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use labels::{HOW_TO_PLAY_MAX, LABEL_MAX, Labels, SpaceLabel};
pub use outcomes::{FoldRule, Measure, NoMove, Repetition, StalemateRule, TurnCheck};
pub use refs::{SeatRef, SpaceRef};
pub use vocab::{
    Axis, Better, BoardKind, CaptureCondition, CaptureResult, Chain, Cloaking, Color, ColorMode,
    Dice, DiceDecides, JumpOver, Movement, Order, Players, Power, Score, ScoreCount, Shape, Trail,
    WinLose,
};

/// The version of the JSON form this build writes. Version 2 added
/// `labels`; files of version 1 (no labels) read as before.
pub const SCHEMA_VERSION: u32 = 2;
/// The oldest version this build reads.
pub const OLDEST_SCHEMA_VERSION: u32 = 1;

/// The time options: the Factory's 3 s ... 300 s, then correspondence play.
pub const TURN_SECONDS: [u32; 18] = [
    3, 6, 10, 15, 20, 30, 40, 60, 90, 120, 180, 240, 300, 3_600, 43_200, 86_400, 259_200, 604_800,
];

/// One saved game definition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(
    title = "redscience rule set",
    description = "A variant of tic-tac-toe as the Game Factory defines it. Fields left out take Tic-Tac-Toe's values."
)]
pub struct RuleSet {
    /// Version of this JSON form: 2 (1 is read too, without labels).
    pub schema_version: u32,
    /// The game's name: no whitespace, '*', '(' or ')'.
    pub name: String,
    #[serde(default)]
    pub players: Players,
    #[serde(default)]
    pub colors: ColorMode,
    /// Colours each seat plays (ours, issue 23; with assigned colours):
    /// seat i of P plays colours i, i + P, i + 2P, ... of the colour order.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub colors_per_seat: u8,
    /// The colour of the Chaos seat when it is not the colour after the players'.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chaos_color: Option<Color>,
    #[serde(default)]
    pub cloaking: Cloaking,
    /// "1 piece/turn", "2 pieces/turn", and (ours) up to 6.
    #[serde(default = "one")]
    pub pieces_per_turn: u8,
    /// "1 to N pieces/turn" (ours): `pieces_per_turn` is the most a turn
    /// takes, and after its first move the mover may end it with a pass.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pieces_up_to: bool,
    /// "Another move after a capture" (ours): a move that captures, and
    /// opens no chain of jumps, does not count toward the turn's pieces.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub capture_moves_again: bool,
    /// Seconds per turn: 3 ... 300, or 3600, 43200, 86400, 259200, 604800 for correspondence.
    #[serde(default = "sixty")]
    pub seconds_per_turn: u32,
    /// "1 boards", "2 boards" or "3 boards": copies of one board, played at once.
    #[serde(default = "one")]
    pub boards: u8,
    #[serde(default)]
    pub board: BoardKind,
    /// x (columns), y (rows), z (height).
    #[serde(default = "three_by_three")]
    pub dimensions: [u8; 3],
    /// Hexagons only (ours): the board is a hexagon of hexagons, (x + 1) / 2
    /// on a side, cut from the x by x rhombus (x = y, odd).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hexagon_shaped: bool,
    /// One entry per shape in play (1 to 6 shapes).
    #[serde(default = "tic_tac_toe_shapes")]
    pub shapes: Vec<ShapeRules>,
    /// 1 to 6 phases; stalemate advances the phase.
    #[serde(default = "one_phase")]
    pub phases: Vec<Phase>,
    /// Spaces locked against exit, in every phase.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sticky: Vec<SpaceRef>,
    /// Spaces that only some seats may enter or leave.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exclusive: Vec<Exclusive>,
    /// Pieces on the board at the start; on stacks, listed bottom to top.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub initial: Vec<InitialPieces>,
    /// Checks run at the end of every turn.
    #[serde(default = "first_three_wins")]
    pub turn_checks: Vec<TurnCheck>,
    /// Rules applied when the final phase stalemates.
    #[serde(default = "stalemate_draws")]
    pub stalemate: Vec<StalemateRule>,
    /// "Option to Agree Draw".
    #[serde(default)]
    pub draw_option: bool,
    /// "Overachiever(s) disqualified" (4-player games only).
    #[serde(default)]
    pub overachievers_disqualified: bool,
    /// A seat with no legal move at the start of its turn passes (the
    /// default), loses or wins; a phase may say otherwise.
    #[serde(default, skip_serializing_if = "NoMove::is_pass")]
    pub no_move: NoMove,
    /// What a repeated turn (not a pass) does: stalemate (the default),
    /// draw, the repeater loses, or nothing.
    #[serde(default, skip_serializing_if = "Repetition::is_stalemate")]
    pub repetition: Repetition,
    /// After this many turns (1 to 10000, passes and rounds included) the
    /// match ends and the stalemate rules decide.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_limit: Option<u16>,
    /// After this many turns in a row with no capture and no placement (1
    /// to 10000) the match ends and the stalemate rules decide.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quiet_turn_limit: Option<u16>,
    /// "Lines on the board at the start count": the first turn's checks
    /// judge every piece on the board, not only those the turn changed, so
    /// a line (or a piece on its goal) set up at the start counts.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub lines_at_start: bool,
    /// "Walls stop slides": a slide stops before a space locked in the
    /// phase, instead of passing over it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub walls_stop_slides: bool,
    /// A die rolled at the start of every turn, deciding which shape moves
    /// or how far (ours, issue 23).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<Dice>,
    /// A one-player game's score, told with its result (ours, issue 23).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<Score>,
    /// What shapes, spaces and phases mean, and how to play: words only,
    /// not rules (version 2).
    #[serde(default, skip_serializing_if = "Labels::is_empty")]
    pub labels: Labels,
}

/// A shape's power block and its reserves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShapeRules {
    #[serde(default)]
    pub shape: Shape,
    #[serde(default)]
    pub power: Power,
    /// power_condition; only with a power.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capture: Option<CaptureCondition>,
    /// power_result; only with a power.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<CaptureResult>,
    /// With a chain jump: whether the chain may stop (the default) or must
    /// go on while the piece can jump.
    #[serde(default, skip_serializing_if = "Chain::is_may_stop")]
    pub chain: Chain,
    /// With a jump: whose pieces it passes over (an opponent's, the
    /// default; the mover's own; anyone's).
    #[serde(default, skip_serializing_if = "JumpOver::is_enemy")]
    pub jump_over: JumpOver,
    /// With a jump: it may pass over a solid line of one or more pieces,
    /// landing on the first empty space beyond.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub jump_line: bool,
    /// With a chain of jumps: the chain never lands on a space it has
    /// already stood on this turn (no repeated or reversed jump).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub chain_no_return: bool,
    /// Ways the shape moves once placed; empty means "Stationary".
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub movement: Vec<Movement>,
    /// The one axis every move of the shape keeps to (rows, columns or
    /// layers), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub axis: Option<Axis>,
    /// What a moving piece of this shape leaves on the space it left, if
    /// anything: a wall, or a piece from its colour's reserve.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trail: Option<Trail>,
    /// Pieces of this shape in reserve at the start, per colour.
    #[serde(default)]
    pub reserves: BTreeMap<Color, u16>,
}

/// One phase: order, movement, pass, and the locks and cloaks that hold in it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct Phase {
    #[serde(default)]
    pub order: Order,
    /// "Placement only": every move must come from reserves.
    #[serde(default)]
    pub placement_only: bool,
    /// "Option to pass".
    #[serde(default)]
    pub pass: bool,
    /// Seats that cannot move in this phase (they pass automatically).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub locked_seats: Vec<SeatRef>,
    /// Walls: no entry or exit for anyone in this phase.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub locked: Vec<SpaceRef>,
    /// Cloaked spaces in this phase.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cloaked: Vec<SpaceRef>,
    /// Applied at the end of this phase; not allowed on the last phase.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fold: Option<FoldRule>,
    /// What a seat with no legal move does in this phase, where it differs
    /// from the game's `no_move`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_move: Option<NoMove>,
}

/// Spaces exclusive to a set of seats: locked against entry and exit for the rest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Exclusive {
    pub seats: Vec<SeatRef>,
    pub spaces: Vec<SpaceRef>,
}

/// Pieces placed before the first turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct InitialPieces {
    /// A cell, or on stacks a whole stack (pieces fill it from the bottom).
    pub at: SpaceRef,
    pub color: Color,
    #[serde(default)]
    pub shape: Shape,
    #[serde(default = "one_u16")]
    pub count: u16,
}

/// The hexagons of a hexagon-shaped layer `width` across: 3R(R-1)+1 for a
/// side of R = (width + 1) / 2.
pub fn hexagon_cells(width: u8) -> u32 {
    let side = u32::from(width).div_ceil(2);
    3 * side * side.saturating_sub(1) + 1
}

/// Whether (x, y), numbered from 1, lies on the hexagon cut from a `width`
/// by `width` rhombus of axial hexagons: every cube coordinate of its
/// offset from the centre is within the side less one.
pub fn on_hexagon(width: u8, x: u8, y: u8) -> bool {
    let centre = (i16::from(width) + 1) / 2;
    let (q, r) = (i16::from(x) - centre, i16::from(y) - centre);
    let reach = centre - 1;
    q.abs() <= reach && r.abs() <= reach && (q + r).abs() <= reach
}

fn one() -> u8 {
    1
}
pub(crate) fn is_one(n: &u8) -> bool {
    *n == 1
}
fn one_u16() -> u16 {
    1
}
fn sixty() -> u32 {
    60
}
fn three_by_three() -> [u8; 3] {
    [3, 3, 1]
}
fn tic_tac_toe_shapes() -> Vec<ShapeRules> {
    vec![ShapeRules {
        shape: Shape::Circle,
        power: Power::None,
        capture: None,
        result: None,
        chain: Chain::MayStop,
        jump_over: JumpOver::Enemy,
        jump_line: false,
        chain_no_return: false,
        movement: vec![],
        axis: None,
        trail: None,
        reserves: BTreeMap::from([(Color::Black, 5), (Color::White, 4)]),
    }]
}
fn one_phase() -> Vec<Phase> {
    vec![Phase::default()]
}
fn first_three_wins() -> Vec<TurnCheck> {
    vec![TurnCheck::InARow {
        length: 3,
        result: WinLose::Win,
        diagonals: true,
    }]
}
fn stalemate_draws() -> Vec<StalemateRule> {
    vec![StalemateRule::Draw]
}

impl RuleSet {
    /// Spaces of all boards together (a tetrakis square holds 4 triangles).
    pub fn space_count(&self) -> u32 {
        let d = self.dimensions;
        let layers = if self.board == BoardKind::TetrakisSquares {
            4
        } else {
            u32::from(d[2])
        };
        let per_layer = if self.hexagon_shaped {
            hexagon_cells(d[0])
        } else {
            u32::from(d[0]) * u32::from(d[1])
        };
        per_layer * layers * u32::from(self.boards)
    }

    /// Whether some capture takes pieces off the board, so a game may hold
    /// more pieces than it has spaces (reserves then have no cap).
    pub fn pieces_can_leave(&self) -> bool {
        self.shapes.iter().any(|s| {
            s.power != Power::None
                && matches!(
                    s.result,
                    Some(
                        CaptureResult::Remove
                            | CaptureResult::Reincarnate
                            | CaptureResult::ReincarnateX2
                    )
                )
        })
    }

    /// Tic-Tac-Toe under the given name: every default of the Factory.
    pub fn tic_tac_toe(name: &str) -> RuleSet {
        serde_json::from_value(
            serde_json::json!({ "schema_version": SCHEMA_VERSION, "name": name }),
        )
        .expect("the defaults form a rule set")
    }

    /// Reads a rule set from JSON. Syntax and shape errors come back as one
    /// problem naming the place in the file; call [`crate::validate`] afterwards
    /// for every rule problem at once.
    pub fn from_json(text: &str) -> Result<RuleSet, crate::Problem> {
        let mut de = serde_json::Deserializer::from_str(text);
        let result: Result<RuleSet, _> = serde_path_to_error::deserialize(&mut de);
        let rules = result.map_err(|e| {
            let path = e.path().to_string();
            let inner = e.into_inner();
            let field = if path == "." {
                "(file)".to_string()
            } else {
                path
            };
            let message = if inner.is_eof() {
                format!(
                    "the file ends too early (line {}, column {}): it is not complete JSON",
                    inner.line(),
                    inner.column()
                )
            } else if inner.is_syntax() {
                format!(
                    "not valid JSON at line {}, column {}: {}",
                    inner.line(),
                    inner.column(),
                    strip_position(&inner.to_string())
                )
            } else {
                strip_position(&inner.to_string())
            };
            crate::Problem::new(field, message)
        })?;
        de.end().map_err(|e| {
            crate::Problem::new(
                "(file)",
                format!(
                    "unexpected text after the rule set: {}",
                    strip_position(&e.to_string())
                ),
            )
        })?;
        Ok(rules)
    }

    /// The JSON form, pretty-printed, as `game NAME -e FILE` writes it.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("rule sets always serialise")
    }

    /// What a seat with no legal move does in `phase` (0-based).
    pub fn no_move_in(&self, phase: usize) -> NoMove {
        (self.phases.get(phase))
            .and_then(|p| p.no_move)
            .unwrap_or(self.no_move)
    }

    /// Whether moves are bounded beyond what the fast paths know: walls stop
    /// slides, a shape keeps to one axis, or moves leave trails. Such games
    /// take the general path.
    pub fn bounds_moves(&self) -> bool {
        self.walls_stop_slides
            || (self.shapes.iter()).any(|s| s.axis.is_some() || s.trail.is_some())
    }

    /// The shape a face of the die names, where the die decides the shape:
    /// the shapes in their order, counting round again past the last.
    pub fn shape_of_face(&self, face: u8) -> Option<Shape> {
        let dice = self.dice?;
        let shapes = &self.shapes;
        (dice.decides == DiceDecides::Shape && face >= 1 && !shapes.is_empty())
            .then(|| shapes[usize::from(face - 1) % shapes.len()].shape)
    }

    /// The rules for one shape, if it is in play.
    pub fn shape_rules(&self, shape: Shape) -> Option<&ShapeRules> {
        self.shapes.iter().find(|s| s.shape == shape)
    }
}

fn strip_position(message: &str) -> String {
    match message.find(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

/// The JSON Schema of the rule-set file, as published in `docs/rules.schema.json`.
pub fn json_schema() -> String {
    let schema = schemars::schema_for!(RuleSet);
    serde_json::to_string_pretty(&schema).expect("schemas serialise") + "\n"
}
