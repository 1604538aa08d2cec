//! Why a move is not legal now, in words, with a few moves that are.

use super::{Move, State};
use crate::rules::{BoardKind, Color, Shape};

/// How many legal moves an explanation of an illegal one gives as examples.
const EXAMPLES: usize = 3;

impl State {
    /// A sentence saying why `mv` is not legal now, and a few moves that are.
    pub fn explain_illegal(&self, mv: Move) -> String {
        let legal = self.legal().to_vec();
        let reason = self.refusal(mv, &legal);
        let options = self.legal_examples(&legal);
        format!("{} is not legal: {reason}{options}", self.move_text(mv))
    }

    /// Why `mv` is not among the `legal` moves.
    fn refusal(&self, mv: Move, legal: &[Move]) -> String {
        let game = self.game();
        let geo = &game.geometry;
        let seat = self.to_move();
        let who = game.seats[seat].label();
        match mv {
            _ if self.draw_offered_by().is_some()
                && !matches!(mv, Move::AgreeDraw | Move::RefuseDraw) =>
            {
                "a draw has been offered: answer it with agree or refuse first".to_string()
            }
            Move::AgreeDraw | Move::RefuseDraw => "no draw has been offered".to_string(),
            Move::Roll { .. } if game.rules.dice.is_none() => "this game has no dice".to_string(),
            Move::Roll { .. } if self.awaits_roll() => format!(
                "the die has {} faces, numbered from 1",
                game.rules.dice.map_or(0, |d| d.faces)
            ),
            Move::Roll { .. } => "the die is rolled once, at the start of a turn".to_string(),
            _ if self.awaits_roll() => format!("the die is rolled first, for {who}'s turn"),
            _ if self.roll_forbids(mv) => {
                let face = self.rolled().expect("a roll forbids");
                game.die_shows(face)
            }
            Move::OfferDraw if !game.rules.draw_option => {
                "this game has no option to agree a draw".to_string()
            }
            Move::OfferDraw => {
                "a draw can be offered once per turn, before the turn's first move".to_string()
            }
            Move::Pass => "this phase has no option to pass".to_string(),
            _ if game.phases[self.position.phase()].locked_seats & (1 << seat) != 0 => {
                format!("{who} is locked in this phase")
            }
            _ if self.has_folded(seat) => format!("{who} has folded"),
            Move::Place { color, shape, to } => self.placement_refused(color, shape, to),
            _ if self.position.tactics.chain.is_some() => format!(
                "a chain of jumps is open: jump again with the piece at {}, or pass",
                geo.name(self.position.tactics.chain.expect("open"))
            ),
            Move::Step { from, to }
                if legal
                    .iter()
                    .any(|m| matches!(m, Move::Promote { .. }) && m.from_to() == Some((from, to))) =>
            {
                "a piece reaching its goal must become a shape that can move backwards: add =SHAPE, like =pentagon".to_string()
            }
            Move::Promote { from, to, shape }
                if legal.iter().any(|m| m.from_to() == Some((from, to))) =>
            {
                format!("the piece cannot become a {} there", shape.name())
            }
            Move::Step { from, to } | Move::Promote { from, to, .. } => {
                self.step_refused(mv, from, to)
            }
        }
    }

    /// A few legal moves as typed, to follow a refusal: never the whole
    /// list (a person needs one that works, not 360).
    fn legal_examples(&self, legal: &[Move]) -> String {
        let typed: Vec<String> = legal
            .iter()
            .filter_map(|m| crate::notation::typed(self, *m))
            .take(EXAMPLES)
            .map(|t| format!("`{t}`"))
            .collect();
        match (legal.len(), typed.as_slice()) {
            (0, _) | (_, []) => String::new(),
            (1, [only]) => format!("; the only legal move now is {only}"),
            (n, examples) if n <= EXAMPLES => {
                format!("; legal now: {}", examples.join(", "))
            }
            (n, examples) => format!("; {n} moves are legal now, e.g. {}", examples.join(", ")),
        }
    }

    /// Why placing a `color` `shape` on `to` is not legal.
    fn placement_refused(&self, color: Color, shape: Shape, to: u16) -> String {
        let game = self.game();
        let geo = &game.geometry;
        let seat = self.to_move();
        let who = game.seats[seat].label();
        if !game.seats[seat].controls(color) {
            format!("{who} cannot place {} pieces", color.name())
        } else if self.reserve(color, shape) == 0 {
            format!("no {} {} is left in reserve", color.name(), shape.name())
        } else if geo.kind == BoardKind::Stacks && self.landing(to).is_none() {
            // The stack as people type it: "stack 4" in Connect4.
            let stack = game.place_words(to);
            let column = &geo.columns()[geo.column_of(to)];
            if column.iter().all(|&c| self.is_locked(c)) {
                format!("{stack} is locked")
            } else {
                format!("{stack} is full")
            }
        } else if self.is_locked(to) {
            format!("{} is locked", geo.name(to))
        } else if self.piece_at(to).is_some() {
            format!("{} is occupied", geo.name(to))
        } else if self.landing(to) != Some(to) {
            format!(
                "pieces dropped on that stack land at {}",
                self.landing(to)
                    .map_or("no free space".into(), |c| geo.name(c))
            )
        } else {
            format!("{who} may not enter {}", geo.name(to))
        }
    }

    /// Why moving the piece on `from` to `to` (`mv`) is not legal.
    fn step_refused(&self, mv: Move, from: u16, to: u16) -> String {
        let game = self.game();
        let geo = &game.geometry;
        let seat = self.to_move();
        let who = game.seats[seat].label();
        match self.piece_at(from) {
            None => format!("there is no piece at {}", geo.name(from)),
            Some(_) if self.position.flags[usize::from(from)] & super::PARALYSED != 0 => {
                format!("the piece at {} is paralysed", geo.name(from))
            }
            Some((color, _)) if !game.seats[seat].controls(color) => {
                format!("{who} cannot move {} pieces", color.name())
            }
            Some(_) if game.phases[self.position.phase()].placement_only => {
                "this phase is placement only".to_string()
            }
            Some((color, shape)) if game.pieces.movement[shape.index()].is_empty() => {
                format!("{} {}s do not move once placed", color.name(), shape.name())
            }
            Some((color, shape)) if self.reserve(color, shape) > 0 => format!(
                "a placed piece cannot move while an identical one ({} {}) is in reserve",
                color.name(),
                shape.name()
            ),
            Some(_) if self.piece_at(to).is_some() => format!("{} is occupied", geo.name(to)),
            Some(_) if self.only_a_capture_is_legal(mv) => {
                "a capture is compulsory: a piece that can capture must, so only captures are legal now".to_string()
            }
            Some(_) => format!(
                "the piece at {} cannot move to {}",
                geo.name(from),
                geo.name(to)
            ),
        }
    }

    /// Whether `mv` would be legal but for "a piece that can capture
    /// must". Only where nothing is cloaked: on a seat's belief, a move the
    /// true board allows would tell what the seat does not know.
    fn only_a_capture_is_legal(&self, mv: Move) -> bool {
        if self.game().rules.cloaking != crate::rules::Cloaking::None {
            return false;
        }
        let mut unrestricted = Vec::new();
        self.generate_on_board(&mut unrestricted, false);
        unrestricted.contains(&mv)
    }
}
