//! What a viewer is told of the moves: each move it may know, and each run
//! of moves it may not as one event, told once the run is over.
//!
//! A seat's run of secret moves (placed where the viewer cannot see, or
//! passes while spaces are cloaked, with the forced passes between and
//! after them) is one [`Told::Private`] event, so that no viewer can count
//! a seat's hidden pieces by the lines it is told: a tower of one brick and
//! a tower of three read alike. The run is told only once it is over (its
//! seat no longer moves), so that neither can its start be told from a
//! seat that has not begun. Once the match is over nothing is secret, and
//! every move is told.

use std::ops::Range;

use super::{Move, State};
use crate::rules::{Cloaking, Order};

/// The words of a run of moves the viewer may not know.
pub const PRIVATE_WORDS: &str = "(played privately: you cannot see what, or how many moves)";

/// The words of a sealed plan, for a viewer other than its seat.
pub const SEALED_WORDS: &str = "(a sealed plan)";

/// One thing a viewer is told of the match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Told {
    /// Whose move or moves.
    pub seat: usize,
    /// The history entries it tells of.
    pub entries: Range<usize>,
    pub what: ToldWhat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToldWhat {
    /// A move the viewer may know.
    Move { mv: Move, automatic: bool },
    /// A seat's run of moves the viewer may not know: what, where and how
    /// many stay secret.
    Private,
    /// A seat's plan in the sealed round under way.
    Sealed,
}

impl Told {
    /// Whether the viewer may not know what it was.
    pub fn is_secret(&self) -> bool {
        !matches!(self.what, ToldWhat::Move { .. })
    }
}

/// A history entry as a viewer may know it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Known,
    /// A pass the engine made for a seat with no move: no news, so it
    /// joins a private run it follows.
    Forced,
    Private,
    Sealed,
}

impl State {
    /// Whether a non-automatic pass of history entry `i` was secret to
    /// `viewer`: made while spaces were cloaked (and still are), where the
    /// seat might have placed out of sight instead.
    fn pass_is_private(&self, i: usize, viewer: Option<usize>) -> bool {
        let a = &self.history()[i];
        let game = self.game();
        a.mv == Move::Pass
            && !a.automatic
            && viewer != Some(a.seat())
            && game.rules.cloaking != Cloaking::None
            && !self.is_finished()
            && game.phases[usize::from(a.phase)].cloaked.iter().any(|c| *c)
            && game.phases[self.phase()].cloaked.iter().any(|c| *c)
    }

    fn class(&self, i: usize, viewer: Option<usize>) -> Class {
        let a = &self.history()[i];
        match self.secrecy(i, viewer) {
            Some(words) if words == SEALED_WORDS => Class::Sealed,
            Some(_) => Class::Private,
            None if self.pass_is_private(i, viewer) => Class::Private,
            None if a.automatic && a.mv == Move::Pass => Class::Forced,
            None => Class::Known,
        }
    }

    /// Everything `viewer` (None: the channel) is told of the moves so far,
    /// in order, each run of secret moves as one event; a run still under
    /// way (its seat still moves) is not told yet.
    pub fn told(&self, viewer: Option<usize>) -> Vec<Told> {
        let mut out: Vec<Told> = Vec::new();
        for (i, a) in self.history().iter().enumerate() {
            let class = self.class(i, viewer);
            let joins = out.last().is_some_and(|last| {
                last.entries.end == i
                    && match (class, last.what) {
                        (Class::Forced, ToldWhat::Private) => true,
                        (Class::Private, ToldWhat::Private) | (Class::Sealed, ToldWhat::Sealed) => {
                            last.seat == a.seat()
                        }
                        _ => false,
                    }
            });
            if joins {
                out.last_mut().expect("joined").entries.end = i + 1;
                continue;
            }
            let what = match class {
                Class::Known | Class::Forced => ToldWhat::Move {
                    mv: a.mv,
                    automatic: a.automatic,
                },
                Class::Private => ToldWhat::Private,
                Class::Sealed => ToldWhat::Sealed,
            };
            out.push(Told {
                seat: a.seat(),
                entries: i..i + 1,
                what,
            });
        }
        let under_way = out.last().is_some_and(|last| {
            last.what == ToldWhat::Private && !self.is_finished() && self.to_move() == last.seat
        });
        if under_way {
            out.pop();
        }
        out
    }

    /// What a message sent after a change tells `viewer`, where the change
    /// began at history entry `from` (the length of the history before it):
    /// the moves known from there on, and each private run that ended with
    /// the change. Once the match is over every move is known, and the
    /// secret run that was under way when the change began is told in full
    /// from its start.
    pub fn told_since(&self, viewer: Option<usize>, from: usize) -> Vec<Told> {
        let history = self.history();
        if self.is_finished() {
            let from = self.secret_run_start(from);
            return self
                .told(viewer)
                .into_iter()
                .filter(|t| t.entries.start >= from)
                .collect();
        }
        self.told(viewer)
            .into_iter()
            .filter(|t| match t.what {
                // Told once over: it was under way before the change
                // unless the seat to move then (who made the entry at
                // `from`) was another.
                ToldWhat::Private => {
                    let next = t.entries.end;
                    next > from
                        || next == from && history.get(next).is_some_and(|a| a.seat() == t.seat)
                }
                _ => t.entries.end > from,
            })
            .collect()
    }

    /// Where the run of possibly secret moves of the seat to move at `from`
    /// began (forced passes between them included); `from` when there is
    /// none.
    fn secret_run_start(&self, from: usize) -> usize {
        let history = self.history();
        let Some(seat) = history.get(from).map(|a| a.seat) else {
            return from;
        };
        let mut start = from;
        for i in (0..from).rev() {
            let a = &history[i];
            if a.automatic && a.mv == Move::Pass {
                continue;
            }
            if a.seat != seat || !self.may_have_been_secret(i) {
                break;
            }
            start = i;
        }
        start
    }

    /// Whether history entry `i` was made where others may not have seen
    /// it: a phase with cloaked spaces or sealed plans.
    fn may_have_been_secret(&self, i: usize) -> bool {
        let game = self.game();
        let phase = &game.phases[usize::from(self.history()[i].phase)];
        game.rules.cloaking != Cloaking::None && phase.cloaked.iter().any(|c| *c)
            || game.rules.phases[usize::from(self.history()[i].phase)].order != Order::Sequential
    }

    /// The words of one told event.
    pub fn told_words(&self, told: &Told) -> String {
        match told.what {
            ToldWhat::Move { .. } => self.move_words(told.entries.start),
            ToldWhat::Private => PRIVATE_WORDS.to_string(),
            ToldWhat::Sealed => SEALED_WORDS.to_string(),
        }
    }

    /// The moves so far as `viewer` may know them (see [`State::told`]):
    /// its own in full, others' in full unless they went where the viewer
    /// cannot see now, each run of those as one entry once it is over;
    /// every move once the match is over.
    pub fn history_for(&self, viewer: Option<usize>) -> Vec<String> {
        self.told(viewer)
            .iter()
            .map(|t| self.told_words(t))
            .collect()
    }

    /// A count that changes whenever what `seat` is told changes: stamps
    /// the moves offered to it without counting what it may not know.
    pub fn told_count(&self, seat: usize) -> usize {
        self.told(Some(seat)).len()
    }

    /// The match as it stood when its history held `len` entries (at rest:
    /// after the decisions made by then and the forced moves after them).
    /// None for a state that holds only part of its past.
    pub fn as_it_was(&self, len: usize) -> Option<State> {
        let made = self
            .history()
            .iter()
            .take(len)
            .filter(|a| !a.automatic)
            .count();
        let decisions = self.decisions().before(made)?;
        let mut state = self.start_position();
        for &mv in decisions {
            state.apply(mv).ok()?;
        }
        Some(state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{catalogue_game, played};

    fn kbeauty(moves: &[&str]) -> State {
        played(&catalogue_game("KBeauty9"), moves)
    }

    #[test]
    fn a_tower_is_told_as_one_private_run_once_built() {
        // While black builds, the others are told nothing; its pass ends the run.
        for moves in [&["1"][..], &["1", "1", "1"]] {
            let state = kbeauty(moves);
            assert_eq!(state.told(None), vec![], "{moves:?}");
            assert_eq!(state.history_for(Some(1)), Vec::<String>::new());
        }
        let mut towers = Vec::new();
        for bricks in [0, 1, 3] {
            let mut state = kbeauty(&vec!["1"; bricks]);
            // Black passes until its phase ends (a tower of none takes two).
            while state.to_move() == 0 {
                crate::testing::play(&mut state, &["pass"]);
            }
            assert_eq!(state.to_move(), 1, "white builds");
            let told = state.told(None);
            assert_eq!(told.len(), 1, "{told:?}");
            assert_eq!(told[0].seat, 0);
            assert_eq!(told[0].what, ToldWhat::Private);
            assert_eq!(
                told[0].entries.end,
                state.history().len(),
                "forced passes too"
            );
            towers.push((state.history_for(None), state.history_for(Some(2))));
        }
        assert!(towers.windows(2).all(|w| w[0] == w[1]), "{towers:?}");
        assert_eq!(towers[0].0, vec![PRIVATE_WORDS.to_string()]);
        // Black itself knows each brick.
        let state = kbeauty(&["1", "1", "pass"]);
        let own = state.history_for(Some(0));
        assert_eq!(
            own.iter().filter(|t| t.contains("brick")).count(),
            2,
            "{own:?}"
        );
    }

    #[test]
    fn told_since_tells_a_run_once_when_it_ends() {
        let state = kbeauty(&["1", "1"]);
        let before = state.history().len();
        assert!(state.told_since(None, before).is_empty());
        let after = kbeauty(&["1", "1", "pass"]);
        // The pass at `before` ends the run begun before it.
        let told = after.told_since(None, before);
        assert_eq!(told.len(), 1, "{told:?}");
        assert_eq!(told[0].entries.start, 0);
        // White's first brick tells nothing more of black's run.
        let white = kbeauty(&["1", "1", "pass", "2"]);
        assert!(white.told_since(None, after.history().len()).is_empty());
        // Black's own moves are told one by one, as they come.
        let own = after.told_since(Some(0), before);
        assert_eq!(own[0].entries, before..before + 1, "{own:?}");
        assert!(own.iter().all(|t| !t.is_secret()), "{own:?}");
    }

    #[test]
    fn the_end_reveals_the_last_run_from_its_start() {
        let moves = ["1", "pass", "2", "pass", "3", "pass", "4", "4", "4", "pass"];
        let before = kbeauty(&moves[..moves.len() - 1]);
        let end = kbeauty(&moves);
        assert!(end.is_finished());
        let told = end.told_since(None, before.history().len());
        let bricks = told
            .iter()
            .filter(|t| {
                matches!(
                    t.what,
                    ToldWhat::Move {
                        mv: Move::Place { .. },
                        ..
                    }
                )
            })
            .count();
        assert_eq!(bricks, 3, "yellow's three bricks, revealed: {told:?}");
        assert!(told.iter().all(|t| !t.is_secret()));
    }

    #[test]
    fn as_it_was_rebuilds_an_earlier_position() {
        let state = kbeauty(&["1", "1", "pass", "2"]);
        let earlier = kbeauty(&["1", "1"]);
        let rebuilt = state
            .as_it_was(earlier.history().len())
            .expect("the whole past");
        assert_eq!(rebuilt.history(), earlier.history());
        assert_eq!(rebuilt.public_view(), earlier.public_view());
    }
}
