//! The built-in catalogue: the foundation games of the spec's acceptance list,
//! one canonical JSON file each in `engine/catalogue/`, embedded at build time.
//!
//! Every file writes every field out (the form [`RuleSet::to_json`] writes), so
//! a reader of one file needs no defaults. `docs/rules.md` explains how each
//! game's text was read.

use crate::RuleSet;

/// The catalogue in order: (name, canonical JSON text).
const FILES: [(&str, &str); 16] = [
    ("Tic-Tac-Toe", include_str!("../catalogue/Tic-Tac-Toe.json")),
    ("3on15line", include_str!("../catalogue/3on15line.json")),
    (
        "Treblecross15",
        include_str!("../catalogue/Treblecross15.json"),
    ),
    (
        "3P-Misere-Notakto",
        include_str!("../catalogue/3P-Misere-Notakto.json"),
    ),
    ("3P-Notakto", include_str!("../catalogue/3P-Notakto.json")),
    ("4on7sq", include_str!("../catalogue/4on7sq.json")),
    ("5on15sq", include_str!("../catalogue/5on15sq.json")),
    (
        "Connect6-19x19",
        include_str!("../catalogue/Connect6-19x19.json"),
    ),
    ("Tapatan", include_str!("../catalogue/Tapatan.json")),
    ("Achi", include_str!("../catalogue/Achi.json")),
    ("9-Holes", include_str!("../catalogue/9-Holes.json")),
    ("Qubic-4", include_str!("../catalogue/Qubic-4.json")),
    ("Connect4", include_str!("../catalogue/Connect4.json")),
    (
        "3P-MostWins-3x4",
        include_str!("../catalogue/3P-MostWins-3x4.json"),
    ),
    (
        "3P-LeastLoses-3x4",
        include_str!("../catalogue/3P-LeastLoses-3x4.json"),
    ),
    (
        "Wild-TTT-6sq3143",
        include_str!("../catalogue/Wild-TTT-6sq3143.json"),
    ),
];

/// The names of the built-in games, in catalogue order.
pub fn names() -> Vec<&'static str> {
    FILES.iter().map(|(name, _)| *name).collect()
}

/// The built-in game of that name (matched without regard to case).
pub fn get(name: &str) -> Option<RuleSet> {
    let name = name.trim();
    FILES
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, text)| parse(text))
}

/// Every built-in game, in catalogue order.
pub fn all() -> Vec<RuleSet> {
    FILES.iter().map(|(_, text)| parse(text)).collect()
}

fn parse(text: &str) -> RuleSet {
    RuleSet::from_json(text).expect("the built-in catalogue files are tested to parse")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{BoardKind, ColorMode, Movement, Players, SpaceRef, StalemateRule};

    #[test]
    fn every_file_parses_is_named_after_itself_and_validates() {
        for (name, text) in FILES {
            let rules = RuleSet::from_json(text).unwrap_or_else(|p| panic!("{name}: {p}"));
            assert_eq!(rules.name, name, "the name inside {name}.json");
            if let Err(problems) = crate::validate(&rules) {
                let list: Vec<String> = problems.iter().map(ToString::to_string).collect();
                panic!("{name} does not validate:\n{}", list.join("\n"));
            }
        }
    }

    #[test]
    fn every_file_is_in_canonical_form() {
        for (name, text) in FILES {
            let rules = RuleSet::from_json(text).unwrap();
            assert_eq!(
                rules.to_json(),
                text.trim_end_matches('\n'),
                "{name}.json is not in canonical form; run the tests with UPDATE_CATALOGUE=1 to rewrite it"
            );
            assert!(
                text.ends_with("}\n"),
                "{name}.json should end with one newline"
            );
        }
    }

    /// With `UPDATE_CATALOGUE=1`, rewrites every file in canonical form.
    #[test]
    fn update_catalogue_files_when_asked() {
        if std::env::var_os("UPDATE_CATALOGUE").is_none_or(|v| v != "1") {
            return;
        }
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("catalogue");
        for (name, text) in FILES {
            let rules = RuleSet::from_json(text).unwrap_or_else(|p| panic!("{name}: {p}"));
            std::fs::write(dir.join(format!("{name}.json")), rules.to_json() + "\n").unwrap();
        }
    }

    #[test]
    fn tic_tac_toe_is_every_default() {
        assert_eq!(
            get("Tic-Tac-Toe").unwrap(),
            RuleSet::tic_tac_toe("Tic-Tac-Toe")
        );
    }

    #[test]
    fn names_are_in_catalogue_order_and_unique() {
        let names = names();
        assert_eq!(names.len(), 16);
        assert_eq!(names[0], "Tic-Tac-Toe");
        assert_eq!(names[15], "Wild-TTT-6sq3143");
        let rules = all();
        assert_eq!(rules.len(), names.len());
        for (n, r) in names.iter().zip(&rules) {
            assert_eq!(*n, r.name);
        }
        let mut lower: Vec<String> = names.iter().map(|n| n.to_ascii_lowercase()).collect();
        lower.sort();
        lower.dedup();
        assert_eq!(lower.len(), 16, "names differ by more than case");
    }

    #[test]
    fn get_ignores_case_and_knows_only_the_catalogue() {
        assert_eq!(get("connect4").unwrap().name, "Connect4");
        assert_eq!(get(" QUBIC-4 ").unwrap().name, "Qubic-4");
        assert!(get("Connect5").is_none());
        assert!(get("").is_none());
    }

    #[test]
    fn no_two_games_differ_only_by_name() {
        let rules = all();
        for (i, a) in rules.iter().enumerate() {
            for b in &rules[i + 1..] {
                let (mut a2, mut b2) = (a.clone(), b.clone());
                a2.name.clear();
                b2.name.clear();
                assert_ne!(a2, b2, "{} and {} are the same game", a.name, b.name);
            }
        }
    }

    #[test]
    fn games_read_as_the_notes_resolve_them() {
        let g = |n: &str| get(n).unwrap();
        // Listed outcome rules replace the default check.
        assert!(g("3P-MostWins-3x4").turn_checks.is_empty());
        assert!(g("3P-LeastLoses-3x4").turn_checks.is_empty());
        assert!(matches!(
            g("3P-MostWins-3x4").stalemate[..],
            [StalemateRule::Most { .. }]
        ));
        assert!(matches!(
            g("3P-LeastLoses-3x4").stalemate[..],
            [StalemateRule::Least { .. }]
        ));
        assert_eq!(g("3P-Notakto").players, Players::Three);
        assert_eq!(g("Treblecross15").colors, ColorMode::Shared);
        assert_eq!(g("Wild-TTT-6sq3143").colors, ColorMode::PlayersChoose);
        assert_eq!(g("Wild-TTT-6sq3143").board, BoardKind::Squares);
        assert_eq!(
            g("Wild-TTT-6sq3143").phases[0].locked,
            vec![SpaceRef::cell(3, 1, 1), SpaceRef::cell(4, 3, 1)]
        );
        assert_eq!(g("Connect4").board, BoardKind::Stacks);
        assert_eq!(g("Connect6-19x19").pieces_per_turn, 2);
        assert_eq!(g("Connect6-19x19").initial[0].at, SpaceRef::cell(10, 10, 1));
        assert_eq!(
            g("9-Holes").shapes[0].movement,
            vec![Movement::LinearOrKnight]
        );
        assert!(g("4on7sq").draw_option);
        for name in ["5on15sq", "Connect6-19x19", "Qubic-4"] {
            assert_eq!(g(name).seconds_per_turn, 300, "{name}");
        }
    }
}
