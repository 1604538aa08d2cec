//! Match clocks: several reminders per deadline on long clocks, each
//! claimed once; and the migration that brought clocks keeps what was
//! saved (old matches on the game's clock, old reminders counted as sent).

use crate::common;

use chrono::TimeDelta;
use common::{human, on_each_backend, seated};
use redscience_storage::sea_orm_migration::MigratorTrait;
use redscience_storage::{
    Augmentation, ChannelRef, LiveMatch, MatchClock, NewChallenge, NewMatch, Platform, Security,
    Storage, SystemPlayer,
};

/// Ann against Random in Tic-Tac-Toe on `clock`, Ann to move first.
async fn match_on(s: &Storage, clock: MatchClock, seed: u64) -> LiveMatch {
    let ann = match s.player_named("Ann").await.unwrap() {
        Some(p) => p,
        None => human(s, "Ann", Security::Creator).await,
    };
    let random = s.system_player(SystemPlayer::Random).await.unwrap();
    let ttt = s.rule_set("Tic-Tac-Toe").await.unwrap().unwrap();
    let c = s
        .create_challenge(NewChallenge {
            rule_set_id: ttt.id,
            challenger_id: ann.id,
            place: ChannelRef {
                platform: Platform::Console,
                community: None,
                channel: "#general".into(),
            },
            seats: seated(&[ann.id, random.id]),
            rated: false,
            clock,
        })
        .await
        .unwrap();
    s.create_match(NewMatch {
        rule_set_id: ttt.id,
        seats: vec![
            (ann.id, Augmentation::Alone),
            (random.id, Augmentation::Alone),
        ],
        seed,
        creator_id: Some(ann.id),
        rated: false,
        challenge_id: Some(c.id),
    })
    .await
    .unwrap()
}

/// The storage with its clock at `at`.
fn at(s: &Storage, at: chrono::DateTime<chrono::Utc>) -> Storage {
    let mut s = s.clone();
    s.set_clock(move || at);
    s
}

#[tokio::test]
async fn a_three_day_clock_reminds_a_day_and_an_hour_before_each_once() {
    on_each_backend(async |s: Storage| {
        let s = at(&s, redscience_storage::chrono_ms(s.now()));
        let live = match_on(&s, MatchClock::Correspondence(3 * 86_400), 1).await;
        let d = s.deadline_of(live.id).await.unwrap().unwrap();
        assert_eq!(d.due_at - s.now(), TimeDelta::days(3));
        let day_before = d.due_at - TimeDelta::days(1);
        let hour_before = d.due_at - TimeDelta::hours(1);
        assert_eq!(d.next_reminder_at, Some(day_before));
        assert!(d.is_quiet(day_before - TimeDelta::seconds(1)));
        assert!(!d.is_quiet(day_before));
        let early = at(&s, day_before - TimeDelta::seconds(1));
        assert!(!early.claim_reminder(live.id, 0, 259_200, 0).await.unwrap());
        let first = at(&s, day_before);
        assert!(first.claim_reminder(live.id, 0, 259_200, 0).await.unwrap());
        assert!(!first.claim_reminder(live.id, 0, 259_200, 0).await.unwrap());
        let d = s.deadline_of(live.id).await.unwrap().unwrap();
        assert_eq!(
            (d.reminders_sent, d.next_reminder_at),
            (1, Some(hour_before))
        );
        assert!(d.is_quiet(hour_before - TimeDelta::seconds(1)));
        let second = at(&s, hour_before + TimeDelta::seconds(1));
        assert!(!second.claim_reminder(live.id, 0, 259_200, 0).await.unwrap());
        assert!(second.claim_reminder(live.id, 0, 259_200, 1).await.unwrap());
        assert!(!second.claim_reminder(live.id, 0, 259_200, 1).await.unwrap());
        let d = s.deadline_of(live.id).await.unwrap().unwrap();
        assert_eq!((d.reminders_sent, d.next_reminder_at), (2, None));
        assert!(d.is_quiet(d.due_at - TimeDelta::seconds(1)));
        assert!(!d.is_quiet(d.due_at));
        // At the deadline itself no reminder is claimed: time is up.
        assert!(
            !at(&s, d.due_at)
                .claim_reminder(live.id, 0, 259_200, 2)
                .await
                .unwrap()
        );
    })
    .await;
}

#[tokio::test]
async fn reminders_missed_while_down_are_one_reminder() {
    on_each_backend(async |s: Storage| {
        let s = at(&s, redscience_storage::chrono_ms(s.now()));
        let live = match_on(&s, MatchClock::Correspondence(86_400), 2).await;
        let d = s.deadline_of(live.id).await.unwrap().unwrap();
        assert_eq!(d.next_reminder_at, Some(d.due_at - TimeDelta::hours(3)));
        // Down from before the first reminder until after the second.
        let late = at(&s, d.due_at - TimeDelta::minutes(30));
        assert!(late.claim_reminder(live.id, 0, 86_400, 0).await.unwrap());
        let d = s.deadline_of(live.id).await.unwrap().unwrap();
        assert_eq!((d.reminders_sent, d.next_reminder_at), (2, None));
        assert!(!late.claim_reminder(live.id, 0, 86_400, 2).await.unwrap());
    })
    .await;
}

#[tokio::test]
async fn the_clock_migration_keeps_old_matches_on_the_games_clock_and_their_reminders() {
    on_each_backend(async |s: Storage| {
        let s = at(&s, redscience_storage::chrono_ms(s.now()));
        let reminded = match_on(&s, MatchClock::Live, 3).await;
        let waiting = match_on(&s, MatchClock::Live, 4).await;
        let quarter = s.now() + TimeDelta::seconds(45);
        assert!(
            at(&s, quarter)
                .claim_reminder(reminded.id, 0, 60, 0)
                .await
                .unwrap()
        );
        let before = [
            s.deadline_of(reminded.id).await.unwrap().unwrap(),
            s.deadline_of(waiting.id).await.unwrap().unwrap(),
        ];
        // Back to the schema before clocks (and every migration after
        // it), and forward again.
        let after_clocks = {
            let all = redscience_storage::migration::Migrator::migrations();
            let clocks = all
                .iter()
                .position(|m| m.name().ends_with("_clocks"))
                .unwrap();
            (all.len() - clocks) as u32
        };
        redscience_storage::migration::Migrator::down(s.connection(), Some(after_clocks))
            .await
            .unwrap();
        redscience_storage::migration::Migrator::up(s.connection(), None)
            .await
            .unwrap();
        let after = [
            s.deadline_of(reminded.id).await.unwrap().unwrap(),
            s.deadline_of(waiting.id).await.unwrap().unwrap(),
        ];
        for (b, a) in before.iter().zip(&after) {
            assert_eq!((a.due_at, a.reminded_at), (b.due_at, b.reminded_at));
            assert_eq!(a.next_reminder_at, None, "not known to old rows");
        }
        assert_eq!(after[0].reminders_sent, 1, "the reminder sent counts");
        assert_eq!(after[1].reminders_sent, 0);
        assert!(after[0].is_quiet(quarter), "not reminded twice");
        assert!(!after[1].is_quiet(quarter), "the other still is");
        assert!(
            at(&s, quarter)
                .claim_reminder(waiting.id, 0, 60, 0)
                .await
                .unwrap()
        );
        for live in [&reminded, &waiting] {
            let again = s.load_match(live.id).await.unwrap();
            assert_eq!(again.clock, MatchClock::Live);
            assert_eq!(again.seconds_per_turn(), 60);
        }
    })
    .await;
}
