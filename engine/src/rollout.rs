//! Compiled random playouts for the most played family of rule sets: pieces
//! are placed (dropped, on stacks) and never move or leave, and the first
//! line of K of a seat's colour wins, a full board drawing. Tic-Tac-Toe,
//! Connect4, Qubic, Gomoku and Connect6 are all in it.
//!
//! The search player spends nearly all its time in random playouts, so this
//! family gets a kernel that plays them without the general engine's
//! bookkeeping: a board of bytes, a list of open slots to pick from uniformly
//! (Random's choice, since every slot takes the one piece the seat holds), and
//! a line check that walks the compiled geometry from the placed cell only.
//! No allocation after [`Rollout::load`]. A differential test plays the same
//! moves through both and requires the same result at the same move.

use rand::{Rng, RngExt};

use crate::game::{Cell, Game, SeatResult, State, pack};
use crate::geometry::NO_CELL;
use crate::rules::{
    BoardKind, Cloaking, ColorMode, Order, Players, Power, StalemateRule, TurnCheck, WinLose,
};

/// A rule set compiled for fast random playouts.
#[derive(Clone, Debug)]
pub struct Rollout {
    /// Per seat, the piece it places, packed as on the board.
    pieces: Vec<Cell>,
    per_turn: u8,
    length: u8,
    /// Per cell, per line axis: the neighbour one step forward and one back.
    steps: Vec<[u16; 2]>,
    axes: usize,
    /// On stacks, each column's cells from the bottom; empty on flat boards,
    /// where every empty cell is a slot of its own.
    columns: Vec<Vec<u16>>,
}

/// A position being played out: reused between playouts, so they allocate nothing.
#[derive(Clone, Debug, Default)]
pub struct Playout {
    board: Vec<Cell>,
    /// Slots a piece can go to: empty cells, or on stacks columns not full.
    open: Vec<u16>,
    /// On stacks, per column, how many cells are filled.
    fill: Vec<u16>,
    to_move: usize,
    /// Per seat, its pieces on the board: no line is looked for before a
    /// seat has as many as a line needs.
    held: [u16; 4],
}

/// How a playout ended: the winning seat (None for a draw) and the pieces placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finish {
    pub winner: Option<usize>,
    pub moves: usize,
}

impl Finish {
    /// The result of one seat: the winner wins and every other seat loses.
    pub fn result(&self, seat: usize) -> SeatResult {
        match self.winner {
            None => SeatResult::Draw,
            Some(w) if w == seat => SeatResult::Win,
            Some(_) => SeatResult::Loss,
        }
    }
}

impl Rollout {
    /// The kernel for `game`, or None when its rules are outside the family
    /// (then playouts go through the general engine).
    pub(crate) fn compile(game: &Game) -> Option<Rollout> {
        let rules = &game.rules;
        let simple_rules = matches!(rules.players, Players::Two | Players::Three | Players::Four)
            && rules.colors == ColorMode::Assigned
            && rules.chaos_color.is_none()
            && rules.cloaking == Cloaking::None
            && rules.boards == 1
            && rules.exclusive.is_empty()
            && !rules.overachievers_disqualified
            && rules.stalemate == [StalemateRule::Draw]
            && (1..=2).contains(&rules.pieces_per_turn);
        if !simple_rules {
            return None;
        }
        let [phase] = rules.phases.as_slice() else {
            return None;
        };
        let simple_phase = phase.order == Order::Sequential
            && !phase.pass
            && phase.locked_seats.is_empty()
            && phase.locked.is_empty()
            && phase.cloaked.is_empty()
            && phase.fold.is_none();
        let [shape] = rules.shapes.as_slice() else {
            return None;
        };
        let placed_only = shape.power == Power::None
            && shape.capture.is_none()
            && shape.result.is_none()
            && (shape.movement.is_empty() || phase.placement_only);
        let [
            TurnCheck::InARow {
                length,
                result: WinLose::Win,
                diagonals,
            },
        ] = rules.turn_checks.as_slice()
        else {
            return None;
        };
        if !simple_phase || !placed_only {
            return None;
        }
        let mut pieces = Vec::new();
        for seat in &game.seats {
            if seat.is_chaos || seat.controls != 1 << seat.color.index() {
                return None;
            }
            pieces.push(pack(seat.color, shape.shape));
        }
        let geo = &game.geometry;
        let axes = geo.line_directions(*diagonals);
        let opposite = |d: usize| geo.direction_count() - 1 - d;
        let steps = (0..geo.cell_count() as u16)
            .flat_map(|c| {
                axes.iter()
                    .map(move |&d| [geo.neighbour(c, d), geo.neighbour(c, opposite(d))])
            })
            .collect();
        let columns = if geo.kind == BoardKind::Stacks {
            geo.columns().to_vec()
        } else {
            Vec::new()
        };
        let rollout = Rollout {
            pieces,
            per_turn: rules.pieces_per_turn,
            length: *length,
            steps,
            axes: axes.len(),
            columns,
        };
        // Every seat must hold a piece for each of its placements until the
        // board is full, or it would pass: outside the family.
        let mut start = Playout::default();
        if !rollout.load_board(&game.initial_board, 0, &mut start) {
            return None;
        }
        let seats = game.seats.len();
        let turns = start
            .capacity(&rollout)
            .div_ceil(usize::from(rollout.per_turn));
        for (seat, piece) in rollout.pieces.iter().enumerate() {
            let own_turns = turns / seats + usize::from(seat < turns % seats);
            let needed = own_turns * usize::from(rollout.per_turn);
            let held = game.initial_reserves[usize::from(*piece) - 1];
            if usize::from(held) < needed {
                return None;
            }
        }
        Some(rollout)
    }

    /// Copies `state` into `playout`. False when the match is over or a turn
    /// is half made (the caller plays on in the general engine until it is
    /// done).
    pub fn load(&self, state: &State, playout: &mut Playout) -> bool {
        if state.is_finished() || !state.moves_this_turn().is_empty() {
            return false;
        }
        self.load_board(state.cells(), state.to_move(), playout)
    }

    fn load_board(&self, board: &[Cell], to_move: usize, playout: &mut Playout) -> bool {
        playout.board.clear();
        playout.board.extend_from_slice(board);
        playout.open.clear();
        playout.fill.clear();
        playout.to_move = to_move;
        playout.held = [0; 4];
        for (seat, piece) in self.pieces.iter().enumerate() {
            playout.held[seat] = board.iter().filter(|&&c| c == *piece).count() as u16;
        }
        if self.columns.is_empty() {
            let empty = (0..board.len() as u16).filter(|&c| board[usize::from(c)] == 0);
            playout.open.extend(empty);
            return true;
        }
        for (i, column) in self.columns.iter().enumerate() {
            let filled = column
                .iter()
                .take_while(|&&c| board[usize::from(c)] != 0)
                .count();
            // A gap under a piece: not a stack this kernel can drop into.
            if column[filled..].iter().any(|&c| board[usize::from(c)] != 0) {
                return false;
            }
            playout.fill.push(filled as u16);
            if filled < column.len() {
                playout.open.push(i as u16);
            }
        }
        true
    }

    /// Plays random turns until a line or a full board ends the game.
    pub fn play<R: Rng + ?Sized>(&self, playout: &mut Playout, rng: &mut R) -> Finish {
        // A 32-bit draw: the open slots never number 2^32, and it is cheaper.
        self.play_with(playout, |p| {
            rng.random_range(0..p.open.len() as u32) as usize
        })
    }

    /// Plays turns, `pick` choosing among the open slots by index.
    fn play_with(&self, playout: &mut Playout, mut pick: impl FnMut(&Playout) -> usize) -> Finish {
        let seats = self.pieces.len();
        let mut moves = 0;
        loop {
            let mover = playout.to_move;
            let piece = self.pieces[mover];
            let mut lined = false;
            for _ in 0..self.per_turn {
                if playout.open.is_empty() {
                    break;
                }
                let slot = pick(playout);
                let cell = self.take_slot(playout, slot);
                playout.board[usize::from(cell)] = piece;
                moves += 1;
                playout.held[mover] += 1;
                lined |= playout.held[mover] >= u16::from(self.length)
                    && self.makes_line(&playout.board, cell, piece);
            }
            if lined {
                return Finish {
                    winner: Some(mover),
                    moves,
                };
            }
            if playout.open.is_empty() {
                return Finish {
                    winner: None,
                    moves,
                };
            }
            playout.to_move = (mover + 1) % seats;
        }
    }

    /// The cells a piece can go to now, one per open slot.
    pub fn open_cells(&self, playout: &Playout, out: &mut Vec<u16>) {
        out.clear();
        out.extend((0..playout.open.len()).map(|s| self.slot_cell(playout, s)));
    }

    /// The piece `seat` places, packed as on the board.
    pub fn piece(&self, seat: usize) -> Cell {
        self.pieces[seat]
    }

    /// Whether a turn is one placement (the search's tree then runs on the
    /// kernel: one tree move, one turn).
    pub fn one_per_turn(&self) -> bool {
        self.per_turn == 1
    }

    /// Places the mover's piece on `cell` (one of [`Rollout::open_cells`])
    /// as a whole turn; the finish when that ends the game.
    pub fn place(&self, playout: &mut Playout, cell: u16) -> Option<Finish> {
        let slot = (0..playout.open.len()).find(|&s| self.slot_cell(playout, s) == cell)?;
        let mover = playout.to_move;
        let piece = self.pieces[mover];
        self.take_slot(playout, slot);
        playout.board[usize::from(cell)] = piece;
        playout.held[mover] += 1;
        if playout.held[mover] >= u16::from(self.length)
            && self.makes_line(&playout.board, cell, piece)
        {
            return Some(Finish {
                winner: Some(mover),
                moves: 1,
            });
        }
        if playout.open.is_empty() {
            return Some(Finish {
                winner: None,
                moves: 1,
            });
        }
        playout.to_move = (mover + 1) % self.pieces.len();
        None
    }

    /// Empty cells (or open columns) left.
    fn capacity_of(&self, playout: &Playout) -> usize {
        if self.columns.is_empty() {
            return playout.open.len();
        }
        self.columns
            .iter()
            .zip(&playout.fill)
            .map(|(column, &filled)| column.len() - usize::from(filled))
            .sum()
    }

    /// The cell open slot number `slot` would fill.
    #[inline]
    fn slot_cell(&self, playout: &Playout, slot: usize) -> u16 {
        if self.columns.is_empty() {
            return playout.open[slot];
        }
        let column = usize::from(playout.open[slot]);
        self.columns[column][usize::from(playout.fill[column])]
    }

    /// Fills open slot number `slot` and returns the cell filled.
    #[inline]
    fn take_slot(&self, playout: &mut Playout, slot: usize) -> u16 {
        let cell = self.slot_cell(playout, slot);
        if self.columns.is_empty() {
            playout.open.swap_remove(slot);
            return cell;
        }
        let column = usize::from(playout.open[slot]);
        let filled = &mut playout.fill[column];
        *filled += 1;
        if usize::from(*filled) == self.columns[column].len() {
            playout.open.swap_remove(slot);
        }
        cell
    }

    /// Whether the piece just placed on `cell` completes a line, walking
    /// each axis both ways as the engine's turn check does.
    #[inline]
    fn makes_line(&self, board: &[Cell], cell: u16, piece: Cell) -> bool {
        let at = usize::from(cell) * self.axes;
        for (axis, ends) in self.steps[at..at + self.axes].iter().enumerate() {
            let mut run = 1;
            for (way, &first) in ends.iter().enumerate() {
                let mut c = first;
                while c != NO_CELL && board[usize::from(c)] == piece {
                    run += 1;
                    c = self.steps[usize::from(c) * self.axes + axis][way];
                }
            }
            if run >= u32::from(self.length) {
                return true;
            }
        }
        false
    }
}

impl Playout {
    fn capacity(&self, rollout: &Rollout) -> usize {
        rollout.capacity_of(self)
    }

    /// Becomes a copy of `other` without allocating (once sized).
    pub fn reset_from(&mut self, other: &Playout) {
        self.board.clone_from(&other.board);
        self.open.clone_from(&other.open);
        self.fill.clone_from(&other.fill);
        self.to_move = other.to_move;
        self.held = other.held;
    }

    /// The seat to place next.
    pub fn to_move(&self) -> usize {
        self.to_move
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;
    use serde_json::json;

    use super::*;
    use crate::game::Move;
    use crate::testing::catalogue_game;
    use crate::{RuleSet, catalogue};

    /// Plays `games` random playouts through the kernel, and the same
    /// placements through the general engine: at every choice the open
    /// cells must be the engine's legal targets, and the game must end the
    /// same way at the same placement.
    fn agree_with_engine(game: &std::sync::Arc<Game>, games: u64) {
        let name = &game.rules.name;
        let rollout = game
            .rollout()
            .unwrap_or_else(|| panic!("{name} has a kernel"));
        let mut playout = Playout::default();
        for seed in 0..games {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut state = game.start();
            assert!(rollout.load(&state, &mut playout), "{name}: loads");
            let finish = rollout.play_with(&mut playout, |p| {
                let mut open: Vec<u16> =
                    (0..p.open.len()).map(|s| rollout.slot_cell(p, s)).collect();
                open.sort_unstable();
                let mut targets: Vec<u16> = state
                    .legal_moves()
                    .iter()
                    .filter_map(|m| match m {
                        Move::Place { to, .. } => Some(*to),
                        _ => None,
                    })
                    .collect();
                targets.sort_unstable();
                let slot = rng.random_range(0..p.open.len());
                let cell = rollout.slot_cell(p, slot);
                // The engine plays a lone move itself; the kernel picks it.
                if targets.is_empty() {
                    assert_eq!(open.len(), 1, "{name} seed {seed}: one cell left");
                    let piece = rollout.pieces[p.to_move];
                    assert_eq!(
                        state.cells()[usize::from(cell)],
                        piece,
                        "{name} seed {seed}"
                    );
                } else {
                    assert_eq!(open, targets, "{name} seed {seed}: open cells");
                    assert_eq!(p.board, state.cells(), "{name} seed {seed}: boards");
                }
                if !targets.is_empty() {
                    let mover = state.to_move();
                    assert_eq!(mover, p.to_move, "{name} seed {seed}: mover");
                    let piece = rollout.pieces[mover];
                    let (color, shape) = crate::game::unpack(piece).unwrap();
                    state
                        .apply(Move::Place {
                            color,
                            shape,
                            to: cell,
                        })
                        .unwrap_or_else(|e| panic!("{name} seed {seed}: {e}"));
                }
                slot
            });
            let outcome = state
                .outcome()
                .unwrap_or_else(|| panic!("{name} seed {seed}: the engine ended too ({finish:?})"));
            for seat in 0..game.seats.len() {
                assert_eq!(
                    outcome.results[seat],
                    finish.result(seat),
                    "{name} seed {seed}: seat {seat} ({})",
                    outcome.reason(state.game())
                );
            }
            let placed = state
                .history()
                .iter()
                .filter(|a| matches!(a.mv, Move::Place { .. }))
                .count();
            assert_eq!(placed, finish.moves, "{name} seed {seed}: placements");
        }
    }

    #[test]
    fn catalogue_games_in_the_family_play_as_the_engine_plays_them() {
        let mut covered = Vec::new();
        for rules in catalogue::all() {
            let game = Game::new(rules).unwrap();
            if game.rollout().is_some() {
                agree_with_engine(&game, 40);
                covered.push(game.rules.name.clone());
            }
        }
        for name in [
            "Tic-Tac-Toe",
            "Connect4",
            "Qubic-4",
            "5on15sq",
            "Connect6-19x19",
        ] {
            assert!(
                covered.iter().any(|c| c == name),
                "{name} has a kernel: {covered:?}"
            );
        }
    }

    #[test]
    fn varied_rule_sets_play_as_the_engine_plays_them() {
        let boards: [(&str, [u8; 3]); 7] = [
            ("hash", [3, 3, 1]),
            ("squares", [5, 4, 1]),
            ("squares", [3, 3, 3]),
            ("stacks", [5, 1, 4]),
            ("stacks", [3, 3, 3]),
            ("hexagons", [4, 4, 1]),
            ("squares_on_toroid", [4, 5, 1]),
        ];
        let mut checked = 0;
        for (b, (board, dims)) in boards.iter().enumerate() {
            for (seats, players) in [(2, "two"), (3, "three"), (4, "four")] {
                for per_turn in [1, 2] {
                    for (length, diagonals) in [(2, false), (3, true), (4, false)] {
                        let cells: u16 = dims.iter().map(|&d| u16::from(d)).product();
                        let reserve = cells.div_ceil(seats);
                        let reserves: serde_json::Map<String, serde_json::Value> =
                            ["black", "white", "pink", "yellow"][..usize::from(seats)]
                                .iter()
                                .map(|c| (c.to_string(), json!(reserve)))
                                .collect();
                        let rules: RuleSet = serde_json::from_value(json!({
                            "schema_version": 1, "name": format!("v{b}{players}{per_turn}{length}"),
                            "players": players, "board": board, "dimensions": dims,
                            "pieces_per_turn": per_turn,
                            "shapes": [{"shape": "triangle", "reserves": reserves}],
                            "turn_checks": [{"check": "in_a_row", "length": length,
                                "result": "win", "diagonals": diagonals}],
                        }))
                        .unwrap();
                        let game = match Game::new(rules) {
                            Ok(game) => game,
                            Err(problems) => {
                                eprintln!("{board} {dims:?} {players} {length}: {problems:?}");
                                continue;
                            }
                        };
                        // Two pieces a turn can need more than a fair share.
                        if game.rollout().is_some() {
                            agree_with_engine(&game, 12);
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked >= 60, "only {checked} variants have a kernel");
    }

    #[test]
    fn rules_outside_the_family_get_no_kernel() {
        for rules in [
            json!({"schema_version": 1, "name": "c", "cloaking": "hides",
                "phases": [{"cloaked": ["1,*"]}]}),
            json!({"schema_version": 1, "name": "m", "turn_checks": [
                {"check": "in_a_row", "length": 3, "result": "lose"}]}),
            json!({"schema_version": 1, "name": "s", "stalemate": [{"rule": "all_win"}]}),
            json!({"schema_version": 1, "name": "r", "shapes": [
                {"shape": "circle", "reserves": {"black": 2, "white": 2}}]}),
            json!({"schema_version": 1, "name": "p", "phases": [{"order": "simultaneous"}]}),
        ] {
            let game = Game::new(serde_json::from_value(rules.clone()).unwrap()).unwrap();
            assert!(game.rollout().is_none(), "{rules}");
        }
    }

    #[test]
    fn loads_only_at_a_turn_boundary() {
        let game = catalogue_game("Connect6-19x19");
        let rollout = game.rollout().unwrap();
        let mut state = game.start();
        let mut playout = Playout::default();
        assert!(rollout.load(&state, &mut playout));
        let first = state.legal_moves()[0];
        state.apply(first).unwrap();
        assert!(!rollout.load(&state, &mut playout), "half a turn made");
        let second = state.legal_moves()[0];
        state.apply(second).unwrap();
        assert!(rollout.load(&state, &mut playout));
        assert_eq!(playout.to_move, state.to_move());
        assert_eq!(playout.open.len(), 361 - 3);
    }
}
