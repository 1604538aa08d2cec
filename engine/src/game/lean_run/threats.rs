//! The cells that complete a line, kept by a lean run as stones are
//! placed: the facts a search's informed playouts and threat proofs ask of
//! a position (the AI crate chooses among them; the engine only keeps
//! them). A cell completes a line of the seat that placed a stone only at
//! the first gap after the stone's run along some line direction, so each
//! placement looks at two cells per direction. Placements never leave a
//! lean run's board, so such a cell completes the line for as long as it
//! stays empty.
//!
//! Only a run told to (see [`LeanRun::inform`]) keeps them; Random, the
//! benchmarks and every test that compares a run with the state keep none.

use rand::Rng;

use super::super::choices::{Drawn, draw};
use super::super::placements::kept_height;
use super::super::{Game, State, pack};
use super::{LeanRun, RunStop};
use crate::geometry::{Geometry, NO_CELL};
use crate::rules::{BoardKind, Cloaking, TurnCheck, WinLose};

/// What an informed playout needs of a game it applies to: two seats,
/// each placing one kind of piece, and one check, a line of `length` that
/// wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Informed {
    length: u8,
    diagonals: bool,
    /// Per seat, the one piece it places, packed.
    pieces: [u8; 2],
}

impl Informed {
    /// Where every turn check is one line that wins, two seats place one
    /// kind of piece each on one board that does not wrap, with nothing
    /// hidden, no chance and no cell closed to a seat; None elsewhere.
    pub(crate) fn of(game: &Game) -> Option<Informed> {
        let rules = &game.rules;
        let [
            TurnCheck::InARow {
                length,
                result: WinLose::Win,
                diagonals,
            },
        ] = rules.turn_checks[..]
        else {
            return None;
        };
        let simple = game.seats.len() == 2
            && game.chaos_seat().is_none()
            && rules.dice.is_none()
            && rules.cloaking == Cloaking::None
            && !rules.overachievers_disqualified
            && game.geometry.boards == 1
            && !super::super::lines::wraps(&game.geometry)
            && game.placing.blocked.iter().all(Vec::is_empty);
        let piece = |seat: usize| match game.placing.kinds[seat][..] {
            [(color, shape)] => Some(pack(color, shape)),
            _ => None,
        };
        let pieces = [piece(0)?, piece(1)?];
        (simple && pieces[0] != pieces[1]).then_some(Informed {
            length,
            diagonals,
            pieces,
        })
    }
}

/// Per seat, cells found to complete one of its lines (some may have been
/// filled since: they are dropped when met).
pub(super) type Threats = [Vec<u16>; 2];

impl LeanRun {
    /// Keeps the cells completing a line (see the module) where the game
    /// allows it: two seats, each placing its own piece, a line that wins.
    pub fn inform(&mut self, game: &Game) {
        self.informed = Informed::of(game);
    }

    /// Whether the run keeps the cells completing a line (see
    /// [`LeanRun::inform`]).
    pub fn tracks_threats(&self) -> bool {
        self.informed.is_some()
    }

    /// Lists the cells completing a line on the board loaded, once, where
    /// the run is informed: the tree's moves from here keep the list (see
    /// [`LeanRun::make`]), so its playouts start from it.
    pub fn note_all_threats(&mut self, game: &Game) {
        if let Some(informed) = self.informed {
            self.find_all_threats(game, informed);
        }
    }

    /// Loads `state` with every cell completing a line listed, where the
    /// game is one of lines alone (see [`Informed::of`]), one placement a
    /// turn, and its turn has not begun; false otherwise. The threat
    /// moves below then apply.
    pub fn load_threats(&mut self, state: &State) -> bool {
        let game = state.game();
        let Some(informed) = Informed::of(game) else {
            return false;
        };
        if game.rules.pieces_per_turn != 1 || !state.moves_this_turn().is_empty() {
            return false;
        }
        self.informed = Some(informed);
        if !self.load(state) {
            return false;
        }
        self.find_all_threats(game, informed);
        true
    }

    /// The slots open to a placement: a cell, or under gravity a stack
    /// (see [`LeanRun::landing`]).
    pub fn open_slots(&self) -> impl Iterator<Item = u16> + '_ {
        self.board.open().iter()
    }

    /// Places the mover's piece in `slot` on a run loaded by
    /// [`LeanRun::load_threats`], keeping the threats listed (see
    /// `make_noting`); the stop where the game ended.
    pub fn make_threat_move(&mut self, game: &Game, slot: u16) -> Option<RunStop> {
        let informed = self.informed.expect("loaded by load_threats");
        self.make_noting(game, informed, slot)
    }

    /// Lists afresh the cells completing a line, where the engine's own
    /// placements (see [`LeanRun::place_noting`]) or a load left the list
    /// behind the board: a playout informed by the list starts so.
    pub fn refresh_threats(&mut self, game: &Game) {
        if let Some(informed) = self.informed
            && !self.noted
        {
            self.find_all_threats(game, informed);
        }
    }

    /// Random's draw of the mover's next placement, as [`LeanRun::play`]
    /// draws it: the slot, or None where a pass was drawn.
    pub fn draw_slot<R: Rng + ?Sized>(&self, game: &Game, rng: &mut R) -> Option<u16> {
        let passes = u32::from(game.phases[self.phase].pass);
        let (per_slot, kinds) = self.held(game);
        let slots = self.board.open();
        match draw(rng, slots.len() as u32, per_slot, kinds, passes) {
            Some(Drawn::Placement { slot, .. }) => Some(slots.nth(slot as usize)),
            Some(Drawn::Other(_)) => None,
            None => unreachable!("a run's mover has a move"),
        }
    }

    /// Places the mover's piece in `slot` in a playout informed by the
    /// cells completing a line (see [`LeanRun::inform`]), noting the cells
    /// its stone adds, then the engine's lone placements after it (not
    /// noted: [`LeanRun::refresh_threats`] lists them afresh); the stop
    /// where the game ended.
    pub fn place_noting(&mut self, game: &Game, slot: u16) -> Result<(), RunStop> {
        let informed = self.informed.expect("a run informed by `inform`");
        let me = self.to_move;
        let to = self.landing(game, slot);
        let (color, shape) =
            super::super::unpack(informed.pieces[me]).expect("a seat's piece is packed");
        if let Some(stop) = self.place::<false>(game, color, shape, slot, false) {
            return Err(stop);
        }
        self.note_threats(&game.geometry, informed, to, me);
        let placed = self.placed.len();
        let forced = self.forced_moves::<false>(game);
        self.noted &= self.placed.len() == placed;
        forced.map(|_| ())
    }

    /// Places the mover's piece in `slot` as its decision, as
    /// [`LeanRun::make`] does, and notes the cells its lines now want
    /// (afresh, where the engine placed a lone piece after it); the stop
    /// where the game ended.
    pub(super) fn make_noting(
        &mut self,
        game: &Game,
        informed: Informed,
        slot: u16,
    ) -> Option<RunStop> {
        let me = self.to_move;
        let to = self.landing(game, slot);
        let placed = self.placed.len();
        let (color, shape) =
            super::super::unpack(informed.pieces[me]).expect("a seat's piece is packed");
        if let Some(stop) = self.place::<false>(game, color, shape, slot, false) {
            return Some(stop);
        }
        self.note_threats(&game.geometry, informed, to, me);
        let stop = self.forced_moves::<false>(game).err();
        if self.placed.len() > placed + 1 {
            self.find_all_threats(game, informed);
        }
        stop
    }

    /// The distinct slots where `seat` would complete a line now (a
    /// stack's next cell), dropping the cells filled since they were found.
    pub fn open_threats(&mut self, game: &Game, seat: usize) -> Vec<u16> {
        let mut slots = Vec::new();
        let mut i = 0;
        while let Some(&cell) = self.threats[seat].get(i) {
            i += 1;
            if self.board[usize::from(cell)] != 0 {
                i -= 1;
                self.threats[seat].swap_remove(i);
                continue;
            }
            if let Some(slot) = self.playable(game, cell)
                && !slots.contains(&slot)
            {
                slots.push(slot);
            }
        }
        slots
    }

    /// Whether a piece put in `slot` makes a cell completing a line of
    /// either seat playable: under gravity, the cell above where it lands.
    /// Opening the next seat's cell loses at once; opening one's own lets
    /// the next seat fill it. Players of Connect Four avoid both (the
    /// threats that decide its games are such cells, kept for later).
    pub fn opens_a_line(&self, game: &Game, slot: u16) -> bool {
        if game.geometry.kind != BoardKind::Stacks {
            return false;
        }
        let stack = usize::from(slot);
        let landing = kept_height(game, self.phase, &self.board, stack);
        game.geometry.columns()[stack]
            .get(landing + 1)
            .is_some_and(|above| self.threats.iter().any(|cells| cells.contains(above)))
    }

    /// The slot whose piece would land on `cell` now, if any.
    fn playable(&self, game: &Game, cell: u16) -> Option<u16> {
        let slot = match game.geometry.kind {
            BoardKind::Stacks => game.geometry.column_of(cell) as u16,
            _ => cell,
        };
        (self.board.open().contains(slot) && self.landing(game, slot) == cell).then_some(slot)
    }

    /// Lists afresh the cells completing a line of either seat on the
    /// run's board.
    pub(super) fn find_all_threats(&mut self, game: &Game, informed: Informed) {
        self.noted = true;
        for cells in &mut self.threats {
            cells.clear();
        }
        for cell in 0..game.geometry.cell_count() as u16 {
            let piece = self.board[usize::from(cell)];
            if let Some(seat) = informed.pieces.iter().position(|&p| p == piece && p != 0) {
                self.note_threats(&game.geometry, informed, cell, seat);
            }
        }
    }

    /// Adds the cells that complete a line of `seat` through its stone on
    /// `at`: along each line direction, the first empty cell after the
    /// stone's run either way, where the run, that cell and the stones
    /// beyond it reach the line's length.
    fn note_threats(&mut self, geo: &Geometry, informed: Informed, at: u16, seat: usize) {
        let piece = informed.pieces[seat];
        let length = usize::from(informed.length);
        let last = geo.direction_count() - 1;
        for &ahead in geo.line_directions(informed.diagonals) {
            let behind = last - ahead;
            let (forward, gap_ahead) = self.run_from(geo, at, ahead, piece, length);
            let (backward, gap_behind) = self.run_from(geo, at, behind, piece, length);
            let through = 1 + forward + backward;
            // Stones wanted beyond a gap for the line: only those are walked.
            let wanted = length.saturating_sub(through + 1);
            for (gap, onward) in [(gap_ahead, ahead), (gap_behind, behind)] {
                if gap == NO_CELL || self.board[usize::from(gap)] != 0 {
                    continue;
                }
                if wanted == 0 || self.run_from(geo, gap, onward, piece, wanted).0 >= wanted {
                    self.threats[seat].push(gap);
                }
            }
        }
    }

    /// How many cells holding `piece` follow `from` along `dir` (counting
    /// at most `most`), and the first cell after them (`NO_CELL` off the
    /// board).
    fn run_from(
        &self,
        geo: &Geometry,
        from: u16,
        dir: usize,
        piece: u8,
        most: usize,
    ) -> (usize, u16) {
        let mut count = 0;
        let mut cell = geo.neighbour(from, dir);
        while cell != NO_CELL && count < most && self.board[usize::from(cell)] == piece {
            count += 1;
            cell = geo.neighbour(cell, dir);
        }
        (count, cell)
    }

    /// The slot of a cell completing a line of `seat` that a piece put
    /// there now would land on (a stack's next cell), dropping the cells
    /// filled since they were found.
    pub fn open_threat(&mut self, game: &Game, seat: usize) -> Option<u16> {
        let mut i = 0;
        while let Some(&cell) = self.threats[seat].get(i) {
            if self.board[usize::from(cell)] != 0 {
                self.threats[seat].swap_remove(i);
                continue;
            }
            if let Some(slot) = self.playable(game, cell) {
                return Some(slot);
            }
            i += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests;
