//! One picture at one cell size: the boards side by side with the caption
//! above and the notes and legend below. Each kind of board is laid out in
//! its own module.

use std::fmt::Write as _;

use redscience_engine::game::{Game, View};
use redscience_engine::rules::BoardKind;

use crate::BoardOptions;
use crate::fonts::FONT_FAMILY;
use crate::svg::{Anchor, FAINT, GLOW, INK, N, PAGE, Panel, arrange, text, text_width};

/// One picture being drawn at a given cell size.
pub(crate) struct Drawing<'a> {
    pub(crate) game: &'a Game,
    pub(crate) view: &'a View,
    pub(crate) options: &'a BoardOptions,
    /// Pixels per cell.
    pub(crate) s: f32,
    /// Coordinate labels' font size.
    pub(crate) fs: f32,
    pub(crate) last: Vec<bool>,
    /// Spaces the view points out (`View::marked`).
    pub(crate) marked: Vec<bool>,
    /// Spaces that decided the match (`BoardOptions::deciding`).
    pub(crate) deciding: Vec<bool>,
}

impl<'a> Drawing<'a> {
    pub(crate) fn new(
        game: &'a Game,
        view: &'a View,
        options: &'a BoardOptions,
        s: f32,
    ) -> Drawing<'a> {
        let flags = |cells: &mut dyn Iterator<Item = &u16>| {
            let mut on = vec![false; view.spaces().len()];
            for &c in cells {
                if let Some(m) = on.get_mut(usize::from(c)) {
                    *m = true;
                }
            }
            on
        };
        let marked = flags(&mut view.marked().iter());
        let deciding = flags(&mut options.deciding.iter().flatten());
        Drawing {
            game,
            view,
            options,
            s,
            fs: (s * 0.34).clamp(10.0, 15.0),
            last: flags(&mut options.last_move.iter()),
            marked,
            deciding,
        }
    }

    pub(crate) fn content_width(&self) -> f32 {
        self.boards().w
    }

    /// Every board side by side.
    fn boards(&self) -> Panel {
        let geo = &self.game.geometry;
        let boards: Vec<Panel> = (1..=geo.boards)
            .map(|b| {
                let panels = self.board_panels(b);
                let per_row = match panels.len() {
                    0..=4 => 4,
                    n => (n as f32).sqrt().ceil() as usize,
                };
                let form = match geo.kind {
                    BoardKind::Stacks if geo.dims[1] == 1 => "x",
                    BoardKind::Stacks => "x,y",
                    BoardKind::TetrakisSquares => "x,y,t",
                    _ if geo.dims[2] > 1 => "x,y,z",
                    _ => "x,y",
                };
                let title = format!("Board {b} (moves {b}:{form})");
                let title = (geo.boards > 1).then_some((title.as_str(), self.fs * 1.15));
                arrange(&panels, per_row, self.s * 0.5, title)
            })
            .collect();
        arrange(&boards, 3, self.s, None)
    }

    fn board_panels(&self, board: u8) -> Vec<Panel> {
        let geo = &self.game.geometry;
        let [_, ny, nz] = geo.dims;
        let layer_title = |z: u8| (nz > 1).then(|| format!("z={z}"));
        match geo.kind {
            BoardKind::Stacks if self.connect_four_like() => vec![self.connect_four(board)],
            BoardKind::Stacks => {
                let height = self.shown_height(board);
                (1..=ny)
                    .map(|y| self.stacks(board, y, height, (ny > 1).then(|| format!("y={y}"))))
                    .collect()
            }
            BoardKind::Hexagons => (1..=nz)
                .map(|z| self.hexagons(board, z, layer_title(z)))
                .collect(),
            BoardKind::TetrakisSquares => vec![self.tetrakis(board)],
            _ => (1..=nz)
                .map(|z| self.plane(board, z, layer_title(z)))
                .collect(),
        }
    }

    /// Writes the title centred over a panel's grid; returns the room it took.
    pub(crate) fn title(&self, out: &mut String, title: Option<&str>, x: f32, w: f32) -> f32 {
        match title {
            Some(t) => {
                text(
                    out,
                    x + w / 2.0,
                    self.fs * 0.8,
                    self.fs,
                    Anchor::Middle,
                    INK,
                    t,
                );
                self.fs * 1.7
            }
            None => 0.0,
        }
    }

    pub(crate) fn svg(&self) -> String {
        let margin = 12.0;
        let note_fs = 12.0;
        let boards = self.boards();
        let mut width = boards.w;
        let mut body = String::new();
        let mut y = margin;
        if let Some((heading, w, h)) = self.heading(boards.w) {
            let _ = writeln!(body, r#"<g transform="translate({},{})">"#, N(margin), N(y));
            body.push_str(&heading);
            body.push_str("</g>\n");
            width = width.max(w);
            y += h + 4.0;
        }
        boards.place(&mut body, margin, y);
        y += boards.h + 6.0;
        for note in self.notes() {
            text(
                &mut body,
                margin,
                y + note_fs * 0.6,
                note_fs,
                Anchor::Start,
                FAINT,
                &note,
            );
            width = width.max(text_width(&note, note_fs));
            y += note_fs * 1.5;
        }
        if let Some((legend, w, h)) = self.legend(width.max(360.0)) {
            y += 4.0;
            let _ = writeln!(
                body,
                r#"<g transform="translate({},{})">"#,
                N(margin + 4.0),
                N(y)
            );
            body.push_str(&legend);
            body.push_str("</g>\n");
            width = width.max(w + 4.0);
            y += h;
        }
        let (w, h) = ((width + 2.0 * margin).ceil(), (y + margin).ceil());
        let grid = (self.s / 5.0).max(4.0);
        let mut out = String::with_capacity(body.len() + 1024);
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{FONT_FAMILY}">"#
        );
        let _ = writeln!(
            out,
            r##"<defs><pattern id="lock" patternUnits="userSpaceOnUse" width="{g}" height="{g}"><rect width="{g}" height="{g}" fill="#8e8e8e"/><path d="M0 0H{g}M0 0V{g}" stroke="#3c3c3c" stroke-width="1.5"/></pattern><radialGradient id="haze"><stop offset="0" stop-color="#ffffff" stop-opacity="0.15"/><stop offset="0.6" stop-color="#c9cfdb" stop-opacity="0.55"/><stop offset="1" stop-color="#8f98ab" stop-opacity="0.8"/></radialGradient></defs>"##,
            g = N(grid)
        );
        if self.deciding.contains(&true) {
            let _ = writeln!(
                out,
                r#"<defs><radialGradient id="glow"><stop offset="0.5" stop-color="{GLOW}"/><stop offset="1" stop-color="{GLOW}" stop-opacity="0"/></radialGradient></defs>"#
            );
        }
        self.marker_defs(&mut out);
        let _ = writeln!(out, r#"<rect width="{w}" height="{h}" fill="{PAGE}"/>"#);
        out.push_str(&body);
        out.push_str("</svg>\n");
        out
    }
}
