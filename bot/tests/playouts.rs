//! Property tests: random playouts of every catalogue game, from random seeds.
//!
//! Every playout must end within a bound derived from the game, apply only
//! moves from `legal_moves`, keep every piece accounted for (on the board or
//! in reserve; nothing is captured in these games), finish with one result
//! per seat, replay from its decisions to the same position and outcome, and
//! undo its last decision back to the position before it.

use std::sync::{Arc, OnceLock};

use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use redscience_engine::game::{BoardEnding, GameState, Rule};
use redscience_engine::random::random_move;
use redscience_engine::rules::{Color, Shape, StalemateRule, TurnCheck};
use redscience_engine::testing::catalogue_game;
use redscience_engine::{Game, Move, SeatResult, State, catalogue};

/// The catalogue, compiled once for all cases.
fn game(name: &str) -> Arc<Game> {
    static GAMES: OnceLock<Vec<Arc<Game>>> = OnceLock::new();
    let games = GAMES.get_or_init(|| catalogue::names().into_iter().map(catalogue_game).collect());
    games
        .iter()
        .find(|g| g.rules.name == name)
        .unwrap_or_else(|| panic!("{name} is not in the catalogue"))
        .clone()
}

/// Every (colour, shape) a game uses.
fn kinds(game: &Game) -> Vec<(Color, Shape)> {
    let mut out = Vec::new();
    for s in &game.rules.shapes {
        for color in Color::ALL {
            out.push((color, s.shape));
        }
    }
    out
}

/// Pieces of each kind on the board plus in reserve.
fn totals(state: &State, kinds: &[(Color, Shape)]) -> Vec<u32> {
    let cells = state.game().geometry.cell_count() as u16;
    kinds
        .iter()
        .map(|&(color, shape)| {
            let on_board = (0..cells)
                .filter(|&c| state.piece_at(c) == Some((color, shape)))
                .count() as u32;
            on_board + u32::from(state.reserve(color, shape))
        })
        .collect()
}

/// What a position is made of: every cell and every reserve.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Snapshot {
    board: Vec<Option<(Color, Shape)>>,
    reserves: Vec<u16>,
    to_move: usize,
    history: usize,
    finished: bool,
}

fn snapshot(state: &State, kinds: &[(Color, Shape)]) -> Snapshot {
    let cells = state.game().geometry.cell_count() as u16;
    Snapshot {
        board: (0..cells).map(|c| state.piece_at(c)).collect(),
        reserves: kinds.iter().map(|&(c, s)| state.reserve(c, s)).collect(),
        to_move: state.to_move(),
        history: state.history().len(),
        finished: state.is_terminal(),
    }
}

/// n! / (k1! k2! ... (n - sum k)!), saturating.
fn multinomial(n: u32, parts: &[u32]) -> u128 {
    let mut out: u128 = 1;
    let mut left = n;
    for &k in parts {
        if k > left {
            return 0;
        }
        // C(left, k), computed exactly step by step.
        let mut c: u128 = 1;
        for i in 0..k {
            c = c * u128::from(left - i) / u128::from(i + 1);
        }
        out = out.saturating_mul(c);
        left -= k;
    }
    out
}

/// An upper bound on the moves (history entries, automatic ones included) of
/// any match of the game, derived from its rules.
///
/// Without movement every move places a piece or passes. A pass changes
/// nothing, so once every seat has passed in a row the next pass repeats a
/// turn in the same position, which is the stalemate: at most `seats + 2`
/// passes follow a placement (the pass that ends a two-piece turn, every
/// seat's, and the repeat), or the start.
///
/// With movement the argument is the stalemate rule itself: no seat may
/// repeat a turn in a position it faced before, so a match has at most one
/// turn per (seat, position, move) and one more. Positions are counted as
/// every reserve vector times every arrangement of the pieces off reserve.
fn bound(game: &Game, start: &State) -> u128 {
    let seats = game.seats.len() as u128;
    let kinds = kinds(game);
    let reserves: Vec<u32> = kinds
        .iter()
        .map(|&(c, s)| u32::from(start.reserve(c, s)))
        .collect();
    let total_reserve: u128 = reserves.iter().map(|&r| u128::from(r)).sum();
    let per_turn = u128::from(game.rules.pieces_per_turn);
    let placing = total_reserve + (seats + 2) * (total_reserve + 1);
    let moves = game.rules.shapes.iter().any(|s| !s.movement.is_empty());
    if !moves {
        return placing;
    }
    let cells = game.geometry.cell_count() as u32;
    let on_board: Vec<u32> = totals(start, &kinds)
        .iter()
        .zip(&reserves)
        .map(|(t, r)| t - r)
        .collect();
    // Every reserve vector r <= the starting one; pieces on the board are the rest.
    let mut positions: u128 = 0;
    let mut r = vec![0u32; kinds.len()];
    loop {
        let placed: Vec<u32> = (0..kinds.len())
            .map(|i| on_board[i] + reserves[i] - r[i])
            .collect();
        positions = positions.saturating_add(multinomial(cells, &placed));
        let mut i = 0;
        while i < r.len() && r[i] == reserves[i] {
            r[i] = 0;
            i += 1;
        }
        if i == r.len() {
            break;
        }
        r[i] += 1;
    }
    let cells = u128::from(cells);
    // Steps (from, to), placements (kind, to), a pass.
    let moves_per_position = cells * cells + cells * kinds.len() as u128 + 1;
    let turns = seats
        .saturating_mul(positions)
        .saturating_mul(moves_per_position.saturating_pow(u32::from(game.rules.pieces_per_turn)))
        .saturating_add(1);
    placing.saturating_add(turns.saturating_mul(per_turn + 1))
}

fn check_playout(name: &str, seed: u64) -> Result<(), TestCaseError> {
    let game = game(name);
    let kinds = kinds(&game);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut state = game.start();
    let initial = totals(&state, &kinds);
    let limit = bound(&game, &state);
    let mut snapshots = vec![snapshot(&state, &kinds)];
    while let Some(mv) = random_move(&state, &mut rng) {
        let seat = state.to_move();
        let legal = state.legal().to_vec();
        prop_assert!(legal.contains(&mv), "{name}: {mv:?} is not in {legal:?}");
        let before = state.history().len();
        state
            .apply(mv)
            .map_err(|e| TestCaseError::fail(format!("{name}: {mv:?} refused: {e}")))?;

        // The decision, then only automatic moves.
        let new: Vec<_> = state.history().since(before).copied().collect();
        prop_assert!(!new.is_empty());
        prop_assert_eq!(
            (new[0].seat(), new[0].mv, new[0].automatic),
            (seat, mv, false)
        );
        for a in &new[1..] {
            prop_assert!(a.automatic, "{name}: {a:?}");
            prop_assert!(a.mv == Move::Pass || a.mv.is_board_move(), "{name}: {a:?}");
        }
        // The engine stops for a decision only when there is a real choice.
        if !state.is_terminal() && state.draw_offered_by().is_none() {
            let choices = state
                .legal()
                .to_vec()
                .into_iter()
                .filter(|m| *m != Move::OfferDraw)
                .count();
            prop_assert!(choices >= 2, "{name}: stopped with {choices} choice(s)");
        }
        prop_assert_eq!(
            &totals(&state, &kinds),
            &initial,
            "{}: pieces went missing",
            name
        );
        prop_assert!(
            (state.history().len() as u128) <= limit,
            "{name}: {} moves, over the bound {limit}",
            state.history().len()
        );
        snapshots.push(snapshot(&state, &kinds));
    }
    prop_assert!(
        state.is_terminal(),
        "{name}: Random found no move in an unfinished game"
    );
    prop_assert!(state.legal().is_empty());

    // One result per seat, and a coherent one.
    let outcome = state.outcome().expect("finished").clone();
    prop_assert_eq!(outcome.results.len(), game.seats.len());
    let wins = outcome
        .results
        .iter()
        .filter(|r| **r == SeatResult::Win)
        .count();
    let draws = outcome
        .results
        .iter()
        .filter(|r| **r == SeatResult::Draw)
        .count();
    prop_assert!(
        draws == 0 || draws == outcome.results.len(),
        "{name}: a mixed outcome {outcome:?}"
    );
    let fired = || outcome.explanation.boards().iter().flat_map(|b| &b.fired);
    if fired().any(|f| {
        matches!(
            f.rule,
            Rule::Check(TurnCheck::InARow { .. } | TurnCheck::AllLoseIfInARow { .. })
        )
    }) {
        prop_assert!(
            wins >= 1 && wins < outcome.results.len(),
            "{name}: {outcome:?}"
        );
    }
    if fired().any(|f| f.rule == Rule::Stalemate(StalemateRule::Draw)) {
        prop_assert_eq!(draws, outcome.results.len());
    }

    // The decisions are exactly the moves that were not automatic.
    let chosen: Vec<Move> = state
        .history()
        .iter()
        .filter(|a| !a.automatic)
        .map(|a| a.mv)
        .collect();
    prop_assert_eq!(state.decisions().to_vec(), chosen);

    // Replaying the decisions rebuilds the same match.
    let again = State::replay(&game, state.decisions()).map_err(|(i, e)| {
        TestCaseError::fail(format!("{name}: decision {i} refused on replay: {e}"))
    })?;
    prop_assert_eq!(snapshot(&again, &kinds), snapshot(&state, &kinds));
    prop_assert_eq!(again.outcome(), Some(&outcome));
    prop_assert_eq!(again.history(), state.history());

    // Undo takes back the last decision and what the engine played after it.
    let mut undone = state.clone();
    prop_assert!(undone.undo());
    let previous = &snapshots[snapshots.len() - 2];
    prop_assert_eq!(&snapshot(&undone, &kinds), previous);
    prop_assert!(!undone.is_terminal());
    prop_assert_eq!(
        undone.decisions().to_vec(),
        state.decisions().to_vec()[..state.decisions().len() - 1].to_vec()
    );
    Ok(())
}

macro_rules! playouts {
    ($($test:ident: $name:literal, $cases:expr;)*) => {
        /// The games these tests cover, in catalogue order.
        const COVERED: &[&str] = &[$($name),*];
        $(
            proptest! {
                #![proptest_config(ProptestConfig {
                    cases: $cases,
                    failure_persistence: None,
                    ..ProptestConfig::default()
                })]
                #[test]
                fn $test(seed in any::<u64>()) {
                    check_playout($name, seed)?;
                }
            }
        )*
    };
}

playouts! {
    tic_tac_toe: "Tic-Tac-Toe", 256;
    three_on_15_line: "3on15line", 128;
    treblecross15: "Treblecross15", 128;
    three_player_misere_notakto: "3P-Misere-Notakto", 256;
    three_player_notakto: "3P-Notakto", 256;
    four_on_7sq: "4on7sq", 64;
    five_on_15sq: "5on15sq", 24;
    connect6_19x19: "Connect6-19x19", 16;
    tapatan: "Tapatan", 256;
    achi: "Achi", 256;
    nine_holes: "9-Holes", 256;
    qubic_4: "Qubic-4", 64;
    connect4: "Connect4", 128;
    three_player_most_wins_3x4: "3P-MostWins-3x4", 128;
    three_player_least_loses_3x4: "3P-LeastLoses-3x4", 128;
    wild_ttt_6sq3143: "Wild-TTT-6sq3143", 64;
}

#[test]
fn every_foundation_game_has_playouts() {
    assert_eq!(COVERED, &catalogue::foundation_names()[..]);
}

/// The game-theory games capture, split pots, fold and resolve sealed
/// rounds, so the piece count and move bound above do not hold for them.
/// Random play still ends every match with one result per seat, offers
/// only legal moves, and replays from its decisions to the same match.
#[test]
fn game_theory_games_play_out_at_random_and_replay() {
    for name in catalogue::game_theory_names() {
        let g = game(name);
        for seed in 0..12 {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut s = g.start_seeded(seed);
            while let Some(mv) = random_move(&s, &mut rng) {
                assert!(s.legal().contains(&mv), "{name}: {mv:?}");
                s.apply(mv)
                    .unwrap_or_else(|e| panic!("{name} seed {seed}: {mv:?}: {e}"));
                assert!(s.history().len() < 20_000, "{name} seed {seed} runs on");
            }
            let outcome = s
                .outcome()
                .unwrap_or_else(|| panic!("{name} seed {seed}: Random stopped early"));
            assert_eq!(outcome.results.len(), g.seats.len(), "{name}");
            let again = State::replay_seeded(&g, seed, s.decisions())
                .unwrap_or_else(|(i, e)| panic!("{name} seed {seed}: decision {i}: {e}"));
            assert_eq!(again.history(), s.history(), "{name} seed {seed}");
            assert_eq!(again.outcome(), Some(outcome), "{name} seed {seed}");
        }
    }
}

#[test]
fn bounds_are_what_the_rules_give() {
    let b = |name: &str| {
        let g = game(name);
        bound(&g, &g.start())
    };
    // Tic-Tac-Toe: 9 placements, each (and the start) followed by at most 4 passes.
    assert_eq!(b("Tic-Tac-Toe"), 9 + 4 * 10);
    assert_eq!(b("3P-Notakto"), 9 + 5 * 10);
    // Connect6: 360 stones from reserve.
    assert_eq!(b("Connect6-19x19"), 360 + 4 * 361);
    // Movement games are bounded by their positions, however loosely.
    for name in ["Tapatan", "Achi", "9-Holes"] {
        let bound = b(name);
        assert!(bound > 1_000 && bound < 100_000_000, "{name}: {bound}");
    }
}

/// Random playouts of the movement games do end by repetition, and quickly:
/// far inside the bound above.
#[test]
fn movement_games_end_by_repetition_or_a_line() {
    for name in ["Tapatan", "Achi", "9-Holes"] {
        let g = game(name);
        let mut longest = 0;
        let mut stalemates = 0;
        for seed in 0..300 {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut s = g.start();
            while let Some(mv) = random_move(&s, &mut rng) {
                s.apply(mv).unwrap();
                assert!(s.history().len() < 100_000, "{name} seed {seed} runs on");
            }
            longest = longest.max(s.history().len());
            let draws = |b: &BoardEnding| {
                b.fired
                    .iter()
                    .any(|f| f.rule == Rule::Stalemate(StalemateRule::Draw))
            };
            if s.outcome().unwrap().explanation.boards().iter().any(draws) {
                stalemates += 1;
            }
        }
        assert!(stalemates > 0, "{name}: some playouts stalemate");
        assert!(
            longest < 5_000,
            "{name}: the longest playout took {longest} moves"
        );
    }
}
