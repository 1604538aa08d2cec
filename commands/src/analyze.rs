//! `analyze GAME`: a sealed-plan game's equilibrium in its own words (each
//! seat's plans and their probabilities, values, the exploitability
//! reached and how the standard player plays), computed off the async
//! runtime by the engine's theory module.

use redscience_engine::Game;
use redscience_engine::theory::TheoryError;
use redscience_engine::theory::report;

use crate::context::{Answer, Ctx, mistyped, refused};

/// Games to suggest when the one asked about cannot be analysed.
const EXAMPLE: &str = "`analyze StagHunt` or `analyze PrisonerDilemma`";

pub(crate) async fn analyze(ctx: &Ctx<'_>, args: &[String]) -> Answer {
    if args.is_empty() {
        return Err(mistyped!(
            "Which game? Give the name of a game with a sealed round, e.g. {EXAMPLE}."
        ));
    }
    if args.len() > 1 {
        return Err(mistyped!(
            "`analyze` takes one game's name, not {} words.",
            args.len()
        ));
    }
    let saved = crate::saved_games::find(ctx, args.first()).await?;
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
