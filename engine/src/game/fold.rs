//! Fold rules. "Less-than-most committed pieces folds": at the end of a
//! phase that has it, every seat but Chaos with fewer committed pieces than
//! the most folds. A folded seat cannot move for the rest of the match (it
//! passes automatically) but can still win.

use super::State;
use crate::rules::FoldRule;

impl State {
    /// Whether the seat has folded.
    pub fn has_folded(&self, seat: usize) -> bool {
        self.standings.folded & (1 << seat) != 0
    }

    /// The seat's committed pieces: pieces of its colours on spaces it may
    /// not leave (sticky, exclusive to other seats, locked in this phase, or
    /// on a decided board).
    pub fn committed(&self, seat: usize) -> usize {
        let controller = &self.game().seats[seat];
        (0..self.position.board.len() as u16)
            .filter(|&cell| {
                self.piece_at(cell)
                    .is_some_and(|(color, _)| controller.controls(color))
                    && (!self.can_leave(seat, cell) || !self.board_open(cell))
            })
            .count()
    }

    /// Applies the fold rule of the phase that is ending, if it has one.
    /// Seats that folded earlier stay folded and do not count.
    pub(crate) fn fold_at_phase_end(&mut self) {
        // Borrowed, not cloned: most phases end without folding, and the
        // count up and down showed in the phased games' turn ends.
        let game = self.game();
        let Some(FoldRule::LessThanMostCommitted) = game.rules.phases[self.position.phase()].fold
        else {
            return;
        };
        let in_play: Vec<(usize, usize)> = (0..game.seats.len())
            .filter(|&s| !game.seats[s].is_chaos && !self.has_folded(s))
            .map(|s| (s, self.committed(s)))
            .collect();
        let most = in_play.iter().map(|(_, n)| *n).max().unwrap_or(0);
        for (seat, n) in in_play {
            if n < most {
                self.standings.folded |= 1 << seat;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use serde_json::{Value, json};

    use crate::game::{Game, Move, SeatResult};
    use crate::rules::{Color, Shape};
    use crate::testing::{game_over, play};

    fn game(fields: Value) -> Arc<Game> {
        game_over(
            json!({"turn_checks": [], "players": "two_vs_chaos", "sticky": ["1,1"],
                "shapes": [{"reserves": {"black": 2, "white": 2, "pink": 2}}],
                "phases": [{"pass": true, "fold": "less_than_most_committed"}, {"pass": true}],
                "stalemate": [{"rule": "least", "of": {"measure": "pieces"}, "result": "win"}]}),
            fields,
        )
    }

    #[test]
    fn seats_with_less_than_the_most_committed_pieces_fold_and_pass_but_can_win() {
        let g = game(serde_json::json!({}));
        let mut s = g.start();
        // Black on the sticky (1,1) has 1 committed piece; white has none.
        // Chaos never folds.
        play(&mut s, &["1,1", "3,1", "3,3", "pass", "pass", "pass"]);
        assert_eq!(s.phase(), 0);
        assert_eq!((s.committed(0), s.committed(1)), (1, 0));
        play(&mut s, &["pass"]);
        assert_eq!(s.phase(), 1, "black's repeated pass ended the phase");
        assert!(!s.has_folded(0) && s.has_folded(1) && !s.has_folded(2));
        let folded_pass = s.history().last().unwrap();
        assert!(
            folded_pass.seat == 1 && folded_pass.automatic && folded_pass.mv == Move::Pass,
            "white has a circle in reserve but passes: {folded_pass:?}"
        );
        assert_eq!(s.to_move(), 2);
        let mut white = s.clone();
        white.position.to_move = 1;
        let err = white.explain_illegal(Move::Place {
            color: Color::White,
            shape: Shape::Circle,
            to: 4,
        });
        assert!(err.contains("Player 2 has folded"), "{err}");
        // Chaos passes and black places again: white, folded, still wins
        // with the least pieces (tied with Chaos).
        play(&mut s, &["pass", "2,2"]);
        while !s.is_finished() {
            s.apply(Move::Pass).unwrap();
        }
        let o = s.outcome().unwrap();
        assert_eq!(o.results[1], SeatResult::Win, "{}", o.reason(s.game()));
    }

    #[test]
    fn nobody_folds_when_all_are_level() {
        let g = game(serde_json::json!({}));
        let mut s = g.start();
        play(
            &mut s,
            &["2,2", "3,1", "3,3", "pass", "pass", "pass", "pass"],
        );
        assert_eq!(s.phase(), 1);
        assert!((0..3).all(|seat| !s.has_folded(seat)));
    }
}
