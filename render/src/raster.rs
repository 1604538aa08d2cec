//! PNG from SVG text: resvg with the embedded fonts only (see `fonts`), so
//! every machine draws the same pixels, and a fast RGB encoding of the
//! result.

use std::sync::{Arc, OnceLock};

use resvg::{tiny_skia, usvg};

use crate::RenderError;
use crate::fonts::{FONT_FAMILY, faces};

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

/// usvg's options: the embedded fonts only, DejaVu Sans first (usvg falls
/// back to the others, in order, for what a run lacks), shared by every
/// render.
pub(crate) fn svg_options() -> &'static usvg::Options<'static> {
    static OPTIONS: OnceLock<usvg::Options<'static>> = OnceLock::new();
    OPTIONS.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        for face in faces() {
            db.load_font_source(usvg::fontdb::Source::Binary(Arc::new(face.data)));
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
    use crate::svg::{Anchor, text};

    #[test]
    fn only_the_embedded_fonts_are_loaded_under_their_names() {
        let db = &svg_options().fontdb;
        let families: Vec<&str> = db.faces().map(|f| f.families[0].0.as_str()).collect();
        let ours: Vec<&str> = faces().iter().map(|f| f.family).collect();
        assert_eq!(families, ours);
        assert_eq!(families, [FONT_FAMILY, "Unifont", "Unifont Upper"]);
    }

    /// The font each glyph of `body`, drawn as the pictures draw text, comes
    /// from (glyph 0, the empty box, counts as none).
    fn fonts_used(body: &str) -> Vec<Option<String>> {
        let mut svg =
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="600" height="40">"#.to_string();
        text(&mut svg, 0.0, 20.0, 20.0, Anchor::Start, "#000000", body);
        svg.push_str("</svg>");
        let tree = usvg::Tree::from_str(&svg, svg_options()).unwrap();
        let Some(usvg::Node::Text(node)) = tree.root().children().first() else {
            panic!("one text node in {svg}");
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
    fn every_script_and_emoji_is_drawn_by_a_font_that_has_it() {
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
        assert_eq!(
            fonts_used("\u{65e5}a \u{1f3b2}"),
            vec![unifont, dejavu.clone(), dejavu, upper]
        );
        // Scripts each font shapes into a different number of glyphs, in
        // one line: nothing is left as an empty box.
        let mixed = "\u{1f468}\u{200d}\u{1f469}-\u{645}\u{631}\u{62d}\u{628}\u{627}-\u{928}\u{92e}\u{938}\u{94d}\u{924}\u{947}-\u{e2a}\u{e27}\u{e31}-\u{c548}";
        let used = fonts_used(mixed);
        assert!(used.iter().all(Option::is_some), "{used:?}");
    }
}
