//! Challenges: seats taken and accepted, one match per challenge, closing,
//! and the match's channel; the same open challenge made once; lapsing,
//! claimed once. On SQLite, and on PostgreSQL when configured.

use crate::common;

use common::{human, on_each_backend, refusal, seated};
use redscience_storage::{
    Augmentation, ChallengeStatus, ChannelRef, Invitee, Made, MatchClock, NewChallenge, NewMatch,
    Platform, Security, Storage, SystemPlayer,
};

fn place() -> ChannelRef {
    ChannelRef {
        platform: Platform::Console,
        community: None,
        channel: "#general".into(),
    }
}

#[tokio::test]
async fn a_challenge_starts_one_match_in_its_channel() {
    on_each_backend(async |s: Storage| {
        // A clock standing still, as the database keeps it.
        let mut s = s;
        let now = redscience_storage::chrono_ms(s.now());
        s.set_clock(move || now);
        let ann = human(&s, "Ann", Security::Creator).await;
        let bob = human(&s, "Bob", Security::Creator).await;
        let ttt = s.rule_set("Tic-Tac-Toe").await.unwrap().unwrap();
        let c = s
            .create_challenge(NewChallenge {
                rule_set_id: ttt.id,
                challenger_id: ann.id,
                place: place(),
                seats: vec![
                    Invitee {
                        player_id: Some(ann.id),
                        augmentation: Augmentation::Alone,
                        accepted: true,
                    },
                    Invitee {
                        player_id: None,
                        augmentation: Augmentation::Alone,
                        accepted: false,
                    },
                ],
                rated: true,
                clock: MatchClock::Correspondence(86_400),
            })
            .await
            .unwrap();
        assert_eq!(c.status, ChallengeStatus::Open);
        assert_eq!(c.clock, MatchClock::Correspondence(86_400));
        assert!(!c.is_ready(), "the open seat is not taken");
        assert_eq!(s.open_challenges().await.unwrap(), vec![c.clone()]);

        // Bob takes the open seat.
        let mut seats = c.seats.clone();
        seats[1] = Invitee {
            player_id: Some(bob.id),
            augmentation: Augmentation::Reviewing,
            accepted: true,
        };
        s.update_challenge_seats(c.id, &seats).await.unwrap();
        let c = s.challenge(c.id).await.unwrap();
        assert!(c.is_ready());
        assert_eq!(c.seats[1].augmentation, Augmentation::Reviewing);

        let new = NewMatch {
            rule_set_id: ttt.id,
            seats: vec![
                (bob.id, Augmentation::Reviewing),
                (ann.id, Augmentation::Alone),
            ],
            seed: 7,
            creator_id: Some(ann.id),
            rated: true,
            challenge_id: Some(c.id),
        };
        let live = s.create_match(new.clone()).await.unwrap();
        // The match keeps its challenge's clock: a day to move, not the
        // game's 60 seconds.
        assert_eq!(live.clock, MatchClock::Correspondence(86_400));
        assert_eq!(live.seconds_per_turn(), 86_400);
        let due = s.deadline_of(live.id).await.unwrap().unwrap().due_at;
        assert_eq!(due - s.now(), chrono::TimeDelta::days(1));
        assert_eq!(s.load_match(live.id).await.unwrap().clock, live.clock);
        let c = s.challenge(c.id).await.unwrap();
        assert_eq!(c.status, ChallengeStatus::Started);
        assert_eq!(c.match_id, Some(live.id));
        assert_eq!(
            s.challenge_of_match(live.id)
                .await
                .unwrap()
                .map(|c| c.place),
            Some(place())
        );
        // A second start of the same challenge writes nothing.
        let before = s.matches_of(ann.id, false).await.unwrap();
        let again = refusal(s.create_match(new).await);
        assert!(again.contains("already started"), "{again}");
        assert_eq!(s.matches_of(ann.id, false).await.unwrap(), before);
        assert_eq!(before, vec![live.id]);
        assert_eq!(s.matches_of(bob.id, true).await.unwrap(), vec![live.id]);
        assert!(s.open_challenges().await.unwrap().is_empty());
        assert!(refusal(s.update_challenge_seats(c.id, &c.seats).await).contains("no longer open"));
    })
    .await;
}

#[tokio::test]
async fn a_declined_or_cancelled_challenge_stays_closed() {
    on_each_backend(async |s: Storage| {
        let ann = human(&s, "Ann", Security::Creator).await;
        let random = s.system_player(SystemPlayer::Random).await.unwrap();
        let ttt = s.rule_set("Tic-Tac-Toe").await.unwrap().unwrap();
        for status in [ChallengeStatus::Declined, ChallengeStatus::Cancelled] {
            let c = s
                .create_challenge(NewChallenge {
                    rule_set_id: ttt.id,
                    challenger_id: ann.id,
                    place: place(),
                    seats: seated(&[ann.id, random.id]),
                    rated: false,
                    clock: MatchClock::Live,
                })
                .await
                .unwrap();
            s.close_challenge(c.id, status).await.unwrap();
            assert_eq!(s.challenge(c.id).await.unwrap().status, status);
            let twice = refusal(s.close_challenge(c.id, status).await);
            assert!(twice.contains("no longer open"), "{twice}");
        }
        assert!(refusal(s.challenge(9999).await).contains("no challenge number 9999"));
    })
    .await;
}

#[tokio::test]
async fn a_resignation_ends_a_match_of_two_for_good() {
    on_each_backend(async |s: Storage| {
        let ann = human(&s, "Ann", Security::Creator).await;
        let random = s.system_player(SystemPlayer::Random).await.unwrap();
        let ttt = s.rule_set("Tic-Tac-Toe").await.unwrap().unwrap();
        let mut live = s
            .create_match(NewMatch {
                rule_set_id: ttt.id,
                seats: vec![
                    (ann.id, Augmentation::Alone),
                    (random.id, Augmentation::Alone),
                ],
                seed: 3,
                creator_id: Some(ann.id),
                rated: true,
                challenge_id: None,
            })
            .await
            .unwrap();
        let mv = live.state().legal()[0];
        live.play(&s, mv, Some(ann.id), 10).await.unwrap();
        live.leave(&s, &[0], false).await.unwrap();
        use redscience_engine::SeatResult::{Loss, Win};
        let results: Vec<_> = live.seats.iter().map(|r| r.result).collect();
        assert_eq!(results, vec![Some(Loss), Some(Win)]);
        assert!(live.is_over() && live.state().has_left(0));
        assert!(
            s.due_deadlines(s.now() + chrono::TimeDelta::days(9))
                .await
                .unwrap()
                .is_empty()
        );
        // The replay leaves where the match left off, and ends there.
        let mut again = s.load_match(live.id).await.unwrap();
        assert_eq!(again.forfeit, None);
        assert_eq!(again.seats[1].result, Some(Win));
        assert_eq!(again.state().outcome().unwrap().results, vec![Loss, Win]);
        assert_eq!(again.state().decisions().len(), 1, "the log is unchanged");
        let mv = live.state().legal().first().copied();
        if let Some(mv) = mv {
            assert!(refusal(again.play(&s, mv, Some(random.id), 0).await).contains("over"));
        }
        assert!(refusal(again.leave(&s, &[1], false).await).contains("over"));
        assert!(s.matches_of(ann.id, true).await.unwrap().is_empty());
    })
    .await;
}

#[tokio::test]
async fn a_seat_that_leaves_a_match_of_three_passes_until_the_last_one_wins() {
    on_each_backend(async |s: Storage| {
        let ann = human(&s, "Ann", Security::Creator).await;
        let bob = human(&s, "Bob", Security::Creator).await;
        let cy = human(&s, "Cy", Security::Creator).await;
        let game = s.rule_set("3P-Notakto").await.unwrap().unwrap();
        let mut live = s
            .create_match(NewMatch {
                rule_set_id: game.id,
                seats: vec![
                    (ann.id, Augmentation::Alone),
                    (bob.id, Augmentation::Alone),
                    (cy.id, Augmentation::Alone),
                ],
                seed: 3,
                creator_id: Some(ann.id),
                rated: true,
                challenge_id: None,
            })
            .await
            .unwrap();
        let mv = live.state().legal()[0];
        live.play(&s, mv, Some(ann.id), 10).await.unwrap();
        // Bob leaves on his turn: it passes, and Cy is to move.
        live.leave(&s, &[1], false).await.unwrap();
        assert!(!live.is_over());
        assert_eq!(live.state().to_move(), 2);
        let deadlines = s
            .due_deadlines(s.now() + chrono::TimeDelta::days(9))
            .await
            .unwrap();
        assert_eq!(deadlines.len(), 1);
        assert_eq!(deadlines[0].1, 2, "Cy's clock runs");
        let again = s.load_match(live.id).await.unwrap();
        assert!(again.state().has_left(1) && !again.state().has_left(0));
        assert_eq!(again.state().to_move(), 2);
        assert!(refusal(live.leave(&s, &[1], false).await).contains("already"));
        // Ann leaves too: Cy is the last player, and wins.
        live.leave(&s, &[0], false).await.unwrap();
        use redscience_engine::SeatResult::{Loss, Win};
        let again = s.load_match(live.id).await.unwrap();
        assert_eq!(
            again.state().outcome().unwrap().results,
            vec![Loss, Loss, Win]
        );
        let results: Vec<_> = again.seats.iter().map(|r| r.result).collect();
        assert_eq!(results, vec![Some(Loss), Some(Loss), Some(Win)]);
    })
    .await;
}

#[tokio::test]
async fn a_match_stopped_with_no_person_left_replays_as_stopped() {
    on_each_backend(async |s: Storage| {
        let ann = human(&s, "Ann", Security::Creator).await;
        let random = s.system_player(SystemPlayer::Random).await.unwrap();
        let game = s.rule_set("3P-Notakto").await.unwrap().unwrap();
        let mut live = s
            .create_match(NewMatch {
                rule_set_id: game.id,
                seats: vec![
                    (random.id, Augmentation::Alone),
                    (ann.id, Augmentation::Alone),
                    (random.id, Augmentation::Alone),
                ],
                seed: 3,
                creator_id: Some(ann.id),
                rated: true,
                challenge_id: None,
            })
            .await
            .unwrap();
        live.leave(&s, &[1], true).await.unwrap();
        use redscience_engine::SeatResult::{Loss, Win};
        let again = s.load_match(live.id).await.unwrap();
        assert!(again.is_over());
        assert_eq!(
            again.state().outcome().unwrap().results,
            vec![Win, Loss, Win]
        );
    })
    .await;
}

#[tokio::test]
async fn a_live_challenge_keeps_the_games_clock_and_each_move_sets_the_matchs() {
    on_each_backend(async |s: Storage| {
        // A clock standing still, as the database keeps it.
        let mut s = s;
        let now = redscience_storage::chrono_ms(s.now());
        s.set_clock(move || now);
        let ann = human(&s, "Ann", Security::Creator).await;
        let random = s.system_player(SystemPlayer::Random).await.unwrap();
        let ttt = s.rule_set("Tic-Tac-Toe").await.unwrap().unwrap();
        let mut ids = Vec::new();
        for clock in [MatchClock::Live, MatchClock::Correspondence(3600)] {
            let c = s
                .create_challenge(NewChallenge {
                    rule_set_id: ttt.id,
                    challenger_id: ann.id,
                    place: place(),
                    seats: seated(&[ann.id, random.id]),
                    rated: false,
                    clock,
                })
                .await
                .unwrap();
            let mut live = s
                .create_match(NewMatch {
                    rule_set_id: ttt.id,
                    seats: vec![
                        (ann.id, Augmentation::Alone),
                        (random.id, Augmentation::Alone),
                    ],
                    seed: 5,
                    creator_id: Some(ann.id),
                    rated: false,
                    challenge_id: Some(c.id),
                })
                .await
                .unwrap();
            assert_eq!(live.clock, clock);
            let mv = live.state().legal()[0];
            live.play(&s, mv, Some(ann.id), 0).await.unwrap();
            let due = s.deadline_of(live.id).await.unwrap().unwrap().due_at;
            ids.push((live.id, due - s.now()));
        }
        assert_eq!(
            ids.iter()
                .map(|(_, left)| left.num_seconds())
                .collect::<Vec<_>>(),
            [60, 3600],
            "the live match keeps Tic-Tac-Toe's 60 seconds, the other its hour"
        );
        // A match without a challenge has the game's clock.
        let live = s
            .create_match(NewMatch {
                rule_set_id: ttt.id,
                seats: vec![
                    (ann.id, Augmentation::Alone),
                    (random.id, Augmentation::Alone),
                ],
                seed: 6,
                creator_id: None,
                rated: false,
                challenge_id: None,
            })
            .await
            .unwrap();
        assert_eq!(s.load_match(live.id).await.unwrap().clock, MatchClock::Live);
    })
    .await;
}

/// Ann's challenge of Tic-Tac-Toe (60 seconds a move) in `channel`,
/// seats as given, on `clock`.
fn asked(
    game: i64,
    ann: i64,
    channel: &str,
    seats: Vec<Invitee>,
    clock: MatchClock,
) -> NewChallenge {
    NewChallenge {
        rule_set_id: game,
        challenger_id: ann,
        place: ChannelRef {
            channel: channel.into(),
            ..place()
        },
        seats,
        rated: true,
        clock,
    }
}

fn invited(id: i64) -> Invitee {
    Invitee {
        player_id: Some(id),
        augmentation: Augmentation::Alone,
        accepted: false,
    }
}

fn open_seat() -> Invitee {
    Invitee {
        player_id: None,
        augmentation: Augmentation::Alone,
        accepted: false,
    }
}

fn me(id: i64) -> Invitee {
    Invitee {
        player_id: Some(id),
        augmentation: Augmentation::Alone,
        accepted: true,
    }
}

#[tokio::test]
async fn the_same_open_challenge_is_made_once() {
    on_each_backend(async |s: Storage| {
        let ann = human(&s, "Ann", Security::Creator).await;
        let bob = human(&s, "Bob", Security::Creator).await;
        let ttt = s.rule_set("Tic-Tac-Toe").await.unwrap().unwrap().id;
        let c4 = s.rule_set("Connect4").await.unwrap().unwrap().id;
        let day = MatchClock::Correspondence(86_400);
        let to_bob = || vec![me(ann.id), invited(bob.id)];
        let Made::Created(first) = s
            .create_unique_challenge(asked(ttt, ann.id, "#general", to_bob(), day))
            .await
            .unwrap()
        else {
            panic!("the first challenge is made");
        };
        // Again, on another clock, unrated, Ann reviewing: the same question
        // to Bob, so the first is pointed to and nothing is made.
        let mut again = asked(ttt, ann.id, "#general", to_bob(), MatchClock::Live);
        again.rated = false;
        again.seats[0].augmentation = Augmentation::Reviewing;
        for _ in 0..17 {
            assert_eq!(
                s.create_unique_challenge(again.clone()).await.unwrap(),
                Made::AlreadyOpen(first.clone())
            );
        }
        assert_eq!(s.open_challenges().await.unwrap(), vec![first.clone()]);
        // Another channel, another game, an open seat instead of Bob: other
        // challenges.
        for other in [
            asked(ttt, ann.id, "#other", to_bob(), day),
            asked(c4, ann.id, "#general", to_bob(), day),
            asked(ttt, ann.id, "#general", vec![me(ann.id), open_seat()], day),
        ] {
            let made = s.create_unique_challenge(other).await.unwrap();
            assert!(matches!(made, Made::Created(_)), "{made:?}");
        }
        // Bob asking Ann is his own challenge.
        let made = s
            .create_unique_challenge(asked(
                ttt,
                bob.id,
                "#general",
                vec![me(bob.id), invited(ann.id)],
                day,
            ))
            .await
            .unwrap();
        assert!(matches!(made, Made::Created(_)), "{made:?}");
        // Once the first is closed, it may be asked again.
        s.close_challenge(first.id, ChallengeStatus::Cancelled)
            .await
            .unwrap();
        let made = s.create_unique_challenge(again).await.unwrap();
        assert!(
            matches!(&made, Made::Created(c) if c.id > first.id),
            "{made:?}"
        );
    })
    .await;
}

/// The storage with its clock at `at`.
fn at(s: &Storage, at: chrono::DateTime<chrono::Utc>) -> Storage {
    let mut s = s.clone();
    s.set_clock(move || at);
    s
}

#[tokio::test]
async fn an_open_challenge_lapses_after_one_move_of_its_clock_claimed_once() {
    on_each_backend(async |s: Storage| {
        use chrono::TimeDelta;
        let start = redscience_storage::chrono_ms(s.now());
        let s = at(&s, start);
        let ann = human(&s, "Ann", Security::Creator).await;
        let bob = human(&s, "Bob", Security::Creator).await;
        let ttt = s.rule_set("Tic-Tac-Toe").await.unwrap().unwrap().id;
        let to_bob = || vec![me(ann.id), invited(bob.id)];
        let made =
            |channel: &str, clock| s.create_challenge(asked(ttt, ann.id, channel, to_bob(), clock));
        let daily = made("#a", MatchClock::Correspondence(86_400))
            .await
            .unwrap();
        // Tic-Tac-Toe's own 60 seconds: a challenge waits an hour at least.
        let live = made("#b", MatchClock::Live).await.unwrap();
        let started = made("#c", MatchClock::Live).await.unwrap();
        s.create_match(NewMatch {
            rule_set_id: ttt,
            seats: vec![(ann.id, Augmentation::Alone), (bob.id, Augmentation::Alone)],
            seed: 1,
            creator_id: Some(ann.id),
            rated: true,
            challenge_id: Some(started.id),
        })
        .await
        .unwrap();
        assert_eq!(daily.expires_at - start, TimeDelta::days(1));
        assert_eq!(live.expires_at - start, TimeDelta::hours(1));

        let hour = start + TimeDelta::hours(1);
        let before = at(&s, hour - TimeDelta::milliseconds(1));
        assert!(before.lapsed_challenges().await.unwrap().is_empty());
        assert!(!before.claim_expiry(live.id).await.unwrap(), "not yet");
        // Two processes see the hour pass; one of them closes it.
        let (one, two) = (at(&s, hour), at(&s, hour));
        let lapsed = one.lapsed_challenges().await.unwrap();
        assert_eq!(lapsed.iter().map(|c| c.id).collect::<Vec<_>>(), [live.id]);
        assert_eq!(two.lapsed_challenges().await.unwrap(), lapsed);
        assert!(one.claim_expiry(live.id).await.unwrap());
        assert!(!two.claim_expiry(live.id).await.unwrap(), "claimed once");
        assert!(!one.claim_expiry(live.id).await.unwrap(), "claimed once");
        assert_eq!(
            s.challenge(live.id).await.unwrap().status,
            ChallengeStatus::Expired
        );
        assert!(two.lapsed_challenges().await.unwrap().is_empty());
        let late = refusal(s.update_challenge_seats(live.id, &to_bob()).await);
        assert!(late.contains("no longer open"), "{late}");

        // A day on: the daily one; the started one never lapses.
        let day = at(&s, start + TimeDelta::days(1));
        let lapsed = day.lapsed_challenges().await.unwrap();
        assert_eq!(lapsed.iter().map(|c| c.id).collect::<Vec<_>>(), [daily.id]);
        assert!(!day.claim_expiry(started.id).await.unwrap());
        assert!(day.claim_expiry(daily.id).await.unwrap());
        assert_eq!(s.open_challenges().await.unwrap(), vec![]);
    })
    .await;
}

#[tokio::test]
async fn a_challenge_made_before_expiry_lapses_a_week_after_it_was_made() {
    on_each_backend(async |s: Storage| {
        use chrono::TimeDelta;
        use redscience_storage::sea_orm::ConnectionTrait;
        let start = redscience_storage::chrono_ms(s.now());
        let s = at(&s, start);
        let ann = human(&s, "Ann", Security::Creator).await;
        let bob = human(&s, "Bob", Security::Creator).await;
        let ttt = s.rule_set("Tic-Tac-Toe").await.unwrap().unwrap().id;
        let old = s
            .create_challenge(asked(
                ttt,
                ann.id,
                "#general",
                vec![me(ann.id), invited(bob.id)],
                MatchClock::Correspondence(3600),
            ))
            .await
            .unwrap();
        // As the row was before the column existed.
        s.connection()
            .execute_unprepared("UPDATE challenges SET expires_at = NULL")
            .await
            .unwrap();
        let old = s.challenge(old.id).await.unwrap();
        assert_eq!(old.expires_at - start, TimeDelta::days(7));
        let six = at(&s, start + TimeDelta::days(7) - TimeDelta::seconds(1));
        assert!(six.lapsed_challenges().await.unwrap().is_empty());
        assert!(!six.claim_expiry(old.id).await.unwrap());
        let week = at(&s, start + TimeDelta::days(7));
        assert_eq!(week.lapsed_challenges().await.unwrap(), vec![old.clone()]);
        assert!(week.claim_expiry(old.id).await.unwrap());
    })
    .await;
}
