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
            said.iter().any(|l| l.contains(&format!("`{name}"))),
            "{name}: the answer names `{name} ...`: {out}"
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
