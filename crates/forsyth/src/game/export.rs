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
    Span, Tag, Unreplayed, Visitor,
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
        }
    }

    /// The rest of the movetext, once a fault has stopped the replay (the
    /// syntax errors met since the last event first).
    fn rest<'m>(&mut self, m: &'m mut ExportMovetext) -> Option<&'m mut Unreplayed> {
        self.replay.catch_up(&mut m.replay);
        if m.replay.is_failed() && m.rest.is_none() {
            let mut rest = Unreplayed::default();
            for number in m.numbers.drain(..) {
                rest.token(&number);
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
    tags: Vec<(String, String)>,
}

/// The movetext of a game being exported.
#[derive(Debug)]
pub struct ExportMovetext {
    replay: ReplayMovetext,
    tags: Vec<(String, String)>,
    lossy: Option<LossyCastlingError>,
    text: MovetextWriter,
    /// Variations open in `text`.
    open: usize,
    /// The movetext from the fault on, as read; `None` before a fault.
    rest: Option<Unreplayed>,
    /// The move numbers read since the last move, before a fault: the
    /// rest starts with them when the move after them is the fault.
    numbers: Vec<String>,
    /// The termination marker.
    marker: Option<GameResult>,
}

/// The `FEN` tags of `tags` set to `start` in the chosen encoding, and
/// `SetUp` to `1` (placed before them when there was none).
fn rewrite_fen(
    tags: &mut Vec<(String, String)>,
    start: &crate::rules::Position,
    options: &WriteOptions,
) -> Result<(), LossyCastlingError> {
    let Some(at) = tags.iter().position(|(n, _)| n == "FEN") else {
        return Ok(());
    };
    let fen = start.setup().to_fen(options)?;
    for (name, value) in tags.iter_mut() {
        match name.as_str() {
            "FEN" => value.clone_from(&fen),
            // A FEN tag is a set-up position whatever SetUp said.
            "SetUp" => *value = "1".to_string(),
            _ => {}
        }
    }
    if !tags.iter().any(|(n, _)| n == "SetUp") {
        tags.insert(at, ("SetUp".to_string(), "1".to_string()));
    }
    Ok(())
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
        ControlFlow::Continue(ExportTags {
            replay,
            tags: Vec::new(),
        })
    }

    fn tag(&mut self, tags: &mut ExportTags, tag: Tag<'_>) -> ControlFlow<ExportedGame> {
        let _ = self.replay.tag(&mut tags.replay, tag);
        tags.tags
            .push((tag.name.to_string(), tag.value.decode().into_owned()));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: ExportTags) -> ControlFlow<ExportedGame, ExportMovetext> {
        let ControlFlow::Continue(replay) = self.replay.begin_movetext(tags.replay) else {
            unreachable!("Replay::begin_movetext always continues")
        };
        let mut tag_list = tags.tags;
        let lossy = match replay.start() {
            Some(start) => rewrite_fen(&mut tag_list, start, &self.options.fen).err(),
            None => None,
        };
        // The errors among the tags are not movetext: not in the rest.
        self.pending.clear();
        ControlFlow::Continue(ExportMovetext {
            replay,
            tags: tag_list,
            lossy,
            text: MovetextWriter::new(String::new()),
            open: 0,
            rest: None,
            numbers: Vec::new(),
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
        let text = format!("{}{}", number.number, ".".repeat(number.dots));
        match self.rest(m) {
            Some(rest) => rest.token(&text),
            None => m.numbers.push(text),
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
                    let san = self.options.notation.write(&before, mv);
                    m.text.play(number, side, &san);
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
                let mut out = String::new();
                // The Result tag is the result settled on, as the marker.
                let tags = m.tags.iter().filter(|(n, _)| n != "Result");
                write_tags(
                    &mut out,
                    tags.map(|(n, v)| (n.as_str(), v.as_str())),
                    game.result,
                );
                out.push_str(&text.finish(game.result));
                out.push('\n');
                Some(out)
            }
        };
        ExportedGame {
            game,
            pgn,
            lossy: m.lossy,
        }
    }
}
