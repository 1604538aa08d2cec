//! `game create` and `game copy NAME`: one wizard per person, kept while they
//! answer, saved through storage's checks (validation, quota, name and
//! fingerprint) when they confirm. `back` goes back a question, `cancel`
//! leaves, and a wizard left idle for an hour expires.

use chrono::TimeDelta;

use crate::context::{Answer, Ctx, said};
use crate::reply::{Message, Reply};
use crate::wizard::Wizard;
use crate::wizard_sessions::Session;

/// How long a wizard waits for its next answer.
pub const IDLE_LIMIT: TimeDelta = TimeDelta::hours(1);

/// The wizard's question as a message to the person.
fn ask(ctx: &Ctx<'_>, wizard: &Wizard, before: Option<String>) -> Reply {
    let prompt = wizard.prompt();
    let mut text = before.map(|b| b + "\n").unwrap_or_default();
    text.push_str(&prompt.text);
    text.push_str("\n(`back` goes back a question, `cancel` leaves the wizard.)");
    let mut message = Message::new(ctx.here(), text);
    for set in prompt.choices {
        message = message.with_choices(set);
    }
    // Every question takes typed words too (names, numbers, `back`).
    Reply::one(message.with_typed("Type an answer", ""))
}

/// Runs the review's playtest when the wizard wants one: random games are
/// CPU work, so they run off the async runtime.
async fn playtest(wizard: &mut Wizard) {
    let Some(rules) = wizard.wants_playtest() else {
        return;
    };
    let played = rules.clone();
    let run = tokio::task::spawn_blocking(move || crate::wizard::playtest::run(&played)).await;
    if let Ok(Some(p)) = run {
        wizard.set_playtest(rules, p);
    }
}

/// Starts a wizard, from scratch or from a saved game's rules.
pub(crate) async fn start(ctx: &Ctx<'_>, copy_of: Option<&str>) -> Answer {
    // Only those who may save a game start the wizard (not the anonymous record).
    redscience_storage::roles::allow(
        ctx.player.security,
        redscience_storage::roles::Action::SaveRuleSet { saved: 0 },
    )
    .map_err(|e| format!("{} Nothing was started.", said(e)))?;
    let wizard = match copy_of {
        Some(name) => {
            let saved = crate::saved_games::find(ctx, name).await?;
            Wizard::from_rules(saved.rules)
        }
        None => Wizard::new(),
    };
    // Counted once the wizard can start (a copy of a missing game is not).
    ctx.services.limits.start_wizard(
        ctx.player.id,
        ctx.req.who.chat.platform,
        ctx.storage().now(),
    )?;
    let note = ctx
        .services
        .wizards
        .has(ctx.player.id)
        .then(|| "Your earlier unfinished game was dropped.".to_string());
    let reply = ask(ctx, &wizard, note);
    ctx.services.wizards.put(
        ctx.player.id,
        Session {
            wizard,
            last_active: ctx.storage().now(),
            place: ctx.req.place.clone(),
        },
    );
    Ok(reply)
}

/// Leaves the wizard, if one is open. Returns whether there was one.
pub(crate) fn cancel(ctx: &Ctx<'_>) -> bool {
    ctx.services.wizards.take(ctx.player.id).is_some()
}

/// Answers the person's open wizard, if any; None when they have none.
pub(crate) async fn answer(ctx: &Ctx<'_>, line: &str) -> Option<Answer> {
    let mut session = ctx.services.wizards.take(ctx.player.id)?;
    if session.place != ctx.req.place {
        ctx.services.wizards.put(ctx.player.id, session);
        return None;
    }
    let now = ctx.storage().now();
    if now - session.last_active > IDLE_LIMIT {
        return Some(Ok(ctx.answer(
            "Your game wizard expired after an hour without an answer, and nothing was saved. \
             `game create` starts again.",
        )));
    }
    session.last_active = now;
    let prompt = session.wizard.prompt();
    // A typed number is resolved by the wizard itself: the option shown with
    // that number where the options are numbered, else the value typed.
    let word = line.trim().to_ascii_lowercase();
    // A command (a move button clicked meanwhile, `help`) runs as one,
    // unless the question offers that very word as an answer.
    let offered = prompt
        .choices
        .iter()
        .flat_map(|set| set.options())
        .any(|c| c.id.eq_ignore_ascii_case(line.trim()));
    let first = crate::words::split(line)
        .into_iter()
        .next()
        .unwrap_or_default();
    // A question taking words as typed (a how-to-play text) takes them all.
    let text = session.wizard.takes_text();
    if !offered && !text && word != "cancel" && crate::help::is_command(&first) {
        ctx.services.wizards.put(ctx.player.id, session);
        return None;
    }
    if word == "cancel" {
        return Some(Ok(ctx.answer("Left the game wizard; nothing was saved.")));
    }
    let result = if word == "back" {
        if session.wizard.back() {
            Ok(())
        } else {
            Err("This is the first question; there is nothing to go back to.".to_string())
        }
    } else {
        session
            .wizard
            .answer(line)
            .map_err(|e| crate::context::sentence(&e))
    };
    if result.is_ok() && !session.wizard.is_finished() {
        playtest(&mut session.wizard).await;
    }
    let reply = match result {
        Err(problem) => ask(ctx, &session.wizard, Some(problem)),
        Ok(()) if session.wizard.is_finished() => {
            let rules = session.wizard.rules().clone();
            let tested = session
                .wizard
                .playtest()
                .map(|p| format!(" {}", p.words()))
                .unwrap_or_default();
            match ctx.storage().save_rule_set(ctx.player.id, &rules).await {
                Ok(saved) => {
                    return Some(Ok(ctx.answer(format!(
                        "Saved {}. Play it with `challenge {} Random`, or challenge a friend.{tested}",
                        saved.name, saved.name
                    ))));
                }
                Err(e) => {
                    session.wizard.back();
                    ask(
                        ctx,
                        &session.wizard,
                        Some(format!("{} Nothing was saved.", said(e))),
                    )
                }
            }
        }
        Ok(()) => ask(ctx, &session.wizard, None),
    };
    ctx.services.wizards.put(ctx.player.id, session);
    Some(Ok(reply))
}
