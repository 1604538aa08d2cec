//! Where a placement would surround something, for the whole board at
//! once: a seat's pieces and its opponents' are bit sets (kept by the
//! board), and along each direction the opponents' lines closed by the
//! seat's own piece grow back from that piece one shift at a time; the
//! cell before each such line is a placement that takes it. Capture-only
//! placements (Reversi's) keep only such moves, and asking each empty cell
//! in turn was most of a game's time.
//!
//! Only where every step is one shift (see `Geometry::uniform_step`: no
//! toroids, whose lines come round to the placed piece, nor boards cut to
//! a hexagon), on flat boards of at most 128 cells; and only for captors
//! whose captives are every opponent's piece in the line (not paralysis,
//! which spares pieces already paralysed).

use crate::geometry::Geometry;

use super::board::Board;
use super::outcome::side_bits::wide;

/// How many colours pieces come in.
const COLOURS: usize = crate::rules::Color::ALL.len();

/// A step as a shift of bits: the cells with a neighbour that way, moved
/// left then right (one of the two is 0), so no branch on the sign.
#[derive(Clone, Copy, Debug)]
struct Shift<W> {
    from: W,
    left: u32,
    right: u32,
}

/// The board's cells as one word of bits (`u64`, up to 64 cells) or two
/// (`u128`): an 8x8 board in one word shifts in one instruction.
trait Word:
    Copy
    + Eq
    + Default
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitOrAssign
    + std::ops::Shl<u32, Output = Self>
    + std::ops::Shr<u32, Output = Self>
{
}

impl Word for u64 {}
impl Word for u128 {}

impl<W: Word> Shift<W> {
    #[inline]
    fn of(self, cells: W) -> W {
        ((cells & self.from) << self.left) >> self.right
    }

    fn new(by: isize, from: W) -> Shift<W> {
        let amount = u32::try_from(by.unsigned_abs()).unwrap_or(u32::MAX);
        let (left, right) = if by >= 0 { (amount, 0) } else { (0, amount) };
        Shift { from, left, right }
    }
}

/// The cells where a piece of `own` would close, along one of the shifts
/// `back`, a line of `theirs` with another of `own`.
#[inline]
fn takers_by<W: Word>(back: &[Shift<W>], own: W, theirs: W, directions: &[usize]) -> W {
    let mut takers = W::default();
    for &dir in directions {
        let back = back[dir];
        // Opponents whose neighbour ahead is ours, then those whose
        // neighbour ahead is such an opponent, until none is added.
        let mut closed = back.of(own) & theirs;
        loop {
            let grown = closed | back.of(closed) & theirs;
            if grown == closed {
                break;
            }
            closed = grown;
        }
        takers |= back.of(closed);
    }
    takers
}

/// Per direction of a board, the step back along it as a shift.
#[derive(Debug)]
pub(crate) struct SurroundLayout(Shifts);

/// The shifts, in the narrowest word that holds the board.
#[derive(Debug)]
enum Shifts {
    /// Boards of at most 64 cells.
    Narrow(Vec<Shift<u64>>),
    /// Boards of 65 to 128 cells.
    Wide(Vec<Shift<u128>>),
}

impl SurroundLayout {
    /// The layout of `geo`, or None where its steps are not shifts (see
    /// the module).
    pub(crate) fn compile(geo: &Geometry, stacks: bool) -> Option<SurroundLayout> {
        let cells = geo.cell_count();
        if stacks || cells > 128 {
            return None;
        }
        let count = geo.direction_count();
        let mut back = Vec::with_capacity(count);
        for dir in 0..count {
            let (by, from) = geo.uniform_step(count - 1 - dir)?;
            back.push((by, wide(&from)));
        }
        Some(SurroundLayout(if cells <= 64 {
            Shifts::Narrow(
                (back.into_iter())
                    .map(|(by, from)| Shift::new(by, from as u64))
                    .collect(),
            )
        } else {
            Shifts::Wide(
                (back.into_iter())
                    .map(|(by, from)| Shift::new(by, from))
                    .collect(),
            )
        }))
    }

    /// The cells where a piece of the colours `controls` (bit i for
    /// colour i) would close, along one of `directions`, a line of
    /// opponents' pieces with another of its own: a bit each, empty or not
    /// (a placement asks only of empty cells).
    pub(crate) fn takers(&self, board: &Board, controls: u16, directions: &[usize]) -> u128 {
        let all = (1u16 << COLOURS) - 1;
        match &self.0 {
            Shifts::Narrow(back) => {
                let own = board.colours_bits(controls, 0);
                let theirs = board.colours_bits(all & !controls, 0);
                u128::from(takers_by(back, own, theirs, directions))
            }
            Shifts::Wide(back) => {
                let own = board.colours_wide(controls);
                let theirs = board.colours_wide(all & !controls);
                takers_by(back, own, theirs, directions)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::seq::IndexedRandom;
    use serde_json::json;

    use crate::game::{Game, Move};
    use crate::geometry::DirectionSet;
    use crate::rules::{Color, Shape};

    /// Random play on boards of one and two words, squares and hexagons,
    /// in lines and orthogonally, two and three seats: every empty cell is
    /// a taker exactly where a placement there captures.
    #[test]
    fn the_takers_are_the_empty_cells_where_a_placement_captures() {
        let mut games =
            vec![Game::new(crate::catalogue::get("Reversi").expect("Reversi")).unwrap()];
        for (board, dims, capture, players) in [
            ("squares", [10, 10, 1], "surround_line", "two"),
            ("hexagons", [7, 7, 1], "surround_line", "two"),
            ("squares", [6, 6, 1], "surround_orthogonal", "two"),
            ("squares", [8, 8, 1], "surround_line", "three"),
        ] {
            let cells = dims[0] * dims[1];
            let reserves = if players == "three" {
                json!({"black": cells / 3, "white": cells / 3, "pink": cells / 3})
            } else {
                json!({"black": cells / 2, "white": cells / 2})
            };
            games.push(crate::testing::game(
                json!({"board": board, "dimensions": dims,
                "players": players, "turn_checks": [], "pieces_per_turn": 1,
                "phases": [{"order": "sequential", "placement_only": false, "pass": true}],
                "shapes": [{"shape": "circle", "power": "can", "capture": capture,
                    "result": "convert",
                    "reserves": reserves}]}),
            ));
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let (mut takes, mut not) = (0, 0);
        for game in games {
            let layout = game.layouts.surround_layout.as_ref().expect("a layout");
            let name = &game.rules.name;
            let set = match game.rules.shapes[0].capture {
                Some(crate::rules::CaptureCondition::SurroundOrthogonal) => {
                    DirectionSet::Orthogonal
                }
                _ => DirectionSet::Any,
            };
            for seed in 0..15 {
                let mut state = game.start_seeded(seed);
                for _ in 0..100 {
                    if state.is_finished() {
                        break;
                    }
                    let seat = state.to_move();
                    let controls = game.seats[seat].controls;
                    let color = Color::ALL
                        .into_iter()
                        .find(|c| controls & (1 << c.index()) != 0)
                        .expect("a colour");
                    let takers = layout.takers(
                        &state.position.board,
                        controls,
                        game.geometry.directions_in(set),
                    );
                    for to in 0..game.geometry.cell_count() as u16 {
                        if state.piece_at(to).is_some() {
                            continue;
                        }
                        let mv = Move::Place {
                            color,
                            shape: Shape::Circle,
                            to,
                        };
                        let captures = state.captures(mv);
                        assert_eq!(takers >> to & 1 == 1, captures, "{name}: {to}");
                        if captures {
                            takes += 1;
                        } else {
                            not += 1;
                        }
                    }
                    let moves = state.legal().to_vec();
                    let mv = *moves.choose(&mut rng).expect("a move");
                    state.apply(mv).expect("legal");
                }
            }
        }
        assert!(takes > 2000 && not > 2000, "{takes} take, {not} do not");
    }
}
