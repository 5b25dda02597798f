//! Helpers shared by the command-line tests (each test file uses some).
#![allow(dead_code)]

use std::sync::OnceLock;

use assert_cmd::Command;
use serde_json::Value;

/// A sum of sixteen hot games whose canonical form takes minutes to build
/// (and is then too long to write), from literals alone: no search of
/// positions reports progress while it is built.
pub const SLOW_VALUES: &str = "{3|1||-1} + {5|2||-2} + {7|3||-3} + {9|4||-4} + {11|5||-5} + {13|6||-6} + {15|7||-7} + {17|8||-8} + {19|9||-9} + {21|10||-10} + {23|11||-11} + {25|12||-12} + {27|13||-13} + {29|14||-14} + {31|15||-15} + {33|16||-16}";

pub fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

/// Runs `grundy ARGS --json`, which must succeed, and parses its output.
pub fn json(args: &[&str]) -> Value {
    let out = grundy()
        .args(args)
        .arg("--json")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    validated(&out)
}

/// The ruleset of the example script `name` of examples/: `script(PATH)`.
pub fn example(name: &str) -> String {
    format!("script({})", example_path(name).display())
}

pub fn example_path(name: &str) -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(name)
}

pub fn analyze_json(expression: &str) -> Value {
    json(&["analyze", expression])
}

/// The answers of `grundy analyze --json FLAGS --batch FILE`, which must
/// succeed: one JSON object a line of the file.
pub fn batch_json(flags: &[&str], file: &std::path::Path) -> Vec<Value> {
    let out = grundy()
        .args(["analyze", "--json"])
        .args(flags)
        .arg("--batch")
        .arg(file)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    validated_lines(&out)
}

/// Each winning move's `to` is analysed again and must be a P-position;
/// returns those analyses.
pub fn assert_every_winning_move_leads_to_p(analysis: &Value) -> Vec<Value> {
    let moves = analysis["winning_moves"].as_array().unwrap();
    moves
        .iter()
        .map(|m| {
            let after = analyze_json(m["to"].as_str().unwrap());
            assert_eq!(
                after["outcome"], "P",
                "{}: {}",
                analysis["expression"], m["move"]
            );
            after
        })
        .collect()
}

/// A path in a fresh directory of this test (one per thread, so tests
/// running in parallel do not share files), under cargo's `target/tmp`
/// rather than the system's temporary directory, which the tests would
/// fill run after run.
pub fn temp_path(name: &str) -> std::path::PathBuf {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "grundy-cli-tests-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// `grundy solve RULESET FLAG PATH`, which must succeed: `--tiers` into
/// `path` emptied first, or `--db` to the file `path`.
pub fn solve_into(ruleset: &str, flag: &str, path: &std::path::Path) {
    let _ = std::fs::remove_dir_all(path);
    let solved = grundy()
        .args(["solve", ruleset, flag])
        .arg(path)
        .output()
        .unwrap();
    assert!(solved.status.success(), "{solved:?}");
}

/// Writes `text` to a fresh file (see `temp_path`).
pub fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let path = temp_path(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The schema every `--json` answer follows (`schema/grundy.schema.json`,
/// which `cargo test -p grundy --test library schema::` keeps equal to the answer
/// types), compiled once.
fn answer_schema() -> &'static (boon::Schemas, boon::SchemaIndex) {
    static SCHEMA: OnceLock<(boon::Schemas, boon::SchemaIndex)> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../schema/grundy.schema.json");
        let text = std::fs::read_to_string(&path).unwrap();
        let schema: Value = serde_json::from_str(&text).unwrap();
        let mut schemas = boon::Schemas::new();
        let mut compiler = boon::Compiler::new();
        compiler.add_resource("grundy.schema.json", schema).unwrap();
        let index = compiler
            .compile("grundy.schema.json", &mut schemas)
            .unwrap();
        (schemas, index)
    })
}

/// Why `answer` does not follow the schema of the answers, if it does not.
pub fn schema_error(answer: &Value) -> Option<String> {
    let (schemas, index) = answer_schema();
    (schemas.validate(answer, *index).err()).map(|error| format!("{error:#}"))
}

/// Fails unless `answer` follows the schema of the answers.
pub fn assert_valid(answer: &Value) {
    if let Some(error) = schema_error(answer) {
        panic!("the answer does not follow schema/grundy.schema.json: {error}\n{answer}");
    }
}

/// The one JSON answer in `out` (a `--json` run's stdout), which must
/// follow the schema of the answers.
pub fn validated(out: &[u8]) -> Value {
    let answer = serde_json::from_slice(out).unwrap();
    assert_valid(&answer);
    answer
}

/// The JSON answers in `out`, one a line (`--batch --json`), each of which
/// must follow the schema of the answers.
pub fn validated_lines(out: &[u8]) -> Vec<Value> {
    let answers: Vec<Value> = serde_json::Deserializer::from_slice(out)
        .into_iter()
        .collect::<Result<_, _>>()
        .unwrap();
    answers.iter().for_each(assert_valid);
    answers
}

/// Whether a test that needs `tool` must stop here because the tool is
/// missing (`present` false): it says so and the test passes, except where
/// `GRUNDY_TOOLS=required` (as `.ci/run` sets it, after installing every
/// tool a test needs), where a missing tool fails the test.
#[allow(dead_code)]
pub fn skipped_without(tool: &str, present: bool) -> bool {
    if present {
        return false;
    }
    let required = std::env::var("GRUNDY_TOOLS").is_ok_and(|v| v == "required");
    assert!(
        !required,
        "GRUNDY_TOOLS=required, but this test needs {tool}, missing here"
    );
    eprintln!("test skipped: {tool} is not installed");
    true
}

/// `grundy ARGS` under `ulimit -v KB` (the shell execs it, so the child
/// is grundy itself).
pub fn under_address_space_limit(kb: u64, args: &[&str]) -> std::process::Command {
    let mut command = std::process::Command::new("bash");
    command
        .args(["-c", &format!("ulimit -v {kb}; exec \"$0\" \"$@\"")])
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .args(args);
    command
}

/// Runs `grundy ARGS` under `ulimit -v KB`, and returns its exit code and
/// stderr.
pub fn run_under_address_space_limit(kb: u64, args: &[&str]) -> (Option<i32>, String) {
    let out = under_address_space_limit(kb, args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// `grundy serve` on a free port of the loopback address, killed when
/// dropped (the API tests and the browser test).
pub struct Served {
    child: std::process::Child,
    /// `http://127.0.0.1:PORT`, without a slash at the end.
    pub base: String,
    /// What the server prints after its address.
    stdout: std::io::BufReader<std::process::ChildStdout>,
}

impl Served {
    pub fn start() -> Served {
        Served::start_with(&[])
    }

    /// The server started with the options `args` besides the port,
    /// serving the files of the repository's `examples/` (the scripts the
    /// tests name) besides any `--files` of `args`.
    pub fn start_with(args: &[&str]) -> Served {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"));
        command.args(["serve", "--port", "0", "--files"]);
        command.arg(example_path("")).args(args);
        Served::start_command(command)
    }

    /// The server started in the directory `dir` (where the files its
    /// questions name are found), with the options `args`.
    #[allow(dead_code)]
    pub fn start_in(dir: &std::path::Path, args: &[&str]) -> Served {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"));
        command
            .current_dir(dir)
            .args(["serve", "--port", "0"])
            .args(args);
        Served::start_command(command)
    }

    /// The server started under `ulimit -v KB`: the address space it may
    /// take, which its memory budget is read from.
    pub fn start_under_address_space_limit(kb: u64) -> Served {
        Served::start_command(under_address_space_limit(kb, &["serve", "--port", "0"]))
    }

    /// The server `command` starts (`grundy serve --port 0 ...`, or a
    /// shell that runs it), once it says where it listens.
    pub fn start_command(mut command: std::process::Command) -> Served {
        use std::io::{BufRead, BufReader};
        use std::process::Stdio;
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("grundy serve starts");
        let mut line = String::new();
        let mut stdout = BufReader::new(child.stdout.take().expect("piped"));
        stdout.read_line(&mut line).expect("a line");
        // "grundy serve: http://127.0.0.1:PORT/ (Ctrl-C stops it)"
        let url = line.split_whitespace().nth(2).expect("an address");
        assert!(url.starts_with("http://127.0.0.1:"), "{line}");
        Served {
            child,
            base: url.trim_end_matches('/').to_string(),
            stdout,
        }
    }

    /// The next line the server prints after its address.
    pub fn line(&mut self) -> String {
        use std::io::BufRead;
        let mut line = String::new();
        self.stdout.read_line(&mut line).expect("a line");
        line
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends the server SIGINT, as Ctrl-C does.
    pub fn interrupt(&self) {
        let status = std::process::Command::new("kill")
            .args(["-INT", &self.pid().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success(), "the server is there to interrupt");
    }

    /// The server's exit status, once it has exited; `None` if it is still
    /// running after `time`.
    pub fn exit_within(&mut self, time: std::time::Duration) -> Option<std::process::ExitStatus> {
        let end = std::time::Instant::now() + time;
        loop {
            if let Some(status) = self.child.try_wait().expect("the server's status") {
                return Some(status);
            }
            if std::time::Instant::now() >= end {
                return None;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[path = "../../../grundy/tests/common/files.rs"]
mod files;
#[allow(unused_imports)]
pub use files::files;

/// `grundy ARGS`, sent Ctrl-C (SIGINT) `after` it starts, or to what is
/// left of it once it has ended; its output once it ends, which must be
/// within a minute of the signal (no measure of speed: it tells a stop
/// from work that ignores Ctrl-C, each of this crate's uses running for
/// minutes unless stopped).
pub fn interrupted_after(after: std::time::Duration, args: &[&str]) -> std::process::Output {
    use std::time::{Duration, Instant};
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(after);
    let _ = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    let given = Instant::now();
    while child.try_wait().unwrap().is_none() && given.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(100));
    }
    if child.try_wait().unwrap().is_none() {
        let _ = child.kill();
        let _ = child.wait();
        panic!("grundy {args:?} still ran a minute after Ctrl-C");
    }
    child.wait_with_output().unwrap()
}
