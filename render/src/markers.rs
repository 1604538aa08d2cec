//! A space as drawn, and what marks it: sticky dots, seats' hatching, haze,
//! walls, goal bars, the last move and the view's marks, so a picture tells
//! as much as the rules and the view do.

use std::fmt::Write as _;

use redscience_engine::game::SIDE_AXES;
use redscience_engine::game::Seen;
use redscience_engine::rules::{BoardKind, TurnCheck};

use crate::drawing::Drawing;
use crate::shapes::{obscured, piece};
use crate::svg::{DECIDING, HIGHLIGHT, MARK, N, OUTLINE, Outline};

/// What a panel draws over its pieces once they are all drawn (so that no
/// neighbour covers it): outlines, marks and goal bars, and the cells that
/// decided the match, for the lines through them (see `deciding`).
#[derive(Default)]
pub(crate) struct Marks {
    pub(crate) svg: String,
    /// Each deciding cell drawn in this panel: the cell, its centre, and
    /// its outline (SVG), drawn where no line runs through it.
    pub(crate) deciding: Vec<(u16, (f32, f32), String)>,
}

/// A side of a flat board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Side {
    Top,
    Bottom,
    Left,
    Right,
}

impl Side {
    pub(crate) fn word(self) -> &'static str {
        match self {
            Side::Top => "top",
            Side::Bottom => "bottom",
            Side::Left => "left",
            Side::Right => "right",
        }
    }
}

impl Drawing<'_> {
    /// Every seat's bit.
    fn all_seats(&self) -> u8 {
        ((1u16 << self.game.seats.len().min(8)) - 1) as u8
    }

    /// The seats a space is kept for (a bit each), if it is kept for some.
    fn exclusive(&self, cell: u16) -> Option<u8> {
        let all = self.all_seats();
        let mask = self.game.allowed_seats(cell) & all;
        (mask != all).then_some(mask)
    }

    /// Every set of seats some space is kept for, in order.
    pub(crate) fn exclusive_sets(&self) -> Vec<u8> {
        let mut sets: Vec<u8> = (0..self.view.spaces().len() as u16)
            .filter_map(|c| self.exclusive(c))
            .collect();
        sets.sort_unstable();
        sets.dedup();
        sets
    }

    pub(crate) fn any_sticky(&self) -> bool {
        (0..self.view.spaces().len() as u16).any(|c| self.game.is_sticky(c))
    }

    /// The seats of a set, by index.
    pub(crate) fn seats_in(&self, mask: u8) -> impl Iterator<Item = usize> + '_ {
        (0..self.game.seats.len().min(8)).filter(move |i| mask & (1 << i) != 0)
    }

    /// Goals are marked where pieces move on a flat board (elsewhere no
    /// piece walks towards an edge).
    fn show_goals(&self) -> bool {
        matches!(
            self.game.geometry.kind,
            BoardKind::Hash
                | BoardKind::Squares
                | BoardKind::SquaresOnToroid
                | BoardKind::Hexagons
                | BoardKind::TetrakisSquares
        ) && self.game.goals_matter()
    }

    /// Each goal edge with the seats aiming at it: (axis, value, seats).
    pub(crate) fn goal_edges(&self) -> Vec<(usize, u8, Vec<usize>)> {
        let mut edges: Vec<(usize, u8, Vec<usize>)> = Vec::new();
        if !self.show_goals() {
            return edges;
        }
        for i in 0..self.game.seats.len() {
            let Some((axis, value)) = self.game.goal(i) else {
                continue;
            };
            match edges.iter_mut().find(|e| (e.0, e.1) == (axis, value)) {
                Some(e) => e.2.push(i),
                None => edges.push((axis, value, vec![i])),
            }
        }
        edges
    }

    /// The sides each seat joins to win or lose ("connecting opposite
    /// sides", as in Hex), each with that seat, where they are drawn: on
    /// hexagons, for the seats whose axis lies in the picture's plane.
    pub(crate) fn joined_sides(&self) -> Vec<(Side, usize)> {
        let game = self.game;
        let connects =
            (game.rules.turn_checks.iter()).any(|c| matches!(c, TurnCheck::ConnectSides { .. }));
        if !connects || game.geometry.kind != BoardKind::Hexagons {
            return Vec::new();
        }
        let players = (0..game.seats.len()).filter(|&i| !game.seats[i].is_chaos);
        players
            .zip(SIDE_AXES)
            .flat_map(|(seat, axis)| match axis {
                1 => vec![(Side::Bottom, seat), (Side::Top, seat)],
                0 => vec![(Side::Left, seat), (Side::Right, seat)],
                _ => Vec::new(),
            })
            .collect()
    }

    /// Where an edge is drawn.
    pub(crate) fn side(&self, axis: usize, value: u8) -> Side {
        let [nx, ny, _] = self.game.geometry.dims;
        match axis {
            1 if value == ny && ny > 1 => Side::Top,
            1 => Side::Bottom,
            _ if value == 1 && nx > 1 => Side::Left,
            _ => Side::Right,
        }
    }

    /// A goal's bar from `at`, `len` long (down or across), shared out
    /// between the seats aiming there, each in its colour.
    pub(crate) fn goal_bar(
        &self,
        out: &mut String,
        seats: &[usize],
        at: (f32, f32),
        len: f32,
        down: bool,
    ) {
        let part = len / seats.len().max(1) as f32;
        for (k, &i) in seats.iter().enumerate() {
            let (x, y, w, h) = if down {
                (at.0, at.1 + part * k as f32, 5.0, part)
            } else {
                (at.0 + part * k as f32, at.1, part, 5.0)
            };
            let _ = writeln!(
                out,
                r#"<rect x="{}" y="{}" width="{}" height="{}" rx="1.5" fill="{}" stroke="{OUTLINE}" stroke-width="1"/>"#,
                N(x),
                N(y),
                N(w),
                N(h),
                self.game.seats[i].color.hex()
            );
        }
    }

    /// The name of an edge, "top (y=3)".
    pub(crate) fn edge_name(&self, axis: usize, value: u8) -> String {
        let side = self.side(axis, value).word();
        let along = if axis == 0 { 'x' } else { 'y' };
        format!("{side} ({along}={value})")
    }

    /// Draws one space: [`Drawing::ground`] then [`Drawing::content`].
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn space(
        &self,
        out: &mut String,
        marks: &mut Marks,
        cell: Option<u16>,
        outline: &Outline,
        ground: Option<&str>,
        centre: (f32, f32),
        r: f32,
    ) {
        self.ground(out, cell, outline, ground);
        self.content(out, marks, cell, outline, centre, r);
    }

    /// A space's ground: its own fill, then haze if cloaked, a grid if a wall.
    pub(crate) fn ground(
        &self,
        out: &mut String,
        cell: Option<u16>,
        outline: &Outline,
        ground: Option<&str>,
    ) {
        let Some(space) = cell.and_then(|c| self.view.spaces().get(usize::from(c))) else {
            return;
        };
        if let Some(ground) = ground {
            out.push_str(&outline.svg(ground));
            out.push('\n');
        }
        let cell = cell.unwrap_or_default();
        if let Some(mask) = self.exclusive(cell) {
            out.push_str(&outline.svg(&format!(r#"fill="url(#excl{mask})""#)));
            out.push('\n');
        }
        if self.game.is_sticky(cell) {
            out.push_str(&outline.svg(r#"fill="url(#sticky)""#));
            out.push('\n');
        }
        if space.cloaked {
            out.push_str(&outline.svg(r#"fill="url(#haze)""#));
            out.push('\n');
        }
        if space.seen == Seen::Wall {
            out.push_str(&outline.svg(
                r##"fill="url(#lock)" stroke="#555555" stroke-width="1" fill-opacity="0.9""##,
            ));
            out.push('\n');
        }
    }

    /// A space's piece, on a glow if it decided the match, and its
    /// highlights (kept in `marks` for the end of the panel).
    pub(crate) fn content(
        &self,
        out: &mut String,
        marks: &mut Marks,
        cell: Option<u16>,
        outline: &Outline,
        centre: (f32, f32),
        r: f32,
    ) {
        let Some(cell) = cell else { return };
        let Some(space) = self.view.spaces().get(usize::from(cell)) else {
            return;
        };
        let (cx, cy) = centre;
        // Outlines as thick as the piece is big (a triangle's are thinner).
        let width = (r * 0.2).max(2.5);
        if self.deciding[usize::from(cell)] {
            let _ = writeln!(
                out,
                r#"<circle cx="{}" cy="{}" r="{}" fill="url(#glow)"/>"#,
                N(cx),
                N(cy),
                N(r * 1.65)
            );
            // Inside the last move's outline, where both are drawn.
            let inner = if self.last[usize::from(cell)] {
                outline.inset(width * 1.5)
            } else {
                outline.inset(width / 2.0)
            };
            let svg = inner.svg(&format!(
                r#"fill="none" stroke="{DECIDING}" stroke-width="{}" stroke-linejoin="round""#,
                N(width * 0.8)
            ));
            marks.deciding.push((cell, centre, svg));
        }
        match space.seen {
            Seen::Empty | Seen::Wall => {}
            Seen::Piece(color, shape) => piece(out, color, shape, cx, cy, r),
            Seen::Obscured(color) => obscured(out, color, cx, cy, r),
        }
        if self.marked[usize::from(cell)] {
            let width = (self.s * 0.06).max(2.0);
            marks.svg.push_str(&outline.svg(&format!(
                r#"fill="none" stroke="{MARK}" stroke-width="{}" stroke-dasharray="{} {}" stroke-linejoin="round""#,
                N(width),
                N(width * 2.0),
                N(width * 1.5)
            )));
            marks.svg.push('\n');
        }
        if self.last[usize::from(cell)] {
            marks.svg.push_str(&outline.svg(&format!(
                r#"fill="none" stroke="{HIGHLIGHT}" stroke-width="{}" stroke-linejoin="round""#,
                N(width)
            )));
            marks.svg.push('\n');
        }
    }

    /// Patterns for sticky spaces (dots) and for each set of seats some
    /// space is kept for (stripes in their colours), only when used.
    pub(crate) fn marker_defs(&self, out: &mut String) {
        let sets = self.exclusive_sets();
        let sticky = self.any_sticky();
        if sets.is_empty() && !sticky {
            return;
        }
        out.push_str("<defs>");
        if sticky {
            let g = (self.s / 6.0).max(5.0);
            let _ = write!(
                out,
                r##"<pattern id="sticky" patternUnits="userSpaceOnUse" width="{g}" height="{g}"><circle cx="{h}" cy="{h}" r="{r}" fill="#4a3b26" fill-opacity="0.75"/></pattern>"##,
                g = N(g),
                h = N(g / 2.0),
                r = N((g * 0.16).max(1.1)),
            );
        }
        let t = (self.s * 0.08).max(3.5);
        for mask in sets {
            let mut colors: Vec<&str> = self
                .seats_in(mask)
                .map(|i| self.game.seats[i].color.hex())
                .collect();
            if colors.is_empty() {
                colors.push("#8e8e8e");
            }
            let w = 2.0 * t * colors.len() as f32;
            let _ = write!(
                out,
                r#"<pattern id="excl{mask}" patternUnits="userSpaceOnUse" width="{}" height="{}" patternTransform="rotate(45)">"#,
                N(w),
                N(w)
            );
            for (k, color) in colors.iter().enumerate() {
                let _ = write!(
                    out,
                    r##"<rect x="{}" y="-1" width="{}" height="{}" fill="{color}" stroke="#3c3c3c" stroke-width="1"/>"##,
                    N(2.0 * t * k as f32),
                    N(t),
                    N(w + 2.0)
                );
            }
            out.push_str("</pattern>");
        }
        out.push_str("</defs>\n");
    }
}
