//! Thinking time shared by a whole decision. Play by counts (a level's
//! iterations) reads no clock; a caller that gives a time limit (an
//! equal-time match, the chat's safety cap) means the whole decision, so
//! the solver, the guard's proofs and the tree each get a share of it
//! rather than the tree alone: with the limit read only by the tree, the
//! proofs before it could spend it all and leave the tree nothing.

use std::time::{Duration, Instant};

/// By the end of these shares of a limit the solver, the guard's proofs
/// before the tree and the tree have stopped; the proofs after the tree
/// take the rest.
pub(crate) const SOLVER_SHARE: f64 = 0.05;
pub(crate) const GUARD_SHARE: f64 = 0.25;
pub(crate) const TREE_SHARE: f64 = 0.9;

/// A moment a part of the search stops by; never, in play by counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Deadline(Option<Instant>);

impl Deadline {
    pub(crate) const NEVER: Deadline = Deadline(None);

    pub(crate) fn passed(self) -> bool {
        self.0.is_some_and(|at| Instant::now() >= at)
    }
}

/// When a decision began and how long it may take, if it is timed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Clock {
    start: Instant,
    limit: Option<Duration>,
}

impl Clock {
    pub(crate) fn new(limit: Option<Duration>) -> Clock {
        Clock {
            start: Instant::now(),
            limit,
        }
    }

    /// The moment `share` of the limit has gone, counted from the start.
    pub(crate) fn at(self, share: f64) -> Deadline {
        Deadline(self.limit.map(|limit| self.start + limit.mul_f64(share)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_untimed_decision_never_runs_out_and_a_timed_one_does_by_its_share() {
        let untimed = Clock::new(None);
        assert_eq!(untimed.at(0.0), Deadline::NEVER);
        assert!(!untimed.at(0.0).passed());
        let timed = Clock::new(Some(Duration::from_secs(3600)));
        assert!(timed.at(0.0).passed(), "no share of the limit: at once");
        assert!(!timed.at(TREE_SHARE).passed(), "most of an hour is left");
        let gone = Clock::new(Some(Duration::ZERO));
        assert!(gone.at(1.0).passed());
    }
}
