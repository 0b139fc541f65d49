//! A visitor that keeps everything: games as owned values.

use std::ops::ControlFlow;

use super::{
    Comment, CommentStyle, EscapeLine, GameResult, GameStart, MoveNumber, MoveToken, Nag, PgnError,
    Span, Tag, Visitor,
};

/// One event of a game, owned.
///
/// ```
/// use forsyth::pgn::{Collect, Event, GameResult, Reader};
/// let game = Reader::new(&b"1. e4 *"[..]).read_game(&mut Collect::default())?.unwrap();
/// assert!(matches!(game.events[2], Event::Result { result: GameResult::Unknown, .. }));
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// A move number indication.
    MoveNumber(MoveNumber),
    /// A move token.
    Move {
        /// Its text.
        text: String,
        /// Where it is.
        span: Span,
    },
    /// A NAG or move suffix.
    Nag(Nag),
    /// A comment.
    Comment {
        /// Its text.
        text: String,
        /// Braces or `;`.
        style: CommentStyle,
        /// Where it is.
        span: Span,
    },
    /// `(`.
    BeginVariation(Span),
    /// `)`.
    EndVariation(Span),
    /// The result.
    Result {
        /// Which.
        result: GameResult,
        /// Where it is.
        span: Span,
    },
}

impl Event {
    /// The bytes the event covers.
    ///
    /// ```
    /// use forsyth::pgn::{Event, Span};
    /// let span = Span { offset: 4, line: 1, column: 5, len: 1 };
    /// assert_eq!(Event::BeginVariation(span).span(), span);
    /// ```
    pub fn span(&self) -> Span {
        match self {
            Event::MoveNumber(n) => n.span,
            Event::Nag(n) => n.span,
            Event::Move { span, .. }
            | Event::Comment { span, .. }
            | Event::BeginVariation(span)
            | Event::EndVariation(span)
            | Event::Result { span, .. } => *span,
        }
    }
}

/// A game as [`Collect`] keeps it: its start, decoded tags, movetext
/// events and errors.
///
/// ```
/// use forsyth::pgn::{Collect, Reader};
/// let game = Reader::new(&b"[White \"A \\\"B\\\" C\"]\n*"[..]).read_game(&mut Collect::default())?.unwrap();
/// assert_eq!(game.tags[0].1, "A \"B\" C");
/// assert_eq!(game.tag_spans[0].len, 19);
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CollectedGame {
    /// Number and first line.
    pub start: GameStart,
    /// Tag pairs in order, values decoded.
    pub tags: Vec<(String, String)>,
    /// Where each tag pair is.
    pub tag_spans: Vec<Span>,
    /// Movetext events in order.
    pub events: Vec<Event>,
    /// Syntax errors in this game, in order.
    pub errors: Vec<PgnError>,
}

/// A [`Visitor`] that collects each game whole (for tests, tools and small
/// files: a game's memory is its size). Errors between games and escape
/// lines are kept in the visitor.
///
/// ```
/// use forsyth::pgn::{Collect, Reader};
/// let mut collect = Collect::default();
/// let game = Reader::new(&b"] 1. e4 *"[..]).read_game(&mut collect)?.unwrap();
/// assert_eq!(collect.outside[0].kind.name(), "stray_bracket");
/// assert!(game.errors.is_empty());
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Collect {
    /// Errors between games.
    pub outside: Vec<PgnError>,
    /// Texts of `%` escape lines.
    pub escapes: Vec<String>,
    /// Spans of `%` escape lines.
    pub escape_spans: Vec<Span>,
    current: Option<CollectedGame>,
}

impl Collect {
    fn game(&mut self) -> Option<&mut CollectedGame> {
        self.current.as_mut()
    }

    fn push(&mut self, event: Event) -> ControlFlow<CollectedGame> {
        if let Some(game) = self.game() {
            game.events.push(event);
        }
        ControlFlow::Continue(())
    }
}

impl Visitor for Collect {
    type Tags = ();
    type Movetext = ();
    type Output = CollectedGame;

    fn begin_game(&mut self, start: GameStart) -> ControlFlow<CollectedGame> {
        self.current = Some(CollectedGame {
            start,
            tags: Vec::new(),
            tag_spans: Vec::new(),
            events: Vec::new(),
            errors: Vec::new(),
        });
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _: &mut (), tag: Tag<'_>) -> ControlFlow<CollectedGame> {
        if let Some(game) = self.game() {
            game.tags
                .push((tag.name.to_string(), tag.value.decode().into_owned()));
            game.tag_spans.push(tag.span);
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<CollectedGame> {
        ControlFlow::Continue(())
    }

    // One callback per event, each pushing its event: alike on purpose, one
    // per kind of event.

    fn move_number(&mut self, _: &mut (), number: MoveNumber) -> ControlFlow<CollectedGame> {
        self.push(Event::MoveNumber(number))
    }

    fn move_token(&mut self, _: &mut (), token: MoveToken<'_>) -> ControlFlow<CollectedGame> {
        self.push(Event::Move {
            text: token.text.to_string(),
            span: token.span,
        })
    }

    fn nag(&mut self, _: &mut (), nag: Nag) -> ControlFlow<CollectedGame> {
        self.push(Event::Nag(nag))
    }

    fn comment(&mut self, _: &mut (), comment: Comment<'_>) -> ControlFlow<CollectedGame> {
        self.push(Event::Comment {
            text: comment.text.to_string(),
            style: comment.style,
            span: comment.span,
        })
    }

    fn begin_variation(
        &mut self,
        _: &mut (),
        span: Span,
    ) -> ControlFlow<CollectedGame, super::Skip> {
        self.push(Event::BeginVariation(span))?;
        ControlFlow::Continue(super::Skip(false))
    }

    fn end_variation(&mut self, _: &mut (), span: Span) -> ControlFlow<CollectedGame> {
        self.push(Event::EndVariation(span))
    }

    fn result(&mut self, _: &mut (), result: GameResult, span: Span) -> ControlFlow<CollectedGame> {
        self.push(Event::Result { result, span })
    }

    fn escape(&mut self, line: EscapeLine<'_>) {
        self.escapes.push(line.text.to_string());
        self.escape_spans.push(line.span);
    }

    fn error(&mut self, error: PgnError) -> ControlFlow<()> {
        match (&mut self.current, error.game) {
            (Some(game), Some(_)) => game.errors.push(error),
            _ => self.outside.push(error),
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _: ()) -> CollectedGame {
        self.current.take().unwrap_or_else(|| CollectedGame {
            start: GameStart {
                number: 0,
                line: 0,
                offset: 0,
            },
            tags: Vec::new(),
            tag_spans: Vec::new(),
            events: Vec::new(),
            errors: Vec::new(),
        })
    }
}
