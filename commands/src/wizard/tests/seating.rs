//! Several colours per seat picked as a person would: offered with the
//! colour modes where there are colours enough, each new colour starting
//! with its seat's reserves, and dropped when the players outgrow it.

use redscience_engine::rules::{Color, ColorMode, Players};
use redscience_engine::validate;

use super::super::step::Step;
use super::{ids, named, pick_all};

#[test]
fn each_seat_may_play_two_to_four_colours() {
    let mut w = named("Two-each");
    pick_all(&mut w, &["next"]);
    assert_eq!(w.step, Step::Colors, "{}", w.prompt().text);
    let offered = ids(&w.prompt());
    for id in ["assigned", "assigned_2", "assigned_3", "assigned_4"] {
        assert!(offered.contains(&id.to_string()), "{id} in {offered:?}");
    }
    pick_all(&mut w, &["assigned_2"]);
    let r = w.rules();
    assert_eq!((r.colors, r.colors_per_seat), (ColorMode::Assigned, 2));
    let reserves = &r.shapes[0].reserves;
    assert_eq!(
        reserves.get(&Color::Pink),
        reserves.get(&Color::Black),
        "{reserves:?}"
    );
    assert_eq!(
        reserves.get(&Color::Yellow),
        reserves.get(&Color::White),
        "{reserves:?}"
    );
    assert!(validate(r).is_ok(), "{:?}", validate(r));
    pick_all(&mut w, &["done"]);
    let review = w.prompt().text;
    assert!(
        review.contains("2 colours per player: black and pink; white and yellow"),
        "{review}"
    );
}

#[test]
fn colours_per_seat_go_when_the_players_outgrow_them() {
    let mut w = named("Four-each");
    pick_all(&mut w, &["next", "assigned_4"]);
    assert_eq!(w.rules().colors_per_seat, 4);
    // Four players with four colours each would need 16: back to one.
    pick_all(&mut w, &["done", "edit_players", "four"]);
    let r = w.rules();
    assert_eq!((r.players, r.colors_per_seat), (Players::Four, 1));
    let text = w.prompt().text;
    assert!(text.contains("Each player has one colour again"), "{text}");
    assert!(validate(r).is_ok(), "{:?}", validate(r));
    // Four players may have two colours each (8 of 9), not three.
    let offered = ids(&w.prompt());
    assert!(offered.contains(&"assigned_2".to_string()), "{offered:?}");
    assert!(!offered.contains(&"assigned_3".to_string()), "{offered:?}");
}

#[test]
fn a_stack_of_own_colours_is_offered_on_stacks_to_seats_with_several() {
    use redscience_engine::rules::{TurnCheck, WinLose};
    let mut w = named("Rainbow");
    pick_all(&mut w, &["next", "assigned_2", "done", "edit_outcome"]);
    assert_eq!(w.step, Step::TurnChecks, "{}", w.prompt().text);
    let offered = ids(&w.prompt());
    assert!(
        !offered.contains(&"stack_of_2_wins".to_string()),
        "not on a hash: {offered:?}"
    );
    pick_all(&mut w, &["done", "edit_board", "next", "stacks"]);
    super::answer_all(&mut w, &["3", "1", "3"]);
    pick_all(&mut w, &["done", "edit_outcome"]);
    assert_eq!(w.step, Step::TurnChecks, "{}", w.prompt().text);
    let offered = ids(&w.prompt());
    assert!(
        offered.contains(&"stack_of_2_wins".to_string()),
        "{offered:?}"
    );
    assert!(
        !offered.contains(&"stack_of_3_wins".to_string()),
        "two colours each: {offered:?}"
    );
    pick_all(&mut w, &["stack_of_2_wins"]);
    assert!(w.rules().turn_checks.contains(&TurnCheck::StackOfColors {
        colors: 2,
        result: WinLose::Win
    }));
    assert!(validate(w.rules()).is_ok(), "{:?}", validate(w.rules()));
}

#[test]
fn a_game_for_one_player_alone_never_asks_about_draws() {
    let mut w = named("Solitaire");
    assert_eq!(w.step, Step::Players, "{}", w.prompt().text);
    assert!(ids(&w.prompt()).contains(&"one".to_string()));
    super::answer_all(&mut w, &["alone"]);
    assert_eq!(w.rules().players, Players::One);
    pick_all(&mut w, &["done", "edit_outcome"]);
    let mut asked = Vec::new();
    while w.step != Step::HowToPlay && asked.len() < 20 {
        asked.push(w.step);
        pick_all(&mut w, &["next"]);
    }
    assert!(!asked.contains(&Step::DrawOption), "{asked:?}");
    assert!(!w.rules().draw_option);
    pick_all(&mut w, &["done"]);
    let review = w.prompt().text;
    assert!(review.contains("1 Player alone"), "{review}");
    assert!(validate(w.rules()).is_ok(), "{:?}", validate(w.rules()));
}

#[test]
fn a_game_for_one_keeps_a_score_until_more_players_join() {
    let mut w = named("Solo-Score");
    super::answer_all(&mut w, &["alone"]);
    pick_all(&mut w, &["done", "edit_outcome"]);
    for _ in 0..20 {
        if w.step == Step::Score {
            break;
        }
        pick_all(&mut w, &["next"]);
    }
    assert_eq!(w.step, Step::Score, "{}", w.prompt().text);
    let offered = ids(&w.prompt());
    for id in [
        "none",
        "fewest_moves",
        "most_moves",
        "fewest_pieces",
        "most_pieces",
    ] {
        assert!(offered.contains(&id.to_string()), "{offered:?}");
    }
    super::refused(&mut w, "most_points", &["not a choice here"]);
    pick_all(&mut w, &["fewest_moves"]);
    assert_eq!(
        w.rules().score.map(|s| (s.count, s.better)),
        Some((
            redscience_engine::rules::ScoreCount::Moves,
            redscience_engine::rules::Better::Fewer
        ))
    );
    pick_all(&mut w, &["done"]);
    let review = w.prompt().text;
    assert!(
        review.contains("Score: moves made, fewer is better"),
        "{review}"
    );
    assert!(validate(w.rules()).is_ok(), "{:?}", validate(w.rules()));
    // Two players: the score goes, and the wizard says so.
    pick_all(&mut w, &["edit_players", "two"]);
    assert_eq!(w.rules().score, None);
    let text = w.prompt().text;
    assert!(text.contains("no longer keeps a score"), "{text}");
    // Two players: the question is not asked.
    pick_all(&mut w, &["done", "edit_outcome"]);
    for _ in 0..20 {
        assert_ne!(w.step, Step::Score, "{}", w.prompt().text);
        if w.step == Step::HowToPlay {
            break;
        }
        pick_all(&mut w, &["next"]);
    }
}
