//! The board as plain text for terminals: one grid per layer (3-D squares) or
//! per row of stacks, y (or height) growing upwards, with coordinates on the edges.

use crate::game::State;
use crate::rules::{BoardKind, Color, Shape};

fn symbol(color: Color, shape: Shape) -> char {
    let base = match shape {
        Shape::Circle => 'o',
        Shape::Pentagon => 'p',
        Shape::X => 'x',
        Shape::Cross => '+',
        Shape::Triangle => 't',
        Shape::Star => 's',
    };
    // Seat 1's colour in upper case, the rest told apart by a legend.
    match color {
        Color::Black => base.to_ascii_uppercase(),
        _ => base,
    }
}

/// The board with a legend of the colours in play.
pub fn board_text(state: &State) -> String {
    let geo = &state.game().geometry;
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
                out.push_str(&grid(state, geo.dims[0], geo.dims[2], |x, row| {
                    geo.cell(board, x, y, row)
                }));
            }
        } else {
            for z in 1..=geo.dims[2] {
                if geo.dims[2] > 1 {
                    out.push_str(&format!("Layer z={z}\n"));
                }
                out.push_str(&grid(state, geo.dims[0], geo.dims[1], |x, row| {
                    geo.cell(board, x, row, z)
                }));
            }
        }
    }
    let mut legend: Vec<String> = Vec::new();
    for seat in &state.game().seats {
        let s = format!("{} {}", seat.label(), seat.color.name());
        if !legend.contains(&s) {
            legend.push(s);
        }
    }
    out.push_str(&format!(
        "({}; '.' empty, '#' locked; upper case = black)\n",
        legend.join(", ")
    ));
    out
}

fn grid(state: &State, width: u8, height: u8, cell: impl Fn(u8, u8) -> Option<u16>) -> String {
    let mut out = String::new();
    for row in (1..=height).rev() {
        out.push_str(&format!("{row:>2} "));
        for x in 1..=width {
            let c = cell(x, row).expect("inside the board");
            let ch = match state.piece_at(c) {
                Some((color, shape)) => {
                    let s = symbol(color, shape);
                    let tag = match color {
                        Color::Black | Color::White => ' ',
                        other => other.name().chars().next().unwrap_or(' '),
                    };
                    format!("{s}{tag}")
                }
                None if state.is_locked(c) => "# ".to_string(),
                None => ". ".to_string(),
            };
            out.push(' ');
            out.push_str(&ch);
        }
        out.push('\n');
    }
    out.push_str("   ");
    for x in 1..=width {
        out.push_str(&format!("{x:>2} "));
    }
    out.push('\n');
    out
}
