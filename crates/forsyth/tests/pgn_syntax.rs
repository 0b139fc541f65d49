//! The PGN reader against the PGN standard (its sample game and the
//! definitions of its export format, section 8) and hand-written edge
//! cases, each expectation written from the standard's text or counted by
//! hand, never copied from the reader's output.

use std::io::Read;
use std::ops::ControlFlow;

use forsyth::pgn::{
    Collect, CollectedGame, CommentStyle, Event, GameResult, GameStart, MoveToken, PgnError,
    Reader, Skip, Span, Tag, Visitor,
};

const STANDARD: &str = include_str!("data/pgn/standard-example.pgn");
const LICHESS: &[u8] = include_bytes!("data/pgn/lichess-style.pgn");
const FOREIGN: &str = include_str!("data/pgn/foreign.pgn");

/// Every game of `input`, and the visitor (errors between games, escapes).
fn games_with(input: &[u8], capacity: usize) -> (Vec<CollectedGame>, Collect) {
    let mut collect = Collect::default();
    let mut games = Vec::new();
    Reader::with_capacity(capacity, input)
        .read_all(&mut collect, |g| games.push(g))
        .expect("reading from a slice cannot fail");
    (games, collect)
}

fn games(input: &[u8]) -> Vec<CollectedGame> {
    games_with(input, Reader::<&[u8]>::DEFAULT_CAPACITY).0
}

fn one(input: &str) -> CollectedGame {
    let mut all = games(input.as_bytes());
    assert_eq!(all.len(), 1, "{input:?}");
    all.remove(0)
}

fn moves(game: &CollectedGame) -> Vec<&str> {
    game.events
        .iter()
        .filter_map(|e| match e {
            Event::Move { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect()
}

fn kinds(errors: &[PgnError]) -> Vec<&'static str> {
    errors.iter().map(|e| e.kind.name()).collect()
}

/// The standard's sample game, checked against a naive reading of the same
/// text: split at white space, skip the tag lines and the one comment.
#[test]
fn standard_sample_game() {
    let game = one(STANDARD);
    assert!(game.errors.is_empty(), "{:?}", game.errors);
    let tags: Vec<(&str, &str)> = game
        .tags
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        tags,
        [
            ("Event", "F/S Return Match"),
            ("Site", "Belgrade, Serbia Yugoslavia|JUG"),
            ("Date", "1992.11.04"),
            ("Round", "29"),
            ("White", "Fischer, Robert J."),
            ("Black", "Spassky, Boris V."),
            ("Result", "1/2-1/2"),
        ]
    );
    assert_eq!(
        (game.start.number, game.start.line, game.start.offset),
        (1, 1, 0)
    );

    // The oracle: words of the movetext lines with their line and column.
    let mut words = Vec::new();
    let mut in_comment = false;
    for (l, line) in STANDARD.lines().enumerate() {
        if line.starts_with('[') {
            continue;
        }
        let mut col = 0;
        for word in line.split(' ') {
            let column = col + 1;
            col += word.len() + 1;
            if word.is_empty() {
                continue;
            }
            if word.starts_with('{') {
                in_comment = true;
            }
            if !in_comment {
                words.push((l as u64 + 1, column as u64, word));
            }
            if word.ends_with('}') {
                in_comment = false;
            }
        }
    }
    let expected_moves: Vec<_> = words
        .iter()
        .filter(|(_, _, w)| !w.ends_with('.') && *w != "1/2-1/2")
        .collect();
    assert_eq!(expected_moves.len(), 85, "the sample game has 85 plies");
    let got: Vec<_> = game
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Move { text, span } => Some((span.line, span.column, text.as_str())),
            _ => None,
        })
        .collect();
    assert_eq!(got, expected_moves.iter().map(|w| **w).collect::<Vec<_>>());

    let numbers: Vec<_> = game
        .events
        .iter()
        .filter_map(|e| match e {
            Event::MoveNumber(n) => Some((n.span.line, n.span.column, n.number, n.dots)),
            _ => None,
        })
        .collect();
    let expected_numbers: Vec<_> = words
        .iter()
        .filter(|(_, _, w)| w.ends_with('.'))
        .map(|(l, c, w)| (*l, *c, w.trim_end_matches('.').parse::<u32>().unwrap(), 1))
        .collect();
    assert_eq!(numbers, expected_numbers);
    assert_eq!(numbers.len(), 43);

    let comments: Vec<_> = game
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Comment { text, style, span } => Some((text.as_str(), *style, span.line)),
            _ => None,
        })
        .collect();
    assert_eq!(
        comments,
        [(
            "This opening is called the Ruy Lopez.",
            CommentStyle::Brace,
            9
        )]
    );
    let Some(Event::Result { result, span }) = game.events.last() else {
        panic!("the game ends with its result")
    };
    assert_eq!(
        (*result, span.line, span.column, span.len),
        (GameResult::Draw, 16, 24, 7)
    );
}

/// The same events whatever the buffer size (as long as each token fits)
/// and however the bytes arrive.
#[test]
fn buffer_size_and_read_sizes_do_not_matter() {
    struct Trickle<'a>(&'a [u8]);
    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = buf.len().min(1).min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    let mut input = STANDARD.as_bytes().to_vec();
    // Without its byte order mark: in the middle of a file it is text.
    input.extend_from_slice(&LICHESS[3..]);
    input.extend_from_slice(FOREIGN.as_bytes());
    let reference = games(&input);
    assert_eq!(reference.len(), 5);
    for capacity in [80, 81, 97, 128, 1000] {
        assert_eq!(
            games_with(&input, capacity).0,
            reference,
            "capacity {capacity}"
        );
    }
    let mut trickled = Vec::new();
    Reader::with_capacity(90, Trickle(&input))
        .read_all(&mut Collect::default(), |g| trickled.push(g))
        .unwrap();
    assert_eq!(trickled, reference);
}

#[test]
fn lichess_export_shape() {
    let all = games(LICHESS);
    assert_eq!(all.len(), 1);
    let game = &all[0];
    assert!(game.errors.is_empty(), "{:?}", game.errors);
    // The byte order mark is not counted: `[Event` is column 1 of line 1.
    assert_eq!(game.tag_spans[0].column, 1);
    assert_eq!(game.tag_spans[0].offset, 3);
    assert_eq!(game.tags[6].0, "FEN");
    assert_eq!(
        game.tags[6].1,
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
    );
    // CRLF: line 10 is the first movetext line.
    let Event::MoveNumber(first) = &game.events[0] else {
        panic!()
    };
    assert_eq!(
        (first.span.line, first.span.column, first.number),
        (10, 1, 9)
    );
    let comments: Vec<_> = game
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Comment { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(
        comments,
        [
            " [%eval 0.17] [%clk 0:03:00] ",
            " [%eval 0.25] [%clk 0:02:58] ",
            " [%eval -0.4] [%clk 0:02:55] "
        ]
    );
    assert_eq!(
        moves(game),
        ["g3", "O-O", "Bf3", "d5", "Ne3", "O-O", "Nd7", "Qd6"]
    );
    let nags: Vec<_> = game
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Nag(n) => Some((n.value, n.suffix)),
            _ => None,
        })
        .collect();
    // `?!` is NAG 6 ("dubious move"), `$14` "White has a slight advantage".
    assert_eq!(nags, [(6, true), (14, false)]);
    let Some(Event::Result { result, span }) = game.events.last() else {
        panic!()
    };
    assert_eq!((*result, span.line), (GameResult::BlackWins, 11));
}

#[test]
fn moves_in_any_notation_are_tokens() {
    let all = games(FOREIGN.as_bytes());
    assert_eq!(all.len(), 3);
    assert!(all.iter().all(|g| g.errors.is_empty()));
    assert_eq!(moves(&all[0]), ["e4", "e5", "Sf3", "Sc6", "Lb5", "a6"]);
    assert_eq!(moves(&all[1]), ["ε4", "ε5", "Ιζ3", "Ιγ6"]);
    assert_eq!(
        moves(&all[2]),
        ["P-K4", "P-K4", "Kt-KB3", "N-QB3", "B-N5", "P-QR3", "PxP", "e.p.", "0-0", "Z0", "--"]
    );
    // Columns are bytes: `Ιζ3` starts after `2. ` and `ε5 ` (ε is 2 bytes).
    let greek = all[1]
        .events
        .iter()
        .find_map(|e| match e {
            Event::Move { text, span } if text == "Ιζ3" => Some(*span),
            _ => None,
        })
        .unwrap();
    assert_eq!((greek.line, greek.column, greek.len), (8, 15, 5));
    assert_eq!(
        [all[0].start.line, all[1].start.line, all[2].start.line],
        [1, 6, 10]
    );
    assert_eq!(
        [
            all[0].start.number,
            all[1].start.number,
            all[2].start.number
        ],
        [1, 2, 3]
    );
}

/// Section 8.2.2.2: a move number indication is digits followed by zero or
/// more periods; import format allows the move glued to it.
#[test]
fn move_number_indications() {
    let game = one("12. e4 12... e5 13.Nf3 13 Nc6 *");
    let numbers: Vec<_> = game
        .events
        .iter()
        .filter_map(|e| match e {
            Event::MoveNumber(n) => Some((n.number, n.dots, n.span.column, n.span.len)),
            _ => None,
        })
        .collect();
    assert_eq!(
        numbers,
        [(12, 1, 1, 3), (12, 3, 8, 5), (13, 1, 17, 3), (13, 0, 24, 2)]
    );
    assert_eq!(moves(&game), ["e4", "e5", "Nf3", "Nc6"]);
    let nf3 = game
        .events
        .iter()
        .find(|e| matches!(e, Event::Move { text, .. } if text == "Nf3"));
    assert_eq!(nf3.unwrap().span().column, 20);
}

/// Section 10: NAGs 1-6 are the traditional suffixes `! ? !! ?? !? ?!`.
#[test]
fn suffixes_and_nags() {
    let game = one("1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 $0 $14 $255 *");
    let nags: Vec<_> = game
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Nag(n) => Some((n.value, n.suffix)),
            _ => None,
        })
        .collect();
    assert_eq!(
        nags,
        [
            (1, true),
            (2, true),
            (3, true),
            (4, true),
            (5, true),
            (6, true),
            (0, false),
            (14, false),
            (255, false)
        ]
    );
    assert_eq!(moves(&game), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"]);
    let bad = one("1. e4!!! $256 $ e5 *");
    assert_eq!(kinds(&bad.errors), ["bad_suffix", "bad_nag", "bad_nag"]);
    let cols: Vec<_> = bad
        .errors
        .iter()
        .map(|e| (e.span.column, e.span.len))
        .collect();
    assert_eq!(cols, [(6, 3), (10, 4), (15, 1)]);
    assert_eq!(moves(&bad), ["e4", "e5"]);
}

/// Section 5: brace comments run over lines and do not nest; `;` comments
/// run to the end of the line; neither is seen inside the other.
#[test]
fn comments() {
    let game = one("1. e4 {one\ntwo ; ( [ \"} e5 ; rest { ( \"\n2. Nf3 {} *");
    let comments: Vec<_> = game
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Comment { text, style, span } => {
                Some((text.as_str(), *style, span.line, span.column, span.len))
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        comments,
        [
            ("one\ntwo ; ( [ \"", CommentStyle::Brace, 1, 7, 17),
            (" rest { ( \"", CommentStyle::Line, 2, 17, 12),
            ("", CommentStyle::Brace, 3, 8, 2),
        ]
    );
    assert!(game.errors.is_empty(), "{:?}", game.errors);
    assert_eq!(moves(&game), ["e4", "e5", "Nf3"]);
}

/// Section 8.2.5: recursive annotation variations nest.
#[test]
fn nested_variations() {
    let game = one("1. e4 (1. d4 d5 (1... Nf6 2. c4 (2. Nf3)) 2. c4) (1. c4) e5 *");
    let shape: String = game
        .events
        .iter()
        .filter_map(|e| match e {
            Event::BeginVariation(_) => Some('('),
            Event::EndVariation(_) => Some(')'),
            Event::Move { .. } => Some('m'),
            _ => None,
        })
        .collect();
    assert_eq!(shape, "m(mm(mm(m))m)(m)m");
    assert!(game.errors.is_empty());
}

/// Section 8.2.6: the four game termination markers.
#[test]
fn results_end_games() {
    let all = games(b"1. e4 1-0 1. d4 0-1\n1. c4 1/2-1/2 1. Nf3 *");
    let results: Vec<_> = all
        .iter()
        .map(|g| match g.events.last() {
            Some(Event::Result { result, .. }) => *result,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        results,
        [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::Unknown
        ]
    );
    assert!(all.iter().all(|g| g.errors.is_empty() && g.tags.is_empty()));
    assert_eq!(
        all.iter().map(|g| g.start.line).collect::<Vec<_>>(),
        [1, 1, 2, 2]
    );
}

/// Section 6: a `%` in column 1 escapes the rest of its line.
#[test]
fn escape_lines() {
    let input = "% header\n[Event \"e\"]\n%inside\n 1. e4 %not-escape *\n%last";
    let (all, collect) = games_with(input.as_bytes(), 1 << 16);
    assert_eq!(collect.escapes, [" header", "inside", "last"]);
    assert_eq!(
        collect
            .escape_spans
            .iter()
            .map(|s| s.line)
            .collect::<Vec<_>>(),
        [1, 3, 5]
    );
    assert_eq!(all.len(), 1);
    // Not in column 1: part of a token.
    assert_eq!(moves(&all[0]), ["e4", "%not-escape"]);
    assert_eq!(all[0].start.line, 2);
}

#[test]
fn tag_pairs() {
    let game = one(
        "[Event \"A \\\"quoted\\\" \\\\ name\"] [Site \"x\"]\n[ Round   \"3\" ]\n[Empty \"\"]\n*",
    );
    assert_eq!(
        game.tags,
        [
            ("Event".to_string(), "A \"quoted\" \\ name".to_string()),
            ("Site".to_string(), "x".to_string()),
            ("Round".to_string(), "3".to_string()),
            ("Empty".to_string(), String::new()),
        ]
    );
    assert_eq!(
        game.tag_spans
            .iter()
            .map(|s| (s.line, s.column))
            .collect::<Vec<_>>(),
        [(1, 1), (1, 32), (2, 1), (3, 1)]
    );
    assert!(game.errors.is_empty());
}

#[test]
fn a_game_without_tags_and_a_tag_after_movetext() {
    let all = games(b"1. e4 e5\n\n[Event \"two\"]\n1. d4 *\n");
    assert_eq!(all.len(), 2);
    assert_eq!(kinds(&all[0].errors), ["missing_result"]);
    // Reported where the next game starts.
    assert_eq!(
        (all[0].errors[0].span.line, all[0].errors[0].span.column),
        (3, 1)
    );
    assert_eq!(all[1].tags[0].1, "two");
    assert_eq!(moves(&all[1]), ["d4"]);
    assert!(all[1].errors.is_empty());
}

/// An input and the errors it must give: kind, line, column.
type ErrorCase<'a> = (&'a [u8], &'a [(&'a str, u64, u64)]);

#[test]
fn errors_carry_their_positions() {
    // Cases of a table, alike as data.
    let cases: &[ErrorCase] = &[
        (b"1. e4 ) e5 *", &[("unbalanced_parenthesis", 1, 7)]),
        (b"1. e4 ] e5 *", &[("stray_bracket", 1, 7)]),
        (b"1. e4 } e5 *", &[("stray_brace", 1, 7)]),
        (b"1. e4 \" e5 *", &[("stray_quote", 1, 7)]),
        (b"1. e4 \x01\x02 e5 *", &[("control_byte", 1, 7)]),
        (b"1. e4 e\xff5 *", &[("invalid_utf8", 1, 7)]),
        (b"1. e4 {ok \xc3} *", &[("invalid_utf8", 1, 7)]),
        (
            b"1. e4 {never closed\n*\n",
            &[("unterminated_comment", 1, 7), ("missing_result", 3, 1)],
        ),
        (b"[Event \"open\n1. e4 *", &[("unterminated_tag", 1, 1)]),
        (b"[Event \"x\"\n1. e4 *", &[("unterminated_tag", 1, 1)]),
        (b"[Event x]\n1. e4 *", &[("bad_tag", 1, 1)]),
        (b"[\"x\"]\n1. e4 *", &[("bad_tag", 1, 1)]),
        (b"[Site \"caf\xe9\"]\n*", &[("invalid_utf8", 1, 1)]),
        (b"1. e4 (e5 (d5) *", &[("unclosed_variation", 1, 16)]),
        (
            b"1. e4 (e5",
            &[("unclosed_variation", 1, 10), ("missing_result", 1, 10)],
        ),
        (b"1. e4 ... e5 *", &[("stray_dots", 1, 7)]),
        (b"99999999999. e4 *", &[("bad_move_number", 1, 1)]),
        (b"[Event \"x\"]", &[("missing_result", 1, 12)]),
    ];
    for (input, expected) in cases {
        let (all, collect) = games_with(input, 1 << 16);
        let errors: Vec<_> = all
            .iter()
            .flat_map(|g| g.errors.iter())
            .chain(&collect.outside)
            .map(|e| (e.kind.name(), e.span.line, e.span.column))
            .collect();
        assert_eq!(&errors, expected, "{:?}", String::from_utf8_lossy(input));
        assert!(all
            .iter()
            .all(|g| g.errors.iter().all(|e| e.game == Some(g.start.number))));
    }
}

#[test]
fn unclosed_variation_reports_its_depth() {
    let game = one("1. e4 (e5 (d5 (c5 *");
    assert_eq!(
        game.errors[0].kind,
        forsyth::pgn::PgnErrorKind::UnclosedVariation { depth: 3 }
    );
}

#[test]
fn a_broken_game_does_not_lose_the_next() {
    let input = b"[Event \"bad\"]\n1. e4 {unclosed ( ] \n\n[Event \"good\"]\n1. d4 *\n";
    // The unclosed comment swallows the rest: that is what the standard's
    // grammar says; reported at the end.
    let all = games(input);
    assert_eq!(all.len(), 1);
    assert_eq!(
        kinds(&all[0].errors),
        ["unterminated_comment", "missing_result"]
    );

    let input = b"[Event \"bad\"]\n1. e4 ) ] e5 $x Nf3\n\n[Event \"good\"]\n1. d4 d5 *\n";
    let all = games(input);
    assert_eq!(all.len(), 2);
    assert_eq!(
        kinds(&all[0].errors),
        [
            "unbalanced_parenthesis",
            "stray_bracket",
            "bad_nag",
            "missing_result"
        ]
    );
    // `x` after the bad `$` is a token of its own.
    assert_eq!(moves(&all[0]), ["e4", "e5", "x", "Nf3"]);
    assert!(all[1].errors.is_empty());
    assert_eq!(moves(&all[1]), ["d4", "d5"]);
    assert_eq!(
        all[1].start,
        GameStart {
            number: 2,
            line: 4,
            offset: 35
        }
    );
}

#[test]
fn stray_bytes_between_games_start_no_game() {
    let (all, collect) = games_with(b"1. e4 * ) ] } \x07 1. d4 *", 1 << 16);
    assert_eq!(all.len(), 2);
    assert_eq!(
        kinds(&collect.outside),
        [
            "unbalanced_parenthesis",
            "stray_bracket",
            "stray_brace",
            "control_byte"
        ]
    );
    assert!(collect.outside.iter().all(|e| e.game.is_none()));
    assert_eq!(all[1].start.number, 2);
}

#[test]
fn tokens_longer_than_the_buffer_are_reported() {
    let input = b"1. e4 {a comment that is far too long for the buffer} e5 \
                  Nf3xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx Nc6 *";
    let (all, _) = games_with(input, 32);
    assert_eq!(all.len(), 1);
    let errors: Vec<_> = all[0]
        .errors
        .iter()
        .map(|e| (e.kind.name(), e.span.column, e.span.len))
        .collect();
    assert_eq!(
        errors,
        [("token_too_long", 7, 47), ("token_too_long", 58, 42)]
    );
    assert_eq!(moves(&all[0]), ["e4", "e5", "Nc6"]);
}

#[test]
fn crlf_line_comments_and_columns() {
    let game = one("1. e4 ; note\r\n1... e5 *\r\n");
    let Event::Comment { text, span, .. } = &game.events[2] else {
        panic!()
    };
    assert_eq!((text.as_str(), span.len), (" note", 6));
    let Event::MoveNumber(n) = &game.events[3] else {
        panic!()
    };
    assert_eq!((n.span.line, n.span.column, n.dots), (2, 1, 3));
}

#[test]
fn null_moves_are_move_tokens() {
    let game = one("1. e4 -- 2. Z0 e5 *");
    let nulls: Vec<_> = game
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Move { text, span } => Some(MoveToken { text, span: *span }.is_null()),
            _ => None,
        })
        .collect();
    assert_eq!(nulls, [false, true, true, false]);
}

/// A visitor that stops at the first tag whose value is "skip", skips the
/// variations, and counts what it sees.
#[derive(Default)]
struct Picky {
    calls: Vec<String>,
}

impl Visitor for Picky {
    type Tags = ();
    type Movetext = Vec<String>;
    type Output = Option<Vec<String>>;

    fn begin_game(&mut self, _: GameStart) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }
    fn tag(&mut self, _: &mut (), tag: Tag<'_>) -> ControlFlow<Self::Output> {
        if tag.value.raw() == "skip" {
            return ControlFlow::Break(None);
        }
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<Self::Output, Vec<String>> {
        ControlFlow::Continue(Vec::new())
    }
    fn move_token(&mut self, m: &mut Vec<String>, t: MoveToken<'_>) -> ControlFlow<Self::Output> {
        self.calls.push(t.text.to_string());
        m.push(t.text.to_string());
        ControlFlow::Continue(())
    }
    fn begin_variation(&mut self, _: &mut Vec<String>, _: Span) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(true))
    }
    fn end_variation(&mut self, _: &mut Vec<String>, _: Span) -> ControlFlow<Self::Output> {
        panic!("skipped variations are not closed")
    }
    fn end_game(&mut self, m: Vec<String>) -> Self::Output {
        Some(m)
    }
}

#[test]
fn a_visitor_skips_games_and_variations() {
    let input = b"[Event \"skip\"]\n[Site \"x\"]\n1. e4 (1. d4 (1. c4)) e5 { ( } 1-0\n\
                  [Event \"keep\"]\n1. f4 (1. g4) f5 0-1\n";
    let mut reader = Reader::new(&input[..]);
    let mut picky = Picky::default();
    assert_eq!(reader.read_game(&mut picky).unwrap(), Some(None));
    assert_eq!(
        reader.read_game(&mut picky).unwrap(),
        Some(Some(vec!["f4".to_string(), "f5".to_string()]))
    );
    assert_eq!(reader.read_game(&mut picky).unwrap(), None);
    // Nothing of the skipped game or variation reached the visitor.
    assert_eq!(picky.calls, ["f4", "f5"]);
}

/// An error's `Break` skips the rest of the game, and the game still ends.
#[test]
fn an_error_can_stop_a_game() {
    #[derive(Default)]
    struct StopAtError(Vec<String>);
    impl Visitor for StopAtError {
        type Tags = ();
        type Movetext = ();
        type Output = usize;
        fn begin_game(&mut self, _: GameStart) -> ControlFlow<usize> {
            ControlFlow::Continue(())
        }
        fn begin_movetext(&mut self, _: ()) -> ControlFlow<usize> {
            ControlFlow::Continue(())
        }
        fn move_token(&mut self, _: &mut (), t: MoveToken<'_>) -> ControlFlow<usize> {
            self.0.push(t.text.to_string());
            ControlFlow::Continue(())
        }
        fn error(&mut self, _: PgnError) -> ControlFlow<()> {
            ControlFlow::Break(())
        }
        fn end_game(&mut self, _: ()) -> usize {
            self.0.len()
        }
    }
    let mut v = StopAtError::default();
    let mut reader = Reader::new(&b"1. e4 ) e5 1-0 1. d4 *"[..]);
    assert_eq!(reader.read_game(&mut v).unwrap(), Some(1));
    assert_eq!(reader.read_game(&mut v).unwrap(), Some(2));
    assert_eq!(v.0, ["e4", "d4"]);
}

#[test]
fn empty_and_blank_inputs_have_no_game() {
    for input in [&b""[..], b"  \n\r\n\t", b"\xef\xbb\xbf", b"\xef\xbb\xbf \n"] {
        let (all, collect) = games_with(input, 1 << 16);
        assert!(all.is_empty() && collect.outside.is_empty(), "{input:?}");
    }
}

/// With a one-byte buffer, `$` (whose first byte already ends a NAG's
/// digits) is still consumed: reading always progresses.
#[test]
fn one_byte_buffer_always_progresses() {
    let (all, _) = games_with(b"$!\r;e;1x*( *4\r*{/??\"", 1);
    assert!(!all.is_empty());
    let (all, _) = games_with(b"$14 e4 *", 2);
    assert_eq!(kinds(&all[0].errors), ["token_too_long", "token_too_long"]);
}

/// Bytes made on the fly: one game of `moves` moves, never held whole.
struct Endless {
    moves: u64,
    made: u64,
    pending: Vec<u8>,
}

impl Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.pending.is_empty() {
            if self.made == self.moves {
                return Ok(0);
            }
            self.made += 1;
            self.pending = if self.made == self.moves {
                b"e4 *\n".to_vec()
            } else {
                format!("{}. Nf3 {{ [%clk 0:00:01] }} ", self.made).into_bytes()
            };
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

/// A game of a million moves (about 30 MB) through a 256-byte buffer: the
/// reader's memory is its buffer, whatever the size of a game.
#[test]
fn a_huge_game_streams_through_a_small_buffer() {
    struct Count(u64, u64);
    impl Visitor for Count {
        type Tags = ();
        type Movetext = ();
        type Output = ();
        fn begin_game(&mut self, _: GameStart) -> ControlFlow<()> {
            ControlFlow::Continue(())
        }
        fn begin_movetext(&mut self, _: ()) -> ControlFlow<()> {
            ControlFlow::Continue(())
        }
        fn move_token(&mut self, _: &mut (), _: MoveToken<'_>) -> ControlFlow<()> {
            self.0 += 1;
            ControlFlow::Continue(())
        }
        fn error(&mut self, _: PgnError) -> ControlFlow<()> {
            self.1 += 1;
            ControlFlow::Continue(())
        }
        fn end_game(&mut self, _: ()) {}
    }
    let moves = 1_000_000;
    let mut reader = Reader::with_capacity(
        256,
        Endless {
            moves,
            made: 0,
            pending: Vec::new(),
        },
    );
    let mut count = Count(0, 0);
    assert_eq!(reader.read_game(&mut count).unwrap(), Some(()));
    assert_eq!((count.0, count.1), (moves, 0));
    assert_eq!(reader.read_game(&mut count).unwrap(), None);
}

/// A comment of a megabyte is one error, and the next game is intact.
#[test]
fn a_giant_comment_is_reported_and_skipped() {
    let mut input = b"1. e4 {".to_vec();
    input.extend(std::iter::repeat_n(b'x', 1 << 20));
    input.extend_from_slice(b"} e5 1-0\n[Event \"next\"]\n1. d4 *\n");
    let all = games(&input);
    assert_eq!(all.len(), 2);
    let errors: Vec<_> = all[0]
        .errors
        .iter()
        .map(|e| (e.kind.name(), e.span.column, e.span.len))
        .collect();
    assert_eq!(errors, [("token_too_long", 7, (1 << 20) + 2)]);
    assert_eq!(moves(&all[0]), ["e4", "e5"]);
    assert_eq!(moves(&all[1]), ["d4"]);
}
