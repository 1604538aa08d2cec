//! PNG from SVG text: resvg with the embedded font only, so every machine
//! draws the same pixels, and a fast RGB encoding of the result.

use std::sync::{Arc, OnceLock};

use resvg::{tiny_skia, usvg};

use crate::RenderError;

/// The embedded font; its licence is in `fonts/LICENSE-DejaVu.txt`.
const FONT: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");
pub(crate) const FONT_FAMILY: &str = "DejaVu Sans";

/// SVG text (built here) to PNG, with the embedded font only.
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

/// usvg's options: the embedded font only, shared by every render.
pub(crate) fn svg_options() -> &'static usvg::Options<'static> {
    static OPTIONS: OnceLock<usvg::Options<'static>> = OnceLock::new();
    OPTIONS.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        db.load_font_data(FONT.to_vec());
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
    fn only_the_embedded_font_is_loaded() {
        let db = &svg_options().fontdb;
        assert_eq!(db.len(), 1);
        assert!(
            db.faces()
                .all(|f| f.families.iter().any(|(n, _)| n == FONT_FAMILY))
        );
    }
}
