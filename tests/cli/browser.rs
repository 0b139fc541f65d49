//! `forsyth serve`'s page in a real browser: headless Chromium driven by
//! chromedriver over WebDriver (the W3C protocol, JSON over HTTP, spoken
//! by the small client of `http`). The tests paste a position and see the
//! diagram and the three encodings, follow the shared link, see a bad
//! input's error and its squares, and replay a game.
//!
//! Without `chromedriver` and `chromium` they are skipped, saying so,
//! unless `FORSYTH_BROWSER_TESTS=1` (as `.ci/run` sets it): then a
//! missing browser fails them.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::http::{send, Server};

/// One browser at a time: the machine is small and each one is heavy.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// The first of `names` found on `PATH` (or given as a path).
fn find(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    names.iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
    })
}

/// chromedriver and the browser, or `None` when the tests are to be
/// skipped (said on standard error); panics when they must run.
fn tools() -> Option<(PathBuf, PathBuf)> {
    let driver = find(&["chromedriver"]);
    let browser = find(&["chromium", "chromium-browser", "google-chrome"]);
    match (driver, browser) {
        (Some(d), Some(b)) => Some((d, b)),
        _ if std::env::var("FORSYTH_BROWSER_TESTS").as_deref() == Ok("1") => {
            panic!("FORSYTH_BROWSER_TESTS=1 but chromedriver or chromium is not on PATH")
        }
        _ => {
            // Straight to standard error: the test harness captures
            // `eprintln!` of a passing test, and this must be seen.
            let _ = writeln!(
                std::io::stderr(),
                "browser test SKIPPED: chromium and chromium-driver are not installed \
                 (apt-get install chromium chromium-driver; FORSYTH_BROWSER_TESTS=1 makes \
                 this a failure)"
            );
            None
        }
    }
}

/// A chromedriver process and one headless browser session.
struct Browser {
    driver: Child,
    addr: String,
    session: String,
}

impl Browser {
    fn start(driver: &PathBuf, browser: &PathBuf) -> Browser {
        let port = free_port();
        let child = Command::new(driver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let addr = format!("127.0.0.1:{port}");
        let mut browser_session = Browser {
            driver: child,
            addr,
            session: String::new(),
        };
        let t = Instant::now();
        loop {
            let ready = std::net::TcpStream::connect(&browser_session.addr).is_ok()
                && browser_session.call("GET", "/status", None)["value"]["ready"] == true;
            if ready {
                break;
            }
            assert!(
                t.elapsed() < Duration::from_secs(20),
                "chromedriver never ready"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        let mut args = vec![
            "--headless=new",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--window-size=1000,1400",
            "--no-first-run",
        ];
        // As root (CI's containers), the browser's sandbox cannot start.
        if is_root() {
            args.push("--no-sandbox");
        }
        let created = browser_session.call(
            "POST",
            "/session",
            Some(json!({"capabilities": {"alwaysMatch": {
                "browserName": "chrome",
                "goog:chromeOptions": {"binary": browser, "args": args}
            }}})),
        );
        browser_session.session = created["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {created}"))
            .to_owned();
        browser_session
    }

    /// A WebDriver command; the answer's JSON.
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let answer = send(
            &self.addr,
            method,
            path,
            Some("application/json"),
            body.as_bytes(),
        );
        answer.json()
    }

    fn session_call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let value = self.call(method, &format!("/session/{}{path}", self.session), body);
        assert!(
            value["value"]["error"].is_null(),
            "{method} {path}: {}",
            value["value"]
        );
        value["value"].clone()
    }

    fn open(&self, url: &str) {
        self.session_call("POST", "/url", Some(json!({ "url": url })));
    }

    /// Runs `script` (a function body) with `args` in the page.
    fn run(&self, script: &str, args: Value) -> Value {
        self.session_call(
            "POST",
            "/execute/sync",
            Some(json!({"script": script, "args": args})),
        )
    }

    /// Waits until `script` returns something true (within ten seconds),
    /// and returns it.
    fn wait(&self, what: &str, script: &str) -> Value {
        let t = Instant::now();
        loop {
            let value = self.run(script, json!([]));
            if !(value.is_null() || value == false || value == "") {
                return value;
            }
            assert!(
                t.elapsed() < Duration::from_secs(10),
                "waited 10 s for {what}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// The element of a CSS selector's WebDriver id.
    fn element(&self, css: &str) -> String {
        let value = self.session_call(
            "POST",
            "/element",
            Some(json!({"using": "css selector", "value": css})),
        );
        value
            .as_object()
            .and_then(|o| o.values().next())
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("no element {css}"))
            .to_owned()
    }

    /// Types `text` into the element, as a user pasting it would.
    fn type_into(&self, css: &str, text: &str) {
        let id = self.element(css);
        self.session_call("POST", &format!("/element/{id}/clear"), Some(json!({})));
        self.session_call(
            "POST",
            &format!("/element/{id}/value"),
            Some(json!({ "text": text })),
        );
    }

    fn click(&self, css: &str) {
        let id = self.element(css);
        self.session_call("POST", &format!("/element/{id}/click"), Some(json!({})));
    }

    fn text(&self, css: &str) -> String {
        let id = self.element(css);
        self.session_call("GET", &format!("/element/{id}/text"), None)
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = send(
                &self.addr,
                "DELETE",
                &format!("/session/{}", self.session),
                None,
                b"",
            );
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

/// Chess960 start 0 (BBQNNRKR) as pasted: its encodings are the README's
/// row "king g1, rooks f1 and h1": X-FEN KQkq, Shredder-FEN FHfh, and
/// standard FEN cannot say it.
const START_0: &str = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1";

#[test]
fn paste_a_position_see_the_diagram_and_the_three_encodings_then_share_it() {
    let Some((driver, chromium)) = tools() else {
        return;
    };
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let server = Server::start(&[]);
    let browser = Browser::start(&driver, &chromium);
    let home = format!("http://{}/", server.addr);
    browser.open(&home);
    browser.wait("the page", "return document.body.dataset.ready === 'true';");
    browser.type_into("#position", START_0);
    browser.click("#show");
    browser.wait(
        "the encodings",
        "return document.querySelector('[data-encoding=\"xfen\"]').textContent;",
    );
    let placement = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR";
    let check = |browser: &Browser| {
        assert_eq!(
            browser.text("[data-encoding=\"xfen\"]"),
            format!("{placement} w KQkq - 0 1")
        );
        assert_eq!(
            browser.text("[data-encoding=\"shredder\"]"),
            format!("{placement} w FHfh - 0 1")
        );
        let standard = browser.text("[data-encoding=\"standard\"]");
        assert!(
            standard.starts_with("cannot: ") && standard.contains("g1"),
            "{standard}"
        );
        // The diagram is drawn: an SVG whose title is the placement, with
        // its 32 pieces.
        let title = browser.run(
            "return document.querySelector('#diagram svg title').textContent;",
            json!([]),
        );
        assert_eq!(title, placement);
        let pieces = browser.run(
            "return document.querySelectorAll('#diagram svg use[href^=\"#forsyth-w\"], \
             #diagram svg use[href^=\"#forsyth-b\"]').length;",
            json!([]),
        );
        assert_eq!(pieces, 32);
        let moves = browser.run(
            "return document.querySelectorAll('#moves li').length;",
            json!([]),
        );
        assert_eq!(moves, 20);
    };
    check(&browser);

    // The link to this result, opened afresh, shows the same.
    let link = browser.run("return document.getElementById('share').href;", json!([]));
    let link = link.as_str().unwrap().to_owned();
    assert!(link.contains("position="), "{link}");
    browser.open(&home);
    browser.wait("the page", "return document.body.dataset.ready === 'true';");
    assert_eq!(
        browser.run(
            "return document.getElementById('position').value;",
            json!([])
        ),
        ""
    );
    browser.open(&link);
    browser.wait(
        "the shared result",
        "return document.body.dataset.ready === 'true' && \
         document.querySelector('[data-encoding=\"xfen\"]').textContent;",
    );
    assert_eq!(
        browser.run(
            "return document.getElementById('position').value;",
            json!([])
        ),
        START_0
    );
    check(&browser);
}

#[test]
fn a_bad_input_shows_its_error_and_its_squares() {
    let Some((driver, chromium)) = tools() else {
        return;
    };
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let server = Server::start(&[]);
    let browser = Browser::start(&driver, &chromium);
    browser.open(&format!("http://{}/", server.addr));
    browser.wait("the page", "return document.body.dataset.ready === 'true';");

    // White to move while Black's king on e8 is in check from the rook on
    // h8: the report names the kind and both squares, and the board
    // marks them.
    browser.type_into("#position", "4k2R/8/8/8/8/8/8/4K3 w - - 0 1");
    browser.click("#show");
    let kind = browser.wait(
        "the report",
        "const li = document.querySelector('#report li'); return li && li.dataset.kind;",
    );
    assert_eq!(kind, "opposite_check");
    assert_eq!(
        browser.run(
            "return document.querySelector('#report li').dataset.squares;",
            json!([])
        ),
        "e8 h8"
    );
    assert_eq!(
        browser.run(
            "return document.getElementById('diagram').dataset.highlighted;",
            json!([])
        ),
        "e8 h8"
    );
    // Two highlight squares in the picture (specs/diagram.md, element 8),
    // at e8 and h8: with coordinates, the board starts at the margin, so
    // compare their columns: h is three files right of e.
    let xs = browser.run(
        "return Array.from(document.querySelectorAll('#diagram svg rect[width=\"45\"][height=\"45\"]'))\
         .map(r => Number(r.getAttribute('x')));",
        json!([]),
    );
    let xs: Vec<f64> = xs
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    assert_eq!(xs.len(), 2, "{xs:?}");
    assert_eq!(xs[1] - xs[0], 3.0 * 45.0, "{xs:?}");
    assert!(browser.text("#verdict").starts_with("Not legal"));

    // A record that does not read: the error, its field and column.
    let record = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQXq - 0 1";
    browser.type_into("#position", record);
    browser.click("#show");
    let kind = browser.wait(
        "the error",
        "const e = document.getElementById('error'); return !e.hidden && e.dataset.kind;",
    );
    assert_eq!(kind, "bad_castling_byte");
    let text = browser.text("#error");
    let column = record.find('X').unwrap() + 1;
    assert!(text.contains(&format!("column {column}")), "{text}");
    assert!(text.starts_with("castling: "), "{text}");

    // A game from that illegal start: refused, with the squares.
    browser.type_into("#position", "4k2R/8/8/8/8/8/8/4K3 w - - 0 1");
    browser.type_into("#moves-text", "1. Kd2");
    browser.click("#replay");
    let squares = browser.wait(
        "the game's error",
        "const e = document.getElementById('error'); \
         return !e.hidden && e.dataset.kind === 'opposite_check' && e.dataset.squares;",
    );
    assert_eq!(squares, "e8 h8");
}

#[test]
fn a_game_is_replayed_and_each_move_shows_its_position() {
    let Some((driver, chromium)) = tools() else {
        return;
    };
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let server = Server::start(&[]);
    let browser = Browser::start(&driver, &chromium);
    browser.open(&format!(
        "http://{}/?moves=1.%20e4%20e5%202.%20Nf3&notation=descriptive-en",
        server.addr
    ));
    let translation = browser.wait(
        "the translation",
        "return document.getElementById('translation').textContent;",
    );
    // The opening as English books print it.
    assert_eq!(translation, "1.P-K4 P-K4 2.N-KB3 *");
    // The shared link's last position is shown, then the first move's on
    // click: after 1.e4 (no en-passant square: no capture is possible).
    browser.click("#plies button[data-ply=\"1\"]");
    let fen = browser.wait(
        "the position after 1.e4",
        "const c = document.querySelector('[data-encoding=\"xfen\"]').textContent; \
         return c.includes('4P3/8/PPPP1PPP') && c.includes(' b ') && c;",
    );
    assert_eq!(
        fen,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
}

#[test]
fn a_game_that_fails_at_a_move_still_shows_the_board_it_reached() {
    let Some((driver, chromium)) = tools() else {
        return;
    };
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let server = Server::start(&[]);
    let browser = Browser::start(&driver, &chromium);
    browser.open(&format!("http://{}/", server.addr));
    browser.wait("the page", "return document.body.dataset.ready === 'true';");

    // 2.Ke3 is illegal (the king cannot go two squares): the board after
    // 1.e4 e5 shows, with its report and encodings, the fault beside it,
    // and the two moves that played.
    browser.type_into("#position", "startpos");
    browser.type_into("#moves-text", "1. e4 e5 2. Ke3 Nc6 *");
    browser.click("#replay");
    let played = browser.wait(
        "the move fault",
        "const f = document.getElementById('move-fault'); return !f.hidden && f.dataset.played;",
    );
    assert_eq!(played, "2");
    assert!(browser.text("#move-fault").contains("Ke3"));
    assert_eq!(
        browser.text("[data-encoding=\"xfen\"]"),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    assert!(browser.text("#verdict").starts_with("Legal"));
    assert_eq!(
        browser.run(
            "return document.querySelectorAll('#diagram svg').length;",
            json!([])
        ),
        1
    );
    assert_eq!(
        browser.run(
            "return Array.from(document.querySelectorAll('#plies button')).map(b => b.textContent);",
            json!([])
        ),
        json!(["start", "1.e4", "e5"])
    );
    // The error box names it too.
    assert!(browser.text("#error").contains("Ke3"));
}

#[test]
fn a_capablanca_position_shows_a_board_ten_files_wide() {
    let Some((driver, chromium)) = tools() else {
        return;
    };
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let server = Server::start(&[]);
    let browser = Browser::start(&driver, &chromium);
    browser.open(&format!("http://{}/", server.addr));
    browser.wait("the page", "return document.body.dataset.ready === 'true';");

    let record = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
    browser.type_into("#position", record);
    browser.click("#show");
    let files = browser.wait(
        "the 10x8 board",
        "return document.getElementById('diagram').dataset.files;",
    );
    assert_eq!(files, "10");
    // specs/diagram.md: with coordinates, 8 + 18 + 4 + 45 x 10 wide and
    // 8 + 18 + 4 + 45 x 8 high; the file letters run to j (U+006A).
    assert_eq!(
        browser.run(
            "return document.querySelector('#diagram svg').getAttribute('viewBox');",
            json!([])
        ),
        "0 0 480 390"
    );
    assert_eq!(
        browser.run(
            "return !!document.querySelector('#diagram svg #forsyth-g6a');",
            json!([])
        ),
        true
    );
    assert_eq!(browser.text("[data-encoding=\"xfen\"]"), record);
    assert_eq!(
        browser.text("[data-encoding=\"shredder\"]"),
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w AJaj - 0 1"
    );
    assert!(browser.text("#verdict").contains("10x8"));
    // The 28 legal moves of the start (20 pawn moves, two knight jumps
    // each for the knights, the archbishop and the chancellor).
    assert_eq!(
        browser.run(
            "return document.querySelectorAll('#moves li').length;",
            json!([])
        ),
        28
    );

    // An illegal one: the report's squares on the j-file, highlighted.
    browser.type_into("#position", "9k/10/10/10/10/10/10/K8R w - - 0 1");
    browser.click("#show");
    let squares = browser.wait(
        "the report",
        "const li = document.querySelector('#report li[data-kind=\"opposite_check\"]'); \
         return li && li.dataset.squares;",
    );
    let mut squares: Vec<&str> = squares.as_str().unwrap().split(' ').collect();
    squares.sort_unstable();
    assert_eq!(squares, ["j1", "j8"]);
}
