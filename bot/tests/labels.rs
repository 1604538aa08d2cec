//! Labels in chat: a game's how-to-play text greets a match, choices and
//! echoes name what pieces mean, and a player may type a label in place of
//! a shape's name, with or without `plan`.

use crate::common;

use common::Setup;

#[tokio::test]
async fn a_newcomer_reads_what_rock_paper_and_scissors_are_and_types_them() {
    let mut c = Setup::new("labels").chat(5).await;
    c.befriend("ann", "bob").await;
    c.say("@ann challenge RockPaperScissors bob unrated").await;
    let started = c.say("@bob accept").await;
    assert!(
        started.contains("How to play: Rock, paper, scissors"),
        "{started}"
    );
    // Each planner's choices name the label first, as it is typed.
    for name in ["ann", "bob"] {
        let prompt = started
            .split(&format!("[dm {name}] {name}, your turn"))
            .nth(1)
            .unwrap_or_else(|| panic!("{name} is asked: {started}"));
        assert!(prompt.contains("`rock 1`: "), "{prompt}");
        assert!(
            prompt.contains("rock (circle) to the table (stack 1)"),
            "{prompt}"
        );
        assert!(prompt.contains("`paper 1`: "), "{prompt}");
    }
    // A bare label typed privately is a plan; `plan` works too.
    let ann = c.say("@ann [dm] Rock 1").await;
    assert!(ann.contains("Recorded for match 1"), "{ann}");
    let resolved = c.say("@bob [dm] plan scissors 1").await;
    assert!(
        resolved.contains("Black rock (circle) to the table (stack 1)")
            || resolved.contains("White rock (circle) to the table (stack 1)"),
        "{resolved}"
    );
    assert!(resolved.contains("scissors (pentagon)"), "{resolved}");
    assert!(resolved.contains("is over"), "{resolved}");
}
