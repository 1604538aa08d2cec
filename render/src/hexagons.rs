//! Hexagons: a rhombus of pointy-top cells, each row shifted half a cell,
//! so the picture shows which spaces touch.

use std::fmt::Write as _;

use crate::drawing::Drawing;
use crate::markers::Marks;
use crate::markers::Side;
use crate::shapes::ring;
use crate::svg::{Anchor, BOARD, INK, LINE, N, OUTLINE, Outline, Panel, text};

/// Every other column a shade darker, so the eye follows a column up its
/// slant from its number below to its number above.
const BOARD_ALTERNATE: &str = "#e5d3ad";

/// Where a rhombus's cells stand in its panel.
#[derive(Clone, Copy)]
struct Rhombus {
    left: f32,
    top: f32,
    /// Cell width (flat side to flat side) and corner radius.
    s: f32,
    r: f32,
    nx: u8,
    ny: u8,
}

impl Rhombus {
    /// The centre of (x, y): each row half a cell right of the row below,
    /// so (x,y) touches (x,y-1) and (x+1,y-1).
    fn centre(&self, x: u8, y: u8) -> (f32, f32) {
        (
            self.left + f32::from(x - 1) * self.s + f32::from(y - 1) * self.s / 2.0 + self.s / 2.0,
            self.top + f32::from(self.ny - y) * self.r * 1.5 + self.r,
        )
    }

    /// The corners of (x, y), clockwise from the top: 0 top, 1 upper
    /// right, 2 lower right, 3 bottom, 4 lower left, 5 upper left.
    fn corners(&self, x: u8, y: u8) -> Vec<(f32, f32)> {
        let (cx, cy) = self.centre(x, y);
        ring(cx, cy, &[self.r], 6, 0.0)
    }

    /// The outer edge of one side, as points along it. The two obtuse
    /// corners' cells have an edge that belongs to two sides; each side
    /// takes half of it.
    fn side(&self, side: Side) -> Vec<(f32, f32)> {
        let (nx, ny) = (self.nx, self.ny);
        let mid = |a: (f32, f32), b: (f32, f32)| ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        let mut points = Vec::new();
        match side {
            Side::Bottom => {
                for x in (1..=nx).rev() {
                    let c = self.corners(x, 1);
                    let first = if x == nx { mid(c[2], c[3]) } else { c[2] };
                    points.extend([first, c[3], c[4]]);
                }
            }
            Side::Left => {
                for y in 1..=ny {
                    let c = self.corners(1, y);
                    let last = if y == ny { mid(c[5], c[0]) } else { c[0] };
                    points.extend([c[4], c[5], last]);
                }
            }
            Side::Top => {
                for x in 1..=nx {
                    let c = self.corners(x, ny);
                    let first = if x == 1 { mid(c[5], c[0]) } else { c[5] };
                    points.extend([first, c[0], c[1]]);
                }
            }
            Side::Right => {
                for y in (1..=ny).rev() {
                    let c = self.corners(nx, y);
                    let last = if y == 1 { mid(c[2], c[3]) } else { c[3] };
                    points.extend([c[1], c[2], last]);
                }
            }
        }
        points
    }
}

impl Drawing<'_> {
    /// Hexagons: a rhombus of pointy-top hexagons, each row half a cell
    /// right of the row below, so (x,y) touches (x,y-1) and (x+1,y-1).
    pub(crate) fn hexagons(&self, board: u8, z: u8, title: Option<String>) -> Panel {
        let geo = &self.game.geometry;
        let [nx, ny, _] = geo.dims;
        let (s, fs) = (self.s, self.fs);
        let r = s / 3f32.sqrt();
        let goals = self.goal_edges();
        let sides = self.joined_sides();
        let side_width = self.side_width();
        let g = match (goals.is_empty(), sides.is_empty()) {
            (true, true) => 0.0,
            (true, false) => side_width / 2.0 + 2.0,
            (false, _) => 8.0,
        };
        let left = fs * 1.6 + 6.0 + g;
        let gw = f32::from(nx) * s + f32::from(ny - 1) * s / 2.0;
        let gh = f32::from(ny - 1) * r * 1.5 + 2.0 * r;
        let mut out = String::new();
        let top = self.title(&mut out, title.as_deref(), left, gw) + fs * 1.5 + g;
        let rhombus = Rhombus {
            left,
            top,
            s,
            r,
            nx,
            ny,
        };
        let ground = |fill: &str| {
            format!(
                r#"fill="{fill}" stroke="{LINE}" stroke-width="{}""#,
                N((s * 0.025).max(1.0))
            )
        };
        let grounds = [ground(BOARD), ground(BOARD_ALTERNATE)];
        let mut marks = Marks::default();
        for y in 1..=ny {
            for x in 1..=nx {
                let centre = rhombus.centre(x, y);
                let outline = Outline::Poly(rhombus.corners(x, y));
                self.space(
                    &mut out,
                    &mut marks,
                    geo.cell(board, x, y, z),
                    &outline,
                    Some(&grounds[usize::from(x % 2 == 0)]),
                    centre,
                    s * 0.34,
                );
            }
        }
        for (side, seat) in &sides {
            self.side_edge(&mut out, &rhombus.side(*side), *seat);
        }
        self.hex_goal_bars(&mut marks, &rhombus, &goals);
        self.close_marks(&mut out, marks);
        self.hex_labels(&mut out, &rhombus, g);
        Panel {
            w: left + gw + fs * 1.6 + 6.0 + g,
            h: top + gh + fs * 1.6 + g,
            body: out,
        }
    }

    /// How thick a side a seat joins is drawn.
    fn side_width(&self) -> f32 {
        (self.s * 0.16).max(4.0)
    }

    /// A side a seat joins: a thick line in its colour along the cells'
    /// outer edges, outlined so that white shows on the page.
    fn side_edge(&self, out: &mut String, points: &[(f32, f32)], seat: usize) {
        let width = self.side_width();
        let mut d = String::new();
        for (k, (x, y)) in points.iter().enumerate() {
            let _ = write!(d, "{}{} {}", if k == 0 { 'M' } else { 'L' }, N(*x), N(*y));
        }
        let color = self.game.seats[seat].color.hex();
        for (stroke, w) in [(OUTLINE, width + 2.0), (color, width)] {
            let _ = writeln!(
                out,
                r#"<path d="{d}" fill="none" stroke="{stroke}" stroke-width="{}" stroke-linejoin="round" stroke-linecap="round"/>"#,
                N(w)
            );
        }
    }

    /// Goal edges: a bar over the top row or under the bottom one, or one
    /// beside each space of the first or last column.
    fn hex_goal_bars(
        &self,
        marks: &mut Marks,
        rhombus: &Rhombus,
        goals: &[(usize, u8, Vec<usize>)],
    ) {
        let (s, r, nx, ny) = (rhombus.s, rhombus.r, rhombus.nx, rhombus.ny);
        for (axis, value, seats) in goals {
            match self.side(*axis, *value) {
                side @ (Side::Top | Side::Bottom) => {
                    let y = if side == Side::Top { ny } else { 1 };
                    let (x0, cy) = rhombus.centre(1, y);
                    let (x1, _) = rhombus.centre(nx, y);
                    let y0 = if side == Side::Top {
                        cy - r - 7.0
                    } else {
                        cy + r + 2.0
                    };
                    self.goal_bar(
                        &mut marks.svg,
                        seats,
                        (x0 - s / 2.0, y0),
                        x1 - x0 + s,
                        false,
                    );
                }
                side => {
                    for y in 1..=ny {
                        let (cx, cy) = if side == Side::Left {
                            let (cx, cy) = rhombus.centre(1, y);
                            (cx - s / 2.0 - 7.0, cy)
                        } else {
                            let (cx, cy) = rhombus.centre(nx, y);
                            (cx + s / 2.0 + 2.0, cy)
                        };
                        self.goal_bar(&mut marks.svg, seats, (cx, cy - r / 2.0), r, true);
                    }
                }
            }
        }
    }

    /// Column numbers under the bottom row and over the top row, each at
    /// its own column's cell there; row numbers on both sides. `g` is the
    /// room left for goal bars or sides.
    fn hex_labels(&self, out: &mut String, rhombus: &Rhombus, g: f32) {
        let (s, r, fs, nx, ny) = (rhombus.s, rhombus.r, self.fs, rhombus.nx, rhombus.ny);
        for x in 1..=nx {
            let label = x.to_string();
            let (cx, cy) = rhombus.centre(x, 1);
            text(
                out,
                cx,
                cy + r + g + fs * 0.8,
                fs,
                Anchor::Middle,
                INK,
                &label,
            );
            let (cx, cy) = rhombus.centre(x, ny);
            text(
                out,
                cx,
                cy - r - g - fs * 0.7,
                fs,
                Anchor::Middle,
                INK,
                &label,
            );
        }
        for y in 1..=ny {
            let label = y.to_string();
            let (cx, cy) = rhombus.centre(1, y);
            text(
                out,
                cx - s * 0.5 - g - fs * 0.4,
                cy,
                fs,
                Anchor::End,
                INK,
                &label,
            );
            let (cx, cy) = rhombus.centre(nx, y);
            text(
                out,
                cx + s * 0.5 + g + fs * 0.4,
                cy,
                fs,
                Anchor::Start,
                INK,
                &label,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use redscience_engine::testing::{catalogue_game, played};

    use crate::drawing::Drawing;
    use crate::markers::Side;
    use crate::svg::LINE;
    use crate::{BoardOptions, board_svg};

    /// The numbers of `(x, y, anchor, text)` in an SVG's one-line texts.
    fn texts(svg: &str) -> Vec<(f32, f32, String, String)> {
        let attr = |line: &str, name: &str| -> Option<String> {
            let start = line.find(&format!(" {name}=\""))? + name.len() + 3;
            Some(line[start..].split('"').next()?.to_string())
        };
        svg.lines()
            .filter(|l| l.starts_with("<text x="))
            .filter_map(|l| {
                let body = l.split('>').nth(1)?.split('<').next()?.to_string();
                Some((
                    attr(l, "x")?.parse().ok()?,
                    attr(l, "y")?.parse().ok()?,
                    attr(l, "text-anchor")?,
                    body,
                ))
            })
            .collect()
    }

    /// Each cell's polygon, in the order drawn (row by row from y = 1,
    /// x from 1 in each): its corners.
    fn cells(svg: &str) -> Vec<Vec<(f32, f32)>> {
        svg.lines()
            .filter(|l| l.starts_with("<polygon") && l.contains(&format!(r#"stroke="{LINE}""#)))
            .map(|l| {
                let pts = l
                    .split("points=\"")
                    .nth(1)
                    .unwrap()
                    .split('"')
                    .next()
                    .unwrap();
                pts.split(' ')
                    .map(|p| {
                        let (x, y) = p.split_once(',').unwrap();
                        (x.parse().unwrap(), y.parse().unwrap())
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn each_column_number_stands_over_and_under_its_own_cells() {
        let g = catalogue_game("Hex");
        let s = played(&g, &["6,6", "3,9"]);
        let svg = board_svg(&g, &s.public_view().into(), &BoardOptions::default());
        let cells = cells(&svg);
        assert_eq!(cells.len(), 121, "{svg}");
        let texts = texts(&svg);
        for x in 1..=11usize {
            let labels: Vec<(f32, f32)> = texts
                .iter()
                .filter(|t| t.2 == "middle" && t.3 == x.to_string())
                .map(|t| (t.0, t.1))
                .collect();
            assert_eq!(labels.len(), 2, "column {x} is numbered above and below");
            let (under, over) = if labels[0].1 > labels[1].1 {
                (labels[0], labels[1])
            } else {
                (labels[1], labels[0])
            };
            for (label, y, words) in [(under, 1, "under the bottom"), (over, 11, "over the top")] {
                let cell = &cells[(y - 1) * 11 + (x - 1)];
                let (lo, hi) = cell.iter().fold((f32::MAX, f32::MIN), |(lo, hi), p| {
                    (lo.min(p.0), hi.max(p.0))
                });
                let (top, bottom) = cell.iter().fold((f32::MAX, f32::MIN), |(lo, hi), p| {
                    (lo.min(p.1), hi.max(p.1))
                });
                assert!(
                    lo < label.0 && label.0 < hi,
                    "column {x}'s number {words} at x={} is not over its cell ({lo}..{hi})",
                    label.0
                );
                let beyond = if y == 1 {
                    label.1 > bottom
                } else {
                    label.1 < top
                };
                assert!(beyond, "column {x}'s number stands {words} of the board");
            }
        }
    }

    #[test]
    fn each_side_a_seat_joins_is_drawn_in_its_colour() {
        let g = catalogue_game("Hex");
        let view = g.start().public_view();
        let options = BoardOptions::default();
        let drawing = Drawing::new(&g, &view, &options, 40.0);
        assert_eq!(
            drawing.joined_sides(),
            [
                (Side::Bottom, 0),
                (Side::Top, 0),
                (Side::Left, 1),
                (Side::Right, 1)
            ]
        );
        let svg = board_svg(&g, &view.into(), &options);
        let strokes = |color: &str| {
            svg.lines()
                .filter(|l| l.starts_with("<path") && l.contains(&format!(r#"stroke="{color}""#)))
                .count()
        };
        assert_eq!(strokes("#000000"), 2, "black's bottom and top: {svg}");
        assert_eq!(strokes("#ffffff"), 2, "white's left and right");
        assert!(
            svg.contains("Sides: Player 1 joins the black sides"),
            "{svg}"
        );
    }
}
