//! References from a rule set to seats and spaces, written as short strings.
//!
//! A seat is its 1-based number or "chaos". A space is `x,y,z` in 1-based
//! coordinates (parentheses optional), where any coordinate may be `*` and
//! missing trailing coordinates mean `*`: on stacks `3` or `3,1` is the whole
//! third stack. A board other than every board is prefixed `N:`. `all` is every
//! space of every board.

use std::borrow::Cow;
use std::fmt;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A seat named by a rule: a player seat (1-based) or the Chaos seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SeatRef {
    Player(u8),
    Chaos,
}

impl fmt::Display for SeatRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatRef::Player(n) => write!(f, "{n}"),
            SeatRef::Chaos => f.write_str("chaos"),
        }
    }
}

impl SeatRef {
    pub fn parse(text: &str) -> Result<SeatRef, String> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("chaos") {
            return Ok(SeatRef::Chaos);
        }
        match t.parse::<u8>() {
            Ok(n @ 1..=4) => Ok(SeatRef::Player(n)),
            _ => Err(format!(
                "\"{t}\" is not a seat; expected a seat number 1-4 or \"chaos\""
            )),
        }
    }
}

impl Serialize for SeatRef {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            SeatRef::Player(n) => s.serialize_u8(*n),
            SeatRef::Chaos => s.serialize_str("chaos"),
        }
    }
}

impl<'de> Deserialize<'de> for SeatRef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct SeatVisitor;
        impl Visitor<'_> for SeatVisitor {
            type Value = SeatRef;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a seat number 1-4 or \"chaos\"")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<SeatRef, E> {
                SeatRef::parse(&v.to_string()).map_err(E::custom)
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<SeatRef, E> {
                SeatRef::parse(&v.to_string()).map_err(E::custom)
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<SeatRef, E> {
                SeatRef::parse(v).map_err(E::custom)
            }
        }
        d.deserialize_any(SeatVisitor)
    }
}

impl JsonSchema for SeatRef {
    fn schema_name() -> Cow<'static, str> {
        "SeatRef".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A seat: its 1-based number, or \"chaos\".",
            "oneOf": [
                { "type": "integer", "minimum": 1, "maximum": 4 },
                { "const": "chaos" }
            ]
        })
    }
}

/// A set of spaces: one cell, a column, a whole board, or everything.
/// `None` in a coordinate or the board means "every value".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SpaceRef {
    pub board: Option<u8>,
    pub x: Option<u8>,
    pub y: Option<u8>,
    pub z: Option<u8>,
}

impl SpaceRef {
    pub const ALL: SpaceRef = SpaceRef {
        board: None,
        x: None,
        y: None,
        z: None,
    };

    pub fn cell(x: u8, y: u8, z: u8) -> SpaceRef {
        SpaceRef {
            board: None,
            x: Some(x),
            y: Some(y),
            z: Some(z),
        }
    }

    pub fn parse(text: &str) -> Result<SpaceRef, String> {
        let expected = "expected a space like \"2,3\", \"(2,3,1)\", \"2:1,1\" (board 2), \"3\" (a whole stack) or \"all\"; any coordinate may be \"*\"";
        let t = text.trim();
        if t.eq_ignore_ascii_case("all") {
            return Ok(SpaceRef::ALL);
        }
        let (board, rest) = match t.split_once(':') {
            Some((b, rest)) => match b.trim().parse::<u8>() {
                Ok(n @ 1..=3) => (Some(n), rest),
                _ => {
                    return Err(format!(
                        "\"{t}\": the board before ':' must be 1, 2 or 3; {expected}"
                    ));
                }
            },
            None => (None, t),
        };
        let inner = rest.trim().trim_start_matches('(').trim_end_matches(')');
        let parts: Vec<&str> = inner.split(',').map(str::trim).collect();
        if parts.is_empty() || parts.len() > 3 || parts.iter().any(|p| p.is_empty()) {
            return Err(format!("\"{t}\" is not a space; {expected}"));
        }
        let mut coords = [None; 3];
        for (i, p) in parts.iter().enumerate() {
            coords[i] = match *p {
                "*" => None,
                p => match p.parse::<u8>() {
                    Ok(n @ 1..=19) => Some(n),
                    _ => {
                        return Err(format!(
                            "\"{t}\": coordinate \"{p}\" must be a number 1-19 or \"*\"; {expected}"
                        ));
                    }
                },
            };
        }
        Ok(SpaceRef {
            board,
            x: coords[0],
            y: coords[1],
            z: coords[2],
        })
    }

    /// True when `(board, x, y, z)` (all 1-based) is one of the spaces named.
    pub fn matches(&self, board: u8, x: u8, y: u8, z: u8) -> bool {
        self.board.is_none_or(|b| b == board)
            && self.x.is_none_or(|v| v == x)
            && self.y.is_none_or(|v| v == y)
            && self.z.is_none_or(|v| v == z)
    }

    /// True when the reference names exactly one cell of every board it covers.
    pub fn is_cell(&self) -> bool {
        self.x.is_some() && self.y.is_some() && self.z.is_some()
    }
}

impl fmt::Display for SpaceRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == SpaceRef::ALL {
            return f.write_str("all");
        }
        if let Some(b) = self.board {
            write!(f, "{b}:")?;
        }
        let coords = [self.x, self.y, self.z];
        let len = coords
            .iter()
            .rposition(Option::is_some)
            .map_or(1, |i| i + 1);
        let text: Vec<String> = coords[..len]
            .iter()
            .map(|c| c.map_or("*".to_string(), |v| v.to_string()))
            .collect();
        f.write_str(&text.join(","))
    }
}

impl Serialize for SpaceRef {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for SpaceRef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        SpaceRef::parse(&text).map_err(de::Error::custom)
    }
}

impl JsonSchema for SpaceRef {
    fn schema_name() -> Cow<'static, str> {
        "SpaceRef".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "Spaces: \"x,y,z\" (1-based; parentheses optional), a trailing coordinate left out or written \"*\" means every value (on stacks \"3\" is the whole third stack), an optional \"N:\" prefix names one board, and \"all\" is every space.",
            "type": "string",
            "pattern": "^(all|([1-3]:)?\\(?(\\*|[0-9]{1,2})(,\\s*(\\*|[0-9]{1,2})){0,2}\\)?)$"
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn space_refs_parse_and_print_back() {
        for (text, shown) in [
            ("2,3", "2,3"),
            ("(3,1,1)", "3,1,1"),
            ("2:1,1", "2:1,1"),
            ("3", "3"),
            ("*,2", "*,2"),
            ("all", "all"),
        ] {
            let r = SpaceRef::parse(text).unwrap();
            assert_eq!(r.to_string(), shown, "{text}");
            assert_eq!(SpaceRef::parse(shown).unwrap(), r);
        }
        assert!(SpaceRef::parse("3").unwrap().matches(1, 3, 1, 5));
        assert!(!SpaceRef::parse("2:3").unwrap().matches(1, 3, 1, 5));
    }

    #[test]
    fn bad_space_refs_say_what_is_accepted() {
        for bad in ["", "0,1", "1,2,3,4", "a,b", "4:1,1", "20,1", "1,,2"] {
            let err = SpaceRef::parse(bad).unwrap_err();
            assert!(err.contains("expected a space"), "{bad}: {err}");
        }
    }

    #[test]
    fn seats_are_numbers_or_chaos() {
        assert_eq!(
            serde_json::from_str::<SeatRef>("2").unwrap(),
            SeatRef::Player(2)
        );
        assert_eq!(
            serde_json::from_str::<SeatRef>("\"Chaos\"").unwrap(),
            SeatRef::Chaos
        );
        let err = serde_json::from_str::<SeatRef>("5")
            .unwrap_err()
            .to_string();
        assert!(err.contains("seat number 1-4"), "{err}");
    }
}
