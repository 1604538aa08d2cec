//! The match a command means: without `#N`, a move, plan, pass, draw
//! answer or undo goes to the one match of the person's where it is legal
//! now; only when several would take it does the bot ask, each with an
//! example right for that match. Ending a match never guesses.

use crate::common;

use common::{Chat, Setup};

/// The number of the match a reply says started ("Match 7 of Connect4 starts").
fn started(out: &str, game: &str) -> i64 {
    let (before, _) = out
        .split_once(&format!(" of {game} starts"))
        .unwrap_or_else(|| panic!("{game} starts: {out}"));
    before.rsplit("Match ").next().unwrap().parse().unwrap()
}

/// bob challenges ann (friends) to `game`, unrated; the match's number.
async fn match_of(c: &mut Chat, game: &str) -> i64 {
    c.say(&format!("@bob challenge {game} ann unrated")).await;
    let out = c.say("@ann accept").await;
    started(&out, game)
}

#[tokio::test]
async fn bob_plays_a_connect4_and_a_plan_without_naming_either() {
    let mut c = Setup::new("finding").chat(11).await;
    c.befriend("ann", "bob").await;
    let four = match_of(&mut c, "Connect4").await;
    let rps = match_of(&mut c, "RockPaperScissors").await;
    // Whoever is to move in Connect4 first, "4" finds it: RockPaperScissors
    // has no column 4.
    let mut c4_mover = c.whose_turn(&["ann", "bob"]).await;
    for _ in 0..2 {
        let out = c.say(&format!("@{c4_mover} 4")).await;
        assert!(out.contains(&format!("Match {four}: ")), "{out}");
        assert!(!out.contains("Nothing was played"), "{out}");
        c4_mover = if c4_mover == "ann" { "bob" } else { "ann" }.into();
    }
    // Resigning never guesses between matches: it asks, with `resign #N`
    // for each, and nothing ends.
    let out = c.say("@bob resign").await;
    assert!(out.contains(&format!("`resign #{four}`")), "{out}");
    assert!(!out.contains("resigned"), "{out}");
    assert!(!out.contains("`move #"), "{out}");
    let games = c.say("@bob games").await;
    assert!(games.contains(&format!("#{four} Connect4")), "{games}");
    // A plan sent privately finds the one match awaiting bob's plan, by
    // the label alone.
    let out = c.say("@bob [dm] plan paper").await;
    assert!(
        out.contains(&format!("match {rps}")) && !out.contains("several"),
        "{out}"
    );
    assert!(!out.contains("Nothing was"), "{out}");
    // A bare label privately is a plan too.
    let out = c.say("@ann [dm] rock").await;
    assert!(
        out.contains("paper (X)") && out.contains("rock (circle)"),
        "{out}"
    );
}

#[tokio::test]
async fn a_move_legal_in_two_matches_is_asked_about_with_an_example_for_each() {
    let mut c = Setup::new("finding").chat(12).await;
    c.befriend("ann", "bob").await;
    let first = match_of(&mut c, "Connect4").await;
    let second = match_of(&mut c, "Connect4").await;
    // Bring both to ann's turn.
    for id in [first, second] {
        let out = c.say(&format!("@ann board #{id}")).await;
        if out.contains("bob to move") {
            c.say(&format!("@bob move #{id} 1")).await;
        }
    }
    let out = c.say("@ann 4").await;
    assert!(out.contains(&format!("`move #{first} 4`")), "{out}");
    assert!(out.contains(&format!("`move #{second} 4`")), "{out}");
    assert!(out.contains("Nothing was played"), "{out}");
    // Named, it is played.
    let out = c.say(&format!("@ann move #{second} 4")).await;
    assert!(out.contains(&format!("Match {second}: bob")), "{out}");
}

#[tokio::test]
async fn refusals_name_the_verb_and_game_of_the_match() {
    let mut c = Setup::new("finding").chat(13).await;
    c.say("@ann challenge Tic-Tac-Toe Random unrated").await;
    // Numbers typed apart read as one cell.
    let out = c.say("@ann 2 2").await;
    assert!(!out.contains("Nothing was played"), "{out}");
    assert!(out.contains("(2,2)"), "{out}");
    // A move that fits nowhere says why, with an example of that game.
    let out = c.say("@ann 9,9").await;
    assert!(out.contains("Nothing was played"), "{out}");
    assert!(!out.contains("move 1+1"), "{out}");
}
