//! The layers of the library (ARCHITECTURE.md, "Layers") as a table, and
//! the check that the code keeps them: no module names a module of a layer
//! above its own, nor one its layer must not know; modules name each other
//! by path, never through what `lib.rs` re-exports; every module is in the
//! table; and ARCHITECTURE.md's table lists the same modules in the same
//! layers.
//!
//! A module names another where its code (comments aside) says
//! `crate::NAME`; the tests at the end of a file (`#[cfg(test)] mod tests`)
//! may name any layer, except in the catalogue, whose tests must not know
//! the registry either.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The layers from the bottom up: each module (a file or a folder of
/// `crates/grundy/src`) and what it must not name besides the layers above.
const LAYERS: &[(&str, &[Module])] = &[
    (
        "1. values and errors",
        &[
            m("error"),
            m("value"),
            m("word"),
            m("file"),
            m("memory"),
            m("machine"),
            m("interrupt"),
            m("sharded"),
            m("period"),
            m("table"),
        ],
    ),
    (
        "2. game traits, solvers, analysis of values",
        &[
            m("game"),
            m("take_and_break"),
            m("solver"),
            m("suspense"),
            m("solitaire"),
            m("loopy_solver"),
            m("retrograde"),
            m("tier"),
            m("partizan"),
            // Loopy values: games as graphs of options, short ones through partizan.
            m("loopy").not(&["game", "solver", "retrograde", "tier"]),
            // The pattern finder and the pictures know only numbers.
            m("pattern").not(&["game", "solver", "retrograde", "tier"]),
            m("picture").not(&["game", "solver", "retrograde", "tier", "partizan"]),
            m("test_games"),
        ],
    ),
    (
        "3. rulesets as objects, misère theory, sums",
        &[
            m("component"),
            m("strong"),
            m("starts"),
            m("short"),
            // Below sum/: it knows games, heap games and values only.
            m("misere").not(&["component", "strong", "starts", "short", "sum"]),
            m("sum"),
        ],
    ),
    (
        "4. the nim-sequence engine",
        // Heap games only: no components, sums or strong solving.
        &[m("sequence").not(&["component", "strong", "starts", "short", "misere", "sum"])],
    ),
    ("5. the catalogue", &[m("catalogue").in_tests_too()]),
    (
        "6. the expression language, the registry, play",
        &[m("expr"), m("functions"), m("registry"), m("play")],
    ),
    ("7. answers", &[m("answer")]),
];

/// A module of the table: its name, what it must not name besides the
/// layers above its own, and whether its tests keep the layers too.
struct Module {
    name: &'static str,
    not: &'static [&'static str],
    tests_too: bool,
}

const fn m(name: &'static str) -> Module {
    Module {
        name,
        not: &[],
        tests_too: false,
    }
}

impl Module {
    const fn not(self, not: &'static [&'static str]) -> Module {
        Module { not, ..self }
    }

    const fn in_tests_too(self) -> Module {
        Module {
            tests_too: true,
            ..self
        }
    }
}

fn source() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Each module of the table with its layer's index.
fn layer_of() -> BTreeMap<&'static str, (usize, &'static Module)> {
    let mut layers = BTreeMap::new();
    for (index, (_, modules)) in LAYERS.iter().enumerate() {
        for module in *modules {
            assert!(layers.insert(module.name, (index, module)).is_none());
        }
    }
    layers
}

/// Every `.rs` file below `dir`.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module a file of `src` belongs to: its first path component,
/// without `.rs`.
fn module_of(file: &Path) -> String {
    let relative = file.strip_prefix(source()).unwrap();
    let first = relative.components().next().unwrap();
    first
        .as_os_str()
        .to_str()
        .unwrap()
        .trim_end_matches(".rs")
        .to_string()
}

/// The names `crate::NAME` a text gives in its code, with their lines: the
/// part of each line before a `//` comment.
fn named(text: &str) -> Vec<(usize, String)> {
    let mut names = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap();
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            // `crate::{a::B, C}` names each path in the braces.
            let paths: Vec<&str> = match rest.strip_prefix('{') {
                Some(inside) => inside.split('}').next().unwrap().split(',').collect(),
                None => vec![rest],
            };
            for path in paths {
                let name: String = (path.trim_start().chars())
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                names.push((number + 1, name));
            }
        }
    }
    names
}

/// A file's code outside its tests: up to `#[cfg(test)]` followed by
/// `mod tests`.
fn without_tests(text: &str) -> &str {
    let mut at = 0;
    while let Some(found) = text[at..].find("#[cfg(test)]") {
        let start = at + found;
        let after = text[start + "#[cfg(test)]".len()..].trim_start();
        if after.starts_with("mod tests") {
            return &text[..start];
        }
        at = start + 1;
    }
    text
}

/// What a file breaks of the table: each as `file:line: message`.
fn breaches(file: &Path, text: &str) -> Vec<String> {
    let layers = layer_of();
    let module = module_of(file);
    if module == "lib" {
        return Vec::new();
    }
    let shown = file.strip_prefix(source()).unwrap().display().to_string();
    let Some(&(own, rules)) = layers.get(module.as_str()) else {
        return vec![format!("{shown}: module `{module}` is in no layer")];
    };
    let code = if rules.tests_too {
        text
    } else {
        without_tests(text)
    };
    let mut found = Vec::new();
    for (line, name) in named(code) {
        if name == module {
            continue;
        }
        let Some(&(layer, _)) = layers.get(name.as_str()) else {
            found.push(format!(
                "{shown}:{line}: `crate::{name}` is what lib.rs re-exports (or no module): \
                 name the module it is in"
            ));
            continue;
        };
        if layer > own {
            found.push(format!(
                "{shown}:{line}: `{module}` (layer {}) names `{name}` of layer {}, above it",
                LAYERS[own].0, LAYERS[layer].0
            ));
        } else if rules.not.contains(&name.as_str()) {
            found.push(format!("{shown}:{line}: `{module}` must not know `{name}`"));
        }
    }
    found
}

#[test]
fn no_module_names_one_above_its_layer() {
    let mut all = Vec::new();
    files(&source(), &mut all);
    let mut found = Vec::new();
    for file in &all {
        let text = std::fs::read_to_string(file).unwrap();
        found.extend(breaches(file, &text));
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_check_finds_an_import_from_above_and_one_through_lib() {
    let file = source().join("sum").join("cycles.rs");
    let text = "use crate::registry::Rulesets;\nuse crate::Sum;\n// crate::answer\n\
                use crate::{value::Outcome, Count};\n";
    let found = breaches(&file, text);
    assert_eq!(found.len(), 3, "{found:?}");
    assert!(found[0].contains("names `registry`"), "{found:?}");
    assert!(
        found[1].contains(":2: `crate::Sum` is what lib.rs re-exports"),
        "{found:?}"
    );
    assert!(
        found[2].contains(":4: `crate::Count` is what lib.rs re-exports"),
        "{found:?}"
    );
    let misere = source().join("misere").join("mod.rs");
    let found = breaches(&misere, "use crate::sum::Sum;");
    assert!(found[0].contains("must not know `sum`"), "{found:?}");
    let tests = "fn f() {}\n#[cfg(test)]\nmod tests {\n use crate::registry::parse_sum;\n}\n";
    assert!(breaches(&file, tests).is_empty());
    let catalogue = source().join("catalogue").join("mod.rs");
    assert_eq!(breaches(&catalogue, tests).len(), 1);
}

/// ARCHITECTURE.md's table of layers lists, row by row, the modules of
/// this table.
#[test]
fn architecture_md_lists_the_same_layers() {
    let doc = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../ARCHITECTURE.md"),
    )
    .unwrap();
    let rows: Vec<&str> = doc
        .lines()
        .filter(|line| line.starts_with("| ") && line.as_bytes()[2].is_ascii_digit())
        .collect();
    for (index, (_, modules)) in LAYERS.iter().enumerate() {
        let row = rows
            .iter()
            .find(|row| row.starts_with(&format!("| {}. ", index + 1)))
            .unwrap_or_else(|| panic!("ARCHITECTURE.md has no row for layer {}", index + 1));
        let listed = row.split('|').nth(2).unwrap();
        let mut names: Vec<&str> = listed
            .split('`')
            .skip(1)
            .step_by(2)
            .map(|name| name.trim_end_matches(".rs").trim_end_matches('/'))
            .collect();
        let mut expected: Vec<&str> = modules
            .iter()
            .map(|module| module.name)
            .filter(|name| *name != "test_games")
            .collect();
        names.sort_unstable();
        names.dedup();
        expected.sort_unstable();
        assert_eq!(names, expected, "layer {} of ARCHITECTURE.md", index + 1);
    }
}
