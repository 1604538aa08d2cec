//! Hash, squares and squares on a toroid: one grid per layer, so a 3-D
//! board is its layers side by side. Go-like boards are drawn as go boards
//! are: lines, star points and stones on the intersections.

use std::fmt::Write as _;

use redscience_engine::rules::BoardKind;

use crate::drawing::Drawing;
use crate::markers::{Marks, Side};
use crate::svg::{Anchor, BOARD, INK, LINE, N, Outline, Panel, text};

/// A go board's wood and lines.
const GO_BOARD: &str = "#e2bd6e";
const GO_LINE: &str = "#3b2a12";

/// Where a plane's grid stands in its panel.
struct Grid {
    /// The grid's top left corner.
    ox: f32,
    oy: f32,
    nx: u8,
    ny: u8,
    /// The room between the grid and the coordinates (goal bars, the
    /// toroid's dashed edge).
    edge: f32,
    /// Coordinates on all four sides, not only left and below.
    both_sides: bool,
}

/// The points of a go board's axis of `n` lines that carry star points:
/// the third or fourth line from each edge and the middle one.
fn star_lines(n: u8) -> Vec<u8> {
    if n < 9 {
        return Vec::new();
    }
    let edge = if n >= 13 { 4 } else { 3 };
    let mut lines = vec![edge, n + 1 - edge];
    if n % 2 == 1 {
        lines.push(n.div_ceil(2));
    }
    lines.sort_unstable();
    lines
}

impl Drawing<'_> {
    /// Go-like: squares (not a toroid) in one layer, at least 9 by 9, where
    /// pieces are only placed. Gomoku, Connect6 and go are played on the
    /// points of such boards, and drawn so in books and on every site.
    pub(crate) fn go_like(&self) -> bool {
        let geo = &self.game.geometry;
        let [nx, ny, nz] = geo.dims;
        geo.kind == BoardKind::Squares
            && nz == 1
            && nx.min(ny) >= 9
            && self.game.rules.shapes.iter().all(|s| s.movement.is_empty())
    }

    /// Hash, squares and squares on a toroid: one layer as a grid.
    pub(crate) fn plane(&self, board: u8, z: u8, title: Option<String>) -> Panel {
        let geo = &self.game.geometry;
        let [nx, ny, _] = geo.dims;
        let (s, fs) = (self.s, self.fs);
        let go = self.go_like();
        let toroid = geo.kind == BoardKind::SquaresOnToroid;
        // Room for the toroid's dashed edge and the goals' coloured edges.
        let goals = self.goal_edges();
        let goal_room = if goals.is_empty() { 0.0 } else { 8.0 };
        let edge = if toroid { 4.0 } else { 0.0 } + goal_room;
        // Large planes carry their coordinates on all four sides.
        let both_sides = toroid || (nx.max(ny) >= 8 && nx.min(ny) > 1);
        let left = fs * 1.6 + 4.0 + edge;
        let (gw, gh) = (f32::from(nx) * s, f32::from(ny) * s);
        let mut out = String::new();
        let mut top = self.title(&mut out, title.as_deref(), left, gw);
        top += if both_sides {
            fs * 1.4 + edge
        } else {
            goal_room
        };
        let right = if both_sides {
            left
        } else {
            fs * 0.3 + goal_room
        };
        let grid = Grid {
            ox: left,
            oy: top,
            nx,
            ny,
            edge,
            both_sides,
        };
        let (ox, oy) = (grid.ox, grid.oy);
        let cell_box = |x: u8, y: u8| {
            let (x0, y0) = (ox + f32::from(x - 1) * s, oy + f32::from(ny - y) * s);
            (Outline::Rect(x0, y0, s, s), (x0 + s / 2.0, y0 + s / 2.0))
        };
        let mut marks = Marks::default();
        let _ = writeln!(
            out,
            r#"<rect x="{}" y="{}" width="{}" height="{}" rx="{}" fill="{}"/>"#,
            N(ox),
            N(oy),
            N(gw),
            N(gh),
            N(if geo.kind == BoardKind::Hash {
                s * 0.12
            } else {
                0.0
            }),
            if go { GO_BOARD } else { BOARD }
        );
        for y in 1..=ny {
            for x in 1..=nx {
                let (outline, _) = cell_box(x, y);
                self.ground(&mut out, geo.cell(board, x, y, z), &outline, None);
            }
        }
        self.lines(&mut out, &grid, go);
        // Stones on a go board nearly touch, as they do on a real one.
        let radius = s * if go { 0.45 } else { 0.36 };
        for y in 1..=ny {
            for x in 1..=nx {
                let (outline, centre) = cell_box(x, y);
                let cell = geo.cell(board, x, y, z);
                self.content(&mut out, &mut marks, cell, &outline, centre, radius);
            }
        }
        self.plane_edges(&mut out, &mut marks.svg, &grid);
        self.close_marks(&mut out, marks);
        self.plane_coordinates(&mut out, &grid);
        Panel {
            w: left + gw + right,
            h: oy + gh + edge + fs * 1.6,
            body: out,
        }
    }

    /// Outside the grid: the toroid's joined edges, dashed as if the board
    /// went on, and each goal edge's bar in the colours of the seats aiming
    /// there (in `marks`, over the pieces).
    fn plane_edges(&self, out: &mut String, marks: &mut String, grid: &Grid) {
        let s = self.s;
        let (ox, oy, edge) = (grid.ox, grid.oy, grid.edge);
        let (gw, gh) = (f32::from(grid.nx) * s, f32::from(grid.ny) * s);
        if self.game.geometry.kind == BoardKind::SquaresOnToroid {
            let _ = writeln!(
                out,
                r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#3a6fb0" stroke-width="{}" stroke-dasharray="{} {}"/>"##,
                N(ox - 3.0),
                N(oy - 3.0),
                N(gw + 6.0),
                N(gh + 6.0),
                N(2.0),
                N(s * 0.2),
                N(s * 0.12)
            );
        }
        for (axis, value, seats) in &self.goal_edges() {
            let (far, near) = (edge - 1.0, edge - 6.0);
            let (x0, y0, len, vertical) = match self.side(*axis, *value) {
                Side::Top => (ox, oy - far, gw, false),
                Side::Bottom => (ox, oy + gh + near, gw, false),
                Side::Left => (ox - far, oy, gh, true),
                Side::Right => (ox + gw + near, oy, gh, true),
            };
            self.goal_bar(marks, seats, (x0, y0), len, vertical);
        }
    }

    /// The board's lines, over the grounds and under the pieces: on hash only the four
    /// thick inner lines of the #; on squares a border and thin lines
    /// between the cells; on a go board lines through the cells' centres,
    /// the outer ones thicker, and the star points.
    fn lines(&self, out: &mut String, grid: &Grid, go: bool) {
        let s = self.s;
        let hash = self.game.geometry.kind == BoardKind::Hash;
        let (ox, oy, nx, ny) = (grid.ox, grid.oy, grid.nx, grid.ny);
        let (gw, gh) = (f32::from(nx) * s, f32::from(ny) * s);
        let mut d = String::new();
        if go {
            let (x0, y0, x1, y1) = (
                ox + s / 2.0,
                oy + s / 2.0,
                ox + gw - s / 2.0,
                oy + gh - s / 2.0,
            );
            for x in 0..nx {
                let lx = x0 + f32::from(x) * s;
                let _ = write!(d, "M{} {}V{}", N(lx), N(y0), N(y1));
            }
            for y in 0..ny {
                let ly = y0 + f32::from(y) * s;
                let _ = write!(d, "M{} {}H{}", N(x0), N(ly), N(x1));
            }
            let width = (s * 0.035).max(1.0);
            let _ = writeln!(
                out,
                r#"<path d="{d}" fill="none" stroke="{GO_LINE}" stroke-width="{}"/>"#,
                N(width)
            );
            let _ = writeln!(
                out,
                r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{GO_LINE}" stroke-width="{}"/>"#,
                N(x0),
                N(y0),
                N(x1 - x0),
                N(y1 - y0),
                N(width * 2.0)
            );
            for &x in &star_lines(nx) {
                for &y in &star_lines(ny) {
                    let _ = writeln!(
                        out,
                        r#"<circle cx="{}" cy="{}" r="{}" fill="{GO_LINE}"/>"#,
                        N(x0 + f32::from(x - 1) * s),
                        N(y1 - f32::from(y - 1) * s),
                        N((s * 0.1).max(2.0))
                    );
                }
            }
            return;
        }
        let (inset, width) = if hash {
            (s * 0.08, (s * 0.07).max(2.0))
        } else {
            let _ = write!(d, "M{} {}h{}v{}h{}Z", N(ox), N(oy), N(gw), N(gh), N(-gw));
            (0.0, (s * 0.025).max(1.0))
        };
        for x in 1..nx {
            let lx = ox + f32::from(x) * s;
            let _ = write!(d, "M{} {}V{}", N(lx), N(oy + inset), N(oy + gh - inset));
        }
        for y in 1..ny {
            let ly = oy + f32::from(y) * s;
            let _ = write!(d, "M{} {}H{}", N(ox + inset), N(ly), N(ox + gw - inset));
        }
        let _ = writeln!(
            out,
            r#"<path d="{d}" fill="none" stroke="{LINE}" stroke-width="{}" stroke-linecap="round"/>"#,
            N(width)
        );
    }

    /// The numbers along a plane's edges, x below (and above) and y left
    /// (and right), each at its cells' centres.
    fn plane_coordinates(&self, out: &mut String, grid: &Grid) {
        let (s, fs, edge) = (self.s, self.fs, grid.edge);
        let (ox, oy, nx, ny) = (grid.ox, grid.oy, grid.nx, grid.ny);
        let gh = f32::from(ny) * s;
        for x in 1..=nx {
            let cx = ox + (f32::from(x) - 0.5) * s;
            let label = x.to_string();
            let below = oy + gh + edge + fs * 0.9;
            text(out, cx, below, fs, Anchor::Middle, INK, &label);
            if grid.both_sides {
                let above = oy - edge - fs * 0.8;
                text(out, cx, above, fs, Anchor::Middle, INK, &label);
            }
        }
        let gw = f32::from(nx) * s;
        for y in 1..=ny {
            let cy = oy + (f32::from(ny - y) + 0.5) * s;
            let label = y.to_string();
            let pad = fs * 0.5 + edge;
            text(out, ox - pad, cy, fs, Anchor::End, INK, &label);
            if grid.both_sides {
                text(out, ox + gw + pad, cy, fs, Anchor::Start, INK, &label);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use redscience_engine::rules::Color;
    use redscience_engine::testing::game_without_checks;
    use serde_json::json;

    use crate::{BoardOptions, board_svg};

    /// The centre of the first circle filled with `hex`.
    fn circle_at(svg: &str, hex: &str) -> (f32, f32) {
        let line = svg
            .lines()
            .find(|l| l.starts_with("<circle") && l.contains(&format!("fill=\"{hex}\"")))
            .unwrap_or_else(|| panic!("a {hex} circle in {svg}"));
        let attr = |name: &str| -> f32 {
            let start = line.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
            let end = start + line[start..].find('"').unwrap();
            line[start..end].parse().unwrap()
        };
        (attr("cx"), attr("cy"))
    }

    #[test]
    fn one_one_is_lower_left_and_y_grows_upwards() {
        let g = game_without_checks(json!({"board": "squares", "dimensions": [3, 3, 1],
            "initial": [{"at": "1,1", "color": "black"}, {"at": "3,3", "color": "white"}]}));
        let svg = board_svg(
            &g,
            &g.start().public_view().into(),
            &BoardOptions::default(),
        );
        let (bx, by) = circle_at(&svg, Color::Black.hex());
        let (wx, wy) = circle_at(&svg, Color::White.hex());
        assert!(bx < wx, "x grows to the right");
        assert!(by > wy, "y grows upwards (SVG's y grows downwards)");
    }

    #[test]
    fn star_points_stand_where_go_boards_have_them() {
        assert_eq!(super::star_lines(19), vec![4, 10, 16]);
        assert_eq!(super::star_lines(15), vec![4, 8, 12]);
        assert_eq!(super::star_lines(9), vec![3, 5, 7]);
        assert_eq!(super::star_lines(10), vec![3, 8]);
        assert!(super::star_lines(7).is_empty());
    }

    #[test]
    fn go_like_boards_are_big_squares_where_pieces_are_only_placed() {
        use redscience_engine::testing::catalogue_game;
        let go_like = |name: &str| {
            let g = catalogue_game(name);
            let view = g.start().public_view();
            let options = BoardOptions::default();
            crate::drawing::Drawing::new(&g, &view, &options, 40.0).go_like()
        };
        assert!(go_like("Connect6-19x19"));
        assert!(go_like("5on15sq"));
        assert!(!go_like("4on7sq"), "7 by 7 stays squares");
        assert!(!go_like("3on15line"), "a row");
        assert!(!go_like("Qubic-4"), "a cube");
        assert!(!go_like("Tic-Tac-Toe"), "hash");
    }
}
