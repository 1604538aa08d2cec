//! Ratings over time, one line per player or game, drawn by plotters into
//! SVG text (its SVG backend, which writes `<text>` elements and loads no
//! font) and rasterised like the boards, so the embedded font sets every
//! label.
//!
//! The x axis counts rated matches, one step each in time order, so a day
//! of twenty matches is as readable as twenty days of one; dates stand
//! where a day begins, with a faint line. A provisional rating is a
//! hollow dot.

use plotters::prelude::*;

use super::{FONT_FAMILY, RenderError, rasterise};

/// One rating at one moment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChartPoint {
    /// Unix seconds.
    pub at: i64,
    /// The shown rating.
    pub rating: i32,
    /// Too few matches yet to be sure of the rating.
    pub provisional: bool,
}

/// One line of the chart: a player's (or a game's) shown rating over time.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RatingSeries {
    pub name: String,
    /// In time order.
    pub points: Vec<ChartPoint>,
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

/// Where each point stands on the x axis: every point of every series,
/// in time order, one step each (points at the same moment keep the order
/// of the series and of their points). Returns each series' steps and
/// each step's time.
fn steps(series: &[RatingSeries]) -> (Vec<Vec<usize>>, Vec<i64>) {
    let mut all: Vec<(i64, usize, usize)> = series
        .iter()
        .enumerate()
        .flat_map(|(s, line)| {
            line.points
                .iter()
                .enumerate()
                .map(move |(i, p)| (p.at, s, i))
        })
        .collect();
    all.sort_unstable();
    let mut places: Vec<Vec<usize>> = series.iter().map(|s| vec![0; s.points.len()]).collect();
    for (step, &(_, s, i)) in all.iter().enumerate() {
        places[s][i] = step;
    }
    (places, all.iter().map(|p| p.0).collect())
}

/// The steps where a day begins (the first step always does), each with
/// its date, leaving out those that would crowd the one before: at most
/// one per `room` steps.
fn day_starts(times: &[i64], room: f64) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    for (step, &t) in times.iter().enumerate() {
        let new_day = step == 0 || t.div_euclid(DAY) != times[step - 1].div_euclid(DAY);
        let crowded = out
            .last()
            .is_some_and(|(last, _)| ((step - last) as f64) < room);
        if new_day && !crowded {
            out.push((step, date(t)));
        }
    }
    out
}

/// The corner of the plot the legend covers the fewest points in (the
/// upper left first when several tie). The legend takes about a quarter
/// of the width and `entries` lines of the height.
fn legend_corner(
    points: &[(f64, i32)],
    (x0, x1): (f64, f64),
    (r0, r1): (i32, i32),
    entries: usize,
) -> SeriesLabelPosition {
    let tall = (0.08 * entries as f64 + 0.04).min(0.5);
    let inside = |(x, r): &(f64, i32), left: bool, upper: bool| {
        let across = (x - x0) / (x1 - x0);
        let up = f64::from(r - r0) / f64::from((r1 - r0).max(1));
        (if left { across < 0.3 } else { across > 0.7 })
            && (if upper { up > 1.0 - tall } else { up < tall })
    };
    [
        (SeriesLabelPosition::UpperLeft, true, true),
        (SeriesLabelPosition::UpperRight, false, true),
        (SeriesLabelPosition::LowerRight, false, false),
        (SeriesLabelPosition::LowerLeft, true, false),
    ]
    .into_iter()
    .min_by_key(|(_, left, upper)| points.iter().filter(|p| inside(p, *left, *upper)).count())
    .map_or(SeriesLabelPosition::UpperLeft, |(corner, _, _)| corner)
}

/// The rating range shown, with a little room around the points.
fn rating_range(series: &[RatingSeries]) -> (i32, i32) {
    let mut ratings = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.rating));
    let Some(first) = ratings.next() else {
        return (-100, 100);
    };
    let (low, high) = ratings.fold((first, first), |(lo, hi), r| (lo.min(r), hi.max(r)));
    let pad = ((high - low) / 10).max(20);
    (low - pad, high + pad)
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

const GREY: RGBColor = RGBColor(120, 120, 120);
/// The least room a date label needs, in pixels.
const DATE_ROOM: f64 = 96.0;

fn draw(
    svg: &mut String,
    title: &str,
    series: &[RatingSeries],
) -> Result<(), Box<dyn std::error::Error>> {
    let root = SVGBackend::with_string(svg, (WIDTH, HEIGHT)).into_drawing_area();
    root.fill(&WHITE)?;
    let (places, times) = steps(series);
    let (r0, r1) = rating_range(series);
    let last = times.len().max(1) as f64 - 0.5;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 22).into_font())
        .margin(14)
        .x_label_area_size(44)
        .y_label_area_size(52)
        .build_cartesian_2d(-0.5..last, r0..r1)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .light_line_style(RGBColor(246, 246, 246))
        .bold_line_style(RGBColor(215, 215, 215))
        .axis_style(GREY)
        .y_labels(8)
        .label_style(("sans-serif", 13).into_font())
        .y_desc("Rating")
        .x_desc("Rated matches in order, one step each; a date marks where its day begins")
        .axis_desc_style(("sans-serif", 13).into_font())
        .draw()?;
    // Dates where days begin, each with a faint line before its first match.
    let step_px = chart.backend_coord(&(1.0, r0)).0 - chart.backend_coord(&(0.0, r0)).0;
    let room = (DATE_ROOM / f64::from(step_px.max(1))).ceil();
    let date_style = TextStyle::from(("sans-serif", 13).into_font()).color(&BLACK);
    for (step, label) in day_starts(&times, room) {
        let x = step as f64 - 0.5;
        if step > 0 {
            chart.draw_series(std::iter::once(PathElement::new(
                vec![(x, r0), (x, r1)],
                RGBColor(200, 200, 200).stroke_width(1),
            )))?;
        }
        let (px, py) = chart.backend_coord(&(x, r0));
        root.draw(&Text::new(label, (px + 4, py + 6), date_style.clone()))?;
    }
    if times.is_empty() {
        let style = TextStyle::from(("sans-serif", 16).into_font())
            .color(&GREY)
            .pos(plotters::style::text_anchor::Pos::new(
                plotters::style::text_anchor::HPos::Center,
                plotters::style::text_anchor::VPos::Center,
            ));
        chart.draw_series(std::iter::once(Text::new(
            "No rated games yet",
            (0.0, r0 + (r1 - r0) / 2),
            style,
        )))?;
    }
    for (i, (s, steps)) in series.iter().zip(&places).enumerate() {
        let color = PALETTE[i % PALETTE.len()];
        let at = |j: usize| (steps[j] as f64, s.points[j].rating);
        chart
            .draw_series(LineSeries::new(
                (0..s.points.len()).map(at),
                color.stroke_width(2),
            ))?
            .label(s.name.as_str())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(3))
            });
        // A provisional rating is a hollow dot, a firm one a full dot.
        chart.draw_series((0..s.points.len()).map(|j| {
            let fill = if s.points[j].provisional {
                WHITE.filled()
            } else {
                color.filled()
            };
            EmptyElement::at(at(j))
                + Circle::new((0, 0), 4, fill)
                + Circle::new((0, 0), 4, color.stroke_width(2))
        }))?;
    }
    let provisional = series
        .iter()
        .any(|s| s.points.iter().any(|p| p.provisional));
    if provisional {
        chart
            .draw_series(std::iter::empty::<Circle<(f64, i32), i32>>())?
            .label("provisional rating")
            .legend(|(x, y)| Circle::new((x + 9, y), 4, GREY.stroke_width(2)));
    }
    if provisional || series.iter().any(|s| !s.name.is_empty()) {
        let drawn: Vec<(f64, i32)> = series
            .iter()
            .zip(&places)
            .flat_map(|(s, steps)| {
                steps
                    .iter()
                    .zip(&s.points)
                    .map(|(&x, p)| (x as f64, p.rating))
            })
            .collect();
        let entries = series.len() + usize::from(provisional);
        chart
            .configure_series_labels()
            .position(legend_corner(&drawn, (-0.5, last), (r0, r1), entries))
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

    fn line(name: &str, times: &[i64]) -> RatingSeries {
        RatingSeries {
            name: name.to_string(),
            points: times
                .iter()
                .map(|&at| ChartPoint {
                    at,
                    ..ChartPoint::default()
                })
                .collect(),
        }
    }

    #[test]
    fn every_match_takes_one_step_in_time_order() {
        // Three matches in one hour and one a week later, against a second
        // game played in between: seven steps, none shared.
        let hour = 3_600;
        let a = line("a", &[0, 0, hour / 2, hour, 7 * DAY]);
        let b = line("b", &[2 * DAY, 2 * DAY]);
        let (places, times) = steps(&[a, b]);
        assert_eq!(places, vec![vec![0, 1, 2, 3, 6], vec![4, 5]]);
        assert_eq!(times, vec![0, 0, hour / 2, hour, 2 * DAY, 2 * DAY, 7 * DAY]);
    }

    #[test]
    fn the_legend_goes_where_it_hides_the_fewest_points() {
        let corner = |points: &[(f64, i32)]| legend_corner(points, (0.0, 10.0), (0, 100), 2);
        // A rating that starts high and falls: the upper left is taken.
        assert_eq!(
            corner(&[(0.0, 100), (5.0, 50), (10.0, 0)]),
            SeriesLabelPosition::UpperRight
        );
        // One that climbs: the upper left is free.
        assert_eq!(
            corner(&[(0.0, 0), (5.0, 50), (10.0, 100)]),
            SeriesLabelPosition::UpperLeft
        );
    }

    #[test]
    fn dates_stand_where_days_begin_unless_crowded() {
        let times = [0, 60, DAY, DAY + 60, 2 * DAY, 9 * DAY];
        let dated = day_starts(&times, 1.0);
        assert_eq!(
            dated,
            vec![
                (0, "1970-01-01".to_string()),
                (2, "1970-01-02".to_string()),
                (4, "1970-01-03".to_string()),
                (5, "1970-01-10".to_string())
            ]
        );
        // With room for one date per three steps, the 3rd and 10th go.
        let sparse: Vec<usize> = day_starts(&times, 3.0).iter().map(|d| d.0).collect();
        assert_eq!(sparse, vec![0, 4]);
    }
}
