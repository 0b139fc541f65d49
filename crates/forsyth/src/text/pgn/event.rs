//! The events the reader hands to a [`Visitor`](super::Visitor): borrowed
//! from its buffer, each with the bytes it covers.

use std::borrow::Cow;

/// The bytes a token covers: where it starts (0-based byte offset, 1-based
/// line, 1-based byte column) and how many bytes it has.
///
/// ```
/// use forsyth::pgn::{Collect, Reader};
/// let game = Reader::new(&b"1. e4 *"[..]).read_game(&mut Collect::default())?.unwrap();
/// let span = game.events[1].span();
/// assert_eq!((span.offset, span.line, span.column, span.len), (3, 1, 4, 2));
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// 0-based byte offset of the first byte in the input.
    pub offset: u64,
    /// 1-based line of the first byte (lines end at line feeds).
    pub line: u64,
    /// 1-based byte column of the first byte.
    pub column: u64,
    /// Length in bytes.
    pub len: usize,
}

impl Span {
    /// The offset just past the last byte.
    ///
    /// ```
    /// use forsyth::pgn::Span;
    /// let span = Span { offset: 10, line: 2, column: 3, len: 4 };
    /// assert_eq!(span.end(), 14);
    /// ```
    pub fn end(&self) -> u64 {
        self.offset + self.len as u64
    }
}

/// The start of a game: its 1-based number in the input and where its
/// first token is.
///
/// ```
/// use forsyth::pgn::{Collect, Reader};
/// let mut reader = Reader::new(&b"1. e4 *\n\n[Event \"second\"]\n*\n"[..]);
/// reader.read_game(&mut Collect::default())?;
/// let second = reader.read_game(&mut Collect::default())?.unwrap();
/// assert_eq!((second.start.number, second.start.line), (2, 3));
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameStart {
    /// 1-based number of the game in the input.
    pub number: u64,
    /// 1-based line of the game's first token.
    pub line: u64,
    /// 0-based byte offset of the game's first token.
    pub offset: u64,
}

/// A tag pair `[Name "value"]`.
///
/// ```
/// use forsyth::pgn::TagValue;
/// assert_eq!(TagValue::from_raw(r#"The \"Immortal\" \\ Game"#).decode(), r#"The "Immortal" \ Game"#);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tag<'a> {
    /// The name (letters, digits and `_`).
    pub name: &'a str,
    /// The value as written between the quotes.
    pub value: TagValue<'a>,
    /// From `[` to `]`.
    pub span: Span,
}

/// A tag value as written, escapes not yet decoded.
///
/// ```
/// use forsyth::pgn::TagValue;
/// let v = TagValue::from_raw(r#"a \"b\""#);
/// assert_eq!(v.raw(), r#"a \"b\""#);
/// assert_eq!(v.decode(), r#"a "b""#);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct TagValue<'a>(&'a str);

impl<'a> TagValue<'a> {
    /// Wraps a value as written between the quotes.
    ///
    /// ```
    /// use forsyth::pgn::TagValue;
    /// assert_eq!(TagValue::from_raw("Casual").raw(), "Casual");
    /// ```
    pub const fn from_raw(raw: &'a str) -> TagValue<'a> {
        TagValue(raw)
    }

    /// The value as written.
    ///
    /// ```
    /// use forsyth::pgn::TagValue;
    /// assert_eq!(TagValue::from_raw(r"\\").raw(), r"\\");
    /// ```
    pub const fn raw(&self) -> &'a str {
        self.0
    }

    /// The value with `\"` and `\\` decoded; any other backslash is kept as
    /// written. Borrows when there is nothing to decode.
    ///
    /// ```
    /// use forsyth::pgn::TagValue;
    /// use std::borrow::Cow;
    /// assert!(matches!(TagValue::from_raw("plain").decode(), Cow::Borrowed("plain")));
    /// assert_eq!(TagValue::from_raw(r"C:\games").decode(), r"C:\games");
    /// ```
    pub fn decode(&self) -> Cow<'a, str> {
        if !self.0.contains('\\') {
            return Cow::Borrowed(self.0);
        }
        let mut out = String::with_capacity(self.0.len());
        let mut chars = self.0.chars();
        while let Some(c) = chars.next() {
            if c == '\\' {
                match chars.clone().next() {
                    Some(e @ ('"' | '\\')) => {
                        out.push(e);
                        chars.next();
                    }
                    _ => out.push(c),
                }
            } else {
                out.push(c);
            }
        }
        Cow::Owned(out)
    }

    /// Writes `value` with `"` and `\` escaped, as a tag pair holds it.
    ///
    /// ```
    /// use forsyth::pgn::TagValue;
    /// assert_eq!(TagValue::encode(r#"a "b" \ c"#), r#"a \"b\" \\ c"#);
    /// ```
    pub fn encode(value: &str) -> String {
        let mut out = String::with_capacity(value.len());
        for c in value.chars() {
            if c == '"' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        }
        out
    }
}

/// A move number indication, `12.` or `12...` (or `12` alone).
///
/// ```
/// use forsyth::pgn::{Collect, Event, Reader};
/// let game = Reader::new(&b"12... Nf6 *"[..]).read_game(&mut Collect::default())?.unwrap();
/// let Event::MoveNumber(n) = &game.events[0] else { panic!() };
/// assert_eq!((n.number, n.dots), (12, 3));
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveNumber {
    /// The number.
    pub number: u32,
    /// How many periods follow it.
    pub dots: usize,
    /// Digits and periods.
    pub span: Span,
}

/// A move as written: a maximal run of bytes that are not delimiters
/// (`specs/pgn.md`), not judged. `Nf3`, `Sf3`, `Ιδ4`, `P-K4`, `0-0`, `--`
/// and `Z0` are all move tokens.
///
/// ```
/// use forsyth::pgn::{Collect, Event, Reader};
/// let game = Reader::new("1. Sf3 Ιδ4 2. P-K4 -- *".as_bytes()).read_game(&mut Collect::default())?.unwrap();
/// let moves: Vec<_> = game.events.iter().filter_map(|e| match e {
///     Event::Move { text, .. } => Some(text.as_str()),
///     _ => None,
/// }).collect();
/// assert_eq!(moves, ["Sf3", "Ιδ4", "P-K4", "--"]);
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveToken<'a> {
    /// The text, check and mate markers included (`!` and `?` are not: they
    /// are NAGs).
    pub text: &'a str,
    /// Where it is.
    pub span: Span,
}

impl MoveToken<'_> {
    /// Whether the text is a null move of PGN practice, `--` or `Z0`.
    ///
    /// ```
    /// use forsyth::pgn::{MoveToken, Span};
    /// assert!(MoveToken { text: "--", span: Span::default() }.is_null());
    /// assert!(!MoveToken { text: "e4", span: Span::default() }.is_null());
    /// ```
    pub fn is_null(&self) -> bool {
        matches!(self.text, "--" | "Z0")
    }
}

/// A Numeric Annotation Glyph: `$14`, or a move suffix `!` (1), `?` (2),
/// `!!` (3), `??` (4), `!?` (5), `?!` (6).
///
/// ```
/// use forsyth::pgn::{Collect, Event, Reader};
/// let game = Reader::new(&b"1. e4!? $14 *"[..]).read_game(&mut Collect::default())?.unwrap();
/// let nags: Vec<_> = game.events.iter().filter_map(|e| match e {
///     Event::Nag(n) => Some((n.value, n.suffix)),
///     _ => None,
/// }).collect();
/// assert_eq!(nags, [(5, true), (14, false)]);
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Nag {
    /// The glyph's number.
    pub value: u8,
    /// `true` when written as a suffix (`!?`), `false` as `$n`.
    pub suffix: bool,
    /// Where it is.
    pub span: Span,
}

/// A comment: `{…}` (any lines) or `;…` to the end of its line.
///
/// ```
/// use forsyth::pgn::{Collect, Event, Reader};
/// let game = Reader::new(&b"1. e4 { [%clk 0:03:00] } ; best\n*"[..]).read_game(&mut Collect::default())?.unwrap();
/// let Event::Comment { text, style, .. } = &game.events[2] else { panic!() };
/// assert_eq!((text.as_str(), *style), (" [%clk 0:03:00] ", forsyth::pgn::CommentStyle::Brace));
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Comment<'a> {
    /// The text between the braces, or after the `;` (without a carriage
    /// return before the line feed), unchanged.
    pub text: &'a str,
    /// Which kind.
    pub style: CommentStyle,
    /// The whole comment, delimiters included.
    pub span: Span,
}

/// How a comment was written.
///
/// ```
/// use forsyth::pgn::CommentStyle;
/// assert_ne!(CommentStyle::Brace, CommentStyle::Line);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CommentStyle {
    /// `{…}`.
    Brace,
    /// `;…` to the end of the line.
    Line,
}

/// A game termination marker.
///
/// ```
/// use forsyth::pgn::GameResult;
/// assert_eq!(GameResult::Draw.as_str(), "1/2-1/2");
/// assert_eq!("0-1".parse::<GameResult>(), Ok(GameResult::BlackWins));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unknown, unfinished or abandoned.
    Unknown,
}

impl GameResult {
    /// The marker as written in PGN.
    ///
    /// ```
    /// use forsyth::pgn::GameResult;
    /// assert_eq!(GameResult::Unknown.as_str(), "*");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }
}

impl core::fmt::Display for GameResult {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl core::str::FromStr for GameResult {
    type Err = ();

    fn from_str(s: &str) -> Result<GameResult, ()> {
        match s {
            "1-0" => Ok(GameResult::WhiteWins),
            "0-1" => Ok(GameResult::BlackWins),
            "1/2-1/2" => Ok(GameResult::Draw),
            "*" => Ok(GameResult::Unknown),
            _ => Err(()),
        }
    }
}

/// A `%` escape line (column 1): its text after the `%`, to the end of the
/// line. Outside the grammar of games: never part of one.
///
/// ```
/// use forsyth::pgn::{Collect, Reader};
/// let mut collect = Collect::default();
/// Reader::new(&b"% generated\n*"[..]).read_game(&mut collect)?;
/// assert_eq!(collect.escapes, [" generated"]);
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct EscapeLine<'a> {
    /// The text after the `%`.
    pub text: &'a str,
    /// From the `%` to the end of the line.
    pub span: Span,
}
