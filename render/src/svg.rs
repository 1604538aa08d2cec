//! The SVG vocabulary every picture shares: colours, short numbers,
//! escaped text, outlines and panels laid side by side.

use std::fmt::{self, Write as _};

use crate::fonts;

pub(crate) const PAGE: &str = "#ffffff";
pub(crate) const BOARD: &str = "#f3e6c8";
pub(crate) const LINE: &str = "#6f5f46";
pub(crate) const INK: &str = "#2b2b2b";
pub(crate) const FAINT: &str = "#9c8f78";
pub(crate) const HIGHLIGHT: &str = "#e0261b";
/// What decided the match: its line and its glow (green, apart from the
/// last move's red and the view's orange marks).
pub(crate) const DECIDING: &str = "#12a150";
pub(crate) const GLOW: &str = "#3fdc7f";
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

/// The width of a line of text in the embedded fonts (their own widths,
/// without kerning).
pub(crate) fn text_width(text: &str, size: f32) -> f32 {
    text.chars().map(fonts::advance).sum::<f32>() * size
}

#[derive(Clone, Copy)]
pub(crate) enum Anchor {
    Start,
    Middle,
    End,
}

impl Anchor {
    fn word(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        }
    }
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
    let runs = fonts::runs(body);
    let baseline = N(y + size * 0.36);
    if runs.iter().all(|(face, _)| *face == 0) {
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{baseline}" font-size="{}" text-anchor="{}" fill="{fill}">{}</text>"#,
            N(x),
            N(size),
            anchor.word(),
            escape(body)
        );
        return;
    }
    // Each run in the font that has it, placed where the one before ends:
    // a run placed on its own is shaped on its own, so no font's shaping
    // of another script spoils it (see `fonts`).
    let mut left = match anchor {
        Anchor::Start => x,
        Anchor::Middle => x - text_width(body, size) / 2.0,
        Anchor::End => x - text_width(body, size),
    };
    let _ = write!(
        out,
        r#"<text y="{baseline}" font-size="{}" fill="{fill}">"#,
        N(size)
    );
    for (face, run) in runs {
        let family = match fonts::faces().get(face) {
            Some(f) if face > 0 => format!(r#" font-family="{}""#, f.family),
            _ => String::new(),
        };
        let _ = write!(
            out,
            r#"<tspan x="{}"{family}>{}</tspan>"#,
            N(left),
            escape(run)
        );
        left += text_width(run, size);
    }
    out.push_str("</text>\n");
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
    /// A round hole (Connect Four's frame): centre and radius.
    Circle(f32, f32, f32),
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
            Outline::Circle(cx, cy, r) => format!(
                r#"<circle cx="{}" cy="{}" r="{}" {attrs}/>"#,
                N(*cx),
                N(*cy),
                N(*r)
            ),
        }
    }

    /// The same outline drawn `by` pixels further in (a second outline
    /// inside a first one).
    pub(crate) fn inset(&self, by: f32) -> Outline {
        match self {
            Outline::Rect(x, y, w, h) => Outline::Rect(
                x + by,
                y + by,
                (w - 2.0 * by).max(1.0),
                (h - 2.0 * by).max(1.0),
            ),
            Outline::Poly(pts) => {
                let n = pts.len().max(1) as f32;
                let (cx, cy) = pts
                    .iter()
                    .fold((0.0, 0.0), |(x, y), p| (x + p.0 / n, y + p.1 / n));
                Outline::Poly(
                    pts.iter()
                        .map(|&(x, y)| {
                            let d = ((x - cx).powi(2) + (y - cy).powi(2)).sqrt().max(1.0);
                            let k = ((d - by * 1.6) / d).max(0.2);
                            (cx + (x - cx) * k, cy + (y - cy) * k)
                        })
                        .collect(),
                )
            }
            Outline::Circle(cx, cy, r) => Outline::Circle(*cx, *cy, (r - by).max(1.0)),
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

    #[test]
    fn widths_are_the_fonts_wide_characters_an_em_and_marks_none() {
        let close = |text: &str, want: f32| {
            let got = text_width(text, 10.0);
            assert!((got - want).abs() < 1e-3, "{text:?}: {got}, not {want}");
        };
        // DejaVu Sans: 'a' is 1255/2048 em wide, 'b' 1300, 'e' 1260.
        close("ab", 12.476);
        close("\u{65e5}\u{672c}", 20.0);
        close("\u{1f3b2}", 10.0);
        close("e\u{301}", 6.152);
    }
}
