//! `forsyth serve` over real loopback HTTP: every endpoint, every class of
//! error (specs/http.md), the limits, and a bounded load test.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::http::{raw_request, read_response, send, Server};

/// Kiwipete, the perft test position: 48 legal moves (its published
/// depth-1 count, Chess Programming Wiki "Perft Results").
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The Greek three-mover of 1881 (specs/solve.md): its key is 1.Nd4.
const GREEK: &str = "(Π7/4ρ3/4Ι3/Ρ2Α4/8/8/8/5Π2) (5+1) Ματ σε 3 κινήσεις";

fn error_of(answer: &crate::http::Answer) -> Value {
    let body = answer.json();
    assert!(body["error"].is_object(), "{body}");
    body["error"].clone()
}

#[test]
fn a_position_in_every_form_gives_its_encodings_moves_and_diagram() {
    let server = Server::start(&[]);
    // Chess960 start 0 is BBQNNRKR: king g1, rooks f1 and h1, the README's
    // table row "king g1, rooks f1 and h1": X-FEN KQkq, Shredder-FEN FHfh,
    // standard FEN cannot.
    let answer = server.post("/api/position", &json!({"position": "960:0"}));
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert_eq!(answer.header("content-type"), Some("application/json"));
    let body = answer.json();
    let placement = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR";
    assert_eq!(
        body["encodings"]["xfen"],
        format!("{placement} w KQkq - 0 1")
    );
    assert_eq!(
        body["encodings"]["shredder"],
        format!("{placement} w FHfh - 0 1")
    );
    assert_eq!(body["encodings"]["standard"], Value::Null);
    let why = body["cannot"]["standard"]["message"].as_str().unwrap();
    assert!(why.contains("g1") && why.contains("e1"), "{why}");
    assert_eq!(body["variant"], "chess960");
    assert_eq!(body["chess960"], 0);
    assert_eq!(body["valid"], true);
    // Every start has 20 legal moves: 16 pawn moves and two for each knight
    // (here on d1 and e1, each with two squares free in front).
    assert_eq!(body["moves"].as_array().unwrap().len(), 20);
    let svg = body["diagram"].as_str().unwrap();
    assert!(svg.starts_with("<svg"), "{svg}");
    assert!(svg.contains(&format!("<title>{placement}</title>")));

    // The same position as a Shredder-FEN record, as X-FEN, as EPD.
    for (text, form) in [
        (format!("{placement} w HFhf - 0 1"), "fen"),
        (format!("{placement} w KQkq -"), "fen"),
        (format!("{placement} w KQkq - id \"start 0\";"), "epd"),
    ] {
        let body = server
            .post("/api/position", &json!({"position": text}))
            .json();
        assert_eq!(body["input"], form, "{text}");
        assert_eq!(
            body["encodings"]["shredder"],
            format!("{placement} w FHfh - 0 1"),
            "{text}"
        );
    }

    let body = server
        .post("/api/position", &json!({"position": KIWIPETE}))
        .json();
    assert_eq!(body["status"]["legal_moves"], 48);
    assert_eq!(body["moves"].as_array().unwrap().len(), 48);

    // A problem statement in Greek letters: Π rook, Ρ king, Ι knight, Α
    // bishop (specs/notation.md's table), White to move.
    let body = server
        .post("/api/position", &json!({"position": GREEK}))
        .json();
    assert_eq!(body["input"], "statement");
    assert_eq!(body["stipulation"], "#3");
    assert_eq!(
        body["encodings"]["xfen"],
        "R7/4k3/4N3/K2B4/8/8/8/5R2 w - - 0 1"
    );
    // The caption problem columns print: stipulation, then (w+b).
    assert!(body["diagram"]
        .as_str()
        .unwrap()
        .contains("<desc>#3 (5+1)</desc>"));

    // A Popeye input.
    let popeye = "beginproblem\npieces white kb6 rh1 black ka8\nstipulation #1\nendproblem\n";
    let body = server
        .post("/api/position", &json!({"position": popeye}))
        .json();
    assert_eq!(body["input"], "popeye");
    assert_eq!(body["encodings"]["xfen"], "k7/8/1K6/8/8/8/8/7R w - - 0 1");

    // Moves in the notation asked for: German SAN writes the knight S.
    let body = server
        .post(
            "/api/position",
            &json!({"position": "startpos", "notation": "san-de"}),
        )
        .json();
    let texts: Vec<&str> = body["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert!(texts.contains(&"Sf3") && texts.contains(&"e4"), "{texts:?}");
}

/// The 10x8 board: a Capablanca record, the named starts, an illegal
/// position with its squares on the j-file. Expected values from the
/// rules and published counts, not from the code: the Capablanca start
/// has 28 legal moves (20 pawn moves, two for each knight, and the knight
/// jumps of the archbishop on c1 and the chancellor on h1: 20 + 4 + 4),
/// its rooks stand in the corners a1 and j1 with the king on f1, so
/// Shredder-FEN writes AJaj (files in order, as FHfh
/// for Chess960 start 0) and standard FEN KQkq.
#[test]
fn a_10x8_position_gives_its_board_encodings_and_moves() {
    let server = Server::start(&[]);
    let record = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
    for (text, input) in [(record, "fen"), ("capablanca", "start")] {
        let answer = server.post("/api/position", &json!({ "position": text }));
        assert_eq!(answer.status, 200, "{}", answer.text());
        let body = answer.json();
        assert_eq!(body["input"], input);
        assert_eq!(body["variant"], "capablanca");
        assert_eq!(body["files"], 10);
        assert_eq!(body["valid"], true);
        assert_eq!(body["encodings"]["xfen"], record);
        assert_eq!(
            body["encodings"]["shredder"],
            "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w AJaj - 0 1"
        );
        assert_eq!(body["encodings"]["standard"], record);
        assert_eq!(body["status"]["legal_moves"], 28);
        let moves = body["moves"].as_array().unwrap();
        assert_eq!(moves.len(), 28);
        let uci: Vec<&str> = moves.iter().map(|m| m["uci"].as_str().unwrap()).collect();
        // The j-pawn's double step and the archbishop's knight jump.
        assert!(uci.contains(&"j2j4") && uci.contains(&"c1b3"), "{uci:?}");
        // specs/diagram.md: 8 + 4 + 45 x 10 wide, 8 + 4 + 45 x 8 high.
        let svg = body["diagram"].as_str().unwrap();
        assert!(svg.contains("viewBox=\"0 0 462 372\""), "{svg}");
        assert!(svg.contains("forsyth-wA") && svg.contains("forsyth-bC"));
    }
    // Named CRC starts say their number; standard FEN cannot say a king
    // off the f-file.
    let body = server
        .post("/api/position", &json!({ "position": "crc:0" }))
        .json();
    assert_eq!(body["variant"], "crc");
    assert_eq!(body["crc"], 0);
    let placement = body["encodings"]["xfen"].as_str().unwrap().to_owned();
    let back = placement.split(['/', ' ']).nth(7).unwrap();
    if back.find('K') != Some(5) {
        assert_eq!(body["encodings"]["standard"], Value::Null);
        assert!(body["cannot"]["standard"]["kind"].is_string());
    }
    // Black's king on j8 in check from the rook on j1 with White to move:
    // the problem names both squares, and the picture highlights the
    // j-file: x = 4 + 2 + 45 x 9 = 411 (no coordinates).
    let answer = server.post(
        "/api/position",
        &json!({ "position": "9k/10/10/10/10/10/10/K8R w - - 0 1" }),
    );
    assert_eq!(answer.status, 200, "{}", answer.text());
    let body = answer.json();
    assert_eq!(body["valid"], false);
    assert_eq!(body["status"], Value::Null);
    let check = body["problems"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["kind"] == "opposite_check")
        .unwrap_or_else(|| panic!("{body}"));
    let mut squares: Vec<&str> = check["squares"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    squares.sort_unstable();
    assert_eq!(squares, ["j1", "j8"]);
    let svg = body["diagram"].as_str().unwrap();
    assert!(svg.matches("x=\"411\"").count() >= 2, "{svg}");
    // A record that does not read: its column and field.
    let bad = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQXq - 0 1";
    let answer = server.post("/api/position", &json!({ "position": bad }));
    assert_eq!(answer.status, 422);
    let error = error_of(&answer);
    assert_eq!(error["column"], bad.find('X').unwrap() + 1);
    // A diagram of the 10x8 board, by GET, with a highlight on j8.
    let answer = server.get("/api/diagram?position=capablanca&highlight=j8");
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert!(answer.text().contains("viewBox=\"0 0 462 372\""));
    // A game from a 10x8 start is refused plainly.
    let answer = server.post(
        "/api/game",
        &json!({ "moves": "1. e4", "position": "capablanca" }),
    );
    assert_eq!(error_of(&answer)["kind"], "unsupported_board");
}

#[test]
fn an_illegal_position_is_reported_with_its_squares() {
    let server = Server::start(&[]);
    // White to move while Black's king on e8 stands in check from h8.
    let answer = server.post(
        "/api/position",
        &json!({"position": "4k2R/8/8/8/8/8/8/4K3 w - - 0 1"}),
    );
    assert_eq!(answer.status, 200);
    let body = answer.json();
    assert_eq!(body["valid"], false);
    assert_eq!(body["status"], Value::Null);
    assert_eq!(body["moves"], json!([]));
    let problem = &body["problems"][0];
    assert_eq!(problem["kind"], "opposite_check");
    assert_eq!(problem["severity"], "error");
    assert_eq!(problem["squares"], json!(["e8", "h8"]));
    // The squares are highlighted on the board: one 45x45 rectangle each
    // (specs/diagram.md, element 8).
    let svg = body["diagram"].as_str().unwrap();
    let highlights = svg.matches("width=\"45\" height=\"45\"").count();
    assert_eq!(highlights, 2, "{svg}");

    // The same position as a game's start is refused (422) with them.
    let answer = server.post(
        "/api/game",
        &json!({"moves": "1. Kd2", "position": "4k2R/8/8/8/8/8/8/4K3 w - - 0 1"}),
    );
    assert_eq!(answer.status, 422);
    let error = error_of(&answer);
    assert_eq!(error["kind"], "opposite_check");
    assert_eq!(error["field"], "position");
    assert_eq!(error["squares"], json!(["e8", "h8"]));
}

#[test]
fn a_record_that_does_not_read_is_a_422_at_its_column() {
    let server = Server::start(&[]);
    let record = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQXq - 0 1";
    let answer = server.post("/api/position", &json!({ "position": record }));
    assert_eq!(answer.status, 422);
    let error = error_of(&answer);
    assert_eq!(error["field"], "castling");
    assert_eq!(error["line"], 1);
    // Columns are 1-based bytes: the column of the 'X'.
    assert_eq!(error["column"], record.find('X').unwrap() + 1);
    assert!(error["message"].as_str().unwrap().contains("'X'"));

    // On the second line of the text, the line says so.
    let answer = server.post(
        "/api/position",
        &json!({"position": "\n8/8/8/8/8/8/8/K6k w - e9 0 1"}),
    );
    let error = error_of(&answer);
    assert_eq!(
        (error["line"].clone(), error["field"].clone()),
        (json!(2), json!("en_passant"))
    );

    for (text, kind) in [("   ", "empty"), ("960:960", "start_number")] {
        let answer = server.post("/api/position", &json!({ "position": text }));
        assert_eq!(answer.status, 422, "{text}");
        assert_eq!(error_of(&answer)["kind"], kind, "{text}");
    }
}

#[test]
fn a_game_is_replayed_and_translated() {
    let server = Server::start(&[]);
    let answer = server.post(
        "/api/game",
        &json!({"moves": "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *", "notation": "descriptive-en"}),
    );
    assert_eq!(answer.status, 200, "{}", answer.text());
    let body = answer.json();
    // The Ruy Lopez in English descriptive notation, as books print it.
    assert_eq!(
        body["translation"],
        "1.P-K4 P-K4 2.N-KB3 N-QB3 3.B-N5 P-QR3 *"
    );
    let moves = body["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 6);
    // After 1.e4 (no en-passant capture exists, so no square is written:
    // the legal rule of specs/fen.md).
    assert_eq!(
        moves[0]["fen"],
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    assert_eq!(moves[0]["uci"], "e2e4");
    assert_eq!(moves[5]["san"], "a6");
    assert_eq!(moves[5]["color"], "black");
    assert_eq!(moves[5]["number"], 3);

    // A movetext in descriptive notation, from a Chess960 start, into UCI:
    // Chess960 castling is king takes rook.
    let body = server
        .post(
            "/api/game",
            &json!({"moves": "[Event \"x\"]\n\n1. P-K4 P-K4 *", "notation": "uci"}),
        )
        .json();
    assert_eq!(body["translation"], "1.e2e4 e7e5 *");
    // README: castling in UCI is e1g1 in standard chess and king takes
    // rook (e1h1) in Chess960.
    for (variant, uci) in [("standard", "e1g1"), ("chess960", "e1h1")] {
        let body = server
            .post(
                "/api/game",
                &json!({"moves": "1. O-O", "position": "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
                    "variant": variant, "notation": "uci"}),
            )
            .json();
        assert_eq!(body["variant"], variant);
        assert_eq!(body["moves"][0]["text"], uci, "{variant}");
    }

    // A PGN game with its own start.
    let pgn =
        "[Event \"?\"]\n[SetUp \"1\"]\n[FEN \"k7/8/1K6/8/8/8/8/7R w - - 0 1\"]\n\n1. Rh8# 1-0\n";
    let body = server.post("/api/game", &json!({ "moves": pgn })).json();
    assert_eq!(body["result"], "1-0");
    assert_eq!(body["outcome"], json!({"checkmate": {"winner": "White"}}));
    assert_eq!(body["warnings"], json!([]));
}

#[test]
fn a_game_with_a_bad_move_is_a_422_at_the_move() {
    let server = Server::start(&[]);
    let text = "1. e4 e5\n2. Ke3 Nc6 *";
    let answer = server.post("/api/game", &json!({ "moves": text }));
    assert_eq!(answer.status, 422);
    let error = error_of(&answer);
    assert_eq!(error["field"], "moves");
    assert_eq!(
        (error["line"].clone(), error["column"].clone()),
        (json!(2), json!(4))
    );
    assert!(error["message"].as_str().unwrap().contains("Ke3"));
    // Its line counts in the text sent, whatever the server adds for a
    // start position.
    let answer = server.post(
        "/api/game",
        &json!({ "moves": text, "position": "startpos" }),
    );
    assert_eq!(error_of(&answer)["line"], 2);

    let two = "1. e4 e5 *\n\n1. d4 d5 *\n";
    let answer = server.post("/api/game", &json!({ "moves": two }));
    assert_eq!(error_of(&answer)["kind"], "several_games");
}

#[test]
fn a_game_that_fails_at_a_move_says_what_played_before_it() {
    let server = Server::start(&[]);
    let answer = server.post(
        "/api/game",
        &json!({ "moves": "1. e4 e5\n2. Ke3 Nc6 *", "position": "startpos", "notation": "lan" }),
    );
    assert_eq!(answer.status, 422);
    let error = error_of(&answer);
    assert!(error["message"].as_str().unwrap().contains("Ke3"));
    let replayed = &error["replayed"];
    assert_eq!(
        replayed["start"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    // The two plies before the fault, in the notation asked for, each
    // with the position it leaves (written out by hand from the rules:
    // no en-passant square, as no capture is possible).
    let moves = replayed["moves"].as_array().unwrap();
    let seen: Vec<(&str, &str, &str)> = moves
        .iter()
        .map(|m| {
            (
                m["uci"].as_str().unwrap(),
                m["text"].as_str().unwrap(),
                m["fen"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        seen,
        [
            (
                "e2e4",
                "e2-e4",
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
            ),
            (
                "e7e5",
                "e7-e5",
                "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
            ),
        ]
    );
    // A fault at the first move: the start alone.
    let answer = server.post("/api/game", &json!({ "moves": "1. Ke2 *" }));
    assert_eq!(error_of(&answer)["replayed"]["moves"], json!([]));
    // A start that is itself at fault replays nothing.
    let answer = server.post(
        "/api/game",
        &json!({ "moves": "1. Kd2", "position": "4k2R/8/8/8/8/8/8/4K3 w - - 0 1" }),
    );
    assert!(error_of(&answer).get("replayed").is_none());
}

#[test]
fn a_problem_is_solved_within_its_time_limit() {
    let server = Server::start(&[]);
    let answer = server.post("/api/solve", &json!({ "problem": GREEK }));
    assert_eq!(answer.status, 200, "{}", answer.text());
    let body = answer.json();
    let solved = &body["answers"][0];
    assert_eq!(solved["problem"]["stipulation"], "#3");
    assert_eq!(solved["cook"], false);
    let keys = solved["keys"].as_array().unwrap();
    assert_eq!(keys.len(), 1);
    assert_eq!(keys[0]["san"], "Nd4");
    assert_eq!(keys[0]["uci"], "e6d4");
    // The tree in the problem's own letters: Ι is the knight.
    let text = solved["text"].as_str().unwrap();
    assert!(text.starts_with("1.Ιδ4!"), "{text}");

    // A stipulation given apart; the notation asked for.
    let body = server
        .post(
            "/api/solve",
            &json!({"problem": "k7/8/1K6/8/8/8/8/7R w - - 0 1", "stipulation": "#1", "notation": "lan"}),
        )
        .json();
    assert_eq!(body["answers"][0]["keys"][0]["san"], "Rh8#");
    assert!(body["answers"][0]["text"]
        .as_str()
        .unwrap()
        .contains("Rh1-h8#"));

    // No mate in eight from the start: the search cannot finish in half a
    // second and is stopped.
    let t = Instant::now();
    let answer = server.post(
        "/api/solve",
        &json!({"problem": "startpos", "stipulation": "#8", "time_limit": 0.5}),
    );
    assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
    assert_eq!(answer.status, 422);
    assert_eq!(error_of(&answer)["kind"], "time_limit");

    for (body, field, kind) in [
        (
            json!({"problem": "k7/8/1K6/8/8/8/8/7R"}),
            "stipulation",
            "no_stipulation",
        ),
        (
            json!({"problem": "startpos #2", "time_limit": -1}),
            "time_limit",
            "bad_time_limit",
        ),
        (
            json!({"problem": "startpos #2", "time_limit": 100000}),
            "time_limit",
            "time_limit_too_long",
        ),
        (
            json!({"problem": "(8/8/8/8/8/8/8/8) #2"}),
            "problem",
            "illegal",
        ),
    ] {
        let answer = server.post("/api/solve", &body);
        let error = if answer.status == 200 {
            answer.json()["answers"][0]["error"].clone()
        } else {
            assert_eq!(answer.status, 422, "{body}");
            error_of(&answer)
        };
        assert_eq!(
            (error["field"].clone(), error["kind"].clone()),
            (json!(field), json!(kind)),
            "{body}"
        );
    }
}

#[test]
fn no_request_reaches_the_file_system() {
    let server = Server::start(&[]);
    // A path names nothing but the page, its two assets and the API.
    for path in [
        "/../Cargo.toml",
        "/etc/passwd",
        "/assets/../../README.md",
        "/%2e%2e/Cargo.toml",
    ] {
        let answer = server.get(path);
        assert_eq!(answer.status, 404, "{path}");
        assert_eq!(error_of(&answer)["kind"], "not_found");
    }
    // The command line's solve reads a file it is named; the API reads
    // the text as a problem, never as a path.
    let readme = concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md");
    let answer = server.post("/api/solve", &json!({ "problem": readme }));
    assert_eq!(answer.status, 422);
    let answer = server.post("/api/position", &json!({ "position": readme }));
    assert_eq!(answer.status, 422);
}

#[test]
fn the_page_and_its_assets_are_served_from_the_binary() {
    let server = Server::start(&[]);
    let page = server.get("/");
    assert_eq!(page.status, 200);
    assert_eq!(
        page.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    let html = page.text();
    for part in [
        "data-encoding=\"xfen\"",
        "data-encoding=\"shredder\"",
        "data-encoding=\"standard\"",
        "src=\"/app.js\"",
        "href=\"/app.css\"",
    ] {
        assert!(html.contains(part), "{part}");
    }
    // Nothing from another host: no absolute URL in a src or href.
    for asset in ["/", "/app.js", "/app.css"] {
        let text = server.get(asset).text();
        for bad in [
            "src=\"http",
            "href=\"http",
            "url(http",
            "@import",
            "//fonts.",
        ] {
            assert!(!text.contains(bad), "{asset}: {bad}");
        }
    }
    assert!(server
        .get("/app.js")
        .header("content-type")
        .unwrap()
        .starts_with("text/javascript"));
    assert!(server
        .get("/app.css")
        .header("content-type")
        .unwrap()
        .starts_with("text/css"));
    let names = server.get("/api/notations").json();
    let notations = names["notations"].as_array().unwrap();
    for name in ["san", "san-de", "descriptive-en", "figurine", "lan", "uci"] {
        assert!(notations.contains(&json!(name)), "{name}");
    }
}

#[test]
fn a_diagram_is_an_svg_by_get_or_post() {
    let server = Server::start(&[]);
    let answer =
        server.get("/api/diagram?position=startpos&highlight=e4,d5&arrows=e2e4&coordinates=1");
    assert_eq!(answer.status, 200);
    assert_eq!(answer.header("content-type"), Some("image/svg+xml"));
    let svg = answer.text();
    assert!(svg.starts_with("<svg"));
    assert_eq!(svg.matches("width=\"45\" height=\"45\"").count(), 2);
    // A move as a player writes it, read in the position.
    let answer = server.post(
        "/api/diagram",
        &json!({"position": "startpos", "arrows": ["Nf3"], "flip": true, "caption": "after 1.Nf3"}),
    );
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert!(answer.text().contains("<desc>after 1.Nf3</desc>"));
    let answer = server.get("/api/diagram?position=startpos&highlight=z9");
    assert_eq!(answer.status, 422);
    assert_eq!(error_of(&answer)["kind"], "bad_square");
    let answer = server.get("/api/diagram");
    assert_eq!(answer.status, 400);
    assert_eq!(error_of(&answer)["field"], "position");
}

#[test]
fn every_bad_request_gets_its_4xx_and_a_json_error() {
    let server = Server::start(&["--timeout", "2"]);
    let addr = server.addr.clone();
    let cases: Vec<(&str, crate::http::Answer, u16, &str)> = vec![
        ("unknown path", server.get("/api/nothing"), 404, "not_found"),
        (
            "wrong method",
            server.get("/api/position"),
            405,
            "method_not_allowed",
        ),
        (
            "not JSON",
            send(
                &addr,
                "POST",
                "/api/position",
                Some("application/json"),
                b"{position:",
            ),
            400,
            "bad_json",
        ),
        (
            "unknown key",
            server.post(
                "/api/position",
                &json!({"position": "startpos", "flipped": true}),
            ),
            400,
            "bad_json",
        ),
        (
            "a form, not JSON",
            send(
                &addr,
                "POST",
                "/api/position",
                Some("text/plain"),
                b"position=startpos",
            ),
            415,
            "unsupported_media_type",
        ),
        (
            "too large",
            send(
                &addr,
                "POST",
                "/api/position",
                Some("application/json"),
                &vec![b' '; 300_000],
            ),
            413,
            "body_too_large",
        ),
        (
            "chunked",
            raw_request(
                &addr,
                b"POST /api/position HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            ),
            411,
            "length_required",
        ),
        (
            "garbage",
            raw_request(&addr, b"HELLO\r\n\r\n"),
            400,
            "bad_request",
        ),
        (
            "huge head",
            raw_request(
                &addr,
                format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "a".repeat(20_000)).as_bytes(),
            ),
            431,
            "header_too_large",
        ),
        (
            "unknown notation",
            server.post("/api/game", &json!({"moves": "e4", "notation": "klingon"})),
            422,
            "unknown_notation",
        ),
        (
            "unknown language",
            server.post(
                "/api/position",
                &json!({"position": "startpos", "letters": "xx"}),
            ),
            422,
            "unknown_language",
        ),
    ];
    for (what, answer, status, kind) in cases {
        assert_eq!(answer.status, status, "{what}: {}", answer.text());
        assert_eq!(
            answer.header("content-type"),
            Some("application/json"),
            "{what}"
        );
        let error = error_of(&answer);
        assert_eq!(error["kind"], kind, "{what}");
        assert!(!error["message"].as_str().unwrap().is_empty(), "{what}");
    }
    assert_eq!(server.get("/api/position").header("allow"), Some("POST"));

    // A client that sends half a request and waits is answered 408 when
    // its time is up, and holds a worker no longer.
    let mut slow = TcpStream::connect(&addr).unwrap();
    slow.write_all(b"POST /api/position HTTP/1.1\r\nContent-Length: 10\r\n\r\n{")
        .unwrap();
    let t = Instant::now();
    let answer = read_response(&mut slow);
    assert_eq!(answer.status, 408);
    assert!(t.elapsed() < Duration::from_secs(6), "{:?}", t.elapsed());
}

#[test]
fn solves_past_the_cap_are_refused_with_429() {
    let server = Server::start(&["--solves", "1"]);
    let addr = server.addr.clone();
    // A solve that runs for its whole two seconds...
    let long = thread::spawn(move || {
        send(
            &addr,
            "POST",
            "/api/solve",
            Some("application/json"),
            json!({"problem": "startpos", "stipulation": "#8", "time_limit": 2})
                .to_string()
                .as_bytes(),
        )
    });
    thread::sleep(Duration::from_millis(700));
    // ...holds the one slot: the next solve is refused, other jobs are not.
    let refused = server.post("/api/solve", &json!({"problem": GREEK}));
    assert_eq!(refused.status, 429, "{}", refused.text());
    assert_eq!(error_of(&refused)["kind"], "busy");
    assert_eq!(refused.header("retry-after"), Some("1"));
    assert_eq!(
        server
            .post("/api/position", &json!({"position": "startpos"}))
            .status,
        200
    );
    assert_eq!(long.join().unwrap().status, 422);
    // The slot is given back.
    assert_eq!(
        server.post("/api/solve", &json!({"problem": GREEK})).status,
        200
    );
}

#[test]
fn a_full_queue_is_answered_503_at_once() {
    // A long --timeout: no idle connection is let go while the test runs.
    let mut server = Server::start(&["--timeout", "30"]);
    // Idle connections hold the 8 workers, then fill the queue of 64
    // (specs/http.md): of 100, at least the last 28 are answered 503 at
    // once, without waiting for the idle ones' time to run out.
    let t = Instant::now();
    let mut idle: Vec<TcpStream> = (0..100)
        .map(|_| TcpStream::connect(&server.addr).unwrap())
        .collect();
    thread::sleep(Duration::from_millis(500));
    let mut overloaded = 0;
    for stream in &mut idle {
        stream
            .set_read_timeout(Some(Duration::from_millis(20)))
            .unwrap();
        let mut first = [0u8; 12];
        if stream.read_exact(&mut first).is_ok() {
            assert_eq!(&first, b"HTTP/1.1 503");
            overloaded += 1;
        }
    }
    assert!(overloaded >= 100 - 72, "{overloaded} answered 503");
    assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
    // The workers may have taken theirs only after the burst was refused:
    // ten more fill what room that left (at most 8), and the last of them
    // finds the queue full.
    let mut more: Vec<TcpStream> = (0..10)
        .map(|_| TcpStream::connect(&server.addr).unwrap())
        .collect();
    thread::sleep(Duration::from_millis(300));
    let mut extra = more.pop().unwrap();
    extra
        .set_read_timeout(Some(Duration::from_secs(3)))
        .unwrap();
    let answer = read_response(&mut extra);
    assert_eq!(answer.status, 503);
    assert_eq!(answer.json()["error"]["kind"], "overloaded");
    assert_eq!(answer.header("retry-after"), Some("1"));
    drop(idle);
    drop(more);
    // Once the idle ones are gone, the server answers again.
    let t = Instant::now();
    loop {
        let answer = server.get("/api/notations");
        if answer.status == 200 {
            break;
        }
        assert!(t.elapsed() < Duration::from_secs(10), "{}", answer.status);
        thread::sleep(Duration::from_millis(100));
    }
    assert!(server.is_running());
}

/// 200 requests from 16 threads at once, a solve in every tenth: every one
/// is answered, each correctly (a solve may be refused with 429 while the
/// cap is reached, never lost), all within a fixed bound.
#[test]
fn under_load_every_request_is_answered() {
    let mut server = Server::start(&["--solves", "2"]);
    let addr = Arc::new(server.addr.clone());
    let next = Arc::new(AtomicUsize::new(0));
    let solved = Arc::new(AtomicUsize::new(0));
    let busy = Arc::new(AtomicUsize::new(0));
    let t = Instant::now();
    let threads: Vec<_> = (0..16)
        .map(|_| {
            let (addr, next, solved, busy) = (
                Arc::clone(&addr),
                Arc::clone(&next),
                Arc::clone(&solved),
                Arc::clone(&busy),
            );
            thread::spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= 200 {
                    return;
                }
                let post = |path: &str, body: Value| {
                    send(
                        &addr,
                        "POST",
                        path,
                        Some("application/json"),
                        body.to_string().as_bytes(),
                    )
                };
                match i % 10 {
                    0 => {
                        let answer = post("/api/solve", json!({"problem": GREEK}));
                        match answer.status {
                            200 => {
                                assert_eq!(answer.json()["answers"][0]["keys"][0]["san"], "Nd4");
                                solved.fetch_add(1, Ordering::Relaxed);
                            }
                            429 => {
                                busy.fetch_add(1, Ordering::Relaxed);
                            }
                            s => panic!("solve {i}: {s} {}", answer.text()),
                        }
                    }
                    1..=4 => {
                        let n = i % 960;
                        let answer = post("/api/position", json!({"position": format!("960:{n}")}));
                        assert_eq!(answer.status, 200, "{i}");
                        assert_eq!(answer.json()["chess960"], n, "{i}");
                    }
                    5..=7 => {
                        let answer = post(
                            "/api/game",
                            json!({"moves": "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"}),
                        );
                        assert_eq!(answer.status, 200, "{i}");
                        assert_eq!(answer.json()["moves"].as_array().unwrap().len(), 6, "{i}");
                    }
                    8 => {
                        let answer = post(
                            "/api/position",
                            json!({"position": "8/8/8/8/8/8/8/8 w - - 0 1"}),
                        );
                        assert_eq!(answer.status, 200, "{i}");
                        assert_eq!(answer.json()["valid"], false, "{i}");
                    }
                    _ => {
                        let answer = send(&addr, "GET", "/", None, b"");
                        assert_eq!(answer.status, 200, "{i}");
                    }
                }
            })
        })
        .collect();
    for thread in threads {
        thread.join().expect("every request answered as expected");
    }
    let elapsed = t.elapsed();
    let (solved, busy) = (solved.load(Ordering::Relaxed), busy.load(Ordering::Relaxed));
    assert_eq!(solved + busy, 20);
    assert!(solved >= 1, "no solve ran ({busy} refused)");
    assert!(elapsed < Duration::from_secs(60), "{elapsed:?}");
    eprintln!("load: 200 requests, 16 threads, {solved} solved, {busy} refused (429), {elapsed:?}");
    assert!(server.is_running());
}

#[test]
fn a_client_that_goes_away_costs_nothing() {
    let mut server = Server::start(&[]);
    for _ in 0..20 {
        let mut s = TcpStream::connect(&server.addr).unwrap();
        s.write_all(b"POST /api/position HTTP/1.1\r\nContent-Length: 100\r\n\r\n{\"pos")
            .unwrap();
        drop(s);
        let _ = TcpStream::connect(&server.addr).map(drop);
    }
    let mut buf = Vec::new();
    let mut s = TcpStream::connect(&server.addr).unwrap();
    s.write_all(b"GET /api/notations HTTP/1.1\r\nConnection: close\r\n\r\n")
        .unwrap();
    s.read_to_end(&mut buf).unwrap();
    assert!(
        buf.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&buf)
    );
    assert!(server.is_running());
}
