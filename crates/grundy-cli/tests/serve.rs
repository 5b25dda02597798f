//! `grundy serve`: the API answers as the command line does, errors carry
//! their HTTP status, and many requests at once are all answered.

mod common;

use common::{grundy, json, solve_into, temp_path, Served};
use serde_json::Value;

/// The server of `common::Served`, asked over HTTP.
struct Server(Served);

impl Server {
    fn start() -> Server {
        Server(Served::start())
    }

    fn start_with(args: &[&str]) -> Server {
        Server(Served::start_with(args))
    }

    /// The status and body of `GET path` (a query already encoded).
    fn get(&self, path: &str) -> (u16, String) {
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .build()
            .new_agent();
        let mut response = agent
            .get(&format!("{}{path}", self.0.base))
            .call()
            .expect("the server answers");
        let status = response.status().as_u16();
        let body = response.body_mut().read_to_string().expect("a text body");
        (status, body)
    }

    /// The status and JSON body of `GET path`, which must follow the
    /// schema of the answers (an error too).
    fn get_json(&self, path: &str) -> (u16, Value) {
        let (status, body) = self.get(path);
        (status, common::validated(body.as_bytes()))
    }

    fn pid(&self) -> u32 {
        self.0.pid()
    }
}

/// A query string's value, percent-encoded.
fn encode(text: &str) -> String {
    let mut out = String::new();
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(byte as char)
            }
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

/// The check: `GET /api/analyze?expr=nim%203%204%205` is what
/// `grundy analyze 'nim 3 4 5' --json` prints, and so for every kind of
/// answer (a sum, misère play, every-move play, a position solved strongly,
/// a partizan value, a solitaire) and for the flags.
#[test]
fn analyze_answers_what_the_command_line_prints() {
    let server = Server::start();
    let (status, body) = server.get("/api/analyze?expr=nim%203%204%205");
    assert_eq!(status, 200);
    let printed = grundy()
        .args(["analyze", "nim 3 4 5", "--json"])
        .output()
        .unwrap();
    assert_eq!(body.as_bytes(), printed.stdout.trim_ascii_end());
    let cases: &[(&str, &[&str], &str)] = &[
        ("nim 3 5 1", &["--misere"], "&misere=true"),
        ("nim 3 4 5", &["--every"], "&every=true"),
        ("kayles 10 + dawson 7", &["--moves", "2"], "&moves=2"),
        ("wythoff 3 5", &["--outcome-only"], "&outcome_only=true"),
        ("mnk(3,3,3) x.o/.x./...", &[], ""),
        ("toads-frogs TT..FF", &[], ""),
        ("hackenbush BRB GG", &[], ""),
    ];
    for (expr, flags, query) in cases {
        let mut args = vec!["analyze", expr];
        args.extend_from_slice(flags);
        let (status, served) =
            server.get_json(&format!("/api/analyze?expr={}{query}", encode(expr)));
        assert_eq!(status, 200, "{expr}: {served}");
        assert_eq!(served, json(&args), "{expr} {flags:?}");
    }
}

/// Bad input is HTTP 400 with the error the command line prints (and its
/// column); a question past a limit is 422 naming the limit.
#[test]
fn errors_carry_their_status_and_column() {
    let server = Server::start();
    let (status, served) = server.get_json("/api/analyze?expr=nim%203%20x");
    assert_eq!(status, 400);
    let printed = grundy()
        .args(["analyze", "nim 3 x", "--json"])
        .output()
        .unwrap();
    assert_eq!(
        served,
        serde_json::from_slice::<Value>(&printed.stdout).unwrap()
    );
    assert_eq!(served["error"]["column"], 7);
    assert_eq!(served["error"]["kind"], "bad_input");
    assert_eq!(served["error"]["cause"], "parse");

    let (status, served) = server.get_json("/api/analyze?expr=grundys-game%20100000000000000");
    assert_eq!(status, 422, "{served}");
    assert_eq!(served["error"]["kind"], "limit");
    assert!(served["error"]["message"]
        .as_str()
        .unwrap()
        .contains("1048576 heaps"));

    // No expression: the query string is bad input, answered in JSON.
    let (status, served) = server.get_json("/api/analyze?misere=true");
    assert_eq!(status, 400);
    assert_eq!(served["error"]["kind"], "bad_input");
    assert_eq!(served["error"]["cause"], "usage");
    let (status, served) = server.get_json("/api/analyze?expr=nim%201&misere=maybe");
    assert_eq!(status, 400, "{served}");
    let (status, _) = server.get_json("/api/analyze?expr=nim%201&misere=true&every=true");
    assert_eq!(status, 400);
    let (status, served) = server.get_json("/no/such/page");
    assert_eq!(status, 404);
    assert_eq!(served["error"]["kind"], "bad_input");
}

/// Every move of a sum, each marked by whether it wins for the player
/// making it: exactly the moves to positions of nim-sum 0 (Bouton).
#[test]
fn moves_are_marked_by_bouton() {
    let server = Server::start();
    let (status, served) = server.get_json("/api/moves?expr=nim%203%204%205");
    assert_eq!(status, 200);
    let moves = served["moves"].as_array().unwrap();
    // 3 + 4 + 5 moves: any number taken from one heap.
    assert_eq!(moves.len(), 12);
    for m in moves {
        let to = m["to"].as_str().unwrap();
        let heaps = to.strip_prefix("nim ").unwrap().split(' ');
        let xor = heaps
            .map(|h| h.parse::<u64>().unwrap())
            .fold(0, |a, b| a ^ b);
        let wins = if xor == 0 { "win" } else { "lose" };
        assert_eq!(m["standing"], wins, "{m}");
    }
}

/// The engine's move: from an N-position a move to nim-sum 0; from a
/// position solved strongly its best move, which the command line lists
/// first.
#[test]
fn the_engine_plays_a_best_move() {
    let server = Server::start();
    let (_, reply) = server.get_json("/api/engine?expr=nim%203%204%205");
    assert_eq!(reply["to"], "nim 1 4 5");
    // From a lost position the slowest loss: nim 1 2 3 is lost in 6 (a
    // brute-force search of its 24 positions), its 6 tokens taken one a
    // move; the engine's move counts itself.
    let (status, reply) = server.get_json("/api/engine?expr=nim%201%202%203");
    assert_eq!(status, 200, "a lost position still has moves: {reply}");
    assert_eq!(
        (reply["standing"].as_str(), reply["remoteness"].as_u64()),
        (Some("lose"), Some(6))
    );
    let expr = "mnk(3,3,3) x.o/.x./...";
    let (_, reply) = server.get_json(&format!("/api/engine?expr={}", encode(expr)));
    let printed = json(&["analyze", expr]);
    assert_eq!(reply["to"], printed["best_moves"][0]["to"]);
    let (status, _) = server.get_json("/api/engine?expr=nim%200");
    assert_eq!(status, 422);
}

/// The page and what it loads, and the families it lists.
#[test]
fn the_page_and_the_families_are_served() {
    let server = Server::start();
    let (status, page) = server.get("/");
    assert_eq!(status, 200);
    assert!(page.contains("<script src=\"/app.js\">"));
    for path in ["/app.js", "/style.css"] {
        assert_eq!(server.get(path).0, 200, "{path}");
    }
    let (_, families) = server.get_json("/api/families");
    let names: Vec<&str> = (families.as_array().unwrap().iter())
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    for name in ["nim", "wythoff", "mnk", "connect4", "toads-frogs", "script"] {
        assert!(names.contains(&name), "{name} in {names:?}");
    }
    let (status, svg) = server.get("/api/graph?expr=nim%201%202");
    assert_eq!(status, 200);
    // Nim 1 2 reaches 6 positions, each labelled with its nimber.
    assert_eq!(svg.matches("G = ").count(), 6, "{svg}");
    for path in [
        "/api/plot?ruleset=kayles&to=100",
        "/api/heatmap?ruleset=wythoff&rows=0..9&cols=0..9",
        "/api/thermograph?expr=%7B2%7C-1%7D",
    ] {
        let (status, svg) = server.get(path);
        assert_eq!(status, 200, "{path}: {svg}");
        assert!(svg.contains("<svg"), "{path}: {svg}");
    }
    let (status, _) = server.get("/api/heatmap?ruleset=wythoff&rows=9..0&cols=0..9");
    assert_eq!(status, 400);
}

/// The sequence and the table are the command line's JSON.
#[test]
fn sequences_and_tables_answer_what_the_command_line_prints() {
    let server = Server::start();
    let (status, served) =
        server.get_json("/api/sequence?ruleset=subtraction(1,3,4)&to=30&values=true");
    assert_eq!(status, 200, "{served}");
    assert_eq!(
        served,
        json(&["sequence", "subtraction(1,3,4)", "--to", "30", "--values"])
    );
    // S = {1, 3, 4}: period 7 (the notes' table).
    assert_eq!(served["period"], 7);
    let (status, served) = server.get_json("/api/table?ruleset=wythoff&rows=0..6&cols=0..6");
    assert_eq!(status, 200, "{served}");
    assert_eq!(
        served,
        json(&["table", "wythoff", "--rows", "0..6", "--cols", "0..6"])
    );
    // Wythoff: (1, 2) and (3, 5) are P-positions.
    assert_eq!(
        (
            served["values"][1][2].as_u64(),
            served["values"][3][5].as_u64()
        ),
        (Some(0), Some(0))
    );
}

/// The resident memory of a process, in kB.
fn resident_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// 200 requests at once, each answered correctly; a second round of 200
/// leaves the memory where the first left it; and a question past a limit
/// among them is answered with its limit error, the others unharmed.
#[test]
fn two_hundred_requests_at_once() {
    let server = Server::start();
    let round = |server: &Server| {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..200u64)
                .map(|i| {
                    scope.spawn(move || {
                        let (a, b, c) = (i % 7 + 1, i % 11 + 2, i % 13 + 3);
                        if i == 100 {
                            let (status, _) =
                                server.get_json("/api/analyze?expr=grundys-game%20100000000000000");
                            assert_eq!(status, 422);
                            return;
                        }
                        let path = format!("/api/analyze?expr=nim%20{a}%20{b}%20{c}");
                        let (status, served) = server.get_json(&path);
                        assert_eq!(status, 200);
                        let xor = a ^ b ^ c;
                        assert_eq!(served["nimber"], xor);
                        assert_eq!(served["outcome"], if xor == 0 { "P" } else { "N" });
                    })
                })
                .collect();
            for handle in handles {
                handle.join().expect("every request answered");
            }
        });
    };
    round(&server);
    let after_first = resident_kb(server.pid());
    round(&server);
    round(&server);
    let after_third = resident_kb(server.pid());
    // Flat: two more rounds add less than 16 MiB (a leak of a request's
    // answer would add some kB a request, 400 of them).
    assert!(
        after_third < after_first + 16 * 1024,
        "{after_first} kB after one round, {after_third} kB after three"
    );
}

/// The CPU time a process has used, in clock ticks (user + system).
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    let after_name = &stat[stat.rfind(')').unwrap() + 2..];
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the name.
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

/// A long solve whose request is closed stops: the server goes idle
/// instead of solving Connect Four 5 x 5 (minutes, gigabytes) for nobody.
#[test]
fn a_closed_request_stops_its_solve() {
    let server = Server::start();
    let agent = ureq::Agent::config_builder()
        .timeout_global(Some(std::time::Duration::from_millis(1500)))
        .build()
        .new_agent();
    let path = "/api/analyze?expr=connect4(5,5)%20...../...../...../...../.....";
    let closed = agent.get(&format!("{}{path}", server.0.base)).call();
    assert!(closed.is_err(), "the solve takes longer than the timeout");
    // The solve sees the closed request at its next progress report.
    std::thread::sleep(std::time::Duration::from_secs(2));
    let before = cpu_ticks(server.pid());
    std::thread::sleep(std::time::Duration::from_secs(2));
    let spent = cpu_ticks(server.pid()) - before;
    // Idle: well under the 200 ticks (2 s) a solve running on would take.
    assert!(spent < 50, "{spent} ticks in 2 s after the request closed");
    // And the server still answers.
    assert_eq!(server.get("/api/analyze?expr=nim%201%202").0, 200);
}

/// `grundy serve --db DIR`: the positions of the ruleset the table holds
/// are answered from it, as a solve answers them; every other question as
/// without it. That the table answers shows when a block of it is
/// damaged: the question that reads it is refused naming its file.
#[test]
fn a_solved_table_answers_its_rulesets_positions_and_only_those() {
    let dir = temp_path("serve-tiers");
    solve_into("connect4(4,4)", "--tiers", &dir);
    let plain = Server::start();
    let served = Server::start_with(&["--db", dir.to_str().unwrap()]);
    let position = encode("connect4(4,4) ..../..../..../.x..");
    let questions = [
        format!("/api/analyze?expr={position}"),
        format!("/api/moves?expr={position}"),
        format!("/api/engine?expr={position}"),
        format!("/api/moves?expr={}", encode("nim 3 4 5")),
        format!("/api/analyze?expr={}&misere=true", encode("nim 1 1")),
        format!("/api/engine?expr={}", encode("mnk(3,3,3) x../.o./...")),
    ];
    for question in &questions {
        let (status, answer) = served.get_json(question);
        assert_eq!(status, 200, "{question}: {answer}");
        assert_eq!((status, answer), plain.get_json(question), "{question}");
    }
    // The position's tier (one disc) holds one block of cells: damaged,
    // it is refused by the table's questions alone.
    let tier = dir.join("tier-001.bin");
    let mut bytes = std::fs::read(&tier).unwrap();
    *bytes.last_mut().unwrap() ^= 0x40;
    std::fs::write(&tier, &bytes).unwrap();
    let (status, answer) = served.get_json(&questions[0]);
    assert_eq!(status, 400, "{answer}");
    assert_eq!(answer["error"]["cause"], "file");
    let message = answer["error"]["message"].as_str().unwrap();
    assert!(message.contains("tier-001.bin"), "{message}");
    for question in &questions[3..] {
        assert_eq!(served.get_json(question).0, 200, "{question}");
    }
    // A path that holds no table is refused before the server starts.
    let none = grundy()
        .args(["serve", "--port", "0", "--db"])
        .arg(temp_path("no-table-here"))
        .output()
        .unwrap();
    assert_eq!(none.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&none.stderr);
    assert!(stderr.contains("no-table-here"), "{stderr}");
}

/// Kayles with integer rows: a move knocks down one pin or two adjacent
/// pins, leaving a row on each side.
const KAYLES: &str = "fn moves(n) {
    let options = [];
    for take in 1..=min(n, 2) {
        for a in 0..=(n - take) / 2 {
            options.push(sum([a, n - take - a]));
        }
    }
    options
}
";

/// Issue 36, item 5: what a process keeps between questions never outlives
/// what it was computed from. A misère sum of 20 heaps of a script is
/// answered from the script's misère quotient, which the process keeps;
/// once the script is edited (Kayles becomes Dawson's Kayles), the same
/// question is answered as a fresh process answers it.
#[test]
fn an_edited_script_is_answered_as_a_fresh_process_answers() {
    let dir = temp_path("edited-script");
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("rows.rhai");
    std::fs::write(&script, KAYLES).unwrap();
    let expression = "script(rows.rhai) 2 3 5 7 8 9 10 11 12 3 4 5 6 7 8 9 10 11 12 2";
    let question = format!("/api/analyze?expr={}&misere=true", encode(expression));
    let server = Server(Served::start_in(&dir, &[]));
    let (status, kayles) = server.get_json(&question);
    assert_eq!(status, 200, "{kayles}");
    std::fs::copy(common::example_path("dawson.rhai"), &script).unwrap();
    let (status, dawson) = server.get_json(&question);
    assert_eq!(status, 200, "{dawson}");
    let fresh = grundy()
        .current_dir(&dir)
        .args(["analyze", expression, "--misere", "--json"])
        .output()
        .unwrap();
    assert_eq!(dawson, common::validated(&fresh.stdout));
    // The two games differ on this sum, so the answer is the new script's.
    assert_ne!(kayles["winning_move_count"], dawson["winning_move_count"]);
}
