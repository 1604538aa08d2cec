//! The wizard's flow: which question follows which, and which apply to the
//! rules as they stand (the flow never stops on any other). Apart from the
//! steps themselves, which every part of the wizard names, so that the
//! parts that judge rules may name steps too.

use redscience_engine::RuleSet;
use redscience_engine::rules as vocab;

use super::dependent::movement_disabled;
use super::step::{Step, chains, jumps};

impl Step {
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
