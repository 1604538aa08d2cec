//! Matches on both databases: every catalogue game rebuilt from its move log
//! equals the live state; sealed plans, draw offers, deadlines, results,
//! ratings; nothing half-written.

use crate::common;

use common::{human, on_each_backend, refusal};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use redscience_engine::game::GameState;
use redscience_engine::random::random_move;
use redscience_engine::rules::{Color, Shape};
use redscience_engine::text::board_text;
use redscience_engine::{Game, Move, SeatResult, State, catalogue};
use redscience_storage::{
    Augmentation, LiveMatch, NewMatch, Rating, RatingKey, RatingUpdate, Security, Storage,
    SystemPlayer,
};

/// Everything a state shows, to every viewer.
fn assert_same(live: &State, rebuilt: &State, context: &str) {
    assert_eq!(
        rebuilt.decisions(),
        live.decisions(),
        "{context}: decisions"
    );
    assert_eq!(rebuilt.history(), live.history(), "{context}: history");
    assert_eq!(board_text(rebuilt), board_text(live), "{context}: board");
    for color in Color::ALL {
        for shape in Shape::ALL {
            assert_eq!(
                rebuilt.reserve(color, shape),
                live.reserve(color, shape),
                "{context}: {color:?} {shape:?} reserve"
            );
        }
    }
    assert_eq!(
        rebuilt.public_view(),
        live.public_view(),
        "{context}: public view"
    );
    for seat in 0..live.game().seats.len() {
        assert_eq!(
            rebuilt.player_view(seat),
            live.player_view(seat),
            "{context}: seat {seat}"
        );
        assert_eq!(
            rebuilt.history_for(Some(seat)),
            live.history_for(Some(seat)),
            "{context}"
        );
    }
    assert_eq!(
        rebuilt.history_for(None),
        live.history_for(None),
        "{context}"
    );
    assert_eq!(rebuilt.outcome(), live.outcome(), "{context}: outcome");
    assert_eq!(rebuilt.to_move(), live.to_move(), "{context}: to move");
    assert_eq!(rebuilt.phase(), live.phase(), "{context}: phase");
    assert_eq!(
        rebuilt.draw_offered_by(),
        live.draw_offered_by(),
        "{context}"
    );
    assert_eq!(rebuilt.legal(), live.legal(), "{context}: legal moves");
}

/// Random in every seat but Chaos's.
async fn start(s: &Storage, name: &str, seed: u64) -> LiveMatch {
    let saved = s.rule_set(name).await.unwrap().expect("seeded");
    let game = Game::new(saved.rules).unwrap();
    let random = s.system_player(SystemPlayer::Random).await.unwrap();
    let chaos = s.system_player(SystemPlayer::Chaos).await.unwrap();
    let seats = (0..game.seats.len())
        .map(|i| {
            let player = if game.chaos_seat() == Some(i) {
                chaos.id
            } else {
                random.id
            };
            (player, Augmentation::Alone)
        })
        .collect();
    s.create_match(NewMatch {
        rule_set_id: saved.id,
        seats,
        seed,
        creator_id: None,
        rated: true,
        challenge_id: None,
    })
    .await
    .unwrap()
}

/// Plays up to `limit` random decisions, each committed on its own.
async fn play(s: &Storage, live: &mut LiveMatch, rng: &mut Xoshiro256PlusPlus, limit: usize) {
    for _ in 0..limit {
        let Some(mv) = random_move(live.state(), rng) else {
            break;
        };
        let actor = live.seats[live.state().to_move()].player_id;
        live.play(s, mv, Some(actor), 1234).await.unwrap();
    }
}

/// The catalogue's games (seeded into storage on first run).
fn catalogue_games() -> Vec<String> {
    catalogue::names().iter().map(|n| n.to_string()).collect()
}

#[tokio::test]
async fn every_catalogue_game_rebuilt_from_its_log_equals_the_live_state() {
    on_each_backend(async |s: Storage| {
        for (i, name) in catalogue_games().iter().enumerate() {
            let name = name.as_str();
            let seed = 0x5eed_0000 + i as u64;
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut live = start(&s, name, seed).await;
            let context = format!("{} {name}", s.backend());
            play(&s, &mut live, &mut rng, 25).await;
            let rebuilt = s.load_match(live.id).await.unwrap();
            assert_same(
                live.state(),
                rebuilt.state(),
                &format!("{context} (midway)"),
            );
            play(&s, &mut live, &mut rng, 100).await;
            let rebuilt = s.load_match(live.id).await.unwrap();
            assert_same(live.state(), rebuilt.state(), &context);
            assert_eq!(rebuilt.seats, live.seats, "{context}");
            let log = s.move_log(live.id).await.unwrap();
            let sealed = s.sealed_plans(live.id).await.unwrap();
            assert_eq!(
                log.len() + sealed.len(),
                live.state().decisions().len(),
                "{context}"
            );
            for (m, d) in log.iter().chain(&sealed).zip(live.state().decisions()) {
                assert_eq!(m.mv, *d, "{context}");
            }
            // Going on from the rebuilt match: its moves commit and replay too.
            let mut again = rebuilt;
            play(&s, &mut again, &mut rng, 3).await;
            let reloaded = s.load_match(again.id).await.unwrap();
            assert_same(
                again.state(),
                reloaded.state(),
                &format!("{context} (continued)"),
            );
        }
    })
    .await;
}

#[tokio::test]
async fn sealed_plans_stay_out_of_the_log_until_the_round_resolves() {
    on_each_backend(async |s: Storage| {
        let games = catalogue_games();
        assert!(games.iter().any(|g| g == "RockPaperScissors"), "{games:?}");
        let mut live = start(&s, "RockPaperScissors", 7).await;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mv = random_move(live.state(), &mut rng).unwrap();
        let first = live.play(&s, mv, None, 10).await.unwrap();
        assert!(first.sealed, "the first plan is sealed");
        assert!(s.move_log(live.id).await.unwrap().is_empty());
        assert_eq!(s.sealed_plans(live.id).await.unwrap().len(), 1);
        let rebuilt = s.load_match(live.id).await.unwrap();
        assert_same(live.state(), rebuilt.state(), "mid-round");
        let mv = random_move(live.state(), &mut rng).unwrap();
        let second = live.play(&s, mv, None, 10).await.unwrap();
        assert!(!second.sealed, "the last plan resolves the round");
        assert_eq!(second.released, 1);
        assert!(s.sealed_plans(live.id).await.unwrap().is_empty());
        let log = s.move_log(live.id).await.unwrap();
        assert_eq!(log.iter().map(|m| m.number).collect::<Vec<_>>(), vec![0, 1]);
        assert_eq!(log.iter().map(|m| m.seat).collect::<Vec<_>>(), vec![0, 1]);
    })
    .await;
}

#[tokio::test]
async fn draw_offers_deadlines_and_results_are_kept() {
    on_each_backend(async |s: Storage| {
        let mut live = start(&s, "4on7sq", 3).await;
        let seconds = i64::from(live.state().game().rules.seconds_per_turn);
        let due = s
            .due_deadlines(s.now() + chrono_seconds(seconds))
            .await
            .unwrap();
        assert_eq!(
            due.iter().map(|d| (d.0, d.1)).collect::<Vec<_>>(),
            vec![(live.id, 0)]
        );
        assert!(
            s.due_deadlines(s.now()).await.unwrap().is_empty(),
            "not due yet"
        );
        // Its one reminder is due when a quarter of the turn is left.
        let turn = live.seconds_per_turn();
        assert_eq!(turn as i64, seconds);
        assert!(
            !s.claim_reminder(live.id, 0, turn, 0).await.unwrap(),
            "not due yet"
        );
        let mut later = s.clone();
        let at = s.now() + chrono_seconds(seconds - seconds / 4);
        later.set_clock(move || at);
        assert!(
            later.claim_reminder(live.id, 0, turn, 0).await.unwrap(),
            "the first claim"
        );
        assert!(
            !later.claim_reminder(live.id, 0, turn, 0).await.unwrap(),
            "a reminder is claimed once"
        );
        assert!(
            !later.claim_reminder(live.id, 0, turn, 1).await.unwrap(),
            "and there is no second on a live clock"
        );
        let deadline = s.deadline_of(live.id).await.unwrap().unwrap();
        assert_eq!(
            (deadline.reminders_sent, deadline.next_reminder_at),
            (1, None)
        );
        assert!(deadline.is_quiet(at), "reminded and not due");
        assert!(!deadline.is_quiet(deadline.due_at), "due");

        let place = *live
            .state()
            .legal()
            .iter()
            .find(|m| m.is_board_move())
            .unwrap();
        live.play(&s, place, None, 500).await.unwrap();
        let due = s
            .due_deadlines(s.now() + chrono_seconds(seconds))
            .await
            .unwrap();
        assert_eq!(
            due.iter().map(|d| (d.0, d.1)).collect::<Vec<_>>(),
            vec![(live.id, 1)]
        );

        assert!(live.state().legal().contains(&Move::OfferDraw));
        live.play(&s, Move::OfferDraw, None, 0).await.unwrap();
        assert_eq!(
            s.open_draw_offer(live.id).await.unwrap().map(|o| o.0),
            Some(1)
        );
        live.play(&s, Move::RefuseDraw, None, 0).await.unwrap();
        assert_eq!(s.open_draw_offer(live.id).await.unwrap(), None);
        let message = refusal(live.play(&s, Move::AgreeDraw, None, 0).await);
        assert!(!message.is_empty());

        let place = *live
            .state()
            .legal()
            .iter()
            .find(|m| m.is_board_move())
            .unwrap();
        live.play(&s, place, None, 0).await.unwrap();
        live.play(&s, Move::OfferDraw, None, 0).await.unwrap();
        let played = live.play(&s, Move::AgreeDraw, None, 0).await.unwrap();
        assert!(played.finished);
        assert!(
            s.due_deadlines(s.now() + chrono_seconds(seconds * 10))
                .await
                .unwrap()
                .is_empty()
        );
        let rebuilt = s.load_match(live.id).await.unwrap();
        assert_eq!(
            rebuilt.seats.iter().map(|r| r.result).collect::<Vec<_>>(),
            vec![Some(SeatResult::Draw), Some(SeatResult::Draw)]
        );
        assert_same(live.state(), rebuilt.state(), "agreed draw");
        let message = refusal(live.play(&s, Move::Pass, None, 0).await);
        assert!(message.contains("over"), "{message}");
    })
    .await;
}

fn chrono_seconds(n: i64) -> chrono::TimeDelta {
    chrono::TimeDelta::seconds(n)
}

#[tokio::test]
async fn nothing_is_half_written() {
    on_each_backend(async |s: Storage| {
        let ttt = s.rule_set("Tic-Tac-Toe").await.unwrap().unwrap();
        let random = s.system_player(SystemPlayer::Random).await.unwrap();
        // A seat for a player that does not exist: no match at all.
        let message = refusal(
            s.create_match(NewMatch {
                rule_set_id: ttt.id,
                seats: vec![
                    (random.id, Augmentation::Alone),
                    (999_999, Augmentation::Alone),
                ],
                seed: 1,
                creator_id: None,
                rated: true,
                challenge_id: None,
            })
            .await,
        );
        assert!(message.contains("999999"), "{message}");
        let message = refusal(
            s.create_match(NewMatch {
                rule_set_id: ttt.id,
                seats: vec![(random.id, Augmentation::Alone)],
                seed: 1,
                creator_id: None,
                rated: true,
                challenge_id: None,
            })
            .await,
        );
        assert!(message.contains("needs 2 players"), "{message}");
        let mut live = start(&s, "Tic-Tac-Toe", 1).await;
        assert_eq!(live.id, 1, "the refused matches left no row behind");

        // An illegal move is refused with the reason, and nothing is written.
        let legal = live.state().legal()[0];
        live.play(&s, legal, None, 0).await.unwrap();
        let message = refusal(live.play(&s, legal, None, 0).await);
        assert!(message.contains("is not legal"), "{message}");
        assert_eq!(s.move_log(live.id).await.unwrap().len(), 1);

        // Two handles on one match: the second writer is refused, not interleaved.
        let mut other = s.load_match(live.id).await.unwrap();
        let next = live.state().legal()[0];
        live.play(&s, next, None, 0).await.unwrap();
        let late = other.play(&s, other.state().legal()[1], None, 0).await;
        assert!(
            matches!(&late, Err(redscience_storage::Error::Conflict(m)) if m.contains("moved on")),
            "{late:?}"
        );
        assert_eq!(
            other.state().decisions().len(),
            1,
            "the refused handle is unchanged"
        );
        let log = s.move_log(live.id).await.unwrap();
        assert_eq!(log.len(), 2);
        assert_eq!(log[1].mv, next);
        assert_same(
            live.state(),
            s.load_match(live.id).await.unwrap().state(),
            "after a refusal",
        );
    })
    .await;
}

#[tokio::test]
async fn ratings_are_recorded_once_per_finished_match_with_history() {
    on_each_backend(async |s: Storage| {
        let ann = human(&s, "Ann", Security::Creator).await;
        let random = s.system_player(SystemPlayer::Random).await.unwrap();
        let ttt = s.rule_set("Tic-Tac-Toe").await.unwrap().unwrap();
        let mut live = s
            .create_match(NewMatch {
                rule_set_id: ttt.id,
                seats: vec![
                    (ann.id, Augmentation::Reviewing),
                    (random.id, Augmentation::Alone),
                ],
                seed: 5,
                creator_id: Some(ann.id),
                rated: true,
                challenge_id: None,
            })
            .await
            .unwrap();
        let key = RatingKey {
            player_id: ann.id,
            augmentation: Augmentation::Reviewing,
            rule_set_id: ttt.id,
        };
        let update = RatingUpdate {
            key,
            mu: 27.0,
            sigma: 7.0,
            based_on: None,
        };
        let message = refusal(s.record_ratings(live.id, &[update]).await);
        assert!(message.contains("not finished"), "{message}");
        // Ann wins along the bottom row while Random fills the middle.
        for text in ["1,1", "1,2", "2,1", "2,2", "3,1"] {
            let mut state = live.state().clone();
            redscience_engine::notation::apply_turn(&mut state, text, |_| None).unwrap();
            let mv = *state.decisions().last().unwrap();
            live.play(&s, mv, None, 2000).await.unwrap();
        }
        assert!(live.state().is_terminal());
        assert_eq!(s.rating(&key).await.unwrap(), Rating::beginner());
        s.record_ratings(live.id, &[update]).await.unwrap();
        let rating = s.rating(&key).await.unwrap();
        assert_eq!((rating.played, rating.won, rating.lost), (1, 1, 0));
        assert_eq!((rating.decisions, rating.decision_ms), (3, 6000));
        assert_eq!(rating.shown(), 600);
        assert_eq!(rating.top_burst, 600);
        let history = s.rating_history(&key).await.unwrap();
        assert_eq!(history, vec![(live.id, (25.0, 25.0 / 3.0), (27.0, 7.0))]);
        let message = refusal(s.record_ratings(live.id, &[update]).await);
        assert!(message.contains("already been rated"), "{message}");
        let chaos = s.system_player(SystemPlayer::Chaos).await.unwrap();
        let _ = chaos;
    })
    .await;
}

#[tokio::test]
async fn a_turn_is_recorded_whole_or_not_at_all() {
    on_each_backend(async |s: Storage| {
        let mut live = start(&s, "Connect4", 11).await;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        let first = random_move(live.state(), &mut rng).unwrap();
        let mut after = live.state().clone();
        after.apply(first).unwrap();
        // The last move puts a piece on the first one's cell: refused.
        let refused = [first, random_move(&after, &mut rng).unwrap(), first];
        let before = s.move_log(live.id).await.unwrap().len();
        let error = live.play_turn(&s, &refused, None, 0).await.unwrap_err();
        assert!(
            error.refusal().is_some(),
            "{}: a refused move is a refusal: {error}",
            s.backend()
        );
        assert_eq!(
            s.move_log(live.id).await.unwrap().len(),
            before,
            "{}: none of the turn was written",
            s.backend()
        );
        assert_eq!(
            live.state().decisions().len(),
            before,
            "the match is unchanged"
        );
        let reloaded = s.load_match(live.id).await.unwrap();
        assert_eq!(reloaded.state().decisions(), live.state().decisions());

        let second = random_move(&after, &mut rng).unwrap();
        let played = live.play_turn(&s, &[first, second], None, 0).await.unwrap();
        assert_eq!(played.len(), 2);
        assert_eq!(s.move_log(live.id).await.unwrap().len(), before + 2);
    })
    .await;
}

#[tokio::test]
async fn of_two_writers_of_one_turn_exactly_one_records_it() {
    on_each_backend(async |s: Storage| {
        let mut live = start(&s, "Connect4", 12).await;
        let mut other = s.load_match(live.id).await.unwrap();
        let legal = live.state().legal();
        let (a, b) = (legal[0], legal[1]);
        let (left, right) = tokio::join!(live.play(&s, a, None, 0), other.play(&s, b, None, 0));
        let wins = [left.is_ok(), right.is_ok()];
        assert_eq!(
            wins.iter().filter(|w| **w).count(),
            1,
            "{}: exactly one writer records the turn: {left:?} {right:?}",
            s.backend()
        );
        let lost = if left.is_err() { left } else { right };
        assert!(
            matches!(lost, Err(redscience_storage::Error::Conflict(_))),
            "{}: the other is told of the conflict: {lost:?}",
            s.backend()
        );
        let log = s.move_log(live.id).await.unwrap();
        assert_eq!(log.len(), 1, "{}: one move in the log", s.backend());
        let recorded = if wins[0] { a } else { b };
        assert_eq!(log[0].mv, recorded);
    })
    .await;
}

#[tokio::test]
async fn early_plans_are_kept_replaced_and_taken_once() {
    on_each_backend(async |s: Storage| {
        let live = start(&s, "RockPaperScissors", 5).await;
        assert_eq!(s.take_early_plan(live.id, 1).await.unwrap(), None);
        s.keep_early_plan(live.id, 1, "2,2").await.unwrap();
        s.keep_early_plan(live.id, 1, "3,3").await.unwrap();
        let (a, b) = tokio::join!(s.take_early_plan(live.id, 1), s.take_early_plan(live.id, 1));
        let taken: Vec<String> = [a.unwrap(), b.unwrap()].into_iter().flatten().collect();
        assert_eq!(taken, vec!["3,3".to_string()], "{}", s.backend());
        assert_eq!(s.take_early_plan(live.id, 1).await.unwrap(), None);
    })
    .await;
}

#[tokio::test]
async fn unfinished_matches_with_machines_are_listed() {
    on_each_backend(async |s: Storage| {
        let going = start(&s, "Tic-Tac-Toe", 1).await;
        let mut over = start(&s, "Tic-Tac-Toe", 2).await;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
        play(&s, &mut over, &mut rng, 100).await;
        assert!(over.is_over());
        let ann = human(&s, "Ann", Security::Creator).await;
        let saved = s.rule_set("Tic-Tac-Toe").await.unwrap().unwrap();
        let people = s
            .create_match(NewMatch {
                rule_set_id: saved.id,
                seats: vec![(ann.id, Augmentation::Alone), (ann.id, Augmentation::Alone)],
                seed: 3,
                creator_id: None,
                rated: false,
                challenge_id: None,
            })
            .await
            .unwrap();
        let listed = s.unfinished_with_machines().await.unwrap();
        assert!(listed.contains(&going.id), "{}: {listed:?}", s.backend());
        assert!(!listed.contains(&over.id), "{}: finished", s.backend());
        assert!(!listed.contains(&people.id), "{}: no machine", s.backend());
        let started = s.last_activity(going.id).await.unwrap().unwrap();
        let ended = s.last_activity(over.id).await.unwrap().unwrap();
        assert!(started <= ended);
    })
    .await;
}

#[tokio::test]
async fn a_rating_computed_from_a_stale_value_is_not_recorded() {
    on_each_backend(async |s: Storage| {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(21);
        let mut finished = Vec::new();
        for seed in [21, 22] {
            let mut live = start(&s, "Tic-Tac-Toe", seed).await;
            play(&s, &mut live, &mut rng, 100).await;
            assert!(live.is_over());
            finished.push(live);
        }
        let key = RatingKey {
            player_id: finished[0].seats[0].player_id,
            augmentation: Augmentation::Alone,
            rule_set_id: finished[0].rule_set_id,
        };
        let was = s.rating(&key).await.unwrap();
        let update = |mu: f64| RatingUpdate {
            key,
            mu,
            sigma: 7.0,
            based_on: Some((was.mu, was.sigma)),
        };
        let (high, low) = ([update(30.0)], [update(20.0)]);
        let (first, second) = tokio::join!(
            s.record_ratings(finished[0].id, &high),
            s.record_ratings(finished[1].id, &low)
        );
        let outcomes = [&first, &second];
        assert_eq!(
            outcomes.iter().filter(|r| r.is_ok()).count(),
            1,
            "{}: {first:?} {second:?}",
            s.backend()
        );
        let stale = outcomes.iter().find(|r| r.is_err()).unwrap();
        assert!(
            matches!(stale, Err(redscience_storage::Error::Conflict(_))),
            "{}: {stale:?}",
            s.backend()
        );
        let now = s.rating(&key).await.unwrap();
        assert_eq!(now.played, 1, "{}: counted once", s.backend());
        let late = if first.is_err() {
            &finished[0]
        } else {
            &finished[1]
        };
        assert!(
            s.awaits_rating(late.id).await.unwrap(),
            "left to rate again"
        );
    })
    .await;
}

#[tokio::test]
async fn an_event_is_claimed_once() {
    on_each_backend(async |s: Storage| {
        let (a, b) = tokio::join!(s.claim_event("matrix:$one"), s.claim_event("matrix:$one"));
        assert_eq!(
            [a.unwrap(), b.unwrap()].iter().filter(|c| **c).count(),
            1,
            "{}: claimed by exactly one reader",
            s.backend()
        );
        assert!(s.claim_event("matrix:$two").await.unwrap());
        assert!(!s.claim_event("matrix:$two").await.unwrap());
        assert_eq!(
            s.forget_events_older_than(1).await.unwrap(),
            0,
            "all recent"
        );
    })
    .await;
}
