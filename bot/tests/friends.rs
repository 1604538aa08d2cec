//! Friends through the console chat: requests answered with the buttons
//! sent privately, removing, banning and lifting bans, and what a ban stops
//! (requests, challenges by name, rematches).

use crate::common;

use common::{Chat, Setup, offered};

async fn chat(seed: u64) -> Chat {
    Setup::new("friends").real_clock().chat(seed).await
}

impl Chat {
    /// Makes everyone in `names` known to the bot (they speak once).
    async fn meet(&mut self, names: &[&str]) {
        for name in names {
            self.say(&format!("@{name} help")).await;
        }
    }
}

/// The lines of `out` sent to `to` (`[dm bob]`, `[#general]`).
fn lines_to<'a>(out: &'a str, to: &str) -> Vec<&'a str> {
    out.lines().filter(|l| l.starts_with(to)).collect()
}

#[tokio::test]
async fn a_request_is_answered_with_the_buttons_sent_privately() {
    let mut c = chat(1).await;
    c.meet(&["bob", "carl"]).await;
    let asked = c.say("@ann friend add bob").await;
    assert!(asked.contains("Friend request sent to bob"), "{asked}");
    let dm = lines_to(&asked, "[dm bob]");
    assert_eq!(dm.len(), 1, "{asked}");
    assert!(dm[0].contains("ann asks to be your friend"), "{asked}");
    assert_eq!(
        offered(&asked, "friend "),
        ["friend accept ann", "friend remove ann", "friend ban ann"],
        "{asked}"
    );
    // Bob's list shows the request, with its buttons, privately.
    let list = c.say("@bob friend list").await;
    assert!(list.starts_with("[dm bob]"), "{list}");
    assert!(list.contains("Asking you: ann."), "{list}");
    assert!(list.contains("Friends: nobody."), "{list}");
    assert_eq!(
        offered(&list, "friend "),
        ["friend accept ann", "friend ban ann"]
    );
    let list = c.say("@ann friend list").await;
    assert!(list.contains("You asked: bob."), "{list}");
    // Picking Accept (the choice's id is the command line).
    let ok = c.say("@bob friend accept ann").await;
    assert!(ok.contains("You and ann are friends now"), "{ok}");
    assert!(
        lines_to(&ok, "[dm ann]")
            .iter()
            .any(|l| l.contains("bob accepted your friend request")),
        "{ok}"
    );
    for who in ["ann", "bob"] {
        let list = c.say(&format!("@{who} friend list")).await;
        let other = if who == "ann" { "bob" } else { "ann" };
        assert!(list.contains(&format!("Friends: {other}.")), "{list}");
        assert!(list.contains("Asking you: nobody."), "{list}");
        assert!(list.contains("You asked: nobody."), "{list}");
    }
    // Friends challenge each other directly.
    let invited = c.say("@bob challenge Tic-Tac-Toe ann").await;
    assert!(invited.contains("challenge 1"), "{invited}");
    assert!(invited.contains("[dm ann]"), "{invited}");
    // Carl is no friend of ann's yet.
    let refused = c.say("@carl challenge Tic-Tac-Toe ann").await;
    assert!(refused.contains("not your friend yet"), "{refused}");
}

#[tokio::test]
async fn every_bad_input_is_explained() {
    let mut c = chat(2).await;
    c.meet(&["bob"]).await;
    let cases = [
        ("@ann friend", "Write it as `friend add NAME`"),
        (
            "@ann friend hug bob",
            "\"hug\" is not something `friend` does. Write it as `friend add NAME`",
        ),
        ("@ann friend add", "Whose name?"),
        (
            "@ann friend ban",
            "Whose name? Write it as `friend ban NAME`",
        ),
        ("@ann friend add bob carl", "One name at a time"),
        ("@ann friend add zed", "There is no player named \"zed\""),
        ("@ann friend add ann", "That is you"),
        ("@ann friend add *Random", "only Creators"),
        ("@ann friend ban *Random", "Only people can be banned"),
        ("@ann friend accept bob", "no request from bob"),
        (
            "@ann friend remove bob",
            "no friendship or request between you and bob",
        ),
        ("@ann friend unban bob", "You have not banned bob"),
    ];
    for (line, expected) in cases {
        let out = c.say(line).await;
        assert!(out.contains(expected), "{line}: {out}");
    }
    c.say("@ann friend add @bob").await;
    let again = c.say("@ann friend add bob").await;
    assert!(again.contains("You asked bob already"), "{again}");
    // Ann's request cannot be accepted by ann herself.
    let own = c.say("@ann friend accept bob").await;
    assert!(own.contains("no request from bob"), "{own}");
    c.say("@bob friend accept ann").await;
    for line in [
        "@ann friend add bob",
        "@bob friend add ann",
        "@bob friend accept ann",
    ] {
        let out = c.say(line).await;
        assert!(out.contains("friends already"), "{line}: {out}");
    }
}

#[tokio::test]
async fn crossing_requests_make_friends_and_remove_undoes_each_kind() {
    let mut c = chat(3).await;
    c.meet(&["bob", "carl", "dora"]).await;
    c.say("@ann friend add bob").await;
    let crossed = c.say("@bob friend add ann").await;
    assert!(crossed.contains("friends now"), "{crossed}");
    assert!(
        lines_to(&crossed, "[dm ann]")
            .iter()
            .any(|l| l.contains("bob accepted")),
        "{crossed}"
    );
    // Ending a friendship: neither can challenge the other by name.
    let ended = c.say("@ann friend remove bob").await;
    assert!(ended.contains("bob is no longer your friend"), "{ended}");
    assert!(
        lines_to(&ended, "[dm bob]").is_empty(),
        "bob is not told: {ended}"
    );
    let refused = c.say("@bob challenge Tic-Tac-Toe ann").await;
    assert!(refused.contains("not your friend yet"), "{refused}");
    // Withdrawing one's own request.
    c.say("@ann friend add carl").await;
    let withdrawn = c.say("@ann friend remove carl").await;
    assert!(withdrawn.contains("Withdrew your friend request to carl"));
    let late = c.say("@carl friend accept ann").await;
    assert!(late.contains("no request from ann"), "{late}");
    // Declining a request to you (the Decline button).
    let asked = c.say("@dora friend add ann").await;
    assert!(offered(&asked, "friend remove dora").len() == 1, "{asked}");
    let declined = c.say("@ann friend decline dora").await;
    assert!(declined.contains("Declined dora's friend request"));
    let list = c.say("@dora friend list").await;
    assert!(list.contains("You asked: nobody."), "{list}");
    // A declined request may be sent again.
    let again = c.say("@dora friend add ann").await;
    assert!(again.contains("Friend request sent to ann"), "{again}");
}

#[tokio::test]
async fn a_ban_stops_requests_and_challenges_until_it_is_revoked() {
    let mut c = chat(4).await;
    c.meet(&["bob"]).await;
    let asked = c.say("@ann friend add bob").await;
    let ban = offered(&asked, "friend ban");
    assert_eq!(ban, ["friend ban ann"], "{asked}");
    // Bob presses Ban: said privately, and ann is not told.
    let banned = c.say(&format!("@bob {}", ban[0])).await;
    assert!(banned.starts_with("[dm bob] Banned ann"), "{banned}");
    assert!(lines_to(&banned, "[dm ann]").is_empty(), "{banned}");
    assert!(lines_to(&banned, "[#general]").is_empty(), "{banned}");
    assert_eq!(offered(&banned, "friend "), ["friend unban ann"]);
    let list = c.say("@bob friend list").await;
    assert!(list.contains("You banned: ann."), "{list}");
    assert!(list.contains("Asking you: nobody."), "{list}");
    assert_eq!(offered(&list, "friend "), ["friend unban ann"], "{list}");
    // Ann's side: her request is gone, and nothing names the ban.
    let list = c.say("@ann friend list").await;
    assert!(list.contains("You asked: nobody."), "{list}");
    assert!(list.contains("You banned: nobody."), "{list}");
    let refused = c.say("@ann friend add bob").await;
    assert!(
        refused.contains("Sorry, bob is not accepting friend requests from you"),
        "{refused}"
    );
    assert!(!refused.contains("ban"), "{refused}");
    assert!(lines_to(&refused, "[dm bob]").is_empty(), "{refused}");
    let refused = c.say("@ann challenge Tic-Tac-Toe bob").await;
    assert!(
        refused.contains("bob is not accepting challenges from you"),
        "{refused}"
    );
    assert!(offered(&refused, "friend add").is_empty(), "{refused}");
    assert!(lines_to(&refused, "[dm bob]").is_empty(), "{refused}");
    // Bob's own ban is his to lift first.
    let own = c.say("@bob friend add ann").await;
    assert!(own.contains("revoke the ban first"), "{own}");
    let twice = c.say("@bob friend ban ann").await;
    assert!(twice.contains("You banned ann already"), "{twice}");
    let remove = c.say("@bob friend remove ann").await;
    assert!(remove.contains("`friend unban ann`"), "{remove}");
    let not_hers = c.say("@ann friend unban bob").await;
    assert!(not_hers.contains("You have not banned bob"), "{not_hers}");
    // Revoking: requests are possible again, but no friendship comes back.
    let lifted = c.say("@bob friend revoke ann").await;
    assert!(
        lifted.starts_with("[dm bob] Lifted your ban on ann"),
        "{lifted}"
    );
    let list = c.say("@bob friend list").await;
    assert!(list.contains("You banned: nobody."), "{list}");
    assert!(list.contains("Friends: nobody."), "{list}");
    let asked = c.say("@ann friend add bob").await;
    assert!(asked.contains("Friend request sent to bob"), "{asked}");
    let ok = c.say("@bob friend accept ann").await;
    assert!(ok.contains("friends now"), "{ok}");
    let invited = c.say("@ann challenge Tic-Tac-Toe bob").await;
    assert!(invited.contains("challenge 1"), "{invited}");
}

#[tokio::test]
async fn banning_a_friend_ends_the_friendship_and_rematches() {
    let mut c = chat(5).await;
    c.meet(&["bob"]).await;
    c.say("@ann friend add bob").await;
    c.say("@bob friend accept ann").await;
    c.say("@ann challenge Tic-Tac-Toe bob").await;
    let started = c.say("@bob accept").await;
    assert!(
        started.contains("Match 1 of Tic-Tac-Toe starts"),
        "{started}"
    );
    let resigned = c.say("@ann resign").await;
    assert!(resigned.contains("is over"), "{resigned}");
    let banned = c.say("@bob friend ban ann").await;
    assert!(banned.contains("Banned ann"), "{banned}");
    let list = c.say("@ann friend list").await;
    assert!(list.contains("Friends: nobody."), "{list}");
    let refused = c.say("@ann rematch 1").await;
    assert!(
        refused.contains("bob is not accepting challenges from you"),
        "{refused}"
    );
    assert!(lines_to(&refused, "[dm bob]").is_empty(), "{refused}");
    // Bob, who banned, may still ask for a rematch; ann decides.
    let asked = c.say("@bob rematch 1").await;
    assert!(asked.contains("challenge 2"), "{asked}");
    // Bans both ways are kept apart: ann bans bob too, and lifting hers
    // leaves his.
    let mutual = c.say("@ann friend ban bob").await;
    assert!(mutual.contains("Banned bob"), "{mutual}");
    c.say("@ann friend unban bob").await;
    let still = c.say("@ann friend add bob").await;
    assert!(still.contains("not accepting"), "{still}");
    let list = c.say("@bob friend list").await;
    assert!(list.contains("You banned: ann."), "{list}");
}
