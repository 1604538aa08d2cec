//! Boards as pictures: an SVG built in code from what one viewer sees, and
//! the same rasterised to PNG by resvg with an embedded font (DejaVu Sans;
//! no system font is ever loaded, so every machine draws the same pixels).
//!
//! Everything is drawn from a [`View`] and the [`Game`] (geometry, seats'
//! colours, rule names), never from the full state, so a picture cannot show
//! a piece its viewer may not see.
//!
//! Layout follows the engine's text boards (`redscience_engine::text`):
//! x grows to the right and y upwards, (1,1) is the lower left, and the
//! coordinates stand on the edges so a move can be typed from the picture.
//!
//! - **Hash**: the # grid, four lines and no border.
//! - **Squares** (and **squares on a toroid**, drawn as a plane with a note
//!   that the edges join): a grid of squares; a 3-D board shows its layers
//!   side by side, labelled z=1, z=2, ...
//! - **Stacks**: one panel per row y, each x a post with its pieces from the
//!   bottom; only two empty rows above the tallest stack are drawn, and the
//!   maximum height stands in the upper-left corner.
//! - **Hexagons**: pointy-top hexagons, each row half a cell right of the
//!   row below, x numbered under the bottom row and over the top row.
//! - **Tetrakis squares**: each square split into its four triangles, the
//!   empty ones carrying their number (1 north, 2 east, 3 south, 4 west).
//! - Several boards stand side by side, titled "Board 1", "Board 2", ...
//!
//! Pieces have their shape in their colour; an obscured piece is its colour
//! in a rounded square with a question mark; a cloaked space is hazy; a
//! locked space (a wall) is a grey grid; the last move is outlined in red;
//! a sticky space is dotted, a space kept for some seats is hatched in
//! their colours, and where pieces move each seat's goal edge has a bar in
//! its colour. The caption can carry the reserves the view holds.
//!
//! Besides boards: a leaderboard card ([`leaderboard_png`]) and a chart of
//! ratings over time ([`rating_chart_png`], drawn with plotters' SVG
//! backend), both rasterised the same way.

mod card;
mod chart;

pub use card::{LeaderRow, LeaderboardCard, leaderboard_png, leaderboard_svg};
pub use chart::{RatingSeries, rating_chart_png, rating_chart_svg};

use std::fmt::{self, Write as _};
use std::sync::{Arc, OnceLock};

use redscience_engine::game::{Game, Seen, View};
use redscience_engine::rules::{BoardKind, Color, Shape};
use resvg::{tiny_skia, usvg};

/// The embedded font; its licence is in `fonts/LICENSE-DejaVu.txt`.
const FONT: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");
const FONT_FAMILY: &str = "DejaVu Sans";

const PAGE: &str = "#ffffff";
const BOARD: &str = "#f3e6c8";
const LINE: &str = "#6f5f46";
const INK: &str = "#2b2b2b";
const FAINT: &str = "#9c8f78";
const POST: &str = "#8b6b3e";
const HIGHLIGHT: &str = "#e0261b";
/// What the view points out (a piece just run into, a pending capture).
const MARK: &str = "#f08c00";
const OUTLINE: &str = "#333333";

/// How a board is drawn, beyond what the view says.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardOptions {
    /// Lines written above the board, e.g. from [`caption`]: the game's
    /// name, whose turn it is.
    pub caption: Vec<String>,
    /// Cells of the last move, outlined.
    pub last_move: Vec<u16>,
    /// Pixels per cell; 0 picks a size that keeps the picture about
    /// `max_width` wide (within sensible limits for each kind of board).
    pub cell_size: u32,
    /// The width an automatic cell size aims for, in pixels.
    pub max_width: u32,
    /// A line under the board naming each seat in its colour.
    pub legend: bool,
    /// Under the caption, the reserves the view holds: the viewer's own by
    /// shape, the others' as a count per colour (only where the view has
    /// them). Drawn only with a caption.
    pub reserves: bool,
}

impl Default for BoardOptions {
    fn default() -> Self {
        BoardOptions {
            caption: Vec::new(),
            last_move: Vec::new(),
            cell_size: 0,
            max_width: 720,
            legend: true,
            reserves: true,
        }
    }
}

/// Why a picture could not be made.
#[derive(Debug)]
pub enum RenderError {
    /// The SVG built here did not parse (a bug in this crate).
    Svg(String),
    /// The picture would be empty or too large to allocate.
    Size(u32, u32),
    /// PNG encoding failed.
    Png(String),
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::Svg(e) => write!(f, "the drawing is not valid SVG: {e}"),
            RenderError::Size(w, h) => write!(f, "a {w}x{h} picture cannot be drawn"),
            RenderError::Png(e) => write!(f, "the picture could not be encoded as PNG: {e}"),
        }
    }
}

impl std::error::Error for RenderError {}

/// The usual caption: the game's name, then whose turn it is (or that the
/// match is over), and the phase when there are several.
pub fn caption(game: &Game, view: &View) -> Vec<String> {
    let mut lines = vec![game.rules.name.clone()];
    let mut turn = match view.to_move.and_then(|s| game.seats.get(s)) {
        Some(seat) => format!("{} ({}) to move", seat.label(), seat.color.name()),
        None => "Game over".to_string(),
    };
    if game.rules.phases.len() > 1 {
        turn.push_str(&format!(
            " \u{2022} phase {} of {}",
            view.phase + 1,
            game.rules.phases.len()
        ));
    }
    lines.push(turn);
    lines
}

/// The board as a PNG image.
pub fn board_png(game: &Game, view: &View, options: &BoardOptions) -> Result<Vec<u8>, RenderError> {
    rasterise(&board_svg(game, view, options))
}

/// SVG text (built here) to PNG, with the embedded font only.
fn rasterise(svg: &str) -> Result<Vec<u8>, RenderError> {
    let tree =
        usvg::Tree::from_str(svg, svg_options()).map_err(|e| RenderError::Svg(e.to_string()))?;
    let size = tree.size().to_int_size();
    let (w, h) = (size.width(), size.height());
    if u64::from(w) * u64::from(h) > 64_000_000 {
        return Err(RenderError::Size(w, h));
    }
    let mut pixmap = tiny_skia::Pixmap::new(w, h).ok_or(RenderError::Size(w, h))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    encode(&pixmap).map_err(|e| RenderError::Png(e.to_string()))
}

/// The picture as an RGB PNG, compressed fast (the page is opaque, so no
/// alpha channel is needed and premultiplied colours are the colours).
fn encode(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, png::EncodingError> {
    let rgba = pixmap.data();
    if rgba.chunks_exact(4).any(|p| p[3] != 255) {
        return pixmap.encode_png();
    }
    let rgb: Vec<u8> = rgba
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    let mut out = Vec::with_capacity(rgb.len() / 8);
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&rgb)?;
    writer.finish()?;
    Ok(out)
}

/// usvg's options: the embedded font only, shared by every render.
fn svg_options() -> &'static usvg::Options<'static> {
    static OPTIONS: OnceLock<usvg::Options<'static>> = OnceLock::new();
    OPTIONS.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        db.load_font_data(FONT.to_vec());
        db.set_sans_serif_family(FONT_FAMILY);
        usvg::Options {
            font_family: FONT_FAMILY.to_string(),
            fontdb: Arc::new(db),
            ..usvg::Options::default()
        }
    })
}

/// The board as SVG text (what [`board_png`] rasterises).
pub fn board_svg(game: &Game, view: &View, options: &BoardOptions) -> String {
    let cell = if options.cell_size > 0 {
        options.cell_size as f32
    } else {
        // Lay out at 40 px a cell and scale to the width aimed for; once
        // more, since labels and titles do not scale with the cells.
        let (lo, hi) = match game.geometry.kind {
            BoardKind::TetrakisSquares => (44.0, 110.0),
            _ => (18.0, 64.0),
        };
        let aim = options.max_width.max(100) as f32 - 24.0;
        let mut s: f32 = 40.0;
        for _ in 0..2 {
            let width = Drawing::new(game, view, options, s).content_width();
            s = (s * aim / width.max(1.0)).clamp(lo, hi);
        }
        s.floor()
    };
    Drawing::new(game, view, options, cell).svg()
}

/// A number for SVG: one decimal, no trailing ".0".
struct N(f32);

impl fmt::Display for N {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = (self.0 * 10.0).round() / 10.0;
        if v == v.trunc() {
            write!(f, "{}", v as i64)
        } else {
            write!(f, "{v:.1}")
        }
    }
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

/// A rough width of a line of text in the embedded font.
fn text_width(text: &str, size: f32) -> f32 {
    text.chars().count() as f32 * size * 0.56
}

#[derive(Clone, Copy)]
enum Anchor {
    Start,
    Middle,
    End,
}

/// Text whose middle height is at `y`.
fn text(out: &mut String, x: f32, y: f32, size: f32, anchor: Anchor, fill: &str, body: &str) {
    let anchor = match anchor {
        Anchor::Start => "start",
        Anchor::Middle => "middle",
        Anchor::End => "end",
    };
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" font-size="{}" text-anchor="{anchor}" fill="{fill}">{}</text>"#,
        N(x),
        N(y + size * 0.36),
        N(size),
        escape(body)
    );
}

fn points(pts: &[(f32, f32)]) -> String {
    let mut s = String::new();
    for (i, (x, y)) in pts.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        let _ = write!(s, "{},{}", N(*x), N(*y));
    }
    s
}

/// Points on a circle, starting straight up and going clockwise.
fn ring(cx: f32, cy: f32, radii: &[f32], count: usize, turn: f32) -> Vec<(f32, f32)> {
    (0..count)
        .map(|k| {
            let a = (-90.0 + turn + 360.0 * k as f32 / count as f32).to_radians();
            let r = radii[k % radii.len()];
            (cx + r * a.cos(), cy + r * a.sin())
        })
        .collect()
}

/// A plus sign of half-length `r`, turned by `turn` degrees.
fn plus(cx: f32, cy: f32, r: f32, turn: f32) -> Vec<(f32, f32)> {
    let a = r * 0.32;
    let corners = [
        (-a, -r),
        (a, -r),
        (a, -a),
        (r, -a),
        (r, a),
        (a, a),
        (a, r),
        (-a, r),
        (-a, a),
        (-r, a),
        (-r, -a),
        (-a, -a),
    ];
    let (s, c) = turn.to_radians().sin_cos();
    corners
        .iter()
        .map(|(x, y)| (cx + x * c - y * s, cy + x * s + y * c))
        .collect()
}

/// One piece in its shape and colour, centred on (cx, cy), about `r` in radius.
fn piece(out: &mut String, color: Color, shape: Shape, cx: f32, cy: f32, r: f32) {
    let style = format!(
        r#"fill="{}" stroke="{OUTLINE}" stroke-width="{}" stroke-linejoin="round""#,
        color.hex(),
        N((r * 0.09).max(1.0))
    );
    let poly = |pts: Vec<(f32, f32)>| format!(r#"<polygon points="{}" {style}/>"#, points(&pts));
    let svg = match shape {
        Shape::Circle => format!(
            r#"<circle cx="{}" cy="{}" r="{}" {style}/>"#,
            N(cx),
            N(cy),
            N(r * 0.86)
        ),
        Shape::Pentagon => poly(ring(cx, cy + r * 0.05, &[r], 5, 0.0)),
        Shape::Triangle => poly(ring(cx, cy + r * 0.18, &[r * 1.08], 3, 0.0)),
        Shape::Star => poly(ring(cx, cy + r * 0.06, &[r * 1.05, r * 0.45], 10, 0.0)),
        Shape::Cross => poly(plus(cx, cy, r * 0.95, 0.0)),
        Shape::X => poly(plus(cx, cy, r * 1.02, 45.0)),
    };
    out.push_str(&svg);
    out.push('\n');
}

/// A piece whose colour is known but not its shape.
fn obscured(out: &mut String, color: Color, cx: f32, cy: f32, r: f32) {
    let side = r * 1.6;
    let _ = writeln!(
        out,
        r#"<rect x="{}" y="{}" width="{}" height="{}" rx="{}" fill="{}" stroke="{OUTLINE}" stroke-width="{}" stroke-dasharray="{} {}"/>"#,
        N(cx - side / 2.0),
        N(cy - side / 2.0),
        N(side),
        N(side),
        N(side * 0.3),
        color.hex(),
        N((r * 0.08).max(1.0)),
        N(r * 0.25),
        N(r * 0.18),
    );
    let ink = if color == Color::Black {
        "#ffffff"
    } else {
        "#000000"
    };
    text(out, cx, cy, r * 1.1, Anchor::Middle, ink, "?");
}

/// The outline of one space.
enum Outline {
    Rect(f32, f32, f32, f32),
    Poly(Vec<(f32, f32)>),
}

impl Outline {
    fn svg(&self, attrs: &str) -> String {
        match self {
            Outline::Rect(x, y, w, h) => format!(
                r#"<rect x="{}" y="{}" width="{}" height="{}" {attrs}/>"#,
                N(*x),
                N(*y),
                N(*w),
                N(*h)
            ),
            Outline::Poly(pts) => format!(r#"<polygon points="{}" {attrs}/>"#, points(pts)),
        }
    }
}

/// A drawn part of the picture, with its own origin at its top left.
struct Panel {
    w: f32,
    h: f32,
    body: String,
}

impl Panel {
    fn place(&self, out: &mut String, x: f32, y: f32) {
        let _ = writeln!(out, r#"<g transform="translate({},{})">"#, N(x), N(y));
        out.push_str(&self.body);
        out.push_str("</g>\n");
    }
}

/// Panels side by side (at most `per_row` a row), under an optional title.
fn arrange(panels: &[Panel], per_row: usize, gap: f32, title: Option<(&str, f32)>) -> Panel {
    let mut body = String::new();
    let mut y = 0.0;
    if let Some((t, size)) = title {
        text(&mut body, 0.0, size * 0.7, size, Anchor::Start, INK, t);
        y += size * 1.6;
    }
    let mut w: f32 = title.map_or(0.0, |(t, size)| text_width(t, size));
    for row in panels.chunks(per_row.max(1)) {
        let mut x = 0.0;
        let mut row_h: f32 = 0.0;
        for p in row {
            p.place(&mut body, x, y);
            x += p.w + gap;
            row_h = row_h.max(p.h);
        }
        w = w.max(x - gap);
        y += row_h + gap;
    }
    Panel {
        w,
        h: y - gap,
        body,
    }
}

/// A side of a flat board.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Top,
    Bottom,
    Left,
    Right,
}

/// One picture being drawn at a given cell size.
struct Drawing<'a> {
    game: &'a Game,
    view: &'a View,
    options: &'a BoardOptions,
    /// Pixels per cell.
    s: f32,
    /// Coordinate labels' font size.
    fs: f32,
    last: Vec<bool>,
    /// Spaces the view points out (`View::marked`).
    marked: Vec<bool>,
}

impl<'a> Drawing<'a> {
    fn new(game: &'a Game, view: &'a View, options: &'a BoardOptions, s: f32) -> Drawing<'a> {
        let mut last = vec![false; view.spaces.len()];
        for &c in &options.last_move {
            if let Some(l) = last.get_mut(usize::from(c)) {
                *l = true;
            }
        }
        let mut marked = vec![false; view.spaces.len()];
        for &c in &view.marked {
            if let Some(m) = marked.get_mut(usize::from(c)) {
                *m = true;
            }
        }
        Drawing {
            game,
            view,
            options,
            s,
            fs: (s * 0.34).clamp(10.0, 15.0),
            last,
            marked,
        }
    }

    fn content_width(&self) -> f32 {
        self.boards().w
    }

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
    fn exclusive_sets(&self) -> Vec<u8> {
        let mut sets: Vec<u8> = (0..self.view.spaces.len() as u16)
            .filter_map(|c| self.exclusive(c))
            .collect();
        sets.sort_unstable();
        sets.dedup();
        sets
    }

    fn any_sticky(&self) -> bool {
        (0..self.view.spaces.len() as u16).any(|c| self.game.is_sticky(c))
    }

    /// The seats of a set, by index.
    fn seats_in(&self, mask: u8) -> impl Iterator<Item = usize> + '_ {
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
        ) && self
            .game
            .rules
            .shapes
            .iter()
            .any(|s| !s.movement.is_empty())
    }

    /// Each goal edge with the seats aiming at it: (axis, value, seats).
    fn goal_edges(&self) -> Vec<(usize, u8, Vec<usize>)> {
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

    /// Where an edge is drawn.
    fn side(&self, axis: usize, value: u8) -> Side {
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
    fn goal_bar(&self, out: &mut String, seats: &[usize], at: (f32, f32), len: f32, down: bool) {
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
    fn edge_name(&self, axis: usize, value: u8) -> String {
        let side = match self.side(axis, value) {
            Side::Top => "top",
            Side::Bottom => "bottom",
            Side::Left => "left",
            Side::Right => "right",
        };
        let along = if axis == 0 { 'x' } else { 'y' };
        format!("{side} ({along}={value})")
    }

    /// Draws one space: [`Drawing::ground`] then [`Drawing::content`].
    #[allow(clippy::too_many_arguments)]
    fn space(
        &self,
        out: &mut String,
        marks: &mut String,
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
    fn ground(&self, out: &mut String, cell: Option<u16>, outline: &Outline, ground: Option<&str>) {
        let Some(space) = cell.and_then(|c| self.view.spaces.get(usize::from(c))) else {
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

    /// A space's piece, and its highlight (kept in `marks` for the end of
    /// the panel, so that no neighbour covers it).
    fn content(
        &self,
        out: &mut String,
        marks: &mut String,
        cell: Option<u16>,
        outline: &Outline,
        centre: (f32, f32),
        r: f32,
    ) {
        let Some(cell) = cell else { return };
        let Some(space) = self.view.spaces.get(usize::from(cell)) else {
            return;
        };
        let (cx, cy) = centre;
        match space.seen {
            Seen::Empty | Seen::Wall => {}
            Seen::Piece(color, shape) => piece(out, color, shape, cx, cy, r),
            Seen::Obscured(color) => obscured(out, color, cx, cy, r),
        }
        if self.marked[usize::from(cell)] {
            let width = (self.s * 0.06).max(2.0);
            marks.push_str(&outline.svg(&format!(
                r#"fill="none" stroke="{MARK}" stroke-width="{}" stroke-dasharray="{} {}" stroke-linejoin="round""#,
                N(width),
                N(width * 2.0),
                N(width * 1.5)
            )));
            marks.push('\n');
        }
        if self.last[usize::from(cell)] {
            let width = (self.s * 0.07).max(2.5);
            marks.push_str(&outline.svg(&format!(
                r#"fill="none" stroke="{HIGHLIGHT}" stroke-width="{}" stroke-linejoin="round""#,
                N(width)
            )));
            marks.push('\n');
        }
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
                    BoardKind::Stacks => "x",
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
    fn title(&self, out: &mut String, title: Option<&str>, x: f32, w: f32) -> f32 {
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

    /// Hash, squares and squares on a toroid: one layer as a grid.
    fn plane(&self, board: u8, z: u8, title: Option<String>) -> Panel {
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

    /// How many rows of stacks to draw: two above the tallest stack seen
    /// on this board, at most the board's height.
    fn shown_height(&self, board: u8) -> u8 {
        let geo = &self.game.geometry;
        let [nx, ny, nz] = geo.dims;
        let mut tallest = 0;
        for y in 1..=ny {
            for x in 1..=nx {
                for z in 1..=nz {
                    let filled = geo
                        .cell(board, x, y, z)
                        .and_then(|c| self.view.spaces.get(usize::from(c)))
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
    fn stacks(&self, board: u8, y: u8, height: u8, title: Option<String>) -> Panel {
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
            r#"<rect x="{}" y="{}" width="{}" height="{}" rx="{}" fill="{BOARD}"/>"#,
            N(ox),
            N(oy - s * 0.15),
            N(gw),
            N(gh + s * 0.15),
            N(s * 0.1)
        );
        let mut marks = String::new();
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
        out.push_str(&marks);
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

    /// Hexagons: a rhombus of pointy-top hexagons, each row half a cell
    /// right of the row below, so (x,y) touches (x,y-1) and (x+1,y-1).
    fn hexagons(&self, board: u8, z: u8, title: Option<String>) -> Panel {
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
        let mut marks = String::new();
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
                    self.goal_bar(&mut marks, seats, (x0 - s / 2.0, y0), x1 - x0 + s, false);
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
                        self.goal_bar(&mut marks, seats, (cx, cy - r / 2.0), r, true);
                    }
                }
            }
        }
        out.push_str(&marks);
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

    /// Tetrakis squares: every square cut by its diagonals into four
    /// triangles, 1 north, 2 east, 3 south, 4 west.
    fn tetrakis(&self, board: u8) -> Panel {
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
        let mut marks = String::new();
        for (axis, value, seats) in &goals {
            let (at, len, down) = match self.side(*axis, *value) {
                Side::Top => ((left, top - 7.0), gw, false),
                Side::Bottom => ((left, top + gh + 2.0), gw, false),
                Side::Left => ((left - 7.0, top), gh, true),
                Side::Right => ((left + gw + 2.0, top), gh, true),
            };
            self.goal_bar(&mut marks, seats, at, len, down);
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
                        .and_then(|c| self.view.spaces.get(usize::from(c)))
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
        out.push_str(&marks);
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

    /// Notes under the board on how it joins, as the text board has them.
    fn notes(&self) -> Vec<String> {
        let mut notes: Vec<String> = self.join_notes().iter().map(|n| n.to_string()).collect();
        if self.any_sticky() {
            notes.push("Dotted spaces are sticky: a piece there cannot leave".to_string());
        }
        for mask in self.exclusive_sets() {
            let who: Vec<String> = self
                .seats_in(mask)
                .map(|i| self.game.seats[i].label())
                .collect();
            let who = if who.is_empty() {
                "no one".to_string()
            } else {
                who.join(" and ")
            };
            notes.push(format!(
                "Hatched{}: only {who} may enter or leave",
                if self.exclusive_sets().len() > 1 {
                    " in their colours"
                } else {
                    ""
                }
            ));
        }
        let goals: Vec<String> = self
            .goal_edges()
            .iter()
            .flat_map(|(axis, value, seats)| {
                seats.iter().map(move |&i| {
                    format!(
                        "{} {}",
                        self.game.seats[i].label(),
                        self.edge_name(*axis, *value)
                    )
                })
            })
            .collect();
        if !goals.is_empty() {
            notes.push(format!("Goals: {}", goals.join(", ")));
        }
        notes
    }

    /// Notes on how the board joins.
    fn join_notes(&self) -> Vec<&'static str> {
        match self.game.geometry.kind {
            BoardKind::SquaresOnToroid => {
                vec!["Toroid: the left and right edges join, and so do the top and bottom"]
            }
            BoardKind::Hexagons => {
                vec!["Hexagons: (x,y) touches (x\u{b1}1,y), (x,y\u{b1}1), (x+1,y-1), (x-1,y+1)"]
            }
            BoardKind::TetrakisSquares => {
                vec!["Triangles x,y,t: t = 1 north, 2 east, 3 south, 4 west"]
            }
            BoardKind::Stacks => vec!["Stacks: type a column x (or x,y); pieces land on top"],
            _ => Vec::new(),
        }
    }

    /// Seats in their colours, the one to move marked.
    fn legend(&self) -> Option<(String, f32, f32)> {
        if !self.options.legend {
            return None;
        }
        let fs = 13.0;
        let r = fs * 0.55;
        let mut out = String::new();
        let mut x = 0.0;
        let mut seen: Vec<String> = Vec::new();
        for (i, seat) in self.game.seats.iter().enumerate() {
            let label = format!("{} ({})", seat.label(), seat.color.name());
            if seen.contains(&label) {
                continue;
            }
            seen.push(label.clone());
            let width = r * 2.0 + 6.0 + text_width(&label, fs);
            if self.view.to_move == Some(i) {
                let _ = writeln!(
                    out,
                    r##"<rect x="{}" y="0" width="{}" height="{}" rx="{}" fill="#fff1b8" stroke="#d9a400"/>"##,
                    N(x - 4.0),
                    N(width + 8.0),
                    N(fs * 1.7),
                    N(fs * 0.5)
                );
            }
            let _ = writeln!(
                out,
                r#"<circle cx="{}" cy="{}" r="{}" fill="{}" stroke="{OUTLINE}" stroke-width="1"/>"#,
                N(x + r),
                N(fs * 0.85),
                N(r),
                seat.color.hex()
            );
            text(
                &mut out,
                x + r * 2.0 + 5.0,
                fs * 0.85,
                fs,
                Anchor::Start,
                INK,
                &label,
            );
            x += width + 18.0;
        }
        Some((out, x - 18.0 + 4.0, fs * 1.7))
    }

    /// The reserves the view holds, for the caption: the viewer's own
    /// colours by shape, every other colour as one count.
    fn reserves_row(&self) -> Option<(String, f32, f32)> {
        if !self.options.reserves
            || self.options.caption.is_empty()
            || self.view.reserves.is_empty()
        {
            return None;
        }
        let fs = 13.0;
        let r = fs * 0.5;
        let cy = fs * 0.85;
        let mut out = String::new();
        let label = "Reserves:";
        text(&mut out, 0.0, cy, fs, Anchor::Start, INK, label);
        let mut x = text_width(label, fs) + 8.0;
        let own = |c: Color| {
            self.view
                .viewer
                .and_then(|s| self.game.seats.get(s))
                .is_some_and(|seat| seat.controls(c))
        };
        let mut colors: Vec<Color> = self.view.reserves.iter().map(|r| r.0).collect();
        colors.dedup();
        for color in colors {
            let of_color = self.view.reserves.iter().filter(|r| r.0 == color);
            if own(color) {
                for &(_, shape, n) in of_color {
                    piece(&mut out, color, shape, x + r, cy, r);
                    let count = format!("\u{d7}{n}");
                    text(
                        &mut out,
                        x + 2.0 * r + 3.0,
                        cy,
                        fs,
                        Anchor::Start,
                        INK,
                        &count,
                    );
                    x += 2.0 * r + 3.0 + text_width(&count, fs) + 12.0;
                }
            } else {
                let n: u32 = of_color.map(|r| u32::from(r.2)).sum();
                let _ = writeln!(
                    out,
                    r#"<rect x="{}" y="{}" width="{}" height="{}" rx="3" fill="{}" stroke="{OUTLINE}" stroke-width="1"/>"#,
                    N(x),
                    N(cy - r),
                    N(2.0 * r),
                    N(2.0 * r),
                    color.hex()
                );
                let count = format!("{} \u{d7}{n}", color.name());
                text(
                    &mut out,
                    x + 2.0 * r + 4.0,
                    cy,
                    fs,
                    Anchor::Start,
                    INK,
                    &count,
                );
                x += 2.0 * r + 4.0 + text_width(&count, fs) + 6.0;
            }
            x += 8.0;
        }
        Some((out, x, fs * 1.7))
    }

    fn svg(&self) -> String {
        let margin = 12.0;
        let cap_fs = 17.0;
        let note_fs = 12.0;
        let boards = self.boards();
        let mut width = boards.w;
        let mut body = String::new();
        let mut y = margin;
        for (i, line) in self.options.caption.iter().enumerate() {
            let size = if i == 0 { cap_fs } else { cap_fs * 0.8 };
            text(
                &mut body,
                margin,
                y + size * 0.6,
                size,
                Anchor::Start,
                INK,
                line,
            );
            width = width.max(text_width(line, size));
            y += size * 1.45;
        }
        if let Some((row, w, h)) = self.reserves_row() {
            let _ = writeln!(body, r#"<g transform="translate({},{})">"#, N(margin), N(y));
            body.push_str(&row);
            body.push_str("</g>\n");
            width = width.max(w);
            y += h + 2.0;
        }
        if !self.options.caption.is_empty() {
            y += 4.0;
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
        if let Some((legend, w, h)) = self.legend() {
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
        self.marker_defs(&mut out);
        let _ = writeln!(out, r#"<rect width="{w}" height="{h}" fill="{PAGE}"/>"#);
        out.push_str(&body);
        out.push_str("</svg>\n");
        out
    }
}

impl Drawing<'_> {
    /// Patterns for sticky spaces (dots) and for each set of seats some
    /// space is kept for (stripes in their colours), only when used.
    fn marker_defs(&self, out: &mut String) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use redscience_engine::RuleSet;
    use redscience_engine::notation::apply_turn;

    fn game(json: &str) -> Arc<Game> {
        let rules: RuleSet = serde_json::from_str(json).unwrap();
        Game::new(rules).unwrap()
    }

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
    fn only_the_embedded_font_is_loaded() {
        let db = &svg_options().fontdb;
        assert_eq!(db.len(), 1);
        assert!(
            db.faces()
                .all(|f| f.families.iter().any(|(n, _)| n == FONT_FAMILY))
        );
    }

    #[test]
    fn one_one_is_lower_left_and_y_grows_upwards() {
        let g = game(
            r#"{"schema_version": 1, "name": "t", "turn_checks": [], "board": "squares",
                "dimensions": [3, 3, 1],
                "initial": [{"at": "1,1", "color": "black"}, {"at": "3,3", "color": "white"}]}"#,
        );
        let svg = board_svg(&g, &g.start().truth_view(), &BoardOptions::default());
        let (bx, by) = circle_at(&svg, Color::Black.hex());
        let (wx, wy) = circle_at(&svg, Color::White.hex());
        assert!(bx < wx, "x grows to the right");
        assert!(by > wy, "y grows upwards (SVG's y grows downwards)");
    }

    #[test]
    fn stacks_show_two_rows_above_the_tallest() {
        let g = Game::new(redscience_engine::catalogue::get("Connect4").unwrap()).unwrap();
        let height = |s: &redscience_engine::State| {
            let view = s.truth_view();
            let options = BoardOptions::default();
            Drawing::new(&g, &view, &options, 40.0).shown_height(1)
        };
        let mut s = g.start();
        assert_eq!(height(&s), 2);
        for t in ["4", "4", "4"] {
            apply_turn(&mut s, t, |_| None).unwrap();
        }
        assert_eq!(height(&s), 5);
        for t in ["4", "4", "4"] {
            apply_turn(&mut s, t, |_| None).unwrap();
        }
        assert_eq!(height(&s), 6, "never above the maximum height");
    }

    #[test]
    fn caption_text_is_escaped_and_the_svg_parses() {
        let g = Game::new(RuleSet::tic_tac_toe("A<&>\"B")).unwrap();
        let view = g.start().truth_view();
        let options = BoardOptions {
            caption: caption(&g, &view),
            ..BoardOptions::default()
        };
        let svg = board_svg(&g, &view, &options);
        assert!(svg.contains("A&lt;&amp;&gt;&quot;B"), "{svg}");
        assert!(svg.contains("Player 1 (black) to move"));
        assert!(usvg::Tree::from_str(&svg, svg_options()).is_ok());
        assert!(board_png(&g, &view, &options).is_ok());
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(N(3.0).to_string(), "3");
        assert_eq!(N(2.25).to_string(), "2.3");
        assert_eq!(N(-0.04).to_string(), "0");
        assert_eq!(N(-1.5).to_string(), "-1.5");
    }

    #[test]
    fn last_move_is_outlined_and_a_cell_size_is_kept() {
        let g = Game::new(RuleSet::tic_tac_toe("t")).unwrap();
        let view = g.start().truth_view();
        let plain = board_svg(&g, &view, &BoardOptions::default());
        assert!(!plain.contains(HIGHLIGHT));
        let options = BoardOptions {
            last_move: vec![4],
            cell_size: 50,
            ..BoardOptions::default()
        };
        let svg = board_svg(&g, &view, &options);
        assert_eq!(svg.matches(HIGHLIGHT).count(), 1);
        assert!(svg.contains(r#"width="50" height="50""#));
    }
}
