//! The board as plain text for terminals: one grid per layer (3-D squares) or
//! per row of stacks, y (or height) growing upwards, with coordinates on the edges.
//! Hexagons lean: each row sits half a cell right of the row below. Tetrakis
//! squares show each square as a small diamond of its four triangles.

use crate::game::{Game, Seen, Shown, State, View};
use crate::rules::{BoardKind, Color, Shape};

/// Two characters per piece: the colour's letter and the shape's mark, e.g. "Bo".
fn symbol(color: Color, shape: Shape) -> String {
    format!("{}{}", color_letter(color), shape_mark(shape))
}

/// The mark of a shape on the text board.
fn shape_mark(shape: Shape) -> char {
    match shape {
        Shape::Circle => 'o',
        Shape::Pentagon => 'p',
        Shape::X => 'x',
        Shape::Cross => '+',
        Shape::Triangle => '^',
        Shape::Star => '*',
    }
}

/// What the legend explains besides the seats: only what the board shows
/// (the shapes on it, unknown shapes, cloaked and locked spaces), in the
/// order shapes come in, then `. empty`.
fn marks_on(game: &Game, view: &View) -> String {
    let seen = |test: &dyn Fn(&crate::game::SpaceView) -> bool| view.spaces().iter().any(test);
    let mut marks: Vec<String> = Shape::ALL
        .into_iter()
        .filter(|&shape| seen(&|sp| matches!(sp.seen, Seen::Piece(_, s) if s == shape)))
        .map(|shape| format!("{} {}", shape_mark(shape), game.shape_words(shape)))
        .collect();
    if seen(&|sp| matches!(sp.seen, Seen::Obscured(_))) {
        marks.push("? unknown shape".into());
    }
    let mut spaces = vec![". empty".to_string()];
    if seen(&|sp| sp.cloaked && sp.seen == Seen::Empty) {
        spaces.push("~ cloaked".into());
    }
    if seen(&|sp| sp.seen == Seen::Wall) {
        spaces.push("## locked".into());
    }
    let spaces = spaces.join(", ");
    if marks.is_empty() {
        spaces
    } else {
        format!("{}; {spaces}", marks.join(", "))
    }
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

/// The whole truth of a position, for the referee's eyes (the `replay`
/// command, tests): never for a player, who sees a [`view_text`].
pub fn board_text(state: &State) -> String {
    board_of(state.game(), &state.truth_view())
}

/// A board as one viewer knows it, with a legend of the colours in play.
pub fn view_text(game: &Game, view: &Shown) -> String {
    board_of(game, view)
}

fn board_of(game: &Game, view: &View) -> String {
    let geo = &game.geometry;
    let mut out = String::new();
    for board in 1..=geo.boards {
        if geo.boards > 1 {
            out.push_str(&format!("Board {board}\n"));
        }
        if geo.kind == BoardKind::TetrakisSquares {
            out.push_str(&tetrakis(view, geo.dims[0], geo.dims[1], |x, y, t| {
                geo.cell(board, x, y, t)
            }));
        } else if geo.kind == BoardKind::Stacks {
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
                let cell = |x, row| geo.cell(board, x, row, z);
                out.push_str(&if geo.kind == BoardKind::Hexagons {
                    hex_grid(view, geo.dims[0], geo.dims[1], cell)
                } else {
                    grid(view, geo.dims[0], geo.dims[1], cell)
                });
            }
        }
    }
    match geo.kind {
        BoardKind::Hexagons => out.push_str(
            "Hexagons: (x,y) touches (x-1,y), (x+1,y), (x,y-1), (x,y+1), (x+1,y-1) and (x-1,y+1)\n",
        ),
        BoardKind::SquaresOnToroid => out.push_str(
            "Squares on a toroid: the left and right edges join, and so do the top and bottom\n",
        ),
        BoardKind::TetrakisSquares => out.push_str(
            "Tetrakis squares: each square shows its triangles x,y,1 (north) on top, x,y,4 (west) and x,y,2 (east) at the sides, x,y,3 (south) below\n",
        ),
        _ => {}
    }
    // Colours, not "Player 1": the messages around a board name each
    // person with their colour ("alice (black)").
    let mut legend: Vec<String> = Vec::new();
    for (i, seat) in game.seats.iter().enumerate() {
        // A seat that plays several colours shows them all.
        for color in game.seat_colors(i) {
            let s = if seat.is_chaos {
                format!("{} Chaos ({})", color_letter(color), color.name())
            } else {
                format!("{} {}", color_letter(color), color.name())
            };
            if !legend.contains(&s) {
                legend.push(s);
            }
        }
    }
    out.push_str(&format!(
        "{}; {}\n",
        legend.join(", "),
        marks_on(game, view)
    ));
    out
}

/// Two characters for what a viewer sees on one space; blank off a
/// hexagon-shaped board.
fn space_text(view: &View, cell: Option<u16>) -> String {
    let Some(cell) = cell else {
        return "  ".to_string();
    };
    let space = view.spaces()[usize::from(cell)];
    match space.seen {
        Seen::Piece(color, shape) => symbol(color, shape),
        Seen::Obscured(color) => format!("{}?", color_letter(color)),
        Seen::Wall => "##".to_string(),
        Seen::Empty if space.cloaked => " ~".to_string(),
        Seen::Empty => " .".to_string(),
    }
}

fn grid(view: &View, width: u8, height: u8, cell: impl Fn(u8, u8) -> Option<u16>) -> String {
    let mut out = String::new();
    for row in (1..=height).rev() {
        out.push_str(&format!("{row:>2} "));
        for x in 1..=width {
            out.push(' ');
            out.push_str(&space_text(view, cell(x, row)));
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

/// Hexagons in axial coordinates: four characters a cell, each row two
/// characters (half a cell) right of the row below, so that (x,y) sits
/// between (x,y-1) and (x+1,y-1) below it. Column numbers are those of row 1.
fn hex_grid(view: &View, width: u8, height: u8, cell: impl Fn(u8, u8) -> Option<u16>) -> String {
    let mut out = String::new();
    for row in (1..=height).rev() {
        out.push_str(&format!("{row:>2} "));
        out.push_str(&" ".repeat(2 * usize::from(row - 1)));
        for x in 1..=width {
            out.push_str("  ");
            out.push_str(&space_text(view, cell(x, row)));
        }
        out.push('\n');
    }
    out.push_str("   ");
    for x in 1..=width {
        out.push_str(&format!("  {x:>2}"));
    }
    out.push('\n');
    out
}

/// Tetrakis squares: three lines per row of squares, each square a diamond
/// of its triangles, north (1) on top, west (4) and east (2) at the sides,
/// south (3) below.
fn tetrakis(
    view: &View,
    width: u8,
    height: u8,
    cell: impl Fn(u8, u8, u8) -> Option<u16>,
) -> String {
    let mut out = String::new();
    for row in (1..=height).rev() {
        let mut lines = [
            String::from("   "),
            format!("{row:>2} "),
            String::from("   "),
        ];
        for x in 1..=width {
            let t = |t: u8| space_text(view, cell(x, row, t));
            lines[0].push_str(&format!("   {}   ", t(1)));
            lines[1].push_str(&format!(" {}  {} ", t(4), t(2)));
            lines[2].push_str(&format!("   {}   ", t(3)));
        }
        for line in lines {
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    out.push_str("   ");
    for x in 1..=width {
        out.push_str(&format!("   {x:>2}   "));
    }
    let trimmed = out.trim_end().len();
    out.truncate(trimmed);
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
        assert!(text.contains("B black, W white;"), "{text}");
    }

    #[test]
    fn the_legend_explains_only_what_the_board_shows() {
        let game = Game::new(RuleSet::tic_tac_toe("t")).unwrap();
        let mut s = game.start();
        let legend = |s: &State| board_text(s).lines().last().unwrap().to_string();
        assert_eq!(legend(&s), "B black, W white; . empty");
        s.apply(Move::Place {
            color: Color::Black,
            shape: Shape::Circle,
            to: game.geometry.cell(1, 2, 2, 1).unwrap(),
        })
        .unwrap();
        let after = legend(&s);
        assert_eq!(after, "B black, W white; o circle; . empty");
        for absent in ["pentagon", "star", "unknown", "cloaked", "locked"] {
            assert!(!after.contains(absent), "{after}");
        }
    }

    #[test]
    fn the_legend_names_shapes_by_their_labels_and_chaos_by_name() {
        let game = crate::testing::game(serde_json::json!({
            "schema_version": 2, "players": "two_vs_chaos",
            "shapes": [{"reserves": {"black": 3, "white": 3, "pink": 3}}],
            "labels": {"shapes": {"circle": "stone"}}}));
        let s = crate::testing::played(&game, &["2,2"]);
        let legend = board_text(&s).lines().last().unwrap().to_string();
        assert_eq!(
            legend,
            "B black, W white, P Chaos (pink); o stone (circle); . empty"
        );
    }

    fn played(rules: serde_json::Value, turns: &[&str]) -> String {
        board_text(&crate::testing::played(&crate::testing::game(rules), turns))
    }

    #[test]
    fn hexagon_rows_sit_half_a_cell_right_of_the_row_below() {
        let text = played(
            serde_json::json!({"board": "hexagons", "dimensions": [4, 3, 1]}),
            &["1,1", "2,3", "4,1"],
        );
        let rows: Vec<&str> = text.lines().take(5).collect();
        assert_eq!(
            rows,
            vec![
                " 3        .  Wo   .   .",
                " 2      .   .   .   .",
                " 1   Bo   .   .  Bo",
                "      1   2   3   4",
                "Hexagons: (x,y) touches (x-1,y), (x+1,y), (x,y-1), (x,y+1), (x+1,y-1) and (x-1,y+1)",
            ]
        );
    }

    #[test]
    fn tetrakis_squares_show_four_triangles_per_square() {
        let text = played(
            serde_json::json!({"board": "tetrakis_squares", "dimensions": [2, 1, 1],
                "shapes": [{"reserves": {"black": 1, "white": 1}}],
                "turn_checks": []}),
            &["1,1,1", "2,1,4"],
        );
        let rows: Vec<&str> = text.lines().take(4).collect();
        assert_eq!(
            rows,
            vec![
                "      Bo       .",
                " 1   .   .  Wo   .",
                "       .       .",
                "       1       2",
            ]
        );
        assert!(text.contains("x,y,1 (north) on top"));
    }
}
