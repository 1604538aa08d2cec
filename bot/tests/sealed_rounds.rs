//! Simultaneous rounds look simultaneous: every seat that plans is asked at
//! once, plans come in any order, the channel shows who planned and who is
//! awaited (never what), and the resolution lists every plan and names each
//! collision.

use crate::common;

use common::{Chat, Setup};

const PEOPLE: [&str; 4] = ["ann", "bob", "cy", "dee"];

/// A 4P-TrendSetter match between four friends of ann's, started.
async fn four_planners() -> (Chat, String) {
    let mut c = Setup::new("sealed-rounds").chat(8).await;
    for other in &PEOPLE[1..] {
        c.befriend("ann", other).await;
    }
    c.say("@ann challenge 4P-TrendSetter bob cy dee unrated")
        .await;
    c.say("@bob accept").await;
    c.say("@cy accept").await;
    let started = c.say("@dee accept").await;
    assert!(
        started.contains("Match 1 of 4P-TrendSetter starts"),
        "{started}"
    );
    (c, started)
}

fn channel(out: &str) -> String {
    out.lines()
        .skip_while(|l| !l.starts_with("[#general]"))
        .take_while(|l| !l.starts_with("[dm "))
        .collect::<Vec<_>>()
        .join("\n")
}

#[tokio::test]
async fn every_planner_is_asked_at_once_and_the_channel_never_sees_a_plan() {
    let (mut c, started) = four_planners().await;
    for name in PEOPLE {
        assert!(
            started.contains(&format!("[dm {name}] {name}, your turn in match 1")),
            "{name} is asked at the start: {started}"
        );
    }
    assert!(started.contains("Planned: nobody yet."), "{started}");
    assert!(
        !started.contains("to move."),
        "a round is not a turn: {started}"
    );
    // Plans in any order: the last seat first, then the first.
    for (n, name) in ["dee", "ann"].iter().enumerate() {
        let out = c.say(&format!("@{name} [dm] plan 1,1")).await;
        assert!(!out.contains("Nothing was"), "{out}");
        assert!(
            !out.contains("before yours"),
            "no plan is told to wait: {out}"
        );
        let said = channel(&out);
        assert!(said.contains("Planned: "), "{out}");
        assert!(!said.contains("(1,1)"), "never what: {out}");
        let planned = said
            .split("Planned: ")
            .nth(1)
            .and_then(|r| r.split(". Awaited").next())
            .unwrap()
            .to_string();
        assert_eq!(planned.matches(" (").count(), n + 1, "{said}");
    }
}

#[tokio::test]
async fn the_resolution_lists_every_plan_and_names_the_collision() {
    let (mut c, _) = four_planners().await;
    c.say("@bob [dm] plan 1,1").await;
    c.say("@ann [dm] plan 1,1").await;
    c.say("@dee [dm] plan 1,2").await;
    let resolved = c.say("@cy [dm] plan 1,3").await;
    let said = channel(&resolved);
    for name in PEOPLE {
        assert!(
            said.lines().any(|l| l.contains(&format!("{name} ("))
                && l.contains("circle to the ")
                && l.contains(" at (1,")),
            "{name}'s plan is listed: {said}"
        );
    }
    let collision = said
        .lines()
        .find(|l| l.starts_with("Collision at (1,1)"))
        .unwrap_or_else(|| panic!("the collision is named: {said}"));
    assert!(
        collision.contains("ann") && collision.contains("bob"),
        "{collision}"
    );
    assert!(collision.contains("both were destroyed"), "{collision}");
    assert!(!said.contains("Collision at (1,2)"), "{said}");
}

#[tokio::test]
async fn no_collision_is_told_before_the_round_resolves() {
    // 3P-PublicGoods' Invest round: black's and white's plans, made in seat
    // order, both go to the pot (stack 5) while pink is still to plan.
    // Telling of a collision then would say where sealed plans go.
    let mut c = Setup::new("sealed-rounds").chat(9).await;
    for other in ["bob", "cy"] {
        c.befriend("ann", other).await;
    }
    c.say("@ann challenge 3P-PublicGoods bob cy unrated").await;
    c.say("@bob accept").await;
    let started = c.say("@cy accept").await;
    let seat = |color: &str| {
        PEOPLE[..3]
            .iter()
            .find(|name| started.contains(&format!("{name} ({color})")))
            .copied()
            .unwrap_or_else(|| panic!("who is {color}: {started}"))
    };
    let first = c
        .say(&format!("@{} [dm] plan 1,1,1-5", seat("black")))
        .await;
    assert!(first.contains("Recorded for match 1"), "{first}");
    let second = c
        .say(&format!("@{} [dm] plan 2,1,1-5", seat("white")))
        .await;
    assert!(second.contains("Recorded for match 1"), "{second}");
    assert!(!second.contains("Collision"), "{second}");
    assert!(!second.contains("met;"), "{second}");
}
