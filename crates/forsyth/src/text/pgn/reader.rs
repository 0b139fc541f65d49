//! The reader: tokens to games, games to a visitor's callbacks.

use std::io::{self, Read};
use std::ops::ControlFlow;

use super::lexer::{Lexer, RunTok, Tok};
use super::{
    Comment, CommentStyle, EscapeLine, GameResult, GameStart, MoveNumber, MoveToken, Nag, PgnError,
    PgnErrorKind, Span, Tag, TagValue,
};

/// Whether to skip a variation: `Skip(true)` from
/// [`Visitor::begin_variation`] skips it to its `)`, nested ones included,
/// and [`Visitor::end_variation`] is not called for it.
///
/// ```
/// use forsyth::pgn::Skip;
/// assert_ne!(Skip(true), Skip(false));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Skip(pub bool);

/// What a caller does with the events of each game. Per-game state is
/// typed: `Tags` while the tag pairs are read, then `Movetext`. Each
/// callback may return `ControlFlow::Break(output)` to end the game there:
/// the reader then skips to the game's end cheaply (structure only: no
/// UTF-8 checks, no callbacks but `error` and `escape`) and returns
/// `output`.
///
/// ```
/// use std::ops::ControlFlow;
/// use forsyth::pgn::{GameStart, MoveToken, Reader, Tag, Visitor};
///
/// /// Counts the moves of each game, skipping games White did not win.
/// struct Moves;
/// impl Visitor for Moves {
///     type Tags = ();
///     type Movetext = usize;
///     type Output = Option<usize>;
///     fn begin_game(&mut self, _: GameStart) -> ControlFlow<Option<usize>> {
///         ControlFlow::Continue(())
///     }
///     fn tag(&mut self, _: &mut (), tag: Tag<'_>) -> ControlFlow<Option<usize>> {
///         if tag.name == "Result" && tag.value.raw() != "1-0" {
///             return ControlFlow::Break(None);
///         }
///         ControlFlow::Continue(())
///     }
///     fn begin_movetext(&mut self, _: ()) -> ControlFlow<Option<usize>, usize> {
///         ControlFlow::Continue(0)
///     }
///     fn move_token(&mut self, n: &mut usize, _: MoveToken<'_>) -> ControlFlow<Option<usize>> {
///         *n += 1;
///         ControlFlow::Continue(())
///     }
///     fn end_game(&mut self, n: usize) -> Option<usize> {
///         Some(n)
///     }
/// }
///
/// let pgn = b"[Result \"0-1\"]\n1. f3 e5 2. g4 Qh4# 0-1\n\n[Result \"1-0\"]\n1. e4 e5 1-0\n";
/// let mut reader = Reader::new(&pgn[..]);
/// assert_eq!(reader.read_game(&mut Moves)?, Some(None));
/// assert_eq!(reader.read_game(&mut Moves)?, Some(Some(2)));
/// assert_eq!(reader.read_game(&mut Moves)?, None);
/// # Ok::<_, std::io::Error>(())
/// ```
pub trait Visitor {
    /// State while the tag pairs are read.
    type Tags;
    /// State while the movetext is read.
    type Movetext;
    /// What a game gives.
    type Output;

    /// A game starts (its first token comes next).
    fn begin_game(&mut self, game: GameStart) -> ControlFlow<Self::Output, Self::Tags>;

    /// A tag pair.
    fn tag(&mut self, tags: &mut Self::Tags, tag: Tag<'_>) -> ControlFlow<Self::Output> {
        let _ = (tags, tag);
        ControlFlow::Continue(())
    }

    /// The tag pairs are over (also called for a game without any).
    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext>;

    // The default callbacks below ignore their event, alike on purpose: one
    // per kind of event, so a visitor overrides only those it needs.

    /// A move number indication.
    fn move_number(
        &mut self,
        movetext: &mut Self::Movetext,
        number: MoveNumber,
    ) -> ControlFlow<Self::Output> {
        let _ = (movetext, number);
        ControlFlow::Continue(())
    }

    /// A move token, not judged.
    fn move_token(
        &mut self,
        movetext: &mut Self::Movetext,
        token: MoveToken<'_>,
    ) -> ControlFlow<Self::Output> {
        let _ = (movetext, token);
        ControlFlow::Continue(())
    }

    /// A NAG or a move suffix.
    fn nag(&mut self, movetext: &mut Self::Movetext, nag: Nag) -> ControlFlow<Self::Output> {
        let _ = (movetext, nag);
        ControlFlow::Continue(())
    }

    /// A comment.
    fn comment(
        &mut self,
        movetext: &mut Self::Movetext,
        comment: Comment<'_>,
    ) -> ControlFlow<Self::Output> {
        let _ = (movetext, comment);
        ControlFlow::Continue(())
    }

    /// A `(` opens a variation.
    fn begin_variation(
        &mut self,
        movetext: &mut Self::Movetext,
        span: Span,
    ) -> ControlFlow<Self::Output, Skip> {
        let _ = (movetext, span);
        ControlFlow::Continue(Skip(false))
    }

    /// A `)` closes the variation last opened (and not skipped).
    fn end_variation(
        &mut self,
        movetext: &mut Self::Movetext,
        span: Span,
    ) -> ControlFlow<Self::Output> {
        let _ = (movetext, span);
        ControlFlow::Continue(())
    }

    /// The game termination marker; `end_game` follows.
    fn result(
        &mut self,
        movetext: &mut Self::Movetext,
        result: GameResult,
        span: Span,
    ) -> ControlFlow<Self::Output> {
        let _ = (movetext, result, span);
        ControlFlow::Continue(())
    }

    /// A `%` escape line, inside or between games.
    fn escape(&mut self, line: EscapeLine<'_>) {
        let _ = line;
    }

    /// A syntax error, inside or between games. `Break` skips the rest of
    /// the game (the game still ends with `end_game`, or with the output of
    /// `begin_movetext` if that breaks).
    fn error(&mut self, error: PgnError) -> ControlFlow<()> {
        let _ = error;
        ControlFlow::Continue(())
    }

    /// The game is over: its output.
    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output;
}

/// A streaming PGN reader: bytes from any [`Read`] through a buffer of
/// fixed size (64 KiB by default), one game at a time, to a [`Visitor`].
/// A token longer than the buffer is reported as
/// [`PgnErrorKind::TokenTooLong`], never held whole.
///
/// ```
/// use forsyth::pgn::{Collect, Event, Reader};
/// let pgn = "[Event \"Casual\"]\r\n\r\n1. e4 {best by test} e5 (1... c5) 1-0\r\n";
/// let mut reader = Reader::new(pgn.as_bytes());
/// let game = reader.read_game(&mut Collect::default())?.unwrap();
/// assert_eq!(game.tags, [("Event".to_string(), "Casual".to_string())]);
/// assert!(game.errors.is_empty());
/// assert_eq!(game.events.len(), 9);
/// assert!(reader.read_game(&mut Collect::default())?.is_none());
/// # Ok::<_, std::io::Error>(())
/// ```
pub struct Reader<R> {
    lexer: Lexer<R>,
    games: u64,
    /// The end of input cut something short (see [`Reader::cut_short`]).
    cut: bool,
}

/// Where a [`Reader`] is in its input ([`Reader::position`]), to start
/// another reader there ([`Reader::resume`]).
///
/// ```
/// use forsyth::pgn::ReaderPosition;
/// let start = ReaderPosition::default();
/// assert_eq!((start.offset, start.line, start.games), (0, 1, 0));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReaderPosition {
    /// 0-based byte offset of the next unread byte.
    pub offset: u64,
    /// Its 1-based line.
    pub line: u64,
    /// The offset of that line's first byte.
    pub line_start: u64,
    /// How many games have started before it.
    pub games: u64,
}

impl Default for ReaderPosition {
    fn default() -> ReaderPosition {
        ReaderPosition {
            offset: 0,
            line: 1,
            line_start: 0,
            games: 0,
        }
    }
}

/// A game's state in the reader.
enum Slot<T, M, O> {
    Tags(T),
    Movetext(M),
    Output(O),
}

impl<R: Read> Reader<R> {
    /// The default buffer size, 64 KiB: the longest token (a comment, a tag
    /// line) the reader takes whole.
    ///
    /// ```
    /// use forsyth::pgn::Reader;
    /// assert_eq!(Reader::<&[u8]>::DEFAULT_CAPACITY, 65_536);
    /// ```
    pub const DEFAULT_CAPACITY: usize = 1 << 16;

    /// A reader with the default buffer.
    ///
    /// ```
    /// use forsyth::pgn::Reader;
    /// let reader = Reader::new(std::io::empty());
    /// # let _ = reader;
    /// ```
    pub fn new(inner: R) -> Reader<R> {
        Reader::with_capacity(Reader::<R>::DEFAULT_CAPACITY, inner)
    }

    /// A reader whose buffer holds `capacity` bytes (at least 1): the
    /// memory it uses, and the longest token it takes whole.
    ///
    /// ```
    /// use forsyth::pgn::{Collect, Reader};
    /// let mut reader = Reader::with_capacity(8, &b"1. e4 {a comment too long} *"[..]);
    /// let game = reader.read_game(&mut Collect::default())?.unwrap();
    /// assert_eq!(game.errors[0].kind.name(), "token_too_long");
    /// // The comment starts at byte 7; the error says how long a token may be.
    /// assert_eq!(game.errors[0].to_string(), "line 1 col 7: token longer than the reader's limit of 8 bytes");
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn with_capacity(capacity: usize, inner: R) -> Reader<R> {
        Reader {
            lexer: Lexer::new(inner, capacity),
            games: 0,
            cut: false,
        }
    }

    /// How many games have started so far.
    ///
    /// ```
    /// use forsyth::pgn::{Collect, Reader};
    /// let mut reader = Reader::new(&b"* * *"[..]);
    /// while reader.read_game(&mut Collect::default())?.is_some() {}
    /// assert_eq!(reader.games(), 3);
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Where the reader is: the offset of the next byte not yet read as a
    /// token (or white space), its line, and the games so far. Between two
    /// [`read_game`](Reader::read_game) calls it is a game boundary, where
    /// [`resume`](Reader::resume) can start another reader on the bytes
    /// from there: split so, a collection reads as the same games, with the
    /// same numbers and spans, in independent pieces (for parallel
    /// replay).
    ///
    /// ```
    /// use forsyth::pgn::{Collect, Reader};
    /// let pgn = b"1. e4 *\n\n[Event \"b\"]\n1. d4 *\n";
    /// let mut reader = Reader::new(&pgn[..]);
    /// let first = reader.read_game(&mut Collect::default())?.unwrap();
    /// let at = reader.position();
    /// assert_eq!((at.offset, at.line, at.games), (7, 1, 1));
    /// let mut rest = Reader::resume(&pgn[at.offset as usize..], at);
    /// let second = rest.read_game(&mut Collect::default())?.unwrap();
    /// assert_eq!(second, reader.read_game(&mut Collect::default())?.unwrap());
    /// assert_eq!((second.start.number, second.start.line, second.tag_spans[0].offset), (2, 3, 9));
    /// # let _ = first;
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn position(&self) -> ReaderPosition {
        let (offset, line, line_start) = self.lexer.position();
        ReaderPosition {
            offset,
            line,
            line_start,
            games: self.games,
        }
    }

    /// A reader of `inner`, the bytes of an input from `at` on (a
    /// [`position`](Reader::position) between games): offsets, lines,
    /// columns and game numbers count on from there.
    ///
    /// ```
    /// use forsyth::pgn::{Collect, Reader, ReaderPosition};
    /// let at = ReaderPosition { offset: 100, line: 5, line_start: 90, games: 3 };
    /// let game = Reader::resume(&b"1. e4 *"[..], at).read_game(&mut Collect::default())?.unwrap();
    /// assert_eq!((game.start.number, game.start.line, game.start.offset), (4, 5, 100));
    /// assert_eq!(game.events[1].span().column, 14);
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn resume(inner: R, at: ReaderPosition) -> Reader<R> {
        let mut reader = Reader::new(inner);
        reader.lexer.resume(at.offset, at.line, at.line_start);
        reader.games = at.games;
        reader
    }

    /// Whether the end of input cut something short: a token that ran
    /// into it (a comment not closed), or a game with tag pairs and no
    /// movetext yet. When not, the input could go on with a new line
    /// starting with `[` and every game read so far would read the same
    /// (a game without its result ends there as it ends at the end of
    /// input): a collection split before such a line, each piece read by
    /// its own [`resume`](Reader::resume)d reader, reads as the whole does
    /// when no piece but the last is cut short.
    ///
    /// ```
    /// use forsyth::pgn::{Collect, Reader};
    /// let at_end = |pgn: &[u8]| {
    ///     let mut reader = Reader::new(pgn);
    ///     while reader.read_game(&mut Collect::default())?.is_some() {}
    ///     Ok::<_, std::io::Error>(reader.cut_short())
    /// };
    /// assert!(!at_end(b"1. e4 e5 *\n\n")?);
    /// assert!(!at_end(b"1. e4 e5\n\n")?);
    /// assert!(at_end(b"1. e4 {a comment\n\n")?);
    /// assert!(at_end(b"[Event \"tags only\"]\n\n")?);
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn cut_short(&self) -> bool {
        self.cut
    }

    /// The underlying reader (bytes read into the buffer and not yet
    /// tokenized are lost).
    ///
    /// ```
    /// use forsyth::pgn::Reader;
    /// let bytes: &[u8] = b"";
    /// assert!(Reader::new(bytes).into_inner().is_empty());
    /// ```
    pub fn into_inner(self) -> R {
        self.lexer.into_inner()
    }

    /// Reads games to the end, calling `each` with every game's output.
    ///
    /// ```
    /// use forsyth::pgn::{Collect, Reader};
    /// let mut count = 0;
    /// Reader::new(&b"1. e4 * 1. d4 *"[..]).read_all(&mut Collect::default(), |_| count += 1)?;
    /// assert_eq!(count, 2);
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn read_all<V: Visitor>(
        &mut self,
        visitor: &mut V,
        mut each: impl FnMut(V::Output),
    ) -> io::Result<()> {
        while let Some(out) = self.read_game(visitor)? {
            each(out);
        }
        Ok(())
    }

    /// Reads the next game, `None` at the end of input. Errors and escape
    /// lines between games go to the visitor too. A game ends at its result;
    /// the next game's `[` or the end of input also end it, with a
    /// [`PgnErrorKind::MissingResult`].
    ///
    /// ```
    /// use forsyth::pgn::{Collect, Reader};
    /// let mut reader = Reader::new(&b"1. e4 e5\n[Event \"next\"]\n1. d4 *"[..]);
    /// let first = reader.read_game(&mut Collect::default())?.unwrap();
    /// assert_eq!(first.errors[0].kind.name(), "missing_result");
    /// let second = reader.read_game(&mut Collect::default())?.unwrap();
    /// assert!(second.errors.is_empty());
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn read_game<V: Visitor>(&mut self, v: &mut V) -> io::Result<Option<V::Output>> {
        let mut slot: Option<Slot<V::Tags, V::Movetext, V::Output>> = None;
        // Open variations, and how many of them are being skipped.
        let mut depth: u64 = 0;
        let mut skipped: u64 = 0;
        // An error's `Break` asked to skip the rest of the game.
        let mut skipping = false;
        // The game has had a movetext token: a `[` now starts the next one.
        let mut in_movetext = false;
        let mut number = self.games;
        loop {
            if !skipping && skipped == 0 {
                // The common tokens of a live game, straight to the
                // visitor; anything else goes the general way below.
                match &mut slot {
                    Some(Slot::Movetext(m)) => {
                        let mut run = Run {
                            number,
                            depth: &mut depth,
                            skipped: &mut skipped,
                            skipping: &mut skipping,
                        };
                        if let Some(out) = self.movetext_run(v, m, &mut run)? {
                            slot = Some(Slot::Output(out));
                        }
                    }
                    Some(Slot::Tags(tags)) => {
                        let out = self.lexer.tag_run(|name, value, span| {
                            let value = TagValue::from_raw(value);
                            v.tag(tags, Tag { name, value, span })
                        });
                        if let Some(out) = out {
                            slot = Some(Slot::Output(out));
                        }
                    }
                    _ => {}
                }
            }
            let first = self.lexer.peek()?;
            // The end of input, or the next game's tags, cut a game short.
            if first.is_none() || (first == Some(b'[') && in_movetext) {
                if first.is_none() {
                    // A `[` here would have continued the tag pairs. Once
                    // cut short, the input stays so (the end is read again
                    // after the game it cut is given out).
                    let tags = slot.is_some() && !in_movetext;
                    self.cut = self.cut || self.lexer.cut() || tags;
                }
                let Some(slot) = slot else {
                    return Ok(None);
                };
                let game = Some(number);
                let span = self.lexer.here();
                if depth > 0 {
                    let kind = PgnErrorKind::UnclosedVariation { depth };
                    let _ = v.error(PgnError { kind, span, game });
                }
                let kind = PgnErrorKind::MissingResult;
                let _ = v.error(PgnError { kind, span, game });
                return Ok(Some(finish(v, slot)));
            }
            let live = !skipping && skipped == 0 && !matches!(slot, Some(Slot::Output(_)));
            let (tok, span) = self.lexer.token(live)?;
            // Does this token start a game, and does it belong to the
            // movetext?
            let (starts, movetext) = match &tok {
                Tok::Tag { .. } => (true, false),
                Tok::Escape(_) => (false, false),
                Tok::Error(kind) => (kind.starts_game(), false),
                Tok::Close => (false, true),
                _ => (true, true),
            };
            if slot.is_none() && starts {
                self.games += 1;
                number = self.games;
                let start = GameStart {
                    number,
                    line: span.line,
                    offset: span.offset,
                };
                slot = Some(match v.begin_game(start) {
                    ControlFlow::Continue(tags) => Slot::Tags(tags),
                    ControlFlow::Break(out) => Slot::Output(out),
                });
            }
            if movetext && slot.is_some() {
                in_movetext = true;
                if let Some(Slot::Tags(_)) = slot {
                    if let Some(Slot::Tags(tags)) = slot.take() {
                        slot = Some(match v.begin_movetext(tags) {
                            ControlFlow::Continue(m) => Slot::Movetext(m),
                            ControlFlow::Break(out) => Slot::Output(out),
                        });
                    }
                }
            }
            let live = live && !matches!(slot, Some(Slot::Output(_)));
            let game = slot.as_ref().map(|_| number);
            macro_rules! deliver {
                (|$m:ident| $call:expr) => {
                    if live {
                        if let Some(Slot::Movetext($m)) = &mut slot {
                            if let ControlFlow::Break(out) = $call {
                                slot = Some(Slot::Output(out));
                            }
                        }
                    }
                };
            }
            let mut error = |v: &mut V, kind: PgnErrorKind, span: Span| {
                if v.error(PgnError { kind, span, game }).is_break() && game.is_some() {
                    skipping = true;
                }
            };
            match tok {
                Tok::Tag { name, value } => {
                    if live {
                        if let Some(Slot::Tags(tags)) = &mut slot {
                            let tag = Tag {
                                name,
                                value: TagValue::from_raw(value),
                                span,
                            };
                            if let ControlFlow::Break(out) = v.tag(tags, tag) {
                                slot = Some(Slot::Output(out));
                            }
                        }
                    }
                }
                Tok::Escape(text) => v.escape(EscapeLine { text, span }),
                Tok::Error(kind) => error(v, kind, span),
                Tok::Comment(text) | Tok::LineComment(text) => {
                    let style = if matches!(tok, Tok::Comment(_)) {
                        CommentStyle::Brace
                    } else {
                        CommentStyle::Line
                    };
                    deliver!(|m| v.comment(m, Comment { text, style, span }));
                }
                Tok::Nag(value) | Tok::Suffix(value) => {
                    let suffix = matches!(tok, Tok::Suffix(_));
                    deliver!(|m| v.nag(
                        m,
                        Nag {
                            value,
                            suffix,
                            span
                        }
                    ));
                }
                Tok::Number { number, dots } => {
                    deliver!(|m| v.move_number(m, MoveNumber { number, dots, span }));
                }
                Tok::Move(text) => deliver!(|m| v.move_token(m, MoveToken { text, span })),
                Tok::Open => {
                    depth += 1;
                    if skipped > 0 {
                        skipped += 1;
                    } else if live {
                        if let Some(Slot::Movetext(m)) = &mut slot {
                            match v.begin_variation(m, span) {
                                ControlFlow::Continue(Skip(true)) => skipped = 1,
                                ControlFlow::Continue(Skip(false)) => {}
                                ControlFlow::Break(out) => slot = Some(Slot::Output(out)),
                            }
                        }
                    }
                }
                Tok::Close if depth == 0 => error(v, PgnErrorKind::UnbalancedParenthesis, span),
                Tok::Close => {
                    depth -= 1;
                    if skipped > 0 {
                        skipped -= 1;
                    } else {
                        deliver!(|m| v.end_variation(m, span));
                    }
                }
                Tok::Result(result) => {
                    deliver!(|m| v.result(m, result, span));
                    if depth > 0 {
                        let kind = PgnErrorKind::UnclosedVariation { depth };
                        error(v, kind, Span { len: 0, ..span });
                    }
                    if let Some(slot) = slot {
                        return Ok(Some(finish(v, slot)));
                    }
                }
            }
        }
    }
}

/// The reader's state that the movetext run reads and changes.
struct Run<'a> {
    /// The game's number.
    number: u64,
    /// Open variations.
    depth: &'a mut u64,
    /// Variations being skipped (0 when the run starts).
    skipped: &'a mut u64,
    /// An error's `Break` asked to skip the rest of the game.
    skipping: &'a mut bool,
}

impl<R: Read> Reader<R> {
    /// Delivers the common tokens of a live game's movetext (moves, move
    /// numbers, brace comments, parentheses, NAGs and suffixes) as
    /// [`Reader::read_game`] does, without its general bookkeeping: they
    /// neither start nor end a game. Stops before any other token, at the
    /// end of input, at a variation the visitor skips (counted in
    /// `skipped`), after an error whose `Break` asks to skip the game
    /// (setting `skipping`), or with the output of a callback's `Break`.
    fn movetext_run<V: Visitor>(
        &mut self,
        v: &mut V,
        m: &mut V::Movetext,
        run: &mut Run<'_>,
    ) -> io::Result<Option<V::Output>> {
        // Small enough to be inlined in the lexer's loop: the rarer tokens
        // go to a function of their own.
        let mut deliver = |tok: RunTok<'_>, span: Span| -> ControlFlow<Option<V::Output>> {
            let flow = match tok {
                RunTok::Move(text) => v.move_token(m, MoveToken { text, span }),
                RunTok::Number { number, dots } => {
                    v.move_number(m, MoveNumber { number, dots, span })
                }
                RunTok::Comment(text) => v.comment(
                    m,
                    Comment {
                        text,
                        style: CommentStyle::Brace,
                        span,
                    },
                ),
                _ => return rarer_token(v, m, run, tok, span),
            };
            flow.map_break(Some)
        };
        loop {
            // The buffered run in one loop; then one token read the general
            // way (after more input, or from input that is not UTF-8), and
            // the run again.
            if let Some(stop) = self.lexer.movetext_run(&mut deliver) {
                return Ok(stop);
            }
            if self.lexer.peek()?.is_none() {
                return Ok(None);
            }
            let Some((tok, span)) = self.lexer.movetext_token() else {
                return Ok(None);
            };
            if let ControlFlow::Break(stop) = deliver(tok, span) {
                return Ok(stop);
            }
        }
    }
}

/// [`Reader::movetext_run`]'s parentheses, NAGs, suffixes and errors, as
/// [`Reader::read_game`] reads them in a live game.
#[inline(never)]
fn rarer_token<V: Visitor>(
    v: &mut V,
    m: &mut V::Movetext,
    run: &mut Run<'_>,
    tok: RunTok<'_>,
    span: Span,
) -> ControlFlow<Option<V::Output>> {
    let mut error = |v: &mut V, kind: PgnErrorKind| {
        let game = Some(run.number);
        if v.error(PgnError { kind, span, game }).is_break() {
            *run.skipping = true;
            return ControlFlow::Break(None);
        }
        ControlFlow::Continue(())
    };
    let flow = match tok {
        RunTok::Open => {
            *run.depth += 1;
            match v.begin_variation(m, span) {
                ControlFlow::Continue(Skip(false)) => ControlFlow::Continue(()),
                ControlFlow::Continue(Skip(true)) => {
                    // The general way skips it to its end.
                    *run.skipped = 1;
                    return ControlFlow::Break(None);
                }
                ControlFlow::Break(out) => ControlFlow::Break(out),
            }
        }
        RunTok::Close if *run.depth == 0 => return error(v, PgnErrorKind::UnbalancedParenthesis),
        RunTok::Close => {
            *run.depth -= 1;
            v.end_variation(m, span)
        }
        RunTok::Nag(value) | RunTok::Suffix(value) => {
            let suffix = matches!(tok, RunTok::Suffix(_));
            v.nag(
                m,
                Nag {
                    value,
                    suffix,
                    span,
                },
            )
        }
        RunTok::Error(kind) => return error(v, kind),
        RunTok::Move(text) => v.move_token(m, MoveToken { text, span }),
        RunTok::Number { number, dots } => v.move_number(m, MoveNumber { number, dots, span }),
        RunTok::Comment(text) => v.comment(
            m,
            Comment {
                text,
                style: CommentStyle::Brace,
                span,
            },
        ),
    };
    flow.map_break(Some)
}

/// The game's output, whatever state it stopped in.
fn finish<V: Visitor>(v: &mut V, slot: Slot<V::Tags, V::Movetext, V::Output>) -> V::Output {
    match slot {
        Slot::Tags(tags) => match v.begin_movetext(tags) {
            ControlFlow::Continue(m) => v.end_game(m),
            ControlFlow::Break(out) => out,
        },
        Slot::Movetext(m) => v.end_game(m),
        Slot::Output(out) => out,
    }
}
