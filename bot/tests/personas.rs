//! Personas and universes through the console chat: creating personas up to
//! the Creator's limit, locked universes, playing as a persona within its
//! universe only, leaderboards per universe (the universe named only when
//! the asker has several), and a Trainer stopping the clock. Runs on
//! PostgreSQL when `DATABASE_URL` names a server, on a scratch SQLite file
//! otherwise.

use crate::common;

use common::{Chat, Setup};
use redscience_storage::{Augmentation, ChatId, RatingKey, Security};

async fn chat(seed: u64) -> Chat {
    Setup::new("personas")
        .postgres_from_env()
        .clock_in_ms()
        .chat(seed)
        .await
}

impl Chat {
    /// Makes `name` (who has spoken) a Trainer, through an Admin.
    async fn promote(&mut self, name: &str) {
        let mut configured = self.storage();
        let root = ChatId::console("root");
        configured.set_admins(vec![root.clone()]);
        let admin = configured.player_for_chat(&root, "root").await.unwrap();
        assert_eq!(admin.security, Security::Admin);
        let p = configured
            .set_security(admin.id, name, Security::Trainer)
            .await
            .unwrap();
        assert_eq!(p.security, Security::Trainer);
    }
}

/// The match number in "Match 12 of ... starts".
fn match_id(out: &str) -> i64 {
    let at = out
        .find("Match ")
        .unwrap_or_else(|| panic!("no match started: {out}"));
    out[at + 6..]
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no match number: {out}"))
}

/// The "- NAME ..." lines of a list.
fn items(out: &str) -> Vec<&str> {
    out.lines().filter_map(|l| l.strip_prefix("- ")).collect()
}

#[tokio::test]
async fn a_creator_creates_three_personas_and_the_fourth_is_refused() {
    let mut c = chat(1).await;
    let none = c.say("persona list").await;
    assert!(none.contains("You have no personas"), "{none}");
    assert!(none.contains("a Creator may create 3"), "{none}");
    let unnamed = c.say("persona create").await;
    assert!(unnamed.contains("Name the persona"), "{unnamed}");
    let bad = c.say("persona create two(words)").await;
    assert!(bad.contains("'*', '(' or ')'"), "{bad}");
    let first = c.say("persona create ann-2").await;
    assert!(first.contains("Created the persona ann-2,"), "{first}");
    // One universe so far: it is not mentioned.
    assert!(!first.contains("Universe"), "{first}");
    c.say("persona create ann-3").await;
    let list = c.say("persona list").await;
    assert_eq!(
        items(&list),
        ["ann-2: 0 matches, usage 0", "ann-3: 0 matches, usage 0"],
        "{list}"
    );
    assert!(list.contains("You play as yourself, ann."), "{list}");
    let narnia = c.say("persona create ann-n Narnia").await;
    assert!(
        narnia.contains("Created the persona ann-n in Narnia"),
        "{narnia}"
    );
    let fourth = c.say("persona create ann-4").await;
    assert!(
        fourth.contains("You have created 3 personas, the most a Creator may create (3)")
            && fourth.contains("Trainers and Admins have no limit"),
        "{fourth}"
    );
    // Now there are two universes: each persona's is shown.
    let list = c.say("persona list").await;
    assert_eq!(
        items(&list),
        [
            "ann-n in Narnia: 0 matches, usage 0",
            "ann-2 in Public Universe: 0 matches, usage 0",
            "ann-3 in Public Universe: 0 matches, usage 0",
        ],
        "{list}"
    );
    assert!(list.contains("`persona use ann-n Narnia`"), "{list}");
    // A Trainer has no limit.
    c.say("@tia help").await;
    c.promote("tia").await;
    for n in 1..=4 {
        let made = c.say(&format!("@tia persona create tia-{n}")).await;
        assert!(made.contains("Created the persona"), "{made}");
    }
    let help = c.say("help persona").await;
    assert!(help.contains("persona create NAME [UNIVERSE]"), "{help}");
}

#[tokio::test]
async fn universes_are_locked_and_others_universes_closed() {
    let mut c = chat(2).await;
    c.say("persona create ann-n Narnia").await;
    let locked = c.say("persona universe ann-n Oz").await;
    assert!(
        locked.contains("A player's universe is locked once saved"),
        "{locked}"
    );
    // Bob has no persona in Narnia, so he cannot create one there.
    let closed = c.say("@bob persona create bob-n narnia").await;
    assert!(
        closed.contains("\"Narnia\" is someone else's universe")
            && closed.contains("Public Universe, to a new universe"),
        "{closed}"
    );
    // Names are unique per universe: the same name elsewhere is another player.
    let again = c.say("persona create ann-n").await;
    assert!(
        again.contains("Created the persona ann-n in Public Universe"),
        "{again}"
    );
    let taken = c.say("persona create ANN-N narnia").await;
    assert!(taken.contains("is taken in Narnia"), "{taken}");
    let list = c.say("persona list").await;
    assert_eq!(
        items(&list),
        [
            "ann-n in Narnia: 0 matches, usage 0",
            "ann-n in Public Universe: 0 matches, usage 0",
        ],
        "{list}"
    );
    let which = c.say("persona use ann-n").await;
    assert!(which.contains("several of your players"), "{which}");
    let bad = c.say("persona create ann-x Nar*nia").await;
    assert!(bad.contains("contains '*'"), "{bad}");
}

#[tokio::test]
async fn a_persona_plays_only_within_its_universe() {
    let mut c = chat(3).await;
    c.befriend("ann", "bob").await;
    c.say("persona create annbot").await;
    c.say("persona create ann-n Narnia").await;
    let switched = c.say("persona use ann-n").await;
    assert!(
        switched.contains("You play as ann-n in Narnia now"),
        "{switched}"
    );
    let elsewhere = c.say("challenge Tic-Tac-Toe annbot").await;
    assert!(
        elsewhere.contains("\"annbot\" plays in Public Universe, not in Narnia")
            && elsewhere.contains("Name a player of Narnia"),
        "{elsewhere}"
    );
    let nobody = c.say("challenge Tic-Tac-Toe zed").await;
    assert!(
        nobody.contains("There is no player called \"zed\". Name a player of Narnia"),
        "{nobody}"
    );
    // Carl is no friend: refused as for people in the Public Universe.
    c.say("@carl help").await;
    let stranger = c.say("challenge Tic-Tac-Toe carl").await;
    assert!(
        stranger.contains("carl is not your friend yet"),
        "{stranger}"
    );
    // A friend is invited through a same-named persona in Narnia.
    let invited = c.say("challenge Tic-Tac-Toe bob").await;
    assert!(invited.contains("ann-n challenges bob"), "{invited}");
    assert!(
        invited.contains(
            "[dm bob] ann-n challenges you (as your persona bob in Narnia) to Tic-Tac-Toe"
        ),
        "{invited}"
    );
    let started = c.say("@bob accept").await;
    assert!(
        started.contains("so you accept it as your persona bob and play as bob from now on"),
        "{started}"
    );
    let id = match_id(&started);
    let over = c.say("@bob resign").await;
    assert!(over.contains("Ratings in Tic-Tac-Toe"), "{over}");
    assert!(over.contains("ann-n") && over.contains("bob"), "{over}");
    let bobs = c.say("@bob persona list").await;
    assert!(
        bobs.contains(
            "- bob in Narnia: 1 match, usage 100, made when you were invited there  ← in use"
        ),
        "{bobs}"
    );
    let storage = c.storage();
    let live = storage.load_match(id).await.unwrap();
    for seat in &live.seats {
        let p = storage.player(seat.player_id).await.unwrap();
        assert_eq!(p.universe, "Narnia", "{p:?}");
    }
    // Random plays in every universe.
    let random = c.say("challenge Tic-Tac-Toe Random").await;
    assert!(random.contains("starts"), "{random}");
    c.say("resign").await;
    // Back to herself, Ann plays in the Public Universe again.
    let back = c.say("persona use").await;
    assert!(back.contains("You play as yourself, ann, again"), "{back}");
    let own = c.say("challenge Tic-Tac-Toe annbot").await;
    assert!(own.contains("starts"), "{own}");
}

#[tokio::test]
async fn leaderboards_are_per_universe() {
    let mut c = chat(4).await;
    c.say("@carl help").await;
    let played = c.say("challenge Tic-Tac-Toe Random").await;
    assert!(played.contains("starts"), "{played}");
    c.say("resign").await;
    let one = c.say("leaderboard Tic-Tac-Toe").await;
    assert!(
        one.contains("Tic-Tac-Toe leaderboard, by rating + top burst"),
        "{one}"
    );
    assert!(one.contains("ann (A)"), "{one}");
    let help = c.say("help leaderboard").await;
    assert!(
        help.contains("leaderboard GAME [here]") && !help.contains("[UNIVERSE]"),
        "{help}"
    );
    let unknown = c.say("leaderboard Tic-Tac-Toe Narnia").await;
    assert!(
        unknown.contains("\"Narnia\" is not a universe you play in; yours: Public Universe"),
        "{unknown}"
    );
    c.say("persona create ann-n Narnia").await;
    c.say("persona use ann-n").await;
    c.say("challenge Tic-Tac-Toe Random").await;
    c.say("resign").await;
    let narnia = c.say("leaderboard Tic-Tac-Toe").await;
    assert!(
        narnia.contains("Tic-Tac-Toe leaderboard in Narnia"),
        "{narnia}"
    );
    assert!(
        narnia.contains("ann-n") && narnia.contains("Random"),
        "{narnia}"
    );
    assert!(!narnia.contains("ann (A)"), "{narnia}");
    let public = c.say("leaderboard Tic-Tac-Toe public universe").await;
    assert!(
        public.contains("Tic-Tac-Toe leaderboard in Public Universe"),
        "{public}"
    );
    assert!(
        public.contains("ann (A)") && !public.contains("ann-n"),
        "{public}"
    );
    let help = c.say("help leaderboard").await;
    assert!(
        help.contains("leaderboard GAME [UNIVERSE] [here]"),
        "{help}"
    );
    // Carl has one universe, and Narnia is not his.
    let carl = c.say("@carl leaderboard Tic-Tac-Toe").await;
    assert!(
        carl.contains("Tic-Tac-Toe leaderboard, by rating"),
        "{carl}"
    );
    let refused = c.say("@carl leaderboard Tic-Tac-Toe narnia").await;
    assert!(refused.contains("not a universe you play in"), "{refused}");
}

#[tokio::test]
async fn a_trainer_stops_the_clock_and_the_match_is_not_rated() {
    let mut c = chat(5).await;
    c.say("@tia help").await;
    c.promote("tia").await;
    // A Creator is refused.
    c.say("challenge Tic-Tac-Toe Random").await;
    let refused = c.say("clock stop").await;
    assert!(
        refused.contains("Only Trainers and Admins stop the clock, and you are a creator"),
        "{refused}"
    );
    c.say("resign").await;
    // A rated match first, so the Trainer and Random have ratings.
    c.say("@tia challenge Tic-Tac-Toe Random").await;
    let rated = c.say("@tia resign").await;
    assert!(rated.contains("Ratings in Tic-Tac-Toe"), "{rated}");
    let storage = c.storage();
    let tia = storage.player_named("tia").await.unwrap().unwrap();
    let random = storage
        .system_player(redscience_storage::SystemPlayer::Random)
        .await
        .unwrap();
    let game = storage.rule_set("Tic-Tac-Toe").await.unwrap().unwrap();
    let key = |player_id| RatingKey {
        player_id,
        augmentation: Augmentation::Alone,
        rule_set_id: game.id,
    };
    let before = (
        storage.rating(&key(tia.id)).await.unwrap(),
        storage.rating(&key(random.id)).await.unwrap(),
    );
    assert_eq!(before.0.played, 1);
    // The Trainer against Random: the clock stops, no deadline is left.
    let started = c.say("@tia challenge Tic-Tac-Toe Random live").await;
    let id = match_id(&started);
    assert!(storage.deadline_of(id).await.unwrap().is_some());
    let stopped = c.say("@tia clock stop").await;
    assert!(
        stopped.contains(&format!(
            "tia stopped the clock of match {id}: no time limit from now on, and the match will not change ratings"
        )),
        "{stopped}"
    );
    assert_eq!(storage.deadline_of(id).await.unwrap(), None);
    assert!(storage.clock_stopped_at(id).await.unwrap().is_some());
    let twice = c.say(&format!("@tia clock stop #{id}")).await;
    assert!(twice.contains("is stopped already"), "{twice}");
    // An hour passes: nobody loses on time.
    let ticked = c.wait(3600).await;
    assert!(!ticked.contains("ran out"), "{ticked}");
    assert!(!storage.load_match(id).await.unwrap().is_over());
    let over = c.say("@tia resign").await;
    assert!(over.contains("is over"), "{over}");
    assert!(!over.contains("Ratings in"), "{over}");
    c.wait(120).await;
    let after = (
        storage.rating(&key(tia.id)).await.unwrap(),
        storage.rating(&key(random.id)).await.unwrap(),
    );
    assert_eq!(after, before);
    // With her own persona the Trainer may stop it too.
    c.say("@tia persona create tia-2").await;
    let own = c.say("@tia challenge Tic-Tac-Toe tia-2").await;
    let own_id = match_id(&own);
    let ok = c.say(&format!("@tia clock stop #{own_id}")).await;
    assert!(ok.contains("stopped the clock"), "{ok}");
    // Not with another person.
    c.befriend("tia", "ann").await;
    c.say("@tia challenge Tic-Tac-Toe ann").await;
    let with_ann = c.say("@ann accept").await;
    let ann_id = match_id(&with_ann);
    let other = c.say(&format!("@tia clock stop #{ann_id}")).await;
    assert!(
        other.contains(&format!(
            "Another person plays in match {ann_id} (ann), so its clock keeps running"
        )),
        "{other}"
    );
    assert!(storage.deadline_of(ann_id).await.unwrap().is_some());
    let usage = c.say("@tia clock").await;
    assert!(usage.contains("`clock stop [#MATCH]`"), "{usage}");
}

#[tokio::test]
async fn a_person_moves_for_their_persona_where_the_match_waits_for_it() {
    let mut c = chat(6).await;
    c.say("persona create annbot").await;
    // Ann's own persona is seated at once; she plays both sides.
    let started = c.say("challenge Tic-Tac-Toe annbot").await;
    assert!(started.contains("starts"), "{started}");
    let id = match_id(&started);
    let games = c.say("games").await;
    assert!(
        games.contains("Unfinished matches of your other players")
            && games.contains(&format!("- annbot: #{id}")),
        "{games}"
    );
    let storage = c.storage();
    // X on the diagonal, O along the left column: X wins on its third move.
    for (n, cell) in ["1,1", "1,2", "2,2", "1,3", "3,3"].iter().enumerate() {
        let out = c.say(cell).await;
        assert!(!out.contains("not a command"), "move {n}: {out}");
        let live = storage.load_match(id).await.unwrap();
        assert_eq!(live.state().decisions().len(), n + 1, "{out}");
    }
    assert!(storage.load_match(id).await.unwrap().is_over());
    // Still acting as herself: the persona was used only for its moves.
    let list = c.say("persona list").await;
    assert!(list.contains("You play as yourself, ann."), "{list}");
    // A challenge to a persona can be declined by its person.
    c.befriend("bob", "ann").await;
    c.say("@bob persona create bob-n Narnia").await;
    c.say("@bob persona use bob-n").await;
    let invited = c.say("@bob challenge Tic-Tac-Toe ann").await;
    assert!(invited.contains("[dm ann]"), "{invited}");
    let declined = c.say("decline").await;
    assert!(declined.contains("ann declined challenge"), "{declined}");
}

#[tokio::test]
async fn a_ban_holds_against_a_rematch_asked_by_a_persona() {
    let mut c = chat(9).await;
    c.befriend("ann", "bob").await;
    let made = c.say("@ann persona create ann-2").await;
    assert!(made.contains("ann-2"), "{made}");
    let using = c.say("@ann persona use ann-2").await;
    assert!(using.contains("ann-2"), "{using}");
    let asked = c.say("@ann challenge Tic-Tac-Toe bob").await;
    let id = asked
        .split("accept ")
        .nth(1)
        .and_then(|rest| rest.split(|ch: char| !ch.is_ascii_digit()).next())
        .unwrap_or_else(|| panic!("no challenge to accept: {asked}"))
        .to_string();
    let started = c.say(&format!("@bob accept {id}")).await;
    let m = match_id(&started);
    let resigned = c.say(&format!("@bob resign #{m}")).await;
    assert!(resigned.contains("over"), "{resigned}");
    let banned = c.say("@bob friend ban ann").await;
    assert!(banned.to_lowercase().contains("ban"), "{banned}");
    let refused = c.say(&format!("@ann rematch #{m}")).await;
    assert!(
        refused.contains("is not accepting challenges from you"),
        "the ban is between people, whichever persona asks: {refused}"
    );
}
