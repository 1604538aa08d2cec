//! How hard a player thinks: the standard player and the levels below it,
//! each a budget of iterations that grows with the board and a guard that
//! looks less far the easier the level (see [`Guard`]). Budgets are counts,
//! not clocks, so a player's strength (and its rating) means the same from
//! one machine to the next; the clock is only a safety bound.

use super::Guard;
use redscience_engine::Game;

/// The standard player's iterations on a board of nine cells or fewer
/// ("*<Game> SP"); bigger boards get more (see [`board_factor`]).
pub const STANDARD_ITERATIONS: usize = 10_000;

/// A level of the search below the standard player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    Easy,
    Medium,
    Hard,
}

/// What a player spends on one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thinking {
    pub iterations: usize,
    pub guard: Guard,
}

impl Thinking {
    /// The standard player's thinking in `game`.
    pub fn standard(game: &Game) -> Thinking {
        Thinking {
            iterations: scaled(STANDARD_ITERATIONS, game),
            guard: Guard::Full,
        }
    }

    /// A level's thinking in `game`, or the standard player's for None.
    pub fn of(level: Option<Level>, game: &Game) -> Thinking {
        match level {
            None => Thinking::standard(game),
            Some(level) => level.thinking(game),
        }
    }
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The level's thinking in `game`: easy sees no threat and thinks a
    /// little, medium sees threats one turn ahead, hard sees them two turns
    /// ahead on a quarter of the standard player's iterations (but neither
    /// wins by continuous threats nor solves: those are the standard
    /// player's alone, else hard and it draw every game of Tapatan and
    /// share Qubic's).
    pub fn thinking(self, game: &Game) -> Thinking {
        let (base, guard) = match self {
            Level::Easy => (10, Guard::Off),
            Level::Medium => (100, Guard::OneTurn),
            Level::Hard => (STANDARD_ITERATIONS / 4, Guard::TwoTurns),
        };
        Thinking {
            iterations: scaled(base, game),
            guard,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    pub fn parse(text: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(text.trim()))
    }
}

/// `base` iterations grown with the board: by the fourth root of its cells
/// over nine, so Tic-Tac-Toe keeps `base`, Connect4 about 1.5 times it,
/// 15x15 2.24 times and 19x19 2.52 times (a square root made the standard
/// player think 3.5 s a move on 19x19; an answer comes within 2 s).
fn scaled(base: usize, game: &Game) -> usize {
    (base as f64 * board_factor(game)).round() as usize
}

fn board_factor(game: &Game) -> f64 {
    let cells = game.geometry.cell_count() as f64;
    (cells / 9.0).sqrt().sqrt().max(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use redscience_engine::testing::catalogue_game;

    #[test]
    fn budgets_grow_with_the_board() {
        let at = |name: &str| Thinking::standard(&catalogue_game(name)).iterations;
        assert_eq!(at("Tic-Tac-Toe"), 10_000);
        // 225 cells: 25 ^ 0.25 = 2.236 times; 361: (361 / 9) ^ 0.25 = 2.517.
        assert_eq!(at("5on15sq"), 22_361);
        assert_eq!(at("Connect6-19x19"), 25_166);
    }

    #[test]
    fn each_level_thinks_less_than_the_next() {
        for name in ["Tic-Tac-Toe", "Connect4", "5on15sq"] {
            let game = catalogue_game(name);
            let budgets: Vec<usize> = Level::ALL
                .iter()
                .map(|l| l.thinking(&game).iterations)
                .chain([Thinking::standard(&game).iterations])
                .collect();
            assert!(
                budgets.windows(2).all(|w| w[0] < w[1]),
                "{name}: {budgets:?}"
            );
        }
        let ttt = catalogue_game("Tic-Tac-Toe");
        assert_eq!(Level::Easy.thinking(&ttt).guard, Guard::Off);
        assert_eq!(Level::Medium.thinking(&ttt).guard, Guard::OneTurn);
        assert_eq!(Level::parse(" HARD "), Some(Level::Hard));
        // Each sees further than the one below it, the standard player most.
        let guards: Vec<Guard> = Level::ALL
            .iter()
            .map(|l| l.thinking(&ttt).guard)
            .chain([Thinking::standard(&ttt).guard])
            .collect();
        assert!(guards.windows(2).all(|w| w[0] < w[1]), "{guards:?}");
        assert_eq!(Level::parse("expert"), None);
    }
}
