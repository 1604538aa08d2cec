//! Pieces as drawn: each shape in its colour, or a question mark where
//! only the colour may be seen.

use std::fmt::Write as _;

use redscience_engine::rules::{Color, Shape};

use crate::svg::{Anchor, N, OUTLINE, points, text};

/// Points on a circle, starting straight up and going clockwise.
pub(crate) fn ring(cx: f32, cy: f32, radii: &[f32], count: usize, turn: f32) -> Vec<(f32, f32)> {
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
pub(crate) fn piece(out: &mut String, color: Color, shape: Shape, cx: f32, cy: f32, r: f32) {
    piece_in(out, color.hex(), shape, cx, cy, r);
}

/// A shape filled with `fill` (a piece, or a sample in the key).
pub(crate) fn piece_in(out: &mut String, fill: &str, shape: Shape, cx: f32, cy: f32, r: f32) {
    let style = format!(
        r#"fill="{fill}" stroke="{OUTLINE}" stroke-width="{}" stroke-linejoin="round""#,
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
pub(crate) fn obscured(out: &mut String, color: Color, cx: f32, cy: f32, r: f32) {
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
