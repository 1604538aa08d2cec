//! The generated suite: positions from random play in every eligible
//! catalogue game, labelled (see [`super::label`]), and the check that the
//! search's move obeys each label's rule.
//!
//! Deterministic given the suite's seed. Every position has its own seed:
//! the match starts from it (`Game::start_seeded`), Random's moves are
//! drawn from it, and the search is run as `redscience suggest GAME MOVES
//! --ai mcts:N --seed SEED` runs it, so a miss can be reproduced there.

use std::sync::Arc;

use rand::RngExt;
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

use redscience_engine::game::{Game, GameState, Movers, State};
use redscience_engine::notation::typed;
use redscience_engine::random::random_move;
use redscience_engine::rules::{Cloaking, Order};

use super::label::{Budget, Label, Unlabelled, label, obeys};
use super::solver::Solver;

/// What to generate and how to check it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Positions wanted in all (spread evenly over the eligible games).
    pub positions: usize,
    pub seed: u64,
    /// The search's iterations per move checked.
    pub iterations: usize,
    /// Nodes a position's labelling may use.
    pub budget: Budget,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            positions: 10_000,
            seed: 0,
            iterations: 64,
            budget: Budget::default(),
        }
    }
}

/// One labelled position: its game, how to reach it, and its label.
#[derive(Clone, Debug)]
pub struct Position {
    pub game: String,
    /// The match's seed: it starts the match and seeds the search.
    pub seed: u64,
    /// The decisions from the start as a person types them, one each.
    pub moves: Vec<String>,
    pub label: Label,
    /// See [`super::Labelled::two_move_settled`].
    pub two_move_settled: bool,
    pub state: State,
}

impl Position {
    /// The command that asks the search for its move here.
    pub fn suggest_command(&self, iterations: usize) -> String {
        let moves: Vec<String> = self.moves.iter().map(|m| quoted(m)).collect();
        format!(
            "redscience suggest {} {} --ai mcts:{iterations} --seed {}",
            quoted(&self.game),
            moves.join(" "),
            self.seed
        )
    }
}

/// A word for a shell: quoted when it holds anything but plain characters.
fn quoted(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || ",-+:=_.".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// One game's share of the suite.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameTally {
    pub game: String,
    /// Positions drawn from random play and labelled (or tried to be).
    pub tried: usize,
    /// Positions kept in the suite.
    pub positions: usize,
    /// Kept positions per label, in [`Label::ALL`] order.
    pub by_label: [usize; 6],
    /// Positions drawn whose labelling ran past the budget.
    pub skipped: usize,
    /// Kept LOSS1 positions whose two-move stage ran past the budget.
    pub loss1_two_move_unsettled: usize,
    /// Nodes spent labelling (a skipped position counted at its whole
    /// budget).
    pub nodes: u64,
    /// Checked positions whose move broke the label's rule.
    pub misses: usize,
    /// Kept positions whose check ran past the budget.
    pub unchecked: usize,
}

impl GameTally {
    pub fn count(&self, label: Label) -> usize {
        self.by_label[label_index(label)]
    }
}

fn label_index(label: Label) -> usize {
    Label::ALL.iter().position(|&l| l == label).unwrap_or(0)
}

/// The suite: every kept position, and each game's tally.
#[derive(Clone, Debug, Default)]
pub struct Suite {
    pub positions: Vec<Position>,
    pub tallies: Vec<GameTally>,
}

/// A move that broke its label's rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Miss {
    pub game: String,
    pub seed: u64,
    pub moves: Vec<String>,
    pub label: Label,
    /// The search's move, as typed; "none" when it gave none.
    pub chosen: String,
    /// The command that reproduces it.
    pub command: String,
}

/// The catalogue games the labeller reads: two sides, no Chaos, no dice,
/// nothing hidden, no sealed rounds.
pub fn eligible_games() -> Vec<Arc<Game>> {
    redscience_engine::catalogue::all()
        .into_iter()
        .filter_map(|rules| Game::new(rules).ok())
        .filter(|game| is_eligible(game))
        .collect()
}

fn is_eligible(game: &Game) -> bool {
    let rules = &game.rules;
    Solver::new(game).is_some()
        && rules.cloaking == Cloaking::None
        && rules.dice.is_none()
        && rules
            .phases
            .iter()
            .all(|p| p.order == Order::Sequential && p.cloaked.is_empty())
}

/// A seed's mix (splitmix64), so nearby seeds give unrelated streams.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A position from random play: its state and typed moves; None when
/// the play left what the labeller reads, a move has no typed form, or
/// the position has fewer than two moves.
fn random_position(game: &Arc<Game>, seed: u64) -> Option<(State, Vec<String>)> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let cells = game.geometry.cell_count();
    let depth = rng.random_range(0..=(2 * cells).clamp(8, 200));
    // Where the match ends first, half the time the position before the
    // last decision is kept: the mover had a win there, or let one happen.
    let step_back = rng.random_bool(0.5);
    let mut state = game.start_seeded(seed);
    let mut moves = Vec::new();
    for _ in 0..depth {
        if !matches!(state.movers(), Movers::One(_)) {
            break;
        }
        let mv = random_move(&state, &mut rng)?;
        let text = typed(&state, mv)?;
        let before = state.clone();
        state.apply_action(mv).ok()?;
        moves.push(text);
        if state.is_terminal() {
            if !step_back {
                return None;
            }
            state = before;
            moves.pop();
            break;
        }
    }
    let decides = matches!(state.movers(), Movers::One(_));
    (decides && state.legal_actions().len() >= 2).then_some((state, moves))
}

/// Generates and labels the suite. Each game gets an even share; what a
/// game cannot fill (within the attempts and nodes its share allows) is
/// handed to the games after it, and what is still missing at the end to
/// the games that filled theirs, cheapest first.
pub fn generate(options: &Options) -> Suite {
    let games = eligible_games();
    let count = games.len().max(1);
    let mut drawers: Vec<Drawer> = (games.iter().enumerate())
        .map(|(index, game)| Drawer::new(game, mix(options.seed ^ mix(index as u64 + 1))))
        .collect();
    let mut positions = Vec::new();
    let mut owed = 0;
    for (index, drawer) in drawers.iter_mut().enumerate() {
        let share = options.positions / count + usize::from(index < options.positions % count);
        let wanted = share + owed;
        owed = wanted - drawer.draw(wanted, options.budget, &mut positions);
    }
    let mut cheapest: Vec<usize> = (0..drawers.len()).filter(|&i| drawers[i].filled).collect();
    cheapest.sort_by_key(|&i| drawers[i].tally.nodes / drawers[i].tally.positions.max(1) as u64);
    for i in cheapest {
        if owed == 0 {
            break;
        }
        owed -= drawers[i].draw(owed, options.budget, &mut positions);
    }
    // Suite order: game by game, as the tallies.
    let order = |p: &Position| games.iter().position(|g| g.rules.name == p.game);
    positions.sort_by_key(order);
    Suite {
        positions,
        tallies: drawers.into_iter().map(|d| d.tally).collect(),
    }
}

/// How many draws a game may take per position wanted, and how many nodes
/// of labelling per position wanted, before it gives up.
const ATTEMPTS_PER_POSITION: usize = 12;
/// (The big boards, 15x15 to 19x19 and Qubic's 4x4x4, spend them all:
/// at 400,000 a 10,000-position suite took about 40 minutes.)
const NODES_PER_POSITION: u64 = 120_000;

/// One game's draws from random play, continued where they stopped.
struct Drawer<'a> {
    game: &'a Arc<Game>,
    seed: u64,
    attempt: usize,
    tally: GameTally,
    /// Whether the last call kept all it was asked for.
    filled: bool,
}

impl<'a> Drawer<'a> {
    fn new(game: &'a Arc<Game>, seed: u64) -> Drawer<'a> {
        Drawer {
            game,
            seed,
            attempt: 0,
            tally: GameTally {
                game: game.rules.name.clone(),
                ..GameTally::default()
            },
            filled: true,
        }
    }

    /// Keeps up to `wanted` more positions in `out`: threats first; quiet
    /// (or lost) ones up to a fifth, and one label at most half, until
    /// half the attempts are spent. Returns how many it kept.
    fn draw(&mut self, wanted: usize, budget: Budget, out: &mut Vec<Position>) -> usize {
        let start = self.attempt;
        let attempts = wanted * ATTEMPTS_PER_POSITION;
        let nodes_allowed = self.tally.nodes + (wanted as u64).saturating_mul(NODES_PER_POSITION);
        let mut kept = [0usize; 6];
        let mut count = 0;
        while count < wanted && self.attempt - start < attempts && self.tally.nodes < nodes_allowed
        {
            let position_seed = mix(self.seed ^ self.attempt as u64);
            self.attempt += 1;
            let Some((state, moves)) = random_position(self.game, position_seed) else {
                continue;
            };
            self.tally.tried += 1;
            let labelled = match label(&state, budget) {
                Ok(labelled) => labelled,
                Err(Unlabelled::OverBudget) => {
                    self.tally.skipped += 1;
                    self.tally.nodes += budget.one_move + budget.two_move;
                    continue;
                }
                Err(Unlabelled::Ineligible) => continue,
            };
            self.tally.nodes += labelled.nodes;
            let picky = self.attempt - start < attempts / 2;
            let index = label_index(labelled.label);
            let room = if labelled.label.is_threat() {
                kept[index] < wanted.div_ceil(2)
            } else {
                let calm = kept[label_index(Label::Quiet)] + kept[label_index(Label::Lost)];
                calm < wanted.div_ceil(5)
            };
            if picky && !room {
                continue;
            }
            count += 1;
            kept[index] += 1;
            self.tally.positions += 1;
            self.tally.by_label[index] += 1;
            if labelled.label == Label::Loss1 && !labelled.two_move_settled {
                self.tally.loss1_two_move_unsettled += 1;
            }
            out.push(Position {
                game: self.tally.game.clone(),
                seed: position_seed,
                moves,
                label: labelled.label,
                two_move_settled: labelled.two_move_settled,
                state,
            });
        }
        self.filled = count == wanted;
        count
    }
}

/// What the check of one position found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Checked {
    /// The move obeys the rule (or the label sets none).
    Obeyed,
    Missed(Miss),
    /// The check ran past its budget.
    Unchecked,
}

/// Runs the search on `position` as `suggest` does (`--ai mcts:N`,
/// `--seed` the position's) and judges its move by the label's rule.
pub fn check_position(position: &Position, iterations: usize, budget: Budget) -> Checked {
    if !position.label.is_threat() {
        return Checked::Obeyed;
    }
    let state = &position.state;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(position.seed ^ position.moves.len() as u64);
    let chosen = crate::search(state, &mut rng, |n| n >= iterations);
    let nodes = budget.one_move.saturating_add(budget.two_move);
    let verdict = match chosen {
        Some(mv) => obeys(state, position.label, mv, nodes),
        None => Ok(false),
    };
    match verdict {
        Ok(true) => Checked::Obeyed,
        Err(_) => Checked::Unchecked,
        Ok(false) => Checked::Missed(Miss {
            game: position.game.clone(),
            seed: position.seed,
            moves: position.moves.clone(),
            label: position.label,
            chosen: chosen.map_or_else(
                || "none".to_string(),
                |mv| typed(state, mv).unwrap_or_else(|| state.move_text(mv)),
            ),
            command: position.suggest_command(iterations),
        }),
    }
}

/// Checks every position of the suite, counting misses and unchecked
/// positions in the tallies; the misses, in suite order.
pub fn check(suite: &mut Suite, iterations: usize, budget: Budget) -> Vec<Miss> {
    let mut misses = Vec::new();
    for position in &suite.positions {
        let checked = check_position(position, iterations, budget);
        let Some(tally) = suite.tallies.iter_mut().find(|t| t.game == position.game) else {
            continue;
        };
        match checked {
            Checked::Obeyed => {}
            Checked::Unchecked => tally.unchecked += 1,
            Checked::Missed(miss) => {
                tally.misses += 1;
                misses.push(miss);
            }
        }
    }
    misses
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eligible_games_are_the_two_sided_games_without_chance() {
        let names: Vec<String> = eligible_games()
            .iter()
            .map(|g| g.rules.name.clone())
            .collect();
        for name in ["Tic-Tac-Toe", "5on15sq", "Connect6-19x19", "Connect4"] {
            assert!(names.iter().any(|n| n == name), "{name} in {names:?}");
        }
        for name in ["3P-Notakto", "RockPaperScissors"] {
            assert!(!names.iter().any(|n| n == name), "{name} in {names:?}");
        }
    }

    #[test]
    fn shell_words_are_quoted_only_when_needed() {
        assert_eq!(quoted("8,8"), "8,8");
        assert_eq!(quoted("9,9+11,11"), "9,9+11,11");
        assert_eq!(quoted("pink circle 2,3"), "'pink circle 2,3'");
        assert_eq!(quoted("it's"), r"'it'\''s'");
    }

    #[test]
    fn a_small_suite_is_deterministic_and_replayable() {
        let options = Options {
            positions: 40,
            seed: 7,
            iterations: 16,
            budget: Budget {
                one_move: 20_000,
                two_move: 20_000,
            },
        };
        let first = generate(&options);
        let second = generate(&options);
        let key = |s: &Suite| -> Vec<(String, u64, Label)> {
            (s.positions.iter())
                .map(|p| (p.game.clone(), p.seed, p.label))
                .collect()
        };
        assert_eq!(key(&first), key(&second));
        assert!(!first.positions.is_empty());
        for position in &first.positions {
            // The typed moves lead back to the same position.
            let game = position.state.game().clone();
            let mut replayed = game.start_seeded(position.seed);
            for text in &position.moves {
                redscience_engine::notation::apply_turn(&mut replayed, text, |_| None)
                    .unwrap_or_else(|e| panic!("{}: {text}: {e}", position.game));
            }
            assert_eq!(replayed.decisions(), position.state.decisions());
            assert!(
                position.state.legal_actions().len() >= 2,
                "{}",
                position.game
            );
        }
        let kept: usize = first.tallies.iter().map(|t| t.positions).sum();
        assert_eq!(kept, first.positions.len());
    }
}
