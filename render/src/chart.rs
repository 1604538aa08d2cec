//! Ratings over time, one line per player, drawn by plotters into SVG text
//! (its SVG backend, which writes `<text>` elements and loads no font) and
//! rasterised like the boards, so the embedded font sets every label.

use plotters::prelude::*;

use super::{FONT_FAMILY, RenderError, rasterise};

/// One player's shown rating at moments in time.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RatingSeries {
    pub name: String,
    /// (unix seconds, shown rating), in time order.
    pub points: Vec<(i64, i32)>,
}

const WIDTH: u32 = 720;
const HEIGHT: u32 = 400;
const DAY: i64 = 86_400;

/// Line colours, one per series in turn: distinct on white, and readable
/// by most colour-blind eyes (Okabe and Ito's palette).
const PALETTE: [RGBColor; 7] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(230, 159, 0),
    RGBColor(0, 0, 0),
];

/// A date from unix seconds, as "2026-11-23" (UTC; days before 1970 too).
fn date(t: i64) -> String {
    // Howard Hinnant's days-to-civil algorithm.
    let z = t.div_euclid(DAY) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y}-{m:02}-{d:02}")
}

/// The time and rating ranges shown, with a little room around the points.
fn ranges(series: &[RatingSeries]) -> ((i64, i64), (i32, i32)) {
    let mut points = series.iter().flat_map(|s| s.points.iter().copied());
    let Some((t0, r0)) = points.next() else {
        return ((0, DAY), (1400, 1600));
    };
    let (mut t, mut r) = ((t0, t0), (r0, r0));
    for (ti, ri) in points {
        t = (t.0.min(ti), t.1.max(ti));
        r = (r.0.min(ri), r.1.max(ri));
    }
    if t.1 - t.0 < DAY {
        t = (t.0 - DAY / 2, t.1 + DAY / 2);
    }
    let pad = ((r.1 - r.0) / 10).max(20);
    ((t.0, t.1), (r.0 - pad, r.1 + pad))
}

/// The chart as SVG text (what [`rating_chart_png`] rasterises).
pub fn rating_chart_svg(title: &str, series: &[RatingSeries]) -> Result<String, RenderError> {
    let mut svg = String::new();
    draw(&mut svg, title, series).map_err(|e| RenderError::Svg(e.to_string()))?;
    // plotters names the generic family; the embedded font is the one used
    // either way, and naming it keeps that plain.
    Ok(svg.replace(
        "font-family=\"sans-serif\"",
        &format!("font-family=\"{FONT_FAMILY}\""),
    ))
}

fn draw(
    svg: &mut String,
    title: &str,
    series: &[RatingSeries],
) -> Result<(), Box<dyn std::error::Error>> {
    let root = SVGBackend::with_string(svg, (WIDTH, HEIGHT)).into_drawing_area();
    root.fill(&WHITE)?;
    let ((t0, t1), (r0, r1)) = ranges(series);
    let span = t1 - t0;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 22).into_font())
        .margin(14)
        .x_label_area_size(34)
        .y_label_area_size(52)
        .build_cartesian_2d(t0..t1, r0..r1)?;
    chart
        .configure_mesh()
        .light_line_style(RGBColor(246, 246, 246))
        .bold_line_style(RGBColor(215, 215, 215))
        .axis_style(RGBColor(120, 120, 120))
        .x_labels(6)
        .y_labels(8)
        .x_label_formatter(&|t| {
            if span < 3 * DAY {
                let s = t.rem_euclid(DAY);
                format!("{} {:02}:{:02}", date(*t), s / 3600, s % 3600 / 60)
            } else {
                date(*t)
            }
        })
        .label_style(("sans-serif", 13).into_font())
        .y_desc("Rating")
        .axis_desc_style(("sans-serif", 13).into_font())
        .draw()?;
    if series.iter().all(|s| s.points.is_empty()) {
        let style = TextStyle::from(("sans-serif", 16).into_font())
            .color(&RGBColor(120, 120, 120))
            .pos(plotters::style::text_anchor::Pos::new(
                plotters::style::text_anchor::HPos::Center,
                plotters::style::text_anchor::VPos::Center,
            ));
        chart.draw_series(std::iter::once(Text::new(
            "No rated games yet",
            (t0 + span / 2, r0 + (r1 - r0) / 2),
            style,
        )))?;
    }
    for (i, s) in series.iter().enumerate() {
        let color = PALETTE[i % PALETTE.len()];
        let style = color.stroke_width(2);
        chart
            .draw_series(LineSeries::new(s.points.iter().copied(), style).point_size(3))?
            .label(s.name.as_str())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(3))
            });
    }
    if series.iter().any(|s| !s.name.is_empty()) {
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.85))
            .border_style(RGBColor(200, 200, 200))
            .label_font(("sans-serif", 13).into_font())
            .draw()?;
    }
    root.present()?;
    Ok(())
}

/// The chart as a PNG image.
pub fn rating_chart_png(title: &str, series: &[RatingSeries]) -> Result<Vec<u8>, RenderError> {
    rasterise(&rating_chart_svg(title, series)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_civil_utc() {
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(951_782_400), "2000-02-29");
        assert_eq!(date(1_795_392_000), "2026-11-23");
        assert_eq!(date(-1), "1969-12-31");
    }
}
