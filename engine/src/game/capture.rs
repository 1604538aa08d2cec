//! Capture: contests between a covering piece and the pieces it covers, and
//! the whole-stack resolution of stacks boards with its pot split.
//!
//! Ranks: pieces without power are lowest and cannot cover each other; pieces
//! that capture other than by rank are highest; by-rank pieces compare by
//! shape (pentagon > star > cross > X > triangle > circle, but a circle beats
//! a pentagon). Equal by-rank pieces destroy each other; equal "other" captors
//! award the conflict to the attacker on a cell, and share a stack.

use smallvec::SmallVec;
use std::cmp::Ordering;

use super::hands::judge_hands;

pub(crate) mod settle;
pub(crate) use settle::StackSite;
mod verdicts;
pub(crate) use verdicts::Verdicts;

/// The most pieces a stack holds: a board's height is one of its dimensions.
pub(super) const STACK_MAX: usize = crate::validate::DIMENSION_MAX as usize;
use super::{Game, State};
use crate::rules::{CaptureCondition, CaptureResult, Color, Power, Shape};

/// How strongly a piece contests a cover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Strength {
    None,
    ByRank(Shape),
    Other,
}

/// What a shape does when it captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ShapePower {
    pub must: bool,
    /// "Only captures": a move of the shape that captures nothing is not legal.
    pub only: bool,
    /// An open chain of its jumps must go on while it can.
    pub chain_must: bool,
    /// Whose pieces its jumps pass over.
    pub jump_over: crate::rules::JumpOver,
    /// Its jumps may pass over a solid line of pieces.
    pub jump_line: bool,
    /// A chain of its jumps never lands where it has stood this turn.
    pub chain_no_return: bool,
    pub condition: CaptureCondition,
    pub result: CaptureResult,
}

impl Game {
    pub(crate) fn power(&self, shape: Shape) -> Option<ShapePower> {
        self.pieces.powers[shape.index()]
    }

    #[inline]
    pub(crate) fn strength(&self, shape: Shape) -> Strength {
        self.pieces.strengths[shape.index()]
    }

    /// Whether a shape takes part in cover contests at all.
    pub(crate) fn covers(&self, shape: Shape) -> bool {
        self.power(shape).is_some_and(|p| {
            matches!(
                p.condition,
                CaptureCondition::Cover | CaptureCondition::CoverByRank
            )
        })
    }
}

pub(crate) fn compile_powers(rules: &crate::RuleSet) -> [Option<ShapePower>; 6] {
    let mut out = [None; 6];
    for s in &rules.shapes {
        if let (Power::Must | Power::Can | Power::Only, Some(condition), Some(result)) =
            (s.power, s.capture, s.result)
        {
            out[s.shape.index()] = Some(ShapePower {
                must: s.power == Power::Must,
                only: s.power == Power::Only,
                chain_must: s.chain == crate::rules::Chain::MustContinue,
                jump_over: s.jump_over,
                jump_line: s.jump_line,
                chain_no_return: s.chain_no_return,
                condition,
                result,
            });
        }
    }
    out
}

/// How strongly each shape contests a cover, per shape index.
pub(crate) fn compile_strengths(powers: &[Option<ShapePower>; 6]) -> [Strength; 6] {
    std::array::from_fn(|i| match powers[i] {
        None => Strength::None,
        Some(p) if p.condition == CaptureCondition::CoverByRank => Strength::ByRank(Shape::ALL[i]),
        Some(_) => Strength::Other,
    })
}

/// Greater: the attacker beats the defender; Less: the defender wins; Equal: a tie.
pub(crate) fn contest(attacker: Strength, defender: Strength) -> Ordering {
    use Strength::*;
    match (attacker, defender) {
        (Other, Other) | (None, None) => Ordering::Equal,
        (Other, _) => Ordering::Greater,
        (_, Other) => Ordering::Less,
        (ByRank(_), None) => Ordering::Greater,
        (None, ByRank(_)) => Ordering::Less,
        (ByRank(a), ByRank(d)) if a == d => Ordering::Equal,
        (ByRank(Shape::Circle), ByRank(Shape::Pentagon)) => Ordering::Greater,
        (ByRank(Shape::Pentagon), ByRank(Shape::Circle)) => Ordering::Less,
        (ByRank(a), ByRank(d)) => a.rank().cmp(&d.rank()),
    }
}

/// What happens when a piece arrives on an occupied cell (not stacks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CoverResult {
    AttackerWins,
    DefenderWins,
    BothDestroyed,
}

/// The contest of a piece covering another on a flat board, or None when
/// neither can capture (such pieces cannot cover each other).
pub(crate) fn cover(game: &Game, attacker: Shape, defender: Shape) -> Option<CoverResult> {
    if !game.covers(attacker) && !game.covers(defender) {
        return None;
    }
    let (a, d) = (game.strength(attacker), game.strength(defender));
    Some(match contest(a, d) {
        Ordering::Greater => CoverResult::AttackerWins,
        Ordering::Less => CoverResult::DefenderWins,
        Ordering::Equal if a == Strength::Other => CoverResult::AttackerWins,
        Ordering::Equal => CoverResult::BothDestroyed,
    })
}

/// Who takes what on one stack.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct StackVerdict {
    /// Colours that capture (share the pot), in colour order.
    pub captors: SmallVec<[Color; 4]>,
    /// Positions (bottom up) of pieces that stay as they are, a bit each:
    /// most arrivals keep every piece, and a list of them was most of the
    /// cost of judging a stack.
    pub kept: u64,
    /// Positions of pieces destroyed in a tie of equal ranks, a bit each.
    pub destroyed: u64,
    /// Positions of the pot: captured pieces, dealt to the captors.
    pub pot: SmallVec<[usize; 8]>,
    pub result: Option<CaptureResult>,
}

/// Resolves a stack's pieces (bottom up): the highest-ranked colours capture.
/// After a move "by stack" or "by full stack" ranks are poker hands (see
/// [`judge_hands`]); otherwise each colour ranks by its best piece.
#[cfg(test)]
pub(crate) fn judge_stack(game: &Game, pieces: &[(Color, Shape)], by_stack: bool) -> StackVerdict {
    judge_stack_attacked(game, pieces, by_stack, None)
}

/// As [`judge_stack`], with the position of the piece that just arrived, if
/// it covers alone: pieces that capture other than by rank "award conflicts
/// between each other to the attacker", so an arriving such captor is the
/// only captor, and the others' captors on the stack are its captives.
pub(crate) fn judge_stack_attacked(
    game: &Game,
    pieces: &[(Color, Shape)],
    by_stack: bool,
    attacker: Option<usize>,
) -> StackVerdict {
    if by_stack {
        return judge_hands(game, pieces);
    }
    let mut verdict = StackVerdict {
        kept: every_position(pieces.len()),
        ..Default::default()
    };
    // Each colour's best piece: at most one entry per colour, on the stack.
    let mut colours = [(Color::Black, 0usize); Color::ALL.len()];
    let mut count = 0;
    for (i, (color, shape)) in pieces.iter().enumerate() {
        match colours[..count].iter_mut().find(|(c, _)| c == color) {
            Some(entry) => {
                if contest(game.strength(*shape), game.strength(pieces[entry.1].1))
                    == Ordering::Greater
                {
                    entry.1 = i;
                }
            }
            None => {
                colours[count] = (*color, i);
                count += 1;
            }
        }
    }
    let best = &colours[..count];
    let mut tops = [(Color::Black, 0usize); Color::ALL.len()];
    let mut top_count = 0;
    for &(color, i) in best {
        let unbeaten = best.iter().all(|(_, j)| {
            contest(game.strength(pieces[*j].1), game.strength(pieces[i].1)) != Ordering::Greater
        });
        if unbeaten {
            tops[top_count] = (color, i);
            top_count += 1;
        }
    }
    if let Some(a) = attacker
        && game.strength(pieces[a].1) == Strength::Other
    {
        tops[0] = (pieces[a].0, a);
        top_count = 1;
    }
    let top = &tops[..top_count];
    let Some(&(_, first)) = top.first() else {
        return verdict;
    };
    let strength = game.strength(pieces[first].1);
    if strength == Strength::None {
        return verdict;
    }
    if top.len() > 1 && matches!(strength, Strength::ByRank(_)) {
        // Equal ranks destroy each other.
        verdict.destroyed = top.iter().fold(0, |bits, (_, i)| bits | 1 << i);
        verdict.kept &= !verdict.destroyed;
        return verdict;
    }
    let keeps = |i: usize| top.iter().any(|(_, j)| *j == i);
    let captive = |i: usize| top.iter().all(|(c, _)| *c != pieces[i].0);
    // A lone captor does not capture its own pieces; several captors share them.
    if top.len() < 2 && !(0..pieces.len()).any(captive) {
        return verdict;
    }
    let result = game.power(pieces[first].1).map(|p| p.result);
    // Removing destroys only what the others own; conversion and
    // reincarnation split the whole pot, captors' own chips included.
    let removes = matches!(
        result,
        Some(CaptureResult::Remove) | Some(CaptureResult::Paralyze)
    );
    for i in 0..pieces.len() {
        if if removes { captive(i) } else { !keeps(i) } {
            verdict.pot.push(i);
            verdict.kept &= !(1 << i);
        }
    }
    for &(color, _) in top {
        verdict.captors.push(color);
    }
    verdict.result = result;
    verdict
}

/// Every position of a stack of `n` pieces, a bit each.
pub(crate) fn every_position(n: usize) -> u64 {
    debug_assert!(n <= 64, "a stack and what lands on it fit a word");
    if n >= 64 { u64::MAX } else { (1 << n) - 1 }
}

/// The positions listed, a bit each.
pub(crate) fn positions(list: &[usize]) -> u64 {
    list.iter().fold(0, |bits, i| bits | 1 << i)
}

impl State {
    /// Resolves the stack holding `cell` after an arrival.
    pub(crate) fn resolve_stack(&mut self, cell: u16) {
        self.resolve_stack_by(cell, false);
    }

    /// Resolves the stack holding `cell` after an arrival; `by_stack` when the
    /// arrival was a move "by stack" or "by full stack" (ranks are poker hands).
    /// The piece arrived at `cell` covers the stack alone.
    pub(crate) fn resolve_stack_by(&mut self, cell: u16, by_stack: bool) {
        self.resolve_stack_from(cell, by_stack, true);
    }

    /// As [`State::resolve_stack_by`]; `attacking` when the piece at `cell`
    /// arrived alone (in a simultaneous round, several arrivals on one stack
    /// have no single attacker).
    #[inline]
    pub(crate) fn resolve_stack_from(&mut self, cell: u16, by_stack: bool, attacking: bool) {
        // Where nothing captures, stacks only grow: nothing to resolve, and
        // no site to build for it (every arrival of a playout asked).
        if !self.game.pieces.nothing_captures {
            self.resolve_capturing_stack(cell, by_stack, attacking);
        }
    }

    #[inline(never)]
    fn resolve_capturing_stack(&mut self, cell: u16, by_stack: bool, attacking: bool) {
        let locked = super::state::locked_mask_of(
            &self.knowledge,
            &self.position.left_walls,
            &self.game,
            self.position.phase(),
        );
        StackSite {
            game: &self.game,
            board: &mut self.position.board,
            flags: &mut self.position.flags,
            reserves: &mut self.position.reserves,
            rng: &mut self.stream.next,
            changed: &mut self.position.changed,
            locked,
            verdicts: Some(&mut self.scratch.get_or_insert_default().verdicts),
        }
        .resolve(cell, by_stack, attacking);
    }

    /// Takes a captive off a flat board cell with the captor's result.
    pub(crate) fn take_captive(&mut self, captive: (Color, Shape), captor: (Color, Shape)) {
        let result = self.game().power(captor.1).map(|p| p.result);
        let copies = match result {
            Some(CaptureResult::Reincarnate) => 1,
            Some(CaptureResult::ReincarnateX2) => 2,
            _ => 0,
        };
        self.position.reserves.add(captor.0, captive.1, copies);
    }

    /// Whether a legal move would capture something for its mover.
    pub(crate) fn captures(&self, mv: super::Move) -> bool {
        let game = self.game();
        let geo = &game.geometry;
        let (piece, from, to) = match mv {
            super::Move::Place { color, shape, to } => ((color, shape), None, to),
            super::Move::Step { from, to } | super::Move::Promote { from, to, .. } => {
                match self.piece_at(from) {
                    Some(p) => (p, Some(from), to),
                    None => return false,
                }
            }
            _ => return false,
        };
        if geo.kind != crate::rules::BoardKind::Stacks {
            let surrounds = matches!(
                game.power(piece.1).map(|p| p.condition),
                Some(CaptureCondition::SurroundLine | CaptureCondition::SurroundOrthogonal)
            );
            if from.is_none() && surrounds {
                let covers = self.piece_at(to).is_some_and(|defender| {
                    cover(game, piece.1, defender.1) == Some(CoverResult::AttackerWins)
                });
                return covers || self.surrounds_any(self.position.to_move(), piece, to);
            }
            let taking = self.taking(self.position.to_move(), mv);
            let covers = match self.piece_at(to) {
                Some(defender) if !taking.onto && from.is_none_or(|f| !self.is_castle(f, to)) => {
                    cover(game, piece.1, defender.1) == Some(CoverResult::AttackerWins)
                }
                _ => false,
            };
            return covers || taking.any();
        }
        // The pieces that move: on stacks, what stands on a by-stack mover too.
        let carried: Vec<(Color, Shape)> = match from {
            Some(from) => geo.columns()[geo.column_of(from)]
                .iter()
                .skip_while(|&&c| c != from)
                .map_while(|&c| self.piece_at(c))
                .collect(),
            None => vec![piece],
        };
        let column = &geo.columns()[geo.column_of(to)];
        let mut pieces: Vec<(Color, Shape)> = column
            .iter()
            .filter(|&&c| from.is_none_or(|f| geo.column_of(f) != geo.column_of(c)))
            .filter_map(|&c| self.piece_at(c))
            .collect();
        let attacker = pieces.len();
        pieces.extend(carried);
        let by_stack = from.is_some() && game.moves_by_stack(piece.1);
        let verdict = judge_stack_attacked(game, &pieces, by_stack, Some(attacker));
        verdict.captors.contains(&piece.0) && !verdict.pot.is_empty()
    }
}

#[cfg(test)]
mod tests;
