//! The checked-in schema of the answers, `schema/grundy.schema.json`, is
//! the one the answer types generate: a change to an answer that is not
//! written to the file (and so not seen by a reader of the file) fails here.
//! `GRUNDY_WRITE_SCHEMA=1 cargo test -p grundy --test library schema::` rewrites it.

use std::path::PathBuf;

fn schema_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../schema/grundy.schema.json")
}

/// The schema as the file holds it: pretty-printed, a newline at the end.
fn generated() -> String {
    let schema = grundy::answer::schema();
    serde_json::to_string_pretty(&schema).unwrap() + "\n"
}

#[test]
fn the_schema_file_is_the_one_the_answer_types_generate() {
    let generated = generated();
    let path = schema_file();
    if std::env::var_os("GRUNDY_WRITE_SCHEMA").is_some() {
        std::fs::write(&path, &generated).unwrap();
        return;
    }
    let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        checked_in == generated,
        "{} is not the schema the answer types generate; if the change to the answers \
         is meant (and SCHEMA_VERSION raised where a reader would notice it), rewrite it \
         with: GRUNDY_WRITE_SCHEMA=1 cargo test -p grundy --test library schema::",
        path.display()
    );
}

#[test]
fn the_schema_says_its_version() {
    let schema = grundy::answer::schema();
    let version = grundy::answer::SCHEMA_VERSION;
    assert_eq!(schema["version"], version);
    assert!(schema["$id"]
        .as_str()
        .unwrap()
        .ends_with(&format!(":{version}")));
    assert_eq!(
        schema["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
}
