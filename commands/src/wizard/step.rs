//! The questions, the groups they form, and which question follows which.
//!
//! The flow is computed from the rules as they stand, so a question that
//! does not apply (dimensions of a hash board, the condition of a shape
//! without power, the chain rule of a capture that is no chain of jumps,
//! cloaked spaces without cloaking, a phase's own rule for a player who
//! cannot move where the phase is played in sealed rounds) is never asked.

use redscience_engine::RuleSet;
use redscience_engine::rules as vocab;

use super::dependent::movement_disabled;

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

    /// The question after this one, given the rules as they now stand.
    pub fn following(self, rules: &RuleSet) -> Step {
        use Step::*;
        let shapes = rules.shapes.len();
        let phases = rules.phases.len();
        let after_shape = |i| Step::after_shape(i, rules);
        let after_phase = |i| Step::after_phase(i, rules);
        let fold_or_next = |i: usize| {
            if i + 1 < phases {
                Fold(i)
            } else {
                after_phase(i)
            }
        };
        match self {
            Name => Players,
            Players => Colors,
            Colors => Cloaking,
            Cloaking => PiecesPerTurn,
            PiecesPerTurn => Boards,
            Boards => BoardKind,
            BoardKind if rules.board == vocab::BoardKind::Hash => ShapeCount,
            BoardKind => Dimension(0),
            Dimension(0) if rules.hexagon_shaped => Dimension(2),
            Dimension(0) => Dimension(1),
            Dimension(1) if rules.board == vocab::BoardKind::TetrakisSquares => ShapeCount,
            Dimension(1) => Dimension(2),
            Dimension(_) => ShapeCount,
            ShapeCount if shapes == 0 => PhaseCount,
            ShapeCount => Power(0),
            Power(i)
                if rules
                    .shapes
                    .get(i)
                    .is_none_or(|s| s.power == vocab::Power::None) =>
            {
                Reserves(i)
            }
            Power(i) => Condition(i),
            Condition(i) => Result(i),
            Result(i) => Chain(i),
            Chain(i) => Jumps(i),
            Jumps(i) => Reserves(i),
            Reserves(i) if i >= shapes || movement_disabled(rules, i) => after_shape(i),
            Reserves(i) => Movement(i),
            Movement(i) => Trail(i),
            Trail(i) => after_shape(i),
            CaptureAgain => Dice,
            Dice => PhaseCount,
            PhaseCount if phases == 0 => Sticky,
            PhaseCount => Order(0),
            Order(i) => PhaseMovement(i),
            PhaseMovement(i) => Pass(i),
            Pass(i) => PhaseNoMove(i),
            PhaseNoMove(i) => LockedSeats(i),
            LockedSeats(i) => LockedSpaces(i),
            LockedSpaces(i) if rules.cloaking != vocab::Cloaking::None => CloakedSpaces(i),
            LockedSpaces(i) | CloakedSpaces(i) => fold_or_next(i),
            Fold(i) => after_phase(i),
            Sticky => Exclusive,
            Exclusive => Initial,
            Initial => WallsStopSlides,
            WallsStopSlides => TurnChecks,
            TurnChecks => LinesAtStart,
            LinesAtStart => Stalemate,
            Stalemate => DrawOption,
            DrawOption => NoMove,
            NoMove => TurnLimit,
            TurnLimit => QuietTurnLimit,
            QuietTurnLimit => Repetition,
            Repetition if rules.players == vocab::Players::Four => Overachievers,
            Repetition | Overachievers => Score,
            Score => HowToPlay,
            HowToPlay => ShapeLabel(0),
            ShapeLabel(i) if i + 1 < shapes => ShapeLabel(i + 1),
            ShapeLabel(_) => PhaseName(0),
            PhaseName(i) if i + 1 < phases => PhaseName(i + 1),
            PhaseName(_) => SpaceLabels,
            SpaceLabels => Time,
            Time | Review => Review,
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

    /// True when the step still names a shape or phase that exists and
    /// applies to the rules; the flow never stops on any other.
    pub fn applies(self, rules: &RuleSet) -> bool {
        use Step::*;
        let shape = |i: usize| rules.shapes.get(i);
        match self {
            Dimension(_) if rules.board == vocab::BoardKind::Hash => false,
            Dimension(2) => rules.board != vocab::BoardKind::TetrakisSquares,
            Dimension(1) => !rules.hexagon_shaped,
            Power(i) | Reserves(i) => shape(i).is_some(),
            Condition(i) | Result(i) => shape(i).is_some_and(|s| s.power != vocab::Power::None),
            Chain(i) => shape(i).is_some_and(chains),
            Jumps(i) => shape(i).is_some_and(jumps),
            Movement(i) => shape(i).is_some() && !movement_disabled(rules, i),
            Trail(i) => super::trails::applies(rules, i),
            WallsStopSlides => super::bounds::walls_apply(rules),
            CaptureAgain => super::bounds::capture_again_applies(rules),
            Dice => super::dice::applies(rules),
            Order(i) | PhaseMovement(i) | Pass(i) | LockedSeats(i) | LockedSpaces(i) => {
                i < rules.phases.len()
            }
            // A phase has a rule of its own in a game of several (or one
            // phase with such a rule to keep); a sealed round always passes.
            PhaseNoMove(i) => rules.phases.get(i).is_some_and(|p| {
                p.order == vocab::Order::Sequential
                    && (rules.phases.len() > 1 || p.no_move.is_some())
            }),
            NoMove => rules
                .phases
                .iter()
                .any(|p| p.order == vocab::Order::Sequential),
            CloakedSpaces(i) => i < rules.phases.len() && rules.cloaking != vocab::Cloaking::None,
            Fold(i) => i + 1 < rules.phases.len(),
            Overachievers => rules.players == vocab::Players::Four,
            Score => super::score::applies(rules),
            DrawOption => rules.players != vocab::Players::One,
            // Offered where it can hold, or kept to be turned off.
            LinesAtStart => rules.lines_at_start || super::options::lines_at_start_fits(rules),
            ShapeLabel(i) => shape(i).is_some(),
            // Names go in order (the rules hold a list without gaps): a
            // phase is named after the one before it, and one phase only
            // when it has a name to keep.
            PhaseName(i) => {
                i < rules.phases.len()
                    && i <= rules.labels.phases.len()
                    && (rules.phases.len() > 1 || rules.labels.phase(i).is_some())
            }
            _ => true,
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
