//! The explorer in a real browser: Debian's Chromium, headless, driven by
//! chromedriver over the WebDriver protocol. One test types `nim 3 4 5`,
//! clicks a winning move, checks the position reached and its outcome,
//! goes back, plays a move against the engine, and saves a screenshot in
//! `target/browser/` (CI keeps them); then plays a sum of values as Right
//! to its end. The others play boards by clicking them (a game of
//! Domineering won as its value says, a column of Connect Four), analyse
//! a position edited on its board, compare the game shown with another,
//! check that only the pictures that apply are offered and that work in progress shows, and look at the
//! page in a window 420 pixels wide.
//!
//! Chromium and chromedriver are not needed to build grundy: where they
//! are missing the test says so and passes, unless GRUNDY_TOOLS is
//! `required` (as `.ci/run` sets it, after installing them).

use crate::common;

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::Served;
use serde_json::{json, Value};

/// A child process killed when dropped.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn found(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| p.is_file())
}

/// A port free now on the loopback address.
fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

/// A WebDriver session.
struct Browser {
    agent: ureq::Agent,
    base: String,
    _driver: Killed,
}

impl Browser {
    fn start(chromium: &str, driver: &str) -> Browser {
        let port = free_port();
        let child = Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let driver = Killed(child);
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .build()
            .new_agent();
        let root = format!("http://127.0.0.1:{port}");
        let started = Instant::now();
        while agent.get(&format!("{root}/status")).call().is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "chromedriver answers"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "goog:chromeOptions": {
                "binary": chromium,
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--window-size=1280,1100"]
            }
        }}});
        let session = post(&agent, &format!("{root}/session"), &capabilities);
        let id = session["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("a session: {session}"));
        Browser {
            agent,
            base: format!("{root}/session/{id}"),
            _driver: driver,
        }
    }

    fn post(&self, path: &str, body: Value) -> Value {
        post(&self.agent, &format!("{}{path}", self.base), &body)
    }

    fn get(&self, path: &str) -> Value {
        let mut response = self
            .agent
            .get(&format!("{}{path}", self.base))
            .call()
            .unwrap();
        response.body_mut().read_json().unwrap()
    }

    fn open(&self, url: &str) {
        self.post("/url", json!({ "url": url }));
    }

    /// The element a CSS selector finds first, once there is one.
    fn find(&self, css: &str) -> String {
        let started = Instant::now();
        loop {
            let found = self.post("/element", json!({"using": "css selector", "value": css}));
            if let Some(object) = found["value"].as_object() {
                if let Some(id) = object.values().next().and_then(Value::as_str) {
                    if !object.contains_key("error") {
                        return id.to_string();
                    }
                }
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "{css}: {found}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn text(&self, css: &str) -> String {
        let id = self.find(css);
        let got = self.get(&format!("/element/{id}/text"));
        got["value"].as_str().unwrap_or_default().to_string()
    }

    /// Waits until the text of `css` is `want`.
    fn wait_text(&self, css: &str, want: &str) {
        let started = Instant::now();
        loop {
            let text = self.text(css);
            if text == want {
                return;
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "{css} shows {text:?}, not {want:?}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn click(&self, css: &str) {
        let id = self.find(css);
        self.post(&format!("/element/{id}/click"), json!({}));
    }

    fn type_into(&self, css: &str, text: &str) {
        let id = self.find(css);
        self.post(&format!("/element/{id}/clear"), json!({}));
        self.post(&format!("/element/{id}/value"), json!({ "text": text }));
    }

    /// Whether the checkbox `css` is checked.
    fn selected(&self, css: &str) -> bool {
        let id = self.find(css);
        self.get(&format!("/element/{id}/selected"))["value"] == true
    }

    fn attribute(&self, css: &str, name: &str) -> String {
        let id = self.find(css);
        let got = self.get(&format!("/element/{id}/attribute/{name}"));
        got["value"].as_str().unwrap_or_default().to_string()
    }

    fn url(&self) -> String {
        self.get("/url")["value"].as_str().unwrap().to_string()
    }

    /// What the script `body` (a function's body) returns.
    fn script(&self, body: &str) -> Value {
        let answer = self.post("/execute/sync", json!({"script": body, "args": []}));
        answer["value"].clone()
    }

    /// Whether the element `css` is shown.
    fn displayed(&self, css: &str) -> bool {
        let id = self.find(css);
        self.get(&format!("/element/{id}/displayed"))["value"] == true
    }

    /// The property `name` of the element `css` (an input's `value`).
    fn property(&self, css: &str, name: &str) -> String {
        let id = self.find(css);
        let got = self.get(&format!("/element/{id}/property/{name}"));
        got["value"].as_str().unwrap_or_default().to_string()
    }

    /// Waits until `ready` answers something, and returns it.
    fn wait_for<T>(&self, what: &str, mut ready: impl FnMut() -> Option<T>) -> T {
        let started = Instant::now();
        loop {
            if let Some(answer) = ready() {
                return answer;
            }
            assert!(started.elapsed() < Duration::from_secs(30), "{what}");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// The page laid out as in a window `width` pixels wide (Chromium's
    /// own windows are never narrower than 500).
    fn narrow(&self, width: u32) {
        let metrics =
            json!({"width": width, "height": 1400, "deviceScaleFactor": 1, "mobile": false});
        let done = self.post(
            "/goog/cdp/execute",
            json!({"cmd": "Emulation.setDeviceMetricsOverride", "params": metrics}),
        );
        assert!(done["value"].get("error").is_none(), "{done}");
    }

    fn screenshot(&self, path: &std::path::Path) {
        let shot = self.get("/screenshot");
        let png = decode_base64(shot["value"].as_str().unwrap());
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, png).unwrap();
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.agent.delete(&self.base).call();
    }
}

fn post(agent: &ureq::Agent, url: &str, body: &Value) -> Value {
    let mut response = agent.post(url).send_json(body).unwrap();
    response.body_mut().read_json().unwrap()
}

/// Standard base64 (the screenshot WebDriver returns).
fn decode_base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let bytes: Vec<u8> = text.bytes().filter(|&c| c != b'=').map(value).collect();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &v)| n | (v as u32) << (18 - 6 * i));
        out.extend_from_slice(&n.to_be_bytes()[1..chunk.len()]);
    }
    out
}

#[test]
fn a_student_clicks_a_winning_move() {
    let Some((_server, browser, base)) = explorer() else {
        return;
    };

    browser.open(&base);
    browser.type_into("#expr", "nim 3 4 5");
    browser.click("#go");
    browser.wait_text("#outcome", "N");
    browser.wait_text("#position", "nim 3 4 5");
    // The one winning move (Bouton: 3 XOR 4 XOR 5 = 2, so 3 -> 1) is the
    // one move marked winning.
    browser.click("#moves button.win");
    browser.wait_text("#position", "nim 1 4 5");
    browser.wait_text("#outcome", "P");
    assert!(
        browser.url().contains("expr=nim+1+4+5"),
        "{}",
        browser.url()
    );
    // The back button goes back a move.
    browser.post("/back", json!({}));
    browser.wait_text("#position", "nim 3 4 5");

    // Against the engine: the student takes the winning move, the engine
    // replies from the lost position, and the student is to move again.
    browser.click("#play-first");
    browser.click("#moves button.win");
    browser.wait_text("#history li:nth-child(2)", &engine_line(&browser));
    browser.wait_text("#outcome", "N");
    let shot = shot_path("explorer.png");
    browser.screenshot(&shot);
    assert!(std::fs::metadata(&shot).unwrap().len() > 10_000);

    // The misère box is part of the address: ticking it asks again (nim
    // 1 1 is lost under normal play, won under misère play by taking a
    // heap), and a reload or a shared link keeps it.
    browser.open(&format!("{base}?expr=nim+1+1"));
    browser.wait_text("#position", "nim 1 1");
    browser.wait_text("#outcome", "P");
    assert!(!browser.selected("#misere"));
    browser.click("#misere");
    browser.wait_text("#outcome", "N");
    assert!(browser.url().contains("misere=true"), "{}", browser.url());
    browser.post("/refresh", json!({}));
    browser.wait_text("#position", "nim 1 1");
    browser.wait_text("#outcome", "N");
    assert!(browser.selected("#misere"));

    // A sum of values whose L means Left wins: not the red badge of a
    // loss, which an L of a position solved strongly is (a new address
    // without misere=true unticks the box).
    browser.open(&format!("{base}?expr=domineering+2x2+%2B+%7B1%7C0%7D"));
    browser.wait_text("#outcome", "L");
    assert_eq!(browser.attribute("#outcome", "class"), "badge left");
    // Under misère play a sum of values is searched as it is: a 2 × 1
    // strip of Domineering is Left's one move, so Right wins whoever
    // starts; each player's moves are listed, and no thermograph (that of
    // normal play) is offered.
    browser.open(&format!("{base}?expr=domineering+2x1&misere=true"));
    browser.wait_text("#position", "domineering ./.");
    browser.wait_text("#outcome", "R");
    assert_eq!(browser.attribute("#outcome", "class"), "badge right");
    assert!(browser.text("#value").contains("misère play"));
    assert!(
        browser.text("#moves").contains("Left: "),
        "{}",
        browser.text("#moves")
    );
    assert_eq!(browser.attribute("#draw-thermograph", "hidden"), "true");
    // A position with a value is played as a player, from the player
    // chosen: the student plays Right, Left (the engine) first. ±1 + ↑:
    // Left goes to 1 + ↑, Right's one move is ↑ -> *, and Left's reply 1
    // leaves Right without a move.
    browser.open(&format!("{base}?expr=%7B1%7C-1%7D+%2B+%5E"));
    browser.wait_text("#outcome", "N");
    browser.click("#play-side option[value=right]");
    browser.click("#play-starts option[value=left]");
    browser.click("#play-start");
    browser.wait_text(
        "#history li:nth-child(1)",
        "engine: Left: part 1: {1|-1} -> 1 → 1 + ^",
    );
    browser.wait_text("#position", "1 + ^");
    browser.wait_text(
        "#play-status",
        "Your move (Right): with perfect play the engine wins. Hold out as long as you can.",
    );
    // Right's one move, named by its player.
    assert!(browser
        .text("#moves button .to")
        .starts_with("Right: part 2: ^ -> *"));
    browser.click("#moves button");
    browser.wait_text(
        "#history li:nth-child(3)",
        "engine: Left: part 2: * -> 0 → 1",
    );
    browser.wait_text(
        "#play-status",
        "The game is over: Right cannot move: the engine wins.",
    );
    browser.open(&format!("{base}?expr=mnk(1,3,2)+.x."));
    browser.wait_text("#position", "mnk(1,3,2) .x.");
    assert_eq!(browser.text("#outcome"), "L");
    assert_eq!(browser.attribute("#outcome", "class"), "badge lose");
}

/// The engine's line of the history, once it is there.
fn engine_line(browser: &Browser) -> String {
    let text = browser.text("#history li:nth-child(2)");
    assert!(text.starts_with("engine: heap"), "{text}");
    text
}

/// The server and a browser on its page (the page's address), or none
/// where Chromium or chromedriver is missing and not required.
fn explorer() -> Option<(Served, Browser, String)> {
    let tools = found("chromium").zip(found("chromedriver"));
    if common::skipped_without("chromium and chromedriver", tools.is_some()) {
        return None;
    }
    let (chromium, driver) = tools.expect("both found");
    let server = Served::start();
    let base = format!("{}/", server.base);
    let browser = Browser::start(chromium.to_str().unwrap(), driver.to_str().unwrap());
    Some((server, browser, base))
}

/// Where a screenshot named `name` is kept: `target/browser/`.
fn shot_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("../browser/{name}"))
}

/// The cells (row, column) where two boards of one component differ:
/// `domineering .../.../...` and `domineering .#./.#./...`.
fn changed_cells(from: &str, to: &str) -> Vec<(usize, usize)> {
    let rows = |expr: &str| -> Vec<Vec<char>> {
        let board = expr.split_whitespace().nth(1).expect("a board");
        board.split('/').map(|row| row.chars().collect()).collect()
    };
    let (from, to) = (rows(from), rows(to));
    let mut cells = Vec::new();
    for (r, (a, b)) in from.iter().zip(&to).enumerate() {
        for (c, (x, y)) in a.iter().zip(b).enumerate() {
            if x != y {
                cells.push((r, c));
            }
        }
    }
    cells
}

/// How many lines the history of the game has.
fn history_length(browser: &Browser) -> u64 {
    browser
        .script("return document.querySelectorAll('#history li').length;")
        .as_u64()
        .unwrap()
}

#[test]
fn a_game_of_domineering_is_played_on_its_board() {
    let Some((_server, browser, base)) = explorer() else {
        return;
    };
    browser.open(&format!("{base}?expr=domineering+3x3"));
    browser.wait_text("#position", "domineering .../.../...");
    browser.wait_text("#outcome", "N");
    // ±1: whoever moves first wins. The student plays Left, first.
    assert!(
        browser.text("#value").starts_with("value ±1 "),
        "{}",
        browser.text("#value")
    );
    browser.click("#play-side option[value=left]");
    browser.click("#play-starts option[value=left]");
    browser.click("#play-start");
    let mut played = 0;
    let end = loop {
        let status = browser.wait_for("the student's move or the end", || {
            let status = browser.text("#play-status");
            let ready = status.starts_with("Your move") || status.starts_with("The game is over");
            ready.then_some(status)
        });
        if status.starts_with("The game is over") {
            break status;
        }
        // A winning move, made by clicking the two cells its domino
        // covers on the board.
        let from = browser.text("#position");
        let to = browser.attribute("#moves button.win", "data-to");
        let cells = changed_cells(&from, &to);
        assert_eq!(cells.len(), 2, "{from} -> {to}");
        for (r, c) in cells {
            browser.click(&format!("#board [data-cell='0.0.{r}.{c}']"));
        }
        if played == 0 {
            browser.screenshot(&shot_path("domineering.png"));
        }
        played += 1;
        // The move clicked is the one made, and the engine answers it
        // (unless the game is over).
        browser.wait_for("the engine's reply or the end", || {
            let over = browser.text("#play-status").starts_with("The game is over");
            (history_length(&browser) == 2 * played || over).then_some(())
        });
        let line = browser.text(&format!("#history li:nth-child({})", 2 * played - 1));
        assert!(
            line.starts_with("you: Left: ") && line.ends_with(&format!("→ {to}")),
            "{line}"
        );
        assert!(played <= 4, "a 3x3 board takes at most 4 dominoes");
    };
    assert_eq!(end, "The game is over: Right cannot move: you win!");
    assert_eq!(history_length(&browser), 2 * played - 1);
    browser.screenshot(&shot_path("domineering-won.png"));
}

#[test]
fn a_column_of_connect_four_is_clicked() {
    let Some((_server, browser, base)) = explorer() else {
        return;
    };
    browser.open(&format!("{base}?expr=connect4(4,4)+..../..../..../x..."));
    browser.wait_text("#position", "connect4(4,4) ..../..../..../x...");
    // Outside a game, a click at the top of column 2 goes to the position
    // with a disc at its foot.
    browser.click("#board [data-cell='0.0.0.1']");
    browser.wait_text("#position", "connect4(4,4) ..../..../..../xo..");
    browser.post("/back", json!({}));
    browser.wait_text("#position", "connect4(4,4) ..../..../..../x...");
    // In a game, the click is the student's move, and the engine answers.
    browser.click("#play-first");
    browser.click("#board [data-cell='0.0.1.2']");
    browser.wait_text(
        "#history li:nth-child(1)",
        "you: o at row 4, column 3 → connect4(4,4) ..../..../..../x.o.",
    );
    let reply = browser.wait_for("the engine's reply", || {
        let text = browser.script(
            "const li = document.querySelector('#history li:nth-child(2)'); return li ? li.textContent : null;",
        );
        text.as_str().map(String::from)
    });
    assert!(reply.starts_with("engine: x at row "), "{reply}");
}

/// The boards added with the round's families are played by clicking:
/// a Cram domino either way (either player's), an amazon's slide and
/// arrow in three clicks, and the impartial variant of Domineering on
/// Domineering's board, where an upright and an across domino are both
/// moves of the player to move.
#[test]
fn cram_amazons_and_an_impartial_variant_are_played_by_clicking() {
    let Some((_server, browser, base)) = explorer() else {
        return;
    };
    browser.open(&format!("{base}?expr=cram+2x3"));
    browser.wait_text("#position", "cram .../...");
    browser.click("#board [data-cell='0.0.0.0']");
    browser.click("#board [data-cell='0.0.1.0']");
    browser.wait_text("#position", "cram #../#..");
    browser.click("#board [data-cell='0.0.0.1']");
    browser.click("#board [data-cell='0.0.0.2']");
    browser.wait_text("#position", "cram ###/#..");
    // The amazon at the top left slides to the middle and burns the cell
    // it left.
    browser.open(&format!("{base}?expr=amazons+x../.../..o"));
    browser.wait_text("#position", "amazons x../.../..o");
    browser.click("#board [data-cell='0.0.0.0']");
    browser.click("#board [data-cell='0.0.1.1']");
    browser.click("#board [data-cell='0.0.0.0']");
    browser.wait_text("#position", "amazons #../.x./..o");
    browser.open(&format!("{base}?expr=impartial(domineering)+.../..."));
    browser.wait_text("#position", "impartial(domineering) .../...");
    browser.click("#board [data-cell='0.0.0.1']");
    browser.click("#board [data-cell='0.0.0.2']");
    browser.wait_text("#position", "impartial(domineering) .##/...");
    browser.click("#board [data-cell='0.0.0.0']");
    browser.click("#board [data-cell='0.0.1.0']");
    browser.wait_text("#position", "impartial(domineering) ###/#..");
    // A Hackenbush picture from a file is no stalk: no board is drawn
    // (before, its letters were drawn as one stalk), and its moves are
    // listed to click: three for each player (the house's two blue walls
    // and green ceiling, its ceiling and two red roof edges), and five in
    // its impartial variant, the ceiling once.
    let house = common::example_path("house.txt");
    let house = house.to_str().unwrap();
    for (expr, shown, moves) in [
        (
            format!("hackenbush({house})+all"),
            format!("hackenbush({house}) BBGRR"),
            6,
        ),
        (
            format!("impartial(hackenbush,{house})+all"),
            format!("impartial(hackenbush,{house}) BBGRR"),
            5,
        ),
    ] {
        browser.open(&format!("{base}?expr={expr}"));
        browser.wait_text("#position", &shown);
        assert!(!browser.displayed("#boards"), "{expr}");
        let listed = browser.script("return document.querySelectorAll('#moves button').length;");
        assert_eq!(listed, json!(moves), "{expr}");
    }
}

/// A Fox and Geese board is drawn with the player to move kept apart: a
/// goose clicked and the cell it steps to is the move, and the position
/// after it says that Right moves next. Its loopy value, without a
/// player, is drawn too.
#[test]
fn a_goose_steps_on_the_fox_and_geese_board() {
    let Some((_server, browser, base)) = explorer() else {
        return;
    };
    browser.open(&format!(
        "{base}?expr=fox-and-geese+x.x./..../..../.o..%40Left"
    ));
    browser.wait_text("#position", "fox-and-geese x.x./..../..../.o..@Left");
    browser.wait_text("#outcome", "W");
    let cells = browser.script("return document.querySelectorAll('#board [data-cell]').length;");
    assert_eq!(cells.as_u64(), Some(16));
    browser.click("#board [data-cell='0.0.0.0']");
    browser.click("#board [data-cell='0.0.1.1']");
    browser.wait_text("#position", "fox-and-geese ..x./.x../..../.o..@Right");
    browser.open(&format!("{base}?expr=fox-and-geese+x.x./..../..../.o.."));
    browser.wait_text("#outcome", "L");
    assert!(browser.text("#value").contains("value over"));
    let fox = browser.attribute("#board [data-cell='0.0.3.1']", "data-mark");
    assert_eq!(fox, "o");
}

/// A cake is cut by clicking two neighbouring cells: side by side, Left's
/// upright cut between them; one above the other, Right's cut across. The
/// cakes left go to the position whatever order the engine writes them
/// in, and two cells of different cakes cut nothing.
#[test]
fn a_cake_is_cut_between_the_two_cells_clicked() {
    let Some((_server, browser, base)) = explorer() else {
        return;
    };
    browser.open(&format!("{base}?expr=cutcake+3x4+%2B+cutcake+2x2"));
    browser.wait_text("#position", "cutcake 3x4 + cutcake 2x2");
    // Cells of two cakes: no cut, and the second click starts again.
    browser.click("#board [data-cell='0.0.0.0']");
    browser.click("#board [data-cell='1.0.0.0']");
    assert_eq!(browser.text("#position"), "cutcake 3x4 + cutcake 2x2");
    // Row 2, columns 1 and 2 of the first cake: Left cuts after column 1
    // (each cake is a part of the sum analysed).
    browser.click("#board [data-cell='0.0.1.0']");
    browser.click("#board [data-cell='0.0.1.1']");
    browser.wait_text("#position", "cutcake 3x1 + cutcake 3x3 + cutcake 2x2");
    // The 2x2 cake's two rows: Right cuts it across into 1x2 and 1x2.
    browser.click("#board [data-cell='2.0.1.1']");
    browser.click("#board [data-cell='2.0.0.1']");
    browser.wait_text(
        "#position",
        "cutcake 3x1 + cutcake 3x3 + cutcake 1x2 + cutcake 1x2",
    );
}

/// Outside a game, a sum of values lists every move of each player, each
/// to the whole sum after it: a move clicked in one part keeps the other
/// (it went to the part alone), and a position of value 0 lists its moves
/// (it listed none, as if the game were over: only winning moves were
/// listed).
#[test]
fn the_moves_of_a_sum_of_values_go_to_the_whole_sum() {
    let Some((_server, browser, base)) = explorer() else {
        return;
    };
    browser.open(&format!("{base}?expr=domineering+2x2+%2B+%7B1%7C0%7D"));
    browser.wait_text("#position", "domineering ../.. + {1|0}");
    browser.click("#moves button[data-to='domineering ##/.. + {1|0}']");
    browser.wait_text("#position", "domineering ##/.. + {1|0}");
    browser.open(&format!("{base}?expr=clobber+xox/oxo"));
    browser.wait_text("#outcome", "P");
    let listed = browser.script("return document.querySelectorAll('#moves button').length;");
    assert!(listed.as_u64().unwrap() >= 10, "{listed}");
    assert_eq!(browser.text("#moves-note"), "");
}

#[test]
fn a_loopy_value_is_shown_with_its_outcome_and_no_moves() {
    let Some((_server, browser, base)) = explorer() else {
        return;
    };
    // over = {0|pass}: Left wins whoever starts; on + off is a draw, no
    // stopper, its onside on and offside off. The answer is shown, not
    // an error, and not played.
    browser.open(&format!("{base}?expr=%7B0%7Cpass%7D"));
    browser.wait_text("#outcome", "L");
    assert_eq!(browser.text("#explain"), "Left wins, whoever starts");
    let value = browser.text("#value");
    assert!(
        value.contains("value over") && value.contains("stopper"),
        "{value}"
    );
    assert!(!browser.displayed("#error"));
    browser.open(&format!("{base}?expr=on+%2B+off"));
    browser.wait_text("#outcome", "D");
    let value = browser.text("#value");
    assert!(
        value.contains("not a stopper") && value.contains("onside on, offside off"),
        "{value}"
    );
    assert_eq!(
        browser.text("#moves-note"),
        "(a loopy value: its moves are not listed)"
    );
}

/// The game shown is compared with one typed, as `grundy compare` says:
/// a short game, a loopy one and a nimber; a game typed wrong gets its
/// error with a caret under it; a position without a value, or misère
/// play, offers no comparison.
#[test]
fn the_game_shown_is_compared_with_another() {
    let Some((_server, browser, base)) = explorer() else {
        return;
    };
    browser.open(&format!("{base}?expr=%7B1%7C-1%7D"));
    browser.wait_text("#outcome", "N");
    assert!(browser.displayed("#compare-panel"));
    browser.type_into("#compare-with", "0");
    browser.click("#compare-go");
    browser.wait_text(
        "#compare-answer",
        "{1|-1} || 0: confused: each is the better for Left in some sum \
         (the first minus the second is a first player's win, for short games)",
    );
    // over is positive, and below every positive number.
    browser.open(&format!("{base}?expr=over"));
    browser.wait_text("#outcome", "L");
    assert_eq!(browser.text("#compare-answer"), "");
    browser.type_into("#compare-with", "1");
    browser.click("#compare-go");
    browser.wait_for("over < 1", || {
        let text = browser.text("#compare-answer");
        text.starts_with("over < 1: less").then_some(())
    });
    browser.open(&format!("{base}?expr=nim+3+4+5"));
    browser.wait_text("#outcome", "N");
    browser.type_into("#compare-with", "*2");
    browser.click("#compare-go");
    browser.wait_for("nim 3 4 5 = *2", || {
        let text = browser.text("#compare-answer");
        text.starts_with("nim 3 4 5 = *2: equal").then_some(())
    });
    browser.type_into("#compare-with", "{0|");
    browser.click("#compare-go");
    let text = browser.wait_for("the error", || {
        let text = browser.text("#compare-answer");
        text.contains("never closed").then_some(text)
    });
    assert!(
        text.contains("(in the second game)") && text.ends_with("{0|\n  ^"),
        "{text}"
    );
    browser.open(&format!("{base}?expr=connect4(4,4)+..../..../..../x..."));
    browser.wait_text("#position", "connect4(4,4) ..../..../..../x...");
    assert!(!browser.displayed("#compare-panel"));
    browser.open(&format!("{base}?expr=nim+3+4+5&misere=true"));
    browser.wait_text("#outcome", "N");
    assert!(!browser.displayed("#compare-panel"));
}

#[test]
fn a_position_edited_on_its_board_is_analysed() {
    let Some((_server, browser, base)) = explorer() else {
        return;
    };
    browser.open(&format!("{base}?expr=domineering+3x3"));
    browser.wait_text("#outcome", "N");
    browser.click("#edit");
    // A click sets the next mark of the family: the middle blocked; a
    // corner twice, blocked and free again.
    browser.click("#board [data-cell='0.0.1.1']");
    browser.click("#board [data-cell='0.0.0.0']");
    assert_eq!(
        browser.attribute("#board [data-cell='0.0.0.0']", "data-mark"),
        "#"
    );
    browser.click("#board [data-cell='0.0.0.0']");
    assert_eq!(
        browser.property("#expr", "value"),
        "domineering .../.#./..."
    );
    browser.click("#edit-analyze");
    browser.wait_text("#position", "domineering .../.#./...");
    // The ring of eight cells is 0: whoever moves first loses.
    browser.wait_text("#outcome", "P");
    assert!(browser.text("#value").starts_with("value 0 "));
    assert!(
        browser.url().contains("expr=domineering+...%2F.%23.%2F..."),
        "{}",
        browser.url()
    );
    assert!(!browser.displayed("#edit-analyze"));
}

#[test]
fn only_the_pictures_that_apply_are_offered() {
    let Some((_server, browser, base)) = explorer() else {
        return;
    };
    let buttons = [
        "draw-graph",
        "draw-plot",
        "draw-heatmap",
        "draw-thermograph",
    ];
    let cases: [(&str, &str, &[&str]); 5] = [
        ("nim+3+4+5", "nim 3 4 5", &["draw-graph", "draw-plot"]),
        (
            "wythoff+3+5",
            "wythoff 3 5",
            &["draw-graph", "draw-heatmap"],
        ),
        (
            "domineering+3x3",
            "domineering .../.../...",
            &["draw-thermograph"],
        ),
        ("%7B1%7C-1%7D+%2B+%5E", "{1|-1} + ^", &["draw-thermograph"]),
        (
            "connect4(4,4)+..../..../..../x...",
            "connect4(4,4) ..../..../..../x...",
            &["draw-graph"],
        ),
    ];
    for (query, position, shown) in cases {
        browser.open(&format!("{base}?expr={query}"));
        browser.wait_text("#position", position);
        browser.wait_for(&format!("{position}: the buttons {shown:?}"), || {
            let displayed: Vec<&str> = buttons
                .into_iter()
                .filter(|b| browser.displayed(&format!("#{b}")))
                .collect();
            (displayed == shown).then_some(())
        });
        // Each one offered draws its picture, no error (the graph of
        // Connect Four is too large whole: the positions near this one).
        for button in shown {
            browser.click(&format!("#{button}"));
            let drawn = browser.wait_for(&format!("{position}: {button} draws"), || {
                let text = browser.text("#graph");
                (text != "Drawing…").then_some(())?;
                let svg = browser.script("return !!document.querySelector('#graph svg');");
                Some((svg == true, text))
            });
            assert!(drawn.0, "{position}: {button}: {}", drawn.1);
        }
    }
}

#[test]
fn work_in_progress_shows_and_greys_the_old_answer() {
    let Some((_server, browser, base)) = explorer() else {
        return;
    };
    browser.open(&format!("{base}?expr=nim+3+4+5"));
    browser.wait_text("#outcome", "N");
    assert!(!browser.displayed("#working"));
    // Every answer comes two seconds late, as a long solve's would.
    browser.script(
        "const ask = window.fetch; \
         window.fetch = (...a) => new Promise((r) => setTimeout(r, 2000)).then(() => ask(...a));",
    );
    browser.type_into("#expr", "nim 1 2 3");
    browser.click("#go");
    assert!(browser.displayed("#working"));
    assert_eq!(browser.text("#working"), "Working…");
    assert!(browser.attribute("#answer", "class").contains("busy"));
    assert_eq!(browser.text("#position"), "nim 3 4 5");
    browser.wait_text("#position", "nim 1 2 3");
    browser.wait_text("#outcome", "P");
    assert!(!browser.displayed("#working"));
    assert!(!browser.attribute("#answer", "class").contains("busy"));
}

#[test]
fn at_420_pixels_nothing_is_cut_off() {
    let Some((_server, browser, base)) = explorer() else {
        return;
    };
    // The same page at the usual width, then 420 pixels wide.
    browser.open(&format!(
        "{base}?expr=domineering+3x3+%2B+hackenbush+BRG+%2B+cutcake+2x3"
    ));
    browser.wait_text("#outcome", "N");
    browser.screenshot(&shot_path("boards-1280.png"));
    browser.narrow(420);
    let cut_off = "return [...document.querySelectorAll('body *')] \
        .filter((e) => e.getClientRects().length > 0 && e.getBoundingClientRect().right > innerWidth + 0.5) \
        .map((e) => e.tagName + '#' + e.id + '.' + e.getAttribute('class'));";
    let fits = |what: &str| {
        let sticking_out = browser.script(cut_off);
        assert_eq!(sticking_out, json!([]), "{what}: past the right edge");
        let wide = browser.script("return document.documentElement.scrollWidth - innerWidth;");
        assert!(
            wide.as_f64().unwrap() <= 0.0,
            "{what}: {wide} pixels too wide"
        );
    };
    browser.open(&base);
    browser.click("#family option[value=domineering]");
    browser.wait_text("#position", "domineering ..../..../..../....");
    // The family's description wraps: none of it is hidden.
    let usage = browser.script(
        "const u = document.querySelector('#usage'); return [u.scrollWidth <= u.clientWidth, u.textContent];",
    );
    assert_eq!(usage[0], true, "{usage}");
    assert!(usage[1]
        .as_str()
        .unwrap()
        .ends_with("who cannot place one loses"));
    // The box of families shows the whole of the family chosen.
    let chosen = browser.script(
        "const box = document.querySelector('#family'); \
         const text = document.createElement('span'); \
         text.style.font = getComputedStyle(box).font; \
         text.style.whiteSpace = 'pre'; \
         text.textContent = box.selectedOptions[0].textContent; \
         document.body.append(text); \
         const fits = text.offsetWidth + 32 <= box.clientWidth; \
         text.remove(); \
         return [fits, box.selectedOptions[0].textContent];",
    );
    assert_eq!(chosen, json!([true, "domineering BOARD"]));
    fits("domineering 4x4");
    browser.screenshot(&shot_path("domineering-420.png"));
    browser.open(&format!("{base}?expr=connect4(4,4)+..../..../..../x..."));
    browser.wait_text("#outcome", "T");
    fits("connect4(4,4)");
    // A board wider than the window is drawn smaller.
    browser.open(&format!("{base}?expr=domineering+1x14"));
    browser.wait_text("#outcome", "R");
    fits("domineering 1x14");
    // A plot is drawn to the width of the window.
    browser.open(&format!("{base}?expr=subtraction(1,3,4)+10+12"));
    browser.wait_text("#outcome", "N");
    browser.wait_for("the plot button", || {
        browser.displayed("#draw-plot").then_some(())
    });
    browser.click("#draw-plot");
    browser.find("#graph svg");
    browser.script("document.querySelector('#graph').scrollIntoView();");
    fits("the plot of subtraction(1,3,4)");
    let svg = browser
        .script("return document.querySelector('#graph svg').getBoundingClientRect().width;");
    assert!(svg.as_f64().unwrap() <= 420.0, "{svg}");
    browser.screenshot(&shot_path("plot-420.png"));
}

/// The ellipses (positions) of an SVG game graph.
fn positions_drawn(svg: &str) -> usize {
    svg.matches("<ellipse").count()
}

#[test]
fn the_game_graph_is_drawn_to_the_depth_chosen() {
    let Some((_server, browser, base)) = explorer() else {
        return;
    };
    browser.open(&format!("{base}?expr=nim+3+4+5"));
    browser.wait_text("#outcome", "N");
    assert!(browser.displayed("#graph-depth"));
    let drawn = |depth: &str| -> usize {
        browser.script(&format!(
            "const s = document.getElementById('graph-depth'); s.value = '{depth}'; \
             document.getElementById('graph').textContent = ''; \
             s.dispatchEvent(new Event('change'));"
        ));
        browser.wait_for(&format!("the graph {depth} deep"), || {
            let svg = browser.script(
                "const s = document.querySelector('#graph svg'); return s ? s.outerHTML : '';",
            );
            let svg = svg.as_str().unwrap().to_string();
            (!svg.is_empty()).then(|| positions_drawn(&svg))
        })
    };
    // The page draws what the command line draws to the same depth.
    for depth in ["1", "2"] {
        let out = common::grundy()
            .args(["graph", "nim 3 4 5", "--format", "svg", "--depth", depth])
            .output()
            .unwrap();
        let expected = positions_drawn(&String::from_utf8(out.stdout).unwrap());
        assert_eq!(drawn(depth), expected, "depth {depth}");
    }
    let whole = drawn("0");
    assert!(whole > drawn("2"), "{whole}");
    // A position with a value has no game graph, nor its depth.
    browser.open(&format!("{base}?expr=domineering+2x2"));
    browser.wait_text("#position", "domineering ../..");
    assert!(!browser.displayed("#graph-depth"));
}

#[test]
fn one_letter_never_reads_two_ways_and_colours_keep_their_meaning() {
    let Some((_server, browser, base)) = explorer() else {
        return;
    };
    let word = || browser.attribute("#outcome", "data-word");
    // A solved position's L is the loss of the player to move...
    browser.open(&format!("{base}?expr=mnk(3,3,3)+xx./oo./..."));
    browser.wait_text("#position", "mnk(3,3,3) xx./oo./...");
    assert_eq!(
        (browser.text("#outcome"), word()),
        ("W".into(), "wins".into())
    );
    browser.open(&format!("{base}?expr=mnk(3,3,3)+oo./xox/.x."));
    browser.wait_text("#position", "mnk(3,3,3) oo./xox/.x.");
    assert_eq!(
        (browser.text("#outcome"), word()),
        ("L".into(), "loses".into())
    );
    // ... a value's L is Left's win.
    browser.open(&format!("{base}?expr=1"));
    browser.wait_text("#outcome", "L");
    assert_eq!(word(), "Left wins");
    // No rule for a hovered element changes a border's colour (it would
    // grey a move's bar of its standing), and the engine's moves are in
    // none of the standings' colours.
    let hover = browser.script(
        "return [...document.styleSheets].flatMap((s) => [...s.cssRules]) \
           .filter((r) => r.selectorText && r.selectorText.includes(':hover') \
             && (r.style.borderColor || r.style.borderLeftColor)).map((r) => r.selectorText);",
    );
    assert_eq!(hover, json!([]));
    let colours = browser.script(
        "const li = document.createElement('li'); li.className = 'engine'; \
         document.getElementById('history').append(li); \
         const ink = getComputedStyle(li).color; li.remove(); \
         const probe = document.createElement('span'); document.body.append(probe); \
         const of = (v) => { probe.style.color = `var(--${v})`; return getComputedStyle(probe).color; }; \
         const standings = ['win', 'lose', 'tie', 'draw'].map(of); probe.remove(); \
         return [ink, standings];",
    );
    let ink = colours[0].as_str().unwrap();
    let standings = colours[1].as_array().unwrap();
    assert!(
        standings.iter().all(|c| c.as_str() != Some(ink)),
        "{colours}"
    );
}
