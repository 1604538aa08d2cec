//! The legend under the board: each seat by name in its colour (the one to
//! move highlighted), then a key to what this board shows and only that
//! (shapes where they mean something, unknown shapes, cloaked and locked
//! spaces, the last turn, what decided the match).

use std::fmt::Write as _;

use redscience_engine::game::Seen;
use redscience_engine::rules::{Color, Shape};

use crate::drawing::Drawing;
use crate::result::seat_name;
use crate::shapes::{obscured, piece_in};
use crate::svg::{Anchor, BOARD, DECIDING, HIGHLIGHT, INK, N, OUTLINE, text, text_width};

/// Font size of the legend.
const FS: f32 = 13.0;
/// Shapes in the key are drawn in this neutral grey, no seat's colour.
const NEUTRAL: &str = "#cfcfcf";

/// What an entry of the legend shows beside its words.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Sample {
    Seat(Color),
    Shape(Shape),
    Obscured,
    Cloaked,
    Locked,
    LastMove,
    Deciding,
}

/// One entry: a sample, its words, and whether it is highlighted (the
/// seat to move).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Entry {
    pub(crate) sample: Sample,
    pub(crate) label: String,
    pub(crate) highlight: bool,
}

impl Drawing<'_> {
    /// The seats, then the key, flowing in rows at most about `room` wide.
    pub(crate) fn legend(&self, room: f32) -> Option<(String, f32, f32)> {
        if !self.options.legend {
            return None;
        }
        let mut out = String::new();
        let (mut w, mut y): (f32, f32) = (0.0, 0.0);
        for entries in [self.seat_entries(), self.key_entries()] {
            if entries.is_empty() {
                continue;
            }
            let (rows, rw, rh) = self.flow(&entries, room);
            let _ = writeln!(out, r#"<g transform="translate(0,{})">"#, N(y));
            out.push_str(&rows);
            out.push_str("</g>\n");
            w = w.max(rw);
            y += rh + 4.0;
        }
        (y > 0.0).then_some((out, w, y - 4.0))
    }

    /// Each seat by name in its colour.
    pub(crate) fn seat_entries(&self) -> Vec<Entry> {
        self.game
            .seats
            .iter()
            .enumerate()
            .map(|(i, seat)| Entry {
                sample: Sample::Seat(seat.color),
                label: if self.game.rules.colors_per_seat > 1 && !seat.is_chaos {
                    let name = seat_name(self.game, &self.options.seats, i);
                    format!("{name} ({})", self.game.seat_colors_name(i))
                } else {
                    seat_name(self.game, &self.options.seats, i)
                },
                highlight: self.view.to_move() == Some(i),
            })
            .collect()
    }

    /// What needs explaining on this board, and nothing else.
    pub(crate) fn key_entries(&self) -> Vec<Entry> {
        let spaces = self.view.spaces();
        let any = |test: &dyn Fn(usize) -> bool| (0..spaces.len()).any(test);
        let entry = |sample, label: &str| Entry {
            sample,
            label: label.to_string(),
            highlight: false,
        };
        let mut key = Vec::new();
        let several = self.game.rules.shapes.len() > 1;
        for shape in Shape::ALL {
            let label = self.shape_label(shape);
            let on_board = any(&|c| matches!(spaces[c].seen, Seen::Piece(_, s) if s == shape));
            if on_board && (several || label.is_some()) {
                key.push(entry(Sample::Shape(shape), label.unwrap_or(shape.name())));
            }
        }
        if any(&|c| matches!(spaces[c].seen, Seen::Obscured(_))) {
            key.push(entry(Sample::Obscured, "shape unknown"));
        }
        if any(&|c| spaces[c].cloaked) {
            key.push(entry(Sample::Cloaked, "cloaked"));
        }
        if any(&|c| spaces[c].seen == Seen::Wall) {
            key.push(entry(Sample::Locked, "locked"));
        }
        let last = self.last.iter().filter(|l| **l).count();
        if last > 0 {
            let words = if last > 1 { "last turn" } else { "last move" };
            key.push(entry(Sample::LastMove, words));
        }
        if self.deciding.contains(&true) {
            key.push(entry(Sample::Deciding, "decided the match"));
        }
        key
    }

    /// What a shape means in this game, where its rules label it.
    pub(crate) fn shape_label(&self, shape: Shape) -> Option<&str> {
        self.game.rules.labels.shape(shape)
    }

    /// Entries side by side, a new row where one would pass `room`.
    fn flow(&self, entries: &[Entry], room: f32) -> (String, f32, f32) {
        let r = FS * 0.55;
        let row_h = FS * 1.7;
        let gap = 18.0;
        let mut out = String::new();
        let (mut x, mut y, mut w): (f32, f32, f32) = (0.0, 0.0, 0.0);
        for entry in entries {
            let width = r * 2.0 + 6.0 + text_width(&entry.label, FS);
            if x > 0.0 && x + width > room {
                x = 0.0;
                y += row_h + 4.0;
            }
            if entry.highlight {
                let _ = writeln!(
                    out,
                    r##"<rect x="{}" y="{}" width="{}" height="{}" rx="{}" fill="#fff1b8" stroke="#d9a400"/>"##,
                    N(x - 4.0),
                    N(y),
                    N(width + 8.0),
                    N(row_h),
                    N(FS * 0.5)
                );
            }
            sample(&mut out, entry.sample, x + r, y + FS * 0.85, r);
            text(
                &mut out,
                x + r * 2.0 + 5.0,
                y + FS * 0.85,
                FS,
                Anchor::Start,
                INK,
                &entry.label,
            );
            w = w.max(x + width + 4.0);
            x += width + gap;
        }
        (out, w, y + row_h)
    }
}

/// A sample of what an entry explains, centred on (cx, cy), about `r` in
/// radius.
fn sample(out: &mut String, sample: Sample, cx: f32, cy: f32, r: f32) {
    let square = |attrs: &str| {
        format!(
            r#"<rect x="{}" y="{}" width="{}" height="{}" {attrs}/>"#,
            N(cx - r),
            N(cy - r),
            N(2.0 * r),
            N(2.0 * r)
        )
    };
    let svg = match sample {
        Sample::Seat(color) => format!(
            r#"<circle cx="{}" cy="{}" r="{}" fill="{}" stroke="{OUTLINE}" stroke-width="1"/>"#,
            N(cx),
            N(cy),
            N(r),
            color.hex()
        ),
        Sample::Shape(shape) => {
            let mut s = String::new();
            piece_in(&mut s, NEUTRAL, shape, cx, cy, r * 1.05);
            s
        }
        Sample::Obscured => {
            let mut s = String::new();
            obscured(&mut s, Color::Gray, cx, cy, r * 1.1);
            s
        }
        Sample::Cloaked => format!(
            "{}{}",
            square(&format!(r#"fill="{BOARD}""#)),
            square(r##"fill="url(#haze)" stroke="#8f98ab" stroke-width="1""##)
        ),
        Sample::Locked => square(r##"fill="url(#lock)" stroke="#555555" stroke-width="1""##),
        Sample::LastMove => square(&format!(
            r#"fill="none" stroke="{HIGHLIGHT}" stroke-width="2.5" stroke-linejoin="round""#
        )),
        Sample::Deciding => format!(
            r#"<circle cx="{x}" cy="{y}" r="{}" fill="url(#glow)"/><path d="M{} {y}H{}" stroke="{DECIDING}" stroke-width="3.5" stroke-linecap="round"/>"#,
            N(r * 1.3),
            N(cx - r * 1.1),
            N(cx + r * 1.1),
            x = N(cx),
            y = N(cy),
        ),
    };
    out.push_str(&svg);
    out.push('\n');
}
