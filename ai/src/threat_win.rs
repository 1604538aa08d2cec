//! Wins by continuous threats, in games of lines alone (see the engine's `LeanRun::load_threats`):
//! the seat to move makes a threat (a cell that completes its line next
//! turn) with every move, so the other seat's reply is forced to that
//! cell, until a move makes two threats at once, which no reply answers
//! (victory by continuous fours, as gomoku players call it). A short proof
//! two turns deep (the guard's) sees the last two steps of such a win; a
//! sequence of ten forced replies is invisible to it and to a tree of a
//! few thousand playouts, and decides most games of Qubic and gomoku
//! between good players.
//!
//! The search is exact where it answers: threats are the cells that
//! complete a line now (a stack's next cell, under gravity), a reply
//! other than the block loses at once, and a sequence fails wherever the
//! other seat could complete a line first (a threat of its own that the
//! attack does not fill, or one its forced block makes).

use redscience_engine::game::{Game, LeanRun, RunStop, SeatResult, State};

/// Moves of the attack longer than this are not looked for.
const DEPTH: u8 = 12;

/// The cell of the first move of a win by continuous threats for the seat
/// to move in `state`, found within the moves `left` to try (each move
/// tried takes one off; and before `out_of_time` says so, asked every few
/// moves); None where there is none or it was not found, or the game is
/// not one of lines alone with one placement a turn.
pub(crate) fn threat_win(
    state: &State,
    left: &mut u64,
    out_of_time: &dyn Fn() -> bool,
) -> Option<u16> {
    let game = state.game();
    let mut run = LeanRun::default();
    if !run.load_threats(state) {
        return None;
    }
    let mut search = Search {
        game,
        attacker: run.to_move(),
        left: *left,
        out_of_time,
    };
    let slot = search.attack(&run, DEPTH);
    *left = search.left;
    Some(run.landing(game, slot?))
}

struct Search<'a> {
    game: &'a Game,
    attacker: usize,
    left: u64,
    out_of_time: &'a dyn Fn() -> bool,
}

impl Search<'_> {
    /// The slot of a move that wins by continuous threats from `run`,
    /// where the attacker is to move, within `depth` moves.
    fn attack(&mut self, run: &LeanRun, depth: u8) -> Option<u16> {
        let (attacker, defender) = (self.attacker, 1 - self.attacker);
        let mut run = run.clone();
        if let Some(&win) = run.open_threats(self.game, attacker).first() {
            return Some(win);
        }
        if depth == 0 {
            return None;
        }
        // The defender's own threats: two cannot both be filled, and one
        // must be filled now (the move must also threaten to go on).
        let blocks = run.open_threats(self.game, defender);
        let candidates = match blocks.len() {
            0 => run.open_slots().collect(),
            1 => blocks,
            _ => return None,
        };
        for slot in candidates {
            if self.left == 0 || self.left.is_multiple_of(64) && (self.out_of_time)() {
                self.left = 0;
                return None;
            }
            self.left -= 1;
            let mut next = run.clone();
            match next.make_threat_move(self.game, slot) {
                Some(RunStop::Line) if next.results()[attacker] == SeatResult::Win => {
                    return Some(slot);
                }
                Some(_) => continue,
                None => {}
            }
            // The defender wins first where it can complete a line now.
            if !next.open_threats(self.game, defender).is_empty() {
                continue;
            }
            let threats = next.open_threats(self.game, attacker);
            match threats[..] {
                [] => continue,
                // Two threats: the defender fills one, the attacker the other.
                [_, _, ..] => return Some(slot),
                [block] => {
                    let mut replied = next;
                    if replied.make_threat_move(self.game, block).is_some() {
                        continue;
                    }
                    if self.attack(&replied, depth - 1).is_some() {
                        return Some(slot);
                    }
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use redscience_engine::testing::{catalogue_game, cell_of, played};

    fn never() -> bool {
        false
    }

    #[test]
    fn a_broken_three_and_a_three_make_a_win_by_fours() {
        let game = catalogue_game("5on15sq");
        // Black: 8,8 8,9 8,10 (a column of three, both ends open) and
        // 10,8 11,8 (two on a row); white far away. Black wins at once by
        // the open four (8,11 or 8,7): a double threat.
        let s = played(&game, &["8,8", "1,1", "8,9", "1,15", "8,10", "15,1"]);
        let win = threat_win(&s, &mut 100_000, &never).expect("an open three becomes an open four");
        assert!(
            [
                cell_of(&s, "8,11"),
                cell_of(&s, "8,7"),
                cell_of(&s, "8,12"),
                cell_of(&s, "8,6")
            ]
            .contains(&win)
        );
        // White to move in the same shape has no such win.
        let w = played(&game, &["8,8", "1,1", "8,9", "1,15", "8,10"]);
        assert_eq!(threat_win(&w, &mut 100_000, &never), None);
    }

    /// Black: a diagonal three 6,2 7,3 8,4 (white closes 5,1), a column
    /// pair 9,6 9,7 (white closes 9,4) and a row three 6,8 7,8 8,8 (white
    /// closes 5,8); white's other stones far off. No move makes two fours
    /// at once, but 9,5 makes a four (white must fill 10,6) and joins the
    /// column, so that 9,8 then makes two: a win two fours deep.
    const TWO_FOURS: [&str; 16] = [
        "6,2", "5,1", "7,3", "9,4", "8,4", "5,8", "9,6", "15,15", "9,7", "13,15", "6,8", "11,15",
        "7,8", "15,11", "8,8", "13,12",
    ];

    #[test]
    fn fours_force_the_replies_to_a_double_four() {
        let game = catalogue_game("5on15sq");
        let s = played(&game, &TWO_FOURS);
        let first = threat_win(&s, &mut 200_000, &never).expect("a win by fours");
        // Every first move of such a win makes a four: white's reply is
        // forced. 9,5 and 9,8 are the two that start this one.
        assert!(
            [cell_of(&s, "9,5"), cell_of(&s, "9,8")].contains(&first),
            "{first}"
        );
    }

    #[test]
    fn a_sequence_the_defender_answers_with_its_own_line_fails() {
        let game = catalogue_game("5on15sq");
        // White holds four in a row with one end open (1,1 to 1,4; 1,5
        // empty): black must block at 1,5 and cannot win first unless it
        // completes five now.
        let s = played(
            &game,
            &["8,8", "1,1", "8,9", "1,2", "8,10", "1,3", "12,12", "1,4"],
        );
        // Black's only non-losing move is 1,5; an open three of black's
        // does not win through white's four.
        let found = threat_win(&s, &mut 100_000, &never);
        assert!(
            found.is_none() || found == Some(cell_of(&s, "1,5")),
            "{found:?}"
        );
    }

    #[test]
    fn it_stops_at_its_budget_and_its_clock() {
        let game = catalogue_game("5on15sq");
        let s = played(&game, &TWO_FOURS);
        assert_eq!(
            threat_win(&s, &mut 3, &never),
            None,
            "three moves tried is not enough"
        );
        assert_eq!(
            threat_win(&s, &mut 200_000, &|| true),
            None,
            "out of time at once"
        );
        // Not a game of lines alone: nothing is looked for.
        let reversi = catalogue_game("Reversi");
        assert_eq!(threat_win(&reversi.start(), &mut 1_000, &never), None);
    }
}
