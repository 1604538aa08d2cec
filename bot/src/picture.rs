//! `redscience render GAME_OR_FILE MOVE... [--view N|public] --out FILE.png`:
//! the board after some moves as a picture, for scripts and documentation.

use std::path::Path;
use std::process::ExitCode;

use redscience_engine::State;
use redscience_engine::rules::{Cloaking, Order};
use redscience_render::{
    BoardOptions, MatchResult, board_png, caption, deciding_groups, last_turn,
};

use crate::replay::{Eyes, eyes, position, view_of};
use crate::source;

pub fn run(
    game_or_file: &str,
    moves: &[String],
    view: Option<&str>,
    out: &Path,
    seed: u64,
) -> Result<ExitCode, String> {
    let game = source::compile(source::load(game_or_file)?)?;
    let eyes = eyes(view, game.seats.len())?;
    let state = position(&game, moves, seed)?;
    // A picture is always what someone may see: without --view, a
    // spectator's. As in the bot's pictures, the last turn is outlined
    // only where no move is secret.
    let viewer = match eyes {
        Eyes::Truth => None,
        Eyes::Viewer(viewer) => viewer,
    };
    let view = view_of(&state, viewer);
    let last_move = if moves_are_secret(&state) {
        Vec::new()
    } else {
        last_turn(state.history())
    };
    let options = BoardOptions {
        caption: caption(&game, &view, &[]),
        result: state
            .outcome()
            .map(|outcome| MatchResult::of_outcome(&game, outcome, &[])),
        deciding: state.outcome().map(deciding_groups).unwrap_or_default(),
        last_move,
        ..BoardOptions::default()
    };
    let png =
        board_png(&game, &view, &options).map_err(|e| format!("cannot draw the board: {e}"))?;
    std::fs::write(out, png).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    println!("{}", out.display());
    Ok(ExitCode::SUCCESS)
}

/// Whether the moves of the match's current phase are kept from some
/// eyes: under cloaking, or in sealed rounds.
fn moves_are_secret(state: &State) -> bool {
    let rules = &state.game().rules;
    rules.cloaking != Cloaking::None || rules.phases[state.phase()].order != Order::Sequential
}
