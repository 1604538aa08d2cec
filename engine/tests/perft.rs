//! Perft against published counts: Tic-Tac-Toe, Connect Four, Reversi and
//! Breakthrough.
//!
//! Perft counts *decisions*; a move the engine plays by itself (the only
//! move left) is none. In Tic-Tac-Toe the ninth move is always the only one
//! left, so decision depths 1 to 8 are plies 1 to 8, and the ninth ply folds
//! into the eighth decision. Each game also has a small reference
//! enumerator here, written without the engine, that reproduces the
//! published figures and gives those the sources do not list.
//!
//! The deeper Connect Four counts take half a minute and 400 MB in a debug
//! build, so they are ignored by default. Run them with
//! `cargo test -p redscience-engine --test perft -- --ignored`.

mod common;

use std::collections::{HashMap, HashSet};

use common::catalogue_game;
use redscience_engine::perft::{positions_by_depth, sequences_by_depth};
use redscience_engine::{SeatResult, State};

// ---- Tic-Tac-Toe ---------------------------------------------------------

/// Nodes of the full game tree at plies 1 to 9 (moves, not decisions), and
/// 549,946 nodes in all with the root: the README of
/// <https://github.com/gosom/tic-tac-toe-gametree> ("number of nodes at tree
/// depth 1 .. 9"). Their leaves are the 255,168 complete games of OEIS
/// A061526 (<https://oeis.org/A061526>, a(3)).
const TTT_NODES_BY_PLY: [u64; 9] = [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872];

/// Distinct legal positions after 0 to 9 plies, 5,478 in all: Henry
/// Bottomley, "How many Tic-Tac-Toe (noughts and crosses) games are
/// possible?" (<http://www.se16.info/hgb/tictactoe.htm>); the total also in
/// the gosom README above ("number of unique nodes: 5478"). Plies 0 to 4
/// can be checked by hand (no line is possible yet): 1, 9, 9*8, C(9,2)*7,
/// C(9,2)*C(7,2).
const TTT_POSITIONS_BY_PLY: [u64; 10] = [1, 9, 72, 252, 756, 1260, 1520, 1140, 390, 78];

/// Complete games won by X, won by O, drawn (the gosom README above).
const TTT_GAMES_X_O_DRAWN: [u64; 3] = [131_184, 77_904, 46_080];

const TTT_LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// A reference Tic-Tac-Toe without the engine: cells 0 empty, 1 X, 2 O.
type TttBoard = [u8; 9];

fn ttt_over(board: &TttBoard) -> bool {
    let line = TTT_LINES
        .iter()
        .any(|l| board[l[0]] != 0 && l.iter().all(|&c| board[c] == board[l[0]]));
    line || board.iter().all(|&c| c != 0)
}

fn ttt_children(board: &TttBoard, ply: usize) -> Vec<TttBoard> {
    if ttt_over(board) {
        return Vec::new();
    }
    (0..9)
        .filter(|&c| board[c] == 0)
        .map(|c| {
            let mut child = *board;
            child[c] = if ply.is_multiple_of(2) { 1 } else { 2 };
            child
        })
        .collect()
}

/// The reference's counts: nodes and distinct positions by ply, and the
/// distinct positions after 8 *decisions* (a ninth move, always forced,
/// played at once).
struct TttReference {
    nodes: Vec<u64>,
    positions: Vec<u64>,
    after_eight_decisions: u64,
}

fn ttt_reference() -> TttReference {
    let mut nodes = [0u64; 10];
    let mut layer: Vec<(TttBoard, u64)> = vec![([0; 9], 1)];
    let mut positions = vec![1u64];
    let mut after_eight = HashSet::new();
    for ply in 0..9 {
        // Positions with how many move orders reach them.
        let mut next: HashMap<TttBoard, u64> = HashMap::new();
        for (board, paths) in &layer {
            for child in ttt_children(board, ply) {
                *next.entry(child).or_default() += paths;
            }
        }
        nodes[ply + 1] = next.values().sum();
        positions.push(next.len() as u64);
        if ply + 1 == 8 {
            for board in next.keys() {
                let forced = ttt_children(board, 8);
                after_eight.insert(forced.first().copied().unwrap_or(*board));
            }
        }
        layer = next.into_iter().collect();
    }
    TttReference {
        nodes: nodes[1..].to_vec(),
        positions,
        after_eight_decisions: after_eight.len() as u64,
    }
}

#[test]
fn the_tic_tac_toe_reference_reproduces_the_published_counts() {
    let reference = ttt_reference();
    assert_eq!(reference.nodes, TTT_NODES_BY_PLY);
    assert_eq!(reference.positions, TTT_POSITIONS_BY_PLY);
    assert_eq!(TTT_POSITIONS_BY_PLY.iter().sum::<u64>(), 5478);
}

#[test]
fn tic_tac_toe_sequences_match_the_published_game_tree() {
    let start = catalogue_game("Tic-Tac-Toe").start();
    let counts = sequences_by_depth(&start, 9);
    assert_eq!(counts[..8], TTT_NODES_BY_PLY[..8], "decisions 1 to 8");
    assert_eq!(counts[8], 0, "the ninth move is always forced: no decision");
}

#[test]
fn tic_tac_toe_positions_match_the_published_counts() {
    let start = catalogue_game("Tic-Tac-Toe").start();
    let counts = positions_by_depth(&start, 9);
    assert_eq!(counts[..7], TTT_POSITIONS_BY_PLY[1..8], "decisions 1 to 7");
    assert_eq!(counts[7], ttt_reference().after_eight_decisions);
    assert_eq!(counts[8], 0);
}

/// Complete games by their number of moves (pieces on the final board,
/// forced moves included; a full board is followed by passes) and by
/// result, counted through the engine: the positions of Tic-Tac-Toe decide
/// their future, so each is expanded once and its games counted by the
/// number of paths that reach it.
#[test]
fn tic_tac_toe_has_255168_games_won_and_drawn_as_published() {
    let start = catalogue_game("Tic-Tac-Toe").start();
    let mut layer: Vec<(State, u64)> = vec![(start, 1)];
    let (mut games, mut games_by_length) = ([0u64; 3], [0u64; 10]);
    while !layer.is_empty() {
        let mut next: HashMap<Vec<u8>, (State, u64)> = HashMap::new();
        for (state, paths) in layer {
            if let Some(outcome) = state.outcome() {
                let result = match outcome.results[..] {
                    [SeatResult::Win, _] => 0,
                    [_, SeatResult::Win] => 1,
                    _ => 2,
                };
                games[result] += paths;
                let pieces = (0..9u16).filter(|&c| state.piece_at(c).is_some()).count();
                games_by_length[pieces] += paths;
                continue;
            }
            for &mv in state.legal() {
                let mut child = state.clone();
                child.apply(mv).unwrap();
                let board: Vec<u8> = (0..9u16)
                    .map(|c| {
                        child
                            .piece_at(c)
                            .map_or(0, |(color, _)| 1 + color.index() as u8)
                    })
                    .collect();
                next.entry(board).or_insert((child, 0)).1 += paths;
            }
        }
        layer = next.into_values().collect();
    }
    assert_eq!(games, TTT_GAMES_X_O_DRAWN);
    assert_eq!(games.iter().sum::<u64>(), 255_168);
    assert_eq!(
        games_by_length[9], TTT_NODES_BY_PLY[8],
        "games of nine moves"
    );
}

// ---- Connect Four --------------------------------------------------------

/// Legal 7x6 Connect Four positions after 0 to 12 plies: OEIS A212693
/// (<https://oeis.org/A212693>, John Tromp, from Edelkamp and Kissmann).
const C4_POSITIONS_BY_PLY: [u64; 13] = [
    1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275, 558186, 1662623, 4568683, 12236101,
];

/// Decision sequences by depth as far as they can be worked out by hand:
/// 7^d while no column is full and no line is possible (d <= 6); at 7,
/// 7^7 less one for each column filled by the first six discs (that
/// column has no seventh). No line of four exists before ply 7.
const C4_SEQUENCES_BY_HAND: [u64; 7] = [7, 49, 343, 2401, 16807, 117_649, 823_543 - 7];

/// A reference Connect Four without the engine, as bitboards: 7 bits per
/// column (6 cells and a guard), bit 0 at the bottom of the first column.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct C4 {
    /// Discs of the player who just moved.
    mover: u64,
    /// Every disc.
    filled: u64,
}

impl C4 {
    fn has_four(discs: u64) -> bool {
        [1, 7, 6, 8].iter().any(|&shift| {
            let pairs = discs & (discs >> shift);
            pairs & (pairs >> (2 * shift)) != 0
        })
    }

    fn children(self) -> Vec<C4> {
        if C4::has_four(self.mover) || self.filled.count_ones() == 42 {
            return Vec::new();
        }
        (0..7)
            .filter(|col| self.filled & (1u64 << (col * 7 + 5)) == 0)
            .map(|col| {
                let bottom = 1u64 << (col * 7);
                let filled = self.filled | (self.filled + bottom);
                let placed = filled ^ self.filled;
                // The opponent of the one who just moved moves now.
                C4 {
                    mover: (self.filled ^ self.mover) | placed,
                    filled,
                }
            })
            .collect()
    }
}

/// The reference's sequences and distinct positions after 1 to `depth`
/// plies (no move is forced this early: every column has room).
fn c4_reference(depth: usize) -> (Vec<u64>, Vec<u64>) {
    let (mut sequences, mut positions) = (Vec::new(), Vec::new());
    let mut layer: HashMap<C4, u64> = HashMap::from([(
        C4 {
            mover: 0,
            filled: 0,
        },
        1,
    )]);
    for _ in 0..depth {
        let mut next: HashMap<C4, u64> = HashMap::new();
        for (position, paths) in &layer {
            for child in position.children() {
                *next.entry(child).or_default() += paths;
            }
        }
        sequences.push(next.values().sum());
        positions.push(next.len() as u64);
        layer = next;
    }
    (sequences, positions)
}

#[test]
fn the_connect_four_reference_reproduces_the_published_counts() {
    let (sequences, positions) = c4_reference(9);
    assert_eq!(positions, C4_POSITIONS_BY_PLY[1..10]);
    assert_eq!(sequences[..7], C4_SEQUENCES_BY_HAND);
}

/// As deep as a debug build counts in a few seconds: sequences to 7
/// decisions (the reference agrees with the counts by hand), positions to 8.
#[test]
fn connect_four_perft_matches_the_published_counts() {
    let start = catalogue_game("Connect4").start();
    let (reference, _) = c4_reference(7);
    assert_eq!(reference, C4_SEQUENCES_BY_HAND);
    assert_eq!(sequences_by_depth(&start, 7), C4_SEQUENCES_BY_HAND);
    assert_eq!(positions_by_depth(&start, 8), C4_POSITIONS_BY_PLY[1..9]);
}

/// Deeper: sequences to 9 decisions (no source lists them: the reference
/// enumerator gives them) and positions to 9 plies, which hold the 184,275
/// states of ply 8 at once.
#[test]
#[ignore = "half a minute and 400 MB in a debug build; run with -- --ignored"]
fn connect_four_perft_matches_the_published_counts_deeper() {
    let start = catalogue_game("Connect4").start();
    let (reference, _) = c4_reference(9);
    assert_eq!(sequences_by_depth(&start, 9), reference);
    assert_eq!(positions_by_depth(&start, 9), C4_POSITIONS_BY_PLY[1..10]);
}

// ---- Reversi and Breakthrough ---------------------------------------------

/// Othello from the standard start, plies 1 to 5: Aart Bik, "Reversi perft"
/// (<https://www.aartbik.com/MISC/reversi.html>); OpenSpiel 2.0.2's
/// `othello` counts the same. No pass or forced move comes so early, so
/// decisions are plies.
const REVERSI_BY_PLY: [u64; 5] = [4, 12, 56, 244, 1396];

/// Breakthrough 8x8, plies 1 to 4, as OpenSpiel 2.0.2's `breakthrough`
/// counts them (the game our catalogue's plays, see bench/differential.py).
const BREAKTHROUGH_BY_PLY: [u64; 4] = [22, 484, 11132, 256036];

#[test]
fn reversi_perft_matches_the_published_counts() {
    let start = catalogue_game("Reversi").start();
    assert_eq!(sequences_by_depth(&start, 5), REVERSI_BY_PLY);
}

#[test]
fn breakthrough_perft_matches_openspiels_counts() {
    let start = catalogue_game("Breakthrough").start();
    assert_eq!(sequences_by_depth(&start, 3), BREAKTHROUGH_BY_PLY[..3]);
}

#[test]
#[ignore = "a few seconds in a debug build; run with -- --ignored"]
fn breakthrough_perft_matches_openspiels_counts_deeper() {
    let start = catalogue_game("Breakthrough").start();
    assert_eq!(sequences_by_depth(&start, 4), BREAKTHROUGH_BY_PLY);
}
