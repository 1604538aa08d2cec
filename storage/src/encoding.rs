//! Moves as stored in the move log: short words that survive engine
//! releases (colours and shapes by their rule-set names, cells by index).
//!
//! `pass`, `offer`, `agree`, `refuse`, `place COLOR SHAPE CELL`,
//! `step FROM TO`, `promote FROM TO SHAPE`, `roll FACE` (the die's face).

use redscience_engine::Move;
use redscience_engine::rules::{Color, Shape};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// The stored form of a move.
pub fn encode(mv: Move) -> String {
    match mv {
        Move::Pass => "pass".to_string(),
        Move::OfferDraw => "offer".to_string(),
        Move::AgreeDraw => "agree".to_string(),
        Move::RefuseDraw => "refuse".to_string(),
        Move::Place { color, shape, to } => {
            format!("place {} {} {to}", word(&color), word(&shape))
        }
        Move::Step { from, to } => format!("step {from} {to}"),
        Move::Promote { from, to, shape } => format!("promote {from} {to} {}", word(&shape)),
        Move::Roll { face } => format!("roll {face}"),
    }
}

/// Reads a stored move back.
pub fn decode(text: &str) -> Result<Move, String> {
    let parts: Vec<&str> = text.split_whitespace().collect();
    let bad = || format!("\"{text}\" is not a stored move");
    let cell = |s: &str| s.parse::<u16>().map_err(|_| bad());
    Ok(match parts.as_slice() {
        ["pass"] => Move::Pass,
        ["offer"] => Move::OfferDraw,
        ["agree"] => Move::AgreeDraw,
        ["refuse"] => Move::RefuseDraw,
        ["place", color, shape, to] => Move::Place {
            color: from_word::<Color>(color).ok_or_else(bad)?,
            shape: from_word::<Shape>(shape).ok_or_else(bad)?,
            to: cell(to)?,
        },
        ["step", from, to] => Move::Step {
            from: cell(from)?,
            to: cell(to)?,
        },
        ["promote", from, to, shape] => Move::Promote {
            from: cell(from)?,
            to: cell(to)?,
            shape: from_word::<Shape>(shape).ok_or_else(bad)?,
        },
        ["roll", face] => Move::Roll {
            face: face.parse::<u8>().map_err(|_| bad())?,
        },
        _ => return Err(bad()),
    })
}

/// A colour or shape as rule-set files name it.
fn word<T: Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(s)) => s,
        other => panic!("colours and shapes serialise as words, not {other:?}"),
    }
}

fn from_word<T: DeserializeOwned>(word: &str) -> Option<T> {
    serde_json::from_value(serde_json::Value::String(word.to_string())).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_move_round_trips() {
        let mut moves = vec![
            Move::Pass,
            Move::OfferDraw,
            Move::AgreeDraw,
            Move::RefuseDraw,
        ];
        for color in Color::ALL {
            for shape in Shape::ALL {
                moves.push(Move::Place {
                    color,
                    shape,
                    to: 360,
                });
                moves.push(Move::Promote {
                    from: 1,
                    to: 2,
                    shape,
                });
            }
        }
        moves.push(Move::Step { from: 0, to: 65535 });
        moves.extend([1, 12].map(|face| Move::Roll { face }));
        for mv in moves {
            let text = encode(mv);
            assert_eq!(decode(&text), Ok(mv), "{text}");
        }
        assert!(decode("place mauve circle 1").is_err());
        assert!(decode("step 1").is_err());
        assert!(decode("roll six").is_err());
    }
}
