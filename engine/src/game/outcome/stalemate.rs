//! Stalemate rules, applied to each undecided board when the final phase
//! stalemates.

use super::measures::{Position, counted_cells, measure};
use super::{
    Fired, Measured, Named, Outcome, Rule, SeatResult, StalemateCause, board_outcome,
    chaos_cannot_capture, decide, decide_named_into, everyone, overachievers, team_bits,
};
use crate::game::board::Board;
use crate::game::{Game, State};
use crate::rules::{Measure, Order, StalemateRule, WinLose};

/// The outcome of one board when the final phase stalemated, told from the
/// finished position with the cause as it was when the board stalemated
/// (a finished position has every board decided, so it cannot tell);
/// `mover` made the repeated turn. With "Overachiever(s) disqualified",
/// the first set of winners is disqualified and the rules are applied
/// again to those left.
pub(super) fn told(state: &State, mover: usize, board: u8, cause: StalemateCause) -> Outcome {
    let (results, fired, disqualified) = judged(state, mover, board, true);
    board_outcome(board, results, Some(cause), fired, disqualified)
}

/// The results of [`told`] alone: the rules judged without the cells
/// that explain them (see `Ending::Untold`), and where no one can be
/// disqualified, without building what they fired either: a game-theory
/// game's playout is a few moves, and listing each rule's named teams was a
/// fifth of it.
pub(crate) fn results(state: &State, mover: usize, board: u8) -> Vec<SeatResult> {
    if state.game().rules.overachievers_disqualified {
        return judged(state, mover, board, false).0;
    }
    debug_assert!(
        state.standings.decided.disqualified.iter().all(|d| !d),
        "no one is disqualified"
    );
    let at = Stalemated {
        pos: state.position(),
        last_lines: &state.standings.decided.last_line_teams,
        mover,
        board,
    };
    let mut results = Vec::new();
    results_among_all(at, &mut results);
    results
}

/// The stalemate results of a game's only board from the board alone,
/// into `results`, where the rules judge nothing else (see
/// `Game::stalemate_by_position`): for a lean run that ends a full board.
pub(crate) fn results_of_board(game: &Game, board: &Board, results: &mut Vec<SeatResult>) {
    debug_assert!(game.outcomes.foreknown.stalemate_by_position);
    // No rule asks who moved last or which lines were made before.
    let at = Stalemated {
        pos: Position::new(game, board),
        last_lines: &[],
        mover: 0,
        board: 1,
    };
    results_among_all(at, results);
}

/// [`results`] where no one can be disqualified, into `results`.
fn results_among_all(at: Stalemated<'_>, results: &mut Vec<SeatResult>) {
    let game = at.pos.game();
    let eligible = all_teams(game.teams.count);
    let players = eligible & !chaos_team_bit(game);
    // Kept in an array where the rules fit (nothing to allocate at the end
    // of every playout), else in a list.
    let mut fitting = [(0u16, WinLose::Win); 8];
    let mut listed = Vec::new();
    let mut count = 0;
    for (i, rule) in game.rules.stalemate.iter().enumerate() {
        match rule_verdict(at, rule, i, eligible, players) {
            Verdict::Everyone { result, .. } => {
                *results = everyone(game, result);
                return;
            }
            Verdict::Names { named, .. } => {
                if let Some(result) = rule_result(rule) {
                    match fitting.get_mut(count) {
                        Some(place) => *place = (named, result),
                        None if listed.is_empty() => {
                            listed.extend_from_slice(&fitting);
                            listed.push((named, result));
                        }
                        None => listed.push((named, result)),
                    }
                    count += 1;
                }
            }
        }
    }
    let fired = match count <= fitting.len() {
        true => &fitting[..count],
        false => &listed[..],
    };
    decide_named_into(game, fired, results);
    chaos_in_than_chaos_rules(game, results);
}

/// The stalemate rules judged, with "Overachiever(s) disqualified" applied;
/// `explain` asks for the cells each rule counted.
fn judged(
    state: &State,
    mover: usize,
    board: u8,
    explain: bool,
) -> (Vec<SeatResult>, Vec<Fired>, Named) {
    let eligible = eligible_teams(state);
    let (results, fired, winners) = judge(state, mover, board, &eligible, explain);
    overachievers::at_stalemate(state, (results, fired), &winners, |left| {
        let (results, fired, _) = judge(state, mover, board, left, explain);
        (results, fired)
    })
}

/// Whether every space of every undecided board holds a piece or is
/// locked (decided boards are locked to all, full or not).
pub(crate) fn boards_full(state: &State) -> bool {
    let cells_per_board = state.game().geometry.cells_per_board;
    (0..state.game().geometry.cell_count() as u16).all(|c| {
        let board = usize::from(c) / cells_per_board;
        state.standings.decided.board_results[board].is_decided()
            || state.piece_at(c).is_some()
            || state.is_locked(c)
    })
}

/// Why the last phase stalemated, as a player would put it.
pub(crate) fn cause(state: &mut State) -> StalemateCause {
    if chaos_cannot_capture(state) {
        return StalemateCause::ChaosCannotCapture;
    }
    let game = state.game();
    if boards_full(state) {
        StalemateCause::BoardFull
    } else if game.rules.phases[state.position.phase()].order == Order::Single {
        StalemateCause::SingleRound
    } else if !state.position.changed.is_empty() {
        StalemateCause::Repeated
    } else if state.records.history.last().is_some_and(|a| a.automatic) {
        StalemateCause::NoMoveLeft
    } else {
        StalemateCause::Passed
    }
}

/// The stalemate rules applied among the `eligible` teams: every other team
/// loses. Returns the results, the rules as they fired, and the teams the
/// win rules named.
pub(super) fn judge(
    state: &State,
    mover: usize,
    board: u8,
    eligible: &[bool],
    explain: bool,
) -> (Vec<SeatResult>, Vec<Fired>, Named) {
    let game = state.game();
    let eligible_bits = team_bits(eligible);
    let players = eligible_bits & !chaos_team_bit(game);
    let named_of =
        |bits: u16| -> Named { (0..game.teams.count).map(|t| bits & 1 << t != 0).collect() };
    let mut fired = Vec::new();
    for (i, rule) in game.rules.stalemate.iter().enumerate() {
        let at = Stalemated {
            pos: state.position(),
            last_lines: &state.standings.decided.last_line_teams,
            mover,
            board,
        };
        let verdict = rule_verdict(at, rule, i, eligible_bits, players);
        let (named, measured) = match verdict {
            Verdict::Everyone {
                result,
                named,
                winners,
            } => {
                let mut results = everyone(game, result);
                if result != SeatResult::Loss {
                    results = overachievers::exclude(game, results, eligible);
                }
                let alone = vec![Fired::new(Rule::Stalemate(rule.clone()), named_of(named))];
                return (results, alone, named_of(winners));
            }
            Verdict::Names { named, measured } => (named, measured),
        };
        let mut f = Fired::new(Rule::Stalemate(rule.clone()), named_of(named));
        if let Some((of, values)) = measured {
            f.measured = Measured::PerTeam(values.to_vec());
            f.cells = (0..game.teams.count)
                .filter(|_| explain)
                .filter(|&t| f.named[t])
                .flat_map(|t| counted_cells(state.position(), of, board, t))
                .collect();
        }
        fired.push(f);
    }
    let winners = (0..game.teams.count)
        .map(|t| {
            fired
                .iter()
                .any(|f| f.named[t] && f.rule.result() == Some(WinLose::Win))
        })
        .collect();
    let mut results = decide(game, &fired);
    chaos_in_than_chaos_rules(game, &mut results);
    let results = overachievers::exclude(game, results, eligible);
    (results, fired, winners)
}

/// What one stalemate rule decides among the `eligible` teams (a bit each;
/// `players` are those of them that are not Chaos's).
enum Verdict<'a> {
    /// Every seat gets `result` (Chaos draws): the rule ends the judging,
    /// naming `named` and with `winners` as the teams it made win.
    Everyone {
        result: SeatResult,
        named: u16,
        winners: u16,
    },
    /// The teams the rule names, and the values it measured, if it measures.
    Names {
        named: u16,
        measured: Option<(&'a Measure, super::measures::TeamValues)>,
    },
}

/// What the stalemate rules judge: the position, the lines remembered
/// (see `State::last_line_teams`), the seat that made the repeated turn,
/// and the board.
#[derive(Clone, Copy)]
struct Stalemated<'a> {
    pos: Position<'a>,
    last_lines: &'a [Vec<usize>],
    mover: usize,
    board: u8,
}

/// The one reading of each stalemate rule, for the results alone and for
/// the results with what explains them.
fn rule_verdict<'a>(
    at: Stalemated<'_>,
    rule: &'a StalemateRule,
    index: usize,
    eligible: u16,
    players: u16,
) -> Verdict<'a> {
    let Stalemated {
        pos,
        last_lines,
        mover,
        board,
    } = at;
    let game = pos.game();
    let teams = 0..game.teams.count;
    let bits_where = |keep: &dyn Fn(usize) -> bool| {
        teams
            .clone()
            .filter(|&t| keep(t))
            .fold(0u16, |bits, t| bits | 1 << t)
    };
    let is_eligible = |t: usize| eligible & 1 << t != 0;
    match rule {
        StalemateRule::Draw | StalemateRule::AllWin | StalemateRule::AllLose => {
            verdict_for_everyone(rule, players).expect("these rules decide for everyone")
        }
        StalemateRule::MoverWins | StalemateRule::MoverLoses => Verdict::Names {
            named: bits_where(&|t| is_eligible(t) && t == game.seats[mover].team),
            measured: None,
        },
        StalemateRule::Most { of, .. } | StalemateRule::Least { of, .. } => {
            let values = measure(pos, of, board);
            let among = values.iter().enumerate().filter(|(t, _)| is_eligible(*t));
            let best = if matches!(rule, StalemateRule::Most { .. }) {
                among.map(|(_, v)| *v).max()
            } else {
                among.map(|(_, v)| *v).min()
            };
            let named = match best {
                Some(best) => bits_where(&|t| is_eligible(t) && values[t] == best),
                None => 0,
            };
            Verdict::Names {
                named,
                measured: Some((of, values)),
            }
        }
        StalemateRule::MoreThanChaos { of, .. } | StalemateRule::LessThanChaos { of, .. } => {
            let values = measure(pos, of, board);
            let chaos_team = game.chaos_seat().map(|s| game.seats[s].team);
            let chaos_value = chaos_team.map_or(0, |t| values[t]);
            let more = matches!(rule, StalemateRule::MoreThanChaos { .. });
            let named = bits_where(&|t| {
                players & 1 << t != 0
                    && if more {
                        values[t] > chaos_value
                    } else {
                        values[t] < chaos_value
                    }
            });
            Verdict::Names {
                named,
                measured: Some((of, values)),
            }
        }
        StalemateRule::Any { of, .. } => {
            let values = measure(pos, of, board);
            let named = bits_where(&|t| is_eligible(t) && values[t] > 0);
            Verdict::Names {
                named,
                measured: Some((of, values)),
            }
        }
        StalemateRule::LastInARow { .. } => {
            // The eligible team that completed such a line last.
            let last = last_lines[index].iter().rev().find(|t| is_eligible(**t));
            Verdict::Names {
                named: last.map_or(0, |t| 1 << t),
                measured: None,
            }
        }
    }
}

/// The verdict of a rule that decides for everyone without looking at the
/// position (a draw, all win, all lose); None for the rules that name teams.
fn verdict_for_everyone(rule: &StalemateRule, players: u16) -> Option<Verdict<'static>> {
    let (result, named, winners) = match rule {
        StalemateRule::Draw => (SeatResult::Draw, 0, 0),
        StalemateRule::AllWin => (SeatResult::Win, players, players),
        StalemateRule::AllLose => (SeatResult::Loss, players, 0),
        _ => return None,
    };
    Some(Verdict::Everyone {
        result,
        named,
        winners,
    })
}

/// The results of [`results`] where they do not depend on the position or
/// on who moved: the first rule decides for everyone and no one can be
/// disqualified. None where the position must be judged. Worked out once
/// per game (see `Game::stalemate_anywhere`), so a lean run ends a full
/// board's game without the state.
pub(crate) fn results_anywhere(game: &Game) -> Option<Vec<SeatResult>> {
    if game.rules.overachievers_disqualified {
        return None;
    }
    match verdict_for_everyone(game.rules.stalemate.first()?, 0)? {
        Verdict::Everyone { result, .. } => Some(everyone(game, result)),
        Verdict::Names { .. } => None,
    }
}

/// Whether the stalemate rules judge by the board alone: no one can be
/// disqualified, and no rule asks who made the repeated turn or which
/// lines were made earlier (what each rule measures is on the board).
pub(crate) fn judges_board_alone(rules: &crate::RuleSet) -> bool {
    let by_board = |rule: &StalemateRule| {
        !matches!(
            rule,
            StalemateRule::MoverWins | StalemateRule::MoverLoses | StalemateRule::LastInARow { .. }
        )
    };
    !rules.overachievers_disqualified && rules.stalemate.iter().all(by_board)
}

/// A stalemate rule's result for the teams it names (None for the rules
/// that decide everyone's).
fn rule_result(rule: &StalemateRule) -> Option<WinLose> {
    Rule::Stalemate(rule.clone()).result()
}

/// Chaos is no contestant in "than Chaos" rules: where those are the only
/// rules, it wins or loses only by the Chaos rules, and draws otherwise (a
/// rule that names only losers must not make Chaos a winner).
fn chaos_in_than_chaos_rules(game: &Game, results: &mut [SeatResult]) {
    if let Some(chaos) = game.chaos_seat()
        && game.rules.stalemate.iter().all(|r| {
            matches!(
                r,
                StalemateRule::MoreThanChaos { .. } | StalemateRule::LessThanChaos { .. }
            )
        })
    {
        let players = || {
            results
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != chaos)
                .map(|(_, r)| *r)
        };
        results[chaos] = if players().all(|r| r == SeatResult::Loss) {
            SeatResult::Win
        } else if players().all(|r| r == SeatResult::Win) {
            SeatResult::Loss
        } else {
            SeatResult::Draw
        };
    }
}

/// Every team, a bit each.
fn all_teams(teams: usize) -> u16 {
    ((1u32 << teams) - 1) as u16
}

/// The bit of Chaos's team, 0 without Chaos.
fn chaos_team_bit(game: &Game) -> u16 {
    game.chaos_seat().map_or(0, |c| 1 << game.seats[c].team)
}

/// Per team, whether it may still win: not disqualified as an overachiever.
pub(super) fn eligible_teams(state: &State) -> Named {
    (state.standings.decided.disqualified.iter())
        .map(|d| !d)
        .collect()
}
