//! A turn as typed (`move 2,2`, `plan paper`, `1 1`, or move text alone),
//! read once into the ways a game may take it, before the match is found:
//! which match it goes to depends on where it is legal, so its meaning in
//! a game (labels, columns, shapes) is the engine's, asked of each match's
//! position ([`TurnWords::legal_in`]).

use redscience_engine::notation::{apply_turn, parse_move, parse_turn, read_move};
use redscience_engine::{Game, State};

/// The words of one turn, as typed and as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TurnWords {
    typed: String,
    /// Numbers typed apart, as one cell (`1 1` is `1,1`).
    one_cell: Option<String>,
    /// The words, when there are several and each is a move of its own
    /// (`2,2 3,3`): several moves where one turn was expected.
    apart: Vec<String>,
}

impl TurnWords {
    pub(crate) fn read(typed: &str) -> TurnWords {
        let typed = typed.trim().to_string();
        let words: Vec<&str> = typed.split_whitespace().collect();
        let several = words.len() > 1;
        let one_cell =
            (several && words.iter().all(|w| w.parse::<u16>().is_ok())).then(|| words.join(","));
        let apart = if several && words.iter().all(|w| parse_move(w).is_ok()) {
            words.iter().map(|w| w.to_string()).collect()
        } else {
            Vec::new()
        };
        TurnWords {
            typed,
            one_cell,
            apart,
        }
    }

    /// The words as typed (trimmed), as refusals quote them.
    pub(crate) fn typed(&self) -> &str {
        &self.typed
    }

    /// Whether the words read as a turn of some game, before any game is
    /// known (cells, movements, `pass`; not a game's own labels).
    pub(crate) fn read_as_a_turn(&self) -> bool {
        parse_turn(&self.typed).is_ok()
    }

    /// Whether `game` reads every move of the words, with its labels
    /// ("rock 1") or a piece named alone where there is one place
    /// ("paper"), legal or not.
    pub(crate) fn read_in(&self, game: &Game) -> bool {
        self.typed
            .split('+')
            .all(|part| read_move(game, part).is_ok())
    }

    /// The text of the turn that is legal for the seat to move in
    /// `position`: as typed, else numbers typed apart as one cell; the
    /// refusal of the words as typed when neither is.
    pub(crate) fn legal_in(&self, position: &State) -> Result<String, String> {
        let first = apply_turn(&mut position.clone(), &self.typed, |_| None);
        if first.is_ok() {
            return Ok(self.typed.clone());
        }
        if let Some(cell) = &self.one_cell
            && apply_turn(&mut position.clone(), cell, |_| None).is_ok()
        {
            return Ok(cell.clone());
        }
        first.map(|()| self.typed.clone())
    }

    /// The moves typed apart where one turn was expected (`2,2 3,3`), when
    /// they were read as typed: empty otherwise.
    pub(crate) fn apart(&self, read: &str) -> &[String] {
        if read == self.typed { &self.apart } else { &[] }
    }
}

#[cfg(test)]
mod tests {
    use super::TurnWords;

    #[test]
    fn numbers_apart_may_be_one_cell_and_moves_apart_are_told() {
        let cell = TurnWords::read(" 1 1 ");
        assert_eq!(cell.typed(), "1 1");
        assert_eq!(cell.one_cell.as_deref(), Some("1,1"));
        // Read as one cell, they are no longer moves apart.
        assert!(cell.apart("1,1").is_empty());
        let two = TurnWords::read("2,2 3,3");
        assert_eq!(two.one_cell, None);
        assert_eq!(two.apart("2,2 3,3"), ["2,2", "3,3"]);
        let one = TurnWords::read("pink circle 2,3");
        assert!(one.apart("pink circle 2,3").is_empty());
        assert!(one.read_as_a_turn());
        assert!(!TurnWords::read("hello there").read_as_a_turn());
    }
}
