//! The runs' agreement over generated rule sets: the catalogue's games,
//! each changed in one to three fields drawn from the Factory's options
//! (seats, pieces a turn, boards, checks, stalemates, repetition, limits,
//! cloaking, passes, draw offers, movement, locked and sticky cells), so
//! that the variants fall on each side of every run's admission. Every
//! variant that validates is played from a few seeds through the runs and
//! move by move (see `fast_paths_agree`); they must agree wherever a run
//! takes a variant, and the runs must take many of them.

use std::collections::BTreeMap;
use std::sync::Arc;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};

use super::{FastPath, fast_paths_agree};
use crate::{Game, RuleSet, catalogue};

/// One change of a rule set: a name for the tallies, and the fields it
/// sets, drawn from the random stream.
type Change = (&'static str, fn(&mut Xoshiro256PlusPlus) -> Value);

fn pick<T: Clone>(rng: &mut Xoshiro256PlusPlus, items: &[T]) -> T {
    items[rng.random_range(0..items.len())].clone()
}

const CHANGES: &[Change] = &[
    (
        "players",
        |r| json!({"players": pick(r, &["two", "three", "four"])}),
    ),
    (
        "pieces a turn",
        |r| json!({"pieces_per_turn": r.random_range(1..=3u8)}),
    ),
    ("squares", |r| {
        json!({"board": "squares",
               "dimensions": [r.random_range(3..=7u8), r.random_range(3..=7u8), 1]})
    }),
    ("hexagons", |r| {
        let side = r.random_range(3..=6u8);
        json!({"board": "hexagons", "dimensions": [side, side, 1]})
    }),
    ("stacks", |r| {
        json!({"board": "stacks",
               "dimensions": [r.random_range(3..=7u8), 1, r.random_range(3..=6u8)]})
    }),
    ("in a row", |r| {
        json!({"turn_checks": [{"check": "in_a_row", "length": r.random_range(3..=5u8),
                                "result": pick(r, &["win", "lose"])}]})
    }),
    ("no checks", |_| json!({"turn_checks": []})),
    ("stalemate", |r| {
        json!({"stalemate": [pick(r, &[
            json!({"rule": "mover_loses"}),
            json!({"rule": "most", "of": {"measure": "pieces"}, "result": "win"}),
            json!({"rule": "least", "of": {"measure": "area"}, "result": "lose"}),
        ])]})
    }),
    (
        "repetition",
        |r| json!({"repetition": pick(r, &["stalemate", "draw", "repeater_loses"])}),
    ),
    (
        "turn limit",
        |r| json!({"turn_limit": r.random_range(4..=40u16)}),
    ),
    (
        "no move",
        |r| json!({"no_move": pick(r, &["pass", "lose", "win"])}),
    ),
    (
        "cloaking",
        |_| json!({"cloaking": "hides", "phases": [{"cloaked": ["all"]}]}),
    ),
    ("pass", |_| json!({"phases": [{"pass": true}]})),
    ("draw offers", |_| json!({"draw_option": true})),
    ("shared colours", |_| json!({"colors": "shared"})),
    ("movement", |r| {
        let movement = pick(
            r,
            &[
                "adjacent",
                "adj_orthogonal",
                "adj_diagonal",
                "orthogonal",
                "linear",
                "knight",
            ],
        );
        let count = r.random_range(2..=4u8);
        json!({"shapes": [{"movement": [movement],
                           "reserves": {"black": count, "white": count}}]})
    }),
    ("placing then moving", |r| {
        let count = r.random_range(2..=4u8);
        json!({"shapes": [{"movement": ["adjacent"], "reserves": {"black": count, "white": count}}],
               "phases": [{"placement_only": true}, {}]})
    }),
    ("sticky", |_| json!({"sticky": ["2,2"]})),
    // Walls closing the same spaces to every seat (a run's board closes them).
    ("walls", |_| json!({"phases": [{"locked": ["2,2", "1,3"]}]})),
    (
        "exclusive",
        |_| json!({"exclusive": [{"seats": [1], "spaces": ["1,1", "2,1"]}]}),
    ),
];

/// The variant `seed` draws, and the names of its changes; None when it
/// is no rule set or does not validate.
fn variant(base: &Value, seed: u64) -> (Vec<&'static str>, Option<Arc<Game>>) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut fields = base.clone();
    let mut names = Vec::new();
    for _ in 0..rng.random_range(1..=3) {
        let (name, change) = CHANGES[rng.random_range(0..CHANGES.len())];
        let Value::Object(changed) = change(&mut rng) else {
            unreachable!("every change is an object");
        };
        fields.as_object_mut().expect("an object").extend(changed);
        names.push(name);
    }
    fields["name"] = json!(format!("variant-{seed}"));
    let game = serde_json::from_value::<RuleSet>(fields)
        .ok()
        .and_then(|rules| Game::new(rules).ok());
    (names, game)
}

#[test]
fn the_runs_agree_with_the_general_way_on_generated_rule_sets() {
    let bases: Vec<Value> = catalogue::all()
        .iter()
        .map(|rules| serde_json::to_value(rules).expect("a rule set serialises"))
        .collect();
    let (mut valid, mut ran, mut taken) = (0, 0, BTreeMap::<FastPath, usize>::new());
    let mut applied = BTreeMap::<&str, usize>::new();
    let mut seed = 0u64;
    while valid < 600 {
        seed += 1;
        assert!(seed < 20_000, "only {valid} variants validate");
        let base = &bases[(seed as usize * 7) % bases.len()];
        let (names, Some(game)) = variant(base, seed) else {
            continue;
        };
        valid += 1;
        for name in names {
            *applied.entry(name).or_default() += 1;
        }
        let mut paths = Vec::new();
        for play in 0..2 {
            match fast_paths_agree(&game, seed * 2 + play, 400) {
                Ok(took) => paths.extend(took),
                Err(what) => panic!("{}, seed {seed}: {what}", game.rules.name),
            }
        }
        paths.sort();
        paths.dedup();
        ran += usize::from(!paths.is_empty());
        for path in paths {
            *taken.entry(path).or_default() += 1;
        }
    }
    let report = format!("{valid} variants, {ran} through runs: {taken:?}; changes {applied:?}");
    eprintln!("{report}");
    for (name, _) in CHANGES {
        assert!(
            applied.contains_key(name),
            "{name} never validated: {report}"
        );
    }
    for path in [FastPath::Placements, FastPath::Moves, FastPath::Stacks] {
        assert!(
            taken.get(&path).is_some_and(|&n| n >= 25),
            "{path:?}: {report}"
        );
    }
    assert!(ran < valid, "some variant takes the general way: {report}");
}
