//! Hexagons: a rhombus of pointy-top cells, each row shifted half a cell,
//! so the picture shows which spaces touch.

use crate::drawing::Drawing;
use crate::markers::Marks;
use crate::markers::Side;
use crate::shapes::ring;
use crate::svg::{Anchor, BOARD, INK, LINE, N, Outline, Panel, text};

impl Drawing<'_> {
    /// Hexagons: a rhombus of pointy-top hexagons, each row half a cell
    /// right of the row below, so (x,y) touches (x,y-1) and (x+1,y-1).
    pub(crate) fn hexagons(&self, board: u8, z: u8, title: Option<String>) -> Panel {
        let geo = &self.game.geometry;
        let [nx, ny, _] = geo.dims;
        let s = self.s;
        let fs = self.fs;
        let r = s / 3f32.sqrt();
        let row = r * 1.5;
        let goals = self.goal_edges();
        let g = if goals.is_empty() { 0.0 } else { 8.0 };
        let left = fs * 1.6 + 6.0 + g;
        let gw = f32::from(nx) * s + f32::from(ny - 1) * s / 2.0;
        let gh = f32::from(ny - 1) * row + 2.0 * r;
        let mut out = String::new();
        let top = self.title(&mut out, title.as_deref(), left, gw) + fs * 1.5 + g;
        let centre = |x: u8, y: u8| {
            (
                left + f32::from(x - 1) * s + f32::from(y - 1) * s / 2.0 + s / 2.0,
                top + f32::from(ny - y) * row + r,
            )
        };
        let ground = format!(
            r#"fill="{BOARD}" stroke="{LINE}" stroke-width="{}""#,
            N((s * 0.025).max(1.0))
        );
        let mut marks = Marks::default();
        for y in 1..=ny {
            for x in 1..=nx {
                let (cx, cy) = centre(x, y);
                let outline = Outline::Poly(ring(cx, cy, &[r], 6, 0.0));
                self.space(
                    &mut out,
                    &mut marks,
                    geo.cell(board, x, y, z),
                    &outline,
                    Some(&ground),
                    (cx, cy),
                    s * 0.34,
                );
            }
        }
        // Goal edges: a bar over the top row or under the bottom one, or
        // one beside each space of the first or last column.
        for (axis, value, seats) in &goals {
            match self.side(*axis, *value) {
                side @ (Side::Top | Side::Bottom) => {
                    let y = if side == Side::Top { ny } else { 1 };
                    let (x0, cy) = centre(1, y);
                    let (x1, _) = centre(nx, y);
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
                            let (cx, cy) = centre(1, y);
                            (cx - s / 2.0 - 7.0, cy)
                        } else {
                            let (cx, cy) = centre(nx, y);
                            (cx + s / 2.0 + 2.0, cy)
                        };
                        self.goal_bar(&mut marks.svg, seats, (cx, cy - r / 2.0), r, true);
                    }
                }
            }
        }
        self.close_marks(&mut out, marks);
        for x in 1..=nx {
            let (cx, cy) = centre(x, 1);
            text(
                &mut out,
                cx,
                cy + r + g + fs * 0.8,
                fs,
                Anchor::Middle,
                INK,
                &x.to_string(),
            );
            let (cx, cy) = centre(x, ny);
            text(
                &mut out,
                cx,
                cy - r - g - fs * 0.7,
                fs,
                Anchor::Middle,
                INK,
                &x.to_string(),
            );
        }
        for y in 1..=ny {
            let (cx, cy) = centre(1, y);
            text(
                &mut out,
                cx - s * 0.5 - g - fs * 0.4,
                cy,
                fs,
                Anchor::End,
                INK,
                &y.to_string(),
            );
            let (cx, cy) = centre(nx, y);
            text(
                &mut out,
                cx + s * 0.5 + g + fs * 0.4,
                cy,
                fs,
                Anchor::Start,
                INK,
                &y.to_string(),
            );
        }
        Panel {
            w: left + gw + fs * 1.6 + 6.0 + g,
            h: top + gh + fs * 1.6 + g,
            body: out,
        }
    }
}
