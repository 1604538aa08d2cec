//! Moves by stack on a board of stacks: which seats can make one at all in
//! a phase. A piece moving "by stack" or "by full stack" slides along the
//! stacks' rows onto another stack it may enter, so a seat that may enter
//! at most one stack in a phase has no such move there, and listing its
//! moves need not walk its pieces' rows (3P-PublicGoods deals the pot in a
//! phase where each seat may enter only its own purse, and listed every
//! coin's slides at every deal).

use super::{Game, lines};
use crate::rules::{BoardKind, Movement};

/// Per phase, the seats that may have a move by stack, a bit each (bit i
/// is seat i); every bit where a piece moves some other way, or the board
/// is flat or wraps. A stack counts as open to a seat where some place of
/// it is, unlocked (a cloaked wall counts as open: a seat may not know it)
/// and the seat's to enter.
pub(crate) fn seats_that_may_step(game: &Game) -> Vec<u8> {
    let geo = &game.geometry;
    let by_stack_only = game
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
            let open = |seat: usize, column: &Vec<u16>| {
                column.iter().any(|&c| {
                    let c = usize::from(c);
                    let locked = phase.locked[c] && !phase.cloaked[c];
                    !locked && game.exclusive[c] & 1 << seat != 0
                })
            };
            (0..seats).fold(0u8, |may, seat| {
                let stacks = geo.columns().iter().filter(|col| open(seat, col)).count();
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
        assert_eq!(game.seats_may_step, vec![0b0111, 0, 0b0111]);
        assert_eq!(catalogue_game("Tic-Tac-Toe").seats_may_step, vec![u8::MAX]);
    }

    /// Every stacks game of the catalogue lists the same moves with the
    /// seats that may step known as with every seat stepping.
    #[test]
    fn seats_that_cannot_step_list_what_a_walk_lists() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(22);
        let (mut compared, mut skipped) = (0, 0);
        for rules in crate::catalogue::all() {
            let name = rules.name.clone();
            let known = Game::new(rules.clone()).expect("a catalogue game");
            if known.geometry.kind != BoardKind::Stacks {
                continue;
            }
            let mut walking = Game::compile(rules);
            walking.seats_may_step = vec![u8::MAX; walking.phases.len()];
            let walking = Arc::new(walking);
            for seed in 0..6 {
                let mut a = known.start_seeded(seed);
                let mut b = walking.start_seeded(seed);
                for _ in 0..60 {
                    assert_eq!(a.legal_actions(), b.legal_actions(), "{name}");
                    compared += 1;
                    let seat = a.to_move;
                    skipped += usize::from(known.seats_may_step[a.phase] & 1 << seat == 0);
                    let Some(mv) = crate::random::random_move(&a, &mut rng) else {
                        break;
                    };
                    a.apply_action(mv).expect("legal");
                    b.apply_action(mv).expect("legal in both");
                }
            }
        }
        assert!(
            compared > 1000 && skipped > 100,
            "{compared} compared, {skipped} skipped"
        );
    }
}
