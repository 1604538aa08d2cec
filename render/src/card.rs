//! The leaderboard card: a title, then one row per player in the order
//! given: rank, name, shown rating with how long it has been held, and the
//! top burst. The asking user's row is highlighted; a provisional rating
//! carries "?", explained under the table.

use std::fmt::Write as _;

use super::{Anchor, FONT_FAMILY, INK, N, PAGE, RenderError, escape, rasterise, text, text_width};

/// A leaderboard as a picture.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LeaderboardCard {
    pub title: String,
    /// In the order drawn.
    pub rows: Vec<LeaderRow>,
}

/// One row of a leaderboard. A row named "…" stands for the rows left out
/// between two others, and is drawn as a gap.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LeaderRow {
    /// None for unranked rows (Random, the standard player).
    pub rank: Option<u32>,
    pub name: String,
    /// The shown rating.
    pub rating: i32,
    /// Whether the rating is provisional (too few matches to be sure of it).
    pub provisional: bool,
    /// How long the shown rating has been held, e.g. "3 days"; empty for none.
    pub held_for: String,
    pub top_burst: i32,
    /// The asking user's own row.
    pub highlight: bool,
}

impl LeaderRow {
    fn is_gap(&self) -> bool {
        self.name == "\u{2026}" || self.name == "..."
    }
}

const STRIPE: &str = "#f6f1e4";
const MUTED: &str = "#7a6f5c";
const RULE: &str = "#c9bb9b";
const HEAD: &str = "#6f5f46";

/// Names longer than this are cut, with an ellipsis.
const NAME_CHARS: usize = 28;

fn short_name(name: &str) -> String {
    if name.chars().count() <= NAME_CHARS {
        name.to_string()
    } else {
        let mut s: String = name.chars().take(NAME_CHARS - 1).collect();
        s.push('\u{2026}');
        s
    }
}

/// "344?" for a provisional rating, "1843" otherwise.
fn figure(row: &LeaderRow) -> String {
    if row.provisional {
        format!("{}?", row.rating)
    } else {
        row.rating.to_string()
    }
}

fn rating_text(row: &LeaderRow) -> String {
    if row.held_for.is_empty() {
        figure(row)
    } else {
        format!("{} (held for {})", figure(row), row.held_for)
    }
}

/// What "?" means, under a card that shows one.
const PROVISIONAL_KEY: &str = "? provisional: too few matches yet to be sure of the rating";

/// The card as SVG text (what [`leaderboard_png`] rasterises).
pub fn leaderboard_svg(card: &LeaderboardCard) -> String {
    let fs = 15.0;
    let title_fs = 20.0;
    let margin = 16.0;
    let row_h = 30.0;
    let pad = 14.0;
    let widest = |f: &dyn Fn(&LeaderRow) -> String, head: &str| -> f32 {
        card.rows
            .iter()
            .filter(|r| !r.is_gap())
            .map(|r| text_width(&f(r), fs))
            .fold(text_width(head, fs), f32::max)
    };
    let rank_w = widest(
        &|r| r.rank.map_or("\u{2013}".to_string(), |n| n.to_string()),
        "#",
    ) + pad;
    let name_w = widest(&|r| short_name(&r.name), "Player") + pad;
    let rating_w = widest(&rating_text, "Rating") + pad;
    let burst_w = widest(&|r| r.top_burst.to_string(), "Top burst");
    let table_w = rank_w + name_w + rating_w + burst_w + 2.0 * 8.0;
    let any_provisional = card.rows.iter().any(|r| r.provisional && !r.is_gap());
    let key_fs = fs * 0.8;
    let key_w = if any_provisional {
        text_width(PROVISIONAL_KEY, key_fs)
    } else {
        0.0
    };
    let width = (table_w.max(text_width(&card.title, title_fs)).max(key_w) + 2.0 * margin)
        .max(360.0)
        .ceil();
    let inner = width - 2.0 * margin;
    let mut body = String::new();
    let mut y = margin;
    text(
        &mut body,
        margin,
        y + title_fs * 0.6,
        title_fs,
        Anchor::Start,
        INK,
        &card.title,
    );
    y += title_fs * 1.6;
    // Columns: rank right-aligned, name, rating, top burst right-aligned.
    let x_rank = margin + 8.0 + rank_w - pad;
    let x_name = margin + 8.0 + rank_w;
    let x_rating = x_name + name_w;
    let x_burst = margin + inner - 8.0;
    let head_fs = fs * 0.85;
    let cy = y + row_h / 2.0;
    text(&mut body, x_rank, cy, head_fs, Anchor::End, HEAD, "#");
    text(
        &mut body,
        x_name,
        cy,
        head_fs,
        Anchor::Start,
        HEAD,
        "Player",
    );
    text(
        &mut body,
        x_rating,
        cy,
        head_fs,
        Anchor::Start,
        HEAD,
        "Rating",
    );
    text(
        &mut body,
        x_burst,
        cy,
        head_fs,
        Anchor::End,
        HEAD,
        "Top burst",
    );
    y += row_h;
    let _ = writeln!(
        body,
        r#"<path d="M{} {}H{}" stroke="{RULE}" stroke-width="1.5"/>"#,
        N(margin),
        N(y),
        N(margin + inner)
    );
    if card.rows.is_empty() {
        text(
            &mut body,
            margin + inner / 2.0,
            y + row_h / 2.0 + 4.0,
            fs,
            Anchor::Middle,
            MUTED,
            "No one is rated yet",
        );
        y += row_h + 4.0;
    }
    for (i, row) in card.rows.iter().enumerate() {
        let cy = y + row_h / 2.0;
        if row.is_gap() {
            text(
                &mut body,
                margin + inner / 2.0,
                cy,
                fs,
                Anchor::Middle,
                MUTED,
                "\u{22ee}",
            );
            y += row_h;
            continue;
        }
        if row.highlight {
            let _ = writeln!(
                body,
                r##"<rect x="{}" y="{}" width="{}" height="{}" rx="6" fill="#fff1b8" stroke="#d9a400" stroke-width="1.5"/>"##,
                N(margin),
                N(y + 1.0),
                N(inner),
                N(row_h - 2.0)
            );
        } else if i % 2 == 1 {
            let _ = writeln!(
                body,
                r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{STRIPE}"/>"#,
                N(margin),
                N(y),
                N(inner),
                N(row_h)
            );
        }
        let (ink, rank) = match row.rank {
            Some(n) => (INK, n.to_string()),
            None => (MUTED, "\u{2013}".to_string()),
        };
        text(&mut body, x_rank, cy, fs, Anchor::End, ink, &rank);
        text(
            &mut body,
            x_name,
            cy,
            fs,
            Anchor::Start,
            ink,
            &short_name(&row.name),
        );
        // How long the rating has been held is quieter than the rating.
        let _ = writeln!(
            body,
            r#"<text x="{}" y="{}" font-size="{}" fill="{ink}">{}{}</text>"#,
            N(x_rating),
            N(cy + fs * 0.36),
            N(fs),
            figure(row),
            if row.held_for.is_empty() {
                String::new()
            } else {
                format!(
                    r#"<tspan dx="6" fill="{MUTED}">(held for {})</tspan>"#,
                    escape(&row.held_for)
                )
            }
        );
        text(
            &mut body,
            x_burst,
            cy,
            fs,
            Anchor::End,
            ink,
            &row.top_burst.to_string(),
        );
        y += row_h;
    }
    if any_provisional {
        y += key_fs * 0.6;
        text(
            &mut body,
            margin,
            y + key_fs * 0.6,
            key_fs,
            Anchor::Start,
            MUTED,
            PROVISIONAL_KEY,
        );
        y += key_fs * 1.4;
    }
    let h = (y + margin).ceil();
    let mut out = String::with_capacity(body.len() + 512);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{h}" viewBox="0 0 {width} {h}" font-family="{FONT_FAMILY}">"#
    );
    let _ = writeln!(out, r#"<rect width="{width}" height="{h}" fill="{PAGE}"/>"#);
    out.push_str(&body);
    out.push_str("</svg>\n");
    out
}

/// The leaderboard card as a PNG image.
pub fn leaderboard_png(card: &LeaderboardCard) -> Result<Vec<u8>, RenderError> {
    rasterise(&leaderboard_svg(card))
}
