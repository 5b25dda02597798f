//! Issue 36, "the process must not die", through `grundy serve`: each
//! question past a limit (memory, stack, the size of its answer) is
//! answered 422 naming the limit, and the server answers the next.

use crate::common;

use crate::common::{validated, Served};

/// `GET path` of `server`: the status and the JSON body, which must
/// follow the schema of the answers.
fn get(server: &Served, path: &str) -> (u16, serde_json::Value) {
    let agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .new_agent();
    let mut response = agent
        .get(&format!("{}{path}", server.base))
        .call()
        .expect("the server answers");
    let status = response.status().as_u16();
    let body = response.body_mut().read_to_string().expect("a text body");
    (status, validated(body.as_bytes()))
}

/// `/api/analyze?expr=EXPR`, with `rest` after it (`&moves=...`).
fn analyze(expr: &str, rest: &str) -> String {
    let encoded: String = (expr.bytes())
        .map(|byte| match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (byte as char).to_string()
            }
            _ => format!("%{byte:02X}"),
        })
        .collect();
    format!("/api/analyze?expr={encoded}{rest}")
}

/// That `answer` is a limit error whose message holds `says`.
fn assert_limit(status: u16, answer: &serde_json::Value, says: &str) {
    assert_eq!(status, 422, "{answer}");
    assert_eq!(answer["error"]["kind"], "limit", "{answer}");
    let message = answer["error"]["message"].as_str().unwrap();
    assert!(message.contains(says), "{message}");
}

/// That the server still answers: `nim 3 4 5` is N with nimber 2.
fn assert_alive(server: &Served) {
    let (status, answer) = get(server, &analyze("nim 3 4 5", ""));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["nimber"], 2);
}

/// The address space the server runs under, in kB (the issue asks for
/// 3,000,000; less reaches the memory budget sooner).
const LIMIT_KB: u64 = 500_000;

/// Items 1 and 2 (repro 17): a sum of switches is answered with the
/// memory budget, 3,840 ups (360 bytes of query) with the height limit,
/// and the server answers `nim 3 4 5` after each. (Repro 17's 24 switches,
/// and up to 36, fit this server's budget, and their value is then
/// refused as too long to write: 40 need more memory.)
#[test]
fn values_past_their_limits_are_refused_and_the_server_lives_on() {
    let server = Served::start_under_address_space_limit(LIMIT_KB);
    let switches: Vec<String> = (1..=40).map(|i| format!("{{{i}|-{i}}}")).collect();
    let (status, answer) = get(&server, &analyze(&switches.join(" + "), ""));
    assert_limit(status, &answer, "the memory budget");
    assert_alive(&server);
    let ups = vec!["^64"; 60].join(" + ") + " + {1|-1}";
    let (status, answer) = get(&server, &analyze(&ups, ""));
    assert_limit(status, &answer, "levels of options");
    assert_alive(&server);
}

/// Item 3 (repros 16, 22): a plot or a list of values to heap 10^11, and
/// 10,000 moves each writing a sum of 100,000 heaps, are refused before
/// they are built; the server lives on.
#[test]
fn answers_too_large_to_build_are_refused_and_the_server_lives_on() {
    let server = Served::start_under_address_space_limit(LIMIT_KB);
    let far = "ruleset=kayles&to=100000000000";
    for path in [
        format!("/api/plot?{far}"),
        format!("/api/sequence?{far}&values=true"),
    ] {
        let (status, answer) = get(&server, &path);
        assert_limit(status, &answer, "values are shown");
        assert_alive(&server);
    }
    let (status, answer) = get(&server, &analyze("nim 3*99999 + nim 2", "&moves=10000"));
    assert_limit(status, &answer, "MiB written out");
    assert_alive(&server);
}

/// Repro 30 through the server: from the position `s`, a ring of a
/// million positions, each a text of 60,000 characters (the repro's
/// script, entered by a short position, as a URI is at most 8 KiB).
const RING_OF_LONG_TEXTS: &str = "fn moves(p) {
    if p == \"s\" { let x = \"\"; x.pad(60000, \"x\"); return [x + \"0\"]; }
    let n = parse_int(p.sub_string(60000));
    [p.sub_string(0, 60000) + ((n + 1) % 1000000)]
}";

/// Item 4 (repro 30): two such questions at once aborted the server, the
/// allocator holding a third more than the searches counted. Each is
/// answered with the memory budget, and the server lives on. (Under
/// this address space, 200 MB, the server still aborts when
/// `mallopt(M_MMAP_THRESHOLD, ..)` is made to do nothing by a preloaded
/// library: the test guards the fix.)
#[test]
fn two_searches_of_long_texts_at_once_stop_at_the_budget() {
    let script = common::temp_file("ring.rhai", RING_OF_LONG_TEXTS);
    let dir = script.parent().unwrap().to_str().unwrap().to_string();
    let command =
        common::under_address_space_limit(200_000, &["serve", "--port", "0", "--files", &dir]);
    let server = Served::start_command(command);
    let question = analyze(&format!("script(\"{}\") s", script.display()), "");
    std::thread::scope(|scope| {
        let asked: Vec<_> = (0..2)
            .map(|_| scope.spawn(|| get(&server, &question)))
            .collect();
        for asked in asked {
            let (status, answer) = asked.join().unwrap();
            assert_limit(status, &answer, "the memory budget");
        }
    });
    assert_alive(&server);
}
