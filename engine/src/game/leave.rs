//! Leaving a match: a seat that resigns or runs out of time leaves it with
//! its team (partners share one outcome, so they leave together). A seat
//! that left is folded (its turns pass, its pieces stay) and loses whatever
//! the rules say at the end; the others play on. When fewer than two
//! teams of players are left in play, the match ends: the team still
//! playing wins (Chaos only when no player is left). The rules are in
//! docs/rules.md ("Leaving a match").

use super::State;
use super::outcome::{Ending, Explanation, Outcome, SeatResult};

impl State {
    /// Whether the seat has left the match.
    pub fn has_left(&self, seat: usize) -> bool {
        self.standings.left & (1 << seat) != 0
    }

    /// The seats that left the match, in seat order.
    pub fn left_seats(&self) -> Vec<usize> {
        (0..self.game.seats.len())
            .filter(|&s| self.has_left(s))
            .collect()
    }

    /// The seats still playing: not Chaos, not left.
    fn seats_in_play(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.game.seats.len()).filter(|&s| !self.game.seats[s].is_chaos && !self.has_left(s))
    }

    /// `seat` leaves the match, and every seat of its team with it. Its
    /// turns pass from now on (a turn under way ends with a pass; a draw
    /// offer no longer waits for it, and one it made is withdrawn); when
    /// fewer than two teams are left in play the match ends. Refused for
    /// Chaos, for a seat that left already and once the match is over.
    pub fn leave(&mut self, seat: usize) -> Result<(), String> {
        let game = self.game.clone();
        if let Some(outcome) = self.outcome() {
            return Err(format!("the game is over: {}", outcome.summary(&game)));
        }
        let Some(leaver) = game.seats.get(seat) else {
            return Err(format!("there is no seat {}", seat + 1));
        };
        if leaver.is_chaos {
            return Err("Chaos cannot leave the match".into());
        }
        if self.has_left(seat) {
            return Err(format!("{} has left the match already", leaver.label()));
        }
        let team: u8 = (0..game.seats.len())
            .filter(|&s| game.seats[s].team == leaver.team)
            .fold(0, |bits, s| bits | 1 << s);
        self.standings.left |= team;
        self.standings.folded |= team;
        if let Some(round) = self.rounds.current.as_mut() {
            round.leave(team);
        }
        // The offer leaves with its maker (its turn goes on, and passes).
        if self.leave_draw_offer(team) {
            self.outcome = Some(Box::new(Ending::Told(super::outcome::agreed_draw(&game))));
            self.judge_leavers();
            return Ok(());
        }
        let mut teams: Vec<usize> = self.seats_in_play().map(|s| game.seats[s].team).collect();
        teams.dedup();
        teams.sort_unstable();
        teams.dedup();
        if teams.len() < 2 {
            self.end_among_remaining();
            return Ok(());
        }
        self.play_automatic();
        self.judge_leavers();
        Ok(())
    }

    /// Ends the match now: the seats still playing share the win, the seats
    /// that left lose, and Chaos wins only when no player is left. For a
    /// match where fewer than two teams are left in play, and for one its
    /// host stops because no person is left in it (only machines).
    pub fn end_among_remaining(&mut self) {
        if self.outcome.is_some() {
            return;
        }
        let game = self.game.clone();
        let mut results: Vec<SeatResult> = (0..game.seats.len())
            .map(|s| {
                if game.seats[s].is_chaos || self.has_left(s) {
                    SeatResult::Loss
                } else {
                    SeatResult::Win
                }
            })
            .collect();
        chaos_wins_when_every_player_lost(&game, &mut results);
        self.drop_draw_offer();
        self.outcome = Some(Box::new(Ending::Told(Outcome {
            results,
            explanation: Explanation::Left {
                seats: self.left_seats(),
                then: None,
            },
        })));
    }

    /// Once the match is over, the seats that left lose, whatever the
    /// rules gave them; the others keep their results (and Chaos wins if
    /// every player lost). Once only: the ending then names who left.
    pub(super) fn judge_leavers(&mut self) {
        let Some(ending) = &self.outcome else {
            return;
        };
        if let Ending::Told(Outcome {
            explanation: Explanation::Left { .. },
            ..
        }) = &**ending
        {
            return;
        }
        let told = ending.outcome(self).clone();
        let mut results = told.results;
        for seat in self.left_seats() {
            results[seat] = SeatResult::Loss;
        }
        chaos_wins_when_every_player_lost(&self.game, &mut results);
        self.outcome = Some(Box::new(Ending::Told(Outcome {
            results,
            explanation: Explanation::Left {
                seats: self.left_seats(),
                then: Some(Box::new(told.explanation)),
            },
        })));
    }
}

/// "If all players are disqualified or lose, then Chaos wins."
fn chaos_wins_when_every_player_lost(game: &super::Game, results: &mut [SeatResult]) {
    if let Some(chaos) = game.chaos_seat()
        && (0..results.len()).all(|s| s == chaos || results[s] == SeatResult::Loss)
    {
        results[chaos] = SeatResult::Win;
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{Move, SeatResult};
    use crate::testing::play;

    /// Tic-Tac-Toe on a 4x4 board for `players`, with passes, and `fields`.
    fn game(players: &str, fields: serde_json::Value) -> std::sync::Arc<crate::game::Game> {
        let colors = match players {
            "one_vs_chaos" => &["black", "white"][..],
            "three" => &["black", "white", "pink"],
            _ => &["black", "white", "pink", "yellow"],
        };
        let reserves: serde_json::Map<String, serde_json::Value> =
            colors.iter().map(|c| (c.to_string(), 4.into())).collect();
        let mut base = serde_json::json!({
            "players": players, "board": "squares", "dimensions": [4, 4, 1],
            "shapes": [{"reserves": reserves}],
            "phases": [{"pass": true}],
        });
        for (k, v) in fields.as_object().unwrap() {
            base[k] = v.clone();
        }
        crate::testing::game(base)
    }

    #[test]
    fn a_seat_that_leaves_passes_and_the_others_play_on_to_a_real_result() {
        let g = game("three", serde_json::json!({}));
        let mut s = g.start();
        // Black (1,1), white (1,2), pink (1,3); black leaves on its turn.
        play(&mut s, &["1,1", "1,2", "1,3"]);
        s.leave(0).unwrap();
        assert!(s.has_left(0) && !s.is_finished());
        let passed = s.history().last().unwrap();
        assert!(
            passed.seat == 0 && passed.automatic && passed.mv == Move::Pass,
            "black's turn passed: {passed:?}"
        );
        assert_eq!(s.to_move(), 1);
        // White makes 3 in a row along row 2; black passed every turn.
        play(&mut s, &["2,2", "4,4", "3,2"]);
        let o = s.outcome().expect("white made a line");
        assert_eq!(
            o.results,
            vec![SeatResult::Loss, SeatResult::Win, SeatResult::Loss]
        );
        let why = o.reason(&g).to_string();
        assert!(
            why.contains("Player 1 (black) left the match, so loses"),
            "{why}"
        );
    }

    #[test]
    fn the_leaver_loses_even_where_the_rules_would_have_it_win() {
        // Every seat passing stalemates; "All players win if stalemate".
        let g = game(
            "three",
            serde_json::json!({"stalemate": [{"rule": "all_win"}]}),
        );
        let mut s = g.start();
        s.leave(2).unwrap();
        // Black and white pass, pink's turn passes by itself, and black's
        // second pass repeats the position.
        play(&mut s, &["pass", "pass", "pass"]);
        let o = s.outcome().expect("everyone passed: stalemate");
        assert_eq!(
            o.results,
            vec![SeatResult::Win, SeatResult::Win, SeatResult::Loss]
        );
    }

    #[test]
    fn the_last_side_playing_wins_at_once() {
        let g = game("three", serde_json::json!({}));
        let mut s = g.start();
        s.leave(1).unwrap();
        assert!(!s.is_finished());
        s.leave(0).unwrap();
        let o = s.outcome().expect("one side left");
        assert_eq!(
            o.results,
            vec![SeatResult::Loss, SeatResult::Loss, SeatResult::Win]
        );
        let why = o.reason(&g);
        assert!(
            why.contains("Player 1 (black) and Player 2 (white) left the match")
                && why.contains("Player 3 (pink) is the last still playing, so wins."),
            "{why}"
        );
        assert!(s.leave(2).is_err(), "the match is over");
    }

    #[test]
    fn partners_leave_together_and_the_other_team_wins() {
        let g = game("partners", serde_json::json!({}));
        let mut s = g.start();
        s.leave(2).unwrap();
        let o = s.outcome().expect("one team left");
        assert_eq!(
            o.results,
            vec![
                SeatResult::Loss,
                SeatResult::Win,
                SeatResult::Loss,
                SeatResult::Win
            ]
        );
    }

    #[test]
    fn chaos_wins_when_the_only_player_leaves() {
        let g = game("one_vs_chaos", serde_json::json!({}));
        let mut s = g.start();
        s.leave(0).unwrap();
        assert_eq!(
            s.outcome().unwrap().results,
            vec![SeatResult::Loss, SeatResult::Win]
        );
        assert!(s.leave(1).is_err());
    }

    #[test]
    fn a_draw_offer_no_longer_waits_for_a_seat_that_left() {
        let g = game("three", serde_json::json!({"draw_option": true}));
        let mut s = g.start();
        play(&mut s, &["draw", "agree"]);
        assert_eq!(s.to_move(), 2, "pink still to answer");
        s.leave(2).unwrap();
        let o = s.outcome().expect("everyone still playing agreed");
        assert_eq!(
            o.results,
            vec![SeatResult::Draw, SeatResult::Draw, SeatResult::Loss]
        );
    }

    #[test]
    fn a_planner_that_leaves_a_sealed_round_passes_and_the_round_resolves() {
        let g = crate::testing::catalogue_game("4P-Coordination");
        let mut s = g.start();
        play(&mut s, &["1,1"]);
        assert_eq!(s.to_move(), 1, "white plans next");
        s.leave(1).unwrap();
        assert_eq!(s.to_move(), 2, "white's plan passed");
        // Black and pink collide on the bottom; yellow stands alone on the
        // middle and loses ("Any piece loses"); white left, so loses too.
        play(&mut s, &["1,1", "1,2"]);
        let o = s.outcome().expect("the round resolved");
        assert_eq!(
            o.results,
            vec![
                SeatResult::Win,
                SeatResult::Loss,
                SeatResult::Win,
                SeatResult::Loss
            ]
        );
    }
}
