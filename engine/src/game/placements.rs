//! Where the seat to move may place: the cells a piece lands on (flat
//! boards, stacks and their kept heights), and, for capture-only
//! surrounding shapes, only where a placement takes.

use super::state::BoardResult;
use super::{CompiledPhase, Move, Seat, State};
use crate::geometry::{DirectionSet, Geometry};
use crate::rules::{BoardKind, CaptureCondition, CaptureResult, Cloaking, Color, RuleSet, Shape};

/// Where a game's placements land and which of them are listed, worked out
/// when it is compiled.
#[derive(Debug, Default)]
pub(crate) struct Placing {
    /// Per phase and stack, how many of its places lie at or below its
    /// highest locked place: nothing lands there. Stacks only: on flat
    /// boards a landing is the cell itself.
    pub floors: Vec<Vec<u8>>,
    /// Per phase: whether a seat's placements are every piece it holds on
    /// every open slot it may use (placement only, nothing that captures;
    /// spaces closed to it by locks or exclusivity only on flat, uncloaked
    /// boards, see `blocked`), so they need not be listed one by one.
    pub everywhere: Vec<bool>,
    /// Per phase and seat, the spaces it may not place on though empty
    /// (locked, or kept for other seats), a bit each; no words where none.
    pub blocked: Vec<Vec<Vec<u64>>>,
    /// Per phase, whether `blocked` closes every seat out of the same
    /// spaces (locks, no space kept for some seats).
    pub blocked_alike: Vec<bool>,
    /// Per seat, the kinds of piece it may place if it holds them: colours
    /// it controls, shapes of the game, in the order moves list them.
    pub kinds: Vec<Vec<(Color, Shape)>>,
}

impl Placing {
    /// The placing of a game with these `rules`, board, `phases`, cells
    /// kept for some seats (`exclusive`) and `seats`; `nothing_moves` and
    /// `nothing_captures` as its shapes' movement and powers say.
    pub(crate) fn compile(
        rules: &RuleSet,
        geometry: &Geometry,
        phases: &[CompiledPhase],
        exclusive: &[u8],
        seats: &[Seat],
        (nothing_moves, nothing_captures): (bool, bool),
    ) -> Placing {
        let blocked = super::board::placement_blocked(phases, exclusive, seats.len());
        // Spaces closed to some seat are taken out of a flat board's open
        // slots (see `board::placement_blocked`); on stacks a lock changes
        // where a piece lands, so there the moves are listed.
        let flat = geometry.kind != BoardKind::Stacks;
        // Walls left by moves close spaces the product cannot know of.
        let walls_left = (rules.shapes.iter()).any(|s| s.trail == Some(crate::rules::Trail::Wall));
        let everywhere = (phases.iter().zip(&blocked))
            .map(|(p, blocked)| {
                (p.placement_only || nothing_moves)
                    && nothing_captures
                    && (blocked.is_empty() || flat && rules.cloaking == Cloaking::None)
                    && !walls_left
                    // A roll narrows the placements to one shape's.
                    && rules.dice.is_none()
            })
            .collect();
        let floors = (phases.iter().filter(|_| !flat))
            .map(|p| {
                (geometry.columns().iter())
                    .map(|column| {
                        (column.iter().rposition(|&c| p.locked[usize::from(c)]))
                            .map_or(0, |top| top as u8 + 1)
                    })
                    .collect()
            })
            .collect();
        let kinds = (seats.iter())
            .map(|seat| {
                (Color::ALL.iter().filter(|c| seat.controls(**c)))
                    .flat_map(|c| rules.shapes.iter().map(move |s| (*c, s.shape)))
                    .collect()
            })
            .collect();
        let blocked_alike = (blocked.iter())
            .map(|seats| seats.windows(2).all(|pair| pair[0] == pair[1]))
            .collect();
        Placing {
            floors,
            everywhere,
            blocked,
            blocked_alike,
            kinds,
        }
    }
}

impl State {
    /// Where a piece dropped on the column of `cell` lands: above the highest
    /// piece or locked cell. Elsewhere the cell itself, if empty.
    pub(crate) fn landing(&self, cell: u16) -> Option<u16> {
        let geo = &self.game().geometry;
        if geo.kind != BoardKind::Stacks {
            return (self.position.board[usize::from(cell)] == 0 && !self.is_locked(cell))
                .then_some(cell);
        }
        let stack = geo.column_of(cell);
        let column = &geo.columns()[stack];
        if self.knowledge.believed_walls().is_none() && self.position.board.height(stack).is_some()
        {
            let landing = kept_landing(
                self.game(),
                self.position.phase(),
                &self.position.board,
                stack,
            );
            debug_assert_eq!(landing, self.landing_walked(column), "stack {stack}");
            return landing;
        }
        self.landing_walked(column)
    }

    /// [`State::landing`] on stacks by walking down `column`.
    fn landing_walked(&self, column: &[u16]) -> Option<u16> {
        let (board, locked) = (&self.position.board, self.locked_mask());
        let highest = column
            .iter()
            .map(|&c| usize::from(c))
            .rposition(|c| board[c] != 0 || locked[c]);
        let index = highest.map_or(0, |h| h + 1);
        column.get(index).copied()
    }

    /// Free cells at the top of a column (stacks), for by-stack moves.
    pub(crate) fn room_at(&self, cell: u16) -> usize {
        self.room(cell)
    }

    pub(super) fn room(&self, cell: u16) -> usize {
        let geo = &self.game().geometry;
        match self.landing(cell) {
            Some(landing) => {
                let column = &geo.columns()[geo.column_of(cell)];
                column.len()
                    - column
                        .iter()
                        .position(|&c| c == landing)
                        .expect("landing is in its column")
            }
            None => 0,
        }
    }

    /// Appends the placements of `seat`; returns whether every one listed
    /// is known to capture (judged for the whole board at once, see
    /// `surrounding_takers`).
    pub(super) fn placements(&self, seat: usize, out: &mut Vec<Move>) -> bool {
        // On the stack: this runs for every position of every playout.
        let mut held = [(Color::Black, Shape::Circle); super::PIECE_KINDS];
        let mut count = 0;
        for kind in self.held_kinds(seat) {
            held[count] = kind;
            count += 1;
        }
        let kinds = &held[..count];
        if kinds.is_empty() {
            return false;
        }
        if self.game().geometry.kind != BoardKind::Stacks {
            return self.flat_placements(seat, kinds, out);
        }
        self.stacked_placements(seat, kinds, out);
        false
    }

    /// [`State::placements`] on a flat board, of the `kinds` held: one
    /// column per cell, in cell order, a piece landing on an empty,
    /// unlocked cell it may enter (`landing` and `can_enter` unrolled).
    fn flat_placements(&self, seat: usize, kinds: &[(Color, Shape)], out: &mut Vec<Move>) -> bool {
        let game = self.game();
        let locked = self.locked_mask();
        // Only a covering shape places onto a piece (see `may_cover`).
        let any_cover = game.pieces.powers.iter().flatten().any(|p| {
            matches!(
                p.condition,
                CaptureCondition::Cover | CaptureCondition::CoverByRank
            )
        });
        let all_open = self
            .standings
            .decided
            .board_results
            .iter()
            .all(BoardResult::is_open);
        let cells = self
            .position
            .board
            .iter()
            .zip(locked)
            .zip(&game.spaces.exclusive);
        let seat_bit = 1 << seat;
        let push = |to: u16, out: &mut Vec<Move>| {
            out.extend(
                kinds
                    .iter()
                    .map(|&(color, shape)| Move::Place { color, shape, to }),
            );
        };
        if !any_cover && all_open {
            // Capture-only surrounding: only where a placement takes.
            if let Some(takers) = self.surrounding_takers(seat, kinds) {
                let mut bits = takers;
                while bits != 0 {
                    let to = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if self.position.board[to] == 0
                        && !locked[to]
                        && game.spaces.exclusive[to] & seat_bit != 0
                    {
                        push(to as u16, out);
                    }
                }
                return true;
            }
            // The common case, kept tight: empty cells only.
            for (to, ((&piece, &locked), &allowed)) in cells.enumerate() {
                if piece == 0 && !locked && allowed & seat_bit != 0 {
                    push(to as u16, out);
                }
            }
            return false;
        }
        for (to, ((&piece, &locked), &allowed)) in cells.enumerate() {
            if locked || allowed & seat_bit == 0 || !(all_open || self.board_open(to as u16)) {
                continue;
            }
            let to = to as u16;
            if piece == 0 {
                push(to, out);
            } else if any_cover {
                // Covering an opponent's piece, where one of the two can capture.
                out.extend(
                    kinds
                        .iter()
                        .filter(|&&(_, shape)| self.may_cover(seat, shape, to))
                        .map(|&(color, shape)| Move::Place { color, shape, to }),
                );
            }
        }
        false
    }

    /// [`State::placements`] on stacks, of the `kinds` held: a piece
    /// lands on top of a stack it may enter.
    fn stacked_placements(&self, seat: usize, kinds: &[(Color, Shape)], out: &mut Vec<Move>) {
        let game = self.game();
        let geo = &game.geometry;
        let seat_bit = 1 << seat;
        if self.knowledge.believed_walls().is_none() && self.position.board.height(0).is_some() {
            // `landing` and `can_enter` unrolled over the kept heights and
            // locked floors: this runs for every position of a stacks game.
            let (floors, locked) = (
                &game.placing.floors[self.position.phase()],
                &game.phases[self.position.phase()].locked,
            );
            for (stack, column) in geo.columns().iter().enumerate() {
                let height = self.position.board.height(stack).unwrap_or_default();
                let Some(&to) = column.get(usize::from(height.max(floors[stack]))) else {
                    continue;
                };
                debug_assert_eq!(Some(to), self.landing(column[0]));
                let t = usize::from(to);
                if locked[t] || game.spaces.exclusive[t] & seat_bit == 0 {
                    continue;
                }
                for &(color, shape) in kinds {
                    out.push(Move::Place { color, shape, to });
                }
            }
            return;
        }
        for column in geo.columns() {
            let Some(to) = self.landing(column[0]) else {
                continue;
            };
            if !self.can_enter(seat, to) {
                continue;
            }
            for &(color, shape) in kinds {
                out.push(Move::Place { color, shape, to });
            }
        }
    }

    /// Where every kind `seat` holds is an "Only captures" shape that
    /// surrounds (not paralysing), the cells where a placement captures,
    /// judged for the whole board at once (see `surround_bits`); None
    /// where a placement must be judged alone.
    fn surrounding_takers(&self, seat: usize, kinds: &[(Color, Shape)]) -> Option<u128> {
        let game = self.game();
        let layout = game.layouts.surround_layout.as_ref()?;
        if !game.upkeep.capture_only {
            return None;
        }
        let mut set = None;
        for &(_, shape) in kinds {
            let power = game.power(shape)?;
            if !power.only || power.result == CaptureResult::Paralyze {
                return None;
            }
            let this = surrounding_directions(power.condition)?;
            if set.is_some_and(|s| s != this) {
                return None;
            }
            set = Some(this);
        }
        let controls = game.seats[seat].controls;
        Some(layout.takers(
            &self.position.board,
            controls,
            game.geometry.directions_in(set?),
        ))
    }
}

/// Where a piece dropped into `stack` lands on `board`, a board of stacks,
/// in `phase`: above the highest piece and the highest locked place, both
/// kept (the heights by the board, the locks per phase); None on a full
/// stack.
#[inline]
pub(crate) fn kept_landing(
    game: &super::Game,
    phase: usize,
    board: &super::board::Board,
    stack: usize,
) -> Option<u16> {
    kept_drop(game, phase, board, stack).map(|(_, cell)| cell)
}

/// [`kept_landing`] with the height it lands at in its stack.
#[inline]
pub(crate) fn kept_drop(
    game: &super::Game,
    phase: usize,
    board: &super::board::Board,
    stack: usize,
) -> Option<(usize, u16)> {
    let height = kept_height(game, phase, board, stack);
    let cell = game.geometry.columns()[stack].get(height)?;
    Some((height, *cell))
}

/// Where in `stack`'s column the next piece lands: its height, or the
/// phase's locked floor where that is higher.
pub(crate) fn kept_height(
    game: &super::Game,
    phase: usize,
    board: &super::board::Board,
    stack: usize,
) -> usize {
    let height = board.height(stack).unwrap_or(0);
    usize::from(height.max(game.placing.floors[phase][stack]))
}

/// The lines a surrounding capture closes, for the captures that surround.
pub(super) fn surrounding_directions(condition: CaptureCondition) -> Option<DirectionSet> {
    match condition {
        CaptureCondition::SurroundLine => Some(DirectionSet::Any),
        CaptureCondition::SurroundOrthogonal => Some(DirectionSet::Orthogonal),
        _ => None,
    }
}
