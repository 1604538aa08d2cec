//! `redscience render GAME_OR_FILE MOVE... [--view N|public] --out FILE.png`:
//! the board after some moves as a picture, for scripts and documentation.

use std::path::Path;
use std::process::ExitCode;

use redscience_render::{BoardOptions, board_png, caption};

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
    let last_move = match (eyes, state.decisions().last()) {
        // The truth may show the last move; a viewer's picture does not
        // guess at what it may not know.
        (Eyes::Truth, Some(redscience_engine::Move::Place { to, .. }))
        | (Eyes::Truth, Some(redscience_engine::Move::Step { to, .. })) => vec![*to],
        _ => Vec::new(),
    };
    let options = BoardOptions {
        caption: caption(&game, &view),
        last_move,
        ..BoardOptions::default()
    };
    let png =
        board_png(&game, &view, &options).map_err(|e| format!("cannot draw the board: {e}"))?;
    std::fs::write(out, png).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    println!("{}", out.display());
    Ok(ExitCode::SUCCESS)
}
