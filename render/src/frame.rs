//! Connect Four: stacks in one row where lines count are drawn as the
//! upright blue frame everyone knows, every hole shown, pieces as discs in
//! their holes.

use std::fmt::Write as _;

use redscience_engine::rules::{BoardKind, TurnCheck};

use crate::drawing::Drawing;
use crate::markers::Marks;
use crate::svg::{Anchor, FAINT, INK, N, Outline, Panel, text};

/// The frame, and its empty holes: a deep blue, clearly apart from every
/// seat's colour, black and white included (a pale hole looked like a white
/// disc; see the test below).
const FRAME: &str = "#1f5fbf";
const FRAME_EDGE: &str = "#174a96";
pub(crate) const HOLE: &str = "#183c98";
const HOLE_EDGE: &str = "#0e2560";

/// The tallest frame drawn; taller stacks are posts.
const MAX_HOLES: u8 = 12;

impl Drawing<'_> {
    /// Stacks in a single row of columns, not too tall, where an in-a-row
    /// check counts lines: the Connect Four family.
    pub(crate) fn connect_four_like(&self) -> bool {
        let geo = &self.game.geometry;
        geo.kind == BoardKind::Stacks
            && geo.dims[1] == 1
            && geo.dims[2] <= MAX_HOLES
            && self.game.rules.turn_checks.iter().any(|c| {
                matches!(
                    c,
                    TurnCheck::InARow { .. } | TurnCheck::AllLoseIfInARow { .. }
                )
            })
    }

    /// The frame with a hole for every space, column numbers below and the
    /// height of each row (faint) on the left.
    pub(crate) fn connect_four(&self, board: u8) -> Panel {
        let geo = &self.game.geometry;
        let [nx, _, nz] = geo.dims;
        let (s, fs) = (self.s, self.fs);
        let pad = s * 0.14;
        let left = fs * 1.6 + 4.0 + pad;
        let top = pad + 2.0;
        let (gw, gh) = (f32::from(nx) * s, f32::from(nz) * s);
        let mut out = String::new();
        let mut marks = Marks::default();
        let _ = writeln!(
            out,
            r#"<rect x="{}" y="{}" width="{}" height="{}" rx="{}" fill="{FRAME}" stroke="{FRAME_EDGE}" stroke-width="2"/>"#,
            N(left - pad),
            N(top - pad),
            N(gw + 2.0 * pad),
            N(gh + 2.0 * pad),
            N(s * 0.18)
        );
        let hole = |x: u8, z: u8| {
            let cx = left + (f32::from(x) - 0.5) * s;
            let cy = top + (f32::from(nz - z) + 0.5) * s;
            (Outline::Circle(cx, cy, s * 0.41), (cx, cy))
        };
        let ground = format!(
            r#"fill="{HOLE}" stroke="{HOLE_EDGE}" stroke-width="{}""#,
            N((s * 0.04).max(1.5))
        );
        for z in 1..=nz {
            for x in 1..=nx {
                let (outline, centre) = hole(x, z);
                let cell = geo.cell(board, x, 1, z);
                // A disc fills its hole.
                let r = s * 0.44;
                self.space(
                    &mut out,
                    &mut marks,
                    cell,
                    &outline,
                    Some(&ground),
                    centre,
                    r,
                );
            }
        }
        self.close_marks(&mut out, marks);
        for x in 1..=nx {
            let cx = left + (f32::from(x) - 0.5) * s;
            let y = top + gh + pad + fs * 0.9;
            text(&mut out, cx, y, fs, Anchor::Middle, INK, &x.to_string());
        }
        for z in 1..=nz {
            let (_, (_, cy)) = hole(1, z);
            let x = left - pad - fs * 0.4;
            text(
                &mut out,
                x,
                cy,
                fs * 0.85,
                Anchor::End,
                FAINT,
                &z.to_string(),
            );
        }
        Panel {
            w: left + gw + pad + 2.0,
            h: top + gh + pad + fs * 1.7,
            body: out,
        }
    }
}

#[cfg(test)]
mod tests {
    use redscience_engine::rules::Color;
    use redscience_engine::testing::{catalogue_game, game, played};
    use serde_json::json;

    use super::HOLE;
    use crate::contrast::too_close;
    use crate::drawing::Drawing;
    use crate::{BoardOptions, board_svg};

    fn connect_four_like(g: &std::sync::Arc<redscience_engine::Game>) -> bool {
        let view = g.start().public_view();
        let options = BoardOptions::default();
        Drawing::new(g, &view, &options, 40.0).connect_four_like()
    }

    #[test]
    fn an_empty_hole_is_clearly_apart_from_a_disc_of_every_colour() {
        assert_eq!(too_close(HOLE), [], "colours too close to an empty hole");
        // Those are the fills drawn: every hole, then a disc on it.
        let g = catalogue_game("Connect4");
        let s = played(&g, &["4", "4"]);
        let options = BoardOptions {
            legend: false,
            ..BoardOptions::default()
        };
        let svg = board_svg(&g, &s.public_view().into(), &options);
        let circles = |fill: &str| {
            svg.lines()
                .filter(|l| l.starts_with("<circle") && l.contains(&format!(r#"fill="{fill}""#)))
                .count()
        };
        assert_eq!(circles(HOLE), 7 * 6, "a hole for every space");
        assert_eq!(circles(Color::Black.hex()), 1, "{svg}");
        assert_eq!(circles(Color::White.hex()), 1, "{svg}");
    }

    #[test]
    fn connect_four_is_a_frame_and_piles_are_posts() {
        assert!(connect_four_like(&catalogue_game("Connect4")));
        assert!(!connect_four_like(&catalogue_game("StagHunt")), "no lines");
        assert!(!connect_four_like(&catalogue_game("3Blotto13")));
        let rows = game(json!({"board": "stacks", "dimensions": [4, 2, 4],
            "shapes": [{"reserves": {"black": 8, "white": 8}}]}));
        assert!(!connect_four_like(&rows), "several rows stand on posts");
    }
}
