//! The informed playout's choices, against the engine's facts: the wins
//! the state's own rules give, and the cells its lean run keeps (tested
//! exact against the rules in the engine's `threats` tests).

use std::collections::BTreeSet;
use std::sync::Arc;

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use redscience_engine::Game;
use redscience_engine::game::{GameState, LeanRun, Move, SeatResult, State};
use redscience_engine::testing::{catalogue_game, cell_of, line_game_positions, played};

/// The cells where a move of `seat` ends the game at once with its win,
/// by the state's own rules: each legal move made and the returns read.
fn winning_moves(state: &State, seat: usize) -> BTreeSet<u16> {
    (state.legal_actions().iter())
        .filter_map(|&mv| {
            let mut next = state.clone();
            next.apply_action(mv).ok()?;
            let won = next.returns()?.nth(seat)? >= 1.0;
            let Move::Place { to, .. } = mv else {
                return None;
            };
            won.then_some(to)
        })
        .collect()
}

/// A run loaded from `state` that keeps the cells completing a line, with
/// those of the board listed.
fn informed_run(game: &Arc<Game>, state: &State) -> Option<LeanRun> {
    let mut run = LeanRun::default();
    run.inform(game);
    if !(run.load(state) && run.tracks_threats()) {
        return None;
    }
    run.note_all_threats(game);
    Some(run)
}

fn first_cell(run: &LeanRun) -> u16 {
    match run.placements().next() {
        Some(Move::Place { to, .. }) => to,
        other => panic!("a placement, not {other:?}"),
    }
}

/// The landing cells of the legal placements.
fn landings(state: &State) -> Vec<u16> {
    (state.legal_actions().iter())
        .filter_map(|mv| match mv {
            Move::Place { to, .. } => Some(*to),
            _ => None,
        })
        .collect()
}

#[test]
fn a_playout_wins_where_it_can_and_else_blocks_the_next_seats_win() {
    let mut checked = [0, 0];
    for state in line_game_positions(40) {
        let game = state.game().clone();
        let Some(me) = state.movers().next() else {
            continue;
        };
        // One placement a turn: a turn of two is proved by whole turns.
        if game.rules.pieces_per_turn != 1 || !state.moves_this_turn().is_empty() {
            continue;
        }
        let Some(mut run) = informed_run(&game, &state) else {
            continue;
        };
        let wins = winning_moves(&state, me);
        let blocks: BTreeSet<u16> = (run.open_threats(&game, 1 - me).into_iter())
            .map(|slot| run.landing(&game, slot))
            .collect();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(state.decisions().len() as u64);
        let (_, stop) = super::play(&mut run, &game, &mut rng, 1);
        let first = first_cell(&run);
        let name = &game.rules.name;
        if !wins.is_empty() {
            assert!(
                wins.contains(&first),
                "{name}: wins at {wins:?}, played {first}"
            );
            assert!(stop.decided(), "the win ends the playout");
            checked[0] += 1;
        } else if !blocks.is_empty() {
            assert!(
                blocks.contains(&first),
                "{name}: blocks {blocks:?}, played {first}"
            );
            checked[1] += 1;
        }
    }
    assert!(
        checked[0] >= 10 && checked[1] >= 10,
        "positions checked: {checked:?}"
    );
}

#[test]
fn an_informed_playout_takes_an_open_four_and_blocks_a_four() {
    let game = catalogue_game("5on15sq");
    // Black's open four from 8,8 to 8,11 (white's stones far off), black
    // to move: every playout wins at once, on 8,7 or 8,12.
    let open = played(
        &game,
        &["8,8", "1,1", "8,9", "1,15", "8,10", "15,1", "8,11", "15,15"],
    );
    let wins: BTreeSet<u16> = ["8,7", "8,12"].iter().map(|t| cell_of(&open, t)).collect();
    // Black's four from 8,8 to 8,11, closed by white on 8,7: white must
    // fill 8,12.
    let four = played(&game, &["8,8", "8,7", "8,9", "1,1", "8,10", "1,15", "8,11"]);
    let block = cell_of(&four, "8,12");
    for seed in 0..50 {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut run = informed_run(&game, &open).expect("a lean run");
        let (played, stop) = super::play(&mut run, &game, &mut rng, usize::MAX);
        assert_eq!((played, stop.decided()), (1, true), "seed {seed}");
        assert_eq!(run.results()[0], SeatResult::Win, "black wins");
        assert!(wins.contains(&first_cell(&run)));
        let mut run = informed_run(&game, &four).expect("a lean run");
        super::play(&mut run, &game, &mut rng, 1);
        assert_eq!(first_cell(&run), block, "seed {seed}");
    }
}

#[test]
fn under_gravity_a_playout_keeps_off_the_cells_below_a_line() {
    let game = catalogue_game("Connect4");
    let (mut tried, mut opened, mut uniform) = (0, 0, 0.0);
    for state in line_game_positions(200) {
        if state.game().rules.name != "Connect4" {
            continue;
        }
        let Some(me) = state.movers().next() else {
            continue;
        };
        let Some(mut probe) = informed_run(&game, &state) else {
            continue;
        };
        // No win to take and none to block: the playout draws.
        if !winning_moves(&state, me).is_empty() || !probe.open_threats(&game, 1 - me).is_empty() {
            continue;
        }
        let landings = landings(&state);
        let column = |to: u16| game.geometry.column_of(to) as u16;
        let opening: BTreeSet<u16> = (landings.iter().copied())
            .filter(|&to| probe.opens_a_line(&game, column(to)))
            .collect();
        if opening.is_empty() || opening.len() == landings.len() {
            continue;
        }
        for seed in 0..20 {
            let mut run = informed_run(&game, &state).expect("a lean run");
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            super::play(&mut run, &game, &mut rng, 1);
            tried += 1;
            opened += usize::from(opening.contains(&first_cell(&run)));
            uniform += opening.len() as f64 / landings.len() as f64;
        }
    }
    assert!(tried >= 100, "playouts checked: {tried}");
    // A uniform draw would open such a cell `uniform` times in all.
    assert!(
        (opened as f64) < uniform / 4.0,
        "opened {opened} times in {tried}; a uniform draw would {uniform:.0}"
    );
}

#[test]
fn a_run_that_keeps_no_threats_plays_random_draws() {
    // Where both seats place the same piece, no cell completes a line of
    // one seat's: the playout is Random's, draw for draw.
    let game = catalogue_game("Treblecross15");
    let state = game.start_seeded(3);
    let (mut ours, mut random) = (LeanRun::default(), LeanRun::default());
    ours.inform(&game);
    assert!(!ours.tracks_threats());
    assert!(ours.load(&state) && random.load(&state), "a lean run");
    let played = super::play(
        &mut ours,
        &game,
        &mut Xoshiro256PlusPlus::seed_from_u64(5),
        30,
    );
    let expected = random.play(&game, &mut Xoshiro256PlusPlus::seed_from_u64(5), 30);
    assert_eq!(played, expected);
    assert!(ours.placements().eq(random.placements()));
}

#[test]
fn only_informed_runs_under_gravity_explore_less() {
    let under = |name: &str| {
        let game = catalogue_game(name);
        let mut run = LeanRun::default();
        run.inform(&game);
        super::under_gravity(&run, &game)
    };
    assert!(under("Connect4"));
    assert!(!under("Qubic-4") && !under("Tic-Tac-Toe") && !under("5on15sq"));
}
