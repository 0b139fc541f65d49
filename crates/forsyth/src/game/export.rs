//! PGN games replayed and written back in the export format: the moves
//! from the replayed positions (so lenient, localized or UCI input comes
//! out canonical), the tags, comments, NAGs and variations kept, the `FEN`
//! tag in a chosen castling encoding, the result the replay settled on. A
//! game with a fault is written up to it, the rest of its movetext kept in
//! a comment, its result `*`: nothing of it is lost, and what is written
//! replays. The layout rules are in `specs/pgn.md` section 5.
//!
//! This module sits at the games' layer: [`Export`] is a
//! [`Visitor`] that drives a [`Replay`] and hands what to write to the
//! syntax layer's [`write_tags`] and [`MovetextWriter`].

use std::ops::ControlFlow;

use crate::game::{Replay, ReplayMovetext, ReplayTags, ReplayedGame};
use crate::notation::{Language, Notation};
use crate::text::fen::{CastlingNotation, LossyCastlingError, WriteOptions};
use crate::text::pgn::{
    write_tags, Comment, CommentStyle, GameResult, GameStart, MovetextWriter, Nag, PgnError, Skip,
    Span, Tag, TagList, Unreplayed, Visitor,
};
use crate::text::pgn::{MoveNumber, MoveToken};

/// How [`Export`] writes: the notation of the moves and the encoding of the
/// `FEN` tag.
///
/// ```
/// use forsyth::fen::CastlingNotation;
/// use forsyth::notation::{Language, Notation};
/// use forsyth::pgn::ExportOptions;
/// let options = ExportOptions::default();
/// assert_eq!(options.notation, Notation::San(Language::English));
/// assert_eq!(options.fen.castling, CastlingNotation::XFen);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ExportOptions {
    /// The notation of the moves (SAN by default).
    pub notation: Notation,
    /// How the `FEN` tag is written (X-FEN by default).
    pub fen: WriteOptions,
}

impl Default for ExportOptions {
    fn default() -> ExportOptions {
        ExportOptions {
            notation: Notation::San(Language::English),
            fen: WriteOptions::new(CastlingNotation::XFen),
        }
    }
}

/// A game as [`Export`] gives it: the replay's verdict, and the game in
/// the export format. A game with a fault is written up to it: the rest of
/// its movetext, as read, in a comment that names the fault, and `*`.
///
/// ```
/// use forsyth::pgn::Reader;
/// use forsyth::pgn::Export;
/// let game = Reader::new(&b"1. e4 e5 2. Ke3 Nc6 1-0"[..]).read_game(&mut Export::default())?.unwrap();
/// assert_eq!(game.game.error.unwrap().kind().name(), "unreachable");
/// assert!(game.pgn.unwrap().ends_with("\n\n1. e4 e5 {not replayed (unreachable): 2. Ke3 Nc6 1-0} *\n\n"));
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportedGame {
    /// The verdict of the replay (its `positions` hold only the last one).
    pub game: ReplayedGame,
    /// The game in the export format, a blank line after it (up to its
    /// fault, if it has one); `None` when its `FEN` tag cannot be written.
    pub pgn: Option<String>,
    /// Why the `FEN` tag cannot be written in the chosen encoding (a
    /// Chess960 start in standard FEN).
    pub lossy: Option<LossyCastlingError>,
}

/// The [`Visitor`] that replays each game and writes it in the export
/// format (see the module's rules in `specs/pgn.md` section 5).
///
/// ```
/// use forsyth::pgn::Reader;
/// use forsyth::pgn::Export;
/// let pgn = "[White \"Anna\"]\n1.e2e4 e7-e5 2.Sf3 {a knight} (2.f4!) Nc6 *";
/// let game = Reader::new(pgn.as_bytes()).read_game(&mut Export::default())?.unwrap();
/// assert_eq!(game.pgn.unwrap(), "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n\
///     [Round \"?\"]\n[White \"Anna\"]\n[Black \"?\"]\n[Result \"*\"]\n\n\
///     1. e4 e5 2. Nf3 {a knight} (2. f4 $1) 2... Nc6 *\n\n");
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Export {
    replay: Replay,
    options: ExportOptions,
    /// The syntax errors of the game not yet in its rest.
    pending: Vec<PgnError>,
    /// A move in its notation, before it goes into the movetext.
    san: String,
    /// The buffers of the last game, emptied, for the next one's: a game
    /// then costs one new string, its text.
    spare: Spare,
}

/// The buffers a game is written with, kept from one game to the next.
#[derive(Clone, Debug, Default)]
struct Spare {
    tags: TagList,
    text: String,
    numbers: Vec<MoveNumber>,
}

impl Default for Export {
    fn default() -> Export {
        Export::new(ExportOptions::default())
    }
}

impl Export {
    /// An export writing with `options`.
    ///
    /// ```
    /// use forsyth::pgn::Reader;
    /// use forsyth::notation::{Language, Notation};
    /// use forsyth::pgn::{Export, ExportOptions};
    /// let options = ExportOptions { notation: Notation::San(Language::German), ..ExportOptions::default() };
    /// let game = Reader::new(&b"1. Nf3 *"[..]).read_game(&mut Export::new(options))?.unwrap();
    /// assert!(game.pgn.unwrap().ends_with("\n\n1. Sf3 *\n\n"));
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn new(options: ExportOptions) -> Export {
        Export {
            replay: Replay::final_only(),
            options,
            pending: Vec::new(),
            san: String::new(),
            spare: Spare::default(),
        }
    }

    /// The rest of the movetext, once a fault has stopped the replay (the
    /// syntax errors met since the last event first).
    fn rest<'m>(&mut self, m: &'m mut ExportMovetext) -> Option<&'m mut Unreplayed> {
        self.replay.catch_up(&mut m.replay);
        if m.replay.is_failed() && m.rest.is_none() {
            let mut rest = Unreplayed::default();
            for number in m.numbers.drain(..) {
                rest.move_number(&number);
            }
            m.rest = Some(rest);
        }
        let rest = m.rest.as_mut()?;
        for error in self.pending.drain(..) {
            rest.error(&error);
        }
        Some(rest)
    }

    /// The syntax errors met between games since the last call, as
    /// [`Replay::take_stray`] gives them.
    ///
    /// ```
    /// use forsyth::pgn::Reader;
    /// use forsyth::pgn::Export;
    /// let mut export = Export::default();
    /// Reader::new(&b"1. e4 *\n)\n"[..]).read_all(&mut export, |_| {})?;
    /// assert_eq!(export.take_stray()[0].kind.name(), "unbalanced_parenthesis");
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn take_stray(&mut self) -> Vec<PgnError> {
        self.replay.take_stray()
    }
}

/// The tags of a game being exported.
#[derive(Debug)]
pub struct ExportTags {
    replay: ReplayTags,
    tags: TagList,
}

/// The movetext of a game being exported.
#[derive(Debug)]
pub struct ExportMovetext {
    replay: ReplayMovetext,
    tags: TagList,
    /// The `FEN` tags' value, in the chosen encoding, when there are.
    fen: Option<String>,
    lossy: Option<LossyCastlingError>,
    text: MovetextWriter,
    /// Variations open in `text`.
    open: usize,
    /// The movetext from the fault on, as read; `None` before a fault.
    rest: Option<Unreplayed>,
    /// The move numbers read since the last move, before a fault: the
    /// rest starts with them when the move after them is the fault.
    numbers: Vec<MoveNumber>,
    /// The termination marker.
    marker: Option<GameResult>,
}

/// The value of the `FEN` tags of `tags`, when there are: `start` in the
/// chosen encoding.
fn fen_value(
    tags: &TagList,
    start: &crate::rules::Position,
    options: &WriteOptions,
) -> Result<Option<String>, LossyCastlingError> {
    if !tags.iter().any(|(n, _)| n == "FEN") {
        return Ok(None);
    }
    start.setup().to_fen(options).map(Some)
}

/// The tags as written, but the `Result` tag (the result settled on is
/// written): with `fen`, every `FEN` tag set to it and `SetUp` to `1`
/// (placed before the first `FEN` tag when there was none), since a `FEN`
/// tag is a set-up position whatever `SetUp` said.
fn written_tags<'t>(
    tags: &'t TagList,
    fen: Option<&'t str>,
) -> impl Iterator<Item = (&'t str, &'t str)> + 't {
    let mut add_setup = fen.is_some() && !tags.iter().any(|(n, _)| n == "SetUp");
    tags.iter()
        .filter(|(n, _)| *n != "Result")
        .flat_map(move |(name, value)| {
            let mut pairs = [None, Some((name, value))];
            match (name, fen) {
                ("FEN", Some(fen)) => {
                    if add_setup {
                        pairs[0] = Some(("SetUp", "1"));
                        add_setup = false;
                    }
                    pairs[1] = Some((name, fen));
                }
                ("SetUp", Some(_)) => pairs[1] = Some((name, "1")),
                _ => {}
            }
            pairs.into_iter().flatten()
        })
}

impl Visitor for Export {
    type Tags = ExportTags;
    type Movetext = ExportMovetext;
    type Output = ExportedGame;

    fn begin_game(&mut self, start: GameStart) -> ControlFlow<ExportedGame, ExportTags> {
        self.pending.clear();
        let ControlFlow::Continue(replay) = self.replay.begin_game(start) else {
            unreachable!("Replay::begin_game always continues")
        };
        let mut tags = std::mem::take(&mut self.spare.tags);
        tags.clear();
        ControlFlow::Continue(ExportTags { replay, tags })
    }

    fn tag(&mut self, tags: &mut ExportTags, tag: Tag<'_>) -> ControlFlow<ExportedGame> {
        let _ = self.replay.tag(&mut tags.replay, tag);
        tags.tags.push(tag.name, &tag.value.decode());
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: ExportTags) -> ControlFlow<ExportedGame, ExportMovetext> {
        let ControlFlow::Continue(replay) = self.replay.begin_movetext(tags.replay) else {
            unreachable!("Replay::begin_movetext always continues")
        };
        let (fen, lossy) = match replay
            .start()
            .map(|start| fen_value(&tags.tags, start, &self.options.fen))
        {
            Some(Ok(fen)) => (fen, None),
            Some(Err(e)) => (None, Some(e)),
            None => (None, None),
        };
        // The errors among the tags are not movetext: not in the rest.
        self.pending.clear();
        let mut text = std::mem::take(&mut self.spare.text);
        text.clear();
        let mut numbers = std::mem::take(&mut self.spare.numbers);
        numbers.clear();
        ControlFlow::Continue(ExportMovetext {
            replay,
            tags: tags.tags,
            fen,
            lossy,
            text: MovetextWriter::new(text),
            open: 0,
            rest: None,
            numbers,
            marker: None,
        })
    }

    fn move_number(
        &mut self,
        m: &mut ExportMovetext,
        number: MoveNumber,
    ) -> ControlFlow<ExportedGame> {
        // The writer numbers the moves from their positions; the rest keeps
        // the numbers as read.
        match self.rest(m) {
            Some(rest) => rest.move_number(&number),
            None => m.numbers.push(number),
        }
        ControlFlow::Continue(())
    }

    fn move_token(
        &mut self,
        m: &mut ExportMovetext,
        token: MoveToken<'_>,
    ) -> ControlFlow<ExportedGame> {
        let _ = self.replay.move_token(&mut m.replay, token);
        if let Some(rest) = self.rest(m) {
            rest.token(token.text);
            return ControlFlow::Continue(());
        }
        m.numbers.clear();
        if crate::notation::parse_move::is_ep_mark(token.text) {
            // `e.p.` is not canonical.
            return ControlFlow::Continue(());
        }
        if let Some((before, played)) = m.replay.last_played() {
            let (number, side) = (before.setup().fullmoves, before.turn());
            match played {
                Some(mv) => {
                    self.san.clear();
                    // Writing to a `String` cannot fail.
                    let _ = self.options.notation.write_to(&before, mv, &mut self.san);
                    m.text.play(number, side, &self.san);
                }
                None => m.text.play(number, side, "--"),
            }
        }
        ControlFlow::Continue(())
    }

    fn nag(&mut self, m: &mut ExportMovetext, nag: Nag) -> ControlFlow<ExportedGame> {
        match self.rest(m) {
            Some(rest) => rest.nag(nag),
            None => m.text.nag(nag.value),
        }
        ControlFlow::Continue(())
    }

    fn comment(
        &mut self,
        m: &mut ExportMovetext,
        comment: Comment<'_>,
    ) -> ControlFlow<ExportedGame> {
        match (self.rest(m), comment.style) {
            (Some(rest), style) => rest.comment(comment.text, style),
            (None, CommentStyle::Brace) => m.text.comment(comment.text),
            (None, CommentStyle::Line) => m.text.line_comment(comment.text),
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(
        &mut self,
        m: &mut ExportMovetext,
        span: Span,
    ) -> ControlFlow<ExportedGame, Skip> {
        if m.rest.is_none() {
            let _ = self.replay.begin_variation(&mut m.replay, span);
        }
        // After a fault the variations are read too, for the rest.
        if let Some(rest) = self.rest(m) {
            rest.begin_variation();
            return ControlFlow::Continue(Skip(false));
        }
        m.numbers.clear();
        m.text.begin_variation();
        m.open += 1;
        ControlFlow::Continue(Skip(false))
    }

    fn end_variation(&mut self, m: &mut ExportMovetext, span: Span) -> ControlFlow<ExportedGame> {
        if let Some(rest) = self.rest(m) {
            rest.end_variation();
            return ControlFlow::Continue(());
        }
        let _ = self.replay.end_variation(&mut m.replay, span);
        m.numbers.clear();
        m.text.end_variation();
        m.open -= 1;
        ControlFlow::Continue(())
    }

    fn result(
        &mut self,
        m: &mut ExportMovetext,
        result: GameResult,
        span: Span,
    ) -> ControlFlow<ExportedGame> {
        let _ = self.replay.result(&mut m.replay, result, span);
        m.marker = Some(result);
        ControlFlow::Continue(())
    }

    fn error(&mut self, error: PgnError) -> ControlFlow<()> {
        if error.game.is_some() {
            self.pending.push(error);
        }
        self.replay.error(error)
    }

    fn end_game(&mut self, mut m: ExportMovetext) -> ExportedGame {
        // The errors at the very end (an unclosed variation) are faults too.
        let _ = self.rest(&mut m);
        let game = self.replay.end_game(m.replay);
        let pgn = match &m.lossy {
            Some(_) => None,
            None => {
                let mut text = m.text;
                if let Some(error) = &game.error {
                    let mut rest = m.rest.unwrap_or_default();
                    if let Some(marker) = m.marker {
                        rest.result(marker);
                    }
                    rest.write_into(&mut text, error.kind().name());
                    for _ in 0..m.open {
                        text.end_variation();
                    }
                }
                let text = text.finish(game.result);
                // Room for the tags as read, the roster's defaults and the
                // rewritten FEN: the text is then written without growing.
                let fen = m.fen.as_deref();
                let tags: usize = m.tags.iter().map(|(n, v)| n.len() + v.len() + 10).sum();
                let room = tags + 160 + fen.map_or(0, str::len) + text.len() + 1;
                let mut out = String::with_capacity(room);
                write_tags(&mut out, written_tags(&m.tags, fen), game.result);
                out.push_str(&text);
                out.push('\n');
                self.spare.text = text;
                Some(out)
            }
        };
        self.spare.tags = m.tags;
        self.spare.numbers = m.numbers;
        ExportedGame {
            game,
            pgn,
            lossy: m.lossy,
        }
    }
}
