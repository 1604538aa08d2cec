//! A stack's captures after a move "by stack" or "by full stack", where
//! ranks are poker hands (see [`crate::poker`]).

use smallvec::SmallVec;

use super::Game;
use super::capture::StackVerdict;
use crate::rules::{CaptureResult, Color, Shape};

/// A stack after a move "by stack" or "by full stack": each colour some
/// seat plays ranks by the poker hand of its pieces there plus the communal
/// ones (colours no seat plays), chips (circles) ignored. The best hands
/// capture with the result of their highest-ranked shape that has a power
/// (their own or communal); each keeps the pieces that make its hand, ties
/// split the pot. Nothing is captured when the best hand is nothing, or when
/// no piece of the best hands has a power.
pub(crate) fn judge_hands(game: &Game, pieces: &[(Color, Shape)]) -> StackVerdict {
    use crate::poker::{Tier, hand_rank, winners};
    let mut verdict = StackVerdict {
        kept: super::capture::every_position(pieces.len()),
        ..Default::default()
    };
    // The colours some seat plays, a bit each: asked for every piece of
    // every owner's hand.
    let played = game.teams.colors.iter().fold(0u16, |bits, t| bits | t);
    let communal = |c: Color| played & 1 << c.index() == 0;
    let mut owners: SmallVec<[Color; 8]> = SmallVec::new();
    for &(c, _) in pieces {
        if !communal(c) && !owners.contains(&c) {
            owners.push(c);
        }
    }
    owners.sort_unstable();
    // Gathered on the stack by hand: collecting them through a filter
    // was most of a judgement.
    let hand_of = |owner: Color| {
        let mut shapes = [Shape::Circle; super::capture::STACK_MAX];
        let mut n = 0;
        for &(c, s) in pieces {
            if c == owner || communal(c) {
                shapes[n] = s;
                n += 1;
            }
        }
        hand_rank(&shapes[..n])
    };
    let hands: SmallVec<[_; 4]> = owners.iter().map(|&o| hand_of(o)).collect();
    let best = winners(&hands);
    if best.is_empty() || hands[best[0]].tier() == Tier::Nothing {
        return verdict;
    }
    let captors: SmallVec<[Color; 4]> = best.iter().map(|&i| owners[i]).collect();
    let result = pieces
        .iter()
        .filter(|(c, _)| captors.contains(c) || communal(*c))
        .filter_map(|(_, s)| game.power(*s).map(|p| (s.rank(), p.result)))
        .max_by_key(|(rank, _)| *rank)
        .map(|(_, result)| result);
    let Some(result) = result else {
        return verdict;
    };
    // Each captor keeps the pieces that make its hand: its own first, then communal.
    let mut keeps: SmallVec<[usize; 8]> = SmallVec::new();
    for (&i, &captor) in best.iter().zip(&captors) {
        for shape in hands[i].pieces() {
            let own =
                (0..pieces.len()).find(|j| pieces[*j] == (captor, shape) && !keeps.contains(j));
            let shared =
                || (0..pieces.len()).find(|&j| communal(pieces[j].0) && pieces[j].1 == shape);
            if let Some(j) = own.or_else(shared)
                && !keeps.contains(&j)
            {
                keeps.push(j);
            }
        }
    }
    let captive = |i: usize| !captors.contains(&pieces[i].0) && !keeps.contains(&i);
    if captors.len() < 2 && !(0..pieces.len()).any(captive) {
        return verdict;
    }
    verdict.pot = match result {
        CaptureResult::Remove | CaptureResult::Paralyze => {
            (0..pieces.len()).filter(|&i| captive(i)).collect()
        }
        _ => (0..pieces.len()).filter(|i| !keeps.contains(i)).collect(),
    };
    verdict.kept &= !super::capture::positions(&verdict.pot);
    verdict.captors = captors;
    verdict.result = Some(result);
    verdict
}
