//! Writing PGN (`forsyth::pgn::Export`, `specs/pgn.md` section 5): the
//! standard's example game laid out by the export format's rules (a
//! reference layout written in this test), tags in the Seven Tag Roster's
//! order, the `FEN` tag in each castling encoding, games with a fault not
//! written; and a property: a random legal game (standard or Chess960,
//! with comments, NAGs and nested variations, written leniently) exported
//! then read gives the same tags, moves, comments, NAGs and variations,
//! and exporting the export changes nothing.

use forsyth::fen::{CastlingNotation, WriteOptions};
use forsyth::notation::{Language, Notation};
use forsyth::pgn::{Collect, CommentStyle, Event, GameResult, Reader, TagValue, SEVEN_TAG_ROSTER};
use forsyth::pgn::{Export, ExportOptions, ExportedGame};
use forsyth::uci::CastlingMode;
use forsyth::{Chess960Start, Color, Move, Position, Setup};
use proptest::prelude::*;

const STANDARD: &str = include_str!("data/pgn/standard-example.pgn");

fn export_with(pgn: &str, options: ExportOptions) -> Vec<ExportedGame> {
    let mut games = Vec::new();
    Reader::new(pgn.as_bytes())
        .read_all(&mut Export::new(options), |g| games.push(g))
        .unwrap();
    games
}

fn export(pgn: &str) -> Vec<ExportedGame> {
    export_with(pgn, ExportOptions::default())
}

fn exported(pgn: &str) -> String {
    let games = export(pgn);
    assert_eq!(games.len(), 1, "{pgn}");
    games[0]
        .pgn
        .clone()
        .unwrap_or_else(|| panic!("not exported: {:?}", games[0].game.error))
}

/// The export format's layout, written here from the standard (section
/// 8.2): tokens separated by single spaces, greedily filled into lines of
/// at most 80 columns, a move number kept with its move.
fn reference_layout(units: &[String]) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for unit in units {
        if !line.is_empty() && line.len() + 1 + unit.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(unit);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// The standard's example is already SAN with one comment: its export is
/// its own tags, then its tokens (numbers kept with their moves) laid out
/// by the reference.
#[test]
fn the_standards_example_is_laid_out_by_the_rules() {
    let (tags, movetext) = STANDARD.split_once("\n\n").unwrap();
    let mut units: Vec<String> = Vec::new();
    let mut words = movetext.split_whitespace().peekable();
    while let Some(word) = words.next() {
        if word.starts_with('{') {
            // The comment is one unit of words here: it is short.
            let mut comment = word.to_string();
            while !comment.ends_with('}') {
                comment.push(' ');
                comment.push_str(words.next().unwrap());
            }
            units.push(comment);
        } else if word.ends_with('.') {
            units.push(format!("{word} {}", words.next().unwrap()));
        } else {
            units.push(word.to_string());
        }
    }
    let want = format!("{tags}\n\n{}\n", reference_layout(&units));
    assert_eq!(exported(STANDARD), want);
}

#[test]
fn tags_come_in_the_rosters_order_then_the_others() {
    let pgn = "[ECO \"C20\"]\n[Black \"B\"]\n[Annotator \"x\"]\n[Event \"E\"]\n[ECO \"C21\"]\n\n1. e4 1-0\n";
    let out = exported(pgn);
    let want_tags = "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
        [White \"?\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[ECO \"C21\"]\n[Annotator \"x\"]\n\n";
    assert_eq!(out, format!("{want_tags}1. e4 1-0\n\n"));
}

/// Lenient, UCI, localized and annotated input comes out canonical: SAN
/// with check marks, NAGs as `$n`, `;` comments in braces, `%` lines
/// dropped, `e.p.` marks dropped, black move numbers after comments and
/// variations only.
#[test]
fn moves_come_out_in_canonical_san() {
    let pgn =
        "% produced by hand\n1.e2e4 e7-e5 2.Sf3!? ;knight\nNc6 3.Bc4 Nf6 4.Ng5 d5 5.exd5 Na5 \
        6.Bb5+ c6 7.dxc6 bxc6 8.Qf3?! (8.Be2) 8...cxb5 *\n";
    let out = exported(pgn);
    let movetext = out.split_once("\n\n").unwrap().1;
    assert_eq!(
        movetext,
        "1. e4 e5 2. Nf3 $5 {knight} 2... Nc6 3. Bc4 Nf6 4. Ng5 d5 5. exd5 Na5 6. Bb5+ c6\n\
         7. dxc6 bxc6 8. Qf3 $6 (8. Be2) 8... cxb5 *\n\n"
    );
    let ep = exported("1. e4 Nf6 2. e5 d5 3. exd6 e.p. *");
    assert!(ep.ends_with("\n\n1. e4 Nf6 2. e5 d5 3. exd6 *\n\n"), "{ep}");
}

/// A `;` comment holding a `}` cannot go in braces: it stays a `;`
/// comment and its line ends after it.
#[test]
fn a_line_comment_with_a_brace_stays_a_line_comment() {
    let out = exported("1. e4 ; see {a} ) here\n( 1. d4 ) e5 *");
    assert!(
        out.ends_with("\n\n1. e4 ; see {a} ) here\n(1. d4) 1... e5 *\n\n"),
        "{out}"
    );
}

/// A Chess960 start: king g1, rooks f1 and h1 (each alone on its side of
/// the king), so X-FEN writes `KQkq` and Shredder-FEN the files `FHfh` (ascending, its default order); a
/// missing `SetUp` is added before the `FEN` tag.
#[test]
fn the_fen_tag_in_each_castling_encoding() {
    let pgn = "[Variant \"Chess960\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n9. g3 *\n";
    let xfen = exported(pgn);
    assert!(xfen.contains("[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9\"]\n"), "{xfen}");
    assert!(xfen.ends_with("\n\n9. g3 *\n\n"));
    let shredder = ExportOptions {
        fen: WriteOptions::new(CastlingNotation::Shredder),
        ..ExportOptions::default()
    };
    let games = export_with(pgn, shredder);
    assert!(games[0].pgn.as_ref().unwrap().contains(" w FHfh - 2 9\"]"));
    // Standard FEN cannot say these rights: the game is not written.
    let standard = ExportOptions {
        fen: WriteOptions::new(CastlingNotation::Standard),
        ..ExportOptions::default()
    };
    let games = export_with(pgn, standard);
    assert!(games[0].pgn.is_none() && games[0].lossy.is_some());
}

/// A `SetUp "0"` beside a `FEN` tag (a warning when read) is written `1`.
#[test]
fn a_fen_tag_is_always_a_set_up_position() {
    let out = exported("[SetUp \"0\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 *\n");
    assert!(
        out.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n"),
        "{out}"
    );
}

/// A game with a fault is written up to it, the rest of its movetext as
/// read in a comment that names the fault, its result `*`; the next game is
/// written whole.
#[test]
fn a_game_with_a_fault_is_written_up_to_it() {
    let games = export(
        "[Event \"bad\"]\n[Result \"1-0\"]\n1. e4 e5 2. Ke3!? $2 {why} Nc6 (2... d6 3. Nf3) 3.Nf3 1-0\n\n\
         [Event \"good\"]\n1. d4 *\n",
    );
    assert_eq!(games.len(), 2);
    assert_eq!(
        games[0].game.error.as_ref().unwrap().kind().name(),
        "unreachable"
    );
    let bad = games[0].pgn.as_ref().unwrap();
    assert!(bad.starts_with("[Event \"bad\"]\n"), "{bad}");
    assert!(bad.contains("\n[Result \"*\"]\n"), "{bad}");
    // The tokens as read, one space apart (the suffix glued to its move),
    // `(` and `)` glued inside; it holds a `}`, so a `;` comment holds it,
    // and the line ends after it. Too long to follow `1. e4 e5` within 80
    // columns, it starts a line.
    let rest = "2. Ke3!? $2 {why} Nc6 (2... d6 3. Nf3) 3. Nf3 1-0";
    assert_eq!(
        bad.split_once("\n\n").unwrap().1,
        format!("1. e4 e5\n;not replayed (unreachable): {rest}\n*\n\n")
    );
    // Read again, it is a game without fault that ends after 1... e5.
    let again = export(bad);
    assert!(again[0].game.is_ok());
    assert_eq!(again[0].pgn.as_ref(), Some(bad));
    assert!(games[1]
        .pgn
        .as_ref()
        .unwrap()
        .starts_with("[Event \"good\"]"));
}

#[test]
fn moves_in_another_notation() {
    let options = ExportOptions {
        notation: Notation::San(Language::German),
        ..ExportOptions::default()
    };
    let games = export_with("1. e4 e5 2. Nf3 Nc6 3. Bb5 *", options);
    assert!(games[0]
        .pgn
        .as_ref()
        .unwrap()
        .ends_with("\n\n1. e4 e5 2. Sf3 Sc6 3. Lb5 *\n\n"));
}

// ---- the property ----

/// One ply as generated: which legal move (by index), whether to write it
/// as UCI, a NAG, a comment (brace or `;`), a variation replacing it.
#[derive(Clone, Debug)]
struct Ply {
    pick: usize,
    uci: bool,
    nag: Option<u8>,
    comment: Option<(String, bool)>,
    variation: Option<Vec<Ply>>,
}

fn arb_line(depth: u32, len: usize) -> BoxedStrategy<Vec<Ply>> {
    let variation = if depth == 0 {
        Just(None).boxed()
    } else {
        prop_oneof![6 => Just(None), 1 => arb_line(depth - 1, 5).prop_map(Some)].boxed()
    };
    let comment = prop_oneof![
        4 => Just(None),
        1 => ("[ -|~é]{0,40}", any::<bool>()).prop_map(Some),
        1 => ("[ -~]{0,30}", Just(true)).prop_map(Some),
    ];
    let ply = (
        any::<usize>(),
        prop::bool::weighted(0.2),
        prop::option::weighted(0.15, any::<u8>()),
        comment,
        variation,
    )
        .prop_map(|(pick, uci, nag, comment, variation)| Ply {
            pick,
            uci,
            nag,
            comment,
            variation,
        });
    prop::collection::vec(ply, 1..len).boxed()
}

/// What the game must read back as.
#[derive(Clone, Debug, PartialEq)]
enum Item {
    Move(Move),
    Nag(u8),
    Comment(String),
    Variation(Vec<Item>),
}

fn normalized(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Writes a line of play from `pos` leniently and returns its model.
fn write_line(pos: &Position, plies: &[Ply], out: &mut String) -> Vec<Item> {
    let mut pos = pos.clone();
    let mut items = Vec::new();
    for ply in plies {
        let moves: Vec<Move> = pos.legal_moves().into_iter().collect();
        if moves.is_empty() {
            break;
        }
        let m = moves[ply.pick % moves.len()];
        let dots = if pos.turn() == Color::White {
            "."
        } else {
            "..."
        };
        out.push_str(&format!("{}{dots} ", pos.setup().fullmoves));
        if ply.uci {
            out.push_str(&pos.uci(m, CastlingMode::from_variant(pos.variant())));
        } else {
            out.push_str(&pos.san(m));
        }
        out.push(' ');
        items.push(Item::Move(m));
        if let Some(nag) = ply.nag {
            match nag {
                1..=6 if ply.pick % 2 == 0 => {
                    // Written as its suffix, glued to the move.
                    out.pop();
                    out.push_str(["!", "?", "!!", "??", "!?", "?!"][usize::from(nag - 1)]);
                    out.push(' ');
                }
                _ => out.push_str(&format!("${nag} ")),
            }
            items.push(Item::Nag(nag));
        }
        if let Some((text, brace)) = &ply.comment {
            if *brace && !text.contains('}') {
                out.push_str(&format!("{{{text}}} "));
            } else {
                out.push_str(&format!(";{text}\n"));
            }
            items.push(Item::Comment(normalized(text)));
        }
        if let Some(variation) = &ply.variation {
            out.push_str("( ");
            let inner = write_line(&pos, variation, out);
            out.push_str(") ");
            items.push(Item::Variation(inner));
        }
        pos = pos.play(m).unwrap();
    }
    items
}

/// The items of a game read back, its moves read against the positions.
fn read_items(events: &[Event], start: &Position) -> Vec<Item> {
    fn line(events: &mut std::slice::Iter<'_, Event>, start: &Position) -> Vec<Item> {
        let mut pos = start.clone();
        let mut before = start.clone();
        let mut items = Vec::new();
        while let Some(event) = events.next() {
            match event {
                Event::Move { text, .. } => {
                    let m = pos.parse_move(text).unwrap();
                    before = pos.clone();
                    pos = pos.play(m).unwrap();
                    items.push(Item::Move(m));
                }
                Event::Nag(n) => items.push(Item::Nag(n.value)),
                Event::Comment { text, style, .. } => {
                    assert_eq!(*style == CommentStyle::Line, text.contains('}'));
                    items.push(Item::Comment(normalized(text)));
                }
                Event::BeginVariation(_) => items.push(Item::Variation(line(events, &before))),
                Event::EndVariation(_) | Event::Result { .. } => break,
                Event::MoveNumber(_) => {}
            }
        }
        items
    }
    line(&mut events.iter(), start)
}

fn arb_tags() -> impl Strategy<Value = Vec<(String, String)>> {
    let name = prop_oneof![
        prop::sample::select(SEVEN_TAG_ROSTER.to_vec()).prop_map(String::from),
        prop::sample::select(vec!["ECO", "Annotator", "WhiteElo", "TimeControl"])
            .prop_map(String::from),
        "[A-Z][a-z]{1,5}",
    ];
    prop::collection::vec((name, "[ -~é]{0,12}"), 0..8)
}

/// The tags the export must hold: the roster in order with its defaults,
/// then the others, each name once at its first place with its last value.
fn expected_tags(tags: &[(String, String)], result: GameResult) -> Vec<(String, String)> {
    let last = |name: &str| {
        tags.iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    let mut out: Vec<(String, String)> = SEVEN_TAG_ROSTER
        .iter()
        .map(|&name| {
            let default = match name {
                "Date" => "????.??.??".to_string(),
                "Result" => result.as_str().to_string(),
                _ => "?".to_string(),
            };
            (name.to_string(), last(name).unwrap_or(default))
        })
        .collect();
    for (name, _) in tags {
        if !out.iter().any(|(n, _)| n == name) {
            out.push((name.clone(), last(name).unwrap()));
        }
    }
    out
}

/// The result an export writes (`specs/pgn.md` 4.3), worked out here from
/// the spec: the game claims the last `Result` tag's value (when it is a
/// result) and its termination marker, `*` claiming nothing; with a
/// claim, the result the last position of the main line decides, else the
/// claim if there is one, else `*`.
fn expected_result(tags: &[(String, String)], marker: GameResult, end: &Position) -> GameResult {
    let tag = tags.iter().rev().find(|(n, _)| n == "Result");
    let tag = tag.and_then(|(_, v)| v.trim().parse::<GameResult>().ok());
    let mut claims: Vec<GameResult> = [tag, Some(marker)]
        .into_iter()
        .flatten()
        .filter(|r| *r != GameResult::Unknown)
        .collect();
    claims.dedup();
    if claims.is_empty() {
        return GameResult::Unknown;
    }
    if end.is_checkmate() {
        return match end.turn() {
            Color::White => GameResult::BlackWins,
            Color::Black => GameResult::WhiteWins,
        };
    }
    if end.is_stalemate() || end.is_insufficient_material() || end.is_seventy_five_moves() {
        return GameResult::Draw;
    }
    match claims[..] {
        [one] => one,
        _ => GameResult::Unknown,
    }
}

/// The last position of a line's moves from `start`.
fn end_of(start: &Position, items: &[Item]) -> Position {
    let mut pos = start.clone();
    for item in items {
        if let Item::Move(m) = item {
            pos = pos.play(*m).unwrap();
        }
    }
    pos
}

fn read_back(pgn: &str) -> forsyth::pgn::CollectedGame {
    let mut reader = Reader::new(pgn.as_bytes());
    let game = reader.read_game(&mut Collect::default()).unwrap().unwrap();
    assert!(game.errors.is_empty(), "{:?}\n{pgn}", game.errors);
    assert!(reader.read_game(&mut Collect::default()).unwrap().is_none());
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn export_then_read_gives_the_same_game(
        start in prop_oneof![Just(None), (0u16..960).prop_map(Some)],
        tags in arb_tags(),
        plies in arb_line(2, 60),
        result in prop::sample::select(vec![
            GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw, GameResult::Unknown,
        ]),
        shredder in any::<bool>(),
    ) {
        let tags: Vec<(String, String)> = tags
            .into_iter()
            .filter(|(n, _)| !matches!(n.as_str(), "Variant" | "SetUp" | "FEN"))
            .collect();
        let setup = match start {
            Some(n) => Chess960Start::new(n).unwrap().to_setup(),
            None => Setup::standard(),
        };
        let pos = Position::from_setup(setup).unwrap();
        let notation = if shredder { CastlingNotation::Shredder } else { CastlingNotation::XFen };
        let mut all_tags = tags.clone();
        if start.is_some() {
            let fen = pos.setup().to_fen(&CastlingNotation::XFen.into()).unwrap();
            all_tags.push(("Variant".into(), "Chess960".into()));
            all_tags.push(("SetUp".into(), "1".into()));
            all_tags.push(("FEN".into(), fen));
        }
        let mut pgn = String::new();
        for (name, value) in &all_tags {
            pgn.push_str(&format!("[{name} \"{}\"]\n", TagValue::encode(value)));
        }
        pgn.push('\n');
        let items = write_line(&pos, &plies, &mut pgn);
        pgn.push_str(result.as_str());
        pgn.push('\n');

        let options = ExportOptions { fen: WriteOptions::new(notation), ..ExportOptions::default() };
        let games = export_with(&pgn, options);
        prop_assert_eq!(games.len(), 1);
        let out = games[0].pgn.clone();
        prop_assert!(out.is_some(), "{:?}\n{}", games[0].game.error, pgn);
        let out = out.unwrap();
        for line in out.lines() {
            prop_assert!(line.chars().count() <= 80 || !line.contains(' '), "{}", line);
        }

        let back = read_back(&out);
        let written = expected_result(&all_tags, result, &end_of(&pos, &items));
        let mut want_tags = expected_tags(&all_tags, written);
        // The Result tag is the result written, whatever it said.
        want_tags.iter_mut().filter(|(n, _)| n == "Result").for_each(|t| t.1 = written.to_string());
        if start.is_some() {
            let fen = pos.setup().to_fen(&notation.into()).unwrap();
            want_tags.iter_mut().filter(|(n, _)| n == "FEN").for_each(|t| t.1 = fen.clone());
        }
        prop_assert_eq!(&back.tags, &want_tags);
        prop_assert_eq!(read_items(&back.events, &pos), items);
        let end = match back.events.last() {
            Some(Event::Result { result, .. }) => Some(*result),
            _ => None,
        };
        prop_assert_eq!(end, Some(written));

        let again = export_with(&out, options);
        prop_assert_eq!(again[0].pgn.as_ref(), Some(&out));
    }
}
