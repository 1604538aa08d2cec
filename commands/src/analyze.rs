//! `analyze GAME`: a sealed-plan game's equilibrium in its own words (each
//! seat's plans and their probabilities, values, the exploitability
//! reached and how the standard player plays), computed off the async
//! runtime by the engine's theory module.

use redscience_ai::theory::TheoryError;
use redscience_ai::theory::report;
use redscience_engine::Game;

use crate::arguments::Args;
use crate::context::{Answer, Ctx, refused};

/// Games to suggest when the one asked about cannot be analysed.
const EXAMPLE: &str = "`analyze StagHunt` or `analyze PrisonerDilemma`";

/// `analyze GAME`.
pub(crate) async fn analyze(ctx: &Ctx<'_>, args: &Args) -> Answer {
    let saved = args.saved_game()?.clone();
    let name = saved.name.clone();
    let game =
        Game::new(saved.rules).map_err(|_| format!("{name} cannot be played by this release."))?;
    let asked = name.clone();
    let result = ctx
        .services
        .think(move || report::analyze(&game, &asked))
        .await?;
    match result {
        Ok(report) => Ok(ctx.answer(report.text())),
        Err(TheoryError::NoSealedRound) => Err(refused!(
            "{name} cannot be analysed: {}. Try a game whose players plan at once, e.g. {EXAMPLE}.",
            TheoryError::NoSealedRound
        )),
        Err(too_big) => Err(refused!(
            "{name} cannot be analysed: {too_big}. Smaller sealed-plan games can, e.g. {EXAMPLE}."
        )),
    }
}
