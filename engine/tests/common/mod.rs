//! What the engine's golden tests share: catalogue games by name, and files
//! in `tests/golden/` that are compared with, or with `UPDATE_GOLDEN=1`
//! rewritten from, what the engine does now.

#![allow(dead_code)] // each test binary uses a part

use std::path::PathBuf;
use std::sync::Arc;

use redscience_engine::{Game, catalogue};

/// A catalogue game, compiled.
pub fn catalogue_game(name: &str) -> Arc<Game> {
    let rules = catalogue::get(name).unwrap_or_else(|| panic!("{name} is not in the catalogue"));
    Game::new(rules).unwrap_or_else(|problems| panic!("{name} cannot be played: {problems:?}"))
}

/// Every catalogue game, compiled, in catalogue order.
pub fn catalogue_games() -> Vec<Arc<Game>> {
    catalogue::all()
        .into_iter()
        .map(|rules| {
            let name = rules.name.clone();
            Game::new(rules).unwrap_or_else(|p| panic!("{name} cannot be played: {p:?}"))
        })
        .collect()
}

/// Whether this run rewrites the golden files instead of comparing.
pub fn updating() -> bool {
    std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v != "0")
}

fn golden_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name)
}

/// The golden file `name`, or a panic saying how to create it.
pub fn read_golden(name: &str) -> String {
    let path = golden_path(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; run with UPDATE_GOLDEN=1 to create it",
            path.display()
        )
    })
}

/// Writes the golden file `name`.
pub fn write_golden(name: &str, text: &str) {
    let path = golden_path(name);
    std::fs::create_dir_all(path.parent().expect("a golden file has a directory")).unwrap();
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

/// The lines of a golden file that carry data (not blank, not `#` comments).
pub fn data_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
}
