//! `redscience render GAME_OR_FILE MOVE... [--view N|public] --out FILE.png`:
//! the board after some moves as a picture, for scripts and documentation.

use std::path::Path;
use std::process::ExitCode;

use redscience_render::{
    BoardOptions, MatchResult, board_png, caption, deciding_groups, last_turn,
};

use crate::replay::{Eyes, eyes, position, seen};
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
    let (_, view) = seen(&state, eyes);
    // The truth may show the last turn; a viewer's picture does not guess
    // at what it may not know.
    let last_move = match eyes {
        Eyes::Truth => last_turn(state.history()),
        _ => Vec::new(),
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
