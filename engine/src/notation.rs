//! Move text, as typed in chat, the CLI and tests: `2,3`, `(2,3)`, `b3`, a
//! column alone on stacks (`4`), `pentagon 2,3`, `pink circle 2,3`, `1,1-1,2`,
//! `a1-a2`, `1,7-1,8=pentagon` for a piece reaching its goal and the shape it
//! becomes, `N:` for a board other than the first, `+` between the moves of
//! one turn, and `pass`, `draw`, `agree`, `refuse`; `roll 4` is the die's
//! face in a game with dice (the bot rolls; replays and tests name it). Forgiving about spaces and
//! case, strict about meaning: an ambiguous move is refused with the choices.

use crate::game::{Game, Move, State};
use crate::geometry::Geometry;
use crate::rules::{BoardKind, Color, Shape};

/// A cell as typed: an optional board and one to three coordinates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellText {
    pub board: Option<u8>,
    pub coords: Vec<u8>,
}

/// One move as typed, before it is matched against the legal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveText {
    Pass,
    Draw,
    Agree,
    Refuse,
    /// The die's face (`roll 4`).
    Roll(u8),
    Place {
        color: Option<Color>,
        shape: Option<Shape>,
        at: CellText,
    },
    Step {
        from: CellText,
        to: CellText,
        /// The shape a piece reaching its goal becomes (`=pentagon`).
        promote: Option<Shape>,
    },
}

const FORMS: &str = "a cell like 2,3 or b3 (a column alone on stacks), optionally after a shape and/or colour (pink circle 2,3), a movement FROM-TO (1,1-1,2, with =SHAPE for what a piece reaching its goal becomes), moves of one turn joined by +, or pass, draw, agree, refuse";

/// Splits a turn into its moves (`a+b`).
pub fn parse_turn(text: &str) -> Result<Vec<MoveText>, String> {
    let parts: Vec<&str> = text.split('+').map(str::trim).collect();
    if parts.iter().any(|p| p.is_empty()) {
        return Err(format!(
            "\"{}\" has an empty move; expected {FORMS}",
            text.trim()
        ));
    }
    parts.into_iter().map(parse_move).collect()
}

pub fn parse_move(text: &str) -> Result<MoveText, String> {
    let t = text.trim().to_ascii_lowercase();
    match t.as_str() {
        "pass" | "p" => return Ok(MoveText::Pass),
        "draw" | "offer" => return Ok(MoveText::Draw),
        "agree" | "accept" | "yes" => return Ok(MoveText::Agree),
        "refuse" | "decline" | "no" => return Ok(MoveText::Refuse),
        _ => {}
    }
    if let Some(face) = t.strip_prefix("roll") {
        return match face.trim().parse::<u8>() {
            Ok(face) if face >= 1 => Ok(MoveText::Roll(face)),
            _ => Err(format!(
                "\"{}\" names no face of a die; expected roll and a number from 1, like roll 4",
                text.trim()
            )),
        };
    }
    if let Some((from, to)) = t.split_once('-') {
        let (to, promote) = match to.split_once('=') {
            Some((to, shape)) => {
                let shape = Shape::parse(shape).ok_or_else(|| {
                    format!(
                        "\"{}\" names no shape after =; expected one of circle, pentagon, X, cross, triangle, star",
                        text.trim()
                    )
                })?;
                (to, Some(shape))
            }
            None => (to, None),
        };
        return Ok(MoveText::Step {
            from: parse_cell(from, text)?,
            to: parse_cell(to, text)?,
            promote,
        });
    }
    let mut color = None;
    let mut shape = None;
    let mut words: Vec<&str> = t.split_whitespace().collect();
    // Coordinates may contain spaces ("2, 3"): words that are not a colour or shape form the cell.
    let mut cell_words = Vec::new();
    for w in words.drain(..) {
        if let Some(c) = Color::parse(w).filter(|_| color.is_none() && cell_words.is_empty()) {
            color = Some(c);
        } else if let Some(s) = Shape::parse(w).filter(|_| shape.is_none() && cell_words.is_empty())
        {
            shape = Some(s);
        } else {
            cell_words.push(w);
        }
    }
    if cell_words.is_empty() {
        return Err(format!(
            "\"{}\" names no cell; expected {FORMS}",
            text.trim()
        ));
    }
    Ok(MoveText::Place {
        color,
        shape,
        at: parse_cell(&cell_words.join(""), text)?,
    })
}

fn parse_cell(cell: &str, whole: &str) -> Result<CellText, String> {
    let bad = || format!("\"{}\" is not a move; expected {FORMS}", whole.trim());
    let t: String = cell.chars().filter(|c| !c.is_whitespace()).collect();
    let (board, rest) = match t.split_once(':') {
        Some((b, rest)) => (Some(b.parse::<u8>().map_err(|_| bad())?), rest.to_string()),
        None => (None, t),
    };
    let inner = rest.trim_start_matches('(').trim_end_matches(')');
    if inner.is_empty() {
        return Err(bad());
    }
    let first = inner.chars().next().expect("not empty");
    if first.is_ascii_alphabetic() {
        // Algebraic: a column letter, then a row number.
        let x = (first as u8 - b'a') + 1;
        let y: u8 = inner[1..].parse().map_err(|_| bad())?;
        return Ok(CellText {
            board,
            coords: vec![x, y],
        });
    }
    let coords: Result<Vec<u8>, _> = inner.split(',').map(|p| p.parse::<u8>()).collect();
    match coords {
        Ok(c) if (1..=3).contains(&c.len()) => Ok(CellText { board, coords: c }),
        _ => Err(bad()),
    }
}

/// The cells a typed cell can mean: one cell, or on stacks a whole column.
fn cells(geo: &Geometry, at: &CellText) -> Result<Vec<u16>, String> {
    let [nx, ny, nz] = geo.dims;
    let size = if geo.kind == BoardKind::Hash {
        "the board is a 3x3 hash".to_string()
    } else if geo.hexagon_shaped() {
        format!(
            "the board is a hexagon of hexagons, {} on a side, {nx} across",
            nx.div_ceil(2)
        )
    } else if geo.kind == BoardKind::Stacks && ny == 1 {
        // A player of stacks names a column alone: say the columns.
        format!("the columns are 1 to {nx}, like {}", nx.div_ceil(2))
    } else {
        format!("the board is {nx}x{ny}x{nz}")
    };
    let board = match at.board {
        Some(b) if b == 0 || b > geo.boards => {
            return Err(format!(
                "there is no board {b}; this game has {} board(s)",
                geo.boards
            ));
        }
        Some(b) => b,
        None => 1,
    };
    let mut c = at.coords.clone();
    if c.len() == 1 {
        if ny != 1 {
            return Err(format!("give both x and y (like 2,3); {size}"));
        }
        c.push(1);
    }
    let (x, y) = (c[0], c[1]);
    let off = || {
        let shown: Vec<String> = at.coords.iter().map(u8::to_string).collect();
        format!("({}) is off the board; {size}", shown.join(","))
    };
    if x == 0 || x > nx || y == 0 || y > ny {
        return Err(off());
    }
    match c.get(2) {
        Some(&z) if z == 0 || z > nz => Err(off()),
        Some(&z) => geo.cell(board, x, y, z).map(|c| vec![c]).ok_or_else(off),
        None if geo.kind == BoardKind::Stacks || nz == 1 => {
            let cells: Vec<u16> = (1..=nz).filter_map(|z| geo.cell(board, x, y, z)).collect();
            if cells.is_empty() {
                return Err(off());
            }
            Ok(cells)
        }
        None => Err(format!(
            "give x,y,z on this 3-D board (like {x},{y},1); {size}"
        )),
    }
}

/// Matches a typed move against the legal moves of the seat to move.
pub fn resolve(state: &State, text: &MoveText) -> Result<Move, String> {
    let legal = state.legal().to_vec();
    let simple = |m: Move| -> Result<Move, String> {
        if legal.contains(&m) {
            Ok(m)
        } else {
            Err(why(state, m))
        }
    };
    match text {
        MoveText::Pass => simple(Move::Pass),
        MoveText::Draw => simple(Move::OfferDraw),
        MoveText::Agree => simple(Move::AgreeDraw),
        MoveText::Refuse => simple(Move::RefuseDraw),
        MoveText::Roll(face) => simple(Move::Roll { face: *face }),
        MoveText::Place { color, shape, at } => resolve_place(state, &legal, (*color, *shape), at),
        MoveText::Step { from, to, promote } => resolve_step(state, &legal, (from, to), *promote),
    }
}

/// A typed placement (colour and shape when given, the place) matched
/// against the `legal` moves.
fn resolve_place(
    state: &State,
    legal: &[Move],
    (color, shape): (Option<Color>, Option<Shape>),
    at: &CellText,
) -> Result<Move, String> {
    let geo = &state.game().geometry;
    let targets = cells(geo, at)?;
    let matching: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| match m {
            Move::Place {
                color: c,
                shape: s,
                to,
            } => {
                targets.contains(to)
                    && color.is_none_or(|w| w == *c)
                    && shape.is_none_or(|w| w == *s)
            }
            _ => false,
        })
        .collect();
    match matching.as_slice() {
        [one] => Ok(*one),
        [] => {
            let seat = &state.game().seats[state.to_move()];
            let color = color.unwrap_or(seat.color);
            let shape = shape.unwrap_or_else(|| {
                state
                    .game()
                    .rules
                    .shapes
                    .iter()
                    .map(|s| s.shape)
                    .find(|s| state.reserve(color, *s) > 0)
                    .unwrap_or_default()
            });
            let to = targets
                .iter()
                .copied()
                .find(|&c| state.piece_at(c).is_none())
                .unwrap_or(targets[0]);
            Err(why(state, Move::Place { color, shape, to }))
        }
        many => {
            let choices: Vec<String> = many
                .iter()
                .map(|m| match m {
                    Move::Place { color, shape, to } => {
                        format!("{} {} {}", color.name(), shape.name(), cell_words(geo, *to))
                    }
                    _ => unreachable!("filtered to placements"),
                })
                .collect();
            Err(format!(
                "that move is ambiguous; say which: {}",
                choices.join(" or ")
            ))
        }
    }
}

/// A typed step (from, to, and the shape it becomes when given) matched
/// against the `legal` moves.
fn resolve_step(
    state: &State,
    legal: &[Move],
    (from, to): (&CellText, &CellText),
    promote: Option<Shape>,
) -> Result<Move, String> {
    let geo = &state.game().geometry;
    let sources = cells(geo, from)?;
    let targets = cells(geo, to)?;
    let matching: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| match (*m, promote) {
            (Move::Step { from, to }, None) => sources.contains(&from) && targets.contains(&to),
            (Move::Promote { from, to, shape }, wanted) => {
                sources.contains(&from)
                    && targets.contains(&to)
                    && wanted.is_none_or(|w| w == shape)
            }
            _ => false,
        })
        .collect();
    match matching.as_slice() {
        [one] => Ok(*one),
        [] => {
            let from = sources
                .iter()
                .rev()
                .copied()
                .find(|&c| state.piece_at(c).is_some())
                .unwrap_or(sources[0]);
            let to = targets
                .iter()
                .copied()
                .find(|&c| state.piece_at(c).is_none())
                .unwrap_or(targets[0]);
            let mv = match promote {
                Some(shape) => Move::Promote { from, to, shape },
                None => Move::Step { from, to },
            };
            Err(why(state, mv))
        }
        many if many.iter().all(|m| matches!(m, Move::Promote { .. })) => {
            let choices: Vec<String> = many
                .iter()
                .map(|m| match m {
                    Move::Promote { from, to, shape } => format!(
                        "{}-{}={}",
                        cell_words(geo, *from),
                        cell_words(geo, *to),
                        shape.name()
                    ),
                    _ => unreachable!("filtered to promotions"),
                })
                .collect();
            Err(format!(
                "the piece reaches its goal: say what it becomes: {}",
                choices.join(" or ")
            ))
        }
        many => {
            let choices: Vec<String> = many.iter().map(|m| state.move_text(*m)).collect();
            Err(format!(
                "that move is ambiguous; say which: {}",
                choices.join(" or ")
            ))
        }
    }
}

/// Plays one whole turn of the seat to move from its text, all or nothing:
/// every move must be legal and belong to that seat's turn, or the state is
/// left as it was. `random` answers a `?` (a random move).
pub fn apply_turn(
    state: &mut State,
    text: &str,
    mut random: impl FnMut(&State) -> Option<Move>,
) -> Result<(), String> {
    if let Some(outcome) = state.outcome() {
        return Err(format!(
            "the game is over: {}",
            outcome.summary(state.game())
        ));
    }
    let parts: Vec<&str> = text.split('+').map(str::trim).collect();
    let mut trial = state.clone();
    for (i, part) in parts.iter().enumerate() {
        // A finished turn clears its moves: anything after it would be the next turn.
        if i > 0 && (trial.is_finished() || trial.moves_this_turn().is_empty()) {
            let per_turn = state.game().rules.pieces_per_turn;
            let before = state.moves_this_turn().len();
            let why = if trial.is_finished() {
                format!(
                    "the match ends with \"{}\", so nothing can follow it",
                    parts[..i].join("+")
                )
            } else if before > 0 {
                // Half a Connect6 turn was played already: say what is left.
                format!(
                    "this turn takes {per_turn} and {before} of them {} played already, so only {} more fit{}",
                    if before == 1 { "was" } else { "were" },
                    usize::from(per_turn).saturating_sub(before),
                    if i == 1 {
                        format!(", e.g. \"{}\"", parts[0])
                    } else {
                        String::new()
                    }
                )
            } else if per_turn == 1 {
                "this turn takes only 1".to_string()
            } else {
                format!("this turn takes at most {per_turn}")
            };
            return Err(format!(
                "\"{}\" has {} moves, but {why}",
                text.trim(),
                parts.len()
            ));
        }
        let mv = if *part == "?" {
            random(&trial).ok_or("no move is possible")?
        } else {
            resolve(&trial, &read_move(state.game(), part)?)?
        };
        trial.apply(mv)?;
    }
    *state = trial;
    Ok(())
}

fn why(state: &State, m: Move) -> String {
    if state.is_finished() {
        return "the game is over".to_string();
    }
    state.explain_illegal(m)
}

/// One move as typed in `game`, where a shape may be named by its label
/// ("rock 1" in RockPaperScissors is "circle 1").
/// Where a game has one place to play (a single stack or cell), a piece
/// named alone ("paper", "black circle") is a move there. A refusal quotes
/// what was typed, never the shape a label stands for.
pub fn read_move(game: &Game, text: &str) -> Result<MoveText, String> {
    let unlabelled = game.rules.labels.unlabel(text);
    let read = parse_move(&unlabelled).or_else(|refusal| match only_place(&game.geometry) {
        Some(place) if names_a_piece_only(&unlabelled) => {
            parse_move(&format!("{unlabelled} {place}"))
        }
        _ => Err(refusal),
    });
    read.map_err(|refusal| {
        refusal.replace(
            &format!("\"{}\"", unlabelled.trim()),
            &format!("\"{}\"", text.trim()),
        )
    })
}

/// The one place of a board with a single stack or a single cell, as typed.
fn only_place(geo: &Geometry) -> Option<String> {
    if geo.boards != 1 {
        return None;
    }
    match geo.columns() {
        [column] if geo.kind == BoardKind::Stacks => stack_words(geo, *column.first()?),
        _ if geo.cell_count() == 1 => Some(cell_words(geo, 0)),
        _ => None,
    }
}

/// Whether every word of `text` is a colour or a shape: a piece, no place.
fn names_a_piece_only(text: &str) -> bool {
    let mut words = text.split_whitespace().peekable();
    words.peek().is_some() && words.all(|w| Color::parse(w).is_some() || Shape::parse(w).is_some())
}

/// A stack as typed: "4" where the board is one row of stacks, else "4,2",
/// with "N:" first on a board other than the first of several; `None`
/// off stacks.
pub fn stack_words(geo: &Geometry, cell: u16) -> Option<String> {
    if geo.kind != BoardKind::Stacks {
        return None;
    }
    let k = geo.coord(cell);
    let one_row = geo.columns().iter().all(|c| geo.coord(c[0]).y == k.y);
    let board = if geo.boards > 1 {
        format!("{}:", k.board)
    } else {
        String::new()
    };
    Some(if one_row {
        format!("{board}{}", k.x)
    } else {
        format!("{board}{},{}", k.x, k.y)
    })
}

/// A cell written the way a person would type it back: "2,3" or "2,3,1".
pub fn cell_words(geo: &Geometry, cell: u16) -> String {
    geo.name(cell).replace(['(', ')'], "")
}

/// What a person types to play `mv` now: the shortest text that reads back
/// as exactly that move (a cell, then with its shape, then its colour too).
pub fn typed(state: &State, mv: Move) -> Option<String> {
    let game = state.game();
    let geo = &game.geometry;
    let cell = |c: u16| cell_words(geo, c);
    let candidates: Vec<String> = match mv {
        Move::Pass => vec!["pass".into()],
        Move::OfferDraw => vec!["draw".into()],
        Move::AgreeDraw => vec!["agree".into()],
        Move::RefuseDraw => vec!["refuse".into()],
        Move::Roll { face } => vec![format!("roll {face}")],
        Move::Place { color, shape, to } => {
            // On stacks a column alone, as people type it: `4` in Connect4;
            // a shape by its label where it has one (`rock 1`).
            let place = stack_words(geo, to).unwrap_or_else(|| cell(to));
            let shape = game.rules.labels.shape(shape).unwrap_or(shape.name());
            vec![
                place.clone(),
                cell(to),
                format!("{shape} {place}"),
                format!("{} {shape} {place}", color.name()),
                format!("{} {shape} {}", color.name(), cell(to)),
            ]
        }
        Move::Step { from, to } => {
            // On stacks as typed: "1-5" where it names one move, else the
            // piece's own place to the stack ("3,1,2-5").
            let mut texts = Vec::new();
            if let (Some(a), Some(b)) = (stack_words(geo, from), stack_words(geo, to)) {
                texts.push(format!("{a}-{b}"));
                texts.push(format!("{}-{b}", cell(from)));
            }
            texts.push(format!("{}-{}", cell(from), cell(to)));
            texts
        }
        Move::Promote { from, to, shape } => {
            vec![format!("{}-{}={}", cell(from), cell(to), shape.name())]
        }
    };
    candidates.into_iter().find(|text| {
        read_move(game, text)
            .ok()
            .and_then(|m| resolve(state, &m).ok())
            == Some(mv)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::catalogue_game;

    #[test]
    fn a_piece_named_alone_is_a_move_where_there_is_one_place() {
        let game = catalogue_game("RockPaperScissors");
        let state = game.start_seeded(1);
        // RockPaperScissors: rock is a circle, paper an X, played on one stack.
        let paper = resolve(&state, &read_move(&game, "paper").unwrap()).unwrap();
        assert_eq!(
            paper,
            resolve(&state, &read_move(&game, "paper 1").unwrap()).unwrap()
        );
        assert!(matches!(
            paper,
            Move::Place {
                shape: Shape::X,
                ..
            }
        ));
        assert!(read_move(&game, "Rock").is_ok());
        // Where there are many places, a piece alone names none, and the
        // refusal quotes the words typed.
        let c4 = catalogue_game("Connect4");
        let refusal = read_move(&c4, "black").unwrap_err();
        assert!(refusal.contains("\"black\""), "{refusal}");
        let refusal = read_move(&game, "paper zz").unwrap_err();
        assert!(refusal.contains("\"paper zz\""), "{refusal}");
        assert!(!refusal.contains("\"X zz\""), "{refusal}");
    }

    #[test]
    fn every_legal_move_has_a_text_that_reads_back_as_it() {
        for name in [
            "Tic-Tac-Toe",
            "Connect4",
            "Tapatan",
            "Wild-TTT-6sq3143",
            "RockPaperScissors",
            "3Blotto13",
        ] {
            let game = catalogue_game(name);
            let mut state = game.start_seeded(3);
            let mut rng = <rand::rngs::Xoshiro256PlusPlus as rand::SeedableRng>::seed_from_u64(3);
            for _ in 0..12 {
                for mv in state.legal().to_vec() {
                    let text =
                        typed(&state, mv).unwrap_or_else(|| panic!("{name}: {mv:?} has no text"));
                    assert_eq!(
                        resolve(&state, &read_move(&game, &text).unwrap()),
                        Ok(mv),
                        "{name}: {text}"
                    );
                }
                match crate::random::random_move(&state, &mut rng) {
                    Some(mv) => state.apply(mv).unwrap(),
                    None => break,
                }
            }
        }
    }

    #[test]
    fn a_shape_label_is_typed_and_offered_in_place_of_its_name() {
        let mut rules = crate::catalogue::get("RockPaperScissors").unwrap();
        rules.schema_version = crate::rules::SCHEMA_VERSION;
        rules.labels.shapes = [
            (Shape::Circle, "rock"),
            (Shape::Pentagon, "scissors"),
            (Shape::X, "paper"),
        ]
        .into_iter()
        .map(|(s, l)| (s, l.to_string()))
        .collect();
        let game = crate::Game::new(rules).unwrap();
        let mut state = game.start();
        let paper = state
            .legal()
            .to_vec()
            .into_iter()
            .find(|m| {
                matches!(
                    m,
                    Move::Place {
                        shape: Shape::X,
                        ..
                    }
                )
            })
            .unwrap();
        assert_eq!(typed(&state, paper).as_deref(), Some("paper 1"));
        assert_eq!(
            state.move_text(paper),
            "Black paper (X) to the table (stack 1)"
        );
        apply_turn(&mut state, "Paper 1", |_| None).unwrap();
        assert_eq!(state.history()[0].mv, paper);
    }

    #[test]
    fn a_move_between_stacks_is_offered_as_typed() {
        let game = crate::testing::catalogue_game("3P-PublicGoods");
        let state = game.start();
        let mut offered: Vec<String> = state
            .legal()
            .to_vec()
            .into_iter()
            .filter_map(|m| typed(&state, m))
            .collect();
        offered.sort();
        // Black has one coin: its stack names it. The others name the coin.
        assert_eq!(offered, ["1-5", "pass"]);
        let mut pink = game.start();
        apply_turn(&mut pink, "1-5", |_| None).unwrap();
        apply_turn(&mut pink, "pass", |_| None).unwrap();
        let mut offered: Vec<String> = pink
            .legal()
            .to_vec()
            .into_iter()
            .filter_map(|m| typed(&pink, m))
            .collect();
        offered.sort();
        assert_eq!(offered, ["3,1,1-5", "3,1,2-5", "3,1,3-5", "pass"]);
    }

    #[test]
    fn too_many_moves_say_how_many_are_left_of_the_turn() {
        let game = crate::testing::catalogue_game("Connect6-19x19");
        let mut state = game.start();
        apply_turn(&mut state, "9,9", |_| None).unwrap();
        let err = apply_turn(&mut state, "9,10+9,11", |_| None).unwrap_err();
        assert!(
            err.contains("this turn takes 2 and 1 of them was played already, so only 1 more fit"),
            "{err}"
        );
        assert!(err.contains("e.g. \"9,10\""), "{err}");
        assert_eq!(state.moves_this_turn().len(), 1, "nothing more was played");
    }

    #[test]
    fn moves_parse_in_every_documented_form() {
        let cell = |coords: &[u8]| CellText {
            board: None,
            coords: coords.to_vec(),
        };
        assert_eq!(
            parse_move("2,3").unwrap(),
            MoveText::Place {
                color: None,
                shape: None,
                at: cell(&[2, 3])
            }
        );
        assert_eq!(
            parse_move(" (2, 3) ").unwrap(),
            MoveText::Place {
                color: None,
                shape: None,
                at: cell(&[2, 3])
            }
        );
        assert_eq!(
            parse_move("B3").unwrap(),
            MoveText::Place {
                color: None,
                shape: None,
                at: cell(&[2, 3])
            }
        );
        assert_eq!(
            parse_move("Pink Circle 2,3").unwrap(),
            MoveText::Place {
                color: Some(Color::Pink),
                shape: Some(Shape::Circle),
                at: cell(&[2, 3])
            }
        );
        assert_eq!(
            parse_move("a1-a2").unwrap(),
            MoveText::Step {
                from: cell(&[1, 1]),
                to: cell(&[1, 2]),
                promote: None
            }
        );
        assert_eq!(
            parse_move("1,7-1,8=Pentagon").unwrap(),
            MoveText::Step {
                from: cell(&[1, 7]),
                to: cell(&[1, 8]),
                promote: Some(Shape::Pentagon)
            }
        );
        assert_eq!(
            parse_move("2:1,1").unwrap(),
            MoveText::Place {
                color: None,
                shape: None,
                at: CellText {
                    board: Some(2),
                    coords: vec![1, 1]
                }
            }
        );
        assert_eq!(parse_turn("10,9+10,11").unwrap().len(), 2);
        assert_eq!(parse_move("PASS").unwrap(), MoveText::Pass);
    }

    #[test]
    fn nonsense_is_refused_with_the_accepted_forms() {
        for bad in [
            "",
            "hello",
            "1,2,3,4",
            "+",
            "circle",
            "1,1-",
            "1,1-1,2=queen",
        ] {
            let err = parse_turn(bad).unwrap_err();
            assert!(err.contains("expected"), "{bad}: {err}");
        }
    }
}
