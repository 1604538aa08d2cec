//! What each seat knows under cloaking, learned by the engine as moves are
//! made, and the moves a seat may make judged on that knowledge.
//!
//! A piece a seat has fully seen carries the seat's bit in its cell's flags
//! (see `known_bit`), so the knowledge moves with the piece; the walls a
//! seat has run into are kept here, per cell. After each move only the
//! cells it changed are learned from, unless the phase changed, a round was
//! resolved or the match ended (then every cell is).
//!
//! Under "Cloaking hides" on flat boards, each seat's believed open slots
//! (the empty cells and those whose pieces it has not seen) are kept as
//! pieces come and go, so its placements can be a product of the kinds it
//! holds and those slots (see `choices`), never listed.
//!
//! A seat's moves are listed on the board as it believes it, without a copy
//! of the state: the pieces it has not seen are lifted off the board and
//! the walls it has not met opened while its moves are listed, then put
//! back. A move so chosen is then checked against the truth: a placement on
//! its own, a step against the true moves of its piece, anything else
//! against the true list.

use super::board::Slots;
use super::{Cell, Game, Move, State};
use crate::rules::{BoardKind, Cloaking, Color, Shape};

/// What the seats know beyond the pieces' own flags, and the room the
/// engine reuses to learn and to judge.
#[derive(Debug, Default)]
pub(crate) struct Knowledge {
    /// Locked spaces as one seat believes them (unseen walls open): on a
    /// seat's belief (see `State::perceived`), and while its moves are
    /// judged where it has walls to open. None: the phase's true walls.
    believed_walls: Option<Box<[bool]>>,
    /// The board is one seat's belief, as it is now or while its moves are
    /// judged: moves are listed on it as it stands.
    belief: bool,
    /// Under cloaking only: a state of an open game carries none.
    learning: Option<Box<Learning>>,
}

/// What the engine keeps to learn and to judge under cloaking.
#[derive(Clone, Debug, Default)]
struct Learning {
    /// Per cell: seats that know of the wall there (bit per seat); empty
    /// until a seat first runs into one.
    walls: Vec<u8>,
    /// Cells the move being applied changed, learned from once it ends.
    pending: Vec<u16>,
    /// Pieces lifted off the board while a seat's moves are judged.
    lifted: Vec<(u16, Cell)>,
    /// Per seat, the cells it believes open: empty, or holding a piece it
    /// has not seen. Kept under "Cloaking hides" on flat boards where some
    /// phase's placements may be a product; else empty.
    open_to: Vec<Slots>,
    /// Per seat under "Cloaking hides", the cells holding a piece it does
    /// not see: those lifted while its moves are judged. Else empty.
    unseen: Vec<Slots>,
    /// The phase `open_to` and `unseen` were last brought up to date in,
    /// if they are kept up to date since.
    synced_in: Option<usize>,
    /// A move is being applied: the sets are out of date until it is
    /// learned from. A copy made meanwhile (a round's scratch) is out of
    /// date for good, and works them out afresh when it needs them.
    applying: bool,
}

/// The learning of a game without cloaking: nothing.
static NO_LEARNING: Learning = Learning {
    walls: Vec::new(),
    pending: Vec::new(),
    lifted: Vec::new(),
    open_to: Vec::new(),
    unseen: Vec::new(),
    synced_in: None,
    applying: false,
};

impl Knowledge {
    pub(crate) fn new(game: &Game) -> Knowledge {
        let cells = game.start.board.len();
        let hides = game.rules.cloaking == Cloaking::Hides;
        let keeps_open = hides
            && game.geometry.kind != BoardKind::Stacks
            && game.placing.everywhere.iter().any(|p| *p);
        let seats = game.seats.len();
        let learning = Learning {
            open_to: vec![Slots::with_room(cells); if keeps_open { seats } else { 0 }],
            unseen: vec![Slots::with_room(cells); if hides { seats } else { 0 }],
            ..Learning::default()
        };
        Knowledge {
            learning: (game.rules.cloaking != Cloaking::None).then(|| Box::new(learning)),
            ..Knowledge::default()
        }
    }

    /// Whether `seat` has run into the wall on `cell`.
    pub(crate) fn knows_wall(&self, seat: usize, cell: u16) -> bool {
        self.learning()
            .walls
            .get(usize::from(cell))
            .is_some_and(|&seats| seats & (1 << seat) != 0)
    }

    /// The locked spaces as believed, where they differ from the truth.
    pub(crate) fn believed_walls(&self) -> Option<&[bool]> {
        self.believed_walls.as_deref()
    }

    /// Whether the board is a seat's belief (see the field).
    pub(crate) fn is_belief(&self) -> bool {
        self.belief
    }

    /// Makes this a seat's belief with these walls (see `State::perceived`):
    /// they stay as they are, whatever phase the belief comes to.
    pub(crate) fn become_belief(&mut self, walls: Vec<bool>) {
        self.belief = true;
        self.believed_walls = Some(walls.into());
    }

    fn learning(&self) -> &Learning {
        self.learning.as_deref().unwrap_or(&NO_LEARNING)
    }

    /// Only under cloaking, where the engine learns.
    fn learning_mut(&mut self) -> &mut Learning {
        self.learning
            .as_deref_mut()
            .expect("the engine learns only under cloaking")
    }
}

/// The seats that fully see a piece of `color` and `shape` on a cloaked
/// cell (a known bit each): those that know it already (`known`), and its
/// own seats where they can move it, or under obscurity.
pub(crate) fn seers_of_piece(game: &Game, color: Color, shape: Shape, known: u8) -> u8 {
    let own_see = game.rules.cloaking == Cloaking::Obscures
        || !game.pieces.movement[shape.index()].is_empty();
    let mut seen = known;
    for (s, seat) in game.seats.iter().enumerate() {
        if own_see && seat.controls(color) {
            seen |= super::known_bit(s);
        }
    }
    seen
}

/// Under "Cloaking hides", per seat, the cells where a piece it does not
/// see can change what it is offered; empty for every cell.
#[derive(Debug, Default)]
pub(crate) struct Judged {
    /// Its moves (see [`cells_judged_on`]).
    pub on: Vec<Vec<u64>>,
    /// Its board moves or their captures (see [`cells_judged_for_captures`]).
    pub for_captures: Vec<Vec<u64>>,
}

/// Per seat under "Cloaking hides", the cells where a piece it does not see
/// can change the moves it is offered, a bit each, where those are fewer
/// than every cell; else nothing (every cell). Where no shape moves once placed and no
/// piece must capture, a seat's moves are its placements, each judged on
/// its own cell, or on stacks its own stack: a cell or stack the seat may
/// never enter changes none of them (a sealed Blotto's seats judge only
/// their own stacks).
pub(crate) fn cells_judged_on(
    rules: &crate::RuleSet,
    geometry: &crate::geometry::Geometry,
    exclusive: &[u8],
    upkeep: &super::upkeep::Upkeep,
    seats: usize,
) -> Vec<Vec<u64>> {
    let nothing_moves = rules.shapes.iter().all(|s| s.movement.is_empty());
    if rules.cloaking != Cloaking::Hides || !nothing_moves || upkeep.must_capture {
        return Vec::new();
    }
    (0..seats)
        .map(|seat| {
            let enters = |c: &u16| exclusive[usize::from(*c)] & (1 << seat) != 0;
            let mut judged = vec![0u64; exclusive.len().div_ceil(64)];
            let mut judge = |c: u16| judged[usize::from(c / 64)] |= 1 << (c % 64);
            if geometry.kind != BoardKind::Stacks {
                (0..exclusive.len() as u16).filter(enters).for_each(judge);
                return judged;
            }
            let columns = geometry.columns().iter();
            for column in columns.filter(|col| col.iter().any(enters)) {
                column.iter().copied().for_each(&mut judge);
            }
            judged
        })
        .collect()
}

/// Per seat under "Cloaking hides", the cells where a piece it does not see
/// can change which board moves it has or which of them capture, a bit
/// each (see `State::capture_available`); nothing (every cell) unless on a
/// flat board every shape moves by single steps or knight's leaps and
/// captures only what it lands on (`lands_only`, see
/// `steps::leaps_that_cover`). Then a piece changes the seat's moves
/// only on a cell the seat may enter: Chaos's cat in 3P-9X-HideSeek, kept
/// off the cloaked middle, judges nothing there.
pub(crate) fn cells_judged_for_captures(
    rules: &crate::RuleSet,
    geometry: &crate::geometry::Geometry,
    exclusive: &[u8],
    seats: usize,
    lands_only: bool,
) -> Vec<Vec<u64>> {
    if rules.cloaking != Cloaking::Hides || geometry.kind == BoardKind::Stacks || !lands_only {
        return Vec::new();
    }
    (0..seats)
        .map(|seat| {
            let mut judged = vec![0u64; exclusive.len().div_ceil(64)];
            for (c, allowed) in exclusive.iter().enumerate() {
                if allowed & (1 << seat) != 0 {
                    judged[c / 64] |= 1 << (c % 64);
                }
            }
            judged
        })
        .collect()
}

/// Cloned by hand, as `State` is, so `clone_from` reuses the lists.
impl Clone for Knowledge {
    fn clone(&self) -> Knowledge {
        Knowledge {
            believed_walls: self.believed_walls.clone(),
            belief: self.belief,
            learning: self.learning.clone(),
        }
    }

    fn clone_from(&mut self, source: &Knowledge) {
        self.believed_walls.clone_from(&source.believed_walls);
        self.belief = source.belief;
        match (&mut self.learning, &source.learning) {
            (Some(to), Some(from)) => {
                to.walls.clone_from(&from.walls);
                to.pending.clone_from(&from.pending);
                to.lifted.clear();
                to.open_to.clone_from(&from.open_to);
                to.unseen.clone_from(&from.unseen);
                to.synced_in = from.synced_in;
                to.applying = from.applying;
            }
            (to, from) => *to = from.clone(),
        }
    }
}

impl State {
    fn cloaked_rules(&self) -> bool {
        self.game().rules.cloaking != Cloaking::None
    }

    /// Remembers what each seat fully sees now on every cell ("every piece
    /// they have previously fully seen").
    pub(crate) fn refresh_knowledge(&mut self) {
        if !self.cloaked_rules() {
            return;
        }
        self.knowledge.learning_mut().pending.clear();
        for cell in 0..self.position.board.len() as u16 {
            self.learn_cell(cell);
        }
        self.sets_synced();
    }

    /// Before a move is applied: the phase and whether a round is under
    /// way, for `learn_after`; until then the seats' sets are out of date.
    pub(crate) fn start_learning(&mut self) -> (usize, bool) {
        if let Some(learning) = self.knowledge.learning.as_deref_mut() {
            if learning.applying {
                // Copied while a move was applied: out of date for good.
                learning.synced_in = None;
            }
            learning.applying = true;
        }
        (self.position.phase(), self.rounds.current.is_some())
    }

    /// Whether the seats' sets (`open_to`, `unseen`) are up to date.
    fn sets_in_sync(&self) -> bool {
        let learning = self.knowledge.learning();
        !learning.applying && learning.synced_in == Some(self.position.phase())
    }

    fn sets_synced(&mut self) {
        let phase = self.position.phase();
        let learning = self.knowledge.learning_mut();
        learning.synced_in = Some(phase);
        learning.applying = false;
    }

    /// A belief's board is not the one its sets were kept for.
    pub(crate) fn sets_out_of_date(&mut self) {
        if let Some(learning) = self.knowledge.learning.as_deref_mut() {
            learning.synced_in = None;
        }
    }

    /// Works the seats' sets out afresh from what they see now, learning
    /// nothing new: for a copy made while a move was being applied.
    fn sync_sets(&mut self) {
        for cell in 0..self.position.board.len() as u16 {
            let seen = self.seers(cell);
            self.sort_cell(cell, seen);
        }
        self.sets_synced();
    }

    /// Notes the cells changed so far this turn, to learn from once the
    /// move ends (the turn's end forgets them).
    pub(crate) fn note_changed(&mut self) {
        if self.cloaked_rules() {
            let changed = &self.position.changed;
            let learning = self.knowledge.learning_mut();
            learning.pending.extend_from_slice(changed);
        }
    }

    /// Learns from a move just applied: from the cells it changed, or from
    /// every cell when what a seat sees may have changed elsewhere too (a
    /// new phase cloaks other spaces, a round resolved, the match ended).
    pub(crate) fn learn_after(&mut self, phase: usize, in_round: bool) {
        if !self.cloaked_rules() {
            return;
        }
        if self.is_finished() {
            // Nothing is cloaked once the match is over (see `is_cloaked`):
            // what the seats saw no longer matters, and a playout's end
            // learned every cell.
            let learning = self.knowledge.learning_mut();
            learning.pending.clear();
            learning.synced_in = None;
            learning.applying = false;
            return;
        }
        if phase != self.position.phase() || in_round || self.rounds.current.is_some() {
            return self.refresh_knowledge();
        }
        let mut pending = std::mem::take(&mut self.knowledge.learning_mut().pending);
        for &cell in &pending {
            self.learn_cell(cell);
        }
        pending.clear();
        let learning = self.knowledge.learning_mut();
        learning.pending = pending;
        // In step if they were before the move, as the phase is the same.
        learning.applying = false;
    }

    fn learn_cell(&mut self, cell: u16) {
        let seen = self.seers(cell);
        if self.position.board[usize::from(cell)] != 0 {
            self.position.flags.add(usize::from(cell), seen);
        }
        self.sort_cell(cell, seen);
    }

    /// Puts `cell` in or out of each seat's sets, given the seats that see
    /// what stands there (`seers`).
    fn sort_cell(&mut self, cell: u16, seen: u8) {
        let empty = self.position.board[usize::from(cell)] == 0;
        let learning = self.knowledge.learning_mut();
        for (seat, open) in learning.open_to.iter_mut().enumerate() {
            if empty || seen & super::known_bit(seat) == 0 {
                open.insert(cell);
            } else {
                open.remove(cell);
            }
        }
        for (seat, unseen) in learning.unseen.iter_mut().enumerate() {
            if !empty && seen & super::known_bit(seat) == 0 {
                unseen.insert(cell);
            } else {
                unseen.remove(cell);
            }
        }
    }

    /// The seats that fully see the piece on `cell` now, a known bit each:
    /// `sees_fully` for every seat at once (every seat on an empty cell).
    pub(crate) fn seers(&self, cell: u16) -> u8 {
        let game = self.game();
        let every = (0..game.seats.len()).fold(0, |bits, s| bits | super::known_bit(s));
        let Some((color, shape)) = self.piece_at(cell) else {
            return every;
        };
        if !self.is_cloaked(cell) {
            return every;
        }
        seers_of_piece(
            game,
            color,
            shape,
            self.position.flags[usize::from(cell)] & every,
        )
    }

    /// Per seat, the cells it believes open (see `Learning::open_to`), where
    /// the seat to move judges its placements on them and they are up to
    /// date; None otherwise.
    pub(crate) fn believed_open(&self) -> Option<&[Slots]> {
        let open_to = &self.knowledge.learning().open_to;
        let kept = !open_to.is_empty() && self.judges_by_knowledge() && self.sets_in_sync();
        kept.then_some(open_to.as_slice())
    }

    /// `seat` fully sees the piece on `cell` from now on.
    pub(crate) fn learn_piece(&mut self, seat: usize, cell: u16) {
        self.learn_pieces(super::known_bit(seat), cell);
    }

    /// The seats of `knowers` (known bits) fully see what stands on
    /// `cell` from now on.
    pub(crate) fn learn_pieces(&mut self, knowers: u8, cell: u16) {
        self.position.flags.add(usize::from(cell), knowers);
        if self.position.board[usize::from(cell)] == 0 {
            return;
        }
        let learning = self.knowledge.learning_mut();
        let sets = learning.open_to.iter_mut().enumerate();
        for (seat, set) in sets.chain(learning.unseen.iter_mut().enumerate()) {
            if knowers & super::known_bit(seat) != 0 {
                set.remove(cell);
            }
        }
    }

    /// The slots the seat to move may place on when its placements are a
    /// product: those it believes open where it judges on what it knows
    /// and keeps them, else the board's.
    pub(crate) fn placing_slots(&self) -> &Slots {
        match self
            .knowledge
            .learning()
            .open_to
            .get(self.position.to_move())
        {
            Some(open) if self.judges_by_knowledge() => open,
            _ if !self.game().placing.blocked[self.position.phase()].is_empty() => {
                &self.choices.product_lists().unblocked
            }
            _ => self.position.board.open(),
        }
    }

    /// Whether the seat to move, placing as a product, may place on `to`
    /// (a cell of the board): open as it believes (see `placing_slots`).
    pub(crate) fn may_place_on(&self, to: u16) -> bool {
        if !self.knowledge.learning().open_to.is_empty() && self.judges_by_knowledge() {
            let unseen = self.seers(to) & super::known_bit(self.position.to_move()) == 0;
            return self.position.board[usize::from(to)] == 0 || unseen;
        }
        self.landing(to) == Some(to)
    }

    /// Whether the placements of the seat to move may be kept as a product
    /// as far as cloaking goes: with nothing cloaked, or where what it
    /// believes open is kept (hides) or is the truth (obscured pieces take
    /// their spaces, and product phases have no walls to be unseen).
    pub(crate) fn places_as_product(&self) -> bool {
        match self.game().rules.cloaking {
            Cloaking::None | Cloaking::Obscures => true,
            Cloaking::Hides => {
                let kept = !self.knowledge.learning().open_to.is_empty() && self.sets_in_sync();
                kept || self.knowledge.belief
            }
        }
    }

    /// `seat` learns of the wall on `cell`.
    pub(crate) fn learn_wall(&mut self, seat: usize, cell: u16) {
        let cells = self.game.start.board.len();
        let walls = &mut self.knowledge.learning_mut().walls;
        if walls.is_empty() {
            *walls = vec![0; cells];
        }
        walls[usize::from(cell)] |= 1 << seat;
    }

    /// Whether the seat to move judges its moves on what it knows.
    fn judges_by_knowledge(&self) -> bool {
        self.cloaked_rules() && !self.knowledge.belief && self.draw_offered_by().is_none()
    }

    /// Works out the legal moves afresh into `out`, as `generate_legal`
    /// does, without copying the state where the mover judges its moves on
    /// what it knows: the board becomes its belief while they are listed.
    pub(crate) fn generate_known(&mut self, out: &mut Vec<Move>) {
        if self.round_is_fresh() && !self.is_finished() && self.draw_offered_by().is_none() {
            out.clear();
            return self.generate_fresh_plan_moves(out);
        }
        if !self.judges_by_knowledge() || self.rounds.current.is_some() || self.is_finished() {
            return self.generate_legal(out);
        }
        out.clear();
        if !self.sets_in_sync() {
            self.sync_sets();
        }
        let seat = self.position.to_move();
        self.lift_unseen(seat);
        self.knowledge.believed_walls = self.walls_believed_by(seat).map(Vec::into);
        self.knowledge.belief = true;
        self.generate_on_board(out, true);
        self.knowledge.belief = false;
        self.knowledge.believed_walls = None;
        self.put_back_lifted();
    }

    /// Whether `seat`, were it to move now, could capture: None when it has
    /// no move on the board at all. Judged on this state in place: `seat`
    /// to move with a fresh turn, under cloaking on its belief (the pieces
    /// it does not fully see lifted, the walls it knows), then everything
    /// put back. It runs after every turn of a game with "Stalemate if
    /// Chaos cannot capture", where judging on a copy of the state cost
    /// most of the turn.
    pub(crate) fn capture_available(&mut self, seat: usize) -> Option<bool> {
        let to_move = std::mem::replace(&mut self.position.to_move, seat as u8);
        let offered = std::mem::replace(&mut self.talk.offered_this_turn, true);
        let turn_moves = std::mem::take(&mut self.position.turn_moves);
        let round = self.rounds.current.take();
        let cloaked = self.cloaked_rules();
        if cloaked {
            // Judged cell by cell, as a copy would be: a turn's end comes
            // before its changes are learned, so the seats' sets are behind.
            self.lift_not_fully_seen(seat);
            self.knowledge.believed_walls = self.walls_believed_by(seat).map(Vec::into);
            self.knowledge.belief = true;
        }
        // The moves on the board, captures or not: where a piece must
        // capture, the rules would keep only its captures, so asking each
        // move whether it captures there too would ask twice. A capture is
        // among them exactly when it is among the moves the rules keep, and
        // there are moves exactly when the rules keep some.
        let mut moves = std::mem::take(&mut self.scratch_mut().moves);
        moves.clear();
        if !self.is_finished() {
            self.generate_on_board(&mut moves, false);
        }
        moves.retain(|m| m.is_board_move());
        let available = (!moves.is_empty()).then(|| moves.iter().any(|m| self.captures(*m)));
        self.scratch_mut().moves = moves;
        debug_assert_eq!(available, {
            let mut kept = Vec::new();
            self.generate_legal(&mut kept);
            kept.retain(|m| m.is_board_move());
            (!kept.is_empty()).then(|| kept.iter().any(|m| self.captures(*m)))
        });
        if cloaked {
            self.knowledge.belief = false;
            self.knowledge.believed_walls = None;
            self.put_back_lifted();
        }
        self.position.to_move = to_move;
        self.talk.offered_this_turn = offered;
        self.position.turn_moves = turn_moves;
        self.rounds.current = round;
        available
    }

    /// Under "Cloaking hides", takes the pieces `seat` does not fully see
    /// off the board, judged cell by cell (put back by `put_back_lifted`).
    fn lift_not_fully_seen(&mut self, seat: usize) {
        if self.game().rules.cloaking != Cloaking::Hides {
            return;
        }
        let mut lifted = std::mem::take(&mut self.knowledge.learning_mut().lifted);
        lifted.clear();
        // Only on a cloaked cell can a piece be unseen, and only where it
        // can change the seat's moves does it matter.
        let judged = self.game.judged.for_captures.get(seat);
        let matters = |c: u16| judged.is_none_or(|j| j[usize::from(c / 64)] & 1 << (c % 64) != 0);
        for &cell in &self.game().phases[self.position.phase()].cloaked_cells {
            let piece = self.position.board[usize::from(cell)];
            if piece != 0 && matters(cell) && !self.sees_fully(seat, cell) {
                lifted.push((cell, piece));
            }
        }
        self.lift(lifted);
    }

    /// Under "Cloaking hides", takes the pieces `seat` does not see off the
    /// board (they are put back by `put_back_lifted`).
    fn lift_unseen(&mut self, seat: usize) {
        if self.game().rules.cloaking != Cloaking::Hides {
            return;
        }
        let learning = self.knowledge.learning.as_deref_mut().expect("cloaked");
        let mut lifted = std::mem::take(&mut learning.lifted);
        lifted.clear();
        let judged = self.game.judged.on.get(seat).map_or(&[][..], Vec::as_slice);
        let unseen = learning.unseen[seat].iter_within(judged);
        lifted.extend(unseen.map(|cell| (cell, self.position.board[usize::from(cell)])));
        self.lift(lifted);
    }

    /// Takes the `lifted` pieces (cell, piece) off the board and keeps the
    /// list for `put_back_lifted`.
    fn lift(&mut self, lifted: Vec<(u16, super::Cell)>) {
        for &(cell, _) in &lifted {
            self.position.board.set_uncounted(usize::from(cell), 0);
        }
        self.knowledge.learning_mut().lifted = lifted;
    }

    fn put_back_lifted(&mut self) {
        let mut lifted = std::mem::take(&mut self.knowledge.learning_mut().lifted);
        for &(cell, piece) in &lifted {
            self.position.board.set_uncounted(usize::from(cell), piece);
        }
        lifted.clear();
        self.knowledge.learning_mut().lifted = lifted;
    }

    /// The locked spaces as `seat` believes them, when some wall is unknown
    /// to it; None when it knows them all.
    pub(crate) fn walls_believed_by(&self, seat: usize) -> Option<Vec<bool>> {
        let phase = &self.game().phases[self.position.phase()];
        let locked = &phase.locked;
        let unseen = |c: usize| locked[c] && !self.sees_wall(seat, c as u16);
        (phase.cloaked_walls.iter())
            .any(|&c| unseen(usize::from(c)))
            .then(|| (0..locked.len()).map(|c| locked[c] && !unseen(c)).collect())
    }

    /// The move as it plays in truth: itself, or on stacks the same drop or
    /// step landing higher on a stack fuller than it looked. None when
    /// blocked. Judged against what the truth allows (a capture there the
    /// mover cannot see restricts nothing): a placement on its own, a step
    /// among the moves of its piece, anything else among every move;
    /// `truth` is room for those moves.
    pub(crate) fn in_truth(&self, mv: Move, truth: &mut Vec<Move>) -> Option<Move> {
        truth.clear();
        match mv {
            _ if self.position.tactics.chain.is_some() || self.rounds.current.is_some() => {
                self.generate_truth(truth)
            }
            Move::Place { .. } => return self.placement_in_truth(mv),
            Move::Step { from, .. } | Move::Promote { from, .. } => {
                self.steps_in_truth(from, truth)
            }
            _ => self.generate_truth(truth),
        }
        if truth.contains(&mv) {
            return Some(mv);
        }
        let geo = &self.game().geometry;
        if geo.kind != BoardKind::Stacks {
            return None;
        }
        let same_column = |a: u16, b: u16| geo.column_of(a) == geo.column_of(b);
        truth.iter().copied().find(|t| match (mv, *t) {
            (
                Move::Place { color, shape, to },
                Move::Place {
                    color: c,
                    shape: s,
                    to: t,
                },
            ) => color == c && shape == s && same_column(to, t),
            (Move::Step { from, to }, Move::Step { from: f, to: t }) => {
                from == f && same_column(to, t)
            }
            (
                Move::Promote { from, to, shape },
                Move::Promote {
                    from: f,
                    to: t,
                    shape: s,
                },
            ) => from == f && shape == s && same_column(to, t),
            _ => false,
        })
    }

    /// The moves the truth allows the piece on `from` (see `steps`), with
    /// no open chain of jumps: the only ones a step from there can be.
    fn steps_in_truth(&self, from: u16, out: &mut Vec<Move>) {
        let seat = self.position.to_move();
        let phase = &self.game().phases[self.position.phase()];
        if self.is_finished()
            || self.draw_offered_by().is_some()
            || phase.placement_only
            || phase.locked_seats & (1 << seat) != 0
            || self.has_folded(seat)
        {
            return;
        }
        self.steps_from(seat, from, &mut super::movegen::Targets::new(), out);
    }

    /// A placement as the truth allows it (see `placements`), with no open
    /// chain of jumps: where it lands, or None when it cannot.
    fn placement_in_truth(&self, mv: Move) -> Option<Move> {
        let Move::Place { color, shape, to } = mv else {
            return None;
        };
        let game = self.game();
        let seat = self.position.to_move();
        let held = game.seats[seat].controls(color)
            && self.reserve(color, shape) > 0
            && game.rules.shapes.iter().any(|s| s.shape == shape);
        if !held
            || self.is_finished()
            || self.draw_offered_by().is_some()
            || game.phases[self.position.phase()].locked_seats & (1 << seat) != 0
            || self.has_folded(seat)
        {
            return None;
        }
        let geo = &game.geometry;
        if geo.kind == BoardKind::Stacks {
            let landing = self.landing(geo.columns()[geo.column_of(to)][0])?;
            return self.can_enter(seat, landing).then_some(Move::Place {
                color,
                shape,
                to: landing,
            });
        }
        let enters = self.can_enter(seat, to) && self.board_open(to);
        let lands = match self.position.board[usize::from(to)] {
            0 => true,
            _ => game.pieces.powers.iter().any(Option::is_some) && self.may_cover(seat, shape, to),
        };
        (enters && lands).then_some(mv)
    }
}

#[cfg(test)]
mod tests;
