//! Hash, squares and squares on a toroid: one grid per layer, so a 3-D
//! board is its layers side by side.

use std::fmt::Write as _;

use redscience_engine::rules::BoardKind;

use crate::drawing::Drawing;
use crate::markers::Side;
use crate::svg::{Anchor, BOARD, INK, LINE, N, Outline, Panel, text};

impl Drawing<'_> {
    /// Hash, squares and squares on a toroid: one layer as a grid.
    pub(crate) fn plane(&self, board: u8, z: u8, title: Option<String>) -> Panel {
        let geo = &self.game.geometry;
        let [nx, ny, _] = geo.dims;
        let s = self.s;
        let fs = self.fs;
        let hash = geo.kind == BoardKind::Hash;
        let toroid = geo.kind == BoardKind::SquaresOnToroid;
        // Large planes carry their coordinates on all four sides.
        let both_sides = toroid || (nx.max(ny) >= 8 && nx.min(ny) > 1);
        // Room for the toroid's dashed edge and the goals' coloured edges.
        let goals = self.goal_edges();
        let goal_room = if goals.is_empty() { 0.0 } else { 8.0 };
        let edge = if toroid { 4.0 } else { 0.0 } + goal_room;
        let left = fs * 1.6 + 4.0 + edge;
        let (gw, gh) = (f32::from(nx) * s, f32::from(ny) * s);
        let mut out = String::new();
        let mut top = self.title(&mut out, title.as_deref(), left, gw);
        if both_sides {
            top += fs * 1.4 + edge;
        } else {
            top += goal_room;
        }
        let right = if both_sides {
            left
        } else {
            fs * 0.3 + goal_room
        };
        // Grid origin.
        let (ox, oy) = (left, top);
        let mut marks = String::new();
        let _ = writeln!(
            out,
            r#"<rect x="{}" y="{}" width="{}" height="{}" rx="{}" fill="{BOARD}"/>"#,
            N(ox),
            N(oy),
            N(gw),
            N(gh),
            N(if hash { s * 0.12 } else { 0.0 })
        );
        for y in 1..=ny {
            for x in 1..=nx {
                let cx0 = ox + f32::from(x - 1) * s;
                let cy0 = oy + f32::from(ny - y) * s;
                let outline = Outline::Rect(cx0, cy0, s, s);
                let cell = geo.cell(board, x, y, z);
                self.ground(&mut out, cell, &outline, None);
            }
        }
        // The grid over the grounds, under the pieces: a border and thin
        // lines, or on hash only the four thick inner lines of the #.
        let (inset, width) = if hash {
            (s * 0.08, (s * 0.07).max(2.0))
        } else {
            (0.0, (s * 0.025).max(1.0))
        };
        let mut d = if hash {
            String::new()
        } else {
            format!("M{} {}h{}v{}h{}Z", N(ox), N(oy), N(gw), N(gh), N(-gw))
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
        for y in 1..=ny {
            for x in 1..=nx {
                let cx0 = ox + f32::from(x - 1) * s;
                let cy0 = oy + f32::from(ny - y) * s;
                let outline = Outline::Rect(cx0, cy0, s, s);
                let cell = geo.cell(board, x, y, z);
                let centre = (cx0 + s / 2.0, cy0 + s / 2.0);
                self.content(&mut out, &mut marks, cell, &outline, centre, s * 0.36);
            }
        }
        if toroid {
            // The joined edges: dashed, as if the board went on.
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
        // Each goal edge: a bar just outside it in the colours of the seats
        // aiming there, split between them.
        for (axis, value, seats) in &goals {
            let (far, near) = (edge - 1.0, edge - 6.0);
            let (x0, y0, len, vertical) = match self.side(*axis, *value) {
                Side::Top => (ox, oy - far, gw, false),
                Side::Bottom => (ox, oy + gh + near, gw, false),
                Side::Left => (ox - far, oy, gh, true),
                Side::Right => (ox + gw + near, oy, gh, true),
            };
            self.goal_bar(&mut marks, seats, (x0, y0), len, vertical);
        }
        out.push_str(&marks);
        // Coordinates.
        for x in 1..=nx {
            let cx = ox + (f32::from(x) - 0.5) * s;
            let label = x.to_string();
            text(
                &mut out,
                cx,
                oy + gh + edge + fs * 0.9,
                fs,
                Anchor::Middle,
                INK,
                &label,
            );
            if both_sides {
                let y = oy - edge - fs * 0.8;
                text(&mut out, cx, y, fs, Anchor::Middle, INK, &label);
            }
        }
        for y in 1..=ny {
            let cy = oy + (f32::from(ny - y) + 0.5) * s;
            let label = y.to_string();
            let pad = fs * 0.5 + edge;
            text(&mut out, ox - pad, cy, fs, Anchor::End, INK, &label);
            if both_sides {
                text(&mut out, ox + gw + pad, cy, fs, Anchor::Start, INK, &label);
            }
        }
        Panel {
            w: left + gw + right,
            h: oy + gh + edge + fs * 1.6,
            body: out,
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
        let svg = board_svg(&g, &g.start().truth_view(), &BoardOptions::default());
        let (bx, by) = circle_at(&svg, Color::Black.hex());
        let (wx, wy) = circle_at(&svg, Color::White.hex());
        assert!(bx < wx, "x grows to the right");
        assert!(by > wy, "y grows upwards (SVG's y grows downwards)");
    }
}
