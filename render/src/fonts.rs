//! The embedded fonts, which of them draws each character, and how wide
//! it is. DejaVu Sans draws what it has; GNU Unifont the rest of the Basic
//! Multilingual Plane (CJK, Hangul, Indic, Thai, ...) and Unifont Upper the
//! planes above it (emoji among them). No system font is ever loaded, so
//! every machine draws the same pixels.
//!
//! Text is cut into runs, each named with its font (see `svg::text`):
//! usvg's own fallback gives up on a line whose fonts shape it into
//! different numbers of glyphs (Arabic, Devanagari, emoji sequences) and
//! draws empty boxes.

use std::sync::OnceLock;

use skrifa::MetadataProvider;
use skrifa::charmap::Charmap;
use skrifa::metrics::GlyphMetrics;
use skrifa::prelude::{FontRef, LocationRef, Size};

/// The main font; its licence is in `fonts/LICENSE-DejaVu.txt`.
const DEJAVU: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");
pub(crate) const FONT_FAMILY: &str = "DejaVu Sans";

/// The fallbacks, each holding only what DejaVu Sans lacks (so that usvg,
/// falling back by itself as in the chart, never draws a whole line of
/// Latin in one; see `fonts/subset-unifont.py`), kept
/// zlib-compressed (1.4 MB for 5.7 MB) and inflated once. Licence:
/// `fonts/LICENSE-Unifont.txt`.
const FALLBACKS: [(&str, &[u8]); 2] = [
    (
        "Unifont",
        include_bytes!("../fonts/unifont-15.0.01-subset.otf.zz"),
    ),
    (
        "Unifont Upper",
        include_bytes!("../fonts/unifont_upper-15.0.01-subset.otf.zz"),
    ),
];

/// One embedded font: its family name, its bytes, and what it draws how wide.
pub(crate) struct Face {
    pub(crate) family: &'static str,
    pub(crate) data: &'static [u8],
    charmap: Charmap<'static>,
    metrics: GlyphMetrics<'static>,
    units_per_em: f32,
}

impl Face {
    fn new(family: &'static str, data: &'static [u8]) -> Option<Face> {
        let font = FontRef::new(data).ok()?;
        let units = font
            .metrics(Size::unscaled(), LocationRef::default())
            .units_per_em;
        Some(Face {
            family,
            data,
            charmap: font.charmap(),
            metrics: font.glyph_metrics(Size::unscaled(), LocationRef::default()),
            units_per_em: f32::from(units.max(1)),
        })
    }

    /// `c`'s advance in ems, if this font has it.
    fn advance(&self, c: char) -> Option<f32> {
        let glyph = self.charmap.map(c)?;
        Some(self.metrics.advance_width(glyph).unwrap_or(0.0) / self.units_per_em)
    }
}

/// The embedded fonts in the order they are tried, DejaVu Sans first.
pub(crate) fn faces() -> &'static [Face] {
    static FACES: OnceLock<Vec<Face>> = OnceLock::new();
    FACES.get_or_init(|| {
        let mut fonts: Vec<(&'static str, &'static [u8])> = vec![(FONT_FAMILY, DEJAVU)];
        for (family, packed) in FALLBACKS {
            // The bytes are part of this build (the tests inflate them);
            // kept for the life of the process, like the fonts embedded as
            // they are.
            if let Ok(font) = miniz_oxide::inflate::decompress_to_vec_zlib(packed) {
                fonts.push((family, Box::leak(font.into_boxed_slice())));
            }
        }
        fonts
            .into_iter()
            .filter_map(|(family, data)| Face::new(family, data))
            .collect()
    })
}

/// Characters drawn with the one before them, whatever font has them:
/// joiners, variation selectors, keycaps, skin tones, tags.
fn joins_previous(c: char) -> bool {
    matches!(
        u32::from(c),
        0x200c..=0x200d | 0xfe00..=0xfe0f | 0x20e3 | 0x1f3fb..=0x1f3ff | 0xe0020..=0xe007f
    )
}

/// The font (index into [`faces`]) that draws `c`: the first that has it,
/// DejaVu Sans where none does (its empty box).
pub(crate) fn face_of(c: char) -> usize {
    faces()
        .iter()
        .position(|face| face.charmap.map(c).is_some())
        .unwrap_or(0)
}

/// `c`'s width in ems in the font that draws it.
pub(crate) fn advance(c: char) -> f32 {
    if joins_previous(c) {
        return 0.0;
    }
    faces()
        .iter()
        .find_map(|face| face.advance(c))
        .unwrap_or(0.6)
}

/// `text` cut where the font that draws it changes: (font, part).
pub(crate) fn runs(text: &str) -> Vec<(usize, &str)> {
    let mut runs: Vec<(usize, &str)> = Vec::new();
    let mut start = 0;
    let mut current = None;
    for (i, c) in text.char_indices() {
        let face = match current {
            Some(face) if joins_previous(c) => face,
            _ => face_of(c),
        };
        if current.is_some_and(|f| f != face) {
            runs.push((current.unwrap_or(0), &text[start..i]));
            start = i;
        }
        current = Some(face);
    }
    if let Some(face) = current {
        runs.push((face, &text[start..]));
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_fonts_each_inflated_and_read() {
        let families: Vec<&str> = faces().iter().map(|f| f.family).collect();
        assert_eq!(families, [FONT_FAMILY, "Unifont", "Unifont Upper"]);
    }

    #[test]
    fn each_character_goes_to_the_font_that_has_it() {
        for c in ['A', '\u{c4}', '\u{3a9}', '\u{416}', '\u{645}', '\u{5e9}'] {
            assert_eq!(face_of(c), 0, "{c} in DejaVu Sans");
        }
        for c in ['\u{65e5}', '\u{c548}', '\u{928}', '\u{e2a}', '\u{30a2}'] {
            assert_eq!(face_of(c), 1, "{c} in Unifont");
        }
        for c in ['\u{1f3b2}', '\u{1f973}', '\u{1f980}', '\u{1f1ef}'] {
            assert_eq!(face_of(c), 2, "{c} in Unifont Upper");
        }
    }

    #[test]
    fn runs_change_with_the_font_and_keep_joiners_with_their_character() {
        assert_eq!(runs("ann"), [(0, "ann")]);
        assert_eq!(
            runs("\u{30a2}\u{30ea} (black)"),
            [(1, "\u{30a2}\u{30ea}"), (0, " (black)")]
        );
        let family = "\u{1f468}\u{200d}\u{1f469}\u{200d}\u{1f467}";
        assert_eq!(
            runs(&format!("a{family}b")),
            [(0, "a"), (2, family), (0, "b")]
        );
        assert_eq!(
            runs("\u{1f3b2}\u{fe0f}!"),
            [(2, "\u{1f3b2}\u{fe0f}"), (0, "!")]
        );
        assert!(runs("").is_empty());
    }

    #[test]
    fn widths_are_the_fonts_own() {
        // DejaVu Sans: 'a' is 1255/2048 em; Unifont's CJK a full em, its
        // Thai half of one.
        assert!((advance('a') - 1255.0 / 2048.0).abs() < 1e-4);
        assert_eq!(advance('\u{65e5}'), 1.0);
        assert_eq!(advance('\u{e2a}'), 0.5);
        assert_eq!(advance('\u{200d}'), 0.0);
    }
}
