//! The SVG vocabulary every picture shares: colours, short numbers,
//! escaped text, outlines and panels laid side by side.

use std::fmt::{self, Write as _};

pub(crate) const PAGE: &str = "#ffffff";
pub(crate) const BOARD: &str = "#f3e6c8";
pub(crate) const LINE: &str = "#6f5f46";
pub(crate) const INK: &str = "#2b2b2b";
pub(crate) const FAINT: &str = "#9c8f78";
pub(crate) const POST: &str = "#8b6b3e";
pub(crate) const HIGHLIGHT: &str = "#e0261b";
/// What the view points out (a piece just run into, a pending capture).
pub(crate) const MARK: &str = "#f08c00";
pub(crate) const OUTLINE: &str = "#333333";

/// A number for SVG: one decimal, no trailing ".0".
pub(crate) struct N(pub(crate) f32);

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

pub(crate) fn escape(text: &str) -> String {
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
pub(crate) fn text_width(text: &str, size: f32) -> f32 {
    text.chars().count() as f32 * size * 0.56
}

#[derive(Clone, Copy)]
pub(crate) enum Anchor {
    Start,
    Middle,
    End,
}

/// Text whose middle height is at `y`.
pub(crate) fn text(
    out: &mut String,
    x: f32,
    y: f32,
    size: f32,
    anchor: Anchor,
    fill: &str,
    body: &str,
) {
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

pub(crate) fn points(pts: &[(f32, f32)]) -> String {
    let mut s = String::new();
    for (i, (x, y)) in pts.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        let _ = write!(s, "{},{}", N(*x), N(*y));
    }
    s
}

/// The outline of one space.
pub(crate) enum Outline {
    Rect(f32, f32, f32, f32),
    Poly(Vec<(f32, f32)>),
}

impl Outline {
    pub(crate) fn svg(&self, attrs: &str) -> String {
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
pub(crate) struct Panel {
    pub(crate) w: f32,
    pub(crate) h: f32,
    pub(crate) body: String,
}

impl Panel {
    pub(crate) fn place(&self, out: &mut String, x: f32, y: f32) {
        let _ = writeln!(out, r#"<g transform="translate({},{})">"#, N(x), N(y));
        out.push_str(&self.body);
        out.push_str("</g>\n");
    }
}

/// Panels side by side (at most `per_row` a row), under an optional title.
pub(crate) fn arrange(
    panels: &[Panel],
    per_row: usize,
    gap: f32,
    title: Option<(&str, f32)>,
) -> Panel {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(N(3.0).to_string(), "3");
        assert_eq!(N(2.25).to_string(), "2.3");
        assert_eq!(N(-0.04).to_string(), "0");
        assert_eq!(N(-1.5).to_string(), "-1.5");
    }
}
