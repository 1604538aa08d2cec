//! The Random player (and Chaos, which plays the same way): every legal move
//! listed once per reserve piece it could use, then a uniform pick. Random
//! never offers a draw and answers offers at even odds.

use rand::{Rng, RngExt};

use crate::game::{Move, State};

/// Random's choice for the seat to move, or None when the game is over.
pub fn random_move<R: Rng + ?Sized>(state: &State, rng: &mut R) -> Option<Move> {
    // While a draw is offered, the legal moves are agree and refuse.
    if state.draw_offered_by().is_some() && !state.legal().is_empty() {
        return Some(if rng.random_bool(0.5) {
            Move::AgreeDraw
        } else {
            Move::RefuseDraw
        });
    }
    if let Some(mv) = random_placement(state, rng) {
        return mv;
    }
    let moves = state.legal();
    let weight = |m: &Move| -> u32 {
        match m {
            Move::OfferDraw => 0,
            Move::Place { color, shape, .. } => u32::from(state.reserve(*color, *shape)),
            _ => 1,
        }
    };
    let total: u32 = moves.iter().map(weight).sum();
    if total == 0 {
        return None;
    }
    let mut pick = rng.random_range(0..total);
    for m in moves {
        let w = weight(m);
        if pick < w {
            return Some(*m);
        }
        pick -= w;
    }
    None
}

/// Random's choice where the state keeps its placements as a product of
/// kinds and open slots, without listing them: the same pick, from the same
/// draw, as walking the list (slot by slot, each kind as many times as it
/// is held, then the other moves). None when the state keeps a plain list.
fn random_placement<R: Rng + ?Sized>(state: &State, rng: &mut R) -> Option<Option<Move>> {
    let (kinds, slots) = state.placing()?;
    let per_slot: u32 = kinds
        .iter()
        .map(|&(color, shape)| u32::from(state.reserve(color, shape)))
        .sum();
    let placements = per_slot * slots.len() as u32;
    let others = state.listed_choices();
    let weight = |m: &Move| u32::from(*m != Move::OfferDraw);
    let total = placements + others.iter().map(weight).sum::<u32>();
    if total == 0 {
        return Some(None);
    }
    let mut pick = rng.random_range(0..total);
    if pick < placements {
        let to = state.slot_target(slots.nth((pick / per_slot) as usize));
        let mut within = pick % per_slot;
        for &(color, shape) in kinds {
            let held = u32::from(state.reserve(color, shape));
            if within < held {
                return Some(Some(Move::Place { color, shape, to }));
            }
            within -= held;
        }
    }
    pick -= placements;
    for m in others {
        if pick < weight(m) {
            return Some(Some(*m));
        }
        pick -= weight(m);
    }
    Some(None)
}

/// Plays random moves until the game ends; returns the number of moves applied.
pub fn playout<R: Rng + ?Sized>(state: &mut State, rng: &mut R) -> usize {
    let mut moves = 0;
    while let Some(m) = random_move(state, rng) {
        state.apply(m).expect("random moves are legal");
        moves += 1;
    }
    moves
}

/// Plays whole random games from the start position until `stop`, asked
/// after each game with the count so far, says enough; returns the games
/// and the moves played. Games go through the compiled kernel when the rule
/// set has one, unless `general` asks for the general engine.
pub fn playouts<R: Rng + ?Sized>(
    game: &std::sync::Arc<crate::Game>,
    rng: &mut R,
    general: bool,
    mut stop: impl FnMut(u64) -> bool,
) -> (u64, u64) {
    let (mut games, mut moves) = (0u64, 0u64);
    match game.rollout() {
        Some(kernel) if !general && kernel.load(&game.start(), &mut Default::default()) => {
            let mut start = crate::rollout::Playout::default();
            kernel.load(&game.start(), &mut start);
            let mut board = start.clone();
            loop {
                board.reset_from(&start);
                moves += kernel.play(&mut board, rng).moves as u64;
                games += 1;
                if stop(games) {
                    return (games, moves);
                }
            }
        }
        _ => {
            let mut start = game.start_seeded(0);
            start.make_quiet();
            let mut state = start.clone();
            loop {
                state.restart_from(&start, games);
                moves += playout(&mut state, rng) as u64;
                games += 1;
                if stop(games) {
                    return (games, moves);
                }
            }
        }
    }
}
