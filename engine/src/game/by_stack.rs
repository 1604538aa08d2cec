//! Moves by stack on a board of stacks: which seats can make one at all in
//! a phase. A piece moving "by stack" or "by full stack" slides along the
//! stacks' rows onto another stack it may enter, so a seat that may enter
//! at most one stack in a phase has no such move there, and listing its
//! moves need not walk its pieces' rows (3P-PublicGoods deals the pot in a
//! phase where each seat may enter only its own purse, and listed every
//! coin's slides at every deal).

use super::{CompiledPhase, Game, lines};
use crate::geometry::{DirectionSet, NO_CELL};
use crate::rules::{BoardKind, Movement};

/// Per phase and seat, the stacks a move by stack may land on from each
/// stack: those along its rows (every orthogonal direction to the board's
/// edge) with a place open to the seat in the phase, as
/// [`seats_that_may_step`] counts them. A move by stack slides to every
/// stack of its rows and lands on those it may enter: the others need not
/// be looked at (3P-PublicGoods' purses and pot are a row of five stacks,
/// and each seat may enter two of them).
#[derive(Debug)]
pub(crate) struct StackRows {
    seats: usize,
    stacks: usize,
    /// Per phase, seat and stack, where its list begins in `reached`
    /// (and the next one's begins where it ends).
    starts: Vec<u32>,
    reached: Vec<u16>,
}

impl StackRows {
    /// The rows of a board of stacks that does not wrap (a slide round a
    /// seam could come back to its own stack); None elsewhere.
    pub(crate) fn compile(game: &Game) -> Option<StackRows> {
        let geo = &game.geometry;
        if geo.kind != BoardKind::Stacks || lines::wraps(geo) {
            return None;
        }
        let columns = geo.columns();
        let rows: Vec<Vec<u16>> = (columns.iter())
            .map(|column| {
                let mut row: Vec<u16> = Vec::new();
                for &d in geo.directions_in(DirectionSet::Orthogonal) {
                    let mut cell = geo.neighbour(column[0], d);
                    while cell != NO_CELL {
                        row.push(geo.column_of(cell) as u16);
                        cell = geo.neighbour(cell, d);
                    }
                }
                row.sort_unstable();
                row.dedup();
                row
            })
            .collect();
        let seats = game.seats.len();
        let (mut starts, mut reached) = (Vec::new(), Vec::new());
        for phase in &game.phases {
            for seat in 0..seats {
                for row in &rows {
                    starts.push(reached.len() as u32);
                    let open =
                        |&&stack: &&u16| open_to(game, phase, seat, &columns[usize::from(stack)]);
                    reached.extend(row.iter().filter(open));
                }
            }
        }
        starts.push(reached.len() as u32);
        Some(StackRows {
            seats,
            stacks: columns.len(),
            starts,
            reached,
        })
    }

    /// The stacks a move by stack from `stack` may land on, by `seat` in
    /// `phase`, in stack order.
    #[inline]
    pub(crate) fn reached(&self, phase: usize, seat: usize, stack: usize) -> &[u16] {
        let i = (phase * self.seats + seat) * self.stacks + stack;
        &self.reached[self.starts[i] as usize..self.starts[i + 1] as usize]
    }
}

/// Whether some place of `column` is open to `seat` in the phase: unlocked
/// (a cloaked wall counts as open: a seat may not know it) and the seat's
/// to enter.
fn open_to(game: &Game, phase: &CompiledPhase, seat: usize, column: &[u16]) -> bool {
    column.iter().any(|&c| {
        let c = usize::from(c);
        let locked = phase.locked[c] && !phase.cloaked[c];
        !locked && game.spaces.exclusive[c] & 1 << seat != 0
    })
}

/// Per phase, the seats that may have a move by stack, a bit each (bit i
/// is seat i); every bit where a piece moves some other way, or the board
/// is flat or wraps. A stack counts as open to a seat where some place of
/// it is (see `open_to`).
pub(crate) fn seats_that_may_step(game: &Game) -> Vec<u8> {
    let geo = &game.geometry;
    let by_stack_only = game
        .pieces
        .movement
        .iter()
        .flatten()
        .all(|kind| matches!(kind, Movement::OrthByStack | Movement::OrthByFullStack));
    if geo.kind != BoardKind::Stacks || !by_stack_only || lines::wraps(geo) {
        return vec![u8::MAX; game.phases.len()];
    }
    let seats = game.seats.len();
    (game.phases.iter())
        .map(|phase| {
            (0..seats).fold(0u8, |may, seat| {
                let open = |column: &&Vec<u16>| open_to(game, phase, seat, column);
                let stacks = geo.columns().iter().filter(open).count();
                match stacks {
                    0 | 1 => may,
                    _ => may | 1 << seat,
                }
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::game::GameState;
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;
    use std::sync::Arc;

    use super::*;
    use crate::testing::catalogue_game;

    #[test]
    fn public_goods_deals_its_pot_where_no_seat_moves_by_stack() {
        let game = catalogue_game("3P-PublicGoods");
        // Invest and Chaos's phase: the three players' purses and the pot
        // (in the last the players sit out, and Chaos has one stack);
        // Deal: the pot is locked.
        assert_eq!(game.pieces.seats_may_step, vec![0b0111, 0, 0b0111]);
        assert_eq!(
            catalogue_game("Tic-Tac-Toe").pieces.seats_may_step,
            vec![u8::MAX]
        );
    }

    /// Plays random moves in `known` and `walking` alike, comparing their
    /// lists; returns how many were compared, and how many of them were
    /// of a seat `known` knows cannot step.
    fn lists_alike(known: &Arc<Game>, walking: &Arc<Game>, seed: u64) -> (usize, usize) {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let name = &known.rules.name;
        let (mut compared, mut skipped) = (0, 0);
        for seed in 0..6 {
            let mut a = known.start_seeded(seed);
            let mut b = walking.start_seeded(seed);
            for _ in 0..60 {
                assert_eq!(a.legal_actions(), b.legal_actions(), "{name}");
                compared += 1;
                let seat = a.position.to_move();
                skipped +=
                    usize::from(known.pieces.seats_may_step[a.position.phase()] & 1 << seat == 0);
                let Some(mv) = crate::random::random_move(&a, &mut rng) else {
                    break;
                };
                a.apply_action(mv).expect("legal");
                b.apply_action(mv).expect("legal in both");
            }
        }
        (compared, skipped)
    }

    /// The catalogue's stacks games, and each whose pieces stay where they
    /// are placed with every shape moving by stack and by full stack
    /// (where the rules allow it). 3P-PublicGoods' coins already move by
    /// stack; with its shares moving too, a game may run to thousands of
    /// passes.
    fn stacks_games() -> Vec<crate::RuleSet> {
        let mut games = Vec::new();
        for rules in crate::catalogue::all() {
            if rules.board != BoardKind::Stacks {
                continue;
            }
            let placed = rules.shapes.iter().all(|s| s.movement.is_empty());
            let movements = [Movement::OrthByStack, Movement::OrthByFullStack];
            for movement in movements.into_iter().filter(|_| placed) {
                let mut moving = rules.clone();
                moving
                    .shapes
                    .iter_mut()
                    .for_each(|s| s.movement = vec![movement]);
                if Game::new(moving.clone()).is_ok() {
                    games.push(moving);
                }
            }
            games.push(rules);
        }
        games
    }

    /// Every stacks game lists the same moves with the seats that may step
    /// known as with every seat stepping.
    #[test]
    fn seats_that_cannot_step_list_what_a_walk_lists() {
        let (mut compared, mut skipped) = (0, 0);
        for rules in stacks_games() {
            let known = Game::new(rules.clone()).expect("a valid game");
            let mut walking = Game::compile(rules);
            walking.pieces.seats_may_step = vec![u8::MAX; walking.phases.len()];
            let (c, s) = lists_alike(&known, &Arc::new(walking), 22);
            (compared, skipped) = (compared + c, skipped + s);
        }
        assert!(
            compared > 1000 && skipped > 100,
            "{compared} compared, {skipped} skipped"
        );
    }

    /// Every stacks game lists the same moves by stack with its rows known
    /// as by sliding along them.
    #[test]
    fn stack_rows_list_what_a_slide_lists() {
        let (mut compared, mut moving) = (0, 0);
        for rules in stacks_games() {
            let known = Game::new(rules.clone()).expect("a valid game");
            assert!(
                known.pieces.stack_rows.is_some(),
                "{}: no stacks board wraps",
                rules.name
            );
            let mut sliding = Game::compile(rules);
            sliding.pieces.stack_rows = None;
            compared += lists_alike(&known, &Arc::new(sliding), 23).0;
            moving += usize::from(known.pieces.movement.iter().any(|m| !m.is_empty()));
        }
        assert!(
            compared > 2000 && moving > 10,
            "{compared} compared, {moving} moving games"
        );
    }

    /// PublicGoods' row of five stacks: from a purse, each player reaches
    /// the pot alone while it invests, and nothing while the pot is dealt
    /// (its own purse is no stack of its rows).
    #[test]
    fn public_goods_purses_reach_the_pot() {
        let game = catalogue_game("3P-PublicGoods");
        let rows = game.pieces.stack_rows.as_ref().expect("a board of stacks");
        for seat in 0..3 {
            assert_eq!(rows.reached(0, seat, seat), [4], "seat {seat} invests");
            assert_eq!(
                rows.reached(1, seat, seat),
                [] as [u16; 0],
                "seat {seat} is dealt"
            );
        }
        assert_eq!(rows.reached(0, 3, 3), [] as [u16; 0], "Chaos sits out");
        assert!(catalogue_game("Tic-Tac-Toe").pieces.stack_rows.is_none());
    }
}
