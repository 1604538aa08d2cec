//! Why a match ended as it did, as data: which rules fired on which board,
//! what they measured, the spaces that decided, who was disqualified. The
//! words are built from it (see `words`) with the seat names the caller
//! knows; pictures take the deciding spaces from it.

use crate::describe::{stalemate_words, turn_check_words};
use crate::rules::{Color, Repetition, StalemateRule, TurnCheck, WinLose};

use super::SeatResult;

/// A rule of the game that decided a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// A turn check, fired at the end of a turn or round.
    Check(TurnCheck),
    /// A stalemate rule, applied when the last phase stalemated.
    Stalemate(StalemateRule),
    /// "A player who cannot move loses" (or wins): the seat to move had no
    /// legal move.
    NoMove(WinLose),
    /// A repeated turn drew, or lost for its maker.
    Repetition(Repetition),
}

impl Rule {
    /// Whether the teams it names win or lose; None for rules that decide
    /// everyone alike ("Stalemate draws", "All players lose if ...",
    /// "Chaos wins if total ...").
    pub fn result(&self) -> Option<WinLose> {
        match self {
            Rule::Check(
                TurnCheck::InARow { result, .. }
                | TurnCheck::AnyPiece { result }
                | TurnCheck::ReachGoal { result }
                | TurnCheck::ConnectSides { result }
                | TurnCheck::StackOfColors { result, .. }
                | TurnCheck::LastShape { result, .. },
            ) => Some(*result),
            Rule::Check(_) => None,
            Rule::NoMove(result) => Some(*result),
            Rule::Repetition(Repetition::RepeaterLoses) => Some(WinLose::Lose),
            Rule::Repetition(_) => None,
            Rule::Stalemate(rule) => match rule {
                StalemateRule::Draw | StalemateRule::AllWin | StalemateRule::AllLose => None,
                StalemateRule::MoverWins => Some(WinLose::Win),
                StalemateRule::MoverLoses => Some(WinLose::Lose),
                StalemateRule::Most { result, .. }
                | StalemateRule::Least { result, .. }
                | StalemateRule::MoreThanChaos { result, .. }
                | StalemateRule::LessThanChaos { result, .. }
                | StalemateRule::Any { result, .. }
                | StalemateRule::LastInARow { result, .. } => Some(*result),
            },
        }
    }

    /// The rule in the words `game show` uses: "First 6-same-color-in-a-row wins".
    pub fn words(&self) -> String {
        match self {
            Rule::Check(check) => turn_check_words(check),
            Rule::Stalemate(rule) => stalemate_words(rule),
            Rule::NoMove(WinLose::Win) => crate::rules::NoMove::Win.words().to_string(),
            Rule::NoMove(WinLose::Lose) => crate::rules::NoMove::Lose.words().to_string(),
            Rule::Repetition(repetition) => repetition.words().to_string(),
        }
    }
}

/// A line of one colour completed in the deciding turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub color: Color,
    /// The team credited with it (see "Colours, and who is credited for a
    /// line"), if any.
    pub team: Option<usize>,
    /// Its spaces, from one end to the other.
    pub cells: Vec<u16>,
}

/// What a rule measured.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Measured {
    Nothing,
    /// Per team (pieces, lines, the longest line, area).
    PerTeam(Vec<u32>),
    /// One total for the board ("Chaos wins if total circles > 9").
    Total(u32),
}

/// One rule that fired, with what it saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fired {
    pub rule: Rule,
    /// Per team: named by the rule (its winners, or its losers for a
    /// "loses" rule; the players who made a line for "All players lose").
    pub named: Vec<bool>,
    pub measured: Measured,
    /// For in-a-row checks, the lines made in the deciding turn.
    pub lines: Vec<Line>,
    /// The spaces that decided: the lines made; the pieces, lines or area
    /// counted for the named teams; the pieces of the shape totalled.
    pub cells: Vec<u16>,
}

impl Fired {
    pub(crate) fn new(rule: Rule, named: Vec<bool>) -> Fired {
        Fired {
            rule,
            named,
            measured: Measured::Nothing,
            lines: Vec::new(),
            cells: Vec::new(),
        }
    }
}

/// Why the last phase stalemated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StalemateCause {
    /// Every space of every board holds a piece or is locked.
    BoardFull,
    /// The last turn (or round) was passed for want of any move, as one had
    /// been before in that position.
    NoMoveLeft,
    /// The last turn (or round) was a pass, chosen, as one had been before
    /// in that position.
    Passed,
    /// A turn repeated an earlier one in the same position.
    Repeated,
    /// The last phase is a Single phase: its one round was played.
    SingleRound,
    /// "Stalemate if Chaos cannot capture".
    ChaosCannotCapture,
    /// The match reached its turn limit, this many turns.
    TurnLimit(u16),
    /// This many turns in a row went by with no capture and no placement.
    QuietLimit(u16),
}

impl StalemateCause {
    /// "The board is full."
    pub fn words(self) -> String {
        let fixed = match self {
            StalemateCause::TurnLimit(turns) => {
                return format!("The match reached its limit of {turns} turns.");
            }
            StalemateCause::QuietLimit(turns) => {
                return format!("{turns} turns went by with no capture and no placement.");
            }
            StalemateCause::BoardFull => "The board is full.",
            StalemateCause::NoMoveLeft => "Nobody could move any more.",
            StalemateCause::Passed => "Everyone passed.",
            StalemateCause::Repeated => "A turn repeated an earlier one in the same position.",
            StalemateCause::SingleRound => "The single round was played.",
            StalemateCause::ChaosCannotCapture => "Chaos cannot capture any more.",
        };
        fixed.to_string()
    }
}

/// How one board was decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardEnding {
    /// 1-based.
    pub board: u8,
    /// Per seat, this board's result.
    pub results: Vec<SeatResult>,
    /// Why the last phase stalemated, when the stalemate rules decided;
    /// None when a turn check decided the board during play.
    pub stalemate: Option<StalemateCause>,
    /// The rules that fired, in the game's order.
    pub fired: Vec<Fired>,
    /// Per team: disqualified as an overachiever when the board was decided.
    pub disqualified: Vec<bool>,
}

/// Why a match ended as it did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Explanation {
    /// Every player agreed to a draw.
    AgreedDraw,
    /// A rule of the whole match ended it during play: a seat that could
    /// not move, or a repeated turn.
    Match(Fired),
    /// The rules decided every board.
    Boards {
        /// In board order; one entry with one board.
        boards: Vec<BoardEnding>,
        /// With several boards, per team, the boards it won (a board every
        /// team won counts for none); empty with one board.
        won: Vec<usize>,
    },
    /// Seats left the match (resigned, or their time ran out): they lose,
    /// whatever the rules say. `then` is how the rules ended the match
    /// after they left; None when too few sides were left to play on.
    Left {
        /// The seats that left, in seat order.
        seats: Vec<usize>,
        then: Option<Box<Explanation>>,
    },
}

impl Explanation {
    /// The spaces that decided the match, on every board: lines made,
    /// pieces or area counted for the named teams. Sorted, each once.
    pub fn deciding_cells(&self) -> Vec<u16> {
        let mut cells: Vec<u16> = match self {
            Explanation::AgreedDraw | Explanation::Match(_) => Vec::new(),
            Explanation::Boards { boards, .. } => boards
                .iter()
                .flat_map(|b| &b.fired)
                .flat_map(|f| f.cells.iter().copied())
                .collect(),
            Explanation::Left { then, .. } => then
                .as_ref()
                .map(|then| then.deciding_cells())
                .unwrap_or_default(),
        };
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// The board endings (none for an agreed draw).
    pub fn boards(&self) -> &[BoardEnding] {
        match self {
            Explanation::AgreedDraw | Explanation::Match(_) => &[],
            Explanation::Boards { boards, .. } => boards,
            Explanation::Left { then, .. } => then.as_deref().map_or(&[], Explanation::boards),
        }
    }
}
