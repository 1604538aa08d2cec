//! The questions, the groups they form, and which question follows which.
//!
//! The flow is computed from the rules as they stand, so a question that
//! does not apply (dimensions of a hash board, the condition of a shape
//! without power, the chain rule of a capture that is no chain of jumps,
//! cloaked spaces without cloaking, a phase's own rule for a player who
//! cannot move where the phase is played in sealed rounds) is never asked.

use redscience_engine::RuleSet;
use redscience_engine::rules as vocab;

/// One question of the wizard. Indices count shapes and phases from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Step {
    Name,
    Players,
    Colors,
    Cloaking,
    PiecesPerTurn,
    Boards,
    BoardKind,
    /// 0 = x (columns), 1 = y (rows), 2 = z (height).
    Dimension(usize),
    ShapeCount,
    Power(usize),
    Condition(usize),
    Result(usize),
    /// Whether a chain of jumps may stop (chain_jump captures only).
    Chain(usize),
    /// Whose pieces a jump passes over, over lines or not, and whether its
    /// chain may return (jump captures only).
    Jumps(usize),
    Reserves(usize),
    Movement(usize),
    /// What a moving piece of the shape leaves behind (shapes that move).
    Trail(usize),
    /// Whether a capture earns another move (once some shape captures).
    CaptureAgain,
    /// Whether a die decides which shape plays or how far (once the shapes
    /// are set).
    Dice,
    PhaseCount,
    Order(usize),
    PhaseMovement(usize),
    Pass(usize),
    /// What a player who cannot move does in this phase (sequential
    /// phases of a game with several).
    PhaseNoMove(usize),
    LockedSeats(usize),
    LockedSpaces(usize),
    CloakedSpaces(usize),
    Fold(usize),
    Sticky,
    Exclusive,
    Initial,
    /// Whether walls stop slides (asked once some phase has walls and some
    /// shape slides).
    WallsStopSlides,
    TurnChecks,
    /// Whether lines on the board at the start count (games with starting
    /// pieces and a line or goal check).
    LinesAtStart,
    Stalemate,
    DrawOption,
    /// What a player who cannot move does (the whole game).
    NoMove,
    TurnLimit,
    QuietTurnLimit,
    Repetition,
    Overachievers,
    /// A one-player game's score.
    Score,
    HowToPlay,
    /// A shape's label, by its index in the rules' shapes.
    ShapeLabel(usize),
    PhaseName(usize),
    SpaceLabels,
    Time,
    Review,
}

/// A run of questions a person may skip at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Group {
    Name,
    Seats,
    Board,
    Shapes,
    Phases,
    Spaces,
    Outcome,
    Labels,
    Time,
    Review,
}

impl Group {
    /// In the order the wizard asks them. Labels follow the groups whose
    /// shapes, phases and spaces they name; time stays the last question,
    /// so `edit_time` at the review comes straight back to it.
    pub const ALL: [Group; 10] = [
        Group::Name,
        Group::Seats,
        Group::Board,
        Group::Shapes,
        Group::Phases,
        Group::Spaces,
        Group::Outcome,
        Group::Labels,
        Group::Time,
        Group::Review,
    ];

    pub fn first(self) -> Step {
        match self {
            Group::Name => Step::Name,
            Group::Seats => Step::Players,
            Group::Board => Step::Boards,
            Group::Shapes => Step::ShapeCount,
            Group::Phases => Step::PhaseCount,
            Group::Spaces => Step::Sticky,
            Group::Outcome => Step::TurnChecks,
            Group::Time => Step::Time,
            Group::Labels => Step::HowToPlay,
            Group::Review => Step::Review,
        }
    }

    /// The word that jumps to the group from the review ("edit_board").
    pub fn id(self) -> &'static str {
        match self {
            Group::Name => "name",
            Group::Seats => "players",
            Group::Board => "board",
            Group::Shapes => "shapes",
            Group::Phases => "phases",
            Group::Spaces => "spaces",
            Group::Outcome => "outcome",
            Group::Time => "time",
            Group::Labels => "labels",
            Group::Review => "review",
        }
    }

    /// What the group settles, for "skip" labels and the review.
    pub fn words(self) -> &'static str {
        match self {
            Group::Name => "the name",
            Group::Seats => "players, colours, cloaking and pieces per turn",
            Group::Board => "boards, board kind and dimensions",
            Group::Shapes => {
                "shapes: power, capture, chains, reserves, movement, axis, trails and dice"
            }
            Group::Phases => "phases: order, movement, pass, no-move rule, locks and cloaks",
            Group::Spaces => "sticky and exclusive spaces, starting pieces and walls",
            Group::Outcome => {
                "turn checks, stalemate rules, draw option, ending rules, overachievers and a solo score"
            }
            Group::Time => "time per turn",
            Group::Labels => "labels: how to play and names of shapes, phases and spaces",
            Group::Review => "the review",
        }
    }

    fn next(self) -> Group {
        let i = Group::ALL.iter().position(|g| *g == self).unwrap_or(0);
        Group::ALL[(i + 1).min(Group::ALL.len() - 1)]
    }
}

impl Step {
    pub fn group(self) -> Group {
        use Step::*;
        match self {
            Name => Group::Name,
            Players | Colors | Cloaking | PiecesPerTurn => Group::Seats,
            Boards | BoardKind | Dimension(_) => Group::Board,
            ShapeCount | Power(_) | Condition(_) | Result(_) | Chain(_) | Jumps(_)
            | Reserves(_) | Movement(_) | Trail(_) | CaptureAgain | Dice => Group::Shapes,
            PhaseCount | Order(_) | PhaseMovement(_) | Pass(_) | PhaseNoMove(_)
            | LockedSeats(_) | LockedSpaces(_) | CloakedSpaces(_) | Fold(_) => Group::Phases,
            Sticky | Exclusive | Initial | WallsStopSlides => Group::Spaces,
            TurnChecks | LinesAtStart | Stalemate | DrawOption | NoMove | TurnLimit
            | QuietTurnLimit | Repetition | Overachievers | Score => Group::Outcome,
            Time => Group::Time,
            HowToPlay | ShapeLabel(_) | PhaseName(_) | SpaceLabels => Group::Labels,
            Review => Group::Review,
        }
    }

    /// Questions whose typed numbers are values (a count of players, a
    /// stack or column, a seat) or words (a label), so their options are
    /// never numbered.
    pub fn numbers_are_values(self) -> bool {
        matches!(
            self,
            Step::Players
                | Step::LockedSeats(_)
                | Step::LockedSpaces(_)
                | Step::CloakedSpaces(_)
                | Step::Sticky
                | Step::Exclusive
                | Step::Initial
                | Step::TurnLimit
                | Step::QuietTurnLimit
        ) || self.group() == Group::Labels
    }

    /// Questions that take several answers at once, separated by commas
    /// (each a typed option or an option's number).
    pub fn takes_several(self) -> bool {
        matches!(self, Step::TurnChecks | Step::Stalemate | Step::Movement(_))
    }

    /// The first question of the next group.
    pub fn skip(self) -> Step {
        self.group().next().first()
    }

    /// After this shape's questions: the next shape, or whether a capture
    /// earns another move, then the phases.
    pub fn after_shape(i: usize, rules: &RuleSet) -> Step {
        if i + 1 < rules.shapes.len() {
            Step::Power(i + 1)
        } else {
            Step::CaptureAgain
        }
    }

    /// After this phase's questions: the next phase, or the spaces.
    pub fn after_phase(i: usize, rules: &RuleSet) -> Step {
        if i + 1 < rules.phases.len() {
            Step::Order(i + 1)
        } else {
            Step::Sticky
        }
    }
}

/// Whether the shape captures by jumping, so its jump options apply.
pub(super) fn jumps(shape: &vocab::ShapeRules) -> bool {
    shape.power != vocab::Power::None
        && matches!(
            shape.capture,
            Some(
                vocab::CaptureCondition::Jump
                    | vocab::CaptureCondition::ChainJump
                    | vocab::CaptureCondition::ChainJumpBack
            )
        )
}

/// Whether the shape captures by a chain of jumps, so its chain rule applies.
pub(super) fn chains(shape: &vocab::ShapeRules) -> bool {
    shape.power != vocab::Power::None
        && matches!(
            shape.capture,
            Some(vocab::CaptureCondition::ChainJump | vocab::CaptureCondition::ChainJumpBack)
        )
}

/// "circle (shape 1 of 2)".
pub(super) fn title(rules: &RuleSet, i: usize) -> String {
    format!(
        "{} (shape {} of {})",
        rules.shapes[i].shape.name(),
        i + 1,
        rules.shapes.len()
    )
}
