//! Crashes the fuzz targets found (fuzz/, bench/fuzz.sh), replayed through
//! the targets' own code (`redscience_tests::fuzz`). Each input is also a
//! seed of its target, and every seed is replayed.

use std::path::Path;

use redscience_tests::fuzz;

fn seed(target: &str, name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/seeds")
        .join(target)
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `describe` indexed the first of an empty list of spaces.
#[test]
fn an_empty_list_of_exclusive_spaces() {
    fuzz::rule_set_json(&seed("rule_set_json", "crash-empty-spaces.json"));
}

/// Doubling captures (reincarnate_x2) overflowed a reserve count.
#[test]
fn reserves_grown_by_doubling_captures() {
    fuzz::rule_set_json(&seed("rule_set_json", "crash-reincarnate-overflow.json"));
}

/// A fuzz target's body.
type Target = fn(&[u8]);

/// Every seed of every target runs through its target without a panic.
#[test]
fn every_seed_replays_through_its_target() {
    let targets: [(&str, Target); 4] = [
        ("rule_set_json", fuzz::rule_set_json),
        ("move_text", fuzz::move_text),
        ("wizard_input", fuzz::wizard_input),
        ("command_text", fuzz::command_text),
    ];
    let seeds = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/seeds");
    let mut replayed = 0;
    for (target, run) in targets {
        let dir = seeds.join(target);
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            run(&std::fs::read(&path).expect("a seed reads"));
            replayed += 1;
        }
    }
    // Every directory of seeds belongs to a target above.
    let directories = std::fs::read_dir(&seeds).expect("the seeds").count();
    assert_eq!(
        directories,
        targets.len(),
        "a seed directory without its target here"
    );
    assert!(replayed >= 14, "{replayed} seeds replayed");
}
