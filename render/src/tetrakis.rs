//! Tetrakis squares: each square cut into four triangles, the empty ones
//! numbered so a move can be typed from the picture.

use redscience_engine::game::Seen;

use crate::drawing::Drawing;
use crate::markers::Marks;
use crate::markers::Side;
use crate::svg::{Anchor, BOARD, FAINT, INK, LINE, N, Outline, Panel, text};

impl Drawing<'_> {
    /// Tetrakis squares: every square cut by its diagonals into four
    /// triangles, 1 north, 2 east, 3 south, 4 west.
    pub(crate) fn tetrakis(&self, board: u8) -> Panel {
        let geo = &self.game.geometry;
        let [nx, ny, _] = geo.dims;
        let s = self.s;
        let fs = self.fs;
        let goals = self.goal_edges();
        let g = if goals.is_empty() { 0.0 } else { 8.0 };
        let left = fs * 1.6 + 4.0 + g;
        let top = fs * 0.5 + g;
        let (gw, gh) = (f32::from(nx) * s, f32::from(ny) * s);
        let mut out = String::new();
        let mut marks = Marks::default();
        for (axis, value, seats) in &goals {
            let (at, len, down) = match self.side(*axis, *value) {
                Side::Top => ((left, top - 7.0), gw, false),
                Side::Bottom => ((left, top + gh + 2.0), gw, false),
                Side::Left => ((left - 7.0, top), gh, true),
                Side::Right => ((left + gw + 2.0, top), gh, true),
            };
            self.goal_bar(&mut marks.svg, seats, at, len, down);
        }
        let ground = format!(
            r#"fill="{BOARD}" stroke="{LINE}" stroke-width="{}" stroke-linejoin="round""#,
            N((s * 0.02).max(1.0))
        );
        // The incentre of each triangle sits this far in from the square's edge.
        let inset = s * (2f32.sqrt() - 1.0) / 2.0;
        for y in 1..=ny {
            for x in 1..=nx {
                let x0 = left + f32::from(x - 1) * s;
                let y0 = top + f32::from(ny - y) * s;
                let (x1, y1) = (x0 + s, y0 + s);
                let c = (x0 + s / 2.0, y0 + s / 2.0);
                let triangles = [
                    (1, [(x0, y0), (x1, y0), c], (c.0, y0 + inset)),
                    (2, [(x1, y0), (x1, y1), c], (x1 - inset, c.1)),
                    (3, [(x1, y1), (x0, y1), c], (c.0, y1 - inset)),
                    (4, [(x0, y1), (x0, y0), c], (x0 + inset, c.1)),
                ];
                for (t, corners, centre) in triangles {
                    let cell = geo.cell(board, x, y, t);
                    self.space(
                        &mut out,
                        &mut marks,
                        cell,
                        &Outline::Poly(corners.to_vec()),
                        Some(&ground),
                        centre,
                        s * 0.15,
                    );
                    let empty = cell
                        .and_then(|c| self.view.spaces().get(usize::from(c)))
                        .is_some_and(|sp| sp.seen == Seen::Empty);
                    if empty {
                        text(
                            &mut out,
                            centre.0,
                            centre.1,
                            (s * 0.15).clamp(8.0, 13.0),
                            Anchor::Middle,
                            FAINT,
                            &t.to_string(),
                        );
                    }
                }
            }
        }
        self.close_marks(&mut out, marks);
        for x in 1..=nx {
            let cx = left + (f32::from(x) - 0.5) * s;
            text(
                &mut out,
                cx,
                top + gh + g + fs * 0.9,
                fs,
                Anchor::Middle,
                INK,
                &x.to_string(),
            );
        }
        for y in 1..=ny {
            let cy = top + (f32::from(ny - y) + 0.5) * s;
            text(
                &mut out,
                left - g - fs * 0.5,
                cy,
                fs,
                Anchor::End,
                INK,
                &y.to_string(),
            );
        }
        Panel {
            w: left + gw + fs * 0.5 + g,
            h: top + gh + fs * 1.6 + g,
            body: out,
        }
    }
}
