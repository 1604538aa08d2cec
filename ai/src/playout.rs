//! Informed playouts: in a game of lines, a random playout mostly ignores
//! a line one stone short, so it says little about a position (on 15x15,
//! a four left open is as often lost as won). Here a seat that can
//! complete a line does (a decisive move), and otherwise fills the cell
//! where the next seat would complete one (an anti-decisive move); only
//! then is the placement drawn at random, and under gravity a draw that
//! would make such a cell playable is drawn again, a few times (Teytaud
//! and Teytaud, "On the huge benefit of decisive moves in Monte-Carlo tree
//! search algorithms", IEEE CIG 2010).
//!
//! The cells that complete a line are the engine's facts, kept by a lean
//! run as stones are placed (see `LeanRun::inform`); the choice among them
//! is the search's, made here. Random, the benchmarks and every test that
//! compares a run with the state keep the uniform draw.

use rand::Rng;
use redscience_engine::Game;
use redscience_engine::game::{LeanRun, RunStop};
use redscience_engine::rules::BoardKind;

/// Random draws an informed playout makes before it settles for a move
/// that opens a cell where a seat completes a line (see
/// `LeanRun::opens_a_line`).
const SAFE_TRIES: u32 = 12;

/// Plays the run's placements out, at most `limit`: informed where the run
/// keeps the cells completing a line, else Random's draws. Returns how
/// many it played, and why it stopped.
pub(crate) fn play<R: Rng + ?Sized>(
    run: &mut LeanRun,
    game: &Game,
    rng: &mut R,
    limit: usize,
) -> (usize, RunStop) {
    if !run.tracks_threats() {
        return run.play(game, rng, limit);
    }
    run.refresh_threats(game);
    let mut played = 0;
    while played < limit {
        played += 1;
        let me = run.to_move();
        let threat = run
            .open_threat(game, me)
            .or_else(|| run.open_threat(game, 1 - me));
        let slot = match threat {
            Some(slot) => slot,
            None => match safe_draw(run, game, rng) {
                Some(slot) => slot,
                None => return (played, RunStop::Pass),
            },
        };
        if let Err(stop) = run.place_noting(game, slot) {
            return (played, stop);
        }
    }
    (played, RunStop::Limit)
}

/// Whether the run's playouts are informed and keep clear of the cells
/// above where a line would be completed (see `LeanRun::opens_a_line`):
/// values from them are steadier, so the tree explores less.
pub(crate) fn under_gravity(run: &LeanRun, game: &Game) -> bool {
    run.tracks_threats() && game.geometry.kind == BoardKind::Stacks
}

/// Random's slot, drawn again (up to `SAFE_TRIES` draws in all) while it
/// would make a cell completing a line playable; None where a pass was
/// drawn.
fn safe_draw<R: Rng + ?Sized>(run: &LeanRun, game: &Game, rng: &mut R) -> Option<u16> {
    let mut tries = 0;
    loop {
        let slot = run.draw_slot(game, rng)?;
        tries += 1;
        if tries >= SAFE_TRIES || !run.opens_a_line(game, slot) {
            return Some(slot);
        }
    }
}

#[cfg(test)]
mod tests;
