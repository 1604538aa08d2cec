//! The words around a board: the reserves under the caption, and below it
//! the notes on how it joins and who may go where (the seats' legend and
//! the key are in `key`).

use std::fmt::Write as _;

use redscience_engine::rules::{BoardKind, Color};

use crate::drawing::Drawing;
use crate::result::seat_name;
use crate::shapes::piece;
use crate::svg::{Anchor, INK, N, OUTLINE, text, text_width};

impl Drawing<'_> {
    /// Notes under the board on how it joins, as the text board has them.
    pub(crate) fn notes(&self) -> Vec<String> {
        let mut notes: Vec<String> = self.join_notes().iter().map(|n| n.to_string()).collect();
        if let Some(hint) = &self.options.hint {
            notes.push(format!("To play, type e.g. \u{201c}{hint}\u{201d}"));
        }
        if self.any_sticky() {
            notes.push("Dotted spaces are sticky: a piece there cannot leave".to_string());
        }
        for mask in self.exclusive_sets() {
            let who: Vec<String> = self
                .seats_in(mask)
                .map(|i| seat_name(self.game, &self.options.seats, i))
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
                        seat_name(self.game, &self.options.seats, i),
                        self.edge_name(*axis, *value)
                    )
                })
            })
            .collect();
        if !goals.is_empty() {
            notes.push(format!("Goals: {}", goals.join(", ")));
        }
        notes.extend(self.sides_note());
        notes
    }

    /// Which sides each seat joins, by their colours: "Sides: Player 1
    /// joins the black sides (bottom and top), Player 2 the white sides
    /// (left and right)".
    fn sides_note(&self) -> Option<String> {
        let sides = self.joined_sides();
        let mut parts: Vec<String> = Vec::new();
        for pair in sides.chunks(2) {
            let [(one, seat), (two, _)] = pair else {
                continue;
            };
            let name = seat_name(self.game, &self.options.seats, *seat);
            let color = self.game.seats[*seat].color.name();
            let verb = if parts.is_empty() { "joins " } else { "" };
            parts.push(format!(
                "{name} {verb}the {color} sides ({} and {})",
                one.word(),
                two.word()
            ));
        }
        (!parts.is_empty()).then(|| format!("Sides: {}", parts.join(", ")))
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
            BoardKind::Stacks => vec!["Stacks: a piece lands on top of its column"],
            _ => Vec::new(),
        }
    }

    /// The reserves the view holds, for the caption: the viewer's own
    /// colours by shape, every other colour as one count.
    pub(crate) fn reserves_row(&self) -> Option<(String, f32, f32)> {
        if !self.options.reserves
            || self.options.caption.is_empty()
            || self.view.reserves().is_empty()
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
                .viewer()
                .and_then(|s| self.game.seats.get(s))
                .is_some_and(|seat| seat.controls(c))
        };
        let mut colors: Vec<Color> = self.view.reserves().iter().map(|r| r.0).collect();
        colors.dedup();
        for color in colors {
            let of_color = self.view.reserves().iter().filter(|r| r.0 == color);
            if own(color) {
                for &(_, shape, n) in of_color {
                    piece(&mut out, color, shape, x + r, cy, r);
                    let count = match self.shape_label(shape) {
                        Some(label) => format!("{label} \u{d7}{n}"),
                        None => format!("\u{d7}{n}"),
                    };
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
}

#[cfg(test)]
mod tests {
    use redscience_engine::testing::catalogue_game;

    use crate::{BoardOptions, board_svg};

    #[test]
    fn the_typing_hint_is_the_one_given_and_no_other() {
        let g = catalogue_game("RockPaperScissors");
        let view = g.start().public_view().into();
        let plain = board_svg(&g, &view, &BoardOptions::default());
        assert!(!plain.contains("type"), "no hint unless given: {plain}");
        let options = BoardOptions {
            hint: Some("plan rock 1".to_string()),
            ..BoardOptions::default()
        };
        let svg = board_svg(&g, &view, &options);
        assert!(
            svg.contains("To play, type e.g. \u{201c}plan rock 1\u{201d}"),
            "{svg}"
        );
        assert!(!svg.contains("column x"), "{svg}");
    }
}
