//! Who sits where and how the match ended, in words for the picture: seats
//! by their display names, the result's headline and its reasons.

use redscience_engine::describe::join_and;
use redscience_engine::game::{Applied, Game, Log};
use redscience_engine::{Move, Outcome, SeatResult};

/// A seat's name: its display name when one is given, else "Player N" (or
/// "Chaos").
pub(crate) fn seat_name(game: &Game, names: &[String], seat: usize) -> String {
    match names.get(seat).map(|n| n.trim()) {
        Some(name) if !name.is_empty() => name.to_string(),
        _ => game.seats.get(seat).map(|s| s.label()).unwrap_or_default(),
    }
}

/// How a finished match ended, drawn in the caption in place of whose turn
/// it is: the headline with the winners' colours, then why.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchResult {
    /// Who won, by name: "alice wins", "alice and carol win", "Draw",
    /// "Everyone loses".
    pub headline: String,
    /// The seats that won (0-based); their colours stand before the headline.
    pub winners: Vec<usize>,
    /// Why, a line each, in a few words: "Black made 6 in a row", one line
    /// per board where several were played, "bob resigned".
    pub reasons: Vec<String>,
}

impl MatchResult {
    /// The result from each seat's result and the reason the engine (or a
    /// forfeit) gives, with seats named as in `names` (see
    /// [`crate::BoardOptions::seats`]). The reason's "; "-separated parts
    /// become lines, seat labels in it ("Player 2") become names, and a part
    /// that only repeats who won ("Victory: Player 1", the headline's
    /// business) is left out.
    pub fn new(game: &Game, results: &[SeatResult], reason: &str, names: &[String]) -> Self {
        let winners: Vec<usize> = (0..results.len())
            .filter(|&i| results[i] == SeatResult::Win)
            .collect();
        let named: Vec<String> = winners.iter().map(|&i| seat_name(game, names, i)).collect();
        let losers: Vec<String> = (0..results.len())
            .filter(|&i| results[i] == SeatResult::Loss)
            .map(|i| seat_name(game, names, i))
            .collect();
        let headline = match named.len() {
            0 if !results.is_empty() && losers.len() == results.len() => {
                "Everyone loses".to_string()
            }
            // Some lose and the rest draw: not a plain draw.
            0 if !losers.is_empty() => format!(
                "No winner: {} {}",
                join_and(&losers),
                if losers.len() == 1 { "loses" } else { "lose" }
            ),
            0 => "Draw".to_string(),
            1 => format!("{} wins", named[0]),
            _ => format!("{} win", join_and(&named)),
        };
        let reasons = reason
            .split("; ")
            .map(str::trim)
            .filter(|part| !part.is_empty() && !part.starts_with("Victory:"))
            .map(|part| with_names(game, names, part))
            .collect();
        MatchResult {
            headline,
            winners,
            reasons,
        }
    }

    /// The result of a match the rules ended: why, in the engine's words
    /// with the seats' names.
    pub fn of_outcome(game: &Game, outcome: &Outcome, names: &[String]) -> Self {
        let label = |seat: usize| seat_name(game, names, seat);
        let mut result = MatchResult::new(game, &outcome.results, "", names);
        result.reasons = outcome.explain(game, &label);
        result
    }
}

/// The cells that decided a match, a group each (see
/// [`crate::BoardOptions::deciding`]): every line made as one group, with
/// a stroke through it, and each piece or space a rule counted alone, so
/// counted pieces glow without a line drawn over them.
pub fn deciding_groups(outcome: &Outcome) -> Vec<Vec<u16>> {
    outcome
        .explanation
        .boards()
        .iter()
        .flat_map(|board| &board.fired)
        .flat_map(|fired| {
            if fired.lines.is_empty() {
                fired.cells.iter().map(|&cell| vec![cell]).collect()
            } else {
                fired
                    .lines
                    .iter()
                    .map(|line| line.cells.clone())
                    .collect::<Vec<_>>()
            }
        })
        .filter(|group| !group.is_empty())
        .collect()
}

/// `text` with every seat's label ("Player 2") replaced by its name; the
/// highest numbers first, so "Player 1" never eats into "Player 12".
fn with_names(game: &Game, names: &[String], text: &str) -> String {
    let mut out = text.to_string();
    for seat in (0..game.seats.len()).rev() {
        let label = game.seats[seat].label();
        let name = seat_name(game, names, seat);
        if label != name {
            out = out.replace(&label, &name);
        }
    }
    out
}

/// The cells of the last turn on the board: every piece the last seat to
/// move a piece placed or moved in its last turn (both stones of a
/// Connect6 turn, each jump's landing of a chain), in order. Passes and
/// draw talk after it leave it shown. Callers leave this out where moves
/// are secret (cloaking, sealed rounds): it would show where a hidden
/// piece went.
pub fn last_turn(history: &Log<Applied>) -> Vec<u16> {
    let Some(end) = history.iter().rposition(|a| a.mv.is_board_move()) else {
        return Vec::new();
    };
    let seat = history[end].seat();
    let start = history
        .iter()
        .take(end)
        .rposition(|a| a.seat() != seat)
        .map_or(0, |i| i + 1);
    history
        .iter()
        .take(end + 1)
        .skip(start)
        .filter_map(|a| match a.mv {
            Move::Place { to, .. } | Move::Step { to, .. } | Move::Promote { to, .. } => Some(to),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use redscience_engine::testing::{catalogue_game, played};

    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn seats_are_named_or_numbered() {
        let g = catalogue_game("Tic-Tac-Toe");
        let given = names(&["alice", "  "]);
        assert_eq!(seat_name(&g, &given, 0), "alice");
        assert_eq!(seat_name(&g, &given, 1), "Player 2", "a blank name");
        assert_eq!(seat_name(&g, &[], 1), "Player 2");
    }

    #[test]
    fn the_headline_names_the_winners() {
        let g = catalogue_game("Tic-Tac-Toe");
        let who = names(&["alice", "bob"]);
        let (w, l, d) = (SeatResult::Win, SeatResult::Loss, SeatResult::Draw);
        let r = MatchResult::new(&g, &[l, w], "White made 3-same-color-in-a-row", &who);
        assert_eq!(r.headline, "bob wins");
        assert_eq!(r.winners, vec![1]);
        assert_eq!(r.reasons, vec!["White made 3-same-color-in-a-row"]);
        assert_eq!(MatchResult::new(&g, &[d, d], "", &who).headline, "Draw");
        let r = MatchResult::new(&g, &[l, l], "Someone made it", &who);
        assert_eq!(r.headline, "Everyone loses");
        assert_eq!(
            MatchResult::new(&g, &[w, w], "", &who).headline,
            "alice and bob win"
        );
        assert!(MatchResult::new(&g, &[w, w], "", &who).reasons.is_empty());
    }

    #[test]
    fn reasons_name_the_seats_and_drop_the_repeated_victory() {
        let g = catalogue_game("3Blotto13");
        let who = names(&["alice", "bob"]);
        let (w, l) = (SeatResult::Win, SeatResult::Loss);
        let reason = "Boards won: Player 1 2, Player 2 1; Victory: Player 1";
        let r = MatchResult::new(&g, &[w, l], reason, &who);
        assert_eq!(r.reasons, vec!["Boards won: alice 2, bob 1"]);
        assert_eq!(r.headline, "alice wins");
    }

    #[test]
    fn a_loss_beside_draws_is_no_draw() {
        let g = catalogue_game("NeedyTrust");
        let who = names(&["alice", "bob"]);
        let (d, l) = (SeatResult::Draw, SeatResult::Loss);
        let r = MatchResult::new(&g, &[d, l, d], "", &who);
        assert_eq!(r.headline, "No winner: bob loses");
        assert_eq!(MatchResult::new(&g, &[d, d, d], "", &who).headline, "Draw");
    }

    #[test]
    fn a_line_is_one_group_and_counted_pieces_glow_each_alone() {
        let ttt = played(
            &catalogue_game("Tic-Tac-Toe"),
            &["1,1", "2,1", "2,2", "3,1", "3,3"],
        );
        let cell = |x, y| ttt.game().geometry.cell(1, x, y, 1).unwrap();
        assert_eq!(
            deciding_groups(ttt.outcome().unwrap()),
            [vec![cell(1, 1), cell(2, 2), cell(3, 3)]]
        );
        let rps = played(
            &catalogue_game("RockPaperScissors"),
            &["rock 1", "scissors 1"],
        );
        let groups = deciding_groups(rps.outcome().unwrap());
        assert_eq!(groups.len(), 2, "both pieces the winner holds: {groups:?}");
        assert!(groups.iter().all(|g| g.len() == 1), "{groups:?}");
    }

    #[test]
    fn the_last_turn_is_every_stone_of_it() {
        let g = catalogue_game("Connect6-19x19");
        let cell = |x, y| g.geometry.cell(1, x, y, 1).unwrap();
        let s = played(&g, &["9,9+11,11", "1,19+19,1"]);
        assert_eq!(last_turn(s.history()), vec![cell(1, 19), cell(19, 1)]);
        let s = played(&g, &["9,9+11,11"]);
        assert_eq!(last_turn(s.history()), vec![cell(9, 9), cell(11, 11)]);
        assert!(last_turn(g.start().history()).is_empty());
    }

    #[test]
    fn a_pass_after_a_move_leaves_the_move_shown() {
        let g = redscience_engine::testing::game(serde_json::json!({"phases": [{"pass": true}]}));
        let s = played(&g, &["2,2", "1,1", "pass"]);
        assert_eq!(s.history().last().map(|a| a.mv), Some(Move::Pass));
        assert_eq!(
            last_turn(s.history()),
            vec![g.geometry.cell(1, 1, 1, 1).unwrap()]
        );
    }
}
