//! `forsyth diagram` and `show --format svg`: the SVG parsed back with
//! roxmltree, the PNG decoded with the png crate, and both checked against
//! specs/diagram.md (45 units a square, the board's corner at (6, 6)
//! without coordinates, a1 dark, the default colours).

use std::path::PathBuf;

use crate::look::on_a_terminal;
use crate::util::{assert_contains, forsyth};

const PROBLEM: &str = "(R7/4k3/4N3/K2B4/8/8/8/5R2) (5+1) #3";

/// The spec's geometry: the board's corner without coordinates, a square.
const CORNER: f64 = 6.0;
const SQ: f64 = 45.0;

fn svg_of(args: &[&str]) -> String {
    let r = forsyth(args, b"");
    assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
    assert!(r.stderr.is_empty(), "{}", r.stderr);
    roxmltree::Document::parse(&r.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: not well-formed: {e}"));
    r.stdout
}

/// The text of the first element named `tag`.
fn text_of(svg: &str, tag: &str) -> Option<String> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed");
    doc.descendants()
        .find(|n| n.has_tag_name(tag))
        .and_then(|n| n.text().map(str::to_owned))
}

/// The pieces placed: (href, x, y).
fn pieces(svg: &str) -> Vec<(String, f64, f64)> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed");
    doc.descendants()
        .filter(|n| n.has_tag_name("use"))
        .filter_map(|n| {
            let href = n.attribute("href")?;
            let x = n.attribute("x")?.parse().ok()?;
            let y = n.attribute("y")?.parse().ok()?;
            (!href.starts_with("#forsyth-g")).then(|| (href.to_owned(), x, y))
        })
        .collect()
}

/// A square's top left corner, white at the bottom, no coordinates.
fn corner(square: &str) -> (f64, f64) {
    let b = square.as_bytes();
    let file = f64::from(b[0] - b'a');
    let rank = f64::from(b[1] - b'1');
    (CORNER + SQ * file, CORNER + SQ * (7.0 - rank))
}

#[test]
fn a_problem_statement_is_captioned_as_problem_columns_print_it() {
    let svg = svg_of(&["diagram", PROBLEM]);
    assert_eq!(text_of(&svg, "desc").as_deref(), Some("#3 (5+1)"));
    assert_eq!(
        text_of(&svg, "title").as_deref(),
        Some("R7/4k3/4N3/K2B4/8/8/8/5R2 w - - 0 1")
    );
    let mut got = pieces(&svg);
    got.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
    let at = |id: &str, sq: &str| {
        let (x, y) = corner(sq);
        (format!("#forsyth-{id}"), x, y)
    };
    assert_eq!(
        got,
        [
            at("bK", "e7"),
            at("wB", "d5"),
            at("wK", "a5"),
            at("wN", "e6"),
            at("wR", "a8"),
            at("wR", "f1"),
        ]
    );
    // The same problem in other words: as separate words, the stipulation
    // in words, a bare placement with its count.
    for words in [
        vec![
            "diagram",
            "(R7/4k3/4N3/K2B4/8/8/8/5R2)",
            "(5+1)",
            "mate",
            "in",
            "three",
        ],
        vec!["diagram", "(R7/4k3/4N3/K2B4/8/8/8/5R2) #3"],
        vec!["diagram", "R7/4k3/4N3/K2B4/8/8/8/5R2", "(5+1)", "#3"],
        vec!["diagram", "R7/4k3/4N3/K2B4/8/8/8/5R2 w - - 0 1", "#3"],
    ] {
        let other = svg_of(&words);
        assert_eq!(
            text_of(&other, "desc").as_deref(),
            Some("#3 (5+1)"),
            "{words:?}"
        );
    }
    // Kinds forsyth does not solve are kept as given.
    let h = svg_of(&["diagram", "(R7/4k3/4N3/K2B4/8/8/8/5R2) h#2.5"]);
    assert_eq!(text_of(&h, "desc").as_deref(), Some("h#2.5 (5+1)"));
    // No stipulation: the count alone; a plain FEN: no caption.
    let count = svg_of(&["diagram", "(R7/4k3/4N3/K2B4/8/8/8/5R2)"]);
    assert_eq!(text_of(&count, "desc").as_deref(), Some("(5+1)"));
    let plain = svg_of(&["diagram", "startpos"]);
    assert_eq!(text_of(&plain, "desc"), None);
    // --caption replaces it, and '' removes it.
    let own = svg_of(&["diagram", PROBLEM, "--caption", "Schwalbe 1930"]);
    assert_eq!(text_of(&own, "desc").as_deref(), Some("Schwalbe 1930"));
    let none = svg_of(&["diagram", PROBLEM, "--caption", ""]);
    assert_eq!(text_of(&none, "desc"), None);
}

/// `-` alone: the first record of standard input, with the stipulation
/// on its line; `-` then a stipulation: the record alone. Standard input
/// is read once: a `-` on it is no position.
#[test]
fn standard_input_gives_the_position_and_its_stipulation() {
    let problem = "(R7/4k3/4N3/K2B4/8/8/8/5R2) (5+1) #3\n";
    let r = forsyth(&["diagram", "-"], problem.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(text_of(&r.stdout, "desc").as_deref(), Some("#3 (5+1)"));
    let record = "R7/4k3/4N3/K2B4/8/8/8/5R2 w - - 0 1\nstartpos\n";
    let r = forsyth(&["diagram", "-", "#3"], record.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(text_of(&r.stdout, "desc").as_deref(), Some("#3 (5+1)"));
    assert_eq!(
        text_of(&r.stdout, "title").as_deref(),
        Some("R7/4k3/4N3/K2B4/8/8/8/5R2 w - - 0 1")
    );
    let r = forsyth(&["diagram", "-"], b"-\nstartpos\n");
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(r.stdout.is_empty());
    assert_contains(&r.stderr, "standard input: '-' is not a position");
}

#[test]
fn a_statement_in_greek_letters_reads_with_letters() {
    let svg = svg_of(&[
        "diagram",
        "--letters",
        "el",
        "(Π7/4ρ3/4Ι3/Ρ2Α4/8/8/8/5Π2) (5+1) #3",
    ]);
    assert_eq!(text_of(&svg, "desc").as_deref(), Some("#3 (5+1)"));
    assert_eq!(pieces(&svg).len(), 6);
}

#[test]
fn refusals_say_what_is_wrong() {
    let r = forsyth(
        &["diagram", "R7/4k3/4N3/K2B4/8/8/8/5R2", "(4+2)", "#3"],
        b"",
    );
    assert_eq!(r.code, 1);
    assert_contains(&r.stderr, "the count (4+2) is not the placement's (5+1)");
    let r = forsyth(&["diagram", "startpos", "nonsense"], b"");
    assert_eq!(r.code, 1);
    assert_contains(
        &r.stderr,
        "'nonsense' follows the position but is no stipulation",
    );
    let r = forsyth(&["diagram", "startpos", "--highlight", "e4,e9"], b"");
    assert_eq!(r.code, 2);
    assert_contains(&r.stderr, "--highlight: 'e9' is not a square");
    let r = forsyth(&["diagram", "startpos", "--arrow", "Nf6"], b"");
    assert_eq!(r.code, 1);
    assert_contains(&r.stderr, "--arrow: illegal move Nf6");
    let r = forsyth(&["diagram", "startpos", "--arrow", "e2e2"], b"");
    assert_eq!(r.code, 1);
    assert_contains(&r.stderr, "e2 to itself");
    // A move needs a legal position; two squares do not.
    let no_kings = "8/8/8/8/8/8/4P3/8";
    let r = forsyth(&["diagram", no_kings, "--arrow", "e3"], b"");
    assert_eq!(r.code, 1);
    assert_contains(&r.stderr, "a move needs a legal position");
    svg_of(&["diagram", no_kings, "--arrow", "e2e4"]);
    let r = forsyth(
        &["diagram", "startpos", "--caption", "Matt in 2 Zügen"],
        b"",
    );
    assert_eq!(r.code, 2);
    assert_contains(&r.stderr, "caption: col 12: 'ü'");
    let r = forsyth(&["diagram", "startpos", "--light", "beige"], b"");
    assert_eq!(r.code, 2);
    assert_contains(&r.stderr, "--light: 'beige' is not a colour");
    let r = forsyth(&["diagram", "startpos", "--size", "2"], b"");
    assert_eq!(r.code, 2);
    let r = forsyth(
        &["diagram", "startpos", "-o", "/nonexistent/dir/x.svg"],
        b"",
    );
    assert_eq!(r.code, 2);
    assert_contains(&r.stderr, "/nonexistent/dir/x.svg");
}

/// The points of an arrow's outline.
fn arrow_points(svg: &str) -> Vec<Vec<(f64, f64)>> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed");
    let group = doc
        .descendants()
        .find(|n| n.attribute("fill-opacity") == Some("0.8"))
        .expect("arrows");
    group
        .children()
        .filter_map(|p| p.attribute("d"))
        .map(|d| {
            d.trim_end_matches('Z')
                .split(['M', 'L'])
                .filter(|s| !s.is_empty())
                .map(|p| {
                    let (x, y) = p.split_once(' ').expect("x y");
                    (x.parse().expect("x"), y.parse().expect("y"))
                })
                .collect()
        })
        .collect()
}

fn centre(square: &str) -> (f64, f64) {
    let (x, y) = corner(square);
    (x + SQ / 2.0, y + SQ / 2.0)
}

fn assert_arrow(points: &[(f64, f64)], from: &str, to: &str) {
    let tail = (
        (points[0].0 + points[6].0) / 2.0,
        (points[0].1 + points[6].1) / 2.0,
    );
    let c = centre(from);
    assert!(
        (tail.0 - c.0).abs() < 0.02 && (tail.1 - c.1).abs() < 0.02,
        "{from}: {tail:?}"
    );
    assert_eq!(points[3], centre(to), "{to}");
}

#[test]
fn arrows_and_highlights_land_on_their_squares() {
    let svg = svg_of(&[
        "diagram",
        "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "--arrow",
        "O-O",
        "--arrow",
        "Nc3",
        "--arrow",
        "a7a5",
        "--highlight",
        "e1,g1",
        "--highlight",
        "c3",
    ]);
    let arrows = arrow_points(&svg);
    assert_eq!(arrows.len(), 3);
    assert_arrow(&arrows[0], "e1", "g1");
    assert_arrow(&arrows[1], "b1", "c3");
    assert_arrow(&arrows[2], "a7", "a5");
    let doc = roxmltree::Document::parse(&svg).expect("well-formed");
    let rects: Vec<(f64, f64)> = doc
        .descendants()
        .find(|n| n.attribute("fill-opacity") == Some("0.5"))
        .expect("highlights")
        .children()
        .filter(|n| n.is_element())
        .map(|r| {
            (
                r.attribute("x").expect("x").parse().expect("x"),
                r.attribute("y").expect("y").parse().expect("y"),
            )
        })
        .collect();
    assert_eq!(rects, [corner("e1"), corner("g1"), corner("c3")]);
    // Chess960 castling where the king stays on g1: to the rook.
    let svg = svg_of(&["diagram", "4k3/8/8/8/8/8/8/6KR w H - 0 1", "--arrow", "O-O"]);
    assert_arrow(&arrow_points(&svg)[0], "g1", "h1");
}

#[test]
fn show_format_svg_is_the_diagram() {
    for (position, flip) in [
        ("startpos", false),
        (PROBLEM, false),
        ("960:0", true),
        (
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            true,
        ),
    ] {
        let mut show = vec!["show", "--format", "svg", position];
        let mut diagram = vec!["diagram", position];
        if flip {
            show.push("--flip");
            diagram.push("--flip");
        }
        assert_eq!(svg_of(&show), svg_of(&diagram), "{position}");
    }
    // The same bytes on every run.
    assert_eq!(
        svg_of(&["diagram", PROBLEM, "--coordinates", "--arrow", "e6g5"]),
        svg_of(&["diagram", PROBLEM, "--coordinates", "--arrow", "e6g5"])
    );
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("forsyth-diagram-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir.join(name)
}

/// The decoded PNG: width, height and RGBA pixels.
fn decode(path: &PathBuf) -> (u32, u32, Vec<u8>) {
    let file = std::fs::File::open(path).expect("the PNG");
    let mut reader = png::Decoder::new(std::io::BufReader::new(file))
        .read_info()
        .expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    assert_eq!(info.color_type, png::ColorType::Rgba);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

fn pixel(png: &(u32, u32, Vec<u8>), x: u32, y: u32) -> [u8; 4] {
    let i = ((y * png.0 + x) * 4) as usize;
    png.2[i..i + 4].try_into().expect("four bytes")
}

#[test]
fn png_has_the_size_and_square_colours_of_the_spec() {
    // An empty board: the squares' colours show at their centres.
    let path = temp("empty.png");
    let p = path.to_str().expect("UTF-8 path");
    let r = forsyth(&["diagram", "8/8/8/8/8/8/8/8", "-o", p], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let png = decode(&path);
    // 4 + 2 + 8 x 45 + 2 + 4 = 372 pixels at 45 a square.
    assert_eq!((png.0, png.1), (372, 372));
    let light = [0xf0, 0xe6, 0xd2, 0xff];
    let dark = [0xb5, 0x8f, 0x63, 0xff];
    let at = |sq: &str| {
        let (x, y) = centre(sq);
        pixel(&png, x as u32, y as u32)
    };
    assert_eq!(at("a1"), dark);
    assert_eq!(at("h1"), light);
    assert_eq!(at("a8"), light);
    assert_eq!(at("h8"), dark);
    assert_eq!(at("e4"), light);
    // The paper outside, the frame around the squares.
    assert_eq!(pixel(&png, 1, 1), [0xff, 0xff, 0xff, 0xff]);
    assert_eq!(pixel(&png, 5, 100), [0x22, 0x22, 0x22, 0xff]);

    // --size doubles everything; --light and --dark are used; --flip
    // keeps a1 dark (top right now).
    let path = temp("big.png");
    let p = path.to_str().expect("UTF-8 path");
    let r = forsyth(
        &[
            "diagram",
            "8/8/8/8/8/8/8/8",
            "--size",
            "90",
            "--light",
            "#ffffff",
            "--dark",
            "#0000ff",
            "--flip",
            "--format",
            "png",
            "-o",
            p,
        ],
        b"",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let png = decode(&path);
    assert_eq!((png.0, png.1), (744, 744));
    // Square centres at twice the coordinates; a1 at the top right, b1
    // left of it.
    let (bx, by) = (2.0 * (CORNER + 7.5 * SQ), 2.0 * (CORNER + 0.5 * SQ));
    assert_eq!(pixel(&png, bx as u32, by as u32), [0, 0, 0xff, 0xff]);
    let (wx, wy) = (2.0 * (CORNER + 6.5 * SQ), 2.0 * (CORNER + 0.5 * SQ));
    assert_eq!(pixel(&png, wx as u32, wy as u32), [0xff, 0xff, 0xff, 0xff]);

    // A piece darkens its square's centre region: the black king on e8.
    let path = temp("kings.png");
    let p = path.to_str().expect("UTF-8 path");
    let r = forsyth(&["diagram", "4k3/8/8/8/8/8/8/4K3", "-o", p], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let png = decode(&path);
    let (x, y) = corner("e8");
    // Inside the king's stem (x 18 to 27, y 22.5 to 35 of its square).
    let inside = pixel(&png, (x + 22.5) as u32, (y + 30.0) as u32);
    assert_eq!(inside, [0x22, 0x22, 0x22, 0xff]);
    let _ = std::fs::remove_dir_all(path.parent().expect("the directory"));
}

#[test]
fn png_is_not_written_to_a_terminal() {
    let seen = on_a_terminal("forsyth diagram startpos --format png; echo exit=$?");
    assert!(
        seen.contains("a PNG is binary and standard output is a terminal"),
        "{seen:?}"
    );
    assert!(seen.contains("exit=2"), "{seen:?}");
    assert!(!seen.contains("PNG\r\n"), "{seen:?}");
    // SVG is text, and may be.
    let seen = on_a_terminal("forsyth diagram startpos; echo exit=$?");
    assert!(seen.contains("<svg") && seen.contains("exit=0"), "{seen:?}");
}
