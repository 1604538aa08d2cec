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
