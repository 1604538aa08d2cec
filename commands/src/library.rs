//! `game list`, `game show NAME`, `game export NAME`: the games people can
//! play, catalogue and saved alike.

use redscience_engine::{RuleSet, describe};

use redscience_storage::SavedRuleSet;

use crate::arguments::Args;
use crate::context::{Answer, Ctx, refused, said};
use crate::reply::{Message, Reply};
use crate::request::What;

/// `game list|show|export|create|copy|import|rename`.
pub(crate) async fn game(ctx: &Ctx<'_>, args: &Args) -> Answer {
    match args.sub() {
        Some("create") => crate::creating::start(ctx, None).await,
        Some("copy") => crate::creating::start(ctx, args.text("name")).await,
        Some("show") => show(ctx, args.saved_game()?),
        Some("export") => {
            let saved = args.saved_game()?;
            let json = saved.rules.to_json() + "\n";
            Ok(Reply::one(
                Message::new(ctx.here(), format!("{} as a rule-set file:", saved.name))
                    .with_attachment(format!("{}.json", saved.name), json.into_bytes()),
            ))
        }
        Some("import") => import(ctx, args.text("name")).await,
        Some("rename") => {
            let (old, new) = (
                args.text("old").unwrap_or_default(),
                args.text("new").unwrap_or_default(),
            );
            let saved = ctx
                .storage()
                .rename_rule_set(ctx.player.id, old, new)
                .await
                .map_err(said)?;
            Ok(ctx.answer(format!("{old} is now called {}.", saved.name)))
        }
        _ => list(ctx).await,
    }
}

/// `game show NAME`: the rules in words, the clock, and how to play it.
fn show(ctx: &Ctx<'_>, saved: &SavedRuleSet) -> Answer {
    let mut text = format!("**{}**\n", saved.name);
    if let Some(how) = &saved.rules.labels.how_to_play {
        text.push_str(&format!("How to play: {how}\n"));
    }
    for line in describe(&saved.rules) {
        text.push_str(&format!("- {line}\n"));
    }
    text.push_str(&format!(
        "Clock: live, {}; a challenge defaults to {}, against machines too, unless it \
         names another ({}).\n",
        match saved.rules.seconds_per_turn {
            0 => "no time limit".to_string(),
            s => format!("{} per move", crate::clock_words::per_move(s)),
        },
        crate::clock_words::clock_words(
            redscience_storage::DEFAULT_CORRESPONDENCE.seconds(saved.rules.seconds_per_turn)
        ),
        crate::clock_words::CLOCK_WORDS
    ));
    text.push_str(&format!("Play it: `challenge {} Random`", saved.name));
    Ok(ctx.answer(text))
}

async fn list(ctx: &Ctx<'_>) -> Answer {
    let games = ctx.storage().rule_sets().await.map_err(said)?;
    let lines: Vec<String> = games
        .iter()
        .map(|g| format!("- {}: {}", g.name, one_line(&g.rules)))
        .collect();
    Ok(ctx.answer(format!(
        "{} games:\n{}\n`game show NAME` explains one; `challenge NAME Random` plays it.",
        lines.len(),
        lines.join("\n")
    )))
}

/// A game in one line, from what `game show` says of it: the first
/// sentence of its how-to-play text, or else its board and players as
/// `describe` words them.
fn one_line(rules: &RuleSet) -> String {
    if let Some(how) = rules.labels.how_to_play.as_deref().map(str::trim)
        && !how.is_empty()
    {
        let end = how
            .match_indices(". ")
            .map(|(i, _)| i + 1)
            .next()
            .unwrap_or(how.len());
        return how[..end].to_string();
    }
    let described = describe(rules);
    format!("{}.", described[..described.len().min(2)].join(", "))
}

/// The most bytes an imported rule-set file may have.
pub const IMPORT_LIMIT: usize = 64 * 1024;

/// `game import [NAME]` with a JSON file attached: saved as its own name
/// (or NAME) through the same checks as the wizard's games.
async fn import(ctx: &Ctx<'_>, name: Option<&str>) -> Answer {
    let What::File {
        name: file, bytes, ..
    } = &ctx.req.what
    else {
        return Err(
            "Attach the rule-set file (JSON) to `game import`; `game export NAME` shows the format."
                .into(),
        );
    };
    if bytes.len() > IMPORT_LIMIT {
        return Err(refused!(
            "{file} has {} bytes; a rule-set file may have at most {IMPORT_LIMIT}.",
            bytes.len()
        ));
    }
    let text = std::str::from_utf8(bytes)
        .map_err(|_| format!("{file} is not text; attach the JSON file of a rule set."))?;
    let mut rules = RuleSet::from_json(text)
        .map_err(|p| format!("{file} is not a valid rule set: {p}. Nothing was saved."))?;
    if let Some(name) = name {
        rules.name = name.to_string();
    }
    let saved = ctx
        .storage()
        .save_rule_set(ctx.player.id, &rules)
        .await
        .map_err(|e| format!("{} Nothing was saved.", said(e)))?;
    Ok(ctx.answer(format!(
        "Saved {}. Play it with `challenge {} Random`.",
        saved.name, saved.name
    )))
}

/// `token`: a security token for the command line, sent privately.
pub(crate) async fn token(ctx: &Ctx<'_>) -> Answer {
    let token = ctx
        .storage()
        .issue_token(ctx.player.id, redscience_storage::Purpose::Token)
        .await
        .map_err(said)?;
    let mut reply = Reply::default();
    if !ctx.req.place.private {
        reply.push(Message::new(
            ctx.here(),
            "I sent you a security token privately.",
        ));
    }
    reply.push(Message::new(
        crate::reply::Destination::Private(ctx.req.who.chat.clone()),
        format!(
            "Your security token: {token}\nIt works once, for 15 minutes: \
             `redscience game NAME -i FILE {token}` saves a rule-set file as yours."
        ),
    ));
    Ok(reply)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_in_one_line_is_its_first_sentence_of_how_to_play_or_its_board_and_players() {
        let mut rules = RuleSet::tic_tac_toe("Tic-Tac-Toe");
        assert_eq!(one_line(&rules), "Played on a hash (3, 3), 2-Player.");
        rules.labels.how_to_play =
            Some("Connect Four: 7 columns, 6 high. Type a column: \"4\".".into());
        assert_eq!(one_line(&rules), "Connect Four: 7 columns, 6 high.");
        rules.labels.how_to_play = Some("Get 3 in a row (1,1 is the lower left)".into());
        assert_eq!(one_line(&rules), "Get 3 in a row (1,1 is the lower left)");
    }
}
