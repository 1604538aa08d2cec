//! PNG from SVG text: resvg with the embedded fonts only, so every machine
//! draws the same pixels, and a fast RGB encoding of the result.

use std::sync::{Arc, OnceLock};

use resvg::{tiny_skia, usvg};

use crate::RenderError;

/// The main font; its licence is in `fonts/LICENSE-DejaVu.txt`.
const FONT: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");
pub(crate) const FONT_FAMILY: &str = "DejaVu Sans";

/// The fallbacks for every character DejaVu Sans lacks: GNU Unifont for the
/// rest of the Basic Multilingual Plane (CJK, Hangul, Indic, Thai, ...) and
/// Unifont Upper for the planes above it (emoji among them). Each holds only
/// what DejaVu Sans lacks, so usvg never draws a whole line in them (see
/// `fonts/subset-unifont.py`), and is kept zlib-compressed (1.4 MB for
/// 5.7 MB), inflated once. Licence: `fonts/LICENSE-Unifont.txt`.
const FALLBACKS: [&[u8]; 2] = [
    include_bytes!("../fonts/unifont-15.0.01-subset.otf.zz"),
    include_bytes!("../fonts/unifont_upper-15.0.01-subset.otf.zz"),
];

/// SVG text (built here) to PNG, with the embedded fonts only.
pub(crate) fn rasterise(svg: &str) -> Result<Vec<u8>, RenderError> {
    let tree =
        usvg::Tree::from_str(svg, svg_options()).map_err(|e| RenderError::Svg(e.to_string()))?;
    let size = tree.size().to_int_size();
    let (w, h) = (size.width(), size.height());
    if u64::from(w) * u64::from(h) > 64_000_000 {
        return Err(RenderError::Size(w, h));
    }
    let mut pixmap = tiny_skia::Pixmap::new(w, h).ok_or(RenderError::Size(w, h))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    encode(&pixmap).map_err(|e| RenderError::Png(e.to_string()))
}

/// The picture as an RGB PNG, compressed fast (the page is opaque, so no
/// alpha channel is needed and premultiplied colours are the colours).
fn encode(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, png::EncodingError> {
    let rgba = pixmap.data();
    if rgba.chunks_exact(4).any(|p| p[3] != 255) {
        return pixmap.encode_png();
    }
    let rgb: Vec<u8> = rgba
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    let mut out = Vec::with_capacity(rgb.len() / 8);
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&rgb)?;
    writer.finish()?;
    Ok(out)
}

/// usvg's options: the embedded fonts only, shared by every render. DejaVu
/// Sans comes first, so usvg falls back to the others (in this order) only
/// for characters it lacks.
pub(crate) fn svg_options() -> &'static usvg::Options<'static> {
    static OPTIONS: OnceLock<usvg::Options<'static>> = OnceLock::new();
    OPTIONS.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        db.load_font_data(FONT.to_vec());
        for packed in FALLBACKS {
            // The bytes are part of this build: a failure is caught by the
            // tests below, and the pictures then only lack the fallback.
            if let Ok(font) = miniz_oxide::inflate::decompress_to_vec_zlib(packed) {
                db.load_font_data(font);
            }
        }
        db.set_sans_serif_family(FONT_FAMILY);
        usvg::Options {
            font_family: FONT_FAMILY.to_string(),
            fontdb: Arc::new(db),
            ..usvg::Options::default()
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_embedded_fonts_are_loaded_dejavu_first() {
        let db = &svg_options().fontdb;
        let families: Vec<&str> = db.faces().map(|f| f.families[0].0.as_str()).collect();
        assert_eq!(families, [FONT_FAMILY, "Unifont", "Unifont Upper"]);
    }

    /// The font each character of `text` is drawn from (glyph 0, the
    /// empty box, counts as none).
    fn fonts_used(text: &str) -> Vec<Option<String>> {
        let svg = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="40"><text x="0" y="30" font-size="20">{text}</text></svg>"#
        );
        let tree = usvg::Tree::from_str(&svg, svg_options()).unwrap();
        let Some(usvg::Node::Text(node)) = tree.root().children().first() else {
            panic!("one text node");
        };
        let db = tree.fontdb();
        node.layouted()
            .iter()
            .flat_map(|span| &span.positioned_glyphs)
            .map(|g| {
                (g.id.0 != 0)
                    .then(|| db.face(g.font).map(|f| f.families[0].0.clone()))
                    .flatten()
            })
            .collect()
    }

    #[test]
    fn other_scripts_and_emoji_come_from_the_fallbacks() {
        let dejavu = Some(FONT_FAMILY.to_string());
        let unifont = Some("Unifont".to_string());
        let upper = Some("Unifont Upper".to_string());
        assert_eq!(fonts_used("A\u{c4}\u{3a9}\u{416}"), vec![dejavu.clone(); 4]);
        assert_eq!(
            fonts_used("\u{65e5}\u{672c}\u{c548}\u{e2a}"),
            vec![unifont.clone(); 4],
            "CJK, Hangul, Thai"
        );
        assert_eq!(
            fonts_used("\u{1f3b2}\u{1f973}\u{1f980}"),
            vec![upper.clone(); 3],
            "emoji"
        );
        // A line the fallback could not draw alone stays in DejaVu Sans
        // but for the characters only the fallback has.
        assert_eq!(
            fonts_used("\u{65e5}a \u{1f3b2}"),
            vec![unifont, dejavu.clone(), dejavu, upper]
        );
    }
}
