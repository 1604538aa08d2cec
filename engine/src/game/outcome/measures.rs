//! What stalemate rules measure for each team: lines, pieces and area.

use crate::game::board::Board;
use crate::game::{Game, State, unpack};
use crate::geometry::{Geometry, NO_CELL};
use crate::rules::{Color, Measure, Shape};

/// A board and the game it is played by: all that a measure looks at, so a
/// lean run's board is measured as the match's is.
#[derive(Clone, Copy)]
pub(crate) struct Position<'a> {
    game: &'a Game,
    pub board: &'a Board,
}

impl<'a> Position<'a> {
    pub(crate) fn new(game: &'a Game, board: &'a Board) -> Position<'a> {
        Position { game, board }
    }

    pub(crate) fn game(&self) -> &'a Game {
        self.game
    }

    fn piece_at(&self, cell: u16) -> Option<(Color, Shape)> {
        unpack(self.board[usize::from(cell)])
    }
}

impl State {
    /// The board as the measures see it.
    pub(crate) fn position(&self) -> Position<'_> {
        Position::new(&self.game, &self.position.board)
    }
}

/// A value per team, kept inline where the teams fit (most games): a
/// playout's stalemate measures once, and allocating was much of it.
pub(crate) type TeamValues = smallvec::SmallVec<[u32; 8]>;

/// A measure per team, summed over the colours each team controls
/// (longest lines take the maximum instead; area is counted per team).
pub(super) fn measure(state: Position<'_>, of: &Measure, board: u8) -> TeamValues {
    let game = state.game();
    if *of == Measure::Area {
        return area(state, board);
    }
    let per_color = color_measure(state, of, board);
    let longest = matches!(of, Measure::LongestLine { .. });
    game.teams
        .colors
        .iter()
        .map(|&played| {
            // The team's colours by their bits: a playout's stalemate
            // measures once, and filtering every colour showed in it.
            let (mut colours, mut value) = (played, 0);
            while colours != 0 {
                let of_colour = per_color[colours.trailing_zeros() as usize];
                colours &= colours - 1;
                value = match longest {
                    true => value.max(of_colour),
                    false => value + of_colour,
                };
            }
            value
        })
        .collect()
}

/// The cells of one board.
pub(super) fn board_cells(state: Position<'_>, board: u8) -> std::ops::Range<u16> {
    let geo = &state.game().geometry;
    let first = usize::from(board - 1) * geo.cells_per_board;
    first as u16..(first + geo.cells_per_board) as u16
}

/// The cells of one board as bits, on a board of at most 64 cells.
fn board_word(state: Position<'_>, board: u8) -> u64 {
    let cells = board_cells(state, board);
    let run = u64::MAX >> (64 - (cells.end - cells.start));
    run << cells.start
}

fn color_measure(state: Position<'_>, of: &Measure, board: u8) -> [u32; 9] {
    let geo = &state.game().geometry;
    let mut out = [0u32; 9];
    let cells = board_cells(state, board);
    match of {
        // On a game's only board, the board's own counts.
        Measure::Pieces { shape } if geo.boards == 1 => {
            for color in Color::ALL {
                out[color.index()] = match shape {
                    Some(shape) => {
                        u32::from(state.board.count_piece(crate::game::pack(color, *shape)))
                    }
                    None => u32::from(state.board.count_of(color)),
                };
            }
        }
        Measure::Pieces { shape } => {
            for cell in cells {
                if let Some((c, s)) = state.piece_at(cell)
                    && shape.is_none_or(|want| want == s)
                {
                    out[c.index()] += 1;
                }
            }
        }
        Measure::LongestLine { diagonals } | Measure::Lines { diagonals, .. } => {
            let window = match of {
                Measure::Lines { length, .. } => Some(u32::from(*length)),
                _ => None,
            };
            return match &state.game().outcomes.line_steps {
                Some(steps) => runs_as_bits(state, steps, *diagonals, window, board),
                None => runs_walked(state, *diagonals, window, board),
            };
        }
        // Counted per team by `area`.
        Measure::Area => {}
    }
    out
}

/// [`color_measure`]'s lines walked along the neighbours: from each cell
/// of a colour, along each line direction, the run it starts (every
/// segment of K counts once; the longest line from where each run starts).
fn runs_walked(state: Position<'_>, diagonals: bool, window: Option<u32>, board: u8) -> [u32; 9] {
    let geo = &state.game().geometry;
    let mut out = [0u32; 9];
    let cells = board_cells(state, board);
    for cell in cells {
        let Some((color, _)) = state.piece_at(cell) else {
            continue;
        };
        for &d in geo.line_directions(diagonals) {
            let back = geo.neighbour(cell, geo.direction_count() - 1 - d);
            let starts_run =
                back == NO_CELL || state.piece_at(back).is_none_or(|(k, _)| k != color);
            if window.is_none() && !starts_run {
                // The longest line is measured from where each run starts.
                continue;
            }
            let mut run = 1;
            let mut c = geo.neighbour(cell, d);
            while c != NO_CELL && state.piece_at(c).is_some_and(|(k, _)| k == color) {
                run += 1;
                c = geo.neighbour(c, d);
            }
            match window {
                // Every K-cell segment starting here counts once.
                Some(k) => out[color.index()] += u32::from(run >= k),
                None => out[color.index()] = out[color.index()].max(run),
            }
        }
    }
    out
}

/// Per direction, one step along it from a set of cells as bits, for boards of at most 64 cells where no walk along a
/// direction comes back (toroids and rings would never end one).
pub(crate) fn step_masks(geo: &Geometry) -> Option<Vec<BitStep>> {
    let cells = geo.cell_count();
    if cells > 64 {
        return None;
    }
    let walk_ends = |d: usize| {
        (0..cells as u16).all(|start| {
            let mut c = start;
            for _ in 0..=cells {
                c = geo.neighbour(c, d);
                if c == NO_CELL {
                    return true;
                }
            }
            false
        })
    };
    (0..geo.direction_count())
        .map(|d| walk_ends(d).then(|| BitStep::compile(geo, d)))
        .collect()
}

/// One step along a direction from every cell of a set at once, as bits.
#[derive(Debug)]
pub(crate) enum BitStep {
    /// Every step adds `delta` to the cell index; `from` holds the cells
    /// with a neighbour that way (most grids: a shift and a mask).
    Shift { delta: i32, from: u64 },
    /// Per cell, its neighbour that way as a bit (none at an edge).
    Table(Vec<u64>),
}

impl BitStep {
    fn compile(geo: &Geometry, d: usize) -> BitStep {
        let cells = geo.cell_count() as u16;
        let deltas = (0..cells)
            .map(|c| (c, geo.neighbour(c, d)))
            .filter(|&(_, n)| n != NO_CELL)
            .map(|(c, n)| i32::from(n) - i32::from(c));
        let mut deltas = deltas.peekable();
        let first = deltas.peek().copied();
        match first {
            Some(delta) if deltas.all(|x| x == delta) => BitStep::Shift {
                delta,
                from: (0..cells)
                    .filter(|&c| geo.neighbour(c, d) != NO_CELL)
                    .fold(0, |bits, c| bits | 1 << c),
            },
            _ => BitStep::Table(
                (0..cells)
                    .map(|c| match geo.neighbour(c, d) {
                        NO_CELL => 0,
                        n => 1 << n,
                    })
                    .collect(),
            ),
        }
    }

    /// The cells one step on from those of `bits`.
    #[inline]
    fn from(&self, bits: u64) -> u64 {
        match self {
            BitStep::Shift { delta, from } if *delta >= 0 => (bits & from) << delta,
            BitStep::Shift { delta, from } => (bits & from) >> -delta,
            BitStep::Table(next) => {
                let (mut rest, mut stepped) = (bits, 0);
                while rest != 0 {
                    stepped |= next[rest.trailing_zeros() as usize];
                    rest &= rest - 1;
                }
                stepped
            }
        }
    }
}

/// [`color_measure`]'s lines as bits: along each line direction, the cells
/// ending a run of k of a colour are those ending a run of k - 1 stepped
/// once forward, kept where the colour stands. The longest line is the
/// last k with any; "lines of K" counts the cells ending a run of K, one
/// per K-cell segment, as the walk counts one per segment's start.
fn runs_as_bits(
    state: Position<'_>,
    steps: &[BitStep],
    diagonals: bool,
    window: Option<u32>,
    board: u8,
) -> [u32; 9] {
    let geo = &state.game().geometry;
    let on_board = board_word(state, board);
    let mut out = [0u32; 9];
    for color in Color::ALL {
        let colour = state.board.colour_word(color) & on_board;
        if colour == 0 {
            continue;
        }
        for &d in geo.line_directions(diagonals) {
            let (mut ends, mut k) = (colour, 0);
            while ends != 0 {
                k += 1;
                if window == Some(k) {
                    out[color.index()] += ends.count_ones();
                    break;
                }
                ends = steps[d].from(ends) & colour;
            }
            if window.is_none() {
                out[color.index()] = out[color.index()].max(k);
            }
        }
    }
    out
}

/// "Most area" (from Go), per team: the spaces of the board the team
/// occupies or reaches by an orthogonal flood fill from its pieces through
/// empty spaces (locked blanks included), stopping at other teams' pieces.
/// Up and down count as orthogonal steps on stacks and 3-D boards. Shapes'
/// own movement is ignored, and a space two teams reach counts for both.
fn area(state: Position<'_>, board: u8) -> TeamValues {
    if let Some(masks) = &state.game().outcomes.area_masks {
        return (0..state.game().teams.count)
            .map(|team| area_word(state, masks, board, team).count_ones())
            .collect();
    }
    let mut reached = Vec::new();
    let mut queue = Vec::new();
    (0..state.game().teams.count)
        .map(|team| {
            reach(state, board, team, &mut reached, &mut queue);
            reached.iter().filter(|r| **r).count() as u32
        })
        .collect()
}

/// Per cell, its orthogonal neighbours a bit each (up and down count on
/// stacks and 3-D boards), for boards of at most 64 cells.
pub(crate) fn orthogonal_masks(geo: &Geometry) -> Option<Vec<u64>> {
    let cells = geo.cell_count();
    (cells <= 64).then(|| {
        (0..cells as u16)
            .map(|cell| {
                (0..geo.direction_count())
                    .filter(|&d| geo.is_orthogonal(d))
                    .map(|d| geo.neighbour(cell, d))
                    .filter(|&n| n != NO_CELL)
                    .fold(0, |bits, n| bits | 1 << n)
            })
            .collect()
    })
}

/// `team`'s area on `board` as [`reach`] finds it, a bit per cell: its
/// pieces, grown through empty spaces one ring of neighbours at a time.
fn area_word(state: Position<'_>, masks: &[u64], board: u8, team: usize) -> u64 {
    let on_board = board_word(state, board);
    let colours = state.game().teams.colors[team];
    let own = Color::ALL
        .iter()
        .filter(|c| colours & 1 << c.index() != 0)
        .fold(0, |bits, c| bits | state.board.colour_word(*c))
        & on_board;
    let empty = on_board & !state.board.occupied_word();
    let (mut reached, mut frontier) = (own, own);
    while frontier != 0 {
        let mut grown = 0;
        while frontier != 0 {
            grown |= masks[frontier.trailing_zeros() as usize];
            frontier &= frontier - 1;
        }
        frontier = grown & empty & !reached;
        reached |= frontier;
    }
    reached
}

/// The spaces of `board` in `team`'s area (see [`area`]).
fn area_of(state: Position<'_>, board: u8, team: usize) -> Vec<u16> {
    if let Some(masks) = &state.game().outcomes.area_masks {
        let word = area_word(state, masks, board, team);
        return board_cells(state, board)
            .filter(|&c| word & 1 << c != 0)
            .collect();
    }
    let (mut reached, mut queue) = (Vec::new(), Vec::new());
    reach(state, board, team, &mut reached, &mut queue);
    let cells = board_cells(state, board);
    let first = usize::from(cells.start);
    cells.filter(|&c| reached[usize::from(c) - first]).collect()
}

/// Marks in `reached` (one entry per space of `board`, from its first) the
/// spaces of `team`'s area; `queue` is room to work in. Both are reused
/// from team to team.
fn reach(
    state: Position<'_>,
    board: u8,
    team: usize,
    reached: &mut Vec<bool>,
    queue: &mut Vec<u16>,
) {
    let geo = &state.game().geometry;
    let cells = board_cells(state, board);
    let first = usize::from(cells.start);
    let colours = team_colours(state, team);
    reached.clear();
    reached.resize(cells.len(), false);
    queue.clear();
    for c in cells {
        if state
            .piece_at(c)
            .is_some_and(|(color, _)| colours & (1 << color.index()) != 0)
        {
            reached[usize::from(c) - first] = true;
            queue.push(c);
        }
    }
    while let Some(cell) = queue.pop() {
        for d in (0..geo.direction_count()).filter(|&d| geo.is_orthogonal(d)) {
            let next = geo.neighbour(cell, d);
            if next == NO_CELL || reached[usize::from(next) - first] {
                continue;
            }
            // Through empty spaces; the team's own pieces are reached already.
            if state.piece_at(next).is_none() {
                reached[usize::from(next) - first] = true;
                queue.push(next);
            }
        }
    }
}

/// The colours `team` plays, a bit each (see [`owned_by`]).
fn team_colours(state: Position<'_>, team: usize) -> u16 {
    crate::rules::Color::ALL
        .iter()
        .filter(|&&color| {
            state
                .game()
                .seats
                .iter()
                .any(|s| s.team == team && s.controls(color))
        })
        .fold(0, |bits, color| bits | 1 << color.index())
}

/// Whether the piece on `cell` is of a colour `team` plays.
fn owned_by(state: Position<'_>, cell: u16, team: usize) -> bool {
    let game = state.game();
    state.piece_at(cell).is_some_and(|(color, _)| {
        game.seats
            .iter()
            .any(|s| s.team == team && s.controls(color))
    })
}

/// The spaces a measure counted for `team` on `board`, to show why it
/// decided: its pieces (of the shape named), its longest line, the cells of
/// its lines of the length named, or its area.
pub(super) fn counted_cells(state: Position<'_>, of: &Measure, board: u8, team: usize) -> Vec<u16> {
    match of {
        Measure::Pieces { shape } => board_cells(state, board)
            .filter(|&c| {
                owned_by(state, c, team)
                    && state
                        .piece_at(c)
                        .is_some_and(|(_, s)| shape.is_none_or(|want| want == s))
            })
            .collect(),
        Measure::LongestLine { diagonals } => {
            // Only a run as long as the longest so far can be the longest.
            let mut longest = 0;
            runs(state, board, team, *diagonals, |len| {
                longest = longest.max(len);
                len == longest
            })
            .into_iter()
            .max_by_key(Vec::len)
            .unwrap_or_default()
        }
        Measure::Lines { length, diagonals } => {
            let long_enough = |len: usize| len >= usize::from(*length);
            let mut cells: Vec<u16> = runs(state, board, team, *diagonals, long_enough)
                .into_iter()
                .flatten()
                .collect();
            cells.sort_unstable();
            cells.dedup();
            cells
        }
        Measure::Area => area_of(state, board, team),
    }
}

/// The maximal same-colour runs of `team`'s colours on `board`, in every
/// line direction, single pieces included, that `keep` keeps by length:
/// each run is walked in one reused list and copied out only when kept
/// (every ending of a match that counts lines comes here).
fn runs(
    state: Position<'_>,
    board: u8,
    team: usize,
    diagonals: bool,
    mut keep: impl FnMut(usize) -> bool,
) -> Vec<Vec<u16>> {
    let geo = &state.game().geometry;
    let mut out = Vec::new();
    let mut run = Vec::new();
    for cell in board_cells(state, board) {
        if !owned_by(state, cell, team) {
            continue;
        }
        let Some((color, _)) = state.piece_at(cell) else {
            continue;
        };
        let same = |c: u16| c != NO_CELL && state.piece_at(c).is_some_and(|(k, _)| k == color);
        for &d in geo.line_directions(diagonals) {
            if same(geo.neighbour(cell, geo.direction_count() - 1 - d)) {
                continue;
            }
            run.clear();
            run.push(cell);
            let mut c = geo.neighbour(cell, d);
            while same(c) && !run.contains(&c) {
                run.push(c);
                c = geo.neighbour(c, d);
            }
            if keep(run.len()) {
                out.push(run.clone());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use rand::rngs::Xoshiro256PlusPlus;
    use rand::{RngExt, SeedableRng};

    use super::*;
    use crate::game::Game;
    use crate::testing::{catalogue_game, game_without_checks};

    /// Four board kinds (a 3-D board, hexagons, two boards, stacks) whose
    /// stalemate rule measures `of`.
    fn boards_measuring(of: serde_json::Value) -> [Arc<Game>; 4] {
        let stalemate = serde_json::json!([{"rule": "most", "of": of, "result": "win"}]);
        let circles = serde_json::json!({"shape": "circle", "power": "none",
            "reserves": {"black": 13, "white": 13}});
        [
            serde_json::json!({"board": "squares", "dimensions": [3, 3, 3],
                "stalemate": stalemate, "shapes": [circles]}),
            serde_json::json!({"board": "hexagons", "dimensions": [5, 5, 1],
                "stalemate": stalemate}),
            serde_json::json!({"board": "squares", "dimensions": [4, 4, 1], "boards": 2,
                "stalemate": stalemate}),
            serde_json::json!({"board": "stacks", "dimensions": [4, 1, 4],
                "stalemate": stalemate}),
        ]
        .map(game_without_checks)
    }

    /// Every position of 20 random matches of each game, from a seeded
    /// stream; returns how many positions were visited.
    fn each_position(games: &[Arc<Game>], seed: u64, mut visit: impl FnMut(&State)) -> usize {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut visited = 0;
        for game in games {
            for _ in 0..20 {
                let mut state = game.start();
                while !state.is_finished() {
                    visit(&state);
                    visited += 1;
                    let legal = state.legal().to_vec();
                    let mv = legal[rng.random_range(0..legal.len())];
                    state.apply(mv).expect("a legal move");
                }
            }
        }
        visited
    }

    /// The area grown by ORs is the area the flood fill finds, on every
    /// board kind: random positions of games that measure area.
    #[test]
    fn an_area_grown_as_bits_is_the_flood_fills() {
        let mut games = vec![catalogue_game("BoS"), catalogue_game("3P-BoS")];
        games.extend(boards_measuring(serde_json::json!({"measure": "area"})));
        let visited = each_position(&games, 7, |state| {
            let game = state.game();
            let masks = game
                .outcomes
                .area_masks
                .as_ref()
                .expect("a small board that measures area");
            for board in 1..=game.geometry.boards {
                for team in 0..game.teams.count {
                    let (mut reached, mut queue) = (Vec::new(), Vec::new());
                    reach(state.position(), board, team, &mut reached, &mut queue);
                    let first = usize::from(board_cells(state.position(), board).start);
                    let flooded = reached
                        .iter()
                        .enumerate()
                        .filter(|(_, r)| **r)
                        .fold(0u64, |bits, (i, _)| bits | 1 << (first + i));
                    assert_eq!(area_word(state.position(), masks, board, team), flooded);
                }
            }
        });
        assert!(visited > 200, "{visited} positions compared");
    }

    /// Lines measured as bits are the lines walked: the longest and the
    /// segments of 2 and 3, with and without diagonals, on random positions
    /// of several board kinds.
    #[test]
    fn lines_grown_as_bits_are_the_lines_walked() {
        let mut games = vec![
            catalogue_game("3P-MostWins-3x4"),
            catalogue_game("4P-TrolleyDilemma"),
        ];
        games.extend(boards_measuring(
            serde_json::json!({"measure": "longest_line", "diagonals": true}),
        ));
        // Grids step by shifts, hexagons (whose rows alternate) by tables.
        let steps = games
            .iter()
            .flat_map(|g| g.outcomes.line_steps.iter().flatten());
        let shifts = steps.filter(|s| matches!(s, BitStep::Shift { .. })).count();
        let all = games
            .iter()
            .flat_map(|g| g.outcomes.line_steps.iter().flatten())
            .count();
        assert!(
            shifts > 0 && shifts < all,
            "{shifts} of {all} steps are shifts"
        );
        let visited = each_position(&games, 11, |state| {
            let game = state.game();
            let steps = game
                .outcomes
                .line_steps
                .as_ref()
                .expect("a small board that measures lines");
            for board in 1..=game.geometry.boards {
                for diagonals in [false, true] {
                    for window in [None, Some(2), Some(3)] {
                        assert_eq!(
                            runs_as_bits(state.position(), steps, diagonals, window, board),
                            runs_walked(state.position(), diagonals, window, board),
                            "{} {window:?} {diagonals}",
                            game.rules.name
                        );
                    }
                }
            }
        });
        assert!(visited > 200, "{visited} positions compared");
    }
}
