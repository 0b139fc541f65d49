//! Properties of the PGN reader: a generated token stream written as PGN
//! reads back to the same events, each span covering exactly what was
//! written; on arbitrary bytes the reader never panics, ends, and accounts
//! for every byte (white space, or inside an event or an error).

use std::io::Read;
use std::ops::ControlFlow;

use forsyth::pgn::{
    Collect, CollectedGame, Comment, CommentStyle, EscapeLine, Event, GameResult, GameStart,
    MoveNumber, MoveToken, Nag, PgnError, Reader, Skip, Span, Tag, TagValue, Visitor,
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

/// Every callback as text, in order. It skips every `skip`-th variation,
/// ends a game by `Break` at its `stop`-th event, and asks to skip the
/// rest of a game at every `skip_after`-th error: the choices that send
/// the reader down its other roads.
struct Record {
    log: Vec<String>,
    skip: usize,
    stop: usize,
    skip_after: usize,
    variations: usize,
    errors: usize,
}

impl Record {
    fn new(skip: usize, stop: usize, skip_after: usize) -> Record {
        Record {
            log: Vec::new(),
            skip,
            stop,
            skip_after,
            variations: 0,
            errors: 0,
        }
    }

    /// Logs an event of the game; `Break` at its `stop`-th one.
    fn event(&mut self, events: &mut usize, text: String) -> ControlFlow<usize> {
        self.log.push(text);
        *events += 1;
        if *events == self.stop {
            return ControlFlow::Break(*events);
        }
        ControlFlow::Continue(())
    }
}

impl Visitor for Record {
    type Tags = usize;
    type Movetext = usize;
    type Output = usize;
    fn begin_game(&mut self, game: GameStart) -> ControlFlow<usize, usize> {
        self.log.push(format!("{game:?}"));
        ControlFlow::Continue(0)
    }
    fn tag(&mut self, n: &mut usize, tag: Tag<'_>) -> ControlFlow<usize> {
        self.event(n, format!("{tag:?}"))
    }
    fn begin_movetext(&mut self, n: usize) -> ControlFlow<usize, usize> {
        self.log.push("movetext".into());
        ControlFlow::Continue(n)
    }
    fn move_number(&mut self, n: &mut usize, number: MoveNumber) -> ControlFlow<usize> {
        self.event(n, format!("{number:?}"))
    }
    fn move_token(&mut self, n: &mut usize, token: MoveToken<'_>) -> ControlFlow<usize> {
        self.event(n, format!("{token:?}"))
    }
    fn nag(&mut self, n: &mut usize, nag: Nag) -> ControlFlow<usize> {
        self.event(n, format!("{nag:?}"))
    }
    fn comment(&mut self, n: &mut usize, comment: Comment<'_>) -> ControlFlow<usize> {
        self.event(n, format!("{comment:?}"))
    }
    fn begin_variation(&mut self, n: &mut usize, span: Span) -> ControlFlow<usize, Skip> {
        self.variations += 1;
        let skip = self.variations.is_multiple_of(self.skip);
        self.event(n, format!("( {span:?} {skip}"))?;
        ControlFlow::Continue(Skip(skip))
    }
    fn end_variation(&mut self, n: &mut usize, span: Span) -> ControlFlow<usize> {
        self.event(n, format!(") {span:?}"))
    }
    fn result(&mut self, n: &mut usize, result: GameResult, span: Span) -> ControlFlow<usize> {
        self.event(n, format!("{result:?} {span:?}"))
    }
    fn escape(&mut self, line: EscapeLine<'_>) {
        self.log.push(format!("{line:?}"));
    }
    fn error(&mut self, error: PgnError) -> ControlFlow<()> {
        self.log.push(format!("{error:?}"));
        self.errors += 1;
        match self.errors.is_multiple_of(self.skip_after) {
            true => ControlFlow::Break(()),
            false => ControlFlow::Continue(()),
        }
    }
    fn end_game(&mut self, n: usize) -> usize {
        self.log.push(format!("end {n}"));
        n
    }
}

/// Hands out its bytes `size` at a time, so that tokens straddle the
/// reader's refills.
struct Chunks<'a> {
    bytes: &'a [u8],
    size: usize,
}

impl Read for Chunks<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(self.size).min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
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

    /// The reader's quick path (the tokens that lie whole in its buffer,
    /// read in one loop) and its general one (a token at a time) give the
    /// same callbacks in the same order: the same bytes read whole, and
    /// handed out a few at a time so that the quick path stops at every
    /// refill, by a visitor that skips variations, breaks games and asks
    /// to skip after errors.
    #[test]
    fn refills_do_not_change_what_is_read(
        pieces in prop::collection::vec(
            prop_oneof![
                1 => any::<u8>().prop_map(|b| vec![b]),
                8 => prop::sample::select(b"[]{}()\"\\;$!?*.%-/01 \n\r\tNe4Qx#+".to_vec())
                    .prop_map(|b| vec![b]),
                4 => prop::sample::select(vec![
                    &b"[Event \"a b\"]\n"[..], b"1. ", b"12... ", b"e4 ", b"Nxf3+ ", b"O-O ",
                    b"{ [%clk 0:03:00] } ", b"( ", b") ", b"$14 ", b"!? ", b"?? ", b"$300 ",
                    b"1-0\n\n", b"* ", b"\xc3\xa9 ", b"\n",
                ]).prop_map(<[u8]>::to_vec),
            ],
            0..200,
        ),
        size in 1usize..9,
        skip in 1usize..4,
        stop in 1usize..40,
        skip_after in 1usize..4,
    ) {
        let bytes: Vec<u8> = pieces.concat();
        let read = |size: usize| {
            let mut record = Record::new(skip, stop, skip_after);
            let input = Chunks { bytes: &bytes, size };
            Reader::new(input).read_all(&mut record, |_| {}).unwrap();
            record.log
        };
        prop_assert_eq!(read(size), read(bytes.len().max(1)));
    }
}
