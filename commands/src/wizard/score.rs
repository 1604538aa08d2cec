//! A one-player game's score: what is counted when the match ends, and
//! which way is better, asked with the ending rules of a game for one.
//! [`settle`] drops a score once more players join, and says why.

use redscience_engine::RuleSet;
use redscience_engine::rules::{Better, Score, ScoreCount};

use super::input::{Opt, buttons, pick};
use super::{Ask, Flow, problems_at};

/// Every score the question offers, with its id ("fewest_moves").
fn scores() -> Vec<Score> {
    [ScoreCount::Moves, ScoreCount::Pieces]
        .into_iter()
        .flat_map(|count| {
            [Better::Fewer, Better::More]
                .into_iter()
                .map(move |better| Score { count, better })
        })
        .collect()
}

fn id_of(score: Option<Score>) -> String {
    match score {
        None => "none".into(),
        Some(s) => {
            let way = match s.better {
                Better::Fewer => "fewest",
                Better::More => "most",
            };
            let count = match s.count {
                ScoreCount::Moves => "moves",
                ScoreCount::Pieces => "pieces",
            };
            format!("{way}_{count}")
        }
    }
}

fn words_of(score: Option<Score>) -> String {
    score.map_or_else(|| "No score".into(), Score::words)
}

fn options() -> Vec<Opt<Option<Score>>> {
    std::iter::once(None)
        .chain(scores().into_iter().map(Some))
        .map(|s| Opt::new(s, id_of(s), words_of(s)))
        .collect()
}

/// Whether the question applies: one player (or a score to take off).
pub(super) fn applies(rules: &RuleSet) -> bool {
    rules.score.is_some() || rules.players.player_seats() == 1
}

pub(super) fn ask(rules: &RuleSet) -> Ask {
    Ask::new(
        format!(
            "Score: a game for one may count something when it ends, told with its result. \
             Now: {}.",
            words_of(rules.score)
        ),
        buttons(&options()),
        id_of(rules.score),
    )
}

pub(super) fn apply(rules: &mut RuleSet, input: &str) -> Result<Flow, String> {
    rules.score = pick(input, &options())?;
    Ok(Flow::Next)
}

/// Drops a score a later answer left unfit (more players), saying so.
pub(super) fn settle(rules: &mut RuleSet) -> Vec<String> {
    if rules.score.is_some() && !problems_at(rules, "score").is_empty() {
        rules.score = None;
        return vec![
            "The game no longer keeps a score: a score ranks one player's games, and now the \
             result ranks the players."
                .into(),
        ];
    }
    Vec::new()
}
