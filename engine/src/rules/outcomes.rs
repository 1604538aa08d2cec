//! Outcome rules: checks run at the end of every turn, rules applied when the
//! final phase stalemates, and fold rules applied at the end of a phase.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::vocab::{Shape, WinLose};

fn yes() -> bool {
    true
}

/// A turnCheck: evaluated at the end of every turn.
#[derive(
    Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(tag = "check", rename_all = "snake_case", deny_unknown_fields)]
pub enum TurnCheck {
    /// "First K-same-color-in-a-row wins/loses", "(no diagonal)" when `diagonals` is false.
    InARow {
        length: u8,
        result: WinLose,
        #[serde(default = "yes")]
        diagonals: bool,
    },
    /// "All players lose if any K-same-color-in-a-row".
    AllLoseIfInARow {
        length: u8,
        #[serde(default = "yes")]
        diagonals: bool,
    },
    /// "Any piece wins/loses": the owner of any piece on the board.
    AnyPiece { result: WinLose },
    /// "Last pentagon wins": when one player alone still has pieces of that shape on the board.
    LastShape { shape: Shape, result: WinLose },
    /// "Chaos wins if total circles > N" (pieces of that shape on the board, all colours).
    ChaosWinsIfTotalAbove { shape: Shape, count: u16 },
    /// "Stalemate if Chaos cannot capture": the phase ends once Chaos has no visible capture.
    StalemateIfChaosCannotCapture,
    /// "Stalemate if board full" (ours): once every space of every board
    /// still undecided holds a piece or is locked, the phase stalemates,
    /// even where pieces could still capture or pass.
    StalemateIfBoardFull,
    /// "Reaching the goal wins/loses" (ours): a piece of a seat's colours
    /// arrives on that seat's goal (Breakthrough).
    ReachGoal { result: WinLose },
    /// "Connecting opposite sides wins/loses" (ours): a seat's pieces join
    /// its two opposite sides by edge neighbours (Hex). Player 1 joins the
    /// bottom and top rows, Player 2 the left and right columns, Player 3
    /// the lowest and highest levels.
    ConnectSides { result: WinLose },
    /// "First stack of 3 own colours wins/loses" (ours): on stacks, a stack
    /// holding pieces of `colors` different colours that one team plays
    /// (several colours per seat, partners, or players choosing).
    StackOfColors { colors: u8, result: WinLose },
    /// "En passant" (a pawn-move extension of the check list).
    EnPassant,
    /// "Castle" (a rook-move extension of the check list).
    Castle,
}

/// What a stalemate rule measures for each player.
#[derive(
    Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(tag = "measure", rename_all = "snake_case", deny_unknown_fields)]
pub enum Measure {
    /// The longest same-colour line ("Most same-color-in-a-row").
    LongestLine {
        #[serde(default = "yes")]
        diagonals: bool,
    },
    /// How many K-long same-colour lines ("Most 2-same-color-in-a-row").
    Lines {
        length: u8,
        #[serde(default = "yes")]
        diagonals: bool,
    },
    /// Pieces on the board, optionally of one shape ("Most pieces", "Most circles").
    Pieces {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        shape: Option<Shape>,
    },
    /// Spaces occupied or reachable by orthogonal steps ("Most area", from Go).
    Area,
}

/// The stalemate dropdown: applied when the final phase stalemates.
#[derive(
    Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(tag = "rule", rename_all = "snake_case", deny_unknown_fields)]
pub enum StalemateRule {
    /// "Stalemate draws".
    Draw,
    /// "All players win if stalemate".
    AllWin,
    /// "All players lose if stalemate".
    AllLose,
    /// "Stalemate wins": the player whose repeated move made the stalemate wins.
    MoverWins,
    /// "Stalemate loses".
    MoverLoses,
    /// "Most ... wins/loses": the players tied at the top.
    Most { of: Measure, result: WinLose },
    /// "Least ... wins/loses": the players tied at the bottom.
    Least { of: Measure, result: WinLose },
    /// "More ... than Chaos wins/loses".
    MoreThanChaos { of: Measure, result: WinLose },
    /// "Less ... than Chaos wins/loses".
    LessThanChaos { of: Measure, result: WinLose },
    /// "Any K-same-color-in-a-row wins": every player with at least one.
    Any { of: Measure, result: WinLose },
    /// "Last K-same-color-in-a-row wins": the last player to complete such a line.
    LastInARow {
        length: u8,
        result: WinLose,
        #[serde(default = "yes")]
        diagonals: bool,
    },
}

/// What happens to a seat that has no legal move when its turn starts
/// ("a player who cannot move loses", or wins in misère forms).
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
pub enum NoMove {
    /// It passes, and play goes on (the Factory's rule).
    #[default]
    Pass,
    /// It loses, and every other player wins.
    Lose,
    /// It wins, and every other player loses.
    Win,
}

impl NoMove {
    pub fn is_pass(&self) -> bool {
        *self == NoMove::Pass
    }

    /// "A player who cannot move loses".
    pub fn words(self) -> &'static str {
        match self {
            NoMove::Pass => "A player who cannot move passes",
            NoMove::Lose => "A player who cannot move loses",
            NoMove::Win => "A player who cannot move wins",
        }
    }
}

/// What a turn that repeats an earlier one (the same seat, position and
/// moves, in the same phase) does. Passes always repeat as stalemates:
/// that is how a phase ends when no one can or will move.
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
pub enum Repetition {
    /// A stalemate: the next phase, or the stalemate rules (the Factory's rule).
    #[default]
    Stalemate,
    /// The match is drawn.
    Draw,
    /// The seat that repeated loses, and every other player wins.
    RepeaterLoses,
    /// Play goes on (a move limit must bound the game).
    Ignored,
}

impl Repetition {
    pub fn is_stalemate(&self) -> bool {
        *self == Repetition::Stalemate
    }

    /// "A repeated turn draws".
    pub fn words(self) -> &'static str {
        match self {
            Repetition::Stalemate => "A repeated turn stalemates",
            Repetition::Draw => "A repeated turn draws",
            Repetition::RepeaterLoses => "A repeated turn loses",
            Repetition::Ignored => "Repeated turns are allowed",
        }
    }
}

/// A fold rule, applied to every seat but Chaos at the end of a non-final phase.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum FoldRule {
    /// "Less-than-most committed pieces folds": only the players with the most
    /// pieces on spaces locked against exit stay in.
    LessThanMostCommitted,
}

impl Measure {
    /// Every measure a stalemate rule may use: the longest line and lines of
    /// each in-a-row length (with and without diagonals), pieces (of any
    /// shape, or of one), and area.
    pub fn every() -> Vec<Measure> {
        let mut out = Vec::new();
        for diagonals in [true, false] {
            out.push(Measure::LongestLine { diagonals });
            for length in crate::validate::IN_A_ROW_LENGTHS {
                out.push(Measure::Lines { length, diagonals });
            }
        }
        out.push(Measure::Pieces { shape: None });
        for shape in Shape::ALL {
            out.push(Measure::Pieces { shape: Some(shape) });
        }
        out.push(Measure::Area);
        out
    }
}

impl StalemateRule {
    /// Every stalemate rule the Factory (and its extensions) can express,
    /// before checking it against a game: the rules that decide everyone,
    /// then each comparison of each measure, then "Last K in a row".
    pub fn every() -> Vec<StalemateRule> {
        let mut out = vec![
            StalemateRule::Draw,
            StalemateRule::AllWin,
            StalemateRule::AllLose,
            StalemateRule::MoverWins,
            StalemateRule::MoverLoses,
        ];
        for of in Measure::every() {
            for result in [WinLose::Win, WinLose::Lose] {
                let of = || of.clone();
                out.push(StalemateRule::Most { of: of(), result });
                out.push(StalemateRule::Least { of: of(), result });
                out.push(StalemateRule::MoreThanChaos { of: of(), result });
                out.push(StalemateRule::LessThanChaos { of: of(), result });
                out.push(StalemateRule::Any { of: of(), result });
            }
        }
        for diagonals in [true, false] {
            for length in crate::validate::IN_A_ROW_LENGTHS {
                for result in [WinLose::Win, WinLose::Lose] {
                    out.push(StalemateRule::LastInARow {
                        length,
                        result,
                        diagonals,
                    });
                }
            }
        }
        out
    }

    /// Whether the rule decides every player alone ("Stalemate draws", "All
    /// players win/lose if stalemate", "Stalemate wins/loses"), so it cannot
    /// be combined with other stalemate rules.
    pub fn decides_everyone(&self) -> bool {
        matches!(
            self,
            StalemateRule::Draw
                | StalemateRule::AllWin
                | StalemateRule::AllLose
                | StalemateRule::MoverWins
                | StalemateRule::MoverLoses
        )
    }
}
