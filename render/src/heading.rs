//! What stands above the board: the caption, the result once the match is
//! over (who won, in their colours, and why), and the reserves.

use std::fmt::Write as _;

use crate::drawing::Drawing;
use crate::svg::{Anchor, INK, N, OUTLINE, text, text_width};

/// The caption's first line (the game's name), its other lines, the
/// result's headline and its reasons: font sizes.
const TITLE: f32 = 17.0;
const LINE: f32 = 13.6;
const HEADLINE: f32 = 16.0;
const REASON: f32 = 13.0;

/// A won match's box, and a drawn or lost one's.
const WON: (&str, &str) = ("#e6f6ea", "#7cc892");
const UNDECIDED: (&str, &str) = ("#f1f1f1", "#bcbcbc");

/// `line` cut at spaces into lines at most `width` wide at `size` (a word
/// wider than that alone is cut between characters).
pub(crate) fn wrap(line: &str, size: f32, width: f32) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in line.split(' ') {
        let joined = if current.is_empty() {
            word.to_string()
        } else {
            format!("{current} {word}")
        };
        if text_width(&joined, size) <= width || current.is_empty() && word.is_empty() {
            current = joined;
            continue;
        }
        if !current.is_empty() {
            out.push(std::mem::take(&mut current));
        }
        for c in word.chars() {
            current.push(c);
            if text_width(&current, size) > width && current.chars().count() > 1 {
                current.pop();
                out.push(std::mem::replace(&mut current, c.to_string()));
            }
        }
    }
    if !current.is_empty() || out.is_empty() {
        out.push(current);
    }
    out
}

impl Drawing<'_> {
    /// The caption, the result and the reserves, with their width and
    /// height; long lines are wrapped to about the boards' width.
    pub(crate) fn heading(&self, boards_w: f32) -> Option<(String, f32, f32)> {
        let mut out = String::new();
        let mut y = 0.0;
        let mut w: f32 = 0.0;
        let room = boards_w.max(360.0);
        for (i, line) in self.options.caption.iter().enumerate() {
            let size = if i == 0 { TITLE } else { LINE };
            for part in wrap(line, size, room) {
                text(
                    &mut out,
                    0.0,
                    y + size * 0.6,
                    size,
                    Anchor::Start,
                    INK,
                    &part,
                );
                w = w.max(text_width(&part, size));
                y += size * 1.45;
            }
        }
        if let Some((block, bw, bh)) = self.result_block(room) {
            y += 2.0;
            let _ = writeln!(out, r#"<g transform="translate(0,{})">"#, N(y));
            out.push_str(&block);
            out.push_str("</g>\n");
            w = w.max(bw);
            y += bh + 4.0;
        }
        if let Some((row, rw, rh)) = self.reserves_row() {
            let _ = writeln!(out, r#"<g transform="translate(0,{})">"#, N(y));
            out.push_str(&row);
            out.push_str("</g>\n");
            w = w.max(rw);
            y += rh + 2.0;
        }
        (y > 0.0).then_some((out, w, y))
    }

    /// Who won, in a box: the winners' colours, the headline, then each
    /// reason on its own line(s).
    fn result_block(&self, room: f32) -> Option<(String, f32, f32)> {
        let result = self.options.result.as_ref()?;
        let pad = 8.0;
        let r = HEADLINE * 0.42;
        let mut inner = String::new();
        let mut x = pad;
        for &seat in &result.winners {
            let Some(seat) = self.game.seats.get(seat) else {
                continue;
            };
            let _ = writeln!(
                inner,
                r#"<circle cx="{}" cy="{}" r="{}" fill="{}" stroke="{OUTLINE}" stroke-width="1"/>"#,
                N(x + r),
                N(pad + HEADLINE * 0.6),
                N(r),
                seat.color.hex()
            );
            x += 2.0 * r + 3.0;
        }
        if x > pad {
            x += 3.0;
        }
        let mut w = x;
        let mut y = pad;
        for part in wrap(&result.headline, HEADLINE, room - x - pad) {
            text(
                &mut inner,
                x,
                y + HEADLINE * 0.6,
                HEADLINE,
                Anchor::Start,
                INK,
                &part,
            );
            w = w.max(x + text_width(&part, HEADLINE));
            y += HEADLINE * 1.4;
        }
        for reason in &result.reasons {
            for part in wrap(reason, REASON, room - 2.0 * pad) {
                text(
                    &mut inner,
                    pad,
                    y + REASON * 0.6,
                    REASON,
                    Anchor::Start,
                    INK,
                    &part,
                );
                w = w.max(pad + text_width(&part, REASON));
                y += REASON * 1.4;
            }
        }
        let (w, h) = (w + pad, y + pad - 3.0);
        let (fill, stroke) = if result.winners.is_empty() {
            UNDECIDED
        } else {
            WON
        };
        let mut out = format!(
            r#"<rect x="0" y="0" width="{}" height="{}" rx="6" fill="{fill}" stroke="{stroke}"/>"#,
            N(w),
            N(h)
        );
        out.push('\n');
        out.push_str(&inner);
        Some((out, w, h))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_wrap_at_spaces_and_long_words_between_characters() {
        let lines = wrap("aaaa bbbb cccc", 10.0, 40.0);
        assert_eq!(lines, ["aaaa", "bbbb", "cccc"]);
        assert_eq!(wrap("aaaa bbbb", 10.0, 100.0), ["aaaa bbbb"]);
        let cut = wrap(&"\u{65e5}".repeat(5), 10.0, 25.0);
        assert_eq!(cut, ["\u{65e5}\u{65e5}", "\u{65e5}\u{65e5}", "\u{65e5}"]);
        assert_eq!(wrap("", 10.0, 50.0), [""]);
    }
}
