//! What decided the match, drawn unmistakably: a green line through the
//! centres of a group of deciding cells that stand in a straight row in
//! one panel, and a green outline on every other deciding cell (a line
//! through the layers of a cube, an area). Each cell also glows under its
//! piece (see `Drawing::content`).

use std::fmt::Write as _;

use crate::drawing::Drawing;
use crate::markers::Marks;
use crate::svg::{DECIDING, N};

/// The two points of `points` farthest apart, if every point lies within
/// `tolerance` of the line through them (a straight row).
fn straight_row(points: &[(f32, f32)], tolerance: f32) -> Option<((f32, f32), (f32, f32))> {
    let distance =
        |a: (f32, f32), b: (f32, f32)| ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt();
    let mut ends = (*points.first()?, *points.first()?);
    for &a in points {
        for &b in points {
            if distance(a, b) > distance(ends.0, ends.1) {
                ends = (a, b);
            }
        }
    }
    let length = distance(ends.0, ends.1);
    if length <= tolerance {
        return None;
    }
    let (dx, dy) = (
        (ends.1.0 - ends.0.0) / length,
        (ends.1.1 - ends.0.1) / length,
    );
    points
        .iter()
        .all(|p| ((p.0 - ends.0.0) * dy - (p.1 - ends.0.1) * dx).abs() <= tolerance)
        .then_some(ends)
}

impl Drawing<'_> {
    /// Ends a panel: the deciding lines and outlines over its pieces, then
    /// its other marks over those.
    pub(crate) fn close_marks(&self, out: &mut String, marks: Marks) {
        let mut on_a_line = vec![false; marks.deciding.len()];
        let width = (self.s * 0.18).max(6.0);
        for group in &self.options.deciding {
            let members: Vec<usize> = (0..marks.deciding.len())
                .filter(|&k| group.contains(&marks.deciding[k].0))
                .collect();
            let centres: Vec<(f32, f32)> = members.iter().map(|&k| marks.deciding[k].1).collect();
            if centres.len() < 2 {
                continue;
            }
            let Some((a, b)) = straight_row(&centres, self.s * 0.1) else {
                continue;
            };
            // A little past the outer centres, so the line reads as drawn
            // through the pieces rather than between them.
            let length = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
            let reach = self.s * 0.3 / length;
            let (ax, ay) = (a.0 - (b.0 - a.0) * reach, a.1 - (b.1 - a.1) * reach);
            let (bx, by) = (b.0 + (b.0 - a.0) * reach, b.1 + (b.1 - a.1) * reach);
            let d = format!("M{} {}L{} {}", N(ax), N(ay), N(bx), N(by));
            let _ = writeln!(
                out,
                r##"<path d="{d}" stroke="#ffffff" stroke-opacity="0.9" stroke-width="{}" stroke-linecap="round"/>"##,
                N(width + 4.0)
            );
            let _ = writeln!(
                out,
                r#"<path d="{d}" stroke="{DECIDING}" stroke-width="{}" stroke-linecap="round"/>"#,
                N(width)
            );
            for k in members {
                on_a_line[k] = true;
            }
        }
        for (k, (_, _, outline)) in marks.deciding.iter().enumerate() {
            if !on_a_line[k] {
                out.push_str(outline);
                out.push('\n');
            }
        }
        out.push_str(&marks.svg);
    }
}

#[cfg(test)]
mod tests {
    use super::straight_row;

    #[test]
    fn points_in_a_row_give_its_ends() {
        let row = [(2.0, 2.0), (0.0, 0.0), (1.0, 1.05)];
        assert_eq!(straight_row(&row, 0.1), Some(((2.0, 2.0), (0.0, 0.0))));
        assert_eq!(
            straight_row(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0)], 0.1),
            None
        );
        assert_eq!(
            straight_row(&[(1.0, 1.0)], 0.1),
            None,
            "one point is no row"
        );
        assert_eq!(straight_row(&[], 0.1), None);
    }
}
