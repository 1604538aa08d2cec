//! Stack verdicts remembered by the stack's contents. A verdict depends on
//! the game and on the pieces alone (see `judge_stack_attacked`), and a
//! game's stacks come back to a few contents again and again (a pot of
//! shares and coins is judged as poker hands at every arrival), so a state
//! keeps the verdicts it has judged and asks the rules only for new ones.

use super::{STACK_MAX, StackVerdict, judge_stack_attacked};
use crate::game::Game;
use crate::rules::{Color, Shape};

/// How many verdicts are kept: each contents has one slot, chosen by its
/// key, and a new contents takes the slot over.
const SLOTS: usize = 64;

/// Bits a piece takes in a key: every colour and shape has a code below 64.
const PIECE_BITS: u32 = 6;
const _: () = assert!(Color::ALL.len() * Shape::ALL.len() <= 1 << PIECE_BITS);
// The pieces, their count, whether the move was by stack and the attacker's
// place (or none) all fit in one key.
const _: () = assert!(STACK_MAX as u32 * PIECE_BITS + 5 + 1 + 5 <= 128);
const _: () = assert!(STACK_MAX < 31);

/// The verdicts a state has judged, for one game: a state never changes
/// games, and its copies start with none (see `State::clone`).
#[derive(Debug, Default)]
pub(crate) struct Verdicts {
    /// Per slot, the key judged there (0 for none: every key counts its
    /// pieces plus one) and its verdict; empty until the first judgement.
    slots: Vec<(u128, StackVerdict)>,
}

impl Verdicts {
    /// The verdict of `judge_stack_attacked` on these pieces, remembered.
    pub(crate) fn judge(
        &mut self,
        game: &Game,
        pieces: &[(Color, Shape)],
        by_stack: bool,
        attacker: Option<usize>,
    ) -> StackVerdict {
        let key = key(pieces, by_stack, attacker);
        if self.slots.is_empty() {
            self.slots.resize_with(SLOTS, Default::default);
        }
        let folded = (key as u64) ^ (key >> 64) as u64;
        let slot = (folded.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 58) as usize;
        let (kept, verdict) = &mut self.slots[slot];
        if *kept != key {
            *verdict = judge_stack_attacked(game, pieces, by_stack, attacker);
            *kept = key;
        }
        verdict.clone()
    }
}

/// The whole question as one number, never 0: the pieces bottom up, their
/// count plus one, whether the move was by stack, the attacker's place.
fn key(pieces: &[(Color, Shape)], by_stack: bool, attacker: Option<usize>) -> u128 {
    debug_assert!(pieces.len() <= STACK_MAX, "a stack fits its board");
    let mut key = pieces.iter().fold(0u128, |key, &(color, shape)| {
        key << PIECE_BITS | (color.index() * Shape::ALL.len() + shape.index()) as u128
    });
    key = key << 5 | (pieces.len() + 1) as u128;
    key = key << 1 | u128::from(by_stack);
    key << 5 | attacker.map_or(31, |a| a as u128)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue;
    use crate::game::GameState;

    fn game(name: &str) -> std::sync::Arc<Game> {
        Game::new(catalogue::get(name).unwrap()).unwrap()
    }

    /// Every stack of up to four pieces of these colours and shapes, both
    /// ways of arriving and every attacker, judged twice through one memo
    /// (its 64 slots overflow many times over) gives the rules' verdict.
    #[test]
    fn remembered_verdicts_are_the_rules_verdicts() {
        let game = game("3P-PublicGoods");
        let kinds = [
            (Color::Black, Shape::Circle),
            (Color::White, Shape::Pentagon),
            (Color::Pink, Shape::Circle),
            (Color::Yellow, Shape::Circle),
            (Color::Black, Shape::Pentagon),
        ];
        let mut stacks: Vec<Vec<(Color, Shape)>> = vec![Vec::new()];
        for _ in 0..4 {
            let longer: Vec<_> = (stacks.iter())
                .filter(|s| s.len() == stacks.last().unwrap().len())
                .flat_map(|s| kinds.iter().map(move |&k| [s.clone(), vec![k]].concat()))
                .collect();
            stacks.extend(longer);
        }
        assert_eq!(stacks.len(), 1 + 5 + 25 + 125 + 625);
        let mut memo = Verdicts::default();
        let mut judged = 0;
        for _ in 0..2 {
            for pieces in &stacks {
                for by_stack in [false, true] {
                    for attacker in (0..pieces.len()).map(Some).chain([None]) {
                        let expected = judge_stack_attacked(&game, pieces, by_stack, attacker);
                        assert_eq!(
                            memo.judge(&game, pieces, by_stack, attacker),
                            expected,
                            "{pieces:?} by stack {by_stack}, attacker {attacker:?}"
                        );
                        judged += usize::from(expected.result.is_some());
                    }
                }
            }
        }
        assert!(judged > 0, "some of these stacks capture");
    }

    /// A state that becomes a copy of another game's forgets its
    /// verdicts; a copy within its game keeps them.
    #[test]
    fn a_state_of_another_game_forgets_its_verdicts() {
        use rand::SeedableRng;
        let goods = game("3P-PublicGoods");
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(7);
        let mut state = goods.start_seeded(0);
        while verdicts_kept(&state) == 0 {
            if state.is_terminal() {
                state = goods.start_seeded(1);
            }
            let mv = crate::random::random_move(&state, &mut rng).unwrap();
            state.apply_action(mv).unwrap();
        }
        state.clone_from(&goods.start_seeded(2));
        assert_ne!(verdicts_kept(&state), 0, "same game: kept");
        state.clone_from(&game("RichTrust").start_seeded(2));
        assert_eq!(verdicts_kept(&state), 0, "another game: forgotten");
    }

    fn verdicts_kept(state: &crate::game::State) -> usize {
        state.scratch.as_ref().map_or(0, |s| s.verdicts.slots.len())
    }

    /// Stacks that differ anywhere, in a piece, its place, the way they
    /// were reached or the attacker, have different keys.
    #[test]
    fn keys_tell_every_question_apart() {
        let (a, b) = ((Color::Black, Shape::Circle), (Color::White, Shape::Circle));
        let questions = [
            key(&[], false, None),
            key(&[a], false, None),
            key(&[b], false, None),
            key(&[a, b], false, None),
            key(&[b, a], false, None),
            key(&[a, b], true, None),
            key(&[a, b], false, Some(0)),
            key(&[a, b], false, Some(1)),
            key(&[a; STACK_MAX], true, Some(STACK_MAX - 1)),
            key(
                &[(Color::Black, Shape::Circle); STACK_MAX - 1],
                true,
                Some(STACK_MAX - 1),
            ),
        ];
        for (i, x) in questions.iter().enumerate() {
            assert_ne!(*x, 0, "question {i} has a key");
            for (j, y) in questions.iter().enumerate().skip(i + 1) {
                assert_ne!(x, y, "questions {i} and {j}");
            }
        }
    }
}
