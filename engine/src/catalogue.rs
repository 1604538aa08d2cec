//! The built-in catalogue: every game of the spec's acceptance list and of its
//! "Other interesting games", one canonical JSON file each in
//! `engine/catalogue/`, embedded at build time. The foundation games (lines,
//! stacks and movement) come first, then the game-theory games (hidden
//! information, simultaneous rounds, captures, pots, several boards).
//!
//! Every file writes every field out (the form [`RuleSet::to_json`] writes), so
//! a reader of one file needs no defaults. `docs/rules.md` explains how each
//! game's text was read.

use crate::RuleSet;

/// The foundation games in order: (name, canonical JSON text).
const FOUNDATION: [(&str, &str); 16] = [
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

/// The game-theory games: the rest of the acceptance list, then the spec's
/// "Other interesting games". `docs/rules.md` explains how each was read.
const GAME_THEORY: [(&str, &str); 26] = [
    (
        "RockPaperScissors",
        include_str!("../catalogue/RockPaperScissors.json"),
    ),
    (
        "3P-9X-HideSeek",
        include_str!("../catalogue/3P-9X-HideSeek.json"),
    ),
    ("Shopping9", include_str!("../catalogue/Shopping9.json")),
    (
        "4P-TrendSetter",
        include_str!("../catalogue/4P-TrendSetter.json"),
    ),
    (
        "3P-PublicGoods",
        include_str!("../catalogue/3P-PublicGoods.json"),
    ),
    ("NeedyTrust", include_str!("../catalogue/NeedyTrust.json")),
    ("RichTrust", include_str!("../catalogue/RichTrust.json")),
    ("3Blotto13", include_str!("../catalogue/3Blotto13.json")),
    ("KBeauty9", include_str!("../catalogue/KBeauty9.json")),
    ("StagHunt", include_str!("../catalogue/StagHunt.json")),
    (
        "4P-Coordination",
        include_str!("../catalogue/4P-Coordination.json"),
    ),
    (
        "PrisonerDilemma",
        include_str!("../catalogue/PrisonerDilemma.json"),
    ),
    (
        "NeedyUltimatum",
        include_str!("../catalogue/NeedyUltimatum.json"),
    ),
    (
        "NeedyDictator",
        include_str!("../catalogue/NeedyDictator.json"),
    ),
    (
        "RichUltimatum",
        include_str!("../catalogue/RichUltimatum.json"),
    ),
    (
        "RichDictator",
        include_str!("../catalogue/RichDictator.json"),
    ),
    (
        "3P-Volunteer",
        include_str!("../catalogue/3P-Volunteer.json"),
    ),
    ("BoS", include_str!("../catalogue/BoS.json")),
    ("Centipede9", include_str!("../catalogue/Centipede9.json")),
    (
        "NeedyCentipede4",
        include_str!("../catalogue/NeedyCentipede4.json"),
    ),
    (
        "ContractHunt",
        include_str!("../catalogue/ContractHunt.json"),
    ),
    ("OptionalPD", include_str!("../catalogue/OptionalPD.json")),
    ("ContractPD", include_str!("../catalogue/ContractPD.json")),
    ("3P-BoS", include_str!("../catalogue/3P-BoS.json")),
    (
        "4P-TrolleyDilemma",
        include_str!("../catalogue/4P-TrolleyDilemma.json"),
    ),
    (
        "3P-TrolleyDilemma",
        include_str!("../catalogue/3P-TrolleyDilemma.json"),
    ),
];

/// Classic board games written with the Factory's later options (issue
/// 23), each as OpenSpiel plays it: `othello`, `checkers`, `breakthrough`
/// and `hex`. `docs/rules.md` gives the readings.
const CLASSICS: [(&str, &str); 4] = [
    ("Reversi", include_str!("../catalogue/Reversi.json")),
    ("Draughts", include_str!("../catalogue/Draughts.json")),
    (
        "Breakthrough",
        include_str!("../catalogue/Breakthrough.json"),
    ),
    ("Hex", include_str!("../catalogue/Hex.json")),
];

/// Every entry, in catalogue order.
fn entries() -> impl Iterator<Item = &'static (&'static str, &'static str)> {
    FOUNDATION
        .iter()
        .chain(GAME_THEORY.iter())
        .chain(CLASSICS.iter())
}

/// The names of the built-in games, in catalogue order.
pub fn names() -> Vec<&'static str> {
    entries().map(|(name, _)| *name).collect()
}

/// The foundation games' names (lines, stacks and movement), in order.
pub fn foundation_names() -> Vec<&'static str> {
    FOUNDATION.iter().map(|(name, _)| *name).collect()
}

/// The classic board games' names, in order.
pub fn classic_names() -> Vec<&'static str> {
    CLASSICS.iter().map(|(name, _)| *name).collect()
}

/// The game-theory games' names, in order.
pub fn game_theory_names() -> Vec<&'static str> {
    GAME_THEORY.iter().map(|(name, _)| *name).collect()
}

/// The built-in game of that name (matched without regard to case).
pub fn get(name: &str) -> Option<RuleSet> {
    let name = name.trim();
    entries()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, text)| parse(text))
}

/// Every built-in game, in catalogue order.
pub fn all() -> Vec<RuleSet> {
    entries().map(|(_, text)| parse(text)).collect()
}

fn parse(text: &str) -> RuleSet {
    RuleSet::from_json(text).expect("the built-in catalogue files are tested to parse")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{
        BoardKind, Color, ColorMode, Measure, Movement, Players, SeatRef, SpaceRef, StalemateRule,
        TurnCheck, WinLose,
    };

    #[test]
    fn every_file_parses_is_named_after_itself_and_validates() {
        for &(name, text) in entries() {
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
        for &(name, text) in entries() {
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
        for &(name, text) in entries() {
            let rules = RuleSet::from_json(text).unwrap_or_else(|p| panic!("{name}: {p}"));
            std::fs::write(dir.join(format!("{name}.json")), rules.to_json() + "\n").unwrap();
        }
    }

    #[test]
    fn tic_tac_toe_is_every_default() {
        // Labels are words, not rules, and need the newer file version.
        let mut file = get("Tic-Tac-Toe").unwrap();
        file.labels = Default::default();
        file.schema_version = crate::rules::SCHEMA_VERSION;
        assert_eq!(file, RuleSet::tic_tac_toe("Tic-Tac-Toe"));
    }

    #[test]
    fn names_are_in_catalogue_order_and_unique() {
        let names = names();
        assert_eq!(names.len(), 16 + 26 + 4);
        assert_eq!(names[0], "Tic-Tac-Toe");
        assert_eq!(names[15], "Wild-TTT-6sq3143");
        assert_eq!(names[41], "3P-TrolleyDilemma");
        let rules = all();
        assert_eq!(rules.len(), names.len());
        for (n, r) in names.iter().zip(&rules) {
            assert_eq!(*n, r.name);
        }
        let mut lower: Vec<String> = names.iter().map(|n| n.to_ascii_lowercase()).collect();
        lower.sort();
        lower.dedup();
        assert_eq!(lower.len(), 16 + 26 + 4, "names differ by more than case");
    }

    #[test]
    fn get_ignores_case_and_knows_only_the_catalogue() {
        assert_eq!(get("connect4").unwrap().name, "Connect4");
        assert_eq!(get(" QUBIC-4 ").unwrap().name, "Qubic-4");
        assert!(get("Connect5").is_none());
        assert!(get("").is_none());
    }

    /// The Factory refuses a rule set identical to a saved one but for its
    /// name. Compared by canonical form without the name, across both lists.
    #[test]
    fn no_two_games_differ_only_by_name() {
        let keyed: Vec<(String, String)> = all()
            .into_iter()
            .map(|mut r| {
                let name = std::mem::take(&mut r.name);
                (name, r.to_json())
            })
            .collect();
        for (i, (a, key_a)) in keyed.iter().enumerate() {
            for (b, key_b) in &keyed[i + 1..] {
                assert_ne!(key_a, key_b, "{a} and {b} are the same game");
            }
        }
    }

    /// Fingerprints also see through defaults and spellings of the same spaces.
    #[test]
    fn no_two_games_share_a_fingerprint() {
        let prints: Vec<(String, String)> = all()
            .into_iter()
            .map(|r| (crate::fingerprint(&r), r.name))
            .collect();
        for (i, (a, name_a)) in prints.iter().enumerate() {
            assert!(!a.is_empty(), "{name_a} has an empty fingerprint");
            for (b, name_b) in &prints[i + 1..] {
                assert_ne!(a, b, "{name_a} and {name_b} share a fingerprint");
            }
        }
    }

    #[test]
    fn game_theory_games_follow_the_foundation_and_all_play() {
        let theory = game_theory_names();
        assert_eq!(theory.len(), 26);
        assert_eq!(theory[0], "RockPaperScissors");
        assert_eq!(theory[9], "StagHunt");
        assert_eq!(theory[25], "3P-TrolleyDilemma");
        assert_eq!(foundation_names().len(), 16);
        assert_eq!(names()[16..42], theory[..]);
        assert_eq!(
            names()[42..],
            ["Reversi", "Draughts", "Breakthrough", "Hex"],
            "the classics come last"
        );
        for name in theory {
            let rules = get(name).unwrap_or_else(|| panic!("{name} is in the catalogue"));
            if let Err(p) = crate::Game::new(rules) {
                panic!("{name} cannot start: {p:?}");
            }
        }
    }

    #[test]
    fn game_theory_games_read_as_the_notes_resolve_them() {
        let theory: Vec<RuleSet> = game_theory_names()
            .into_iter()
            .map(|n| get(n).unwrap())
            .collect();
        let g = |n: &str| {
            theory
                .iter()
                .find(|r| r.name == n)
                .unwrap_or_else(|| panic!("{n} is in the game-theory list"))
        };
        // Listed outcome rules replace the default check.
        for r in &theory {
            assert!(
                r.turn_checks
                    .iter()
                    .all(|c| !matches!(c, TurnCheck::InARow { .. })),
                "{}",
                r.name
            );
        }
        // RockPaperScissors gets rules that decide it: a tie is a draw.
        assert_eq!(
            g("RockPaperScissors").stalemate,
            vec![
                StalemateRule::Most {
                    of: Measure::Pieces { shape: None },
                    result: WinLose::Win
                },
                StalemateRule::Least {
                    of: Measure::Pieces { shape: None },
                    result: WinLose::Lose
                }
            ]
        );
        assert_eq!(
            g("3P-9X-HideSeek").turn_checks,
            vec![TurnCheck::StalemateIfChaosCannotCapture]
        );
        let hide_seek = g("3P-9X-HideSeek");
        assert_eq!(hide_seek.initial.len(), 1 + 18, "the pentagon and the ring");
        assert_eq!(hide_seek.phases[0].locked, hide_seek.phases[1].locked);
        assert_eq!(hide_seek.phases[0].cloaked, hide_seek.phases[1].cloaked);
        assert_eq!(hide_seek.phases[0].cloaked.len(), 9);
        // Chaos is yellow where the text gives it yellow pieces in 2 vs Chaos.
        for name in [
            "NeedyTrust",
            "RichTrust",
            "NeedyUltimatum",
            "NeedyDictator",
            "RichUltimatum",
            "RichDictator",
            "Centipede9",
            "NeedyCentipede4",
        ] {
            assert_eq!(g(name).players, Players::TwoVsChaos, "{name}");
            assert_eq!(g(name).chaos_color, Some(Color::Yellow), "{name}");
        }
        // PrisonerDilemma: the second "third stack" is the fourth; S2 is a wall in every phase.
        let pd = g("PrisonerDilemma");
        assert!(
            pd.exclusive.iter().any(|e| e.seats == vec![SeatRef::Chaos]
                && e.spaces == vec![SpaceRef::parse("4").unwrap()])
        );
        assert!(
            pd.phases
                .iter()
                .all(|p| p.locked == vec![SpaceRef::parse("2").unwrap()])
        );
        let mut optional = g("OptionalPD").clone();
        assert!(optional.draw_option);
        optional.draw_option = false;
        optional.name = pd.name.clone();
        assert_eq!(
            &optional, pd,
            "OptionalPD is PrisonerDilemma with the draw option"
        );
        // 3P-Volunteer: its walls hold in every phase.
        for p in &g("3P-Volunteer").phases {
            assert_eq!(p.locked.len(), 3);
        }
        assert_eq!(g("3P-BoS").players, Players::ThreeVsChaos);
        assert_eq!(g("3Blotto13").boards, 3);
        assert!(g("KBeauty9").overachievers_disqualified);
        assert_eq!(g("3P-TrolleyDilemma").phases.len(), 3);
        assert_eq!(g("4P-TrolleyDilemma").phases.len(), 2);
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
