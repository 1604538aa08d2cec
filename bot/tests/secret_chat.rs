//! What people are shown in chat keeps a secret run uncountable: in
//! KBeauty9 (four people, each builds a hidden tower a brick a turn, then
//! passes), the first builder's tower of none, one or three bricks give
//! the channel and every other person the same messages, in the same order,
//! with the same boards and `games` lines, until the match ends.

use crate::common;

use common::{Chat, Setup, by, seat_order};

/// The messages of `out` that `viewer` sees (`#general`, or `dm NAME`),
/// without the attached files' names (the console numbers every file it
/// writes, a count no platform shows).
fn seen_by(out: &str, viewer: &str) -> Vec<String> {
    let mut seen = Vec::new();
    let mut current: Option<String> = None;
    for line in out.lines() {
        if let Some(rest) = line.strip_prefix('[') {
            seen.extend(current.take());
            let to = rest.split(']').next().unwrap_or_default();
            if to == viewer {
                current = Some(rest[to.len() + 1..].to_string());
            }
        } else if let Some(message) = current.as_mut()
            && !line.trim_start().starts_with("(file:")
        {
            message.push('\n');
            message.push_str(line);
        }
    }
    seen.extend(current);
    seen
}

fn log(all: &mut String, said: String) {
    all.push_str(&said);
    all.push('\n');
}

/// A KBeauty9 match in which the first seat builds `bricks` then passes and
/// the others each build one and pass; what each of the three others and
/// the channel were shown before the last builder's final turn (the end
/// reveals everything, as it should).
async fn shown_with_first_tower(bricks: usize) -> (Vec<String>, Vec<Vec<String>>) {
    let mut c: Chat = Setup::new("secret_chat").chat(7).await;
    for name in ["bob", "carl", "dora"] {
        c.say(&format!("@{name} games")).await;
    }
    c.say("challenge KBeauty9 open open open").await;
    c.say("@bob accept").await;
    c.say("@carl accept").await;
    let started = c.say("@dora accept").await;
    let order = seat_order(&started, 4);
    let mut all = String::new();
    for _ in 0..bricks {
        log(&mut all, c.say(&by(&order[0], "[dm] 1")).await);
    }
    // A builder with no brick passes until the build is over: at the very
    // start the first pass leaves the turn with them (docs/rules.md,
    // "a phase ends when a pass repeats").
    for _ in 0..3 {
        let out = c.say(&by(&order[0], "[dm] pass")).await;
        let again = out.contains(&format!("{}, your turn in match 1", order[0]));
        log(&mut all, out);
        if !again {
            break;
        }
    }
    for (seat, name) in order.iter().enumerate().skip(1) {
        log(
            &mut all,
            c.say(&by(name, &format!("[dm] {}", seat + 1))).await,
        );
        if seat < 3 {
            log(&mut all, c.say(&by(name, "[dm] pass")).await);
            for other in &order[1..] {
                log(&mut all, c.say(&format!("@{other} games")).await);
            }
        }
    }
    let others = order[1..]
        .iter()
        .map(|name| seen_by(&all, &format!("dm {name}")))
        .collect();
    // Their `games` answers are in the channel when asked there.
    (seen_by(&all, "#general"), others)
}

#[tokio::test]
async fn hidden_towers_of_none_one_and_three_look_the_same_to_everyone_else() {
    let (channel, others) = shown_with_first_tower(1).await;
    assert!(
        channel
            .iter()
            .any(|m| m.contains("(played privately: you cannot see what, or how many moves)")),
        "{channel:#?}"
    );
    assert!(others.iter().all(|seen| !seen.is_empty()), "{others:#?}");
    for bricks in [0, 3] {
        let (channel_then, others_then) = shown_with_first_tower(bricks).await;
        assert_eq!(channel, channel_then, "a tower of 1 against {bricks}");
        assert_eq!(others, others_then, "a tower of 1 against {bricks}");
    }
}
