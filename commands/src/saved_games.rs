//! Saved games found by the name a person typed.

use redscience_storage::SavedRuleSet;

use crate::context::{Ctx, Refusal, mistyped, said};

/// " Did you mean `Connect4`?" for a misspelt game's name, else "".
async fn close_game(ctx: &Ctx<'_>, name: &str) -> String {
    let Ok(games) = ctx.storage().rule_sets().await else {
        return String::new();
    };
    crate::words::did_you_mean(name, games.iter().map(|g| g.name.as_str()))
}

/// A saved game by name (case does not matter), or a refusal naming what exists.
/// The refusal is of what was typed: the person named no game.
pub(crate) async fn find(ctx: &Ctx<'_>, name: &str) -> Result<SavedRuleSet, Refusal> {
    match ctx.storage().rule_set(name).await.map_err(said)? {
        Some(saved) => Ok(saved),
        None => Err(mistyped!(
            "There is no game called \"{name}\".{} `game list` lists the games.",
            close_game(ctx, name).await
        )),
    }
}
