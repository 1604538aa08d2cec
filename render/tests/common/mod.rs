//! What the golden-image tests share: comparing a picture with the PNG
//! stored in `tests/golden/`, or writing it anew with `UPDATE_GOLDEN=1`.

use std::path::PathBuf;

use resvg::tiny_skia::Pixmap;

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// Compares `png` with the golden image `name`: same size, and at most
/// 0.2% of pixels differing by more than 16 in any channel.
pub fn check(name: &str, png: &[u8]) {
    let path = golden_dir().join(format!("{name}.png"));
    if std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v != "0") {
        std::fs::create_dir_all(golden_dir()).unwrap();
        std::fs::write(&path, png).unwrap();
        return;
    }
    let expected = std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; run with UPDATE_GOLDEN=1 to create it",
            path.display()
        )
    });
    let want = Pixmap::decode_png(&expected).unwrap();
    let got = Pixmap::decode_png(png).unwrap();
    let keep = || {
        let out = std::env::temp_dir().join(format!("redscience-render-{name}.actual.png"));
        std::fs::write(&out, png).unwrap();
        out
    };
    assert_eq!(
        (got.width(), got.height()),
        (want.width(), want.height()),
        "{name}: size differs; the new picture is at {}",
        keep().display()
    );
    let differing = got
        .data()
        .chunks(4)
        .zip(want.data().chunks(4))
        .filter(|(a, b)| a.iter().zip(b.iter()).any(|(x, y)| x.abs_diff(*y) > 16))
        .count();
    let allowed = (got.width() * got.height()) as usize / 500;
    assert!(
        differing <= allowed,
        "{name}: {differing} pixels differ (at most {allowed} may); the new picture is at {}",
        keep().display()
    );
}

/// Whether no space is cloaked now: then a spectator sees every piece,
/// wall and reserve, and the public view is the whole position.
pub fn nothing_cloaked(state: &redscience_engine::State) -> bool {
    (0..state.game().geometry.cell_count() as u16).all(|c| !state.is_cloaked(c))
}
