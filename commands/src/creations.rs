//! `creations [PLAYER]`: the games and players someone created, most used
//! first, with the spec's Usage (100 x matches / days since created).

use redscience_storage::{Created, Creation, Player};

use crate::context::{Answer, Ctx, said};
use crate::reply::{Choice, ChoiceSet, MAX_CHOICES, Message, Reply};

/// `creations [PLAYER]`.
pub(crate) async fn creations(ctx: &Ctx<'_>, player: Option<&Player>) -> Answer {
    let me = &ctx.player;
    let who = player.unwrap_or(me);
    let list = ctx.storage().creations(who.id).await.map_err(said)?;
    let yours = who.id == me.id;
    if list.is_empty() {
        return Ok(ctx.answer(if yours {
            "You have created no games or players yet. `game create` starts the game wizard, \
             and `game copy NAME` starts it from a saved game."
                .to_string()
        } else {
            format!("{} has created no games or players yet.", who.name)
        }));
    }
    let mut text = format!(
        "{}, most used first (usage = 100 × matches ÷ days since created):",
        if yours {
            "Your creations".to_string()
        } else {
            format!("{}'s creations", who.name)
        }
    );
    for c in &list {
        text.push_str(&format!("\n- {}", line(c)));
    }
    let buttons: Vec<Choice> = list
        .iter()
        .filter(|c| c.what == Created::Game)
        .take(MAX_CHOICES)
        .map(|c| Choice::new(format!("game show {}", c.name), format!("Show {}", c.name)))
        .collect();
    let mut message = Message::new(ctx.here(), text);
    if !buttons.is_empty() {
        message = message.with_choices(ChoiceSet::Buttons(buttons));
    }
    Ok(Reply::one(message))
}

/// "Mis-3: game, 3 matches, 2 days old, usage 150".
fn line(c: &Creation) -> String {
    let what = match &c.what {
        Created::Game => "game".to_string(),
        Created::Player(p) => format!("{} in {}", p.kind, p.universe),
    };
    let matches = match c.matches {
        1 => "1 match".to_string(),
        n => format!("{n} matches"),
    };
    let age = match c.days {
        0 => "new today".to_string(),
        1 => "1 day old".to_string(),
        n => format!("{n} days old"),
    };
    format!("{}: {what}, {matches}, {age}, usage {}", c.name, c.usage())
}
