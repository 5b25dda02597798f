//! The examples the documents and the help give run, and print what the
//! documents say they print.
//!
//! - A ```` ```console ```` block of README.md or examples/README.md is a
//!   session: each line `$ COMMAND` is a command, and the lines after it, up
//!   to the next `$ ` line or the end of the block, are what it prints: its
//!   standard output, then its standard error (where a command shows an
//!   error). They are compared line by line, exactly, but for two rules:
//!   a line that is `...` alone (indented or not) stands for any number of
//!   lines the document leaves out, and a time figure (`"seconds":0.006`,
//!   `0.03 s`) is masked in both texts, as it differs from run to run. The
//!   exit status is not compared: an error shows in the text.
//! - A block that cannot run as a test is marked by the line
//!   `<!-- docs: not run: WHY -->` just before its fence (a server that runs
//!   until stopped, a session typed at the keyboard), and is skipped.
//! - An indented code block with a `grundy` command in it is a list of
//!   commands, one a line (the lines before a `grundy` line may make its
//!   files, as examples/README.md's awk line does), run in order: each must
//!   succeed. They show no output to compare.
//! - The examples of every `--help` (the lines under `Examples:`), each
//!   family's example in the registry (what the web explorer's family
//!   picker fills in) and each expression in README's table of families
//!   must succeed too.
//!
//! Each command is run by `sh -c`, with the directory of the `grundy` built
//! for the tests first on PATH, so that quotes, pipes and redirections mean
//! what they mean to a reader's shell. It runs in a scratch directory that
//! holds the repository's `examples/` (a symbolic link): paths read as from
//! the repository root, and the files an example writes (`--out bash.svg`)
//! land outside the repository.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{grundy, temp_path};

/// What is not compared: a time figure, in JSON and in text.
fn masked(text: &str) -> String {
    TIMES
        .iter()
        .fold(text.to_string(), |text, (pattern, with)| {
            regex::Regex::new(pattern)
                .unwrap()
                .replace_all(&text, *with)
                .into_owned()
        })
}

const TIMES: [(&str, &str); 2] = [
    (r#""seconds":[0-9.e+-]+"#, r#""seconds":(time)"#),
    (r"\b[0-9]+(\.[0-9]+)? s\b", "(time) s"),
];

/// The line that marks a block not run, before its fence.
const NOT_RUN: &str = "<!-- docs: not run: ";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A directory of this test's own that reads as the repository root: it
/// holds `examples`, a link to the repository's.
fn scratch() -> PathBuf {
    let dir = temp_path("docs");
    std::fs::create_dir_all(&dir).unwrap();
    let examples = dir.join("examples");
    if !examples.exists() {
        std::os::unix::fs::symlink(root().join("examples"), &examples).unwrap();
    }
    dir
}

/// `command` run by the shell in `dir`, with the tests' `grundy` on PATH:
/// whether it succeeded, and its standard output then its standard error.
fn shell(command: &str, dir: &Path) -> (bool, String) {
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_grundy"));
    let path = std::env::join_paths(
        std::iter::once(binary.parent().unwrap().to_path_buf()).chain(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        )),
    )
    .unwrap();
    let out = Command::new("sh")
        .args(["-c", command])
        .current_dir(dir)
        .env("PATH", path)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned()
        + String::from_utf8_lossy(&out.stderr).as_ref();
    (out.status.success(), text)
}

/// A command of a document, where it is written and what it prints (none
/// for an indented block, which shows no output).
struct Example {
    place: String,
    command: String,
    prints: Option<Vec<String>>,
}

/// The commands of the document `name` (a path from the repository root):
/// those of its console blocks and of its indented code blocks.
fn examples(name: &str) -> Vec<Example> {
    let text = std::fs::read_to_string(root().join(name)).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut examples = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].starts_with("```") {
            let end = i + 1 + lines[i + 1..].iter().position(|l| *l == "```").unwrap();
            let not_run = i > 0 && lines[i - 1].starts_with(NOT_RUN);
            if lines[i] == "```console" && !not_run {
                examples.extend(session(name, i + 1, &lines[i + 1..end]));
            }
            i = end + 1;
        } else if lines[i].starts_with("    ") && (i == 0 || lines[i - 1].is_empty()) {
            let block = lines[i..]
                .iter()
                .take_while(|l| l.starts_with("    "))
                .count();
            let commands = &lines[i..i + block];
            if commands
                .iter()
                .any(|l| l.trim_start().starts_with("grundy "))
            {
                examples.extend(commands.iter().enumerate().map(|(k, line)| Example {
                    place: format!("{name}:{}", i + k + 1),
                    command: line.trim().to_string(),
                    prints: None,
                }));
            }
            i += block;
        } else {
            i += 1;
        }
    }
    examples
}

/// The commands of a console block whose first line is line `first` (from
/// 0) of `name`, each with the lines it prints.
fn session(name: &str, first: usize, block: &[&str]) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    for (k, line) in block.iter().enumerate() {
        match (line.strip_prefix("$ "), examples.last_mut()) {
            (Some(command), _) => examples.push(Example {
                place: format!("{name}:{}", first + k + 1),
                command: command.to_string(),
                prints: Some(Vec::new()),
            }),
            (None, Some(example)) => example.prints.as_mut().unwrap().push(line.to_string()),
            (None, None) => panic!("{name}:{}: a console block starts with `$ `", first + 1),
        }
    }
    examples
}

/// Whether `actual` reads as `expected`, where a line `...` in `expected`
/// stands for any number of lines.
fn matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first.trim() == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(line, more)| *line == first && matches(rest, more)),
    }
}

/// Runs every example of the document `name`, in order, and fails on the
/// first whose output or status is not what the document says.
fn check_document(name: &str) {
    let examples = examples(name);
    assert!(!examples.is_empty(), "{name}: no examples found");
    let dir = scratch();
    for example in examples {
        let (success, out) = shell(&example.command, &dir);
        match &example.prints {
            None => assert!(
                success,
                "{}: `{}` failed:\n{out}",
                example.place, example.command
            ),
            Some(prints) => {
                let expected: Vec<String> = prints.iter().map(|l| masked(l)).collect();
                let actual = masked(&out);
                let actual: Vec<&str> = actual.lines().collect();
                assert!(
                    matches(&expected, &actual),
                    "{}: `{}` prints\n{out}\nwhere the document says\n{}",
                    example.place,
                    example.command,
                    prints.join("\n")
                );
            }
        }
    }
}

#[test]
fn readme_examples_print_what_it_says() {
    check_document("README.md");
}

#[test]
fn examples_readme_commands_run() {
    check_document("examples/README.md");
}

/// Each command of `commands`, run from the scratch directory, succeeds.
fn assert_each_runs(commands: &[String], from: &str) {
    assert!(!commands.is_empty(), "no examples in {from}");
    let dir = scratch();
    for command in commands {
        let (success, out) = shell(command, &dir);
        assert!(success, "{from}: `{command}` failed:\n{out}");
    }
}

/// The text of `grundy ARGS`, which must succeed.
fn help(args: &[&str]) -> String {
    let out = grundy().args(args).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

#[test]
fn help_examples_run() {
    let top = help(&["--help"]);
    let subcommands: Vec<&str> = top
        .lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .collect();
    assert!(subcommands.contains(&"analyze"), "{top}");
    let mut commands = Vec::new();
    for args in
        std::iter::once(vec!["--help"]).chain(subcommands.iter().map(|name| vec![*name, "--help"]))
    {
        let text = help(&args);
        let listed = text
            .lines()
            .skip_while(|l| *l != "Examples:")
            .skip(1)
            .take_while(|l| !l.is_empty());
        commands.extend(listed.map(|l| l.trim().to_string()));
    }
    assert!(
        commands.iter().all(|c| c.starts_with("grundy ")),
        "{commands:?}"
    );
    assert_each_runs(&commands, "--help");
}

/// The example of every family, as `--help` and the web explorer's family
/// picker give it, is answered: a file it names is in the repository.
#[test]
fn every_familys_example_is_answered() {
    let commands: Vec<String> = grundy::FAMILIES
        .iter()
        .map(|family| format!("grundy analyze '{}'", family.example))
        .collect();
    assert_each_runs(&commands, "the registry's examples");
}

/// Each expression README's table of families writes is answered.
#[test]
fn readme_table_of_families_is_answered() {
    let text = std::fs::read_to_string(root().join("README.md")).unwrap();
    let commands: Vec<String> = text
        .lines()
        .skip_while(|l| !l.starts_with("| family | written |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .flat_map(|row| {
            let written = row.split(" | ").nth(1).unwrap();
            written
                .split('`')
                .skip(1)
                .step_by(2)
                .map(|expression| format!("grundy analyze '{expression}'"))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(commands.len() > 30, "{commands:?}");
    assert_each_runs(&commands, "README's table of families");
}
