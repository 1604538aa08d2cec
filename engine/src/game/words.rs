//! Moves in the spec's words, built when someone asks rather than stored
//! with every move: the history keeps each move with the few facts its
//! words need that the board no longer shows (which piece stepped, whom it
//! castled with, what it jumped), and the game says the rest.
//!
//! Words are built from the history, not by replaying the match: replaying
//! costs a whole match of moves for every message, and would need a mode
//! of its own to record the facts along the way; the facts cost a few
//! bytes a move and nothing to gather, since the move's own play finds them.

use std::fmt::{self, Write};
use std::ops::Deref;

use super::goals::is_jump;
use super::{Applied, Game, Move, State};
use crate::rules::{CaptureResult, Color, Shape};

/// What the words of a move need beyond the move itself, as things stood
/// when it was made. Small and Copy, so the history clones as plain memory.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Said {
    /// The piece a step or promotion moved (None for other moves, or a
    /// step from an empty space).
    pub piece: Option<(Color, Shape)>,
    /// A castle: the shape of the partner on the target space.
    pub castled_with: Option<Shape>,
    /// The (first) piece a jump took, or the pawn taken in passing.
    pub over: Option<u16>,
    /// How many pieces a jump took (a jump over a line may take several).
    pub taken: u8,
    /// The first piece a jump passed, where it took none.
    pub hopped: Option<u16>,
    /// The pieces surrounded, approached or touched and taken once the
    /// piece arrived.
    pub seized: u8,
    /// An attempt blocked by a piece or wall its mover could not see: the
    /// spaces it ran into are in [`History::blocked`].
    pub blocked: bool,
}

/// A blocked attempt: its index in the history and the spaces it revealed.
type Blocked = (usize, Vec<u16>);

/// Every move applied so far, with the spaces each blocked attempt ran into.
#[derive(Debug, Default)]
pub(crate) struct History {
    moves: super::log::Log<Applied>,
    /// Per blocked attempt, in history order: its index and the spaces it
    /// revealed. Rare (cloaked games only), so kept apart from the moves,
    /// and without room to spare: every state carries the field.
    blocked: Box<[Blocked]>,
}

/// Cloned by hand, as `State` is, so `clone_from` reuses the lists.
impl Clone for History {
    fn clone(&self) -> History {
        History {
            moves: self.moves.clone(),
            blocked: self.blocked.clone(),
        }
    }

    fn clone_from(&mut self, source: &History) {
        self.moves.clone_from(&source.moves);
        self.blocked.clone_from(&source.blocked);
    }
}

impl History {
    /// Forgets every move, keeping the lists' memory.
    pub(crate) fn clear(&mut self) {
        self.moves.clear();
        self.blocked = Box::default();
    }

    pub(crate) fn push(&mut self, applied: Applied) {
        self.moves.push(applied);
    }

    /// Records a blocked attempt and what it ran into.
    pub(crate) fn push_blocked(&mut self, mut applied: Applied, revealed: Vec<u16>) {
        applied.said.blocked = true;
        let mut blocked = std::mem::take(&mut self.blocked).into_vec();
        blocked.push((self.moves.len(), revealed));
        self.blocked = blocked.into();
        self.moves.push(applied);
    }

    /// What the last move jumped or took in passing, found as it played.
    pub(crate) fn set_last_jump(&mut self, jumped: super::taking::Jumped) {
        if let Some(last) = self.moves.last_mut() {
            last.said.over = jumped.over;
            last.said.taken = jumped.taken;
            last.said.hopped = jumped.hopped;
        }
    }

    /// Records what the last move took once it arrived (see `Said::seized`).
    pub(crate) fn set_last_seized(&mut self, seized: u8) {
        if let Some(last) = self.moves.last_mut() {
            last.said.seized = seized;
        }
    }

    fn revealed_by(&self, i: usize) -> &[u16] {
        (self.blocked.iter())
            .find(|(at, _)| *at == i)
            .map_or(&[], |(_, cells)| cells)
    }
}

impl Deref for History {
    type Target = super::log::Log<Applied>;

    fn deref(&self) -> &super::log::Log<Applied> {
        &self.moves
    }
}

impl State {
    /// The move in the spec's words, e.g. "Black circle to (2,2)", as it
    /// would read if played now.
    pub fn move_text(&self, mv: Move) -> String {
        words(self.game(), mv, self.said_before(mv))
    }

    /// The words of history entry `i`, in full: the referee's, or the
    /// mover's. A viewer's are [`State::history_for`]. Blocked attempts
    /// name what they ran into ("...: blocked at (2,2)").
    pub fn move_words(&self, i: usize) -> String {
        let applied = &self.records.history[i];
        let text = words(self.game(), applied.mv, applied.said);
        if !applied.said.blocked {
            return text;
        }
        let geo = &self.game().geometry;
        let what: Vec<String> = self
            .records
            .history
            .revealed_by(i)
            .iter()
            .map(|c| geo.name(*c))
            .collect();
        format!("{text}: blocked at {}", what.join(", "))
    }

    /// What the words of `mv` need from the board as it stands, before it
    /// is made.
    pub(crate) fn said_before(&self, mv: Move) -> Said {
        let mut said = self.said_before_step(mv);
        if self.game().geometry.kind == crate::rules::BoardKind::Stacks {
            return said;
        }
        let taking = match (mv, said.castled_with) {
            (Move::Step { from, to } | Move::Promote { from, to, .. }, None) => {
                self.taking(self.position.to_move(), Move::Step { from, to })
            }
            (Move::Place { .. }, _) if self.game().upkeep.captures => {
                self.taking(self.position.to_move(), mv)
            }
            _ => return said,
        };
        let jumped = taking.jump_words();
        said.over = jumped.over;
        said.taken = jumped.taken;
        said.hopped = jumped.hopped;
        said.seized = u8::try_from(taking.after.len()).unwrap_or(u8::MAX);
        said
    }

    /// [`State::said_before`] without what the step takes, which its play
    /// finds (see [`History::set_last_jump`]).
    pub(crate) fn said_before_step(&self, mv: Move) -> Said {
        let (Move::Step { from, to } | Move::Promote { from, to, .. }) = mv else {
            return Said::default();
        };
        let piece = self.piece_at(from);
        let castled_with = match self.piece_at(to) {
            Some((_, partner)) if piece.is_some() && self.is_castle(from, to) => Some(partner),
            _ => None,
        };
        Said {
            piece,
            castled_with,
            ..Said::default()
        }
    }
}

/// A move's words from the game and what was said of it.
fn words(game: &Game, mv: Move, said: Said) -> String {
    let geo = &game.geometry;
    match mv {
        Move::Pass => "Pass".to_string(),
        Move::OfferDraw => "Offer to draw".to_string(),
        Move::AgreeDraw => "Agree to draw".to_string(),
        Move::RefuseDraw => "Refuse to draw".to_string(),
        Move::Roll { face } => format!("Rolled {face} ({})", game.face_rule(face)),
        Move::Place { color, shape, to } => {
            format!(
                "{} {} to {}{}",
                Capitalised(color.name()),
                game.shape_words(shape),
                game.place_words(to),
                seized_words(game, shape, said.seized)
            )
        }
        Move::Step { from, to } | Move::Promote { from, to, .. } => match said.piece {
            Some((color, shape)) => match said.castled_with {
                Some(partner) => format!(
                    "{} {} {} castles with the {} at {}",
                    Capitalised(color.name()),
                    shape.name(),
                    geo.cell_name(from),
                    partner.name(),
                    geo.cell_name(to)
                ),
                None => {
                    let mut text = format!(
                        "{} {} {} to {}{}",
                        Capitalised(color.name()),
                        game.shape_words(shape),
                        game.place_words(from),
                        game.place_words(to),
                        taken_words(game, shape, &said)
                    );
                    text.push_str(&seized_words(game, shape, said.seized));
                    if let Move::Promote { shape, .. } = mv {
                        let article = if shape == Shape::X { "an" } else { "a" };
                        let _ = write!(text, ", becomes {article} {}", shape.name());
                    }
                    text
                }
            },
            None => format!("{} to {}", game.place_words(from), game.place_words(to)),
        },
    }
}

/// What a step by a piece of `shape` took besides its landing: the
/// pieces it jumped (", jumping (5,5)", ", jumping and turning (5,5)",
/// ", jumping 3 pieces from (5,5)"), what it passed taking nothing
/// (", jumping over (5,5)"), or the pawn it took in passing.
fn taken_words(game: &Game, shape: Shape, said: &Said) -> String {
    let jumps = game.power(shape).is_some_and(|p| is_jump(p.condition));
    let Some(over) = said.over else {
        return match said.hopped {
            Some(hopped) if jumps => format!(", jumping over {}", game.geometry.cell_name(hopped)),
            _ => String::new(),
        };
    };
    let name = game.geometry.cell_name(over);
    if !jumps {
        return format!(", taking {name} en passant");
    }
    let verb = match game.power(shape).map(|p| p.result) {
        Some(CaptureResult::Convert) => "jumping and turning",
        Some(CaptureResult::Paralyze) => "jumping and paralysing",
        _ => "jumping",
    };
    match said.taken {
        0 | 1 => format!(", {verb} {name}"),
        n => format!(", {verb} {n} pieces from {name}"),
    }
}

/// What a piece of `shape` took once it arrived: ", turning 2 pieces"
/// (a conversion), ", taking 1 piece", ", paralysing 3 pieces".
fn seized_words(game: &Game, shape: Shape, seized: u8) -> String {
    if seized == 0 {
        return String::new();
    }
    let verb = match game.power(shape).map(|p| p.result) {
        Some(CaptureResult::Convert) => "turning",
        Some(CaptureResult::Paralyze) => "paralysing",
        _ => "taking",
    };
    let pieces = if seized == 1 { "piece" } else { "pieces" };
    format!(", {verb} {seized} {pieces}")
}

/// A word with its first letter a capital, written when displayed.
struct Capitalised<'a>(&'a str);

impl fmt::Display for Capitalised<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut chars = self.0.chars();
        if let Some(first) = chars.next() {
            for c in first.to_uppercase() {
                f.write_char(c)?;
            }
        }
        f.write_str(chars.as_str())
    }
}

pub(crate) fn capitalise(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;

    use crate::catalogue;
    use crate::game::Game;
    use crate::random::random_move;

    /// Words built on demand read as the move read when it was chosen: in
    /// random matches of every catalogue game, each decision's words are
    /// those of `move_text` just before it was applied, on the position its
    /// seat chose from (its plan's position in a sealed round), and a
    /// blocked attempt adds only what it ran into.
    #[test]
    fn a_decision_reads_as_it_did_when_it_was_chosen() {
        let mut checked = 0;
        for rules in catalogue::all() {
            let game = Game::new(rules).expect("catalogue games compile");
            let name = &game.rules.name;
            for seed in 0..3 {
                let mut state = game.start_seeded(seed);
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
                // Every catalogue match ends; the bound keeps a bug from hanging the test.
                for _ in 0..5_000 {
                    let Some(mv) = random_move(&state, &mut rng) else {
                        break;
                    };
                    let chooser = state.to_move();
                    let before = match state.plan_position(chooser) {
                        Some(plan) => plan.move_text(mv),
                        None => state.move_text(mv),
                    };
                    let at = state.history().len();
                    state.apply(mv).expect("random moves are legal");
                    let words = state.move_words(at);
                    assert!(
                        words == before || words.starts_with(&format!("{before}: blocked at ")),
                        "{name} seed {seed}, move {at}: {words:?}, chosen as {before:?}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 2_000, "only {checked} decisions were checked");
    }
}
