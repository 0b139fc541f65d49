//! The SVG read back with an independent XML parser (roxmltree) and
//! checked against the geometry of `specs/diagram.md`: 45 units a square,
//! a 4-unit paper border, a 2-unit frame, an 18-unit coordinate band left
//! of and under the board, a 30-unit caption band.

use roxmltree::{Document, Node};

use super::*;
use crate::fen::Fen;
use crate::{Board, Color, Square};

/// The spec's numbers, written out here apart from the writer's constants.
const SQ: f64 = 45.0;
const PAD: f64 = 4.0;
const FRAME: f64 = 2.0;
const BAND: f64 = 18.0;
const CAPTION_BAND: f64 = 30.0;

fn board(fen: &str) -> Board {
    Fen::from_ascii(format!("{fen} w - - 0 1").as_bytes())
        .expect("test FEN")
        .board
}

fn parse(svg: &str) -> Document<'_> {
    Document::parse(svg).unwrap_or_else(|e| panic!("not well-formed XML: {e}\n{svg}"))
}

fn attr(node: Node<'_, '_>, name: &str) -> f64 {
    node.attribute(name)
        .unwrap_or_else(|| panic!("no {name} on {node:?}"))
        .parse()
        .expect("a number")
}

/// The piece `<use>` elements: (figure letter, colour letter, x, y).
fn piece_uses(doc: &Document<'_>) -> Vec<(char, char, f64, f64)> {
    doc.descendants()
        .filter(|n| n.has_tag_name("use"))
        .filter_map(|n| {
            let id = n.attribute("href")?.get("#forsyth-".len()..)?;
            if !n.attribute("href")?.starts_with("#forsyth-") {
                return None;
            }
            let mut chars = id.chars();
            let side = chars.next()?;
            let letter = chars.next()?;
            matches!(side, 'w' | 'b')
                .then(|| (letter, side, attr(n, "x"), attr(n, "y")))
                .filter(|_| chars.next().is_none())
        })
        .collect()
}

/// The top left corner of a square as the spec places it: the board's
/// corner, then 45 units a file to the right and a rank upward (the
/// other way round when flipped).
fn corner(files: u8, ranks: u8, file: u8, rank: u8, coordinates: bool, flip: bool) -> (f64, f64) {
    let left = PAD + if coordinates { BAND } else { 0.0 } + FRAME;
    let top = PAD + FRAME;
    let (col, row) = if flip {
        (files - 1 - file, rank)
    } else {
        (file, ranks - 1 - rank)
    };
    (left + SQ * f64::from(col), top + SQ * f64::from(row))
}

#[test]
fn one_use_per_piece_at_its_square() {
    let b = Board::standard();
    for (coordinates, flip) in [(false, false), (true, false), (false, true), (true, true)] {
        let style = Style {
            coordinates,
            flip,
            ..Style::default()
        };
        let svg = Diagram::from_board(&b).to_svg(&style);
        let doc = parse(&svg);
        let mut uses = piece_uses(&doc);
        let mut expected: Vec<(char, char, f64, f64)> = b
            .pieces()
            .map(|(sq, p)| {
                let (x, y) = corner(
                    8,
                    8,
                    sq.file().index() as u8,
                    sq.rank().index() as u8,
                    coordinates,
                    flip,
                );
                let side = if p.color == Color::White { 'w' } else { 'b' };
                (p.role.upper_char(), side, x, y)
            })
            .collect();
        let key = |a: &(char, char, f64, f64)| (a.2 as i64, a.3 as i64);
        uses.sort_by_key(key);
        expected.sort_by_key(key);
        assert_eq!(uses, expected, "coordinates {coordinates}, flip {flip}");
    }
}

#[test]
fn flipped_puts_a1_top_right() {
    let b = board("8/8/8/8/8/8/8/K6k");
    let svg = Diagram::from_board(&b).to_svg(&Style {
        flip: true,
        ..Style::default()
    });
    let uses = piece_uses(&parse(&svg));
    // The white king of a1 in the top right square, the black king of h1
    // in the top left one.
    assert!(uses.contains(&('K', 'w', PAD + FRAME + 7.0 * SQ, PAD + FRAME)));
    assert!(uses.contains(&('K', 'b', PAD + FRAME, PAD + FRAME)));
}

#[test]
fn view_box_and_size_follow_the_grid() {
    let cases = [
        (8, 8, false, None, 45),
        (8, 8, true, None, 45),
        (10, 8, true, Some("#3 (5+1)"), 60),
        (1, 1, false, None, 10),
    ];
    for (files, ranks, coordinates, caption, px) in cases {
        let mut d = Diagram::new(files, ranks).expect("size");
        if let Some(c) = caption {
            d.set_caption(c).expect("ASCII");
        }
        let svg = d.to_svg(&Style {
            coordinates,
            square_px: px,
            ..Style::default()
        });
        let doc = parse(&svg);
        let root = doc.root_element();
        assert_eq!(root.tag_name().name(), "svg");
        assert_eq!(
            root.tag_name().namespace(),
            Some("http://www.w3.org/2000/svg")
        );
        let band = if coordinates { BAND } else { 0.0 };
        let w = 2.0 * PAD + band + 2.0 * FRAME + SQ * f64::from(files);
        let h = 2.0 * PAD
            + band
            + 2.0 * FRAME
            + SQ * f64::from(ranks)
            + if caption.is_some() { CAPTION_BAND } else { 0.0 };
        let view: Vec<f64> = root
            .attribute("viewBox")
            .expect("viewBox")
            .split(' ')
            .map(|v| v.parse().expect("number"))
            .collect();
        assert_eq!(view, [0.0, 0.0, w, h], "{files}x{ranks}");
        let scale = f64::from(px) / SQ;
        assert!((attr(root, "width") - w * scale).abs() < 0.01);
        assert!((attr(root, "height") - h * scale).abs() < 0.01);
    }
}

#[test]
fn output_is_deterministic_and_hand_built_grids_match_boards() {
    let b = board("r3k2r/8/8/8/8/8/8/R3K2R");
    let style = Style {
        coordinates: true,
        ..Style::default()
    };
    let mut d = Diagram::from_board(&b);
    d.highlight(Square::E1.into()).expect("on the board");
    d.arrow(Square::E1.into(), Square::G1.into())
        .expect("on the board");
    let first = d.to_svg(&style);
    assert_eq!(first, d.clone().to_svg(&style));
    assert_eq!(first, d.to_svg(&style.clone()));
    // The same grid built cell by cell gives the same bytes.
    let mut hand = Diagram::new(8, 8).expect("size");
    for (sq, p) in b.pieces() {
        hand.set(sq.into(), Some((p.role.into(), p.color)))
            .expect("on the board");
    }
    hand.set_title(d.title());
    hand.highlight(Square::E1.into()).expect("on the board");
    hand.arrow(Square::E1.into(), Square::G1.into())
        .expect("on the board");
    assert_eq!(hand.to_svg(&style), first);
}

#[test]
fn title_and_caption_are_escaped_and_read_back() {
    let mut d = Diagram::from_board(&Board::standard());
    d.set_title("a <b> & 'c' \"d\"");
    d.set_caption("  #2 <&> (16+16)  ").expect("ASCII");
    let svg = d.to_svg(&Style::default());
    let doc = parse(&svg);
    let text = |tag: &str| {
        doc.descendants()
            .find(|n| n.has_tag_name(tag))
            .and_then(|n| n.text())
            .map(str::to_owned)
    };
    assert_eq!(text("title").as_deref(), Some("a <b> & 'c' \"d\""));
    assert_eq!(text("desc").as_deref(), Some("#2 <&> (16+16)"));
    // The title comes first, as accessibility tools look for it.
    let first = doc.root_element().first_element_child().expect("a child");
    assert!(first.has_tag_name("title"));
    // No text element: the letters are drawn.
    assert!(!doc.descendants().any(|n| n.has_tag_name("text")));
}

#[test]
fn every_reference_is_defined_once_and_every_definition_used() {
    let mut d = Diagram::new(10, 8).expect("size");
    d.set(
        Cell { file: 9, rank: 7 },
        Some((Figure::Chancellor, Color::Black)),
    )
    .expect("on the board");
    d.set(
        Cell { file: 0, rank: 0 },
        Some((Figure::Archbishop, Color::White)),
    )
    .expect("on the board");
    d.set(
        Cell { file: 4, rank: 0 },
        Some((Figure::King, Color::White)),
    )
    .expect("on the board");
    d.set_caption("Capablanca (2+1)").expect("ASCII");
    let svg = d.to_svg(&Style {
        coordinates: true,
        ..Style::default()
    });
    let doc = parse(&svg);
    let ids: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("id"))
        .collect();
    let mut unique = ids.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), ids.len(), "an id defined twice");
    let refs: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("href"))
        .map(|h| {
            assert!(h.starts_with('#'), "{h} is not a local reference");
            &h[1..]
        })
        .collect();
    for r in &refs {
        assert!(ids.contains(r), "{r} is not defined");
    }
    for id in &ids {
        assert!(refs.contains(id), "{id} is defined but not used");
    }
    for piece in ["forsyth-wA", "forsyth-wK", "forsyth-bC"] {
        assert!(ids.contains(&piece), "{piece}");
    }
    assert_eq!(piece_uses(&doc).len(), 3);
}

/// The subpaths of the dark squares' path: their top left corners.
fn dark_corners(doc: &Document<'_>) -> Vec<(f64, f64)> {
    let dark = doc
        .descendants()
        .find(|n| n.has_tag_name("path") && n.attribute("fill") == Some("#b58f63"))
        .expect("the dark squares");
    dark.attribute("d")
        .expect("d")
        .split('M')
        .filter(|s| !s.is_empty())
        .map(|s| {
            assert!(s.ends_with("h45v45h-45z"), "{s}");
            let mut xy = s.trim_end_matches("h45v45h-45z").split(' ');
            let x = xy.next().expect("x").parse().expect("number");
            let y = xy.next().expect("y").parse().expect("number");
            (x, y)
        })
        .collect()
}

#[test]
fn a1_is_dark_and_the_squares_alternate() {
    for (files, ranks) in [(8, 8), (10, 8), (3, 5)] {
        for flip in [false, true] {
            let d = Diagram::new(files, ranks).expect("size");
            let svg = d.to_svg(&Style {
                flip,
                ..Style::default()
            });
            let doc = parse(&svg);
            let mut got = dark_corners(&doc);
            let mut expected = Vec::new();
            for file in 0..files {
                for rank in 0..ranks {
                    // a1 dark, and a square's neighbours of the other colour.
                    if (file + rank) % 2 == 0 {
                        expected.push(corner(files, ranks, file, rank, false, flip));
                    }
                }
            }
            let key = |a: &(f64, f64)| (a.0 as i64, a.1 as i64);
            got.sort_by_key(key);
            expected.sort_by_key(key);
            assert_eq!(got, expected, "{files}x{ranks} flip {flip}");
        }
    }
    // The light colour lies under the whole board.
    let doc_svg = Diagram::new(8, 8).expect("size").to_svg(&Style::default());
    let doc = parse(&doc_svg);
    let light = doc
        .descendants()
        .find(|n| n.has_tag_name("rect") && n.attribute("fill") == Some("#f0e6d2"))
        .expect("the light squares");
    assert_eq!(
        (
            attr(light, "x"),
            attr(light, "y"),
            attr(light, "width"),
            attr(light, "height")
        ),
        (PAD + FRAME, PAD + FRAME, 8.0 * SQ, 8.0 * SQ)
    );
}

#[test]
fn highlights_cover_their_squares_under_the_pieces() {
    let mut d = Diagram::from_board(&Board::standard());
    for sq in [Square::E4, Square::D5, Square::E4] {
        d.highlight(sq.into()).expect("on the board");
    }
    assert_eq!(d.highlights().len(), 2);
    for flip in [false, true] {
        let style = Style {
            flip,
            highlight: "#123456".parse().expect("a colour"),
            ..Style::default()
        };
        let svg = d.to_svg(&style);
        let doc = parse(&svg);
        let group = doc
            .descendants()
            .find(|n| n.has_tag_name("g") && n.attribute("fill") == Some("#123456"))
            .expect("the highlights");
        let rects: Vec<(f64, f64, f64, f64)> = group
            .children()
            .filter(|n| n.is_element())
            .map(|r| {
                (
                    attr(r, "x"),
                    attr(r, "y"),
                    attr(r, "width"),
                    attr(r, "height"),
                )
            })
            .collect();
        let at = |f, r| {
            let (x, y) = corner(8, 8, f, r, false, flip);
            (x, y, SQ, SQ)
        };
        assert_eq!(rects, [at(4, 3), at(3, 4)], "flip {flip}");
        // Drawn before the first piece.
        let order: Vec<Node<'_, '_>> = doc.descendants().collect();
        let first_piece = order
            .iter()
            .position(|n| n.has_tag_name("use") && n.attribute("x").is_some())
            .expect("a piece");
        let highlights = order.iter().position(|n| *n == group).expect("there");
        assert!(highlights < first_piece);
    }
}

/// The points of an arrow's outline (`M x y L x y ... Z`).
fn points(d: &str) -> Vec<(f64, f64)> {
    d.trim_end_matches('Z')
        .split(['M', 'L'])
        .filter(|s| !s.is_empty())
        .map(|p| {
            let (x, y) = p.split_once(' ').expect("x y");
            (x.parse().expect("x"), y.parse().expect("y"))
        })
        .collect()
}

#[test]
fn arrows_run_from_centre_to_centre() {
    let b = board("4k3/8/8/8/8/8/8/4K1NR");
    let mut d = Diagram::from_board(&b);
    // A knight's move and castling, both drawn straight.
    d.arrow(Square::G1.into(), Square::F3.into())
        .expect("on the board");
    d.arrow(Square::E1.into(), Square::G1.into())
        .expect("on the board");
    for (coordinates, flip) in [(false, false), (true, true)] {
        let style = Style {
            coordinates,
            flip,
            ..Style::default()
        };
        let svg = d.to_svg(&style);
        let doc = parse(&svg);
        let group = doc
            .descendants()
            .find(|n| n.has_tag_name("g") && n.attribute("fill") == Some("#1f8a4c"))
            .expect("the arrows");
        let arrows: Vec<Vec<(f64, f64)>> = group
            .children()
            .filter(|n| n.is_element())
            .map(|p| points(p.attribute("d").expect("d")))
            .collect();
        assert_eq!(arrows.len(), 2);
        let centre = |f, r| {
            let (x, y) = corner(8, 8, f, r, coordinates, flip);
            (x + SQ / 2.0, y + SQ / 2.0)
        };
        for (arrow, (from, to)) in arrows.iter().zip([((6, 0), (5, 2)), ((4, 0), (6, 0))]) {
            assert_eq!(arrow.len(), 7);
            // The tail's two corners are either side of the origin's centre,
            let (a, z) = (arrow[0], arrow[6]);
            let tail = ((a.0 + z.0) / 2.0, (a.1 + z.1) / 2.0);
            let c = centre(from.0, from.1);
            assert!((tail.0 - c.0).abs() < 0.02 && (tail.1 - c.1).abs() < 0.02);
            // and the tip is the destination's centre.
            assert_eq!(arrow[3], centre(to.0, to.1));
        }
        // Arrows are drawn over the pieces.
        let order: Vec<Node<'_, '_>> = doc.descendants().collect();
        let last_piece = order
            .iter()
            .rposition(|n| n.has_tag_name("use") && n.attribute("x").is_some())
            .expect("a piece");
        assert!(order.iter().position(|n| *n == group).expect("there") > last_piece);
    }
}

#[test]
fn coordinates_are_paths_in_the_margins() {
    let svg = Diagram::new(10, 8).expect("size").to_svg(&Style {
        coordinates: true,
        ..Style::default()
    });
    let doc = parse(&svg);
    // Ten letters and eight numbers, each a group of glyph uses.
    let runs: Vec<Node<'_, '_>> = doc
        .descendants()
        .filter(|n| {
            n.has_tag_name("g")
                && n.attribute("transform")
                    .is_some_and(|t| t.starts_with("translate("))
        })
        .collect();
    assert_eq!(runs.len(), 18);
    let glyphs: Vec<String> = runs
        .iter()
        .map(|g| {
            g.children()
                .filter_map(|u| u.attribute("href"))
                .map(|h| {
                    let code = h.trim_start_matches("#forsyth-g");
                    char::from_u32(u32::from_str_radix(code, 16).expect("hex")).expect("char")
                })
                .collect()
        })
        .collect();
    let mut expected: Vec<String> = "abcdefghij".chars().map(String::from).collect();
    expected.extend((1..=8).map(|n: u32| n.to_string()));
    assert_eq!(glyphs, expected);
    // The letters under the board, the numbers left of it.
    let board_bottom = PAD + FRAME + 8.0 * SQ;
    let board_left = PAD + BAND + FRAME;
    for (i, g) in runs.iter().enumerate() {
        let t = g.attribute("transform").expect("transform");
        let inner = t
            .trim_start_matches("translate(")
            .split(')')
            .next()
            .expect("translate");
        let (x, y) = inner.split_once(' ').expect("x y");
        let (x, y): (f64, f64) = (x.parse().expect("x"), y.parse().expect("y"));
        if i < 10 {
            assert!(y > board_bottom && y < board_bottom + BAND, "{t}");
            assert!(x > board_left + SQ * i as f64 && x < board_left + SQ * (i + 1) as f64);
        } else {
            assert!(x > PAD && x < board_left - FRAME, "{t}");
            let rank = i - 10;
            let top = PAD + FRAME + SQ * (7 - rank) as f64;
            assert!(y > top && y < top + SQ, "{t}");
        }
    }
}

#[test]
fn refusals_name_what_is_wrong() {
    assert_eq!(
        Diagram::new(0, 8),
        Err(DiagramError::Size { files: 0, ranks: 8 })
    );
    assert_eq!(Diagram::new(17, 8).unwrap_err().name(), "size");
    assert!(Diagram::new(16, 16).is_ok());
    let mut d = Diagram::new(10, 8).expect("size");
    let outside = Cell { file: 10, rank: 0 };
    let err = d.set(outside, None).unwrap_err();
    assert_eq!(err.to_string(), "k1 is outside the 10 x 8 board");
    assert_eq!(d.highlight(outside).unwrap_err().name(), "outside");
    assert_eq!(
        d.arrow(Square::E2.into(), outside).unwrap_err().name(),
        "outside"
    );
    let err = d.arrow(Square::E2.into(), Square::E2.into()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "an arrow from e2 to itself has no direction"
    );
    assert!(d.arrows().is_empty() && d.highlights().is_empty());
    let err = d.set_caption("#2\u{7}").unwrap_err();
    assert_eq!(
        err,
        DiagramError::Character {
            offset: 2,
            ch: '\u{7}'
        }
    );
    assert_eq!(d.caption(), None);
    // Every printable ASCII character is drawn.
    let ascii: String = (' '..='~').collect();
    d.set_caption(&ascii).expect("printable ASCII");
    assert_eq!(d.caption(), Some(ascii.trim()));
    d.set_caption("   ").expect("blank");
    assert_eq!(d.caption(), None);
}

#[test]
fn a_long_caption_widens_the_picture_and_stays_inside() {
    let mut d = Diagram::new(1, 1).expect("size");
    let text = "ser-h#7 (1+1) Capablanca chess";
    d.set_caption(text).expect("ASCII");
    let svg = d.to_svg(&Style::default());
    let doc = parse(&svg);
    let width = attr(doc.root_element(), "width");
    assert!(width > 2.0 * PAD + 2.0 * FRAME + SQ);
    // The caption's run starts inside the paper, and its width (glyphs
    // of at most 10 units, 1.4 times that) fits the picture.
    let run = doc
        .descendants()
        .rfind(|n| {
            n.attribute("transform")
                .is_some_and(|t| t.starts_with("translate("))
        })
        .expect("the caption");
    let t = run.attribute("transform").expect("transform");
    let x: f64 = t["translate(".len()..]
        .split(' ')
        .next()
        .expect("x")
        .parse()
        .expect("number");
    assert!(x >= PAD - 0.01, "{t}");
    assert!(x + 1.4 * 10.8 * text.len() as f64 > width - PAD);
}

#[test]
fn problem_caption_counts_the_pieces() {
    let d = Diagram::from_board(&board("R7/4k3/4N3/K2B4/8/8/8/5R2"));
    assert_eq!(d.count(Color::White), 5);
    assert_eq!(d.count(Color::Black), 1);
    assert_eq!(d.problem_caption(" #3 "), "#3 (5+1)");
    assert_eq!(d.problem_caption(""), "(5+1)");
}

/// The numbers of an absolute path (`M`, `L`, `H`, `V`, `C`, `A`, `Z`):
/// its points' x and y, arcs' radii and flags left out.
fn path_points(d: &str) -> Vec<(f64, f64)> {
    let mut points = Vec::new();
    let mut last = (0.0, 0.0);
    let tokens = d.split(' ').filter(|t| !t.is_empty());
    let mut command = 'M';
    let mut numbers: Vec<f64> = Vec::new();
    let mut flush = |command: char, numbers: &mut Vec<f64>, points: &mut Vec<(f64, f64)>| {
        match command {
            'H' => numbers.iter().for_each(|&x| {
                last.0 = x;
                points.push(last);
            }),
            'V' => numbers.iter().for_each(|&y| {
                last.1 = y;
                points.push(last);
            }),
            'A' => numbers.chunks(7).for_each(|a| {
                last = (a[5], a[6]);
                points.push(last);
            }),
            'M' | 'L' | 'C' => numbers.chunks(2).for_each(|p| {
                last = (p[0], p[1]);
                points.push(last);
            }),
            other => assert!(numbers.is_empty(), "numbers after {other}"),
        }
        numbers.clear();
    };
    for token in tokens {
        let (head, rest) = token.split_at(1);
        let head = head.chars().next().expect("a character");
        if head.is_ascii_alphabetic() {
            flush(command, &mut numbers, &mut points);
            assert!("MLHVCAZ".contains(head), "command {head} in {d}");
            command = head;
            if !rest.is_empty() {
                numbers.push(rest.parse().expect("number"));
            }
        } else {
            numbers.push(token.parse().expect("number"));
        }
    }
    flush(command, &mut numbers, &mut points);
    points
}

#[test]
fn every_piece_stands_inside_its_square() {
    for figure in Figure::ALL {
        let shape = shapes::shape(figure);
        let paths = shape.body.iter().copied().chain([shape.detail, shape.dots]);
        for d in paths.filter(|d| !d.is_empty()) {
            for (x, y) in path_points(d) {
                // Inside the square with room for half the outline.
                assert!(
                    (1.0..=44.0).contains(&x) && (1.0..=44.0).contains(&y),
                    "{figure:?}: ({x}, {y}) in {d}"
                );
            }
        }
    }
}

#[test]
fn every_letter_stays_in_its_box() {
    for ch in ' '..='~' {
        let (advance, d) = font::glyph(ch).expect("printable ASCII");
        assert!(advance > 0.0);
        if d.is_empty() {
            assert_eq!(ch, ' ');
            continue;
        }
        for (x, y) in path_points(d) {
            assert!(
                (-0.05..=advance + 0.05).contains(&x) && (-1.5..=14.0).contains(&y),
                "{ch:?}: ({x}, {y}) outside 0..{advance} x -1.5..14"
            );
        }
    }
    assert_eq!(font::glyph('\u{7f}'), None);
    assert_eq!(font::glyph('é'), None);
}

#[test]
fn colours_read_and_write_as_hex() {
    assert_eq!(
        "#0aF".parse::<Rgb>(),
        Ok(Rgb {
            r: 0x00,
            g: 0xaa,
            b: 0xff
        })
    );
    for bad in ["", "#", "fff", "#ffff", "#ggg", "#12345", "#+12345", "red"] {
        let err = bad.parse::<Rgb>().unwrap_err();
        assert_eq!(err.text, bad);
    }
    let style = Style {
        light: "#ABCDEF".parse().expect("hex"),
        dark: "#012".parse().expect("hex"),
        ..Style::default()
    };
    let svg = Diagram::new(2, 2).expect("size").to_svg(&style);
    assert!(svg.contains("fill=\"#abcdef\"") && svg.contains("fill=\"#001122\""));
}
