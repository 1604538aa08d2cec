//! The board as plain text for terminals: one grid per layer (3-D squares) or
//! per row of stacks, y (or height) growing upwards, with coordinates on the edges.

use crate::game::{Game, Seen, State, View};
use crate::rules::{BoardKind, Color, Shape};

/// Two characters per piece: the colour's letter and the shape's mark, e.g. "Bo".
fn symbol(color: Color, shape: Shape) -> String {
    let mark = match shape {
        Shape::Circle => 'o',
        Shape::Pentagon => 'p',
        Shape::X => 'x',
        Shape::Cross => '+',
        Shape::Triangle => '^',
        Shape::Star => '*',
    };
    format!("{}{mark}", color_letter(color))
}

fn color_letter(color: Color) -> char {
    match color {
        Color::Blue => 'U',
        Color::Purple => 'V',
        Color::Gray => 'R',
        other => other
            .name()
            .chars()
            .next()
            .unwrap_or('?')
            .to_ascii_uppercase(),
    }
}

/// The whole truth of a position, for the referee's eyes (replay, tests).
pub fn board_text(state: &State) -> String {
    view_text(state.game(), &state.truth_view())
}

/// A board as one viewer knows it, with a legend of the colours in play.
pub fn view_text(game: &Game, view: &View) -> String {
    let geo = &game.geometry;
    let mut out = String::new();
    for board in 1..=geo.boards {
        if geo.boards > 1 {
            out.push_str(&format!("Board {board}\n"));
        }
        if geo.kind == BoardKind::Stacks {
            for y in 1..=geo.dims[1] {
                if geo.dims[1] > 1 {
                    out.push_str(&format!("Stacks at y={y}\n"));
                }
                out.push_str(&grid(view, geo.dims[0], geo.dims[2], |x, row| {
                    geo.cell(board, x, y, row)
                }));
            }
        } else {
            for z in 1..=geo.dims[2] {
                if geo.dims[2] > 1 {
                    out.push_str(&format!("Layer z={z}\n"));
                }
                out.push_str(&grid(view, geo.dims[0], geo.dims[1], |x, row| {
                    geo.cell(board, x, row, z)
                }));
            }
        }
    }
    let mut legend: Vec<String> = Vec::new();
    for seat in &game.seats {
        let s = format!(
            "{} {} ({})",
            color_letter(seat.color),
            seat.label(),
            seat.color.name()
        );
        if !legend.contains(&s) {
            legend.push(s);
        }
    }
    out.push_str(&format!(
        "{}; o circle, p pentagon, x X, + cross, ^ triangle, * star, ? unknown shape; . empty, ~ cloaked, ## locked\n",
        legend.join(", ")
    ));
    out
}

fn grid(view: &View, width: u8, height: u8, cell: impl Fn(u8, u8) -> Option<u16>) -> String {
    let mut out = String::new();
    for row in (1..=height).rev() {
        out.push_str(&format!("{row:>2} "));
        for x in 1..=width {
            let c = cell(x, row).expect("inside the board");
            let space = view.spaces[usize::from(c)];
            let ch = match space.seen {
                Seen::Piece(color, shape) => symbol(color, shape),
                Seen::Obscured(color) => format!("{}?", color_letter(color)),
                Seen::Wall => "##".to_string(),
                Seen::Empty if space.cloaked => " ~".to_string(),
                Seen::Empty => " .".to_string(),
            };
            out.push(' ');
            out.push_str(&ch);
        }
        out.push('\n');
    }
    out.push_str("   ");
    for x in 1..=width {
        out.push_str(&format!(" {x:>2}"));
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Move};
    use crate::rules::RuleSet;

    #[test]
    fn a_position_reads_row_by_row_from_the_top() {
        let game = Game::new(RuleSet::tic_tac_toe("t")).unwrap();
        let mut s = game.start();
        let cell = |x, y| game.geometry.cell(1, x, y, 1).unwrap();
        s.apply(Move::Place {
            color: Color::Black,
            shape: Shape::Circle,
            to: cell(2, 2),
        })
        .unwrap();
        s.apply(Move::Place {
            color: Color::White,
            shape: Shape::Circle,
            to: cell(1, 1),
        })
        .unwrap();
        let text = board_text(&s);
        let rows: Vec<&str> = text.lines().take(4).collect();
        assert_eq!(
            rows,
            vec![
                " 3   .  .  .",
                " 2   . Bo  .",
                " 1  Wo  .  .",
                "     1  2  3"
            ]
        );
        assert!(text.contains("B Player 1 (black), W Player 2 (white)"));
    }
}
