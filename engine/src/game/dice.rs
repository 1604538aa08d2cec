//! Dice (ours, issue 23): a die the engine rolls at the start of each turn,
//! a chance node of the game interface ([`super::Movers::Roll`]). The roll
//! decides which shape moves (or is placed), or how far a piece moves.
//!
//! A seat with no board move at its turn's start does not roll: its turn
//! is judged as any stuck seat's (a pass, or the rules' no-move outcome). A
//! roll that leaves no move passes the turn, whatever the no-move outcome:
//! the die, not the position, stopped the seat.

use super::{Game, Move, State};
use crate::rules::{DiceDecides, Shape};

impl Game {
    /// What a face means, in short: "cross", "4 spaces".
    pub fn face_meaning(&self, face: u8) -> String {
        match self.rules.shape_of_face(face) {
            Some(shape) => shape.name().to_string(),
            None => spaces(face),
        }
    }

    /// What the die shows, for a prompt, a caption or a refusal: "the die
    /// shows 2: play a cross".
    pub fn die_shows(&self, face: u8) -> String {
        format!("the die shows {face}: {}", self.face_rule(face))
    }

    /// What a face has the mover do: "play a cross", "move a piece exactly
    /// 4 spaces".
    pub fn face_rule(&self, face: u8) -> String {
        match self.rules.shape_of_face(face) {
            Some(shape) => format!("play {} {}", a_or_an(shape), shape.name()),
            None => format!("move a piece exactly {}", spaces(face)),
        }
    }
}

/// "1 space", "4 spaces".
fn spaces(n: u8) -> String {
    format!("{n} space{}", if n == 1 { "" } else { "s" })
}

/// "an X", "a cross".
fn a_or_an(shape: Shape) -> &'static str {
    if shape == Shape::X { "an" } else { "a" }
}

impl State {
    /// The face rolled for the turn under way, once the die is rolled.
    pub fn rolled(&self) -> Option<u8> {
        self.position.rolled
    }

    /// Whether the turn waits on the die: its legal actions are the faces
    /// ([`Move::Roll`]), drawn as chance ([`super::Movers::Roll`]); the
    /// match rolls it, not the seat.
    pub fn awaits_roll(&self) -> bool {
        self.game().rules.dice.is_some()
            && self.position.rolled.is_none()
            && matches!(self.legal().first(), Some(Move::Roll { .. }))
    }

    /// At the start of a turn with board moves to make (in `out`), the
    /// die's faces take their place; true where they did.
    pub(super) fn roll_first(&self, out: &mut Vec<Move>) -> bool {
        let Some(dice) = self.game().rules.dice else {
            return false;
        };
        if self.position.rolled.is_some() || out.is_empty() {
            return false;
        }
        out.clear();
        out.extend((1..=dice.faces).map(|face| Move::Roll { face }));
        true
    }

    /// Keeps, of the board moves in `out`, those the turn's roll allows.
    /// Asked at every listing: the question inline, the filtering out of
    /// line (whose frame every listing paid, dice or not).
    #[inline(always)]
    pub(super) fn keep_rolled(&self, out: &mut Vec<Move>) {
        if let (Some(dice), Some(face)) = (self.game().rules.dice, self.position.rolled) {
            self.keep_rolled_face(dice.decides, face, out);
        }
    }

    #[inline(never)]
    fn keep_rolled_face(&self, decides: DiceDecides, face: u8, out: &mut Vec<Move>) {
        match decides {
            DiceDecides::Shape => {
                let named = self.game().rules.shape_of_face(face);
                out.retain(|&m| self.shape_of(m).is_none_or(|s| Some(s) == named));
            }
            DiceDecides::Distance => {
                let geometry = &self.game().geometry;
                out.retain(|&m| {
                    m.from_to().is_none_or(|(from, to)| {
                        // A hop off every straight line (a knight's) is one space.
                        let spaces = geometry.path_between(from, to).map_or(1, |p| p.len() + 1);
                        spaces == usize::from(face)
                    })
                });
            }
        }
    }

    /// Whether the turn's roll, and not the position, rules out `mv`.
    pub(super) fn roll_forbids(&self, mv: Move) -> bool {
        let mut kept = vec![mv];
        self.keep_rolled(&mut kept);
        kept.is_empty()
    }
}
