//! Typed move text against catalogue games: the first byte picks the game,
//! the next bytes play a few legal moves, the rest is the text typed.
#![no_main]

use std::sync::{Arc, OnceLock};

use libfuzzer_sys::fuzz_target;
use redscience_engine::{Game, catalogue, notation};

fn games() -> &'static [Arc<Game>] {
    static GAMES: OnceLock<Vec<Arc<Game>>> = OnceLock::new();
    GAMES.get_or_init(|| {
        catalogue::all()
            .into_iter()
            .map(|rules| Game::new(rules).expect("catalogue games are valid"))
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let [which, moves, rest @ ..] = data else {
        return;
    };
    let game = &games()[*which as usize % games().len()];
    let moves = (*moves as usize % 16).min(rest.len());
    let (picks, text) = rest.split_at(moves);
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let mut state = game.start_seeded(u64::from(*which));
    for &pick in picks {
        let legal = state.legal_moves();
        if state.is_finished() || legal.is_empty() {
            break;
        }
        state
            .apply(legal[pick as usize % legal.len()])
            .expect("a legal move applies");
    }
    let _ = notation::parse_turn(text);
    let _ = notation::apply_turn(&mut state, text, |s| s.legal_moves().first().copied());
    // Every legal move's typed text plays that move back.
    if let Some(&mv) = state.legal_moves().first()
        && let Some(typed) = notation::typed(&state, mv)
    {
        let mut trial = state.clone();
        notation::apply_turn(&mut trial, &typed, |_| None).expect("typed text plays");
    }
});
