//! The bot driven through the console chat, in-process, on a scratch SQLite
//! database: challenges, friends, and matches played to their result.

use crate::common;

use common::{Chat, Setup, offered, play_out};

async fn chat(seed: u64) -> Chat {
    Setup::new("console").chat(seed).await
}

/// The printed lines without the paths of the pictures written.
fn text_only(out: &str) -> String {
    out.lines()
        .filter(|l| !l.trim_start().starts_with("(file: "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The name in the last "Match N: NAME (colour) to move." line.
fn to_move(out: &str) -> Option<String> {
    out.lines()
        .rev()
        .find_map(|l| {
            l.split_once(": ")
                .map(|(_, r)| r)
                .filter(|r| r.ends_with(" to move."))
        })
        .and_then(|r| r.split_whitespace().next())
        .map(str::to_string)
}

#[tokio::test]
async fn a_person_plays_tic_tac_toe_against_random_to_the_end() {
    let mut c = chat(1).await;
    let out = c.say("challenge Tic-Tac-Toe Random").await;
    assert!(out.contains("Match 1 of Tic-Tac-Toe starts"), "{out}");
    assert!(out.contains("ann") && out.contains("Random"), "{out}");
    let mut last = out;
    for _ in 0..9 {
        if last.contains("is over") {
            break;
        }
        // Type the first move the bot offers: always a legal move.
        assert!(last.contains("your turn in match 1"), "{last}");
        let first =
            common::first_move(&last).unwrap_or_else(|| panic!("moves are offered: {last}"));
        last = c.say(&first).await;
    }
    assert!(last.contains("Match 1 is over."), "{last}");
    assert!(
        ["Victory", "Draw"].iter().any(|w| last.contains(w)),
        "{last}"
    );
    // The finished match is no longer waiting.
    let games = c.say("games").await;
    assert!(games.contains("no unfinished match"), "{games}");
    let late = c.say("move #1 2,2").await;
    assert!(late.contains("Match 1 is over"), "{late}");
}

#[tokio::test]
async fn two_friends_play_from_challenge_to_result() {
    let mut c = chat(2).await;
    // Bob is known once he speaks; strangers cannot be challenged by name.
    c.say("@bob help").await;
    let refused = c.say("@ann challenge Tic-Tac-Toe bob").await;
    assert!(refused.contains("not your friend yet"), "{refused}");
    assert!(
        refused.contains("`friend add bob`"),
        "the offer is a button: {refused}"
    );
    let asked = c.say("@ann friend add bob").await;
    assert!(asked.contains("Friend request sent to bob"), "{asked}");
    assert!(
        asked.contains("[dm bob]"),
        "bob hears of it privately: {asked}"
    );
    let ok = c.say("@bob friend accept ann").await;
    assert!(ok.contains("friends now"), "{ok}");

    let invited = c.say("@ann challenge Tic-Tac-Toe bob").await;
    assert!(invited.contains("challenge 1"), "{invited}");
    assert!(invited.contains("[dm bob]"), "{invited}");
    // Only the challenged may answer; a third person cannot take a named seat.
    let carl = c.say("@carl accept 1").await;
    assert!(carl.contains("not addressed to you"), "{carl}");
    let started = c.say("@bob accept").await;
    assert!(
        started.contains("Match 1 of Tic-Tac-Toe starts"),
        "{started}"
    );
    let first = to_move(&started).expect("someone moves first");
    let second = if first == "ann" { "bob" } else { "ann" };
    let wrong = c.say(&format!("@{second} move 1,1")).await;
    assert!(wrong.contains("not yours"), "{wrong}");
    let bad = c.say(&format!("@{first} move 9,9")).await;
    assert!(bad.contains("Nothing was played"), "{bad}");
    let mut out = String::new();
    for (who, cell) in [
        (&*first, "1,1"),
        (second, "2,1"),
        (&*first, "1,2"),
        (second, "2,2"),
        (&*first, "1,3"),
    ] {
        out = c.say(&format!("@{who} move {cell}")).await;
        assert!(!out.contains("Nothing was played"), "{who} {cell}: {out}");
    }
    assert!(out.contains("Match 1 is over."), "{out}");
    assert!(out.contains(&format!("Victory: {first}")), "{out}");
    let board = c.say(&format!("@{second} board #1")).await;
    assert!(board.contains("Over"), "{board}");
}

#[tokio::test]
async fn bad_input_says_what_is_accepted() {
    let mut c = chat(3).await;
    let unknown = c.say("dance").await;
    assert!(
        unknown.contains("not a command") && unknown.contains("challenge"),
        "{unknown}"
    );
    let no_game = c.say("challenge Chess Random").await;
    assert!(
        no_game.contains("no game called \"Chess\"") && no_game.contains("game list"),
        "{no_game}"
    );
    let too_many = c.say("challenge Tic-Tac-Toe Random Random").await;
    assert!(too_many.contains("at most 1 opponent"), "{too_many}");
    let nothing = c.say("move 2,2").await;
    assert!(nothing.contains("no unfinished match"), "{nothing}");
    let help = c.say("help move").await;
    assert!(help.contains("move [#MATCH] TEXT"), "{help}");
    let list = c.say("game list").await;
    assert!(list.contains("46 games:\n"), "{list}");
    // A line per game: its how-to-play's first sentence, or its board and
    // players where it has none.
    assert_eq!(list.lines().filter(|l| l.starts_with("- ")).count(), 46);
    for line in [
        "- Tic-Tac-Toe: Played on a hash (3, 3), 2-Player.",
        "- Connect4: Connect Four: 7 columns, 6 high.",
        "- RockPaperScissors: Rock, paper, scissors for two.",
    ] {
        assert!(list.lines().any(|l| l == line), "{line}: {list}");
    }
    let show = c.say("game show connect4").await;
    assert!(
        show.contains("Connect4") && show.contains("challenge Connect4 Random"),
        "{show}"
    );
    let export = c.say("game export Qubic-4").await;
    assert!(export.contains("(file: "), "{export}");
    let path = export
        .lines()
        .find_map(|l| l.trim().strip_prefix("(file: "))
        .unwrap();
    let json = std::fs::read_to_string(path.trim_end_matches(')')).unwrap();
    assert!(json.contains("\"name\": \"Qubic-4\""), "{json}");
}

#[tokio::test]
async fn a_bare_move_plays_when_it_is_your_turn() {
    let mut c = chat(4).await;
    let start = c.say("challenge Tic-Tac-Toe Random").await;
    assert!(start.contains("your turn in match 1"), "{start}");
    // Uncloaked and sequential: nobody gets a private view.
    assert!(!start.contains("[dm "), "{start}");
    let cell = common::first_move(&start).expect("a move is offered");
    let out = c.say(&cell).await;
    assert!(out.contains(&format!("to ({cell})")), "{out}");
    let other = c.say("@dave 2,2").await;
    assert!(other.contains("reads as a move"), "{other}");
    assert!(other.contains("no unfinished match here"), "{other}");
}

#[tokio::test]
async fn a_game_made_with_the_wizard_is_saved_and_played() {
    let mut c = chat(5).await;
    let first = c.say("game create").await;
    assert!(first.contains("`cancel` leaves"), "{first}");
    // A bad name is refused with what is accepted; nothing moves on.
    let bad = c.say("my game").await;
    assert!(bad.to_lowercase().contains("name"), "{bad}");
    let named = c.say("Wizard-TTT").await;
    assert!(!named.contains("is not a command"), "{named}");
    let back = c.say("back").await;
    assert!(back.contains("`back` goes back"), "{back}");
    c.say("Wizard-TTT").await;
    let review = c.say("done").await;
    assert!(review.contains("save"), "{review}");
    // Identical to Tic-Tac-Toe but for the name: refused, naming the game.
    let dup = c.say("save").await;
    assert!(
        dup.contains("Tic-Tac-Toe") && dup.contains("Nothing was saved"),
        "{dup}"
    );
    let cancelled = c.say("cancel").await;
    assert!(cancelled.contains("nothing was saved"), "{cancelled}");
    let after = c.say("Wizard-TTT").await;
    assert!(
        after.contains("not a command"),
        "the wizard is gone: {after}"
    );

    // A game of its own: squares four columns wide.
    c.say("game create").await;
    for answer in ["Four-Wide", "skip", "next", "squares"] {
        let out = c.say(answer).await;
        assert!(!out.contains("Nothing was saved"), "{answer}: {out}");
    }
    let not_number = c.say("4x3").await;
    assert!(
        not_number.contains("not a number") && not_number.contains("1 to 19"),
        "{not_number}"
    );
    let too_wide = c.say("20").await;
    assert!(too_wide.contains("1 to 19"), "{too_wide}");
    c.say("4").await;
    let review = c.say("done").await;
    assert!(review.contains("Played on 4x3x1 squares"), "{review}");
    let saved = c.say("save").await;
    assert!(saved.contains("Saved Four-Wide"), "{saved}");
    let shown = c.say("game show Four-Wide").await;
    assert!(shown.contains("4x3x1"), "{shown}");
    let mut out = c.say("challenge Four-Wide Random").await;
    assert!(out.contains("Match 1 of Four-Wide starts"), "{out}");
    for _ in 0..12 {
        if out.contains("is over") {
            break;
        }
        let first = common::first_move(&out).unwrap_or_else(|| panic!("moves are offered: {out}"));
        out = c.say(&first).await;
    }
    assert!(out.contains("Match 1 is over."), "{out}");
}

#[tokio::test]
async fn simultaneous_plans_arrive_privately_and_stay_sealed_until_the_round_resolves() {
    let mut c = chat(6).await;
    c.say("@bob help").await;
    c.say("@ann friend add bob").await;
    c.say("@bob friend accept ann").await;
    c.say("@ann challenge RockPaperScissors bob").await;
    let started = c.say("@bob accept").await;
    assert!(
        started.contains("Match 1 of RockPaperScissors starts"),
        "{started}"
    );
    // The prompt to plan goes privately, never to the channel.
    let prompt = started
        .lines()
        .find(|l| l.contains("your turn in match 1"))
        .expect("a prompt");
    assert!(prompt.starts_with("[dm "), "{prompt}");
    let first = prompt
        .trim_start_matches("[dm ")
        .split(']')
        .next()
        .unwrap()
        .to_string();
    let second = if first == "ann" { "bob" } else { "ann" };
    // A plan in the channel is refused and records nothing.
    let public = c.say(&format!("@{first} plan x 1")).await;
    assert!(
        public.contains("private message") && public.contains("Nothing was"),
        "{public}"
    );
    let public = c.say(&format!("@{first} move x 1")).await;
    assert!(public.contains("secret"), "{public}");
    // The second seat plans first: kept until the first seat has planned.
    let early = c.say(&format!("@{second} [dm] plan circle 1")).await;
    assert!(early.contains("is sealed"), "{early}");
    // The channel learns who planned, never what.
    let channel: String = early
        .lines()
        .filter(|l| l.starts_with("[#general]"))
        .collect();
    assert!(channel.contains(&format!("Planned: {second}")), "{early}");
    assert!(!channel.contains("circle"), "{early}");
    let resolved = c.say(&format!("@{first} [dm] plan x 1")).await;
    // Only after both plans does the channel learn the shapes.
    let channel: Vec<&str> = resolved
        .lines()
        .skip_while(|l| !l.starts_with("[#general]"))
        .collect();
    let shown = channel.join("\n");
    assert!(
        shown.contains("X to stack 1") || shown.contains("x"),
        "{shown}"
    );
    assert!(shown.contains("Match 1 is over."), "{shown}");
    assert!(
        shown.contains(&format!("Victory: {first}")),
        "X beats circle: {shown}"
    );
}

#[tokio::test]
async fn a_stale_button_is_answered_not_applied() {
    let mut c = chat(7).await;
    let start = c.say("challenge Tic-Tac-Toe Random").await;
    // Keep the id of an option offered now, play another move, then click it.
    let ids = offered(&start, "move #1@");
    assert!(ids.len() >= 2, "{start}");
    let played = c.say(&format!("/{}", ids[0])).await;
    assert!(played.contains("Match 1"), "{played}");
    let before = text_only(&c.say("board").await);
    let stale = c.say(&format!("/{}", ids[1])).await;
    assert!(
        stale.contains("earlier position") && stale.contains("nothing was played"),
        "{stale}"
    );
    let after = text_only(&c.say("board").await);
    assert_eq!(before, after, "the stale click changed nothing");
}

#[tokio::test]
async fn a_reminder_comes_before_the_clock_runs_out_and_the_player_alone_loses() {
    let mut c = chat(8).await;
    let start = c.say("challenge Tic-Tac-Toe Random live").await;
    assert!(start.contains("your turn in match 1"), "{start}");
    // Tic-Tac-Toe gives 60 seconds a turn; a quarter is left after 45.
    let quiet = c.wait(30).await;
    assert!(quiet.is_empty(), "{quiet}");
    let reminder = c.wait(16).await;
    assert!(
        reminder
            .contains("[dm ann] ann, match 1 waits for your move: 14 seconds left of 60 seconds."),
        "{reminder}"
    );
    let again = c.wait(5).await;
    assert!(again.is_empty(), "one reminder only: {again}");
    let lost = c.wait(10).await;
    assert!(
        lost.contains("ann ran out of time in match 1.")
            && lost.contains("Match 1 is over. Victory: *Random"),
        "{lost}"
    );
    let late = c.say("move 2,2").await;
    assert!(late.contains("no unfinished match"), "{late}");
}

#[tokio::test]
async fn a_clock_run_out_without_a_reminder_still_ends_the_turn() {
    let mut c = chat(9).await;
    c.say("challenge Tic-Tac-Toe Random live").await;
    let lost = c.wait(61).await;
    assert!(!lost.contains("waits for your move"), "{lost}");
    assert!(lost.contains("ann ran out of time"), "{lost}");
    // With a delegate, the helper moves instead and the match goes on.
    let start = c.say("challenge Tic-Tac-Toe Random delegating live").await;
    assert!(start.contains("Match 2 of Tic-Tac-Toe starts"), "{start}");
    let helped = c.wait(61).await;
    assert!(helped.contains("their helper moved"), "{helped}");
    assert!(!helped.contains("is over"), "{helped}");
    assert!(helped.contains("your turn in match 2"), "{helped}");
}

#[tokio::test]
async fn resigning_ends_the_match_for_the_other_side() {
    let mut c = chat(10).await;
    c.say("challenge Tic-Tac-Toe Random").await;
    let out = c.say("resign").await;
    assert!(
        out.contains("ann resigned in match 1.")
            && out.contains("Match 1 is over. Victory: *Random"),
        "{out}"
    );
    let twice = c.say("resign #1").await;
    assert!(twice.contains("over already"), "{twice}");
}

#[tokio::test]
async fn a_draw_offer_refused_then_one_agreed() {
    let mut c = chat(11).await;
    c.befriend("ann", "bob").await;
    c.say("@ann challenge 4on7sq bob").await;
    let started = c.say("@bob accept").await;
    let first = to_move(&started).expect("a mover");
    let second = if first == "ann" { "bob" } else { "ann" };
    let offer = c.say(&format!("@{first} draw")).await;
    assert!(offer.contains("Offer to draw"), "{offer}");
    assert!(
        offer.contains(&format!("{second}, your turn")),
        "the offer waits for {second}: {offer}"
    );
    assert!(
        offer.contains("agree") && offer.contains("refuse"),
        "{offer}"
    );
    let refused = c.say(&format!("@{second} refuse")).await;
    assert!(!refused.contains("is over"), "{refused}");
    // Play on: the mover places, then whoever is to move offers again and
    // the other agrees.
    let mover = c.whose_turn(&["ann", "bob"]).await;
    let placed = c.say(&format!("@{mover} move 1,1")).await;
    assert!(placed.contains("to (1,1)"), "{placed}");
    let offerer = c.whose_turn(&["ann", "bob"]).await;
    let other = if offerer == "ann" { "bob" } else { "ann" };
    let offer = c.say(&format!("@{offerer} draw")).await;
    assert!(offer.contains("Offer to draw"), "{offer}");
    let agreed = c.say(&format!("@{other} agree")).await;
    assert!(
        agreed.contains("Match 1 is over.") && agreed.contains("Draw"),
        "{agreed}"
    );
}

#[tokio::test]
async fn three_players_play_to_a_result() {
    let mut c = chat(12).await;
    c.befriend("ann", "bob").await;
    c.befriend("ann", "carl").await;
    let asked = c.say("@ann challenge 3P-Notakto bob carl").await;
    assert!(
        asked.contains("[dm bob]") && asked.contains("[dm carl]"),
        "{asked}"
    );
    let waiting = c.say("@bob accept").await;
    assert!(waiting.contains("waiting for 1 more"), "{waiting}");
    let started = c.say("@carl accept").await;
    assert!(started.contains("Player 3"), "{started}");
    let end = play_out(&mut c, started, 12).await;
    assert!(end.contains("Match 1 is over."), "{end}");
}

#[tokio::test]
async fn partners_and_a_game_against_chaos() {
    let mut c = chat(13).await;
    let partners: redscience_engine::RuleSet = serde_json::from_value(serde_json::json!({
        "schema_version": 1, "name": "Partners-4x4", "players": "partners", "board": "squares",
        "dimensions": [4, 4, 1],
        "shapes": [{"reserves": {"black": 4, "white": 4, "pink": 4, "yellow": 4}}]}))
    .unwrap();
    let storage = c.console.bot().storage().clone();
    let ann = storage
        .player_for_chat(&redscience_storage::ChatId::console("ann"), "ann")
        .await
        .unwrap();
    storage.save_rule_set(ann.id, &partners).await.unwrap();
    for friend in ["bob", "carl", "dora"] {
        c.befriend("ann", friend).await;
    }
    c.say("@ann challenge Partners-4x4 bob carl dora").await;
    c.say("@bob accept").await;
    c.say("@carl accept").await;
    let started = c.say("@dora accept").await;
    assert!(started.contains("Player 4"), "{started}");
    let end = play_out(&mut c, started, 20).await;
    assert!(end.contains("Match 1 is over."), "{end}");
    // Two players against Chaos: Chaos's seat fills itself and moves by itself.
    c.befriend("bob", "carl").await;
    c.say("@bob challenge NeedyTrust carl").await;
    let started = c.say("@carl accept").await;
    assert!(started.contains("Chaos ("), "{started}");
    let end = play_out(&mut c, started, 60).await;
    assert!(end.contains("is over."), "{end}");
}

#[tokio::test]
async fn a_reviewing_player_is_offered_the_helpers_move_which_the_clock_plays() {
    let mut c = chat(14).await;
    let start = c.say("challenge Tic-Tac-Toe Random reviewing live").await;
    assert!(start.contains("Your helper proposes: "), "{start}");
    let proposed = start
        .lines()
        .find(|l| l.ends_with("(proposed)"))
        .expect("the proposal is marked");
    let label = proposed
        .split_once("`: ")
        .and_then(|(_, r)| r.strip_suffix(" (proposed)"))
        .unwrap()
        .to_string();
    let helped = c.wait(61).await;
    assert!(helped.contains("their helper moved"), "{helped}");
    assert!(
        helped.contains(&format!("ann (white): {label}"))
            || helped.contains(&format!("ann (black): {label}")),
        "{label}: {helped}"
    );
}

#[tokio::test]
async fn tokens_imports_renames_and_rematches() {
    let mut c = chat(15).await;
    let token = c.say("token").await;
    assert!(
        token.contains("[#general] I sent you a security token privately."),
        "{token}"
    );
    assert!(token.contains("[dm ann] Your security token: "), "{token}");
    // Export a game, then import it under a new name: refused as a duplicate.
    let export = c.say("game export Connect4").await;
    let path = export
        .lines()
        .find_map(|l| l.trim().strip_prefix("(file: "))
        .unwrap()
        .trim_end_matches(')')
        .to_string();
    let dup = c
        .say(&format!("game import Connect4-Again << {path}"))
        .await;
    assert!(
        dup.contains("Connect4") && dup.contains("Nothing was saved"),
        "{dup}"
    );
    // A changed copy is saved.
    let text = std::fs::read_to_string(&path).unwrap();
    let mut rules: serde_json::Value = serde_json::from_str(&text).unwrap();
    rules["dimensions"] = serde_json::json!([8, 1, 6]);
    let changed = c.files.join("eight.json");
    std::fs::write(&changed, rules.to_string()).unwrap();
    let saved = c
        .say(&format!(
            "game import Connect4-Eight << {}",
            changed.display()
        ))
        .await;
    assert!(saved.contains("Saved Connect4-Eight"), "{saved}");
    let broken = c.files.join("broken.json");
    std::fs::write(
        &broken,
        "{\"schema_version\": 1, \"name\": \"x\", \"colour\": 3}",
    )
    .unwrap();
    let bad = c.say(&format!("game import << {}", broken.display())).await;
    assert!(
        bad.contains("not a valid rule set") && bad.contains("colour"),
        "{bad}"
    );
    let no_file = c.say("game import").await;
    assert!(no_file.contains("Attach the rule-set file"), "{no_file}");
    // Only Admins rename.
    let rename = c.say("game rename Connect4-Eight Connect-Eight").await;
    assert!(rename.to_lowercase().contains("admin"), "{rename}");
    // A rematch against Random starts at once.
    c.say("challenge Tic-Tac-Toe Random").await;
    c.say("resign").await;
    let again = c.say("rematch").await;
    assert!(again.contains("Match 2 of Tic-Tac-Toe starts"), "{again}");
}

#[tokio::test]
async fn undo_takes_back_a_turn_only_in_unrated_matches_before_others_move() {
    let mut c = chat(16).await;
    c.say("challenge Tic-Tac-Toe Random").await;
    let rated = c.say("undo").await;
    assert!(
        rated.contains("is rated") && rated.contains("unrated"),
        "{rated}"
    );
    c.say("resign").await;
    let start = c.say("challenge Tic-Tac-Toe Random unrated").await;
    let choice = offered(&start, "move #2@")
        .into_iter()
        .next()
        .expect("a move is offered");
    let before = text_only(&c.say("board").await);
    let played = c.say(&format!("/{choice}")).await;
    assert!(played.contains("Match 2"), "{played}");
    let undone = c.say("undo").await;
    assert!(
        undone.contains("Took back your last turn in match 2"),
        "{undone}"
    );
    assert_eq!(
        text_only(&c.say("board").await),
        before,
        "the board is as it was"
    );
    // Against a person, undo stops once they have moved.
    c.befriend("ann", "bob").await;
    c.say("@ann challenge Tic-Tac-Toe bob unrated").await;
    let started = c.say("@bob accept").await;
    let first = to_move(&started).unwrap();
    let second = if first == "ann" { "bob" } else { "ann" };
    c.say(&format!("@{first} move #3 2,2")).await;
    c.say(&format!("@{second} move #3 1,1")).await;
    let late = c.say(&format!("@{first} undo #3")).await;
    assert!(
        late.contains(&format!("{second} has moved since")),
        "{late}"
    );
    let own = c.say(&format!("@{second} undo #3")).await;
    assert!(own.contains("Took back"), "{own}");
}

#[tokio::test]
async fn an_idle_wizard_expires_after_an_hour() {
    let mut c = chat(17).await;
    c.say("game create").await;
    c.say("Idle-Game").await;
    c.wait(59 * 60).await;
    let still = c.say("next").await;
    assert!(!still.contains("expired"), "{still}");
    c.wait(61 * 60).await;
    let expired = c.say("next").await;
    assert!(
        expired.contains("expired after an hour") && expired.contains("game create"),
        "{expired}"
    );
    let gone = c.say("next").await;
    assert!(gone.contains("not a command"), "{gone}");
}

#[tokio::test]
async fn hidden_pieces_show_only_in_their_owners_private_view() {
    let mut c = chat(18).await;
    let hidden: redscience_engine::RuleSet = serde_json::from_value(serde_json::json!({
        "schema_version": 1, "name": "Hidden-TTT", "cloaking": "hides",
        "phases": [{"cloaked": ["all"]}]}))
    .unwrap();
    let storage = c.console.bot().storage().clone();
    let ann = storage
        .player_for_chat(&redscience_storage::ChatId::console("ann"), "ann")
        .await
        .unwrap();
    storage.save_rule_set(ann.id, &hidden).await.unwrap();
    c.befriend("ann", "bob").await;
    c.say("@ann challenge Hidden-TTT bob").await;
    let started = c.say("@bob accept").await;
    let prompt = started
        .lines()
        .find(|l| l.contains("your turn in match 1"))
        .expect("a prompt");
    assert!(
        prompt.starts_with("[dm "),
        "the mover is asked privately: {prompt}"
    );
    let first = prompt
        .trim_start_matches("[dm ")
        .split(']')
        .next()
        .unwrap()
        .to_string();
    let public = c.say(&format!("@{first} move 2,2")).await;
    assert!(
        public.contains("secret") && public.contains("Nothing was played"),
        "{public}"
    );
    let out = c.say(&format!("@{first} [dm] move 2,2")).await;
    // The channel's board shows haze only; the mover's own view shows its piece.
    let channel: String = out
        .split("\n[")
        .filter(|m| m.starts_with("#general]") || m.starts_with("[#general]"))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        !channel.contains("Bo") && !channel.contains("Wo"),
        "{channel}"
    );
    assert!(!channel.contains("to (2,2)"), "{channel}");
    let own = out
        .split("\n[")
        .find(|m| m.starts_with(&format!("dm {first}] Match 1, your view")))
        .expect("the mover's view");
    assert!(own.contains("Bo"), "black sees its own circle: {own}");
    assert!(own.contains("to (2,2)"), "{own}");
}

/// Sends each answer to the wizard, failing on any refusal.
async fn answers(c: &mut Chat, list: &[&str]) -> String {
    let mut out = String::new();
    for a in list {
        out = c.say(a).await;
        assert!(
            !out.contains("Nothing was saved") && !out.contains("is not"),
            "{a}: {out}"
        );
    }
    out
}

#[tokio::test]
async fn the_wizard_makes_each_kind_of_game_and_each_one_plays() {
    let mut c = chat(19).await;
    // Stacks: exactly Connect4, so saving names the catalogue game.
    c.say("game create").await;
    answers(
        &mut c,
        &[
            "Drop4", "skip", "next", "stacks", "7", "1", "6", "next", "next", "fill",
        ],
    )
    .await;
    // The board brought 21 pieces each and 4 in a row with it.
    answers(
        &mut c,
        &[
            "skip", "skip", "next", "next", "next", "skip", "skip", "next",
        ],
    )
    .await;
    let dup = c.say("save").await;
    assert!(
        dup.contains("Connect4") && dup.contains("Nothing was saved"),
        "{dup}"
    );
    c.say("cancel").await;
    // Hexagons with adjacent moves, a draw option and five minutes a turn.
    c.say("game create").await;
    answers(
        &mut c,
        &[
            "Hex5", "skip", "next", "hexagons", "5", "5", "1", "next", "next", "fill", "adjacent",
            "none", "none",
        ],
    )
    .await;
    answers(
        &mut c,
        &[
            "skip",
            "skip",
            "first_4_wins",
            "first_5_wins",
            "next",
            "next",
            "yes",
            "skip",
            "skip",
            "300",
        ],
    )
    .await;
    let saved = c.say("save").await;
    assert!(saved.contains("Saved Hex5"), "{saved}");
    // Cloaked, three simultaneous phases with locked and cloaked spaces.
    c.say("game create").await;
    answers(
        &mut c,
        &["Fog3", "next", "next", "hides", "skip", "skip", "skip", "3"],
    )
    .await;
    answers(
        &mut c,
        &[
            "simultaneous",
            "placement_only",
            "no_pass",
            "none",
            "2,2",
            "1,1 (3, 3)",
            "next",
        ],
    )
    .await;
    answers(
        &mut c,
        &[
            "same",
            "simultaneous",
            "movement_allowed",
            "pass",
            "2",
            "none",
            "all",
            "done",
        ],
    )
    .await;
    let saved = c.say("save").await;
    assert!(saved.contains("Saved Fog3"), "{saved}");
    // Two players and Chaos.
    c.say("game create").await;
    answers(
        &mut c,
        &[
            "Chaos-TTT",
            "two_vs_chaos",
            "done",
            "edit_outcome",
            "next",
            "more_pieces_than_chaos_wins",
            "next",
            "done",
        ],
    )
    .await;
    let saved = c.say("save").await;
    assert!(saved.contains("Saved Chaos-TTT"), "{saved}");
    for game in ["Hex5", "Fog3", "Chaos-TTT"] {
        let started = c.say(&format!("challenge {game} Random")).await;
        assert!(started.contains(&format!("of {game} starts")), "{started}");
        let end = play_out(&mut c, started, 80).await;
        assert!(end.contains("is over"), "{game}: {end}");
    }
}

#[tokio::test]
async fn commands_still_work_while_a_game_is_being_created() {
    let mut c = chat(20).await;
    let start = c.say("challenge Tic-Tac-Toe Random").await;
    let choice = offered(&start, "move #1@")
        .into_iter()
        .next()
        .expect("a move is offered");
    c.say("game create").await;
    c.say("Busy-Game").await;
    // A move typed (or a move button clicked) meanwhile plays the move;
    // help is help.
    let moved = c.say(&choice).await;
    assert!(moved.contains("Match 1"), "{moved}");
    let help = c.say("help undo").await;
    assert!(help.contains("undo [#MATCH]"), "{help}");
    // The wizard is still there, at the same question.
    let next = c.say("next").await;
    assert!(next.contains("`back` goes back"), "{next}");
}

#[tokio::test]
async fn boards_come_as_pictures_drawn_from_each_viewers_view() {
    let mut c = chat(21).await;
    let start = c.say("challenge Connect4 Random").await;
    let pictures: Vec<&str> = start
        .lines()
        .filter_map(|l| l.trim().strip_prefix("(file: "))
        .map(|p| p.trim_end_matches(')'))
        .collect();
    assert!(!pictures.is_empty(), "{start}");
    for path in pictures {
        let bytes = std::fs::read(path).unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{path} is a PNG");
        assert!(path.ends_with("match-1.png"), "{path}");
    }
}

#[tokio::test]
async fn the_time_a_person_takes_is_recorded_with_the_move() {
    let mut c = chat(22).await;
    let start = c.say("challenge Tic-Tac-Toe Random").await;
    let choice = offered(&start, "move #1@")
        .into_iter()
        .next()
        .expect("a move is offered");
    c.wait(12).await;
    c.say(&format!("/{choice}")).await;
    let storage = c.console.bot().storage().clone();
    let log = storage.move_log(1).await.unwrap();
    let ann = storage
        .player_for_chat(&redscience_storage::ChatId::console("ann"), "ann")
        .await
        .unwrap();
    let mine = log
        .iter()
        .find(|m| m.actor_id == Some(ann.id))
        .expect("ann's move is logged");
    assert!(
        (12_000..13_000).contains(&mine.taken_ms),
        "{}",
        mine.taken_ms
    );
}

#[tokio::test]
async fn a_turn_of_one_to_three_pieces_says_it_goes_on_and_how_to_end_it() {
    let mut c = chat(1).await;
    let rules = serde_json::json!({
        "schema_version": 2, "name": "Up-To-Three", "board": "squares",
        "dimensions": [5, 5, 1], "pieces_per_turn": 3, "pieces_up_to": true,
        "shapes": [{"shape": "circle", "reserves": {"black": 12, "white": 12}}],
        "turn_checks": [{"check": "in_a_row", "length": 4, "result": "win"}],
    });
    std::fs::create_dir_all(&c.files).unwrap();
    let file = c.files.join("up-to-three.json");
    std::fs::write(&file, rules.to_string()).unwrap();
    let saved = c.say(&format!("game import << {}", file.display())).await;
    assert!(saved.contains("Saved Up-To-Three"), "{saved}");
    let start = c.say("challenge Up-To-Three Random").await;
    assert!(!start.contains("goes on"), "{start}");
    // An empty turn is no turn: the pass is refused, saying why.
    let refused = c.say("move pass").await;
    assert!(refused.contains("Nothing was played"), "{refused}");
    let first = c.say("move 1,1").await;
    assert!(
        first.contains("Your turn goes on (1 move made): `move pass` ends it."),
        "{first}"
    );
    let ended = c.say("move pass").await;
    assert!(ended.contains("*Random ("), "Random moved next: {ended}");
}

#[tokio::test]
async fn a_game_for_one_is_challenged_alone_and_ends_with_its_result() {
    let mut c = chat(1).await;
    let rules = serde_json::json!({
        "schema_version": 2, "name": "Walk", "players": "one", "board": "squares",
        "dimensions": [2, 2, 1], "no_move": "lose",
        "turn_checks": [{"check": "stalemate_if_board_full"}],
        "stalemate": [{"rule": "all_win"}],
        "shapes": [{"shape": "circle", "movement": ["adj_orthogonal"], "trail": "wall",
                    "reserves": {}}],
        "initial": [{"at": "1,1", "color": "black"}],
        "score": {"count": "moves", "better": "more"},
    });
    std::fs::create_dir_all(&c.files).unwrap();
    let file = c.files.join("walk.json");
    std::fs::write(&file, rules.to_string()).unwrap();
    let saved = c.say(&format!("game import << {}", file.display())).await;
    assert!(saved.contains("Saved Walk"), "{saved}");
    let refused = c.say("challenge Walk Random").await;
    assert!(
        refused
            .contains("Walk is played alone: challenge it with no opponent, as `challenge Walk`."),
        "{refused}"
    );
    let start = c.say("challenge Walk").await;
    assert!(start.contains("Match 1 of Walk starts"), "{start}");
    let done = c.say("move 1,1-2,1").await;
    assert!(done.contains("Victory: "), "{done}");
    assert!(done.contains("The board is full."), "{done}");
    assert!(
        done.contains("Score: 3 moves made (more is better)."),
        "{done}"
    );
    let board = c.say("leaderboard Walk").await;
    assert!(
        board.contains("Play it alone: `challenge Walk`."),
        "{board}"
    );
}

#[tokio::test]
async fn a_die_rolls_for_every_seat_and_the_prompt_says_what_it_shows() {
    let mut c = chat(3).await;
    let rules = serde_json::json!({
        "schema_version": 2, "name": "Dice-TTT",
        "shapes": [{"shape": "circle", "reserves": {"black": 5, "white": 5}},
                   {"shape": "cross", "reserves": {"black": 5, "white": 5}}],
        "dice": {"faces": 2, "decides": "shape"},
    });
    std::fs::create_dir_all(&c.files).unwrap();
    let file = c.files.join("dice.json");
    std::fs::write(&file, rules.to_string()).unwrap();
    let saved = c.say(&format!("game import << {}", file.display())).await;
    assert!(saved.contains("Saved Dice-TTT"), "{saved}");
    let mut out = c.say("challenge Dice-TTT Random").await;
    // ann's own roll is made for her and echoed before she is asked.
    assert!(out.contains("ann ("), "{out}");
    assert!(out.contains("): Rolled "), "{out}");
    for _ in 0..9 {
        if out.contains("is over") {
            break;
        }
        let prompt = out
            .lines()
            .find(|l| l.contains("your turn in match 1"))
            .unwrap_or_else(|| panic!("a prompt: {out}"));
        let shows = prompt
            .split("The die shows ")
            .nth(1)
            .unwrap_or_else(|| panic!("the prompt says what the die shows: {prompt}"));
        let (wanted, other) = if shows.starts_with("1: play a circle") {
            ("circle", "cross")
        } else {
            assert!(shows.starts_with("2: play a cross"), "{prompt}");
            ("cross", "circle")
        };
        let example = prompt
            .split("e.g. `move ")
            .nth(1)
            .and_then(|rest| rest.split('`').next())
            .expect("an example move");
        // The other shape is refused, naming the die.
        let refused = c.say(&format!("move {other} {example}")).await;
        assert!(
            refused.contains("the die shows") && refused.contains("Nothing was played"),
            "{refused}"
        );
        out = c.say(&format!("move {wanted} {example}")).await;
        assert!(!out.contains("Nothing was played"), "{out}");
    }
    assert!(out.contains("Match 1 is over."), "{out}");
}
