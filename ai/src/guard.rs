//! The guard at the search's root: short proofs (see [`proof`]) before
//! and after the tree. Before it, a turn that wins at once is played, one
//! that wins at the next turn whatever the reply is played, and every move
//! proved to let the next seat win at once is dropped while another is
//! not. After it, the tree's choices are taken in order of trust and the
//! first that does not let the next seat force a win within two turns is
//! played. So no budget, however small, misses a short win or walks into a
//! short loss it could have avoided.
//!
//! In games of lines alone the guard also looks for wins by continuous
//! threats (see `threat_win`), far deeper than two turns: one of
//! its own is played, and a move after which the next seat has one is
//! refused while another is not.
//!
//! Each question has a budget of moves made; an unsettled one leaves the
//! tree's choice as it was.

use super::clock::Deadline;
use super::proof::{Proof, Prover};
use crate::threat_win::threat_win;
use redscience_engine::game::{GameState, Move, Movers, State};

/// Moves made to find a winning turn, and a forcing one.
const WIN_BUDGET: u64 = 150_000;
/// Moves made to prove which first moves let the next seat win at once.
const SAFETY_BUDGET: u64 = 300_000;
/// Moves made to check the tree's choices against threats two turns deep.
const THREAT_BUDGET: u64 = 300_000;
/// Moves tried to find a win by continuous threats of the seat to move,
/// and, in all, of the next seat after the tree's first few choices.
const SEQUENCE_BUDGET: u64 = 40_000;
const SEQUENCE_DEFENCE_BUDGET: u64 = 80_000;
/// The tree's choices checked for the next seat's win by threats.
const SEQUENCE_DEFENCE_CHOICES: usize = 6;

/// How far the guard looks, each more than the one before.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Guard {
    /// No proofs: the tree alone.
    Off,
    /// A win at once, and moves that let the next seat win at once.
    OneTurn,
    /// Those, and the same two turns deep (double threats).
    TwoTurns,
    /// Those, wins by continuous threats however deep, and perfect play
    /// where the game is small enough to solve: the standard player's.
    Full,
}

/// Whether the guard applies at `root`: one seat decides, on the whole
/// position (nothing hidden, so a proof reads no piece the seat cannot).
pub(super) fn applies(root: &State) -> bool {
    matches!(root.movers(), Movers::One(_))
        && root.game().rules.cloaking == redscience_engine::rules::Cloaking::None
}

/// What the guard decides before the tree grows.
pub(super) enum Before {
    /// A move that wins now, or at the next turn whatever the replies.
    Play(Move),
    /// The moves the tree may consider: those not proved to lose at once
    /// (all of them where every move does).
    Keep(Vec<Move>),
}

/// The guard's answer before the tree, its proofs out of budget once
/// `deadline` has passed.
pub(super) fn before_search(
    root: &State,
    moves: Vec<Move>,
    guard: Guard,
    deadline: Deadline,
) -> Before {
    let Some(me) = root.movers().next() else {
        return Before::Keep(moves);
    };
    let mut prover = Prover::new(me, WIN_BUDGET).until(deadline);
    if let Proof::Yes(mv) = prover.winning_turn(root) {
        return Before::Play(mv);
    }
    let mut prover = Prover::new(me, WIN_BUDGET).until(deadline);
    if guard >= Guard::TwoTurns
        && let Proof::Yes(mv) = prover.forcing_turn(root)
    {
        return Before::Play(mv);
    }
    if guard == Guard::Full
        && let Some(cell) = threat_win(root, &mut { SEQUENCE_BUDGET }, &|| deadline.passed())
        && let Some(&mv) = moves
            .iter()
            .find(|m| matches!(m, Move::Place { to, .. } if *to == cell))
    {
        return Before::Play(mv);
    }
    let mut prover = Prover::new(me, SAFETY_BUDGET).until(deadline);
    let kept: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&mv| prover.safe_with(root, mv) != Proof::No)
        .collect();
    match kept.is_empty() {
        true => Before::Keep(moves),
        false => Before::Keep(kept),
    }
}

/// The first of `ranked` (the tree's choices, most trusted first) that is
/// not proved to let the next seat force a win within two turns, nor (for
/// the `Full` guard) to leave it a win by continuous threats; the first
/// that holds two turns where each leaves one; the most trusted where
/// none holds. Its proofs are out of budget once `deadline` has passed.
pub(super) fn after_search(
    root: &State,
    ranked: &[Move],
    guard: Guard,
    deadline: Deadline,
) -> Option<Move> {
    let me = root.movers().next()?;
    let mut prover = Prover::new(me, THREAT_BUDGET).until(deadline);
    let mut defence_left = match guard {
        Guard::Full => SEQUENCE_DEFENCE_BUDGET,
        _ => 0,
    };
    let mut checked = 0;
    let mut sequence_after = |mv: Move| {
        checked += 1;
        if checked > SEQUENCE_DEFENCE_CHOICES || defence_left == 0 {
            return false;
        }
        let mut next = root.clone();
        if next.apply_action(mv).is_err() || next.is_terminal() {
            return false;
        }
        threat_win(&next, &mut defence_left, &|| deadline.passed()).is_some()
    };
    // Where every choice that holds two turns lets the next seat win by
    // threats (a lost position, seen far ahead), the first that holds is
    // played: the loss stays as far off as it can.
    let mut first_holding = None;
    for &mv in ranked {
        if prover.loses_in_two_with(root, mv) == Proof::Yes(mv) {
            continue;
        }
        first_holding.get_or_insert(mv);
        if !sequence_after(mv) {
            return Some(mv);
        }
    }
    first_holding.or_else(|| ranked.first().copied())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tactics::{Label, obeys};
    use redscience_engine::testing::{catalogue_game, played};

    #[test]
    fn where_every_holding_choice_leaves_a_threat_win_one_that_holds_is_played() {
        // Found by the tactical suite (seed 24): in 4on7sq here, black
        // (to move) must stop white's forced win within two turns, and
        // each move that does still leaves white a longer win by threats.
        // Refusing those too once fell back to the tree's first choice,
        // which lost in two.
        let game = catalogue_game("4on7sq");
        let root = played(
            &game,
            &["7,6", "4,6", "3,6", "2,4", "1,3", "1,7", "2,2", "2,5"],
        );
        let labelled =
            crate::tactics::label(&root, crate::tactics::Budget::default()).expect("labelled");
        assert_eq!(labelled.label, Label::Loss2);
        // The tree's order is the legal order here: its first choices lose.
        let ranked = root.legal_actions().to_vec();
        let chosen = after_search(&root, &ranked, Guard::Full, Deadline::NEVER).expect("a move");
        assert_eq!(
            obeys(&root, Label::Loss2, chosen, 1_000_000),
            Ok(true),
            "{chosen:?}"
        );
    }
}
