//! Short proofs of wins and losses, on the game interface alone: a turn
//! that wins at once, a turn after which the next seat wins at once, and
//! the same two turns further on (a double threat, an open four). A turn is
//! every decision one seat makes in a row, so a turn of two stones is
//! proved as a whole.
//!
//! Every answer is exact or "unknown": a prover spends a budget of moves
//! made, and a question it cannot settle within it stays open (the search
//! then decides as it would have). Refutations found once are tried first
//! next time (killer moves): the cell that wins after one reply usually
//! wins after the next, so most proofs cost a few moves per branch.

use super::clock::Deadline;
use redscience_engine::game::{GameState, Move, Movers, State};

/// What a proof found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Proof {
    /// Yes, beginning with this move.
    Yes(Move),
    No,
    /// Not settled within the budget, or chance or a sealed round met.
    Unknown,
}

/// How a game ended, for the seat proving (`me`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    Won,
    Drawn,
    Lost,
}

/// A prover for one seat, `me`, with a budget of moves to make.
pub(crate) struct Prover {
    me: usize,
    left: u64,
    /// Where the decision is timed, the moment the budget runs out anyway.
    deadline: Deadline,
    /// Positions reused at each depth of the proof, so a proof allocates
    /// once per depth.
    stack: Vec<State>,
    /// Per depth, the move that settled the last question there.
    killers: Vec<Option<Move>>,
    depth: usize,
}

/// What one seat's turn should reach, asked of the position where it ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Goal {
    /// `me` has won.
    MeWon,
    /// `me` has lost.
    MeLost,
    /// Not lost, and the next seat cannot win at once (a safe turn).
    Safe,
    /// Not lost, and every turn of the next seat leaves `me` a winning turn
    /// (a turn that wins next time, whatever the reply).
    Forcing,
    /// Asked where `me`'s turn ends: the next seat cannot force a win
    /// within two of its turns (no turn of it ends where every turn of
    /// `me` that follows lets it win at once).
    Unforced,
    /// Asked where the next seat's turn ends: `me` has a winning turn.
    MeWonNext,
    /// Asked where the next seat's turn ends: every turn of `me` lets it
    /// win at once.
    EveryReplyLoses,
    /// Asked where `me`'s turn ends: the next seat wins at once.
    MeLostNext,
}

impl Prover {
    pub(crate) fn new(me: usize, budget: u64) -> Prover {
        Prover {
            me,
            left: budget,
            deadline: Deadline::NEVER,
            stack: Vec::new(),
            killers: Vec::new(),
            depth: 0,
        }
    }

    /// The same prover, out of budget once `deadline` has passed.
    pub(crate) fn until(self, deadline: Deadline) -> Prover {
        Prover { deadline, ..self }
    }

    /// A turn of `me`, to move in `s`, that wins at once.
    pub(crate) fn winning_turn(&mut self, s: &State) -> Proof {
        self.some_turn(s, None, Goal::MeWon)
    }

    /// A turn of `me` beginning with `first` after which the next seat
    /// cannot win at once (Yes), or proof that every such turn lets it (No).
    pub(crate) fn safe_with(&mut self, s: &State, first: Move) -> Proof {
        self.some_turn(s, Some(first), Goal::Safe)
    }

    /// A turn of `me` that wins at its next turn whatever the replies.
    pub(crate) fn forcing_turn(&mut self, s: &State) -> Proof {
        self.some_turn(s, None, Goal::Forcing)
    }

    /// Whether, after `me`'s turn beginning with `first`, the next seat
    /// can force a win within two of its turns however `me` goes on: Yes
    /// when every turn beginning with `first` allows it.
    pub(crate) fn loses_in_two_with(&mut self, s: &State, first: Move) -> Proof {
        match self.some_turn(s, Some(first), Goal::Unforced) {
            Proof::Yes(_) => Proof::No,
            Proof::No => Proof::Yes(first),
            Proof::Unknown => Proof::Unknown,
        }
    }

    /// The seat deciding in `s`, where one seat decides.
    fn mover(s: &State) -> Option<usize> {
        match s.movers() {
            Movers::One(seat) => Some(seat),
            _ => None,
        }
    }

    fn end(&self, s: &State) -> Option<End> {
        let mine = s.returns()?.nth(self.me)?;
        Some(if mine >= 1.0 {
            End::Won
        } else if mine <= 0.0 {
            End::Lost
        } else {
            End::Drawn
        })
    }

    /// A turn of the mover of `s` (beginning with `only`, if given) whose
    /// end meets `goal`: Yes with its first move, No when none does.
    fn some_turn(&mut self, s: &State, only: Option<Move>, goal: Goal) -> Proof {
        let Some(mover) = Self::mover(s) else {
            return Proof::Unknown;
        };
        let moves: Vec<Move> = match only {
            Some(first) => vec![first],
            None => self.ordered(s),
        };
        let mut unknown = false;
        for mv in moves {
            let Some(next) = self.made(s, mv) else {
                return Proof::Unknown;
            };
            let found = match Self::mover(&next) {
                Some(seat) if seat == mover && !next.is_terminal() => {
                    self.depth += 1;
                    let deeper = self.some_turn(&next, None, goal);
                    self.depth -= 1;
                    deeper
                }
                _ => self.reached(&next, goal),
            };
            self.put_back(next);
            match found {
                Proof::Yes(_) => {
                    self.remember(mv);
                    return Proof::Yes(mv);
                }
                Proof::Unknown => unknown = true,
                Proof::No => {}
            }
            if self.left == 0 {
                return Proof::Unknown;
            }
        }
        if unknown { Proof::Unknown } else { Proof::No }
    }

    /// Whether every turn of the mover of `s` ends where `goal` holds (Yes
    /// with no move in particular), or a turn that refutes it (No).
    fn every_turn(&mut self, s: &State, goal: Goal) -> Proof {
        let Some(mover) = Self::mover(s) else {
            return Proof::Unknown;
        };
        let mut unknown = false;
        for mv in self.ordered(s) {
            let Some(next) = self.made(s, mv) else {
                return Proof::Unknown;
            };
            let held = match Self::mover(&next) {
                Some(seat) if seat == mover && !next.is_terminal() => {
                    self.depth += 1;
                    let deeper = self.every_turn(&next, goal);
                    self.depth -= 1;
                    deeper
                }
                _ => self.reached(&next, goal),
            };
            self.put_back(next);
            match held {
                Proof::No => {
                    self.remember(mv);
                    return Proof::No;
                }
                Proof::Unknown => unknown = true,
                Proof::Yes(_) => {}
            }
            if self.left == 0 {
                return Proof::Unknown;
            }
        }
        match unknown {
            true => Proof::Unknown,
            // Any legal move stands for "every turn".
            false => Proof::Yes(Move::Pass),
        }
    }

    /// Whether `goal` holds where a turn ended, in `s`.
    fn reached(&mut self, s: &State, goal: Goal) -> Proof {
        let yes = Proof::Yes(Move::Pass);
        let answer = |holds: bool| if holds { yes } else { Proof::No };
        if let Some(end) = self.end(s) {
            return answer(match goal {
                Goal::MeWon | Goal::Forcing | Goal::MeWonNext => end == End::Won,
                Goal::MeLost | Goal::EveryReplyLoses | Goal::MeLostNext => end == End::Lost,
                // A turn that ends the game unlost escapes every threat.
                Goal::Safe | Goal::Unforced => end != End::Lost,
            });
        }
        let Some(next) = Self::mover(s) else {
            return Proof::Unknown;
        };
        let mine = next == self.me;
        self.depth += 1;
        let found = match goal {
            Goal::MeWon | Goal::MeLost => Proof::No,
            // The next seat has no winning turn.
            Goal::Safe | Goal::Unforced if mine => yes,
            Goal::Safe => invert(self.some_turn(s, None, Goal::MeLost)),
            // Every reply leaves `me` a winning turn.
            Goal::Forcing if mine => Proof::No,
            Goal::Forcing => self.every_turn(s, Goal::MeWonNext),
            Goal::MeWonNext if mine => self.some_turn(s, None, Goal::MeWon),
            Goal::MeWonNext => Proof::No,
            Goal::Unforced => invert(self.some_turn(s, None, Goal::EveryReplyLoses)),
            Goal::EveryReplyLoses if mine => self.every_turn(s, Goal::MeLostNext),
            Goal::EveryReplyLoses => Proof::No,
            Goal::MeLostNext if mine => Proof::No,
            Goal::MeLostNext => self.some_turn(s, None, Goal::MeLost),
        };
        self.depth -= 1;
        found
    }

    /// The legal moves of `s`, the last refutation at this depth first.
    fn ordered(&self, s: &State) -> Vec<Move> {
        let mut moves: Vec<Move> = s
            .legal_actions()
            .iter()
            .copied()
            .filter(|m| !m.is_draw_talk())
            .collect();
        if let Some(Some(killer)) = self.killers.get(self.depth)
            && let Some(at) = moves.iter().position(|m| m == killer)
        {
            moves.swap(0, at);
        }
        moves
    }

    fn remember(&mut self, mv: Move) {
        if self.killers.len() <= self.depth {
            self.killers.resize(self.depth + 1, None);
        }
        self.killers[self.depth] = Some(mv);
    }

    /// `s` after `mv`, in a reused position; None when the budget is out.
    fn made(&mut self, s: &State, mv: Move) -> Option<State> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        // The clock is read every 32 moves: a move costs about a
        // microsecond, a reading a few tens of nanoseconds.
        if self.left.is_multiple_of(32) && self.deadline.passed() {
            self.left = 0;
            return None;
        }
        let mut next = self.stack.pop().unwrap_or_else(|| s.clone());
        next.clone_from(s);
        next.apply_action(mv).ok()?;
        Some(next)
    }

    fn put_back(&mut self, s: State) {
        self.stack.push(s);
    }
}

/// Yes for No and No for Yes; unknown stays unknown.
fn invert(proof: Proof) -> Proof {
    match proof {
        Proof::Yes(_) => Proof::No,
        Proof::No => Proof::Yes(Move::Pass),
        Proof::Unknown => Proof::Unknown,
    }
}
