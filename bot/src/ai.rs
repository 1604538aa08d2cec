//! `redscience suggest` and `redscience ai-match`: the engine's players from
//! the command line, so outside programs can play against them and their
//! strength can be measured.

use std::process::ExitCode;
use std::time::Duration;

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use redscience_ai as ai;
use redscience_engine::notation::typed;
use redscience_engine::random::random_move;
use redscience_engine::{Move, SeatResult, State};
use serde_json::json;

use crate::source;
use redscience_engine::game::GameState;

/// A player the command line can name: `random`, `sp` (the standard
/// player), `easy`, `medium`, `hard` (the levels below it), `mcts` (the
/// plain search, 1,000 iterations, no short proofs) or `mcts:N` (N
/// iterations).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Random,
    /// The standard player (None) or a level: thinking as
    /// [`ai::Thinking::of`] says for the game, within the thinking cap.
    Machine(Option<ai::Level>),
    /// The plain search at `iterations`, with no guard and no cap.
    Mcts(usize),
}

/// The search's iterations when none are named.
const DEFAULT_ITERATIONS: usize = 1_000;

impl Player {
    pub fn parse(text: &str) -> Result<Player, String> {
        let lower = text.trim().to_ascii_lowercase();
        match lower.split_once(':') {
            None if lower == "random" => Ok(Player::Random),
            None if lower == "mcts" => Ok(Player::Mcts(DEFAULT_ITERATIONS)),
            None if lower == "sp" || lower == "standard" => Ok(Player::Machine(None)),
            None if ai::Level::parse(&lower).is_some() => {
                Ok(Player::Machine(ai::Level::parse(&lower)))
            }
            Some(("mcts", n)) => match n.parse::<usize>() {
                Ok(iterations) if iterations > 0 => Ok(Player::Mcts(iterations)),
                _ => Err(format!(
                    "\"{text}\": mcts:N takes a whole number of iterations above 0"
                )),
            },
            _ => Err(format!(
                "\"{text}\" is not a player; use random, sp, easy, medium, hard, mcts, or mcts:N (N iterations)"
            )),
        }
    }

    fn name(self) -> String {
        match self {
            Player::Random => "random".into(),
            Player::Machine(None) => "sp".into(),
            Player::Machine(Some(level)) => level.name().into(),
            Player::Mcts(iterations) => format!("mcts:{iterations}"),
        }
    }

    /// This player's move, within `limit` of thinking when one is given.
    fn choose(
        self,
        state: &State,
        rng: &mut Xoshiro256PlusPlus,
        limit: Option<Duration>,
    ) -> Option<Move> {
        let (thinking, cap) = match self {
            Player::Random => return random_move(state, rng),
            Player::Machine(level) => (
                ai::Thinking::of(level, state.game()),
                Some(Duration::from_millis(ai::THINKING_CAP_MS)),
            ),
            Player::Mcts(iterations) => (
                ai::Thinking {
                    iterations,
                    guard: ai::Guard::Off,
                },
                None,
            ),
        };
        let limit = match (limit, cap) {
            (Some(l), Some(c)) => Some(l.min(c)),
            (l, c) => l.or(c),
        };
        ai::decide(state, rng, thinking, limit)
    }
}

/// `suggest GAME_OR_FILE MOVE... --ai AI [--ms T]`: the move the player
/// would make next, as text a person (or `replay`) can type back.
pub fn suggest(
    game_or_file: &str,
    moves: &[String],
    player: &str,
    ms: Option<u64>,
    seed: u64,
) -> Result<ExitCode, String> {
    let player = Player::parse(player)?;
    let game = source::compile(source::load(game_or_file)?)?;
    let state = crate::replay::position(&game, moves, seed)?;
    if let Some(outcome) = state.outcome() {
        return Err(format!(
            "the game is over: {}",
            outcome.summary(state.game())
        ));
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ moves.len() as u64);
    let limit = ms.map(Duration::from_millis);
    let mv = player
        .choose(&state, &mut rng, limit)
        .ok_or("there is no move to make")?;
    println!(
        "{}",
        typed(&state, mv).unwrap_or_else(|| state.move_text(mv))
    );
    Ok(ExitCode::SUCCESS)
}

/// One game from `seed`, each seat played by `player_of(seat)` (Chaos by
/// Random); each seat's points (win 1, draw ½, loss 0), or None when the
/// game stopped without an outcome (at the engine's move cap).
fn play_game(
    game: &std::sync::Arc<redscience_engine::Game>,
    seed: u64,
    player_of: &dyn Fn(usize) -> Player,
) -> Result<Option<Vec<f64>>, String> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut state = game.start_seeded(seed);
    let mut moves = 0;
    while !state.is_terminal() && moves < redscience_engine::random::GAME_MOVE_CAP {
        moves += 1;
        let seat = state.to_move();
        let player = if game.chaos_seat() == Some(seat) {
            Player::Random
        } else {
            player_of(seat)
        };
        let Some(mv) = player.choose(&state, &mut rng, None) else {
            break;
        };
        state.apply(mv)?;
    }
    Ok(state.outcome().map(|outcome| {
        outcome
            .results
            .iter()
            .map(|r| match r {
                SeatResult::Win => 1.0,
                SeatResult::Draw => 0.5,
                SeatResult::Loss => 0.0,
            })
            .collect()
    }))
}

/// The game and the two players of an `ai-match`, or what was wrong.
fn match_setup(
    game_or_file: &str,
    a: &str,
    b: &str,
    games: usize,
) -> Result<(std::sync::Arc<redscience_engine::Game>, Player, Player), String> {
    let (a, b) = (Player::parse(a)?, Player::parse(b)?);
    if games == 0 {
        return Err("--games takes a whole number above 0".into());
    }
    Ok((source::compile(source::load(game_or_file)?)?, a, b))
}

/// `ai-match GAME --a AI --b AI --games N`: A and B alternate seats (every
/// seat but Chaos's goes to them in turn, A first in even games).
pub fn ai_match(
    game_or_file: &str,
    a: &str,
    b: &str,
    games: usize,
    json_out: bool,
    seed: u64,
) -> Result<ExitCode, String> {
    let (game, a, b) = match_setup(game_or_file, a, b, games)?;
    if game.rules.players.player_seats() == 1 {
        // One player: no head to head; each plays the seat from the same seeds.
        return seat_match(&game, (a, b), games, json_out, seed);
    }
    let (mut wins, mut losses, mut draws) = (0usize, 0usize, 0usize);
    let mut capped = 0usize;
    for g in 0..games {
        // Seat s is A's when (s + g) is even.
        let a_plays = |seat: usize| (seat + g).is_multiple_of(2);
        let player_of = |seat: usize| if a_plays(seat) { a } else { b };
        let Some(points) = play_game(&game, seed.wrapping_add(g as u64), &player_of)
            .map_err(|e| format!("game {g}: {e}"))?
        else {
            capped += 1;
            continue;
        };
        let score = |who: &dyn Fn(usize) -> bool| -> f64 {
            let seats: Vec<f64> = points
                .iter()
                .enumerate()
                .filter(|(s, _)| game.chaos_seat() != Some(*s) && who(*s))
                .map(|(_, p)| *p)
                .collect();
            seats.iter().sum::<f64>() / seats.len().max(1) as f64
        };
        let (sa, sb) = (score(&a_plays), score(&|s| !a_plays(s)));
        match sa.total_cmp(&sb) {
            std::cmp::Ordering::Greater => wins += 1,
            std::cmp::Ordering::Less => losses += 1,
            std::cmp::Ordering::Equal => draws += 1,
        }
    }
    // A's score with a 95% Wilson interval, over the games that ended.
    let n = (games - capped).max(1) as f64;
    let p = (wins as f64 + draws as f64 / 2.0) / n;
    let z = 1.96f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    if json_out {
        println!(
            "{}",
            json!({"game": game.rules.name, "a": a.name(), "b": b.name(), "games": games,
                "a_wins": wins, "a_losses": losses, "draws": draws, "capped": capped,
                "a_score": p, "a_score_low": centre - half, "a_score_high": centre + half})
        );
    } else {
        println!(
            "{}: {} against {} over {games} games: {wins} wins, {draws} draws, {losses} losses; \
             score {:.1}% (95% interval {:.1}% to {:.1}%)",
            game.rules.name,
            a.name(),
            b.name(),
            100.0 * p,
            100.0 * (centre - half),
            100.0 * (centre + half)
        );
        say_capped(capped);
    }
    Ok(ExitCode::SUCCESS)
}

/// Says how many games the engine's move cap stopped, not the rules.
fn say_capped(capped: usize) {
    if capped > 0 {
        println!(
            "{capped} games did not end by the rules and were stopped at the cap of {} moves; \
             they are not counted.",
            redscience_engine::random::GAME_MOVE_CAP
        );
    }
}

/// `ai-match GAME --a AI --b AI --games N --one-seat`: A plays one seat
/// (each non-Chaos seat in turn) among B's, and each game is paired with
/// one from the same seed where B plays that seat too. A "beats" B when its
/// seat scores more than B's would in its place: this is the measure for
/// games of several seats and for games where seats win or lose together,
/// where A against B head to head says little.
pub fn ai_seat_match(
    game_or_file: &str,
    a: &str,
    b: &str,
    games: usize,
    json_out: bool,
    seed: u64,
) -> Result<ExitCode, String> {
    let (game, a, b) = match_setup(game_or_file, a, b, games)?;
    seat_match(&game, (a, b), games, json_out, seed)
}

/// [`ai_seat_match`] on a compiled game.
fn seat_match(
    game: &std::sync::Arc<redscience_engine::Game>,
    (a, b): (Player, Player),
    games: usize,
    json_out: bool,
    seed: u64,
) -> Result<ExitCode, String> {
    let seats: Vec<usize> = (0..game.seats.len())
        .filter(|s| game.chaos_seat() != Some(*s))
        .collect();
    let (mut wins, mut losses, mut draws) = (0usize, 0usize, 0usize);
    let mut differences: Vec<f64> = Vec::with_capacity(games);
    let (mut a_total, mut b_total) = (0.0, 0.0);
    let mut capped = 0usize;
    for g in 0..games {
        let seat = seats[g % seats.len()];
        let game_seed = seed.wrapping_add(g as u64);
        let with_a = play_game(game, game_seed, &|s| if s == seat { a } else { b })
            .map_err(|e| format!("game {g}: {e}"))?;
        let with_b = play_game(game, game_seed, &|_| b).map_err(|e| format!("game {g}: {e}"))?;
        let (Some(with_a), Some(with_b)) = (with_a, with_b) else {
            capped += 1;
            continue;
        };
        let d = with_a[seat] - with_b[seat];
        a_total += with_a[seat];
        b_total += with_b[seat];
        differences.push(d);
        match d.total_cmp(&0.0) {
            std::cmp::Ordering::Greater => wins += 1,
            std::cmp::Ordering::Less => losses += 1,
            std::cmp::Ordering::Equal => draws += 1,
        }
    }
    let n = differences.len().max(1) as f64;
    let advantage = differences.iter().sum::<f64>() / n;
    let variance = differences
        .iter()
        .map(|d| (d - advantage).powi(2))
        .sum::<f64>()
        / (n - 1.0).max(1.0);
    // A 95% interval for the mean paired difference (normal approximation).
    let half = 1.96 * (variance / n).sqrt();
    let (a_score, baseline) = (a_total / n, b_total / n);
    if json_out {
        println!(
            "{}",
            json!({"game": game.rules.name, "a": a.name(), "b": b.name(), "games": games,
                "mode": "one-seat", "a_wins": wins, "a_losses": losses, "draws": draws,
                "capped": capped,
                "a_score": a_score, "baseline_score": baseline, "advantage": advantage,
                "advantage_low": advantage - half, "advantage_high": advantage + half})
        );
    } else {
        println!(
            "{}: {} in one seat among {} over {games} games: it scored {:.3} where {} scored \
             {:.3} in the same seat; advantage {:+.3} (95% interval {:+.3} to {:+.3}); \
             better in {wins} games, equal in {draws}, worse in {losses}",
            game.rules.name,
            a.name(),
            b.name(),
            a_score,
            b.name(),
            baseline,
            advantage,
            advantage - half,
            advantage + half
        );
        say_capped(capped);
    }
    Ok(ExitCode::SUCCESS)
}
