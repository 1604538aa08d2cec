//! What a match's picture shows besides the view it is drawn from: the
//! seats by name, who won and why once the match is over, and every piece
//! of the last turn where nothing is secret. Kept apart from the drawing's
//! database and thread work (`matches::picture`) so it can be tested.

use redscience_engine::game::{Move, Shown};
use redscience_engine::notation::typed;
use redscience_engine::rules::Cloaking;
use redscience_engine::{SeatResult, State};
use redscience_render::{BoardOptions, MatchResult, caption, deciding_groups, last_turn};

/// How a match ended before its rules ended it: why, and each seat's result.
pub(crate) struct Forfeit<'a> {
    pub(crate) reason: &'a str,
    pub(crate) results: Vec<SeatResult>,
}

/// The view to draw and the options to draw it with. Once the match is
/// over the view has no seat to move (a forfeit leaves one in the engine)
/// and the result stands under the caption. `seats` are the names, in seat
/// order; `clock` is the line on the time left, while there is one.
pub(crate) fn board_options(
    state: &State,
    forfeit: Option<Forfeit>,
    view: &Shown,
    seats: Vec<String>,
    clock: Option<&str>,
) -> (Shown, BoardOptions) {
    let game = state.game();
    let (result, deciding) = match (forfeit, state.outcome()) {
        (Some(f), _) => (
            Some(MatchResult::new(game, &f.results, f.reason, &seats)),
            Vec::new(),
        ),
        (None, Some(outcome)) => (
            Some(MatchResult::of_outcome(game, outcome, &seats)),
            deciding_groups(outcome),
        ),
        (None, None) => (None, Vec::new()),
    };
    let view = match result {
        Some(_) => view.clone().with_no_one_to_move(),
        None => view.clone(),
    };
    let mut lines = caption(game, &view, &seats);
    lines.extend(clock.map(str::to_string));
    let hint = typing_hint(state, &view);
    let options = BoardOptions {
        hint,
        caption: lines,
        seats,
        result,
        deciding,
        last_move: if crate::naming::secret(state) {
            Vec::new()
        } else {
            last_turn(state.history())
        },
        ..BoardOptions::default()
    };
    (view, options)
}

/// What a person types to play now, as the picture of `view` may say it:
/// the verb the prompt asks for (`plan` where moves are secret) and a legal
/// move near the middle of the board as the engine's notation writes it
/// (`move 4`, `plan rock 1`, `move 2,2`). None once no one is to move, and
/// in a game with hidden pieces for any viewer but the mover: there the
/// legal moves follow what the mover knows.
pub(crate) fn typing_hint(state: &State, view: &Shown) -> Option<String> {
    let mover = view.to_move()?;
    if state.game().rules.cloaking != Cloaking::None && view.viewer() != Some(mover) {
        return None;
    }
    let verb = if crate::naming::secret(state) {
        "plan"
    } else {
        "move"
    };
    let example = example_move(state)?;
    Some(format!("{verb} {example}"))
}

/// A legal move now, as typed: one placing or moving nearest the middle of
/// the board (the first such in the engine's order), else the first.
pub(crate) fn example_move(state: &State) -> Option<String> {
    let geo = &state.game().geometry;
    let [nx, ny, _] = geo.dims;
    // Twice the distance from the middle, along x and y, squared.
    let off_middle = |mv: &Move| match *mv {
        Move::Place { to, .. } | Move::Step { to, .. } | Move::Promote { to, .. } => {
            let k = geo.coord(to);
            let dx = 2 * i32::from(k.x) - i32::from(nx) - 1;
            let dy = 2 * i32::from(k.y) - i32::from(ny) - 1;
            dx * dx + dy * dy
        }
        _ => i32::MAX,
    };
    let moves = state.legal().to_vec();
    let best = moves.iter().min_by_key(|mv| off_middle(mv))?;
    typed(state, *best)
}

#[cfg(test)]
mod tests {
    use redscience_engine::notation::apply_turn;
    use redscience_engine::{Game, RuleSet, catalogue};
    use redscience_render::board_svg;

    use super::*;

    fn played(name: &str, turns: &[&str]) -> State {
        let game = Game::new(catalogue::get(name).unwrap()).unwrap();
        let mut state = game.start();
        for turn in turns {
            apply_turn(&mut state, turn, |_| None).unwrap();
        }
        state
    }

    /// The fill behind the seat to move in the picture's legend.
    const TO_MOVE: &str = "#fff1b8";

    fn names() -> Vec<String> {
        vec!["alice".to_string(), "Random".to_string()]
    }

    #[test]
    fn a_won_match_names_its_winner_and_no_one_to_move() {
        let s = played("Tic-Tac-Toe", &["1,1", "2,1", "2,2", "3,1", "3,3"]);
        let (view, options) = board_options(&s, None, &s.public_view().into(), names(), None);
        assert_eq!(view.to_move(), None);
        assert_eq!(options.caption, ["Tic-Tac-Toe"]);
        let result = options.result.unwrap();
        assert_eq!(result.headline, "alice wins");
        assert_eq!(result.winners, [0]);
        assert_eq!(options.seats, names());
        // The diagonal that won glows, and the reason says it in words.
        let cell = |x, y| s.game().geometry.cell(1, x, y, 1).unwrap();
        assert_eq!(options.deciding, [vec![cell(1, 1), cell(2, 2), cell(3, 3)]]);
        assert!(
            result
                .reasons
                .iter()
                .any(|r| r.contains("alice made 3 in a row")),
            "{:?}",
            result.reasons
        );
    }

    #[test]
    fn a_forfeit_ends_the_turn_and_gives_its_reason() {
        let s = played("Tic-Tac-Toe", &["1,1"]);
        let forfeit = Forfeit {
            reason: "Random resigned",
            results: vec![SeatResult::Win, SeatResult::Loss],
        };
        let public = Shown::from(s.public_view());
        assert_eq!(public.to_move(), Some(1), "the engine still awaits Random");
        let (view, options) = board_options(&s, Some(forfeit), &public, names(), None);
        assert_eq!(
            view.to_move(),
            None,
            "no one is to move after a resignation"
        );
        assert_eq!(options.caption, ["Tic-Tac-Toe"]);
        let svg = board_svg(s.game(), &view, &options);
        assert!(!svg.contains(TO_MOVE), "no seat is marked to move: {svg}");
        let result = options.result.unwrap();
        assert_eq!(result.headline, "alice wins");
        assert_eq!(result.reasons, ["Random resigned"]);
        assert!(options.deciding.is_empty(), "no line decided a resignation");
    }

    #[test]
    fn a_match_going_on_has_its_mover_and_clock_and_every_stone_of_the_last_turn() {
        let s = played("Connect6-19x19", &["9,9+11,11"]);
        let clock = "5 minutes left of 5 minutes";
        let (view, options) =
            board_options(&s, None, &s.public_view().into(), names(), Some(clock));
        assert_eq!(view.to_move(), Some(1));
        assert_eq!(
            options.caption,
            ["Connect6-19x19", "Random (white) to move", clock]
        );
        assert!(board_svg(s.game(), &view, &options).contains(TO_MOVE));
        assert!(options.result.is_none());
        let cell = |x, y| s.game().geometry.cell(1, x, y, 1).unwrap();
        assert_eq!(options.last_move, [cell(9, 9), cell(11, 11)]);
    }

    #[test]
    fn where_moves_are_secret_the_last_turn_is_not_shown() {
        let mut rules = serde_json::to_value(RuleSet::tic_tac_toe("Hidden")).unwrap();
        rules["cloaking"] = "hides".into();
        rules["phases"][0]["cloaked"] = serde_json::json!(["all"]);
        let game = Game::new(serde_json::from_value(rules).unwrap()).unwrap();
        let mut s = game.start();
        apply_turn(&mut s, "1,1", |_| None).unwrap();
        let (_, options) = board_options(&s, None, &s.public_view().into(), names(), None);
        assert!(options.last_move.is_empty());
    }

    /// The hint the picture of `view` carries, as drawn for the channel.
    fn hint(state: &State, view: Shown) -> Option<String> {
        board_options(state, None, &view, names(), None).1.hint
    }

    #[test]
    fn the_typing_hint_is_the_games_own_move_syntax_and_verb() {
        let cases: [(&str, &[&str], &str); 5] = [
            // A column alone, the middle one.
            ("Connect4", &[], "move 4"),
            ("Connect4", &["4", "4", "4", "4", "4", "4"], "move 3"),
            // A shape by its label, planned in a sealed round.
            ("RockPaperScissors", &[], "plan rock 1"),
            // A cell, the middle one.
            ("Tic-Tac-Toe", &["1,1"], "move 2,2"),
            // The middle taken: (2,1), (1,2), (3,2), (2,3) are as near, and
            // the engine counts cells along the bottom row first.
            ("Tic-Tac-Toe", &["2,2"], "move 2,1"),
        ];
        for (name, turns, want) in cases {
            let s = played(name, turns);
            let got = hint(&s, s.public_view().into());
            assert_eq!(got.as_deref(), Some(want), "{name} after {turns:?}");
            let svg = board_svg(s.game(), &s.public_view().into(), &{
                board_options(&s, None, &s.public_view().into(), names(), None).1
            });
            assert!(svg.contains(&format!("\u{201c}{want}\u{201d}")), "{svg}");
            assert!(!svg.contains("column x"), "{name}: no generic hint");
        }
    }

    #[test]
    fn no_hint_once_over_nor_where_it_could_tell_a_secret() {
        let s = played("Tic-Tac-Toe", &["1,1", "2,1", "2,2", "3,1", "3,3"]);
        assert_eq!(hint(&s, s.public_view().into()), None, "no one is to move");
        // In 3Blotto13 the soldiers are hidden: the mover's legal moves
        // follow what the mover knows, so only the mover is shown one.
        let s = played("3Blotto13", &["1"]);
        let mover = Shown::from(s.public_view()).to_move().unwrap();
        assert_eq!(hint(&s, s.public_view().into()), None);
        assert_eq!(hint(&s, s.player_view(1 - mover).into()), None);
        let own = hint(&s, s.player_view(mover).into());
        assert!(
            own.as_deref().is_some_and(|h| h.starts_with("plan ")),
            "{own:?}"
        );
    }
}
