//! Properties of the PGN reader: a generated token stream written as PGN
//! reads back to the same events, each span covering exactly what was
//! written; on arbitrary bytes the reader never panics, ends, and accounts
//! for every byte (white space, or inside an event or an error).

use forsyth::pgn::{
    Collect, CollectedGame, CommentStyle, Event, GameResult, Reader, Span, TagValue,
};
use proptest::prelude::*;

/// A token as the test writes it, with the event it must give back.
#[derive(Clone, Debug)]
enum Gen {
    Number(u32, usize),
    Move(String),
    Suffix(u8),
    Nag(u8),
    Brace(String),
    Line(String),
    Variation(Vec<Gen>),
}

fn arb_move() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-hKQRBNP][a-h1-8x=+#]{1,5}",
        "[SLTDΙΒΠΑΡ][a-hα-θ][1-8]",
        "[PNBRQK]-[QK]?[RNB]?[1-8]",
        Just("O-O".to_string()),
        Just("0-0-0".to_string()),
        Just("--".to_string()),
        Just("Z0".to_string()),
        Just("e.p.".to_string()),
    ]
}

fn arb_token(depth: u32) -> BoxedStrategy<Gen> {
    let leaf = prop_oneof![
        4 => (1u32..200, 0usize..4).prop_map(|(n, d)| Gen::Number(n, d)),
        8 => arb_move().prop_map(Gen::Move),
        1 => (1u8..=6).prop_map(Gen::Suffix),
        1 => any::<u8>().prop_map(Gen::Nag),
        1 => "[^}]{0,20}".prop_map(Gen::Brace),
        1 => "[^\n\r]{0,20}".prop_map(Gen::Line),
    ];
    if depth == 0 {
        return leaf.boxed();
    }
    prop_oneof![
        8 => leaf,
        1 => prop::collection::vec(arb_token(depth - 1), 1..6).prop_map(Gen::Variation),
    ]
    .boxed()
}

#[derive(Clone, Debug)]
struct GenGame {
    tags: Vec<(String, String)>,
    movetext: Vec<Gen>,
    result: GameResult,
}

fn arb_game() -> impl Strategy<Value = GenGame> {
    (
        prop::collection::vec(
            ("[A-Za-z][A-Za-z0-9_]{0,8}", "[^\\x00-\\x1f\\x7f]{0,16}"),
            0..5,
        ),
        prop::collection::vec(arb_token(3), 0..20),
        prop::sample::select(vec![
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::Unknown,
        ]),
    )
        .prop_map(|(tags, movetext, result)| GenGame {
            tags,
            movetext,
            result,
        })
}

/// What an event must be, without its position: (kind, text, number).
type Expected = (&'static str, String, u64);

/// Writes the tokens, each followed by a space or a line feed (`sep`
/// chooses), and returns what each written token must read back as and
/// the text it was written as.
fn write_tokens(
    out: &mut String,
    tokens: &[Gen],
    seps: &mut impl Iterator<Item = bool>,
    expected: &mut Vec<(Expected, String)>,
) {
    for t in tokens {
        let start = out.len();
        let e: Expected = match t {
            Gen::Number(n, dots) => {
                out.push_str(&format!("{n}{}", ".".repeat(*dots)));
                ("number", dots.to_string(), u64::from(*n))
            }
            Gen::Move(m) => {
                out.push_str(m);
                ("move", m.clone(), 0)
            }
            Gen::Suffix(n) => {
                out.push_str(["!", "?", "!!", "??", "!?", "?!"][usize::from(*n - 1)]);
                ("suffix", String::new(), u64::from(*n))
            }
            Gen::Nag(n) => {
                out.push_str(&format!("${n}"));
                ("nag", String::new(), u64::from(*n))
            }
            Gen::Brace(text) => {
                out.push_str(&format!("{{{text}}}"));
                ("brace", text.clone(), 0)
            }
            Gen::Line(text) => {
                out.push_str(&format!(";{text}"));
                ("line", text.clone(), 0)
            }
            Gen::Variation(inner) => {
                out.push('(');
                expected.push((("(", String::new(), 0), "(".into()));
                out.push(' ');
                write_tokens(out, inner, seps, expected);
                out.push(')');
                (")", String::new(), 0)
            }
        };
        let written = if matches!(t, Gen::Variation(_)) {
            ")".to_string()
        } else {
            out[start..].to_string()
        };
        expected.push((e, written));
        let newline = seps.next().unwrap_or(false) || matches!(t, Gen::Line(_));
        out.push(if newline { '\n' } else { ' ' });
    }
}

fn observed(game: &CollectedGame) -> Vec<(Expected, Span)> {
    game.events
        .iter()
        .map(|e| {
            let k: Expected = match e {
                Event::MoveNumber(n) => ("number", n.dots.to_string(), u64::from(n.number)),
                Event::Move { text, .. } => ("move", text.clone(), 0),
                Event::Nag(n) if n.suffix => ("suffix", String::new(), u64::from(n.value)),
                Event::Nag(n) => ("nag", String::new(), u64::from(n.value)),
                Event::Comment {
                    text,
                    style: CommentStyle::Brace,
                    ..
                } => ("brace", text.clone(), 0),
                Event::Comment {
                    text,
                    style: CommentStyle::Line,
                    ..
                } => ("line", text.clone(), 0),
                Event::BeginVariation(_) => ("(", String::new(), 0),
                Event::EndVariation(_) => (")", String::new(), 0),
                Event::Result { result, .. } => ("result", result.to_string(), 0),
            };
            (k, e.span())
        })
        .collect()
}

fn slice(input: &[u8], span: Span) -> &[u8] {
    &input[span.offset as usize..span.end() as usize]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn written_tokens_read_back(
        games in prop::collection::vec(arb_game(), 1..4),
        seps in prop::collection::vec(any::<bool>(), 64),
        capacity in prop::sample::select(vec![64usize, 100, 1 << 16]),
    ) {
        let mut text = String::new();
        let mut expected_games = Vec::new();
        let mut seps = seps.into_iter().cycle();
        for g in &games {
            for (name, value) in &g.tags {
                text.push_str(&format!("[{name} \"{}\"]\n", TagValue::encode(value)));
            }
            text.push('\n');
            let mut expected = Vec::new();
            write_tokens(&mut text, &g.movetext, &mut seps, &mut expected);
            text.push_str(g.result.as_str());
            expected.push((("result", g.result.to_string(), 0), g.result.to_string()));
            text.push_str("\n\n");
            expected_games.push(expected);
        }
        let input = text.as_bytes();
        let mut collect = Collect::default();
        let mut read = Vec::new();
        Reader::with_capacity(capacity, input).read_all(&mut collect, |g| read.push(g)).unwrap();
        prop_assert!(collect.outside.is_empty());
        prop_assert_eq!(read.len(), games.len());
        for ((game, g), expected) in read.iter().zip(&games).zip(&expected_games) {
            prop_assert!(game.errors.is_empty(), "{:?}\n{}", game.errors, text);
            prop_assert_eq!(&game.tags, &g.tags);
            let got = observed(game);
            prop_assert_eq!(got.len(), expected.len(), "{}", text);
            for ((kind, span), (want, written)) in got.iter().zip(expected) {
                prop_assert_eq!(kind, want);
                prop_assert_eq!(slice(input, *span), written.as_bytes());
                // Line and column agree with the offset.
                let before = &input[..span.offset as usize];
                let line = 1 + before.iter().filter(|&&b| b == b'\n').count() as u64;
                let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
                prop_assert_eq!((span.line, span.column), (line, (span.offset as usize - line_start + 1) as u64));
            }
        }
    }

    #[test]
    fn every_byte_is_accounted_for(
        bytes in prop::collection::vec(
            prop_oneof![
                1 => any::<u8>(),
                4 => prop::sample::select(b"[]{}()\"\\;$!?*.%-/01 \n\r\tNe4Qx#+".to_vec()),
            ],
            0..400,
        ),
        capacity in 1usize..80,
    ) {
        for capacity in [capacity, 1 << 16] {
            let mut collect = Collect::default();
            let mut spans = Vec::new();
            let mut count = 0u64;
            let mut reader = Reader::with_capacity(capacity, &bytes[..]);
            while let Some(game) = reader.read_game(&mut collect).unwrap() {
                count += 1;
                prop_assert_eq!(game.start.number, count);
                prop_assert!(count <= bytes.len() as u64);
                spans.extend(game.tag_spans.iter().copied());
                spans.extend(game.events.iter().map(Event::span));
                spans.extend(game.errors.iter().map(|e| e.span));
            }
            spans.extend(collect.outside.iter().map(|e| e.span));
            spans.extend(collect.escape_spans.iter().copied());
            spans.retain(|s| s.len > 0);
            spans.sort_by_key(|s| s.offset);
            let mut covered = vec![false; bytes.len()];
            let mut end = 0;
            for s in &spans {
                prop_assert!(s.offset >= end, "overlap at {}: {:?}", s.offset, spans);
                prop_assert!(s.end() <= bytes.len() as u64);
                end = s.end();
                for c in &mut covered[s.offset as usize..s.end() as usize] {
                    *c = true;
                }
            }
            let bom = bytes.starts_with(b"\xef\xbb\xbf");
            for (i, (&b, &c)) in bytes.iter().zip(&covered).enumerate() {
                let space = matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c);
                prop_assert!(c || space || (bom && i < 3), "byte {} ({:#04x}) unaccounted: {:?}", i, b, spans);
            }
        }
    }
}
