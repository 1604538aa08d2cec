//! The review's playtest and warnings: what the rules being built do when
//! played, and the ways they cannot end as their checks say.
//!
//! The playtest plays a few hundred games with the engine's Random player in
//! every seat, seeded from the rules' fingerprint (the same rules give the
//! same games), and bounded in time. It is CPU work: the bot runs it off the
//! async runtime (`creating.rs`, through `spawn_blocking`).

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use redscience_engine::random::random_move;
use redscience_engine::rules::{Color, Power, TurnCheck};
use redscience_engine::{Game, RuleSet, SeatResult, describe};

use super::dependent::colors_in_play;
use super::input::and_list;

/// The most games a playtest plays.
pub const GAMES: u32 = 300;
/// The most time a playtest takes.
pub const BUDGET: Duration = Duration::from_secs(1);
/// A random game not over after this many moves is counted as not ending.
pub const MOVE_LIMIT: usize = 2_000;

/// One seat's results over the games that ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatTally {
    /// "Player 1" ... or "Chaos".
    pub label: String,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

/// What random games of the rules did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Playtest {
    /// Games played, ended or not.
    pub games: u32,
    /// Games still going after [`MOVE_LIMIT`] moves.
    pub unfinished: u32,
    pub seats: Vec<SeatTally>,
    /// The time ran out before [`GAMES`] games.
    pub out_of_time: bool,
}

impl Playtest {
    /// Games that ended.
    pub fn finished(&self) -> u32 {
        self.games - self.unfinished
    }

    /// The playtest in words, for the review.
    pub fn words(&self) -> String {
        let finished = self.finished();
        let bound = if self.out_of_time {
            format!(" (stopped at the time limit of {} s)", BUDGET.as_secs())
        } else {
            String::new()
        };
        if finished == 0 {
            return format!(
                "Playtest: random games do not end: none of {} random games{bound} ended within \
                 {MOVE_LIMIT} moves. Check the stalemate, pass and movement rules.",
                self.games
            );
        }
        let pct = |n: u32| (f64::from(n) * 100.0 / f64::from(finished)).round() as u32;
        let seats: Vec<String> = self
            .seats
            .iter()
            .map(|s| {
                format!(
                    "{} wins {}%, loses {}%, draws {}%",
                    s.label,
                    pct(s.wins),
                    pct(s.losses),
                    pct(s.draws)
                )
            })
            .collect();
        let mut out = format!(
            "Playtest, {} random games{bound} with Random in every seat: {}.",
            self.games,
            seats.join("; ")
        );
        if self.unfinished > 0 {
            out.push_str(&format!(
                " {} of them did not end within {MOVE_LIMIT} moves and are not counted.",
                self.unfinished
            ));
        }
        out
    }
}

/// Plays up to [`GAMES`] random games within [`BUDGET`]; None when the
/// rules do not make a game.
pub fn run(rules: &RuleSet) -> Option<Playtest> {
    run_with(rules, GAMES, BUDGET)
}

/// [`run`] with other bounds.
pub fn run_with(rules: &RuleSet, games: u32, budget: Duration) -> Option<Playtest> {
    let game = Game::new(rules.clone()).ok()?;
    let seed = u64::from_str_radix(
        &redscience_engine::fingerprint(rules)
            .chars()
            .take(16)
            .collect::<String>(),
        16,
    )
    .unwrap_or(0);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut out = Playtest {
        games: 0,
        unfinished: 0,
        seats: game
            .seats
            .iter()
            .map(|s| SeatTally {
                label: s.label(),
                wins: 0,
                losses: 0,
                draws: 0,
            })
            .collect(),
        out_of_time: false,
    };
    let started = Instant::now();
    'games: for g in 0..games {
        let mut state = game.start_seeded(seed ^ u64::from(g));
        let mut moves = 0;
        while let Some(m) = random_move(&state, &mut rng) {
            if state.apply(m).is_err() {
                break;
            }
            moves += 1;
            if moves >= MOVE_LIMIT {
                break;
            }
            if moves % 64 == 0 && started.elapsed() > budget {
                out.out_of_time = true;
                break 'games;
            }
        }
        out.games += 1;
        match state.outcome() {
            Some(outcome) => {
                for (tally, result) in out.seats.iter_mut().zip(&outcome.results) {
                    match result {
                        SeatResult::Win => tally.wins += 1,
                        SeatResult::Loss => tally.losses += 1,
                        SeatResult::Draw => tally.draws += 1,
                    }
                }
            }
            None => out.unfinished += 1,
        }
        if started.elapsed() > budget {
            out.out_of_time = g + 1 < games;
            break;
        }
    }
    Some(out)
}

/// How many pieces of each colour in play can ever be on the board: the
/// reserves of every shape and the starting pieces.
fn pieces_per_color(rules: &RuleSet) -> Vec<(Color, u32)> {
    let start = Game::new(rules.clone()).ok().map(|game| {
        let state = game.start();
        (0..game.geometry.cell_count() as u16)
            .filter_map(|cell| state.piece_at(cell).map(|(c, _)| c))
            .collect::<Vec<Color>>()
    });
    colors_in_play(rules)
        .into_iter()
        .map(|color| {
            let reserves: u32 = rules
                .shapes
                .iter()
                .map(|s| u32::from(s.reserves.get(&color).copied().unwrap_or(0)))
                .sum();
            let placed = start.as_ref().map_or(0, |cells| {
                cells.iter().filter(|c| **c == color).count() as u32
            });
            (color, reserves + placed)
        })
        .collect()
}

/// The ways the rules cannot end as their checks say: a line that needs more
/// pieces than a colour has, or that no colour can make. (A line longer than
/// the board is a validation problem, shown instead of the review.)
pub fn warnings(rules: &RuleSet, playtest: Option<&Playtest>) -> Vec<String> {
    let mut out = Vec::new();
    // Captures that convert or reincarnate can add pieces; then counting
    // pieces says nothing certain.
    let counted = rules.shapes.iter().all(|s| s.power == Power::None);
    let pieces = pieces_per_color(rules);
    if counted {
        if pieces.iter().all(|(_, n)| *n == 0) {
            out.push(
                "No colour has any piece in reserve or on the board, so nobody can ever move."
                    .to_string(),
            );
        }
        for check in &rules.turn_checks {
            let (TurnCheck::InARow { length, .. } | TurnCheck::AllLoseIfInARow { length, .. }) =
                check
            else {
                continue;
            };
            let length = u32::from(*length);
            let short: Vec<String> = pieces
                .iter()
                .filter(|(_, n)| *n < length)
                .map(|(c, n)| format!("{} has {n}", c.name()))
                .collect();
            if short.is_empty() {
                continue;
            }
            let words = describe::turn_check_words(check);
            if short.len() == pieces.len() {
                out.push(format!(
                    "\"{words}\" can never happen: no colour has the {length} pieces a line \
                     needs ({}), so every game ends by the stalemate rules. Raise the reserves \
                     (edit_shapes) or shorten the line (edit_outcome).",
                    and_list(&short)
                ));
            } else {
                out.push(format!(
                    "\"{words}\" needs {length} pieces of one colour, but {}: that colour can \
                     never make the line.",
                    and_list(&short)
                ));
            }
        }
    }
    if let Some(p) = playtest
        && p.finished() > 0
    {
        let wins_check = rules.turn_checks.iter().any(|c| {
            matches!(
                c,
                TurnCheck::InARow {
                    result: redscience_engine::rules::WinLose::Win,
                    ..
                }
            )
        });
        let nobody_won = p.seats.iter().all(|s| s.wins == 0);
        if wins_check && nobody_won {
            out.push(format!(
                "Nobody won any of the {} random games that ended: the win check may be out of \
                 reach.",
                p.finished()
            ));
        } else if !nobody_won {
            let never: Vec<String> = p
                .seats
                .iter()
                .filter(|s| s.wins == 0)
                .map(|s| s.label.clone())
                .collect();
            if !never.is_empty() {
                out.push(format!("{} never won a random game.", and_list(&never)));
            }
        }
    }
    out
}
