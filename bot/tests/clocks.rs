//! Clocks for play by message, through the console chat on a fixed clock:
//! between people a challenge defaults to a day per move, named in the
//! challenge, the match start, `game show` and every turn prompt; reminders
//! 3 hours and 1 hour before a day runs out, each once; expiry after the
//! day; against machines the same day unless `live` asks for the game's own
//! clock; `1h` gives an hour.

use crate::common;

use common::{Chat, Setup};

async fn chat(seed: u64) -> Chat {
    Setup::new("clocks").chat(seed).await
}

const HOUR: i64 = 3600;

/// The line of `out` containing `part`, or a failure showing `out`.
fn line<'a>(out: &'a str, part: &str) -> &'a str {
    out.lines()
        .find(|l| l.contains(part))
        .unwrap_or_else(|| panic!("no line with {part:?} in:\n{out}"))
}

#[tokio::test]
async fn people_play_a_day_per_move_reminded_three_hours_and_one_hour_before() {
    let mut c = chat(1).await;
    c.befriend("ann", "bob").await;
    let asked = c.say("@ann challenge Tic-Tac-Toe bob").await;
    let announced = line(
        &asked,
        "[#general] ann challenges bob to Tic-Tac-Toe (challenge 1).",
    );
    assert!(
        announced.contains("Clock: 1 day per move (correspondence)."),
        "{asked}"
    );
    let invited = line(&asked, "[dm bob] ann challenges you");
    assert!(
        invited.contains("Clock: 1 day per move (correspondence)."),
        "{asked}"
    );
    let started = c.say("@bob accept").await;
    let start = line(&started, "Match 1 of Tic-Tac-Toe starts:");
    assert!(
        start.ends_with("Clock: 1 day per move (correspondence)."),
        "{started}"
    );
    let first = c.whose_turn(&["ann", "bob"]).await;
    let second = if first == "ann" { "bob" } else { "ann" };
    let prompt = line(&started, &format!("{first}, your turn in match 1:"));
    assert!(
        prompt.ends_with("(1 day per move, 24 hours left)."),
        "{started}"
    );

    // 21 hours into the turn, 3 hours before it runs out: the first reminder.
    let quiet = c.wait(21 * HOUR - 1).await;
    assert!(quiet.is_empty(), "nothing before 3 hours are left: {quiet}");
    let reminder = c.wait(1).await;
    assert_eq!(
        reminder,
        format!(
            "[dm {first}] {first}, match 1 waits for your move: 3 hours left of 1 day. \
             Tic-Tac-Toe against {second}; `board #1` shows it."
        )
    );
    // The board and the list of matches say how long is left.
    let board = c.say(&format!("@{first} board #1")).await;
    assert!(
        board.contains(&format!("\n{first} to move (3 hours left of 1 day).")),
        "{board}"
    );
    let games = c.say(&format!("@{second} games")).await;
    assert!(
        games.contains(&format!("; {first} to move (3 hours left of 1 day)")),
        "{games}"
    );
    let again = c.wait(HOUR).await;
    assert!(again.is_empty(), "the first reminder once: {again}");
    // An hour before: the second.
    let quiet = c.wait(HOUR - 1).await;
    assert!(quiet.is_empty(), "{quiet}");
    let reminder = c.wait(1).await;
    assert_eq!(
        reminder,
        format!(
            "[dm {first}] {first}, match 1 waits for your move: 60 minutes left of 1 day. \
             Tic-Tac-Toe against {second}; `board #1` shows it."
        )
    );
    let again = c.wait(HOUR - 1).await;
    assert!(again.is_empty(), "the second reminder once: {again}");
    // The day is up: alone at the seat, the player loses.
    let lost = c.wait(1).await;
    assert!(
        lost.contains(&format!("{first} ran out of time in match 1."))
            && lost.contains(&format!("Match 1 is over. Victory: {second}")),
        "{lost}"
    );
}

#[tokio::test]
async fn a_move_in_time_starts_the_next_day_and_its_reminders_afresh() {
    let mut c = chat(2).await;
    c.befriend("ann", "bob").await;
    c.say("@ann challenge Tic-Tac-Toe bob").await;
    c.say("@bob accept").await;
    let first = c.whose_turn(&["ann", "bob"]).await;
    let second = if first == "ann" { "bob" } else { "ann" };
    let reminded = c.wait(22 * HOUR).await;
    assert!(reminded.contains("2 hours left of 1 day"), "{reminded}");
    let moved = c.say(&format!("@{first} move 2,2")).await;
    let prompt = line(&moved, &format!("{second}, your turn in match 1:"));
    assert!(
        prompt.ends_with("(1 day per move, 24 hours left)."),
        "{moved}"
    );
    // The first player's two hours are gone; the second has a whole day.
    let quiet = c.wait(21 * HOUR - 1).await;
    assert!(quiet.is_empty(), "{quiet}");
    let reminder = c.wait(1).await;
    assert!(
        reminder.starts_with(&format!(
            "[dm {second}] {second}, match 1 waits for your move: 3 hours left of 1 day."
        )),
        "{reminder}"
    );
}

#[tokio::test]
async fn game_show_names_the_live_clock_and_the_default_between_people() {
    let mut c = chat(3).await;
    let shown = c.say("game show Tic-Tac-Toe").await;
    assert!(
        shown.contains(
            "Clock: live, 60 seconds per move; a challenge defaults to 1 day per move \
             (correspondence), against machines too, unless it names another (live, 1h, 12h, \
             1d, 3d or 7d)."
        ),
        "{shown}"
    );
}

#[tokio::test]
async fn a_match_against_random_is_live_when_asked() {
    let mut c = chat(4).await;
    let started = c.say("challenge Tic-Tac-Toe Random live").await;
    let start = line(&started, "Match 1 of Tic-Tac-Toe starts:");
    assert!(
        start.ends_with("Clock: 60 seconds per move (live)."),
        "{started}"
    );
    let prompt = line(&started, "ann, your turn in match 1:");
    assert!(
        prompt.ends_with("(60 seconds per move, 60 seconds left)."),
        "{started}"
    );
    let reminder = c.wait(45).await;
    assert!(
        reminder.starts_with(
            "[dm ann] ann, match 1 waits for your move: 15 seconds left of 60 seconds. \
             Tic-Tac-Toe against "
        ),
        "{reminder}"
    );
    let lost = c.wait(15).await;
    assert!(
        lost.contains("ann ran out of time in match 1.") && lost.contains("Match 1 is over."),
        "{lost}"
    );
}

#[tokio::test]
async fn a_challenge_names_its_clock() {
    let mut c = chat(5).await;
    let started = c.say("challenge Connect4 Random 1h").await;
    let start = line(&started, "of Connect4 starts:");
    assert!(
        start.ends_with("Clock: 1 hour per move (correspondence)."),
        "{started}"
    );
    assert!(
        line(&started, "ann, your turn in match 1:")
            .ends_with("(1 hour per move, 60 minutes left)."),
        "{started}"
    );
    // Connect4's own minute means nothing here; a quarter of the hour is
    // left after 45 minutes.
    let quiet = c.wait(45 * 60 - 1).await;
    assert!(quiet.is_empty(), "{quiet}");
    let reminder = c.wait(1).await;
    assert!(
        reminder.contains("match 1 waits for your move: 15 minutes left of 1 hour. Connect4"),
        "{reminder}"
    );
    let lost = c.wait(15 * 60).await;
    assert!(
        lost.contains("ann ran out of time in match 1.") && lost.contains("Match 1 is over."),
        "{lost}"
    );

    // Friendly spellings; a clock that is not one is refused, saying which are.
    let week = c.say("challenge Connect4 Random 1week").await;
    assert!(
        week.contains("Clock: 7 days per move (correspondence)."),
        "{week}"
    );
    let three = c.say("challenge Tic-Tac-Toe Random 3days unrated").await;
    assert!(
        three.contains("Clock: 3 days per move (correspondence)."),
        "{three}"
    );
    let refused = c.say("challenge Connect4 Random 2d").await;
    assert!(
        refused.contains("\"2d\" is not a clock")
            && refused.contains("live, 1h, 12h, 1d, 3d or 7d"),
        "{refused}"
    );
    assert!(!refused.contains("starts"), "{refused}");
}

#[tokio::test]
async fn people_may_play_live_and_an_open_seat_means_a_day() {
    let mut c = chat(6).await;
    c.befriend("ann", "bob").await;
    let asked = c.say("@ann challenge Tic-Tac-Toe bob live").await;
    assert!(
        asked.contains("Clock: 60 seconds per move (live)."),
        "{asked}"
    );
    let started = c.say("@bob accept").await;
    assert!(
        started.contains("Clock: 60 seconds per move (live)."),
        "{started}"
    );
    let first = c.whose_turn(&["ann", "bob"]).await;
    let lost = c.wait(60).await;
    assert!(
        lost.contains(&format!("{first} ran out of time in match 1."))
            && lost.contains("Match 1 is over."),
        "{lost}"
    );
    // A seat left open is for a person: a day per move.
    let open = c.say("@ann challenge Tic-Tac-Toe").await;
    assert!(
        open.contains("anyone here (an open seat)")
            && open.contains("Clock: 1 day per move (correspondence)."),
        "{open}"
    );
    let started = c.say("@bob accept").await;
    assert!(
        started.contains("Clock: 1 day per move (correspondence)."),
        "{started}"
    );
    let still = c.wait(HOUR).await;
    assert!(!still.contains("ran out"), "{still}");
}
