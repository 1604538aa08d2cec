//! Errors that help: every command, given arguments that mean nothing,
//! refuses with its own syntax, and nothing is started, played or changed.

use crate::common;

use common::Setup;
use redscience_commands::syntax::commands;

#[tokio::test]
async fn every_command_with_bad_arguments_answers_with_its_own_syntax() {
    let mut c = Setup::new("refusals").chat(1).await;
    let start = c.say("challenge Tic-Tac-Toe Random").await;
    assert!(start.contains("Match 1 of Tic-Tac-Toe starts"), "{start}");
    let board = c.say("board").await;
    let all = commands();
    assert!(all.len() >= 20, "{all:?}");
    for shape in all {
        let name = shape.name;
        let out = c.say(&format!("{name} #x @@@ zzz 999")).await;
        let said: Vec<&str> = out.lines().filter(|l| l.starts_with('[')).collect();
        assert!(!said.is_empty(), "{name}: no answer");
        assert!(
            said.iter()
                .any(|l| l.contains(&format!("Write it as `{name}"))),
            "{name}: the answer shows how to write `{name} ...`: {out}"
        );
        assert!(!out.contains("Match 2"), "{name}: nothing starts: {out}");
        assert!(!out.contains("security token:"), "{name}: {out}");
    }
    // Match 1 is as it was: no move was played by any of it.
    let text = |out: &str| -> String {
        out.lines()
            .filter(|l| !l.contains("(file: "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(text(&c.say("board").await), text(&board));
}

/// A refusal by the state of things (no match here, no challenge to
/// answer) was given right words: it says what to do instead, and shows no
/// syntax, which would not help.
#[tokio::test]
async fn refusals_by_the_state_of_things_show_no_syntax() {
    let mut c = Setup::new("refusals-state").chat(2).await;
    for line in [
        "board",
        "resign",
        "undo",
        "move 2,2",
        "pass",
        "accept",
        "decline",
        "cancel",
        "decline 99",
        "rematch",
    ] {
        let out = c.say(line).await;
        assert!(out.starts_with('['), "{line}: {out}");
        assert!(!out.contains("Write it as"), "{line}: {out}");
    }
    // The same commands with words that mean nothing show their syntax.
    for (line, syntax) in [
        (
            "board #x",
            "Write it as `board [#MATCH]`, e.g. `board #12`.",
        ),
        (
            "accept x",
            "Write it as `accept [ID] [alone|reviewing|delegating]`, e.g. `accept 3`.",
        ),
        (
            "decline 3 all",
            "Write it as `decline [ID] [all]`, e.g. `decline 3`.",
        ),
    ] {
        let out = c.say(line).await;
        assert!(out.contains(syntax), "{line}: {out}");
    }
}
