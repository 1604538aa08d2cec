//! A one-player game's score (ours, issue 23): counted when the match ends,
//! and told with its result ("Score: 12 moves made (fewer is better).").

use super::State;
use crate::rules::ScoreCount;

impl State {
    /// The player's score once the match is over, where the rules keep one.
    pub fn score(&self) -> Option<u32> {
        let score = self.game().rules.score?;
        if !self.is_finished() {
            return None;
        }
        let game = self.game();
        let player = game.seats.iter().position(|s| !s.is_chaos)?;
        let counted = match score.count {
            ScoreCount::Moves => (self.history().iter())
                .filter(|a| a.seat() == player && a.mv.is_board_move())
                .count(),
            ScoreCount::Pieces => (0..self.position.board.len() as u16)
                .filter_map(|cell| self.piece_at(cell))
                .filter(|&(color, _)| game.seats[player].controls(color))
                .count(),
        };
        Some(counted as u32)
    }

    /// The score in a sentence, once the match is over: "Score: 12 moves
    /// made (fewer is better)."
    pub fn score_words(&self) -> Option<String> {
        let (value, score) = (self.score()?, self.game().rules.score?);
        // The count's own words are plural ("moves made"); one is singular.
        let counted = match (value, score.count) {
            (1, ScoreCount::Moves) => "move made",
            (1, ScoreCount::Pieces) => "piece left on the board",
            (_, count) => count.words(),
        };
        Some(format!(
            "Score: {value} {counted} ({} is better).",
            score.better.words()
        ))
    }
}
