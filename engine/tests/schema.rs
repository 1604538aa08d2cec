//! The published JSON Schema of rule-set files must match the model.
//!
//! `UPDATE_SCHEMA=1 cargo test -p redscience-engine --test schema` rewrites
//! `docs/rules.schema.json` from the model instead of comparing.

const COMMITTED: &str = include_str!("../../docs/rules.schema.json");

#[test]
fn published_schema_matches_the_model() {
    let schema = redscience_engine::rules::json_schema();
    if std::env::var_os("UPDATE_SCHEMA").is_some_and(|v| v == "1") {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/rules.schema.json");
        std::fs::write(path, &schema).expect("docs/rules.schema.json is writable");
        return;
    }
    assert!(
        schema == COMMITTED,
        "docs/rules.schema.json is out of date; run UPDATE_SCHEMA=1 cargo test -p redscience-engine --test schema"
    );
}

fn published_validator() -> jsonschema::Validator {
    let schema: serde_json::Value = serde_json::from_str(COMMITTED).expect("the schema is JSON");
    jsonschema::validator_for(&schema).expect("the published schema is a valid JSON Schema")
}

/// Every exported catalogue game, labels included, and a version-1 file of
/// an older release validate against the published schema; a misspelt
/// label field does not.
#[test]
fn exported_files_validate_against_the_published_schema() {
    let validator = published_validator();
    for rules in redscience_engine::catalogue::all() {
        let exported: serde_json::Value = serde_json::from_str(&rules.to_json()).unwrap();
        let errors: Vec<String> = validator
            .iter_errors(&exported)
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{}: {errors:?}", rules.name);
    }
    let mut labelled = redscience_engine::RuleSet::tic_tac_toe("Labelled");
    labelled.labels.how_to_play = Some("Three in a row wins.".into());
    labelled.labels.phases = vec!["Play".into()];
    labelled
        .labels
        .shapes
        .insert(redscience_engine::rules::Shape::Circle, "nought".into());
    labelled
        .labels
        .spaces
        .push(redscience_engine::rules::SpaceLabel {
            at: redscience_engine::rules::SpaceRef::parse("2,2").unwrap(),
            label: "the centre".into(),
        });
    let exported: serde_json::Value = serde_json::from_str(&labelled.to_json()).unwrap();
    assert!(exported["labels"]["spaces"][0]["label"] == "the centre");
    assert!(validator.is_valid(&exported), "{exported}");
    let old = serde_json::json!({"schema_version": 1, "name": "Old", "board": "squares"});
    assert!(validator.is_valid(&old));
    let misspelt = serde_json::json!({"schema_version": 2, "name": "M",
        "labels": {"shape": {"circle": "rock"}}});
    assert!(!validator.is_valid(&misspelt));
}
