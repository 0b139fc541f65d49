//! What the reader could not read: where, and what kind of fault.

use core::fmt;

use super::Span;

/// The kind of a PGN syntax error. The names (`name()`) are stable.
///
/// ```
/// use forsyth::pgn::PgnErrorKind;
/// assert_eq!(PgnErrorKind::UnbalancedParenthesis.name(), "unbalanced_parenthesis");
/// assert_eq!(PgnErrorKind::UnclosedVariation { depth: 2 }.name(), "unclosed_variation");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr)]
#[strum(serialize_all = "snake_case")]
#[non_exhaustive]
pub enum PgnErrorKind {
    /// A `[` line that is not `[Name "value"]`: no name, no opening quote,
    /// or text other than spaces before the `]`.
    BadTag,
    /// A tag pair whose string or `]` is missing before the end of the line.
    UnterminatedTag,
    /// A `{` comment still open at the end of the input.
    UnterminatedComment,
    /// A `)` with no variation open.
    UnbalancedParenthesis,
    /// The game ended (result, next game's tags, end of input) with
    /// variations still open.
    UnclosedVariation {
        /// How many were open.
        depth: u64,
    },
    /// A `]` outside a tag pair.
    StrayBracket,
    /// A `}` outside a comment.
    StrayBrace,
    /// A `"` outside a tag pair.
    StrayQuote,
    /// A run of control bytes (other than tab, line feed, carriage return,
    /// vertical tab and form feed).
    ControlByte,
    /// A token, comment or tag value that is not UTF-8.
    InvalidUtf8 {
        /// Index of the first bad byte inside the error's span.
        index: usize,
    },
    /// A token longer than the reader's buffer.
    TokenTooLong {
        /// The longest token the reader holds, in bytes (its buffer's
        /// size).
        limit: u64,
    },
    /// `$` not followed by a number 0-255.
    BadNag,
    /// A run of `!` and `?` that is not one of `!`, `?`, `!!`, `??`, `!?`, `?!`.
    BadSuffix,
    /// A move number above 4294967295.
    BadMoveNumber,
    /// A run of periods not preceded by a move number.
    StrayDots,
    /// A game's movetext that ends (next game's tags, end of input) without
    /// a result.
    MissingResult,
}

impl PgnErrorKind {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::pgn::PgnErrorKind;
    /// assert_eq!(PgnErrorKind::MissingResult.name(), "missing_result");
    /// ```
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// Whether this error, seen between games, belongs to a new game (a
    /// broken tag, move or comment does; a stray `)` or `]` does not).
    ///
    /// ```
    /// use forsyth::pgn::PgnErrorKind;
    /// assert!(PgnErrorKind::BadNag.starts_game());
    /// assert!(!PgnErrorKind::StrayBrace.starts_game());
    /// ```
    pub fn starts_game(self) -> bool {
        use PgnErrorKind::*;
        !matches!(
            self,
            UnbalancedParenthesis | StrayBracket | StrayBrace | StrayQuote | ControlByte
        )
    }
}

impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PgnErrorKind::*;
        match *self {
            BadTag => f.write_str("a tag pair is [Name \"value\"]"),
            UnterminatedTag => f.write_str("tag pair not closed before the end of the line"),
            UnterminatedComment => f.write_str("comment not closed by '}' before the end of input"),
            UnbalancedParenthesis => f.write_str("')' without an open variation"),
            UnclosedVariation { depth: 1 } => f.write_str("a variation is still open"),
            UnclosedVariation { depth } => write!(f, "{depth} variations are still open"),
            StrayBracket => f.write_str("']' outside a tag pair"),
            StrayBrace => f.write_str("'}' outside a comment"),
            StrayQuote => f.write_str("'\"' outside a tag pair"),
            ControlByte => f.write_str("control byte"),
            InvalidUtf8 { index } => write!(f, "not UTF-8 from byte {} of the token", index + 1),
            TokenTooLong { limit } => {
                write!(f, "token longer than the reader's limit of {limit} bytes")
            }
            BadNag => f.write_str("'$' must be followed by a number 0-255"),
            BadSuffix => f.write_str("move suffix is not !, ?, !!, ??, !? or ?!"),
            BadMoveNumber => f.write_str("move number above 4294967295"),
            StrayDots => f.write_str("periods without a move number"),
            MissingResult => f.write_str("movetext ends without a result (1-0, 0-1, 1/2-1/2 or *)"),
        }
    }
}

/// A PGN syntax error: its kind, the bytes it covers, and the game it
/// occurred in (`None` between games).
///
/// ```
/// use forsyth::pgn::{Collect, Reader};
/// let mut reader = Reader::new(&b"1. e4 ) e5 *"[..]);
/// let game = reader.read_game(&mut Collect::default())?.unwrap();
/// let err = game.errors[0];
/// assert_eq!(err.kind.name(), "unbalanced_parenthesis");
/// assert_eq!((err.span.line, err.span.column), (1, 7));
/// assert_eq!(err.to_string(), "line 1 col 7: ')' without an open variation");
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct PgnError {
    /// What was wrong.
    pub kind: PgnErrorKind,
    /// The bytes the error covers (empty for a missing result).
    pub span: Span,
    /// The game's 1-based number, `None` between games.
    pub game: Option<u64>,
}

impl PgnError {
    /// An error of `kind` over `span` in game `game`.
    ///
    /// ```
    /// use forsyth::pgn::{PgnError, PgnErrorKind, Span};
    /// let err = PgnError::new(PgnErrorKind::StrayBrace, Span::default(), Some(1));
    /// assert_eq!((err.kind, err.game), (PgnErrorKind::StrayBrace, Some(1)));
    /// ```
    pub fn new(kind: PgnErrorKind, span: Span, game: Option<u64>) -> PgnError {
        PgnError { kind, span, game }
    }

    /// The stable name of the kind.
    ///
    /// ```
    /// use forsyth::pgn::{PgnError, PgnErrorKind, Span};
    /// let err = PgnError::new(PgnErrorKind::StrayBrace, Span::default(), None);
    /// assert_eq!(err.kind().name(), "stray_brace");
    /// ```
    pub fn kind(&self) -> PgnErrorKind {
        self.kind
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {} col {}: {}",
            self.span.line, self.span.column, self.kind
        )
    }
}

impl std::error::Error for PgnError {}
