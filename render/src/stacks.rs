//! Stacks: a panel per row, each column a post with its pieces from the
//! bottom, drawn only a little above the tallest stack.

use std::fmt::Write as _;

use redscience_engine::game::Seen;

use crate::drawing::Drawing;
use crate::markers::Marks;
use crate::svg::{Anchor, FAINT, INK, N, Outline, Panel, text};

/// The board behind the posts, where a space is empty: a dark wood, clearly
/// apart from every seat's colour, black and white included (a pale one
/// looked like a white piece; see the test below); and the lighter posts
/// and plinth.
pub(crate) const PILE_BOARD: &str = "#784c18";
const POST: &str = "#d8b878";

impl Drawing<'_> {
    /// How many rows of stacks to draw: two above the tallest stack seen
    /// on this board, at most the board's height.
    pub(crate) fn shown_height(&self, board: u8) -> u8 {
        let geo = &self.game.geometry;
        let [nx, ny, nz] = geo.dims;
        let mut tallest = 0;
        for y in 1..=ny {
            for x in 1..=nx {
                for z in 1..=nz {
                    let filled = geo
                        .cell(board, x, y, z)
                        .and_then(|c| self.view.spaces().get(usize::from(c)))
                        .is_some_and(|sp| sp.seen != Seen::Empty);
                    if filled {
                        tallest = tallest.max(z);
                    }
                }
            }
        }
        (tallest + 2).min(nz)
    }

    /// Stacks: one row y of posts, pieces from the bottom.
    pub(crate) fn stacks(&self, board: u8, y: u8, height: u8, title: Option<String>) -> Panel {
        let geo = &self.game.geometry;
        let [nx, _, nz] = geo.dims;
        let s = self.s;
        let fs = self.fs;
        let left = fs * 1.6 + 4.0;
        let gw = f32::from(nx) * s;
        let gh = f32::from(height) * s;
        let mut out = String::new();
        let title_h = self.title(&mut out, title.as_deref(), left, gw);
        // The maximum height, upper left.
        let top = title_h + fs * 1.5 + s * 0.2;
        text(
            &mut out,
            2.0,
            title_h + fs * 0.7,
            fs * 0.9,
            Anchor::Start,
            FAINT,
            &format!("max {nz}"),
        );
        let (ox, oy) = (left, top);
        let base = oy + gh;
        let _ = writeln!(
            out,
            r#"<rect x="{}" y="{}" width="{}" height="{}" rx="{}" fill="{PILE_BOARD}"/>"#,
            N(ox),
            N(oy - s * 0.15),
            N(gw),
            N(gh + s * 0.15),
            N(s * 0.1)
        );
        let mut marks = Marks::default();
        let slot = |x: u8, z: u8| {
            let x0 = ox + f32::from(x - 1) * s;
            let y0 = base - f32::from(z) * s;
            (
                Outline::Rect(x0 + 1.0, y0 + 1.0, s - 2.0, s - 2.0),
                (x0 + s / 2.0, y0 + s / 2.0),
            )
        };
        for z in 1..=height {
            for x in 1..=nx {
                self.ground(&mut out, geo.cell(board, x, y, z), &slot(x, z).0, None);
            }
        }
        let mut posts = String::new();
        for x in 1..=nx {
            let cx = ox + (f32::from(x) - 0.5) * s;
            let _ = write!(posts, "M{} {}V{}", N(cx), N(base), N(oy - s * 0.1));
        }
        let _ = writeln!(
            out,
            r#"<path d="{posts}" stroke="{POST}" stroke-width="{}" stroke-linecap="round"/>"#,
            N((s * 0.08).max(2.0))
        );
        for z in 1..=height {
            for x in 1..=nx {
                let (outline, centre) = slot(x, z);
                let cell = geo.cell(board, x, y, z);
                self.content(&mut out, &mut marks, cell, &outline, centre, s * 0.36);
            }
        }
        // The plinth.
        let _ = writeln!(
            out,
            r#"<rect x="{}" y="{}" width="{}" height="{}" rx="{}" fill="{POST}"/>"#,
            N(ox - s * 0.1),
            N(base),
            N(gw + s * 0.2),
            N(s * 0.16),
            N(s * 0.05)
        );
        self.close_marks(&mut out, marks);
        for x in 1..=nx {
            let cx = ox + (f32::from(x) - 0.5) * s;
            text(
                &mut out,
                cx,
                base + s * 0.16 + fs * 0.9,
                fs,
                Anchor::Middle,
                INK,
                &x.to_string(),
            );
        }
        for z in 1..=height {
            let cy = base - (f32::from(z) - 0.5) * s;
            text(
                &mut out,
                ox - fs * 0.5,
                cy,
                fs * 0.85,
                Anchor::End,
                FAINT,
                &z.to_string(),
            );
        }
        Panel {
            w: left + gw + s * 0.15,
            h: base + s * 0.16 + fs * 1.7,
            body: out,
        }
    }
}

#[cfg(test)]
mod tests {
    use redscience_engine::testing::{catalogue_game, play};

    use redscience_engine::rules::Color;

    use super::PILE_BOARD;
    use crate::contrast::too_close;
    use crate::drawing::Drawing;
    use crate::{BoardOptions, board_svg};

    #[test]
    fn an_empty_space_is_clearly_apart_from_a_piece_of_every_colour() {
        assert_eq!(too_close(PILE_BOARD), [], "colours too close to the board");
        // That is the board drawn behind the posts, and the pieces are
        // drawn in their seats' colours.
        let g = catalogue_game("StagHunt");
        let s = g.start();
        let svg = board_svg(&g, &s.public_view().into(), &BoardOptions::default());
        assert!(svg.contains(&format!(r#"fill="{PILE_BOARD}""#)), "{svg}");
        let g = catalogue_game("3Blotto13");
        let s = redscience_engine::testing::played(&g, &["1"]);
        let svg = board_svg(&g, &s.player_view(0).into(), &BoardOptions::default());
        assert!(svg.contains(&format!(r#"fill="{PILE_BOARD}""#)), "{svg}");
        assert!(
            svg.contains(&format!(r#"fill="{}""#, Color::Black.hex())),
            "{svg}"
        );
    }

    #[test]
    fn stacks_show_two_rows_above_the_tallest() {
        let g = catalogue_game("Connect4");
        let height = |s: &redscience_engine::State| {
            let view = s.public_view();
            let options = BoardOptions::default();
            Drawing::new(&g, &view, &options, 40.0).shown_height(1)
        };
        let mut s = g.start();
        assert_eq!(height(&s), 2);
        play(&mut s, &["4", "4", "4"]);
        assert_eq!(height(&s), 5);
        play(&mut s, &["4", "4", "4"]);
        assert_eq!(height(&s), 6, "never above the maximum height");
    }
}
