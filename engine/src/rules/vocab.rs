//! The Game Factory's vocabulary: every dropdown option as a closed enum.
//!
//! Serialised names are snake_case words a person can type in a rule-set file.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// "2 Player", "3 Player", "4 Player", "Partners", "1/2/3 vs Chaos".
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    JsonSchema,
    Default,
)]
#[serde(rename_all = "snake_case")]
pub enum Players {
    #[default]
    Two,
    Three,
    Four,
    /// Four seats; seats 1 and 3 share one outcome, seats 2 and 4 another.
    Partners,
    /// One player alone (ours, issue 23): a puzzle against the rules.
    One,
    OneVsChaos,
    TwoVsChaos,
    ThreeVsChaos,
}

impl Players {
    /// Seats held by people or AIs, not counting Chaos.
    pub fn player_seats(self) -> usize {
        match self {
            Players::One | Players::OneVsChaos => 1,
            Players::Two | Players::TwoVsChaos => 2,
            Players::Three | Players::ThreeVsChaos => 3,
            Players::Four | Players::Partners => 4,
        }
    }

    pub fn has_chaos(self) -> bool {
        matches!(
            self,
            Players::OneVsChaos | Players::TwoVsChaos | Players::ThreeVsChaos
        )
    }

    /// All seats, Chaos included (Chaos always sits last).
    pub fn total_seats(self) -> usize {
        self.player_seats() + usize::from(self.has_chaos())
    }

    pub fn words(self) -> &'static str {
        match self {
            Players::Two => "2-Player",
            Players::Three => "3-Player",
            Players::Four => "4-Player",
            Players::Partners => "Partners",
            Players::One => "1 Player alone",
            Players::OneVsChaos => "1 vs Chaos",
            Players::TwoVsChaos => "2 vs Chaos",
            Players::ThreeVsChaos => "3 vs Chaos",
        }
    }
}

/// "Assigned colors", "Shared color", "Partners share color", "Players choose color".
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    JsonSchema,
    Default,
)]
#[serde(rename_all = "snake_case")]
pub enum ColorMode {
    #[default]
    Assigned,
    Shared,
    PartnersShare,
    PlayersChoose,
}

impl ColorMode {
    pub fn words(self) -> &'static str {
        match self {
            ColorMode::Assigned => "Assigned Colors",
            ColorMode::Shared => "Shared Color",
            ColorMode::PartnersShare => "Partners Share Color",
            ColorMode::PlayersChoose => "Players Choose Color",
        }
    }
}

/// "No cloaking", "Cloaking hides" (invisibility), "Cloaking obscures" (obscurity).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    JsonSchema,
    Default,
)]
#[serde(rename_all = "snake_case")]
pub enum Cloaking {
    #[default]
    None,
    Hides,
    Obscures,
}

/// The board dropdown, with its "can extend to" kinds.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    JsonSchema,
    Default,
)]
#[serde(rename_all = "snake_case")]
pub enum BoardKind {
    #[default]
    Hash,
    Squares,
    Stacks,
    Hexagons,
    SquaresOnToroid,
    TetrakisSquares,
}

impl BoardKind {
    pub fn words(self) -> &'static str {
        match self {
            BoardKind::Hash => "hash",
            BoardKind::Squares => "squares",
            BoardKind::Stacks => "stacks",
            BoardKind::Hexagons => "hexagons",
            BoardKind::SquaresOnToroid => "squares on a toroid",
            BoardKind::TetrakisSquares => "tetrakis squares",
        }
    }
}

/// Seat and piece colours, in seat order (black, white, pink, yellow first).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Color {
    Black,
    White,
    Pink,
    Yellow,
    Orange,
    Blue,
    Purple,
    Green,
    Gray,
}

impl Color {
    pub const ALL: [Color; 9] = [
        Color::Black,
        Color::White,
        Color::Pink,
        Color::Yellow,
        Color::Orange,
        Color::Blue,
        Color::Purple,
        Color::Green,
        Color::Gray,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Option<Color> {
        Color::ALL.get(i).copied()
    }

    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
            Color::Pink => "pink",
            Color::Yellow => "yellow",
            Color::Orange => "orange",
            Color::Blue => "blue",
            Color::Purple => "purple",
            Color::Green => "green",
            Color::Gray => "gray",
        }
    }

    pub fn hex(self) -> &'static str {
        match self {
            Color::Black => "#000000",
            Color::White => "#ffffff",
            Color::Pink => "#ff81c0",
            Color::Yellow => "#ffff14",
            Color::Orange => "#fdaa48",
            Color::Blue => "#95d0fc",
            Color::Purple => "#bf77f6",
            Color::Green => "#96f97b",
            Color::Gray => "#929591",
        }
    }

    pub fn parse(word: &str) -> Option<Color> {
        let w = word.trim().to_ascii_lowercase();
        let w = if w == "grey" { "gray".to_string() } else { w };
        Color::ALL.into_iter().find(|c| c.name() == w)
    }
}

/// The six shapes, in the Factory's order (1 circle ... 6 star).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    JsonSchema,
    Default,
)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    #[default]
    Circle,
    Pentagon,
    X,
    Cross,
    Triangle,
    Star,
}

impl Shape {
    pub const ALL: [Shape; 6] = [
        Shape::Circle,
        Shape::Pentagon,
        Shape::X,
        Shape::Cross,
        Shape::Triangle,
        Shape::Star,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Option<Shape> {
        Shape::ALL.get(i).copied()
    }

    pub fn name(self) -> &'static str {
        match self {
            Shape::Circle => "circle",
            Shape::Pentagon => "pentagon",
            Shape::X => "X",
            Shape::Cross => "cross",
            Shape::Triangle => "triangle",
            Shape::Star => "star",
        }
    }

    pub fn plural(self) -> &'static str {
        match self {
            Shape::Circle => "circles",
            Shape::Pentagon => "pentagons",
            Shape::X => "Xs",
            Shape::Cross => "crosses",
            Shape::Triangle => "triangles",
            Shape::Star => "stars",
        }
    }

    /// Rank for "cover by rank": pentagon > star > cross > X > triangle > circle
    /// (the circle-beats-pentagon exception is applied where ranks are compared).
    pub fn rank(self) -> u8 {
        match self {
            Shape::Circle => 1,
            Shape::Triangle => 2,
            Shape::X => 3,
            Shape::Cross => 4,
            Shape::Star => 5,
            Shape::Pentagon => 6,
        }
    }

    /// Accepts singular and plural names in any case ("X", "xs", "Crosses").
    pub fn parse(word: &str) -> Option<Shape> {
        match word.trim().to_ascii_lowercase().as_str() {
            "circle" | "circles" => Some(Shape::Circle),
            "pentagon" | "pentagons" => Some(Shape::Pentagon),
            "x" | "xs" => Some(Shape::X),
            "cross" | "crosses" => Some(Shape::Cross),
            "triangle" | "triangles" => Some(Shape::Triangle),
            "star" | "stars" => Some(Shape::Star),
            _ => None,
        }
    }
}

/// "No power", "Must capture", "Can capture", and "Only captures" (ours:
/// every move of the shape, placement or movement, must capture, as a
/// Reversi disc's placement must).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    JsonSchema,
    Default,
)]
#[serde(rename_all = "snake_case")]
pub enum Power {
    #[default]
    None,
    Must,
    Can,
    Only,
}

impl Power {
    /// "Must capture", as `game show` and the wizard say it.
    pub fn words(self) -> &'static str {
        match self {
            Power::None => "No power",
            Power::Must => "Must capture",
            Power::Can => "Can capture",
            Power::Only => "Only captures",
        }
    }
}

/// power_condition, with its "can extend to" options.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum CaptureCondition {
    Cover,
    CoverByRank,
    MoveOnDiagEnPassant,
    MoveOnTriagonal,
    Jump,
    ChainJump,
    ChainJumpBack,
    SurroundLine,
    SurroundOrthogonal,
    Approach,
    Adjacent,
}

impl CaptureCondition {
    pub fn words(self) -> &'static str {
        match self {
            CaptureCondition::Cover => "Cover",
            CaptureCondition::CoverByRank => "Cover by rank",
            CaptureCondition::MoveOnDiagEnPassant => "Move on diag + en passe",
            CaptureCondition::MoveOnTriagonal => "Move on triagonal",
            CaptureCondition::Jump => "Jump",
            CaptureCondition::ChainJump => "Chain Jump",
            CaptureCondition::ChainJumpBack => "Chain Jump (+ back)",
            CaptureCondition::SurroundLine => "Surround line",
            CaptureCondition::SurroundOrthogonal => "Surround orthogonal",
            CaptureCondition::Approach => "Approach",
            CaptureCondition::Adjacent => "Adjacent",
        }
    }
}

/// Whether a chain of jumps may stop before it runs out of jumps (ours).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    JsonSchema,
    Default,
)]
#[serde(rename_all = "snake_case")]
pub enum Chain {
    /// The mover may pass to end the chain (the default).
    #[default]
    MayStop,
    /// The chain goes on while the piece can jump, as in draughts.
    MustContinue,
}

impl Chain {
    pub fn is_may_stop(&self) -> bool {
        *self == Chain::MayStop
    }
}

/// The one axis a shape's moves keep to (ours): every move of the shape,
/// step, slide, leap or jump, keeps its other coordinates.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Axis {
    /// Along its row: only x changes.
    Rows,
    /// Along its column: only y changes.
    Columns,
    /// Up and down through the layers: only z changes.
    Layers,
}

impl Axis {
    pub const ALL: [Axis; 3] = [Axis::Rows, Axis::Columns, Axis::Layers];

    /// "Moves along rows only".
    pub fn words(self) -> &'static str {
        match self {
            Axis::Rows => "Moves along rows only",
            Axis::Columns => "Moves along columns only",
            Axis::Layers => "Moves along layers only",
        }
    }

    /// The index of the coordinate that may change: 0 x, 1 y, 2 z.
    pub fn index(self) -> usize {
        match self {
            Axis::Rows => 0,
            Axis::Columns => 1,
            Axis::Layers => 2,
        }
    }
}

/// power_result, with "Reincarnates captive(s) x2" and "Paralyzes captive(s)".
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum CaptureResult {
    Remove,
    Convert,
    Reincarnate,
    ReincarnateX2,
    Paralyze,
    /// "Leaves captive(s)" (ours): a jump passes over pieces and takes
    /// none (jumps only).
    Leave,
}

impl CaptureResult {
    pub fn words(self) -> &'static str {
        match self {
            CaptureResult::Remove => "Removes captive(s)",
            CaptureResult::Convert => "Converts captive(s)",
            CaptureResult::Reincarnate => "Reincarnates captive(s)",
            CaptureResult::ReincarnateX2 => "Reincarnates captive(s) x2",
            CaptureResult::Paralyze => "Paralyzes captive(s)",
            CaptureResult::Leave => "Leaves captive(s)",
        }
    }
}

/// Whose pieces a jump may pass over (ours). Only an opponent's jumped
/// piece is ever captured; the mover's own stay where they are.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    JsonSchema,
    Default,
)]
#[serde(rename_all = "snake_case")]
pub enum JumpOver {
    /// An opponent's pieces only (the Factory's jump).
    #[default]
    Enemy,
    /// The mover's own pieces only.
    Own,
    /// Anyone's.
    Any,
}

impl JumpOver {
    pub fn is_enemy(&self) -> bool {
        *self == JumpOver::Enemy
    }

    /// "Jumps over own pieces".
    pub fn words(self) -> &'static str {
        match self {
            JumpOver::Enemy => "Jumps over opponents' pieces",
            JumpOver::Own => "Jumps over own pieces",
            JumpOver::Any => "Jumps over any pieces",
        }
    }
}

/// A die the engine rolls at the start of each turn (ours, issue 23): a
/// chance node of the game interface, each face equally likely.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Dice {
    /// How many faces the die has: 2 to 12, numbered from 1.
    pub faces: u8,
    /// What the roll decides.
    pub decides: DiceDecides,
}

/// What a turn's roll decides (ours, issue 23).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum DiceDecides {
    /// The shape that moves or is placed: face k names the k-th shape of
    /// the rule set's list, counting round again past the last.
    Shape,
    /// How far a piece moves: exactly as many spaces as the face shows,
    /// along its straight line (a knight's hop counts as 1). Placements
    /// are not restricted.
    Distance,
}

/// A one-player game's score (ours, issue 23), told with its result: what
/// is counted when the match ends, and which way is better.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Score {
    pub count: ScoreCount,
    pub better: Better,
}

/// What a score counts (ours, issue 23).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum ScoreCount {
    /// The player's moves on the board (placements and movements; passes
    /// and rolls are no moves).
    Moves,
    /// The player's pieces on the board when the match ends.
    Pieces,
}

/// Which way a score is better (ours, issue 23).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Better {
    Fewer,
    More,
}

impl Score {
    /// "Score: moves made, fewer is better".
    pub fn words(self) -> String {
        format!(
            "Score: {}, {} is better",
            self.count.words(),
            self.better.words()
        )
    }
}

impl ScoreCount {
    /// "moves made", "pieces left on the board".
    pub fn words(self) -> &'static str {
        match self {
            ScoreCount::Moves => "moves made",
            ScoreCount::Pieces => "pieces left on the board",
        }
    }
}

impl Better {
    pub fn words(self) -> &'static str {
        match self {
            Better::Fewer => "fewer",
            Better::More => "more",
        }
    }
}

/// What a moving piece leaves on the space it left (ours, issue 23).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Trail {
    /// The space becomes a wall for the rest of the game: no piece enters
    /// it, is placed on it or slides through it.
    Wall,
    /// A piece of this shape and of the moving piece's colour, taken from
    /// that colour's reserve (nothing is left once the reserve is empty).
    Piece(Shape),
}

impl Trail {
    /// "Leaves a wall behind", "Leaves a square behind".
    pub fn words(self) -> String {
        match self {
            Trail::Wall => "Leaves a wall behind".into(),
            Trail::Piece(Shape::X) => "Leaves an X behind".into(),
            Trail::Piece(shape) => format!("Leaves a {} behind", shape.name()),
        }
    }
}

/// The move dropdown, with every "can extend to" option. A shape lists a set of
/// these; an empty set means "Stationary".
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Movement {
    Adjacent,
    AdjOrthogonal,
    AdjDiagonal,
    Orthogonal,
    Diagonal,
    Linear,
    Knight,
    #[serde(rename = "knight_2x1x0")]
    Knight2x1x0,
    #[serde(rename = "knight_2x1x1")]
    Knight2x1x1,
    LinearOrKnight,
    AdjacentOrKnight,
    OrthByStack,
    OrthByFullStack,
    ForwardOrth,
    ForwardDiag,
    AdjacentNoBackSide,
    AdjacentNoBack,
    OrthNoBack,
    PawnForwardCenter,
    RookOrthCastle,
    /// One step diagonally forward (ours: a draughts man's step).
    ForwardAdjDiag,
    /// A knight's leap that a piece next to it, on the way of its long
    /// leg, blocks (ours: xiangqi's horse).
    KnightBlocked,
}

impl Movement {
    pub fn words(self) -> &'static str {
        match self {
            Movement::Adjacent => "Moves adjacent",
            Movement::AdjOrthogonal => "Moves adj orthogonal",
            Movement::AdjDiagonal => "Moves adj diagonal",
            Movement::Orthogonal => "Moves orthogonal",
            Movement::Diagonal => "Moves diagonal",
            Movement::Linear => "Moves linear",
            Movement::Knight => "Moves knight",
            Movement::Knight2x1x0 => "Knight move 2x1x0",
            Movement::Knight2x1x1 => "Knight move 2x1x1",
            Movement::LinearOrKnight => "Moves linear or knight",
            Movement::AdjacentOrKnight => "Moves adjacent or knight",
            Movement::OrthByStack => "Moves orth by stack",
            Movement::OrthByFullStack => "Moves orth by full stack",
            Movement::ForwardOrth => "Moves forward orth",
            Movement::ForwardDiag => "Moves forward diag",
            Movement::AdjacentNoBackSide => "Moves adjacent (no back/side)",
            Movement::AdjacentNoBack => "Moves adjacent (no back)",
            Movement::OrthNoBack => "Moves orth (no back)",
            Movement::PawnForwardCenter => "Pawn move forward/center",
            Movement::RookOrthCastle => "Rook move orth/castle",
            Movement::ForwardAdjDiag => "Moves adj forward diag",
            Movement::KnightBlocked => "Moves knight (blocked)",
        }
    }

    /// Kinds that never move a piece away from its owner's goal ("cannot move backwards").
    pub fn is_forward_only(self) -> bool {
        matches!(
            self,
            Movement::ForwardOrth
                | Movement::ForwardDiag
                | Movement::AdjacentNoBackSide
                | Movement::AdjacentNoBack
                | Movement::OrthNoBack
                | Movement::PawnForwardCenter
                | Movement::ForwardAdjDiag
        )
    }

    /// Kinds that need a flat board of squares (hash or squares, one
    /// layer): where the leg of a blocked knight lies is a square's idea.
    pub fn needs_flat_squares(self) -> bool {
        self == Movement::KnightBlocked
    }

    /// Kinds that exist only on stacks boards.
    pub fn needs_stacks(self) -> bool {
        matches!(self, Movement::OrthByStack | Movement::OrthByFullStack)
    }
}

/// The order dropdown of a phase.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    JsonSchema,
    Default,
)]
#[serde(rename_all = "snake_case")]
pub enum Order {
    #[default]
    Sequential,
    Simultaneous,
    /// Simultaneous, and the phase lasts only one round.
    Single,
}

/// Whether a rule names its players winners or losers.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum WinLose {
    Win,
    Lose,
}

impl WinLose {
    pub fn verb(self) -> &'static str {
        match self {
            WinLose::Win => "wins",
            WinLose::Lose => "loses",
        }
    }
}
